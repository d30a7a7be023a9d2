// Every game's deal form. `deal-recorded`: the server leaves the form in place, reset here;
// open sections close as on a new page.
document.addEventListener("deal-recorded", (event) => {
  const form = event.target;
  if (form instanceof HTMLFormElement && form.hasAttribute("data-reset-when-recorded")) form.reset();
});
document.addEventListener("reset", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || form.id !== "deal-form") return;
  for (const details of form.querySelectorAll("details[open]")) details.open = false;
});

// A double tap's second tap after the answer would save the fresh form just put in place and
// show errors nobody made: a form this fresh and untouched does not send.
const FRESH_MS = 700;
const markFresh = (form) => {
  // Not one given back filled (an undo): saving that again is the point.
  if (form.querySelector("[data-prefilled]")) return;
  form.dataset.freshAt = String(Date.now());
};
document.addEventListener("htmx:load", (event) => {
  const elt = event.detail.elt;
  if (elt === document.body) return; // the page itself
  const form = elt.id === "deal-form" ? elt : elt.querySelector && elt.querySelector("#deal-form");
  if (form) markFresh(form);
});
document.addEventListener("reset", (event) => {
  if (event.target.id === "deal-form") markFresh(event.target);
});
for (const kind of ["input", "change"]) {
  document.addEventListener(kind, (event) => {
    const form = event.target.form;
    if (form && form.id === "deal-form") delete form.dataset.freshAt;
  });
}
document.addEventListener("htmx:confirm", (event) => {
  const form = event.detail.elt;
  if (form.id !== "deal-form" || !form.dataset.freshAt) return;
  if (Date.now() - Number(form.dataset.freshAt) < FRESH_MS) event.preventDefault();
});

// The tap on submit blurs a field, asking for a preview; swapped in while the finger is down it
// moves the button away and the tap is lost. So the preview waits while the button is pressed.
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

// The answer swaps away the button that had the focus: give it to the dealer line, so Tab goes
// on into the form and not from the page's bottom.
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
    delete document.documentElement.dataset.bringing; // the page holds still again
  };
  const run = () => saved && ((saved = false), requestAnimationFrame(bringNext));
  // Before the swap, which may take the asking form away.
  document.addEventListener("htmx:beforeSwap", ({ detail }) => {
    const config = detail.requestConfig;
    if (config?.elt.id !== "deal-form" || !/\/(deals|open)\/$/.test(config.path) || detail.isError) return;
    saved = true;
    document.documentElement.dataset.bringing = "";
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
  // A deal the preview scores has nothing wrong left, if the preview asked after the last save
  // did: an older one, answered late, must not take away the refusal's messages.
  let asked = 0;
  let savedAsk = 0;
  document.addEventListener("htmx:beforeRequest", ({ detail }) => {
    detail.xhr.asked = ++asked;
    if (detail.requestConfig?.elt.id === "deal-form") savedAsk = asked;
  });
  document.addEventListener("htmx:afterSettle", ({ detail }) => {
    run();
    if (detail.xhr?.asked > savedAsk && detail.target.querySelector?.("#preview-body .lines")) {
      document.querySelectorAll("#deal-form .errorlist[id]").forEach((list) => clear(list.id));
    }
  });
})();
