// The names the offline script shares with the server, said once here. Each is checked against
// what the server sends and renders by tests/js/test_server_names.py.

// Headers of an answer: where a late entry goes (games/denied.py), and the mark of an answer
// that did not save what was sent (games/offline.py).
export const LATE_ENTRY_HEADER = "X-Late-Entry";
export const REFUSED_HEADER = "X-Entry-Refused";
// The header Django reads the CSRF token from (the page says it: templates/base.html hx-headers).
export const CSRF_HEADER = "X-CSRFToken";

// A save's hint that the page keeps a fresh bids form (games/record_post.py KEEPS), and the
// event the answer then triggers for it to go in (games/views.py).
export const KEEPS_BIDS_FORM = "bids-form";
export const FORM_KEPT_EVENT = "deal-form-kept";

// The game page's saves (games/urls.py), by the last part of their path; "edit" is
// /deals/<n>/edit/.
export const SAVE_KINDS = ["deals", "open", "reopen", "undo", "edit"];

// The stages of a deal form (games/offline.py stages): one step, or the bids then the tricks.
export const STAGES = ["full", "opening", "closing"];

// The fields of a deal form the script reads or sets (games/record_post.py reads them).
export const FIELD = {
  csrf: "csrfmiddlewaretoken",
  token: "token",
  expectedNumber: "expected_number",
  stage: "stage",
  keeps: "keeps",
  maker: "maker", // whose entry it is (games/phone_owner.py)
  number: "number", // the deal an undo takes back
};

// The elements of the game page (templates/games/*.html, base.html) the script reads or changes.
export const ID = {
  words: "offline-words",
  main: "main",
  board: "board",
  form: "deal-form",
  submit: "deal-submit",
  opening: "deal-opening",
  preview: "preview",
  previewBody: "preview-body",
  log: "log-list",
  undo: "undo",
  dealer: "dealer-line",
  history: "history",
  liveStatus: "live-status",
  scoreStrip: "score-strip",
  livePoll: "live-poll",
};
