// The kept entries: what one is and what follows from it (pure: tests/js/entries.test.mjs),
// and what the phone keeps: entries not sent (IndexedDB), fresh deal forms (localStorage).
import { FIELD, ID, KEEPS_BIDS_FORM, LATE_ENTRY_HEADER, REFUSED_HEADER, SAVE_KINDS, STAGES } from "./names.js";

const [DEALS, OPEN, REOPEN, UNDO, EDIT] = SAVE_KINDS;
const [FULL, OPENING, CLOSING] = STAGES;
const SAVE = new RegExp(`/(${[DEALS, OPEN, REOPEN, UNDO].join("|")})/$|/${DEALS}/\\d+/${EDIT}/$`);

export const isSavePath = (path) => SAVE.test(path || "");
export const kindOf = (path) => {
  const found = (path || "").match(SAVE);
  return found ? found[1] || EDIT : null;
};
export const mayBeLate = (kind) => kind === DEALS || kind === OPEN;

export const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, k) => values[k] ?? "");
export const field = (fields, name) => (fields.find(([k]) => k === name) || [])[1] || "";

export const uuid = () =>
  crypto.randomUUID
    ? crypto.randomUUID()
    : "10000000-1000-4000-8000-100000000000".replace(/[018]/g, (c) =>
        (c ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (c / 4)))).toString(16),
      );

// Its maker added where the form has none (undo, bids taken back).
export const entryOf = ({ game, owner, path, formData, summary = "", at = Date.now() }) => {
  const fields = [...formData.entries()].filter(([, v]) => typeof v === "string");
  if (!fields.some(([k]) => k === FIELD.maker)) fields.push([FIELD.maker, owner]);
  const kind = kindOf(path);
  const number = Number(field(fields, kind === UNDO ? FIELD.number : FIELD.expectedNumber)) || 0;
  return { game, owner, url: path, kind, number, fields, summary, at };
};

// The form after the last kept entry (null: an edit leaves it be); an undo keeps the bids.
export const nextForm = (kind, number, twoStep) => {
  if (kind === OPEN) return { stage: CLOSING, number };
  if (kind === REOPEN) return { stage: OPENING, number };
  if (kind === UNDO) return { stage: twoStep ? CLOSING : FULL, number };
  if (kind === EDIT) return null;
  return { stage: twoStep ? OPENING : FULL, number: number + 1 };
};

// Kept before entries had makers: refused until saved again; as a visitor (`was`): theirs.
export const adopted = (entry, { owner, was, unownedAnswer }) => {
  if (entry.owner === undefined) return { ...entry, owner, refused: true, answer: unownedAnswer, retarget: "" };
  if (!was.includes(entry.owner)) return null;
  return { ...entry, owner, fields: entry.fields.map(([k, v]) => [k, k === FIELD.maker ? owner : v]) };
};

export const shifted = (later, shift) => {
  if (!shift || later.kind === EDIT) return null;
  const moves = (k) => k === FIELD.expectedNumber || (k === FIELD.number && later.kind === UNDO);
  return {
    ...later,
    number: later.number + shift,
    fields: later.fields.map(([k, v]) => (moves(k) ? [k, String(Number(v) + shift)] : [k, v])),
  };
};

// The page's CSRF token goes as a header (a log-in since gives a new one).
export const postFields = (entry) => entry.fields.filter(([k]) => k !== FIELD.csrf);
export const lateForm = (entry) => ({
  kind: entry.kind,
  number: String(entry.number),
  summary: entry.summary || "",
  fields: JSON.stringify(postFields(entry)),
});

export const keepsHint = (path, keepsBidsForm) =>
  keepsBidsForm && kindOf(path) === DEALS ? { [FIELD.keeps]: KEEPS_BIDS_FORM } : {};

// A sent entry's fate, from its answer (a fetch Response).
export const outcomeOf = (kind, { status, ok, redirected, url, headers }) => {
  if (redirected && new URL(url).pathname.startsWith("/login")) return "logged-out";
  if (status >= 500) return "retry";
  if (status === 403 && headers.get(LATE_ENTRY_HEADER) && mayBeLate(kind)) return "late";
  return ok && headers.get(REFUSED_HEADER) !== "1" ? "sent" : "refused";
};

export const waitingText = (say, list) => {
  const last = list[list.length - 1];
  const latest = fill(say[`kept${last.kind}`] || say.keptdeals, { n: last.number });
  return list.length === 1 ? latest : `${latest} ${fill(say.keptmany, { count: list.length })}`;
};
export const rowTitle = (say, entry) => fill(say[`row${entry.kind}`] || say.rowdeals, { n: entry.number });
// The reasons, unless the form given back says them.
export const refusedText = (say, entry, reasons) => {
  const text = fill(entry.kind === EDIT ? say.refusededit : say.refused, { n: entry.number });
  return [text, ...(entry.retarget === `#${ID.form}` ? [] : new Set(reasons))].join(" ");
};

const done = (request) =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

// `was`: the owner's tags as a visitor (accounts/handover.py).
export const keptEntries = ({ game, owner, was, unownedAnswer }) => {
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
  const keep = async (entry) => done((await store("readwrite")).put(entry));
  const drop = async (id) => done((await store("readwrite")).delete(id));
  const entries = async () => {
    const all = await done((await store("readonly")).index("game").getAll(game));
    const now = [];
    for (const entry of all) {
      const changed = adopted(entry, { owner, was, unownedAnswer });
      if (changed) await keep(changed);
      now.push(changed || entry);
    }
    return now.filter((e) => e.owner === owner);
  };
  return { entries, keep, drop };
};

// A <template> per stage (pwa/offline_forms.py), fetched while online.
export const keptForms = ({ key, url, gamePath }) => {
  let forms = null;
  const template = (stage) => {
    if (!forms) {
      const html = localStorage.getItem(key);
      if (!html) return null;
      forms = document.createElement("div");
      forms.innerHTML = html; // <template>s: inert
    }
    return forms.querySelector(`template.offline-form[data-stage="${stage}"]`);
  };
  const load = async () => {
    if (location.pathname !== gamePath || !navigator.onLine) return;
    try {
      const response = await fetch(url, { credentials: "same-origin" });
      if (!response.ok || response.redirected) return;
      localStorage.setItem(key, await response.text());
      forms = null;
    } catch {
      // offline: the last copy stays
    }
  };
  return { template, load };
};
