// The live table (scorekeeper/play/live.py): the game page asks every 2 s whether the game
// changed; the server answers 204 while it has not. A deal form holding the user's input (typed,
// brought back by an undo, or sent back with an error) is never swapped away: the poll says so.
(() => {
  const form = () => document.getElementById("deal-form");

  const holdsInput = () => {
    const f = form();
    if (!f) return false;
    return (
      f.dataset.touched === "1" ||
      f.querySelector("[data-prefilled]") !== null ||
      f.querySelector(".errors, .errorlist") !== null
    );
  };

  for (const type of ["input", "change"]) {
    document.addEventListener(type, (event) => {
      const f = event.target.closest && event.target.closest("#deal-form");
      if (f) f.dataset.touched = "1";
    });
  }
  document.addEventListener("reset", (event) => {
    if (event.target.id === "deal-form") delete event.target.dataset.touched;
  });

  // A save says what the page knew (its poll's stamp): if the game changed meanwhile, the
  // answer leaves the page's stamp as it was, and the next ask brings the whole log.
  document.addEventListener("htmx:configRequest", (event) => {
    const poll = document.getElementById("live-poll");
    if (!poll || event.detail.verb === "get") return;
    const said = new URL(poll.getAttribute("hx-get"), location.href).searchParams.get("v");
    if (said !== null) event.detail.headers["X-Page-Stamp"] = said;
  });

  // A table phone's note (nights/follow.py): the deal being entered when the round ends stays
  // in the form, to be saved for the organiser; once the round's end is shown (and nothing is
  // being typed), the note that says why is brought into view (a page loaded again stays
  // where it was: at the log, say).
  document.addEventListener("htmx:configRequest", (event) => {
    if (event.detail.elt.id === "table-follow" && holdsInput()) event.detail.parameters.dirty = "1";
  });
  let closedShown = false;
  document.addEventListener("htmx:afterSettle", (event) => {
    const closed = document.querySelector("#table-follow [data-testid=table-closed]");
    if (closed && !closedShown && event.detail.elt.id === "table-follow" && !holdsInput()) {
      closed.scrollIntoView({ block: "center" });
    }
    closedShown = closed !== null;
  });
  // A preview refused because the round has ended does not load the page again over the
  // input: the table's note says why, and the input is saved for the organiser.
  document.addEventListener("htmx:beforeOnLoad", (event) => {
    if (event.detail.elt.id === "preview" && event.detail.xhr.status === 403) event.preventDefault();
  });

  document.addEventListener("htmx:configRequest", (event) => {
    const poll = event.detail.elt;
    if (poll.id !== "live-poll") return;
    if (holdsInput()) event.detail.parameters.dirty = "1";
    poll.dataset.askedDirty = event.detail.parameters.dirty === "1" ? "1" : "";
  });

  // An answer asked for while the form was untouched brings a fresh form; if input was made
  // while it was on its way (a slow network), it is dropped and asked for again at once, with
  // dirty=1: the same change without the form. (Not left to the next poll: a page on a stream
  // polls only when the stream says the game changed, and it has said so already.)
  document.addEventListener("htmx:beforeSwap", (event) => {
    const poll = event.detail.elt;
    if (poll.id === "live-poll" && poll.dataset.askedDirty !== "1" && holdsInput()) {
      event.detail.shouldSwap = false;
      setTimeout(() => poll.dispatchEvent(new Event("poll:again", { bubbles: true })), 0);
    }
  });

  // A revoked link or a role taken away: stop asking, and say so. Logged out (401): the
  // answer is the note itself, with a way back in.
  document.addEventListener("htmx:responseError", (event) => {
    const poll = event.detail.elt;
    if (poll.id !== "live-poll") return;
    if (event.detail.xhr.status === 401) {
      poll.outerHTML = event.detail.xhr.responseText;
      return;
    }
    if (![403, 404].includes(event.detail.xhr.status)) return;
    const note = document.createElement("p");
    note.className = "live-note";
    note.setAttribute("role", "alert");
    note.textContent = poll.dataset.gone || "This game can no longer be followed from here.";
    poll.replaceWith(note);
  });

  // A poll (or the stream) and this phone's own save can both bring the same new deal. The
  // poll replaces the whole log; the save's answer adds its row on top (afterbegin), so when the
  // poll came first the row would go in twice. It is left out of what is added, before the
  // swap: a sweep once htmx settles came too late (the settle waits 20 ms, more on a busy
  // phone, and the page showed both rows meanwhile). The log's row is the one kept: it came
  // with the rest of the log, at least as new as the save's answer. Nothing else is dropped.
  document.addEventListener("htmx:oobBeforeSwap", (event) => {
    const { target, fragment } = event.detail;
    if (target.id !== "log-list") return;
    const shown = new Set(Array.from(target.children, (row) => row.id).filter(Boolean));
    for (const row of Array.from(fragment.children)) {
      if (shown.has(row.id)) row.remove();
    }
  });
})();
