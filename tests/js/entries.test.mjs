// The pure rules of an entry kept offline (static/js/offline/entries.js), in Node.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  adopted,
  entryOf,
  field,
  fill,
  isSavePath,
  keepsHint,
  kindOf,
  lateForm,
  nextForm,
  outcomeOf,
  postFields,
  refusedText,
  rowTitle,
  shifted,
  uuid,
  waitingText,
} from "../../static/js/offline/entries.js";

const SAY = {
  keptdeals: "Deal {n} kept.",
  keptopen: "The bids of deal {n} kept.",
  keptmany: "{count} entries wait.",
  rowdeals: "Deal {n}",
  rowundo: "Undo deal {n}",
  refused: "Deal {n} was not taken.",
  refusededit: "The change to deal {n} was not taken.",
};

describe("the saves of a game page", () => {
  test("each save's path says its kind", () => {
    assert.equal(kindOf("/games/7/deals/"), "deals");
    assert.equal(kindOf("/games/7/open/"), "open");
    assert.equal(kindOf("/games/7/reopen/"), "reopen");
    assert.equal(kindOf("/games/7/undo/"), "undo");
    assert.equal(kindOf("/games/7/deals/12/edit/"), "edit");
  });

  test("other paths are no saves", () => {
    for (const path of ["/games/7/", "/games/7/preview/", "/games/7/deals/12/what-if/", "/games/7/live/", "", null]) {
      assert.equal(isSavePath(path), false, path);
      assert.equal(kindOf(path), null, path);
    }
    assert.equal(isSavePath("/games/7/deals/"), true);
  });

  test("only a deal on the deals path asks for the kept bids form to be used", () => {
    assert.deepEqual(keepsHint("/games/7/deals/", true), { keeps: "bids-form" });
    assert.deepEqual(keepsHint("/games/7/deals/", false), {});
    assert.deepEqual(keepsHint("/games/7/open/", true), {});
    assert.deepEqual(keepsHint("/games/7/deals/3/edit/", true), {});
  });
});

describe("an entry", () => {
  const form = (pairs) => new Map(pairs);

  test("takes the form's text fields and the deal it expects", () => {
    const entry = entryOf({
      game: "/games/7/",
      owner: "me",
      path: "/games/7/deals/",
      formData: form([["token", "t1"], ["expected_number", "4"], ["maker", "me"], ["photo", new Blob([])]]),
      summary: "Bids: Asha 3",
      at: 5,
    });
    assert.deepEqual(entry, {
      game: "/games/7/",
      owner: "me",
      url: "/games/7/deals/",
      kind: "deals",
      number: 4,
      fields: [["token", "t1"], ["expected_number", "4"], ["maker", "me"]],
      summary: "Bids: Asha 3",
      at: 5,
    });
  });

  test("of an undo is about the deal it takes back, and names its maker", () => {
    const entry = entryOf({ game: "/g/", owner: "me", path: "/games/7/undo/", formData: form([["number", "9"]]) });
    assert.equal(entry.kind, "undo");
    assert.equal(entry.number, 9);
    assert.equal(field(entry.fields, "maker"), "me");
  });

  test("a field not there reads empty", () => {
    assert.equal(field([["a", "1"]], "b"), "");
    assert.equal(field([["a", "1"]], "a"), "1");
  });

  test("is posted without the CSRF token it was made with", () => {
    const entry = { fields: [["csrfmiddlewaretoken", "old"], ["token", "t"]] };
    assert.deepEqual(postFields(entry), [["token", "t"]]);
  });

  test("handed to the night says its kind, deal, summary and fields", () => {
    const entry = { kind: "open", number: 3, summary: "", fields: [["csrfmiddlewaretoken", "x"], ["bid", "5"]] };
    assert.deepEqual(lateForm(entry), { kind: "open", number: "3", summary: "", fields: '[["bid","5"]]' });
  });

  test("tokens are fresh uuids", () => {
    const [a, b] = [uuid(), uuid()];
    assert.match(a, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.notEqual(a, b);
  });
});

describe("which form comes next after the last kept entry", () => {
  test("a game of one step: the next deal, or the undone one again", () => {
    assert.deepEqual(nextForm("deals", 4, false), { stage: "full", number: 5 });
    assert.deepEqual(nextForm("undo", 4, false), { stage: "full", number: 4 });
  });

  test("a game of bids then tricks", () => {
    assert.deepEqual(nextForm("deals", 4, true), { stage: "opening", number: 5 });
    assert.deepEqual(nextForm("open", 5, true), { stage: "closing", number: 5 });
    assert.deepEqual(nextForm("reopen", 5, true), { stage: "opening", number: 5 });
    assert.deepEqual(nextForm("undo", 4, true), { stage: "closing", number: 4 });
  });

  test("an edit leaves the form as it is", () => {
    assert.equal(nextForm("edit", 2, true), null);
    assert.equal(nextForm("edit", 2, false), null);
  });
});

describe("whose an entry is", () => {
  const who = { owner: "me", was: ["visitor-me"], unownedAnswer: "<ul>why</ul>" };

  test("one kept before entries had makers is the owner's, refused until saved again", () => {
    const entry = { id: 1, fields: [["maker", "x"]] };
    assert.deepEqual(adopted(entry, who), {
      id: 1,
      fields: [["maker", "x"]],
      owner: "me",
      refused: true,
      answer: "<ul>why</ul>",
      retarget: "",
    });
  });

  test("one the person kept as a visitor is theirs, its maker too", () => {
    const entry = { id: 2, owner: "visitor-me", fields: [["maker", "visitor-me"], ["bid", "3"]] };
    const now = adopted(entry, who);
    assert.equal(now.owner, "me");
    assert.deepEqual(now.fields, [["maker", "me"], ["bid", "3"]]);
    assert.equal(entry.owner, "visitor-me"); // the kept one is not changed in place
  });

  test("another person's, or the owner's own, stays as it is", () => {
    assert.equal(adopted({ owner: "someone-else", fields: [] }, who), null);
    assert.equal(adopted({ owner: "me", fields: [] }, who), null);
  });
});

describe("a refused entry saved as another deal moves the later ones", () => {
  test("a deal and an undo move by as many deals; an edit stays", () => {
    const deal = { kind: "deals", number: 5, fields: [["expected_number", "5"], ["number", "1"]] };
    assert.deepEqual(shifted(deal, 2), { kind: "deals", number: 7, fields: [["expected_number", "7"], ["number", "1"]] });
    const undo = { kind: "undo", number: 5, fields: [["number", "5"]] };
    assert.deepEqual(shifted(undo, -1).fields, [["number", "4"]]);
    assert.equal(shifted({ kind: "edit", number: 2, fields: [] }, 1), null);
    assert.equal(shifted(deal, 0), null);
  });
});

describe("what became of a sent entry", () => {
  const answer = (status, headers = {}) => new Response(null, { status, headers });

  test("saved", () => {
    assert.equal(outcomeOf("deals", answer(200)), "sent");
    assert.equal(outcomeOf("edit", answer(204)), "sent");
  });

  test("refused: marked so, or an error the server gives", () => {
    assert.equal(outcomeOf("deals", answer(200, { "X-Entry-Refused": "1" })), "refused");
    assert.equal(outcomeOf("deals", answer(400)), "refused");
    assert.equal(outcomeOf("undo", answer(403, { "X-Late-Entry": "/late/" })), "refused");
  });

  test("a deal or bids after the round ended goes to the night", () => {
    assert.equal(outcomeOf("deals", answer(403, { "X-Late-Entry": "/late/" })), "late");
    assert.equal(outcomeOf("open", answer(403, { "X-Late-Entry": "/late/" })), "late");
    assert.equal(outcomeOf("deals", answer(403)), "refused");
  });

  test("the server failing, or the log-in page, keeps it waiting", () => {
    assert.equal(outcomeOf("deals", answer(502)), "retry");
    const login = { status: 200, ok: true, redirected: true, url: "http://x/login/?next=/games/7/", headers: new Headers() };
    assert.equal(outcomeOf("deals", login), "logged-out");
    assert.equal(outcomeOf("deals", { ...login, url: "http://x/games/7/" }), "sent");
  });
});

describe("what the page says", () => {
  test("placeholders filled, an unknown one empty", () => {
    assert.equal(fill("Deal {n} of {m}", { n: 3 }), "Deal 3 of ");
  });

  test("the last kept entry, and how many wait", () => {
    const one = [{ kind: "open", number: 2 }];
    assert.equal(waitingText(SAY, one), "The bids of deal 2 kept.");
    const three = [{ kind: "open", number: 2 }, { kind: "reopen", number: 2 }, { kind: "deals", number: 2 }];
    assert.equal(waitingText(SAY, three), "Deal 2 kept. 3 entries wait.");
    assert.equal(waitingText(SAY, [{ kind: "reopen", number: 4 }]), "Deal 4 kept."); // no words of its own
  });

  test("a waiting row's title", () => {
    assert.equal(rowTitle(SAY, { kind: "undo", number: 6 }), "Undo deal 6");
    assert.equal(rowTitle(SAY, { kind: "open", number: 6 }), "Deal 6");
  });

  test("a refused entry: the reasons once each, unless the form given back says them", () => {
    const entry = { kind: "deals", number: 4, retarget: "" };
    assert.equal(refusedText(SAY, entry, ["Too many.", "Too many."]), "Deal 4 was not taken. Too many.");
    assert.equal(refusedText(SAY, { ...entry, retarget: "#deal-form" }, ["Too many."]), "Deal 4 was not taken.");
    assert.equal(refusedText(SAY, { kind: "edit", number: 2 }, []), "The change to deal 2 was not taken.");
  });
});
