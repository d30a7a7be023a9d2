// "Call by call": each tap adds a calling turn to the hidden `calls` field ("single,both,...").
// The server scores it; the readout here only mirrors the arithmetic for the scorekeeper.
(() => {
  const raise = (standing, turn, adds) =>
    turn === "both" ? Math.min(104, standing + adds) : standing === 100 ? 104 : standing + 10;

  // The words come from the page, in its language: data-says-* templates with {placeholders}.
  const say = (out, key, fallback, values = {}) =>
    (out.dataset[key] || fallback).replace(/\{(\w+)\}/g, (m, name) => values[name] ?? m);

  function readout(form) {
    const out = form.querySelector(".calls-readout");
    const turns = form.elements.calls.value ? form.elements.calls.value.split(",") : [];
    if (!out) return;
    if (!turns.length) {
      out.textContent = say(out, "saysNone", "No calls tapped: the chips above count.");
      return;
    }
    const adds = Number(out.dataset.adds || 20);
    let standing = 0;
    const steps = turns.map((turn) => {
      standing = raise(standing, turn, adds);
      return turn === "both" ? say(out, "saysBoth", "{n} (both)", { n: standing }) : `${standing}`;
    });
    const made = { steps: steps.join(" → "), n: standing };
    out.textContent = say(out, "saysMade", "{steps}: trumps made for {n}", made);
    const chip = form.querySelector(`input[name=call][value="${standing}"]`);
    if (chip) chip.checked = true;
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-call-turn]");
    if (!button) return;
    const form = button.closest("form");
    const field = form.elements.calls;
    const turns = field.value ? field.value.split(",") : [];
    const turn = button.dataset.callTurn;
    const adds = Number(form.querySelector(".calls-readout").dataset.adds || 20);
    const standing = turns.reduce((s, t) => raise(s, t, adds), 0);
    if (turn === "undo") turns.pop();
    else if (standing < 104) turns.push(turn); // nobody can call after 104
    field.value = turns.join(",");
    readout(form);
    field.dispatchEvent(new Event("change", { bubbles: true }));
  });

  // Tapping a call chip by hand means the final amount is known: forget the call-by-call list.
  document.addEventListener("change", (event) => {
    if (event.target.name !== "call" || !event.isTrusted) return;
    const form = event.target.form;
    if (form && form.elements.calls && form.elements.calls.value) {
      form.elements.calls.value = "";
      readout(form);
    }
  });

  document.addEventListener("htmx:load", (event) => {
    const form = event.detail.elt.querySelector && event.detail.elt.querySelector("#deal-form");
    if (form && form.elements.calls) readout(form);
  });

  // A reset form (after a recorded deal) has no calls tapped; the reset lands after this event.
  document.addEventListener("reset", (event) => {
    const form = event.target;
    if (form.elements && form.elements.calls) setTimeout(() => readout(form), 0);
  });
})();
