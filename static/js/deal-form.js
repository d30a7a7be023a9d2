// Every game's deal form. After a recorded deal the server may leave the form in place and ask
// the browser to reset it (the `deal-recorded` event, sent to the form that recorded it: only the
// recording form is marked to take it); open sections close again as on a new page.
document.addEventListener("deal-recorded", (event) => {
  const form = event.target;
  if (form instanceof HTMLFormElement && form.hasAttribute("data-reset-when-recorded")) form.reset();
});
document.addEventListener("reset", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || form.id !== "deal-form") return;
  for (const details of form.querySelectorAll("details[open]")) details.open = false;
});

// A double tap whose second tap lands after the answer came: it would save the form that has
// just been put in place (an empty next deal, the tricks after the bids) and show errors the
// player never made. A deal form this fresh and still untouched does not send itself.
const FRESH_MS = 700;
const markFresh = (form) => {
  // Not a form given back with a deal's facts in it (an undo): saving that again is the point.
  if (form.querySelector("[data-prefilled]")) return;
  form.dataset.freshAt = String(Date.now());
};
document.addEventListener("htmx:load", (event) => {
  const elt = event.detail.elt;
  if (elt === document.body) return; // the page itself, not an answer swapped in
  const form = elt.id === "deal-form" ? elt : elt.querySelector && elt.querySelector("#deal-form");
  if (form) markFresh(form);
});
document.addEventListener("reset", (event) => {
  if (event.target.id === "deal-form") markFresh(event.target);
});
for (const kind of ["input", "change"]) {
  document.addEventListener(kind, (event) => {
    const form = event.target.form;
    if (form && form.id === "deal-form") delete form.dataset.freshAt; // touched: a real entry
  });
}
document.addEventListener("htmx:confirm", (event) => {
  const form = event.detail.elt;
  if (form.id !== "deal-form" || !form.dataset.freshAt) return;
  if (Date.now() - Number(form.dataset.freshAt) < FRESH_MS) event.preventDefault();
});

// Tapping the submit button takes the focus from the field just typed in, which asks for a fresh
// preview; an answer swapped in while the finger is still down changes the preview's height, the
// button moves away under the finger and the tap is lost. While the button is pressed the preview
// keeps what it shows; the answer to the tap replaces it anyway.
let pressingSubmit = false;
document.addEventListener("pointerdown", (event) => {
  pressingSubmit = Boolean(event.target.closest && event.target.closest("#deal-submit"));
});
for (const kind of ["pointerup", "pointercancel"]) {
  document.addEventListener(kind, () => setTimeout(() => (pressingSubmit = false), 0));
}
document.addEventListener("htmx:beforeSwap", (event) => {
  if (pressingSubmit && event.detail.target && event.detail.target.id === "preview") {
    event.detail.shouldSwap = false;
  }
});

// A keyboard user's focus sits on the button just pressed (or the undo, or "Change the bids"); the
// answer swaps that button away and the focus falls back to the page, so the next Tab started
// from wherever the browser put it (the links at the bottom). Give it back to the top of the deal
// form: the line saying whose deal it is, from which Tab goes on into the form.
document.addEventListener("htmx:afterSettle", (event) => {
  const from = event.detail.requestConfig && event.detail.requestConfig.elt;
  if (!from || from.id === "live-poll" || from.id === "preview") return;
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  const line = document.getElementById("dealer-line");
  if (!line) return;
  line.tabIndex = -1;
  line.focus({ preventScroll: true });
});

// After a save the next field comes into view below the sticky score; put right, a message goes.
(() => {
  const shown = (el) => el.checkVisibility?.(); // a closed <details> lays out what it hides
  const first = (selector) => [...document.querySelectorAll(selector)].find(shown);
  let saved = false;
  const bringNext = () => {
    const wrong = first("#deal-form :is(.errorlist, [aria-invalid=true])");
    const el =
      first("#main .messages, #deal-form > .errors") ||
      wrong?.closest("fieldset, label, .seat-number") ||
      first("#deal-form :is(fieldset, .chips, label, select, input:not([type=hidden]))");
    const top = el?.getBoundingClientRect().top - document.querySelector(".topbar").getBoundingClientRect().bottom - 8;
    if (top < 0 || top > innerHeight / 3) scrollBy({ top, behavior: "instant" });
  };
  const run = () => saved && ((saved = false), requestAnimationFrame(bringNext));
  // Before the swap, which may take the asking form away.
  document.addEventListener("htmx:beforeSwap", ({ detail }) => {
    const config = detail.requestConfig;
    if (config?.elt.id !== "deal-form" || !/\/(deals|open)\/$/.test(config.path) || detail.isError) return;
    saved = true;
    setTimeout(run, 120); // a kept form settles nothing
  });
  const clear = (id) => {
    document.querySelectorAll(`[aria-describedby~="${id}"]`).forEach((el) => el.removeAttribute("aria-invalid"));
    document.getElementById(id)?.remove();
  };
  // Put right: chosen, in range, adding up.
  const edited = ({ target: el }) => {
    if (el.form?.id !== "deal-form" || !el.name) return;
    const blank = el.value === "";
    if (el.type === "radio" ? el.checked : blank ? "padBlank" in el.dataset : el.checkValidity()) {
      clear(`id_${el.name}_error`);
    }
    const set = el.closest("fieldset[data-total]");
    const numbers = [...(set?.querySelectorAll("input[data-pad]") || [])].map((i) => i.value);
    if (!set || numbers.includes("") || numbers.reduce((s, n) => s + +n, 0) !== +set.dataset.total) return;
    (set.getAttribute("aria-describedby") || "").split(" ").forEach(clear);
  };
  document.addEventListener("change", edited);
  document.addEventListener("input", edited);
  // A deal the preview scores has nothing wrong left.
  document.addEventListener("htmx:afterSettle", ({ detail }) => {
    run();
    if (detail.target.querySelector?.("#preview-body .lines")) {
      document.querySelectorAll("#deal-form .errorlist[id]").forEach((list) => clear(list.id));
    }
  });
})();
