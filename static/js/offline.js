// Saves made offline (README "Offline"): kept on the phone (offline/entries.js), sent in order
// (offline/sender.js), shown here. Each entry is its maker's (meta phone-owner).
import {
  entryOf,
  field,
  isSavePath,
  keepsHint,
  keptEntries,
  keptForms,
  kindOf,
  mayBeLate,
  nextForm,
  refusedText,
  rowTitle,
  shifted,
  uuid,
  waitingText,
} from "./offline/entries.js";
import { CSRF_HEADER, FIELD, FORM_KEPT_EVENT, ID, LATE_ENTRY_HEADER, STAGES } from "./offline/names.js";
import { sender } from "./offline/sender.js";

const [, OPENING, CLOSING] = STAGES;

const byId = (id) => document.getElementById(id);
const make = (tag, className, text) => {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
};
const SWAP = { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 0 };
// A form given back keeps its own (`prefilled`: before `keeps`).
const OWN = [FIELD.csrf, FIELD.token, FIELD.expectedNumber, FIELD.stage, FIELD.keeps, "prefilled"];

// "Bids: Asha 3, Bongani 4 · Made trumps: Dev"; only what shows.
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

const unownedAnswer = (say) => `<ul class="messages">${make("li", "", say.unowned).outerHTML}</ul>`;

const start = () => {
  const words = byId(ID.words);
  const path = location.pathname.match(/^\/games\/\d+\//);
  const owner = document.querySelector('meta[name="phone-owner"]');
  if (!words || !path || !owner || !owner.content || !window.indexedDB) return;
  const say = words.dataset;
  const GAME = path[0];
  const OWNER = owner.content;
  const was = (owner.dataset.was || "").split(" ").filter(Boolean);
  let holding = false; // entries wait: a new save goes behind them

  const kept = keptEntries({ game: GAME, owner: OWNER, was, unownedAnswer: unownedAnswer(say) });
  const forms = keptForms({ key: `scorekeeper-forms:${OWNER}${GAME}`, url: say.forms, gamePath: GAME });
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
    loggedOut: () => tell(say.loggedout, { alert: true }),
    landed: async ({ sent, refused }) => {
      const replaced = sent ? await refresh() : false;
      await show({ sent, move: replaced, refused });
    },
    lateAnswered: () => show(),
  });

  let shown = [];

  const note = () => {
    let el = byId("offline-note");
    if (!el) {
      el = make("div", "offline-note");
      el.id = "offline-note";
      el.setAttribute("role", "status");
      el.dataset.testid = "offline-note";
      const main = byId(ID.main) || document.querySelector("main.page > *");
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
    el.append(make("p", "", text));
    if (discard !== null) {
      const button = make("button", "secondary", say.discard);
      button.type = "button";
      button.dataset.discard = String(discard);
      el.append(button);
    }
  };

  const showWaiting = (list) => {
    shown = list;
    for (const row of document.querySelectorAll(`#${ID.log} > li.waiting`)) row.remove();
    const log = byId(ID.log);
    if (log) {
      for (const entry of list) {
        const li = make("li", `deal waiting${entry.refused ? " refused" : ""}${entry.late ? " late" : ""}`);
        li.dataset.entry = String(entry.id);
        const head = make("div", "deal-head");
        const badge = entry.late ? entry.late.badge : entry.refused ? say.refusedbadge : say.waiting;
        head.append(make("strong", "", rowTitle(say, entry)), " ", make("span", "badge", badge));
        li.append(head);
        if (entry.summary) li.append(make("p", "small", entry.summary));
        log.prepend(li);
      }
    }
    const waiting = list.length > 0;
    for (const el of document.querySelectorAll(`#${ID.undo}, #${ID.main} .opening`)) el.hidden = waiting;
    const dealer = byId(ID.dealer);
    const aside = dealer && dealer.querySelector(".offline-dealer");
    if (dealer && waiting && !aside) dealer.append(make("span", "offline-dealer muted", ` · ${say.dealer}`));
    else if (aside && !waiting) aside.remove();
  };
  const keepWaitingShown = () => {
    if (!document.querySelector(`#${ID.log} > li.waiting`)) showWaiting(shown);
  };

  const offlinePreview = (body = byId(ID.previewBody)) => {
    if (!body) return;
    body.replaceChildren(make("p", "muted", navigator.onLine ? say.previewwaiting : say.previewoffline));
  };

  const twoStep = () => {
    const form = byId(ID.form);
    const stages = new RegExp(`stage-(${OPENING}|${CLOSING})`);
    return forms.template(OPENING) !== null || stages.test(form ? form.className : "");
  };

  const moveForm = (next) => {
    const form = byId(ID.form);
    const copy = next && forms.template(next.stage);
    if (!form || !next) return;
    if (!copy) {
      // No copy kept: the same form, emptied, if it fits.
      if (!form.classList.contains(`stage-${next.stage}`)) return;
      form.reset();
      form.querySelector(`input[name=${FIELD.token}]`).value = uuid();
      form.querySelector(`input[name=${FIELD.expectedNumber}]`).value = String(next.number);
      return;
    }
    const fresh = copy.content.querySelector("form").cloneNode(true);
    fresh.querySelector(`input[name=${FIELD.token}]`).value = uuid();
    fresh.querySelector(`input[name=${FIELD.expectedNumber}]`).value = String(next.number);
    const submit = fresh.querySelector(`#${ID.submit}`);
    if (submit && next.stage !== OPENING) submit.textContent = submit.textContent.replace(/\d+/, next.number);
    form.replaceWith(fresh);
    htmx.process(fresh);
    fresh.dispatchEvent(new CustomEvent("htmx:load", { bubbles: true, detail: { elt: fresh } }));
    offlinePreview(fresh.querySelector(`#${ID.previewBody}`));
    const line = byId(ID.dealer);
    if (line && line.firstChild && line.firstChild.nodeType === Node.TEXT_NODE) {
      line.firstChild.textContent = line.firstChild.textContent.replace(/\d+/, next.number);
    }
  };

  const fillForm = (form, fields) => {
    for (const box of form.querySelectorAll("input[type=checkbox]")) box.checked = false;
    for (const [name, value] of fields) {
      if (OWN.includes(name)) continue;
      for (const input of form.querySelectorAll(`[name="${CSS.escape(name)}"]`)) {
        if (input.type === "radio" || input.type === "checkbox") {
          if (input.value === value) input.checked = true;
        } else input.value = value;
      }
    }
    form.dispatchEvent(new Event("input", { bubbles: true }));
  };

  const showRefused = (entry) => {
    const why = new DOMParser().parseFromString(entry.answer || "", "text/html");
    const reasons = [...why.querySelectorAll(".errors, .errorlist li, .messages li")]
      .map((el) => el.textContent.trim())
      .filter(Boolean);
    tell(refusedText(say, entry, reasons), { alert: true, discard: entry.id });
    const form = byId(ID.form);
    if (!form || entry.kind === "edit") return;
    if (entry.retarget === `#${ID.form}`) {
      htmx.swap(form, entry.answer, SWAP, {});
    } else if (entry.answer.includes(`id="${ID.main}"`)) {
      // The game moved on: its page, with what was not saved.
      htmx.swap(`#${ID.main}`, entry.answer, SWAP, {});
      const fresh = byId(ID.form);
      if (fresh) fillForm(fresh, entry.fields);
    }
    const again = byId(ID.form);
    if (again && ["deals", "open"].includes(entry.kind)) {
      again.dataset.offlineEntry = String(entry.id); // saving it settles this entry
      offlinePreview(again.querySelector(`#${ID.previewBody}`));
    }
  };

  // `move`: a page fresh from the server: its form goes past the kept entries.
  const show = async ({ sent = 0, move = true, refused = false } = {}) => {
    const all = await kept.entries();
    holding = all.some((e) => !e.late);
    showWaiting(all);
    const list = all.filter((e) => !e.late);
    const [first] = list;
    if (!first && outbox.lateSaid.size) {
      const late = all.find((e) => e.late);
      tell([...outbox.lateSaid.values()].join(" "), { alert: true, discard: late ? late.id : null });
      return;
    }
    if (!first) {
      const said = byId("offline-note");
      if (sent) tell(say.sent, { sent: true });
      else if (said && !said.dataset.sent) tell(""); // kept or refused: no longer so
      return;
    }
    if (first.refused) {
      if (move || refused) showRefused(first);
      return;
    }
    tell(waitingText(say, list));
    const last = list[list.length - 1];
    if (move) moveForm(nextForm(last.kind, last.number, twoStep()));
  };

  // Before the answer's parts go into it (the element htmx is handling).
  const putKeptBidsForm = () => {
    const form = byId(ID.form);
    const copy = forms.template(OPENING);
    if (!form || !copy) return location.reload(); // gone since the tap
    const fresh = copy.content.querySelector("form").cloneNode(true);
    for (const details of fresh.querySelectorAll("details[open]")) details.open = false;
    for (const name of form.getAttributeNames()) form.removeAttribute(name);
    for (const name of fresh.getAttributeNames()) form.setAttribute(name, fresh.getAttribute(name));
    form.replaceChildren(...fresh.childNodes);
    const opening = byId(ID.opening);
    if (opening) opening.remove();
    setTimeout(() => {
      htmx.process(form);
      form.dispatchEvent(new CustomEvent("htmx:load", { bubbles: true, detail: { elt: form } }));
    }, 0);
  };

  // The server's page once entries landed; the form unless typed in (true: it went too).
  const refresh = async () => {
    let html;
    try {
      html = await (await fetch(GAME, { credentials: "same-origin" })).text();
    } catch {
      return false;
    }
    const form = byId(ID.form);
    const typing = form && (form.dataset.touched === "1" || form.dataset.offlineEntry);
    htmx.trigger(document.body, "log-changed");
    const swap = (id, ...parts) =>
      htmx.swap(`#${id}`, html, SWAP, { select: `#${id}`, selectOOB: parts.map((p) => `#${p}`).join(",") });
    if (byId(ID.main) && !typing) {
      swap(ID.main, ID.log, ID.history, ID.liveStatus, ID.scoreStrip);
      return true;
    }
    if (byId(ID.board)) swap(ID.board, ID.dealer, ID.undo, ID.log, ID.scoreStrip);
    return false;
  };

  const keepEntry = async (form, url, formData) => {
    const entry = entryOf({ game: GAME, owner: OWNER, path: url, formData, summary: summary(form) });
    holding = true; // at once: a second tap queues behind it
    const resolving = form && form.dataset.offlineEntry;
    if (resolving) {
      await resave(Number(resolving), entry);
    } else {
      const token = field(entry.fields, FIELD.token);
      const twice = token && (await kept.entries()).some((e) => field(e.fields, FIELD.token) === token);
      if (!twice) await kept.keep(entry);
    }
    if (entry.kind === "edit") return location.assign(GAME);
    await show();
    outbox.send();
  };

  // A refused entry saved again: the later ones move by as many deals.
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
    entry.summary = summary(byId(ID.form)) || entry.summary;
    await kept.keep(entry);
    for (const later of list.slice(index + 1)) {
      const moved = shifted(later, shift);
      if (moved) await kept.keep(moved);
    }
  };

  const isSave = (elt, url) => elt && elt.tagName === "FORM" && isSavePath(url);

  document.addEventListener("htmx:configRequest", (event) => {
    const { elt, path } = event.detail;
    if (elt.id === ID.preview && (holding || !navigator.onLine)) {
      event.preventDefault();
      offlinePreview();
      return;
    }
    if (!isSave(elt, path)) return;
    if (holding || !navigator.onLine || elt.dataset.offlineEntry) {
      event.preventDefault();
      keepEntry(elt, path, event.detail.formData);
    } else {
      event.detail.timeout = 15000; // a save that hangs is kept, not lost
      Object.assign(event.detail.parameters, keepsHint(path, forms.template(OPENING) !== null));
    }
  });
  document.addEventListener(FORM_KEPT_EVENT, putKeptBidsForm);
  // Saved after the table's round ended: kept, and handed to the night.
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
      if (config.elt.id === ID.preview) offlinePreview();
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
    const form = byId(ID.form);
    if (form) delete form.dataset.offlineEntry;
    if (form) delete form.dataset.touched;
    tell("");
    await refresh();
    await show();
    outbox.send();
  });

  // The live poll while entries wait: the form stays; waiting rows go back on top.
  document.addEventListener("htmx:configRequest", (event) => {
    if (event.detail.elt.id === ID.livePoll && holding) event.detail.parameters.dirty = "1";
  });
  document.addEventListener("htmx:afterSettle", () => holding && keepWaitingShown());

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
