// The scorepad's keypad: one number per player, tapped on digits with a minus key (points here
// go below zero, which the shared number pad's one key per number cannot say). A tap on a
// player's box makes it the one the keys write to; the phone's own keyboard stays away
// (inputmode none), and typing still works. Under zero-sum the last player's number is filled
// in from the others (data-sp-last) until somebody types it. Without JavaScript the boxes are
// plain text boxes.
(() => {
  "use strict";

  const boxes = (fieldset) => [...fieldset.querySelectorAll("input[data-sp-points]")];

  function current(fieldset) {
    return fieldset.querySelector('input[aria-current="true"]') || boxes(fieldset)[0];
  }

  function choose(fieldset, input) {
    for (const box of boxes(fieldset)) box.removeAttribute("aria-current");
    input.setAttribute("aria-current", "true");
  }

  function key(text, label, action) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "pad-key sp-key";
    button.textContent = text;
    button.dataset.key = action;
    if (label) button.setAttribute("aria-label", label);
    return button;
  }

  function build(fieldset) {
    if (fieldset.dataset.spBuilt) return;
    fieldset.dataset.spBuilt = "1";
    const pad = document.createElement("div");
    pad.className = "sp-keypad";
    pad.setAttribute("role", "group");
    pad.setAttribute("aria-label", fieldset.querySelector("legend").textContent.trim());
    for (const n of "123456789") pad.append(key(n, "", n));
    pad.append(key("−", fieldset.dataset.minus, "minus"), key("0", "", "0"));
    pad.append(key("⌫", fieldset.dataset.delete, "delete"));
    fieldset.append(pad);
    for (const box of boxes(fieldset)) box.setAttribute("inputmode", "none");
    choose(fieldset, boxes(fieldset)[0]);
  }

  function edited(value, action) {
    if (action === "delete") return value.slice(0, -1) === "-" ? "" : value.slice(0, -1);
    if (action === "minus") return value.startsWith("-") ? value.slice(1) : `-${value || ""}`;
    const digits = value.replace("-", "");
    const sign = value.startsWith("-") ? "-" : "";
    if (digits.length >= 6) return value; // the most a deal takes is 100000
    return sign + (digits === "0" ? action : digits + action);
  }

  function set(input, value) {
    input.value = value;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // Zero-sum: once every other number is in, the last is what they leave.
  function fillLast(fieldset) {
    const last = fieldset.querySelector("input[data-sp-last]");
    if (!last || (last.value !== "" && !last.dataset.filled)) return;
    const others = boxes(fieldset).filter((box) => box !== last);
    const numbers = others.map((box) => box.value.trim());
    if (numbers.some((n) => n === "" || n === "-" || Number.isNaN(Number(n)))) {
      if (last.dataset.filled) set(last, "");
      delete last.dataset.filled;
      return;
    }
    const left = -numbers.reduce((sum, n) => sum + Number(n), 0);
    last.dataset.filled = "1";
    if (last.value !== String(left)) set(last, String(left));
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest(".sp-key");
    const fieldset = event.target.closest("fieldset[data-sp-keypad]");
    if (!fieldset) return;
    if (!button) {
      if (event.target.matches("input[data-sp-points]")) choose(fieldset, event.target);
      return;
    }
    const input = current(fieldset);
    delete input.dataset.filled; // typed: the scorekeeper's own number
    set(input, edited(input.value, button.dataset.key));
    if (!input.hasAttribute("data-sp-last")) fillLast(fieldset);
  });

  document.addEventListener("focusin", (event) => {
    const fieldset = event.target.closest && event.target.closest("fieldset[data-sp-keypad]");
    if (fieldset && event.target.matches("input[data-sp-points]")) choose(fieldset, event.target);
  });

  document.addEventListener("input", (event) => {
    const input = event.target;
    if (!input.matches || !input.matches("input[data-sp-points]") || !event.isTrusted) return;
    delete input.dataset.filled;
    const fieldset = input.closest("fieldset[data-sp-keypad]");
    if (fieldset && !input.hasAttribute("data-sp-last")) fillLast(fieldset);
  });

  function setUp(root) {
    for (const fieldset of root.querySelectorAll("fieldset[data-sp-keypad]")) build(fieldset);
  }

  // The new-game form's games to start from: a chip fills in the house rules' starting values
  // (data-preset: each rule's value by its key) and opens them, to be changed if the table likes.
  function preset(button) {
    const form = button.closest("form");
    const values = JSON.parse(button.dataset.preset);
    for (const [key, value] of Object.entries(values)) {
      const field = form.elements[`rule_${key}`];
      if (field) field.value = String(value);
    }
    for (const chip of button.parentElement.children) chip.setAttribute("aria-pressed", String(chip === button));
    const rules = form.querySelector("details.house-rules");
    if (rules) rules.open = true;
    const focus = values.focus && form.elements[`rule_${values.focus}`];
    if (focus) focus.focus();
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("[data-sp-presets] [data-preset]");
    if (button) preset(button);
  });

  function showPresets(root) {
    for (const presets of root.querySelectorAll("[data-sp-presets]")) {
      presets.hidden = false;
      for (const chip of presets.querySelectorAll("[data-preset]")) chip.setAttribute("aria-pressed", "false");
    }
  }

  document.addEventListener("DOMContentLoaded", () => showPresets(document));
  document.addEventListener("DOMContentLoaded", () => setUp(document));
  document.addEventListener("htmx:load", (event) => setUp(event.target));
  document.addEventListener("reset", (event) => {
    setTimeout(() => {
      for (const fieldset of event.target.querySelectorAll("fieldset[data-sp-keypad]")) {
        for (const box of boxes(fieldset)) delete box.dataset.filled;
        choose(fieldset, boxes(fieldset)[0]);
      }
    }, 0);
  });
})();
