// What a kept entry is and what follows from it: plain functions of their arguments (no page, no
// storage, no network), so tests/js/entry-rules.test.mjs tests them in Node.
import { FIELD, ID, KEEPS_BIDS_FORM, SAVE_KINDS, STAGES } from "./names.js";

// An entry's kind is the last part of its save's path (SAVE_KINDS); kept on the phone with it.
const [DEALS, OPEN, REOPEN, UNDO, EDIT] = SAVE_KINDS;
const [FULL, OPENING, CLOSING] = STAGES;
const SAVE = new RegExp(`/(${[DEALS, OPEN, REOPEN, UNDO].join("|")})/$|/${DEALS}/\\d+/${EDIT}/$`);

// A path the game page saves to (its deal, bids, their taking back, an undo, an edit).
export const isSavePath = (path) => SAVE.test(path || "");

// "deals", "open", "reopen", "undo" or "edit": what a save's path does.
export const kindOf = (path) => {
  const found = (path || "").match(SAVE);
  if (!found) return null;
  return found[1] || EDIT;
};

// Only a deal or its bids can be handed to the night as a late entry.
export const mayBeLate = (kind) => kind === DEALS || kind === OPEN;

export const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, k) => values[k] ?? "");

// A field's value among an entry's [name, value] pairs ("" when it is not there).
export const field = (fields, name) => (fields.find(([k]) => k === name) || [])[1] || "";

export const uuid = () =>
  crypto.randomUUID
    ? crypto.randomUUID()
    : "10000000-1000-4000-8000-100000000000".replace(/[018]/g, (c) =>
        (c ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (c / 4)))).toString(16),
      );

// The entry a save makes: its string fields (a file is no entry's), its maker's tag added
// where the form had none (an undo, bids taken back), and the deal it is about.
export const entryOf = ({ game, owner, path, formData, summary = "", at = Date.now() }) => {
  const fields = [...formData.entries()].filter(([, v]) => typeof v === "string");
  if (!fields.some(([k]) => k === FIELD.maker)) fields.push([FIELD.maker, owner]);
  const kind = kindOf(path);
  const number = Number(field(fields, kind === UNDO ? FIELD.number : FIELD.expectedNumber)) || 0;
  return { game, owner, url: path, kind, number, fields, summary, at };
};

// Which form comes next on the page after the last kept entry (the server is not there to
// say): after a deal, the next deal's (its bids first in a two-step game); after the bids, the
// same deal's tricks; bids taken back, the bids again; an undo, the undone deal's last form
// (its bids stay in a two-step game); after an edit, the page is left as it is (null).
export const nextForm = (kind, number, twoStep) => {
  if (kind === OPEN) return { stage: CLOSING, number };
  if (kind === REOPEN) return { stage: OPENING, number };
  if (kind === UNDO) return { stage: twoStep ? CLOSING : FULL, number };
  if (kind === EDIT) return null;
  return { stage: twoStep ? OPENING : FULL, number: number + 1 };
};

// An entry kept before this phone knew makers (no owner), or by a visitor this person was
// (`was`): now the owner's. The first comes back refused (`unownedAnswer` says why): theirs
// only once they save it again. Null: the entry stays as it is.
export const adopted = (entry, { owner, was, unownedAnswer }) => {
  if (entry.owner === undefined) {
    return { ...entry, owner, refused: true, answer: unownedAnswer, retarget: "" };
  }
  if (!was.includes(entry.owner)) return null;
  const fields = entry.fields.map(([k, v]) => [k, k === FIELD.maker ? owner : v]);
  return { ...entry, owner, fields };
};

// A refused entry saved again as deal `number`: each later one moves by as many deals (an
// edit names its deal and stays). Null: it stays as it is.
export const shifted = (later, shift) => {
  if (!shift || later.kind === EDIT) return null;
  const moves = (k) => k === FIELD.expectedNumber || (k === FIELD.number && later.kind === UNDO);
  return {
    ...later,
    number: later.number + shift,
    fields: later.fields.map(([k, v]) => (moves(k) ? [k, String(Number(v) + shift)] : [k, v])),
  };
};

// What is posted for an entry: its fields but the CSRF token it was made with (the page's
// own goes as a header: a log-in since gives a new one).
export const postFields = (entry) => entry.fields.filter(([k]) => k !== FIELD.csrf);

// What the night is told of a late entry (nights/late.py).
export const lateForm = (entry) => ({
  kind: entry.kind,
  number: String(entry.number),
  summary: entry.summary || "",
  fields: JSON.stringify(postFields(entry)),
});

// The parameter a save sends when the page keeps a fresh bids form: the answer need not send
// one (games/record_post.py).
export const keepsHint = (path, keepsBidsForm) =>
  keepsBidsForm && kindOf(path) === DEALS ? { [FIELD.keeps]: KEEPS_BIDS_FORM } : {};

// What became of a sent entry, from its answer: "logged-out" (sent to the log-in page: it
// waits), "retry" (the server failed: later), "late" (its table's round ended: handed to the
// night), "sent", or "refused" (it stops the sending, and the page shows why).
export const outcomeOf = (kind, { status, ok, loginRedirect, lateUrl, refusedMark }) => {
  if (loginRedirect) return "logged-out";
  if (status >= 500) return "retry";
  if (status === 403 && lateUrl && mayBeLate(kind)) return "late";
  if (ok && refusedMark !== "1") return "sent";
  return "refused";
};

// The note's words while entries wait: the last one's, and how many there are.
export const waitingText = (say, list) => {
  const last = list[list.length - 1];
  const latest = fill(say[`kept${last.kind}`] || say.keptdeals, { n: last.number });
  return list.length === 1 ? latest : `${latest} ${fill(say.keptmany, { count: list.length })}`;
};

// A waiting row's title in the log ("Deal 3: the bids").
export const rowTitle = (say, entry) => fill(say[`row${entry.kind}`] || say.rowdeals, { n: entry.number });

// The note's words for a refused entry: what was not taken, and the server's reasons unless
// the form given back says them at its fields.
export const refusedText = (say, entry, reasons) => {
  const text = fill(entry.kind === EDIT ? say.refusededit : say.refused, { n: entry.number });
  const said = entry.retarget === `#${ID.form}` ? [] : [...new Set(reasons)];
  return [text, ...said].join(" ");
};
