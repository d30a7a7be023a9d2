// Saves made without network (README "Offline"): kept on this phone and sent in order, each
// once, when it is back (offline/store.js, offline/sender.js); the page says what waits
// (offline/page.js). A late entry (its table's round ended) goes to the organiser. Each entry
// is its maker's (meta phone-owner): shown and sent only on their pages, and the server checks
// the maker. What the server and this script both name is in offline/names.js.
import { entryOf, field, isSavePath, keepsHint, kindOf, mayBeLate, shifted } from "./offline/entry-rules.js";
import { CSRF_HEADER, FIELD, FORM_KEPT_EVENT, ID, LATE_ENTRY_HEADER, STAGES } from "./offline/names.js";
import { gamePage, summary, unownedAnswer } from "./offline/page.js";
import { sender } from "./offline/sender.js";
import { keptEntries, keptForms } from "./offline/store.js";

const [, OPENING] = STAGES;

const start = () => {
  const words = document.getElementById(ID.words);
  const path = location.pathname.match(/^\/games\/\d+\//);
  const owner = document.querySelector('meta[name="phone-owner"]');
  if (!words || !path || !owner || !owner.content || !window.indexedDB) return;
  const say = words.dataset;
  const GAME = path[0];
  const OWNER = owner.content;
  // Tags this person had as a visitor (games/handover.py): entries kept then are theirs.
  const was = (owner.dataset.was || "").split(" ").filter(Boolean);
  let holding = false; // entries wait: a new save goes behind them

  const kept = keptEntries({ game: GAME, owner: OWNER, was, unownedAnswer: unownedAnswer(say) });
  const forms = keptForms({ key: `scorekeeper-forms:${OWNER}${GAME}`, url: say.forms, gamePath: GAME });
  const page = gamePage({ say, forms, gamePath: GAME });
  const csrf = () => {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")[CSRF_HEADER] || "";
    } catch {
      return "";
    }
  };

  const outbox = sender({
    game: GAME,
    kept,
    csrf,
    loggedOut: () => page.tell(say.loggedout, { alert: true }),
    landed: async ({ sent, refused }) => {
      const replaced = sent ? await page.refresh() : false;
      await show({ sent, move: replaced, refused });
    },
    lateAnswered: () => show(),
  });

  const show = async (options) => {
    const all = await kept.entries();
    holding = all.some((e) => !e.late);
    page.show(all, outbox.lateSaid, options);
  };

  // ---- keeping an entry
  const keepEntry = async (form, url, formData) => {
    const entry = entryOf({ game: GAME, owner: OWNER, path: url, formData, summary: summary(form) });
    holding = true; // at once: a second tap queues behind it
    const resolving = form && form.dataset.offlineEntry;
    if (resolving) {
      await resave(Number(resolving), entry);
    } else {
      const token = field(entry.fields, FIELD.token);
      // A double tap kept twice would show twice.
      const twice = token && (await kept.entries()).some((e) => field(e.fields, FIELD.token) === token);
      if (!twice) await kept.keep(entry);
    }
    if (entry.kind === "edit") return location.assign(GAME);
    await show();
    outbox.send();
  };

  // A refused entry saved again: the entries after it move by as many deals as it did.
  const resave = async (id, again) => {
    const list = await kept.entries();
    const index = list.findIndex((e) => e.id === id);
    if (index < 0) return;
    const entry = list[index];
    const number = Number(field(again.fields, FIELD.expectedNumber)) || entry.number;
    const shift = number - entry.number;
    // The url too: bids taken back elsewhere make a kept deal's tricks its bids.
    const { url, kind, fields } = again;
    Object.assign(entry, { url, kind, fields, number, refused: false, answer: "", retarget: "" });
    entry.summary = summary(document.getElementById(ID.form)) || entry.summary;
    await kept.keep(entry);
    for (const later of list.slice(index + 1)) {
      const moved = shifted(later, shift);
      if (moved) await kept.keep(moved);
    }
  };

  // ---- the page's saves
  const isSave = (elt, url) => elt && elt.tagName === "FORM" && isSavePath(url);

  document.addEventListener("htmx:configRequest", (event) => {
    const { elt, path } = event.detail;
    if (elt.id === ID.preview && (holding || !navigator.onLine)) {
      event.preventDefault();
      page.offlinePreview();
      return;
    }
    if (!isSave(elt, path)) return;
    if (holding || !navigator.onLine || elt.dataset.offlineEntry) {
      event.preventDefault();
      keepEntry(elt, path, event.detail.formData);
    } else {
      event.detail.timeout = 15000; // a save that hangs is kept, not lost
      // A bids form kept here: the answer need not send one.
      Object.assign(event.detail.parameters, keepsHint(path, forms.template(OPENING) !== null));
    }
  });
  document.addEventListener(FORM_KEPT_EVENT, page.putKeptBidsForm);
  // A deal or bids saved after this table's round ended (403, naming where late entries go):
  // kept and handed to the night as if kept offline; the organiser adds it with one tap.
  document.addEventListener("htmx:beforeOnLoad", (event) => {
    const { xhr, requestConfig: config } = event.detail;
    if (!config || xhr.status !== 403 || !xhr.getResponseHeader(LATE_ENTRY_HEADER)) return;
    if (!isSave(config.elt, config.path) || !mayBeLate(kindOf(config.path))) return;
    event.preventDefault();
    keepEntry(config.elt, config.path, config.formData);
  });
  for (const kind of ["htmx:sendError", "htmx:timeout"]) {
    document.addEventListener(kind, (event) => {
      const config = event.detail.requestConfig;
      if (!config) return;
      if (config.elt.id === ID.preview) page.offlinePreview();
      if (isSave(config.elt, config.path)) keepEntry(config.elt, config.path, config.formData);
    });
  }
  // The edit page's plain form: kept alike.
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (form.id !== ID.form || kindOf(new URL(form.action).pathname) !== "edit") return;
    if (!holding && navigator.onLine) return;
    event.preventDefault();
    keepEntry(form, new URL(form.action).pathname, new FormData(form, event.submitter));
  });
  document.addEventListener("click", async (event) => {
    const button = event.target.closest && event.target.closest("[data-discard]");
    if (!button) return;
    await kept.drop(Number(button.dataset.discard));
    outbox.lateSaid.delete(Number(button.dataset.discard));
    const form = document.getElementById(ID.form);
    if (form) delete form.dataset.offlineEntry;
    if (form) delete form.dataset.touched;
    page.tell("");
    await page.refresh();
    await show();
    outbox.send();
  });

  // The live poll while entries wait: the form stays (score only); waiting rows go back on top.
  document.addEventListener("htmx:configRequest", (event) => {
    if (event.detail.elt.id === ID.livePoll && holding) event.detail.parameters.dirty = "1";
  });
  document.addEventListener("htmx:afterSettle", () => holding && page.keepWaitingShown());

  window.addEventListener("online", outbox.send);
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && outbox.send());
  outbox
    .recallLate()
    .then(show)
    .then(outbox.send)
    .then(outbox.askAboutLate)
    .then(() => outbox.lateSaid.size && show())
    .then(forms.load);
};

start();
