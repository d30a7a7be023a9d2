// Saves made without network (README "Offline"): kept on this phone (IndexedDB) and sent in order,
// each once, when it is back; the token makes a resend harmless. A refused one stops the sending.
// A late entry (X-Late-Entry: the night's round ended) goes to the organiser. Each entry is its
// maker's (meta phone-owner): shown and sent only on their pages, and the server checks the maker.
(() => {
  const words = document.getElementById("offline-words");
  const path = location.pathname.match(/^\/games\/\d+\//);
  const owner = document.querySelector('meta[name="phone-owner"]');
  if (!words || !path || !owner || !owner.content || !window.indexedDB) return;
  const say = words.dataset;
  const GAME = path[0];
  const OWNER = owner.content;
  // Tags this person had as a visitor (games/handover.py): entries kept then are theirs.
  const WAS = (owner.dataset.was || "").split(" ").filter(Boolean);
  const SAVE = /\/(deals|open|reopen|undo)\/$|\/deals\/\d+\/edit\/$/;
  const RETRY_MS = 3000;
  let holding = false; // entries wait: a new save goes behind them

  // ---- kept entries
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
  // One kept before entries had makers comes back refused: theirs only once they save it again.
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

  // ---- what an entry is
  const uuid = () =>
    crypto.randomUUID
      ? crypto.randomUUID()
      : "10000000-1000-4000-8000-100000000000".replace(/[018]/g, (c) =>
          (c ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (c / 4)))).toString(16),
        );
  const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, k) => values[k] ?? "");
  const field = (fields, name) => (fields.find(([k]) => k === name) || [])[1] || "";

  // Fresh deal forms (games/offline.py), fetched online for entries made offline.
  const FORMS = `scorekeeper-forms:${OWNER}${GAME}`;
  let forms = null;
  const template = (stage) => {
    if (!forms) {
      const html = localStorage.getItem(FORMS);
      if (!html) return null;
      forms = document.createElement("div");
      forms.innerHTML = html; // <template>s: inert
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
      // offline: the last copy stays
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

  const nextAfter = (kind, number) => {
    if (kind === "open") return { stage: "closing", number };
    if (kind === "reopen") return { stage: "opening", number };
    if (kind === "undo") return { stage: twoStep() ? "closing" : "full", number };
    if (kind === "edit") return null;
    return { stage: twoStep() ? "opening" : "full", number: number + 1 };
  };

  // "Bids: Asha 3, Bongani 4 · Made trumps: Dev"; only what shows (hidden panels hold defaults).
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

  // ---- the page while entries wait
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
    // Taking back the server's last deal or bids waits.
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

  // The next entry's form: a fresh copy of the stage's form, its own token and deal number.
  const moveForm = (next) => {
    const form = document.getElementById("deal-form");
    const kept = next && template(next.stage);
    if (!form || !next) return;
    if (!kept) {
      // No copy kept yet: the same form, emptied, if it fits.
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

  // The server gave back a fresh form: the entry's input goes in. (`prefilled`: kept before `keeps`.)
  const OWN = ["csrfmiddlewaretoken", "token", "expected_number", "stage", "keeps", "prefilled"];
  const fillForm = (form, fields) => {
    // An unticked box is not among the fields.
    for (const box of form.querySelectorAll("input[type=checkbox]")) box.checked = false;
    for (const [name, value] of fields) {
      if (OWN.includes(name)) continue; // fits the game as it now is
      for (const input of form.querySelectorAll(`[name="${CSS.escape(name)}"]`)) {
        if (input.type === "radio" || input.type === "checkbox") {
          if (input.value === value) input.checked = true;
        } else input.value = value;
      }
    }
    form.dispatchEvent(new Event("input", { bubbles: true }));
  };

  // ---- keeping an entry
  const keepEntry = async (form, url, data) => {
    const fields = [...data.entries()].filter(([, v]) => typeof v === "string");
    if (!fields.some(([k]) => k === "maker")) fields.push(["maker", OWNER]); // undo, bids taken back
    const kind = kindOf(url);
    const number = Number(field(fields, kind === "undo" ? "number" : "expected_number")) || 0;
    holding = true; // at once: a second tap queues behind it
    const resolving = form && form.dataset.offlineEntry;
    if (resolving) {
      await resave(Number(resolving), fields, url);
    } else {
      const entry = { game: GAME, owner: OWNER, url, kind, number, fields, summary: summary(form), at: Date.now() };
      const token = field(fields, "token");
      // A double tap kept twice would show twice.
      if (!token || !(await entries()).some((e) => field(e.fields, "token") === token)) await keep(entry);
    }
    if (kind === "edit") return location.assign(GAME);
    await show();
    send();
  };

  // A refused entry saved again: the entries after it move by as many deals as it did.
  const resave = async (id, fields, url) => {
    const list = await entries();
    const index = list.findIndex((e) => e.id === id);
    if (index < 0) return;
    const entry = list[index];
    const number = Number(field(fields, "expected_number")) || entry.number;
    const shift = number - entry.number;
    // The url too: bids taken back elsewhere make a kept deal's tricks its bids.
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

  // ---- sending, in order, each once
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
          // The page's CSRF token: a log-in since gives a new one.
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
          stopped = true; // no network: retry soon, and when online
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

  // ---- late entries: handed to the night (asked again, it says where the entry stands)
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
        // Its round's end was taken back: the entry goes to the game.
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
    else await drop(entry.id); // decided: said once, then gone
    lateSaid.set(entry.id, answer.said);
    return true;
  };
  const lateSaid = new Map();
  const askAboutLate = async () => {
    const late = (await entries()).filter((e) => e.late && e.late.state === "waiting");
    for (const entry of late) await handOver(entry, entry.late.url);
    if (late.length && (await entries()).some((e) => !e.late)) send();
    await askLater();
  };
  // Ask again until the organiser has decided.
  const LATE_MS = 5000;
  let lateTimer = null;
  const askLater = async () => {
    clearTimeout(lateTimer);
    if ((await entries()).some((e) => e.late)) lateTimer = setTimeout(() => askAboutLate().then(show), LATE_MS);
  };

  // The server's page once entries landed; the form too unless it is being typed in.
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
    // Only a page fresh from the server needs the form moved past the kept entries.
    const last = list[list.length - 1];
    if (move) moveForm(nextAfter(last.kind, last.number));
  };

  const showRefused = (entry) => {
    const why = new DOMParser().parseFromString(entry.answer || "", "text/html");
    const reasons = [...why.querySelectorAll(".errors, .errorlist li, .messages li")]
      .map((el) => el.textContent.trim())
      .filter(Boolean);
    const text = fill(entry.kind === "edit" ? say.refusededit : say.refused, { n: entry.number });
    // A form given back says the reasons at its fields; else the note says them.
    const said = entry.retarget === "#deal-form" ? [] : [...new Set(reasons)];
    tell([text, ...said].join(" "), { alert: true, discard: entry.id });
    const form = document.getElementById("deal-form");
    if (!form || entry.kind === "edit") return;
    const spec = { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 0 };
    if (entry.retarget === "#deal-form") {
      htmx.swap(form, entry.answer, spec, {});
    } else if (entry.answer.includes('id="main"')) {
      // The game moved on: the page as it is, with what was not saved.
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

  // ---- the page's saves
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
      event.detail.timeout = 15000; // a save that hangs is kept, not lost
      // A bids form kept here: the answer need not send one (`keeps`, games/record_post.py).
      if (/\/deals\/$/.test(path) && template("opening")) event.detail.parameters.keeps = "bids-form";
    }
  });
  // The kept bids form goes in before the answer's parts (token, number) are swapped into it: in
  // the same element, which htmx is still handling. The recorded deal's bids go.
  document.addEventListener("deal-form-kept", () => {
    const form = document.getElementById("deal-form");
    const kept = template("opening");
    if (!form || !kept) return location.reload(); // gone since the tap
    const fresh = kept.content.querySelector("form").cloneNode(true);
    // Folded as on a new page (the answer opens what must be open).
    for (const details of fresh.querySelectorAll("details[open]")) details.open = false;
    for (const name of form.getAttributeNames()) form.removeAttribute(name);
    for (const name of fresh.getAttributeNames()) form.setAttribute(name, fresh.getAttribute(name));
    form.replaceChildren(...fresh.childNodes);
    const opening = document.getElementById("deal-opening");
    if (opening) opening.remove();
    // Once htmx is done with the answer.
    setTimeout(() => {
      htmx.process(form);
      form.dispatchEvent(new CustomEvent("htmx:load", { bubbles: true, detail: { elt: form } }));
    }, 0);
  });
  // A deal or bids saved after this table's round ended (403, naming where late entries go):
  // kept and handed to the night as if kept offline; the organiser adds it with one tap.
  document.addEventListener("htmx:beforeOnLoad", (event) => {
    const { xhr, requestConfig: config } = event.detail;
    if (!config || xhr.status !== 403 || !xhr.getResponseHeader("X-Late-Entry")) return;
    if (!isSave(config.elt, config.path) || !["deals", "open"].includes(kindOf(config.path))) return;
    event.preventDefault();
    keepEntry(config.elt, config.path, config.formData);
  });
  for (const kind of ["htmx:sendError", "htmx:timeout"]) {
    document.addEventListener(kind, (event) => {
      const config = event.detail.requestConfig;
      if (!config) return;
      if (config.elt.id === "preview") offlinePreview(document.getElementById("preview-body"));
      if (isSave(config.elt, config.path)) keepEntry(config.elt, config.path, config.formData);
    });
  }
  // The edit page's plain form: kept alike.
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
    if (form) delete form.dataset.offlineEntry;
    if (form) delete form.dataset.touched;
    tell("");
    await refresh();
    await show();
    send();
  });

  // The live poll while entries wait: the form stays (score only); waiting rows go back on top.
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
