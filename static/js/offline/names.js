// Names shared with the server, said once: tests/js/test_server_names.py checks them.
export const LATE_ENTRY_HEADER = "X-Late-Entry";
export const REFUSED_HEADER = "X-Entry-Refused";
export const CSRF_HEADER = "X-CSRFToken";
export const KEEPS_BIDS_FORM = "bids-form";
export const FORM_KEPT_EVENT = "deal-form-kept";
// How the saves' paths end (an edit's: deals/<n>/edit/): an entry's kind.
export const SAVE_KINDS = ["deals", "open", "reopen", "undo", "edit"];
export const STAGES = ["full", "opening", "closing"];

export const FIELD = {
  csrf: "csrfmiddlewaretoken",
  token: "token",
  expectedNumber: "expected_number",
  stage: "stage",
  keeps: "keeps",
  maker: "maker",
  number: "number",
};

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
