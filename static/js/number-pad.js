// Number pads: every <input data-pad min max> becomes a row of buttons, one tap per number, so
// bids and tricks are tapped, not typed. The input stays in the form (it is what is submitted);
// without JavaScript it is a plain number box. A fieldset[data-total] shows a running total, and
// its last count is filled in once the others decide it (the tricks left for the last player).
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
    // data-pad-blank="Pass": a first key that leaves the number blank (an optional number).
    if (input.dataset.padBlank) pad.append(key("", input.dataset.padBlank, label));
    // data-pad-step="10" data-pad-plus="5": a key for every 10 and a "+5" key (card points).
    const step = Number(input.dataset.padStep || 1);
    for (let n = low; n <= high; n += step) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "pad-key";
      button.textContent = String(n);
      button.dataset.value = String(n);
      button.setAttribute("aria-label", `${label} ${n}`);
      pad.append(button);
    }
    if (input.dataset.padPlus) {
      const plus = key("", `+${input.dataset.padPlus}`, label);
      plus.className = "pad-key pad-plus";
      plus.dataset.plus = input.dataset.padPlus;
      pad.append(plus);
    }
    input.classList.add("padded");
    // The keys are the way in: the hidden box takes no Tab stop of its own (it has no visible focus).
    input.tabIndex = -1;
    input.after(pad);
    show(input);
  }

  function key(value, text, label) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "pad-key pad-blank";
    button.textContent = text;
    button.dataset.value = value;
    button.setAttribute("aria-label", `${label} ${text}`);
    return button;
  }

  function show(input) {
    const pad = input.nextElementSibling;
    if (!pad || !pad.classList.contains("pad")) return;
    const [base, extra] = split(input);
    for (const key of pad.children) {
      const on = key.dataset.plus ? extra > 0 : key.dataset.value === base;
      key.setAttribute("aria-pressed", String(on));
    }
  }

  // With data-pad-plus: the number as the key that is down and what the "+5" key adds to it.
  function split(input) {
    const plus = Number(input.dataset.padPlus || 0);
    if (!plus || input.value === "") return [input.value, 0];
    const low = Number(input.min || 0);
    const extra = (Number(input.value) - low) % Number(input.dataset.padStep || 1);
    return [String(Number(input.value) - extra), extra];
  }

  // The number a tap gives: the key's own, plus what "+5" adds while it is down; "+5" itself
  // toggles (never past the top).
  function tapped(input, key) {
    const [base, extra] = split(input);
    const high = Number(input.max || 13);
    if (key.dataset.plus) {
      const from = Number(base === "" ? input.min || 0 : base);
      const up = from + Number(key.dataset.plus);
      return String(extra || up > high ? from : up);
    }
    if (!extra || key.dataset.value === "") return key.dataset.value;
    const value = Number(key.dataset.value) + extra;
    return String(value > high ? Number(key.dataset.value) : value);
  }

  // The page's language: base.html gives the sentences, translated, with {placeholders}.
  const ENGLISH = {
    sum: "{sum} of {want} {word}",
    over: "{sum} of {want} {word}: {n} too many",
    short: "{sum} of {want} {word}: {n} to go",
  };
  function say(key, values) {
    const words = document.getElementById("pad-words");
    const template = (words && words.dataset[key]) || ENGLISH[key];
    return template.replace(/\{(\w+)\}/g, (all, name) => (name in values ? values[name] : all));
  }

  function total(fieldset) {
    const out = fieldset.querySelector(".running-total");
    if (!out) return;
    const want = Number(fieldset.dataset.total);
    const inputs = [...fieldset.querySelectorAll("input[data-pad]")];
    const filled = inputs.filter((i) => i.value !== "");
    const sum = filled.reduce((s, i) => s + Number(i.value), 0);
    const word = fieldset.querySelector("legend").textContent.trim().toLowerCase();
    let text;
    if (filled.length === inputs.length && sum === want) text = say("sum", { sum, want, word }) + " ✓";
    else if (sum > want) text = say("over", { sum, want, word, n: sum - want });
    else text = say("short", { sum, want, word, n: want - sum });
    out.textContent = text;
    out.classList.toggle("over", sum > want);
  }

  // In a list that must add up (tricks), once every count but one is in, the last is what the
  // others leave, when that is a count it can be. It is filled, not fixed: a tap on its pad
  // changes it (the running total then says what is off), and while nobody taps it, it follows
  // the others. data-filled marks a count filled so.
  function fillLast(fieldset) {
    const inputs = [...fieldset.querySelectorAll("input[data-pad]")];
    const open = inputs.filter((i) => i.value === "" || i.dataset.filled);
    const filled = open.filter((i) => i.dataset.filled);
    const last = open.length === 1 ? open[0] : null;
    const rest = inputs.filter((i) => i !== last).reduce((s, i) => s + Number(i.value || 0), 0);
    const left = Number(fieldset.dataset.total) - rest;
    const fits = last && left >= Number(last.min || 0) && left <= Number(last.max || 13);
    for (const input of filled) {
      if (input === last && fits) continue;
      delete input.dataset.filled; // no longer decided by the others: left for a tap
      set(input, "");
    }
    if (fits && last.value !== String(left)) {
      last.dataset.filled = "1";
      set(last, String(left));
    }
  }

  function set(input, value) {
    input.value = value;
    show(input);
    // The live preview listens for these on the form.
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // A form kept between deals is reset, not sent again: its pads are in the last deal's speaking
  // order. The answer's form head says this deal's (data-order: the seats from the dealer's left).
  function reorder(head) {
    const order = (head.dataset.order || "").split(" ").filter(Boolean);
    const form = head.closest("form");
    if (!order.length || !form) return;
    const seat = (row) => (row.querySelector("input[data-pad]") || { name: "" }).name.split("_").pop();
    for (const fieldset of form.querySelectorAll("fieldset.seat-numbers")) {
      const rows = [...fieldset.querySelectorAll(":scope > .seat-number")];
      if (!rows.length) continue;
      const after = rows[rows.length - 1].nextSibling;
      rows.sort((a, b) => order.indexOf(seat(a)) - order.indexOf(seat(b)));
      for (const row of rows) fieldset.insertBefore(row, after);
    }
  }

  function setUp(root) {
    for (const input of root.querySelectorAll("input[data-pad]")) build(input);
    for (const fieldset of root.querySelectorAll("fieldset[data-total]")) total(fieldset);
    const heads = root.id === "deal-form-head" ? [root] : root.querySelectorAll("#deal-form-head");
    for (const head of heads) reorder(head);
  }

  document.addEventListener("click", (event) => {
    const key = event.target.closest(".pad-key");
    if (!key) return;
    const input = key.parentElement.previousElementSibling;
    delete input.dataset.filled; // tapped: the scorekeeper's own count
    const fieldset = input.closest("fieldset[data-total]");
    set(input, tapped(input, key));
    if (fieldset) fillLast(fieldset);
    if (fieldset) total(fieldset);
  });

  document.addEventListener("input", (event) => {
    if (!event.target.matches || !event.target.matches("input[data-pad]")) return;
    show(event.target);
    const fieldset = event.target.closest("fieldset[data-total]");
    if (fieldset) total(fieldset);
  });

  document.addEventListener("DOMContentLoaded", () => setUp(document));
  document.addEventListener("htmx:load", (event) => setUp(event.target));

  // A form reset (after a recorded deal) puts the inputs back; the pads and totals follow.
  document.addEventListener("reset", (event) => {
    const form = event.target;
    setTimeout(() => {
      for (const input of form.querySelectorAll("input[data-pad]")) {
        delete input.dataset.filled;
        show(input);
      }
      for (const fieldset of form.querySelectorAll("fieldset[data-total]")) total(fieldset);
    }, 0);
  });
})();
