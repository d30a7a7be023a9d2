// Thunee's card points keypad (scorekeeper/thunee/static/thunee/card-counter.js), in Node with a
// stand-in for the page: the digits are kept as typed, past the most too, and the field says so.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import vm from "node:vm";

const SOURCE = readFileSync(
  new URL("../../scorekeeper/thunee/static/thunee/card-counter.js", import.meta.url),
  "utf8",
);
const SAID = "At most 304 here: check the number.";

function element(props = {}) {
  const attrs = new Map();
  return {
    dataset: {},
    classList: { contains: (name) => (props.classes || []).includes(name) },
    setAttribute: (name, value) => attrs.set(name, String(value)),
    getAttribute: (name) => (attrs.has(name) ? attrs.get(name) : null),
    removeAttribute: (name) => attrs.delete(name),
    matches: () => false,
    closest: () => null,
    ...props,
  };
}

function page() {
  const handlers = {};
  const byId = new Map();
  const document = {
    addEventListener: (type, handler) => (handlers[type] ||= []).push(handler),
    querySelector: () => null,
    querySelectorAll: () => [],
    getElementById: (id) => byId.get(id) || null,
    createElement: () => {
      const made = element();
      made.remove = () => byId.delete(made.id);
      return made;
    },
  };
  const fire = (type, target) => (handlers[type] || []).forEach((h) => h({ target }));
  const pad = element({ classes: ["pad"] });
  pad.after = (slip) => byId.set(slip.id, slip);
  const input = element({ id: "id_counting_points", value: "", max: "304", nextElementSibling: pad });
  input.dataset.mostSaid = SAID;
  input.matches = (selector) => selector === "input[data-most-said]";
  input.dispatchEvent = (event) => fire(event.type, input);
  pad.previousElementSibling = input;
  const tap = (digit) => {
    const key = element({ parentElement: pad });
    key.dataset.digit = digit;
    key.closest = (selector) => (selector === ".digit-pad [data-digit]" ? key : null);
    fire("click", key);
  };
  class Event {
    constructor(type) {
      this.type = type;
    }
  }
  // No element is an Element here: the card counter's own listener lets these taps by.
  vm.runInNewContext(SOURCE, { document, Event, Element: class {}, setTimeout });
  return { input, tap, slip: () => byId.get("id_counting_points_most") || null };
}

test("3, 5, 0 is 350, kept as typed and said to be past 304", () => {
  const { input, tap, slip } = page();
  for (const digit of "350") tap(digit);
  assert.equal(input.value, "350");
  assert.equal(slip().textContent, SAID);
  assert.equal(input.getAttribute("aria-invalid"), "true");
  assert.equal(input.getAttribute("aria-describedby"), "id_counting_points_most");
});

test("a digit taken back to a number it can be takes the words away", () => {
  const { input, tap, slip } = page();
  for (const digit of "350⌫") tap(digit);
  assert.equal(input.value, "35");
  assert.equal(slip(), null);
  assert.equal(input.getAttribute("aria-invalid"), null);
  assert.equal(input.getAttribute("aria-describedby"), null);
});

test("304 itself is no slip, and a leading 0 gives way to the next digit", () => {
  const { input, tap, slip } = page();
  for (const digit of "0304") tap(digit);
  assert.equal(input.value, "304");
  assert.equal(slip(), null);
});
