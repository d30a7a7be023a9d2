// Number pads: every <input data-pad min max> becomes a row of buttons, one tap per number, so
// bids and tricks are tapped, not typed. The input stays in the form (it is what is submitted);
// without JavaScript it is a plain number box. A fieldset[data-total] shows a running total.
(() => {
  "use strict";

  function build(input) {
    if (input.dataset.padBuilt) return;
    input.dataset.padBuilt = "1";
    const low = Number(input.min || 0);
    const high = Number(input.max || 13);
    const pad = document.createElement("div");
    pad.className = "pad";
    pad.setAttribute("role", "group");
    const label = input.labels && input.labels[0] ? input.labels[0].textContent.trim() : "";
    pad.setAttribute("aria-label", label);
    for (let n = low; n <= high; n++) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "pad-key";
      button.textContent = String(n);
      button.dataset.value = String(n);
      button.setAttribute("aria-label", `${label} ${n}`);
      pad.append(button);
    }
    input.classList.add("padded");
    input.after(pad);
    show(input);
  }

  function show(input) {
    const pad = input.nextElementSibling;
    if (!pad || !pad.classList.contains("pad")) return;
    for (const key of pad.children) {
      key.setAttribute("aria-pressed", String(key.dataset.value === input.value));
    }
  }

  function total(fieldset) {
    const out = fieldset.querySelector(".running-total");
    if (!out) return;
    const want = Number(fieldset.dataset.total);
    const inputs = [...fieldset.querySelectorAll("input[data-pad]")];
    const filled = inputs.filter((i) => i.value !== "");
    const sum = filled.reduce((s, i) => s + Number(i.value), 0);
    const word = fieldset.querySelector("legend").textContent.trim().toLowerCase();
    let text = `${sum} of ${want} ${word}`;
    if (filled.length === inputs.length && sum === want) text += " ✓";
    else if (sum > want) text += `: ${sum - want} too many`;
    else text += `: ${want - sum} to go`;
    out.textContent = text;
    out.classList.toggle("over", sum > want);
  }

  function setUp(root) {
    for (const input of root.querySelectorAll("input[data-pad]")) build(input);
    for (const fieldset of root.querySelectorAll("fieldset[data-total]")) total(fieldset);
  }

  document.addEventListener("click", (event) => {
    const key = event.target.closest(".pad-key");
    if (!key) return;
    const input = key.parentElement.previousElementSibling;
    input.value = key.dataset.value;
    show(input);
    const fieldset = input.closest("fieldset[data-total]");
    if (fieldset) total(fieldset);
    // The live preview listens for these on the form.
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });

  document.addEventListener("input", (event) => {
    if (!event.target.matches || !event.target.matches("input[data-pad]")) return;
    show(event.target);
    const fieldset = event.target.closest("fieldset[data-total]");
    if (fieldset) total(fieldset);
  });

  document.addEventListener("DOMContentLoaded", () => setUp(document));
  document.addEventListener("htmx:load", (event) => setUp(event.target));
})();
