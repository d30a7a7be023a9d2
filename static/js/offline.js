// Entries made while the network is gone (README "Offline"). A save of the game page (a deal, its
// bids, taking bids back, an undo, an edit) that cannot reach the server is kept on this phone
// (IndexedDB) with its form's token and expected deal number, and the form moves on to the next
// entry. Kept entries are sent in order, each once, when the network is back and on every page
// load; a refused one stops the sending and comes back in its form with the server's message.
// The server's double-tap token makes a resent entry harmless. Nothing here knows which game it is.
// A game night's table phone: an entry refused because the table's round has ended (the answer
// names where such an entry goes, X-Late-Entry) is handed to the night for its organiser, and
// stays on this phone, saying so, until the organiser has added or discarded it.
// Every entry and kept form is its maker's (the page's <meta name="phone-owner">, see
// static/js/phone-owner.js): shown and sent only on that person's pages, and sent with its maker,
// whom the server checks against the sender.
(() => {
  const words = document.getElementById("offline-words");
  const path = location.pathname.match(/^\/games\/\d+\//);
  const owner = document.querySelector('meta[name="phone-owner"]');
  if (!words || !path || !owner || !owner.content || !window.indexedDB) return;
  const say = words.dataset;
  const GAME = path[0];
  const OWNER = owner.content;
  // The tags this person had as a visitor, before their games became their account's
  // (scorekeeper/games/handover.py): their entries kept then are theirs now.
  const WAS = (owner.dataset.was || "").split(" ").filter(Boolean);
  const SAVE = /\/(deals|open|reopen|undo)\/$|\/deals\/\d+\/edit\/$/;
  const RETRY_MS = 3000;
  let holding = false; // entries wait (or one was refused): a new save goes behind them

  // ---- the kept entries, in IndexedDB (one store for every game, in order of entry) -------------
  const db = new Promise((resolve, reject) => {
    const open = indexedDB.open("scorekeeper-offline", 1);
    open.onupgradeneeded = () => {
      const store = open.result.createObjectStore("entries", { keyPath: "id", autoIncrement: true });
      store.createIndex("game", "game");
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const store = async (mode) => (await db).transaction("entries", mode).objectStore("entries");
  const done = (request) =>
    new Promise((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  // This person's entries of this game. One kept before entries had makers is taken as theirs
  // only once they say so: it comes back refused, to be saved again or discarded.
  const entries = async () => {
    const all = await done((await store("readonly")).index("game").getAll(GAME));
    for (const entry of all.filter((e) => e.owner === undefined)) {
      const li = document.createElement("li");
      li.textContent = say.unowned;
      const reason = `<ul class="messages">${li.outerHTML}</ul>`;
      Object.assign(entry, { owner: OWNER, refused: true, answer: reason, retarget: "" });
      await done((await store("readwrite")).put(entry));
    }
    for (const entry of all.filter((e) => WAS.includes(e.owner))) {
      entry.owner = OWNER;
      entry.fields = entry.fields.map(([k, v]) => [k, k === "maker" ? OWNER : v]);
      await done((await store("readwrite")).put(entry));
    }
    return all.filter((e) => e.owner === OWNER);
  };
  const keep = async (entry) => done((await store("readwrite")).put(entry));
  const drop = async (id) => done((await store("readwrite")).delete(id));

  // ---- what an entry is ------------------------------------------------------------------------
  const uuid = () =>
    crypto.randomUUID
      ? crypto.randomUUID()
      : "10000000-1000-4000-8000-100000000000".replace(/[018]/g, (c) =>
          (c ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (c / 4)))).toString(16),
        );
  const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, k) => values[k] ?? "");
  const field = (fields, name) => (fields.find(([k]) => k === name) || [])[1] || "";

  // The fresh deal forms of this game (scorekeeper/games/offline.py), fetched while online and
  // kept on the phone for the entries made without the network.
  const FORMS = `scorekeeper-forms:${OWNER}${GAME}`;
  let forms = null;
  const template = (stage) => {
    if (!forms) {
      const html = localStorage.getItem(FORMS);
      if (!html) return null;
      forms = document.createElement("div");
      forms.innerHTML = html; // <template>s: inert, nothing in them runs
    }
    return forms.querySelector(`template.offline-form[data-stage="${stage}"]`);
  };
  const loadForms = async () => {
    if (location.pathname !== GAME || !navigator.onLine) return;
    try {
      const response = await fetch(say.forms, { credentials: "same-origin" });
      if (!response.ok || response.redirected) return;
      localStorage.setItem(FORMS, await response.text());
      forms = null;
    } catch {
      // offline after all: the copy kept last time stays
    }
  };
  const twoStep = () => {
    const form = document.getElementById("deal-form");
    return template("opening") !== null || /stage-(opening|closing)/.test(form ? form.className : "");
  };

  const csrf = () => {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch {
      return "";
    }
  };

  const kindOf = (url) => {
    if (/\/edit\/$/.test(url)) return "edit";
    return url.match(/\/(deals|open|reopen|undo)\/$/)[1];
  };

  // Which form comes after an entry: the tricks after the bids, the next deal after a deal.
  const nextAfter = (kind, number) => {
    if (kind === "open") return { stage: "closing", number };
    if (kind === "reopen") return { stage: "opening", number };
    if (kind === "undo") return { stage: twoStep() ? "closing" : "full", number };
    if (kind === "edit") return null;
    return { stage: twoStep() ? "opening" : "full", number: number + 1 };
  };

  // What was entered, in the form's own words: "Bids: Asha 3, Bongani 4 · Made trumps: Dev".
  // Only what shows: a game's panels for other kinds of deal hold defaults nobody entered.
  const textOf = (el) => (el ? el.textContent.replace(/\s+/g, " ").trim() : "");
  const labelOf = (form, input) => {
    const label = input.closest("label") || form.querySelector(`label[for="${input.id}"]`);
    if (!label) return "";
    const copy = label.cloneNode(true);
    for (const inner of copy.querySelectorAll("select, input, .pad")) inner.remove();
    return textOf(copy);
  };
  const summary = (form) => {
    if (!form || form.tagName !== "FORM") return "";
    const parts = new Map();
    const add = (group, text) => {
      if (text) parts.set(group, [...(parts.get(group) || []), text]);
    };
    for (const input of form.querySelectorAll("input, select")) {
      if (input.type === "hidden" || input.disabled || input.closest("details:not([open])")) continue;
      if ((input.closest("label") || input).getClientRects().length === 0) continue; // not shown
      const legend = textOf(input.closest("fieldset")?.querySelector("legend"));
      const label = labelOf(form, input);
      if (input.type === "radio" || input.type === "checkbox") {
        if (input.checked) add(legend, label);
      } else if (input.tagName === "SELECT") {
        const option = input.selectedOptions[0];
        if (input.value && option && !option.defaultSelected) add(legend, `${label} ${textOf(option)}`.trim());
      } else if (input.value !== "") {
        add(legend, `${label} ${input.value}`.trim());
      }
    }
    return [...parts].map(([group, texts]) => (group ? `${group}: ` : "") + texts.join(", ")).join(" · ");
  };

  const keptText = (entry) => fill(say[`kept${entry.kind}`] || say.keptdeals, { n: entry.number });

  // ---- the page while entries wait -------------------------------------------------------------
  const note = () => {
    let el = document.getElementById("offline-note");
    if (!el) {
      el = document.createElement("div");
      el.id = "offline-note";
      el.className = "offline-note";
      el.setAttribute("role", "status");
      el.dataset.testid = "offline-note";
      const main = document.getElementById("main") || document.querySelector("main.page > *");
      main.parentNode.insertBefore(el, main);
    }
    return el;
  };
  const tell = (text, { alert = false, discard = null, sent = false } = {}) => {
    const el = note();
    el.replaceChildren();
    if (sent) el.dataset.sent = "1";
    else delete el.dataset.sent;
    el.hidden = !text;
    el.classList.toggle("refused", alert);
    el.setAttribute("role", alert ? "alert" : "status");
    const p = document.createElement("p");
    p.textContent = text;
    el.append(p);
    if (discard !== null) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "secondary";
      button.dataset.discard = String(discard);
      button.textContent = say.discard;
      el.append(button);
    }
  };

  const showWaiting = (list) => {
    for (const row of document.querySelectorAll("#log-list > li.waiting")) row.remove();
    const log = document.getElementById("log-list");
    if (log) {
      for (const entry of list) {
        const li = document.createElement("li");
        li.className = `deal waiting${entry.refused ? " refused" : ""}${entry.late ? " late" : ""}`;
        li.dataset.entry = String(entry.id);
        const head = document.createElement("div");
        head.className = "deal-head";
        const title = document.createElement("strong");
        title.textContent = fill(say[`row${entry.kind}`] || say.rowdeals, { n: entry.number });
        const badge = document.createElement("span");
        badge.className = "badge";
        badge.textContent = entry.late ? entry.late.badge : entry.refused ? say.refusedbadge : say.waiting;
        head.append(title, " ", badge);
        li.append(head);
        if (entry.summary) {
          const facts = document.createElement("p");
          facts.className = "small";
          facts.textContent = entry.summary;
          li.append(facts);
        }
        log.prepend(li);
      }
    }
    const waiting = list.length > 0;
    // What belongs to the server's last word: taking back its last deal or its bids waits.
    for (const el of document.querySelectorAll("#undo, #main .opening")) el.hidden = waiting;
    const dealer = document.getElementById("dealer-line");
    if (dealer) {
      let aside = dealer.querySelector(".offline-dealer");
      if (waiting && !aside) {
        aside = document.createElement("span");
        aside.className = "offline-dealer muted";
        aside.textContent = ` · ${say.dealer}`;
        dealer.append(aside);
      } else if (!waiting && aside) aside.remove();
    }
  };

  // The form for the entry after the kept ones: a fresh copy of the stage's form (rendered into
  // the page for this), its own token and the deal number it expects.
  const moveForm = (next) => {
    const form = document.getElementById("deal-form");
    const kept = next && template(next.stage);
    if (!form || !next) return;
    if (!kept) {
      // No copy kept (the forms not fetched yet): the same form again, emptied, if it fits.
      if (!form.classList.contains(`stage-${next.stage}`)) return;
      form.reset();
      form.querySelector("input[name=token]").value = uuid();
      form.querySelector("input[name=expected_number]").value = String(next.number);
      return;
    }
    const fresh = kept.content.querySelector("form").cloneNode(true);
    fresh.querySelector("input[name=token]").value = uuid();
    fresh.querySelector("input[name=expected_number]").value = String(next.number);
    const submit = fresh.querySelector("#deal-submit");
    if (submit && next.stage !== "opening") submit.textContent = submit.textContent.replace(/\d+/, next.number);
    form.replaceWith(fresh);
    htmx.process(fresh);
    fresh.dispatchEvent(new CustomEvent("htmx:load", { bubbles: true, detail: { elt: fresh } }));
    offlinePreview(fresh.querySelector("#preview-body"));
    const line = document.getElementById("dealer-line");
    if (line && line.firstChild && line.firstChild.nodeType === Node.TEXT_NODE) {
      line.firstChild.textContent = line.firstChild.textContent.replace(/\d+/, next.number);
    }
  };

  const offlinePreview = (body) => {
    if (!body) return;
    const p = document.createElement("p");
    p.className = "muted";
    p.textContent = navigator.onLine ? say.previewwaiting : say.previewoffline;
    body.replaceChildren(p);
  };

  // Fill a form with an entry's input (the server gave back a fresh form, not the entry's).
  // (`prefilled`: an entry kept by a page from before the `keeps` hint.)
  const OWN = ["csrfmiddlewaretoken", "token", "expected_number", "stage", "keeps", "prefilled"];
  const fillForm = (form, fields) => {
    // A box the entry left unticked is not among its fields: tick only what was sent.
    for (const box of form.querySelectorAll("input[type=checkbox]")) box.checked = false;
    for (const [name, value] of fields) {
      if (OWN.includes(name)) continue; // the form's own: it fits the game as it now is
      for (const input of form.querySelectorAll(`[name="${CSS.escape(name)}"]`)) {
        if (input.type === "radio" || input.type === "checkbox") {
          if (input.value === value) input.checked = true;
        } else input.value = value;
      }
    }
    form.dispatchEvent(new Event("input", { bubbles: true }));
  };

  // ---- keeping an entry ------------------------------------------------------------------------
  const keepEntry = async (form, url, data) => {
    const fields = [...data.entries()].filter(([, v]) => typeof v === "string");
    if (!fields.some(([k]) => k === "maker")) fields.push(["maker", OWNER]); // undo, bids taken back
    const kind = kindOf(url);
    const number = Number(field(fields, kind === "undo" ? "number" : "expected_number")) || 0;
    holding = true; // at once: a second tap before the entry is stored still queues behind it
    const resolving = form && form.dataset.offlineEntry;
    if (resolving) {
      await resave(Number(resolving), fields, url);
    } else {
      const entry = { game: GAME, owner: OWNER, url, kind, number, fields, summary: summary(form), at: Date.now() };
      const token = field(fields, "token");
      // A double tap kept twice would show twice (the server would record it once anyway).
      if (!token || !(await entries()).some((e) => field(e.fields, "token") === token)) await keep(entry);
    }
    if (kind === "edit") return location.assign(GAME);
    await show(); // says it at once, and puts the form for the next entry in place
    send();
  };

  // A refused entry saved again from its form: it takes the new input (and deal number); the
  // entries after it move by as many deals as it did.
  const resave = async (id, fields, url) => {
    const list = await entries();
    const index = list.findIndex((e) => e.id === id);
    if (index < 0) return;
    const entry = list[index];
    const number = Number(field(fields, "expected_number")) || entry.number;
    const shift = number - entry.number;
    // The url too: bids taken back on another phone make a kept deal's tricks its bids again.
    Object.assign(entry, { url, kind: kindOf(url), fields, number, refused: false, answer: "", retarget: "" });
    entry.summary = summary(document.getElementById("deal-form")) || entry.summary;
    await keep(entry);
    for (const later of list.slice(index + 1)) {
      if (!shift || later.kind === "edit") continue;
      later.number += shift;
      later.fields = later.fields.map(([k, v]) =>
        k === "expected_number" || (k === "number" && later.kind === "undo") ? [k, String(Number(v) + shift)] : [k, v],
      );
      await keep(later);
    }
  };

  // ---- sending, in order, each once ------------------------------------------------------------
  let sending = false;
  let retry = null;
  const send = () => (navigator.locks ? navigator.locks.request(`scorekeeper${GAME}`, sendAll) : sendAll());

  const sendAll = async () => {
    if (sending) return;
    sending = true;
    clearTimeout(retry);
    let sent = 0;
    let stopped = false;
    let refusedNow = false;
    try {
      for (;;) {
        const entry = (await entries()).find((e) => !e.late);
        if (!entry || entry.refused) break;
        let response;
        try {
          // The page's CSRF token, not the kept one: a log-in since (say) gave the session a new one.
          const body = entry.fields.filter(([k]) => k !== "csrfmiddlewaretoken");
          const headers = { "X-CSRFToken": csrf() || field(entry.fields, "csrfmiddlewaretoken") };
          if (entry.kind !== "edit") headers["HX-Request"] = "true";
          response = await fetch(entry.url, {
            method: "POST",
            body: new URLSearchParams(body),
            headers,
            credentials: "same-origin",
          });
        } catch {
          stopped = true; // still no network: try again soon, and when the phone says it is back
          break;
        }
        if (response.redirected && new URL(response.url).pathname.startsWith("/login")) {
          tell(say.loggedout, { alert: true });
          return;
        }
        if (response.status >= 500) {
          stopped = true;
          break;
        }
        const lateUrl = response.headers.get("X-Late-Entry");
        if (response.status === 403 && lateUrl && ["deals", "open"].includes(entry.kind)) {
          if (await handOver(entry, lateUrl)) continue;
        }
        const answer = await response.text();
        if (response.ok && response.headers.get("X-Entry-Refused") !== "1") {
          await drop(entry.id);
          sent += 1;
          continue;
        }
        Object.assign(entry, { refused: true, answer, retarget: response.headers.get("HX-Retarget") || "" });
        await keep(entry);
        refusedNow = true;
        break;
      }
    } finally {
      sending = false;
    }
    const replaced = sent ? await refresh() : false;
    await show({ sent, moveForm: replaced, refused: refusedNow });
    if (stopped) retry = setTimeout(send, RETRY_MS);
    await askLater();
  };

  // ---- late entries: the round ended before they reached the server ---------------------------
  // Handed to the night (the same entry again gets the same answer: where it stands now).
  const handOver = async (entry, url) => {
    const body = new URLSearchParams({
      kind: entry.kind,
      number: String(entry.number),
      summary: entry.summary || "",
      fields: JSON.stringify(entry.fields.filter(([k]) => k !== "csrfmiddlewaretoken")),
    });
    let answer;
    try {
      const response = await fetch(url, {
        method: "POST",
        body,
        headers: { "X-CSRFToken": csrf() },
        credentials: "same-origin",
      });
      if (response.status === 409 && entry.late) {
        // The round plays again (its end was taken back): the entry goes to the game itself.
        delete entry.late;
        lateSaid.delete(entry.id);
        await keep(entry);
        return false;
      }
      if (!response.ok) return false;
      answer = await response.json();
    } catch {
      return false;
    }
    entry.late = { url, ...answer };
    if (answer.state === "waiting") await keep(entry);
    else await drop(entry.id); // the organiser has added or discarded it: said once, then gone
    lateSaid.set(entry.id, answer.said);
    return true;
  };
  const lateSaid = new Map();
  const askAboutLate = async () => {
    const late = (await entries()).filter((e) => e.late && e.late.state === "waiting");
    for (const entry of late) await handOver(entry, entry.late.url);
    // One whose round plays again (its end taken back) goes to the game itself.
    if (late.length && (await entries()).some((e) => !e.late)) send();
    await askLater();
  };
  // Until the organiser has decided, ask again now and then (and say it when they have).
  const LATE_MS = 5000;
  let lateTimer = null;
  const askLater = async () => {
    clearTimeout(lateTimer);
    if ((await entries()).some((e) => e.late)) lateTimer = setTimeout(() => askAboutLate().then(show), LATE_MS);
  };

  // The page from the server again once entries landed: the score, the log, and the form too
  // unless it holds what the scorekeeper is typing.
  const refresh = async () => {
    let html;
    try {
      html = await (await fetch(GAME, { credentials: "same-origin" })).text();
    } catch {
      return false;
    }
    const form = document.getElementById("deal-form");
    const typing = form && (form.dataset.touched === "1" || form.dataset.offlineEntry);
    const spec = { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 0 };
    htmx.trigger(document.body, "log-changed");
    if (document.getElementById("main") && !typing) {
      htmx.swap("#main", html, spec, { select: "#main", selectOOB: "#log-list,#history,#live-status,#score-strip" });
      return true;
    }
    if (document.getElementById("board")) {
      htmx.swap("#board", html, spec, { select: "#board", selectOOB: "#dealer-line,#undo,#log-list,#score-strip" });
    }
    return false;
  };

  // The page as the kept entries make it: after a load, a send, or a refusal.
  let shown = [];
  const show = async ({ sent = 0, moveForm: move = true, refused = false } = {}) => {
    const all = await entries();
    shown = all;
    showWaiting(all);
    const list = all.filter((e) => !e.late);
    holding = list.length > 0;
    const [first] = list;
    if (!first && lateSaid.size) {
      const late = all.find((e) => e.late);
      tell([...lateSaid.values()].join(" "), { alert: true, discard: late ? late.id : null });
      return;
    }
    if (!first) {
      const said = document.getElementById("offline-note");
      if (sent) tell(say.sent, { sent: true });
      else if (said && !said.dataset.sent) tell(""); // kept or refused: no longer so
      return;
    }
    if (first.refused) return move || refused ? showRefused(first) : undefined;
    const latest = keptText(list[list.length - 1]);
    tell(list.length === 1 ? latest : `${latest} ${fill(say.keptmany, { count: list.length })}`);
    // Not while the scorekeeper types the next entry: only a page fresh from the server (a load,
    // or the top of the page sent again) needs the form moved past the kept entries.
    const last = list[list.length - 1];
    if (move) moveForm(nextAfter(last.kind, last.number));
  };

  const showRefused = (entry) => {
    const why = new DOMParser().parseFromString(entry.answer || "", "text/html");
    const reasons = [...why.querySelectorAll(".errors, .errorlist li, .messages li")]
      .map((el) => el.textContent.trim())
      .filter(Boolean);
    const text = fill(entry.kind === "edit" ? say.refusededit : say.refused, { n: entry.number });
    // The form given back says the reason at its fields; anything else, the note says it.
    const said = entry.retarget === "#deal-form" ? [] : [...new Set(reasons)];
    tell([text, ...said].join(" "), { alert: true, discard: entry.id });
    const form = document.getElementById("deal-form");
    if (!form || entry.kind === "edit") return;
    const spec = { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 0 };
    if (entry.retarget === "#deal-form") {
      htmx.swap(form, entry.answer, spec, {}); // the entry in its form, the reasons at its fields
    } else if (entry.answer.includes('id="main"')) {
      // The game moved on to another step (the page as it now is, with what was not saved).
      htmx.swap("#main", entry.answer, spec, {});
      const fresh = document.getElementById("deal-form");
      if (fresh) fillForm(fresh, entry.fields);
    }
    const again = document.getElementById("deal-form");
    if (again && ["deals", "open"].includes(entry.kind)) {
      again.dataset.offlineEntry = String(entry.id); // saving it settles this entry
      offlinePreview(again.querySelector("#preview-body"));
    }
  };

  // ---- the page's saves ------------------------------------------------------------------------
  const isSave = (elt, path) => elt && elt.tagName === "FORM" && SAVE.test(path || "");

  document.addEventListener("htmx:configRequest", (event) => {
    const { elt, path } = event.detail;
    if (elt.id === "preview" && (holding || !navigator.onLine)) {
      event.preventDefault();
      offlinePreview(document.getElementById("preview-body"));
      return;
    }
    if (!isSave(elt, path)) return;
    if (holding || !navigator.onLine || elt.dataset.offlineEntry) {
      event.preventDefault();
      keepEntry(elt, path, event.detail.formData);
    } else {
      event.detail.timeout = 15000; // one bar of signal: a save that hangs is kept, not lost
      // What the page keeps between deals (the form's `keeps`, scorekeeper/games/record_post.py):
      // a deal of a two-step game, when this phone keeps a fresh bids form, needs none sent (the
      // answer asks for it with `deal-form-kept`, and sends what follows the new state).
      if (/\/deals\/$/.test(path) && template("opening")) event.detail.parameters.keeps = "bids-form";
    }
  });
  // The answer to a deal recorded with the bids form kept: the kept copy goes in place before
  // the answer's own parts (token, deal number, notes) are swapped into it; the bids of the deal
  // just recorded ("This deal so far") go. The same form element takes the copy's attributes and
  // content: htmx is still handling the answer this element asked for, and looks for the parts'
  // places in the page that holds it (the answer says to swap nothing else).
  document.addEventListener("deal-form-kept", () => {
    const form = document.getElementById("deal-form");
    const kept = template("opening");
    if (!form || !kept) return location.reload(); // gone since the tap: the page as it now is
    const fresh = kept.content.querySelector("form").cloneNode(true);
    // Folded, as on a new page: the answer sends a section that must be open (Pottle's purchases).
    for (const details of fresh.querySelectorAll("details[open]")) details.open = false;
    for (const name of form.getAttributeNames()) form.removeAttribute(name);
    for (const name of fresh.getAttributeNames()) form.setAttribute(name, fresh.getAttribute(name));
    form.replaceChildren(...fresh.childNodes);
    const opening = document.getElementById("deal-opening");
    if (opening) opening.remove();
    // Its new address and handlers once htmx is done with the answer in hand.
    setTimeout(() => {
      htmx.process(form);
      form.dispatchEvent(new CustomEvent("htmx:load", { bubbles: true, detail: { elt: form } }));
    }, 0);
  });
  for (const kind of ["htmx:sendError", "htmx:timeout"]) {
    document.addEventListener(kind, (event) => {
      const config = event.detail.requestConfig;
      if (!config) return;
      if (config.elt.id === "preview") offlinePreview(document.getElementById("preview-body"));
      if (isSave(config.elt, config.path)) keepEntry(config.elt, config.path, config.formData);
    });
  }
  // The edit page's plain form: kept the same way when there is no network or entries wait.
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (form.id !== "deal-form" || !/\/edit\/$/.test(form.action)) return;
    if (!holding && navigator.onLine) return;
    event.preventDefault();
    keepEntry(form, new URL(form.action).pathname, new FormData(form, event.submitter));
  });
  document.addEventListener("click", async (event) => {
    const button = event.target.closest && event.target.closest("[data-discard]");
    if (!button) return;
    await drop(Number(button.dataset.discard));
    lateSaid.delete(Number(button.dataset.discard));
    const form = document.getElementById("deal-form");
    if (form) delete form.dataset.offlineEntry; // its input goes with it: the page may take it
    if (form) delete form.dataset.touched;
    tell("");
    await refresh();
    await show();
    send();
  });

  // The live poll (static/js/live.js) while entries wait: the form is this phone's (only the score
  // is sent), and the log it brings is the server's, so the waiting rows go back on top.
  document.addEventListener("htmx:configRequest", (event) => {
    if (event.detail.elt.id === "live-poll" && holding) event.detail.parameters.dirty = "1";
  });
  document.addEventListener("htmx:afterSettle", () => {
    if (holding && !document.querySelector("#log-list > li.waiting")) showWaiting(shown);
  });

  window.addEventListener("online", send);
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && send());
  const lateNow = async () => {
    for (const entry of await entries()) if (entry.late) lateSaid.set(entry.id, entry.late.said);
  };
  lateNow().then(show).then(send).then(askAboutLate).then(() => lateSaid.size && show()).then(loadForms);
})();
