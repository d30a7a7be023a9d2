// What the game page shows while entries wait on this phone: the note above it, the waiting
// rows in the log, the form moved past the kept entries, a refused entry back in its form.
import { nextForm, refusedText, rowTitle, uuid, waitingText } from "./entry-rules.js";
import { FIELD, ID, STAGES } from "./names.js";

const [, OPENING, CLOSING] = STAGES;
const byId = (id) => document.getElementById(id);
const SWAP = { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 0 };
// The fields that fit the game as it now is: a form given back keeps its own. (`prefilled`: a
// page's of before `keeps`.)
const OWN = [FIELD.csrf, FIELD.token, FIELD.expectedNumber, FIELD.stage, FIELD.keeps, "prefilled"];

// "Bids: Asha 3, Bongani 4 · Made trumps: Dev"; only what shows (hidden panels hold defaults).
const textOf = (el) => (el ? el.textContent.replace(/\s+/g, " ").trim() : "");
const labelOf = (form, input) => {
  const label = input.closest("label") || form.querySelector(`label[for="${input.id}"]`);
  if (!label) return "";
  const copy = label.cloneNode(true);
  for (const inner of copy.querySelectorAll("select, input, .pad")) inner.remove();
  return textOf(copy);
};
export const summary = (form) => {
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

// The reason an entry kept before entries had makers comes back refused, as the server says one.
export const unownedAnswer = (say) => {
  const li = document.createElement("li");
  li.textContent = say.unowned;
  return `<ul class="messages">${li.outerHTML}</ul>`;
};

// `say`: the page's words (templates/games/offline.html); `forms`: the kept fresh forms
// (store.js); `gamePath`: the game page's path.
export const gamePage = ({ say, forms, gamePath }) => {
  let shown = []; // the entries the log shows as waiting

  const note = () => {
    let el = byId("offline-note");
    if (!el) {
      el = document.createElement("div");
      el.id = "offline-note";
      el.className = "offline-note";
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
    shown = list;
    for (const row of document.querySelectorAll(`#${ID.log} > li.waiting`)) row.remove();
    const log = byId(ID.log);
    if (log) {
      for (const entry of list) {
        const li = document.createElement("li");
        li.className = `deal waiting${entry.refused ? " refused" : ""}${entry.late ? " late" : ""}`;
        li.dataset.entry = String(entry.id);
        const head = document.createElement("div");
        head.className = "deal-head";
        const title = document.createElement("strong");
        title.textContent = rowTitle(say, entry);
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
    for (const el of document.querySelectorAll(`#${ID.undo}, #${ID.main} .opening`)) el.hidden = waiting;
    const dealer = byId(ID.dealer);
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
  // A swap drew the log again (the live poll): the waiting rows go back on top.
  const keepWaitingShown = () => {
    if (!document.querySelector(`#${ID.log} > li.waiting`)) showWaiting(shown);
  };

  const offlinePreview = (body = byId(ID.previewBody)) => {
    if (!body) return;
    const p = document.createElement("p");
    p.className = "muted";
    p.textContent = navigator.onLine ? say.previewwaiting : say.previewoffline;
    body.replaceChildren(p);
  };

  // A game of bids then tricks: the server kept its bids form, or the page's form is one of them.
  const twoStep = () => {
    const form = byId(ID.form);
    const stages = new RegExp(`stage-(${OPENING}|${CLOSING})`);
    return forms.template(OPENING) !== null || stages.test(form ? form.className : "");
  };

  // The next entry's form: a fresh copy of the stage's form, its own token and deal number.
  const moveForm = (next) => {
    const form = byId(ID.form);
    const kept = next && forms.template(next.stage);
    if (!form || !next) return;
    if (!kept) {
      // No copy kept yet: the same form, emptied, if it fits.
      if (!form.classList.contains(`stage-${next.stage}`)) return;
      form.reset();
      form.querySelector(`input[name=${FIELD.token}]`).value = uuid();
      form.querySelector(`input[name=${FIELD.expectedNumber}]`).value = String(next.number);
      return;
    }
    const fresh = kept.content.querySelector("form").cloneNode(true);
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

  // The server gave back a fresh form: the entry's input goes in.
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
      // The game moved on: the page as it is, with what was not saved.
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

  // Everything kept (`all`, late ones among them) shown; `lateSaid`: what the night said of
  // the late ones. `sent`: how many just landed; `move`: the page is fresh from the server,
  // so its form moves past the kept entries; `refused`: one was just refused.
  const show = (all, lateSaid, { sent = 0, move = true, refused = false } = {}) => {
    showWaiting(all);
    const list = all.filter((e) => !e.late);
    const [first] = list;
    if (!first && lateSaid.size) {
      const late = all.find((e) => e.late);
      tell([...lateSaid.values()].join(" "), { alert: true, discard: late ? late.id : null });
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

  // The kept bids form goes in before the answer's parts (token, number) are swapped into it:
  // in the same element, which htmx is still handling. The recorded deal's bids go.
  const putKeptBidsForm = () => {
    const form = byId(ID.form);
    const kept = forms.template(OPENING);
    if (!form || !kept) return location.reload(); // gone since the tap
    const fresh = kept.content.querySelector("form").cloneNode(true);
    // Folded as on a new page (the answer opens what must be open).
    for (const details of fresh.querySelectorAll("details[open]")) details.open = false;
    for (const name of form.getAttributeNames()) form.removeAttribute(name);
    for (const name of fresh.getAttributeNames()) form.setAttribute(name, fresh.getAttribute(name));
    form.replaceChildren(...fresh.childNodes);
    const opening = byId(ID.opening);
    if (opening) opening.remove();
    // Once htmx is done with the answer.
    setTimeout(() => {
      htmx.process(form);
      form.dispatchEvent(new CustomEvent("htmx:load", { bubbles: true, detail: { elt: form } }));
    }, 0);
  };

  // The server's page once entries landed; the form too unless it is being typed in. True:
  // the form is the server's again.
  const refresh = async () => {
    let html;
    try {
      html = await (await fetch(gamePath, { credentials: "same-origin" })).text();
    } catch {
      return false;
    }
    const form = byId(ID.form);
    const typing = form && (form.dataset.touched === "1" || form.dataset.offlineEntry);
    htmx.trigger(document.body, "log-changed");
    if (byId(ID.main) && !typing) {
      const parts = [ID.log, ID.history, ID.liveStatus, ID.scoreStrip];
      htmx.swap(`#${ID.main}`, html, SWAP, { select: `#${ID.main}`, selectOOB: parts.map((id) => `#${id}`).join(",") });
      return true;
    }
    if (byId(ID.board)) {
      const parts = [ID.dealer, ID.undo, ID.log, ID.scoreStrip];
      htmx.swap(`#${ID.board}`, html, SWAP, { select: `#${ID.board}`, selectOOB: parts.map((id) => `#${id}`).join(",") });
    }
    return false;
  };

  return { tell, show, keepWaitingShown, offlinePreview, putKeptBidsForm, refresh };
};
