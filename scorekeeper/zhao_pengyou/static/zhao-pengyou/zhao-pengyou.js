// Zhao Pengyou's deal form: the trump maker is always on the team (their chip is on and stays
// on), the team's size against the table's largest, the points pads' readouts, and the trump
// rank filled in from the trump maker's level. Without JavaScript the form still works: the
// server puts the trump maker on the team.
(() => {
  "use strict";

  const form = () => document.getElementById("deal-form");

  function teamCount(root) {
    const fieldset = root.querySelector(".zp-team");
    if (!fieldset) return;
    const out = fieldset.querySelector(".zp-team-count");
    const n = fieldset.querySelectorAll("input[name=team]:checked").length;
    const most = Number(fieldset.dataset.maxTeam);
    let text = fieldset.dataset.saysFull;
    if (n < most) text = fieldset.dataset.saysShort.replace("{short}", most - n);
    if (n > most) text = fieldset.dataset.saysOver.replace("{over}", n - most);
    out.textContent = n ? text.replace("{n}", n) : "";
    out.classList.toggle("over", n > most);
  }

  function makerChanged(root, seat) {
    for (const box of root.querySelectorAll(".zp-team input[name=team]")) {
      const maker = box.value === seat;
      if (box.dataset.maker && !maker) {
        box.checked = false;
        delete box.dataset.maker;
      }
      if (maker) {
        box.checked = true;
        box.dataset.maker = "1";
      }
      box.closest(".chip").classList.toggle("maker", maker);
    }
    const chips = root.querySelector("[data-levels]");
    const rank = root.querySelector("select[name=trump_rank]");
    if (chips && rank && (rank.value === "" || rank.dataset.auto)) {
      const level = chips.dataset.levels.split(" ")[Number(seat)];
      if (level && level !== "-") {
        rank.value = level;
        rank.dataset.auto = "1";
      }
    }
    teamCount(root);
  }

  function readout(input) {
    const out = document.querySelector(`.zp-readout[data-for="${input.id}"]`);
    if (out) out.textContent = input.value;
  }

  document.addEventListener("click", (event) => {
    // The trump maker's own chip stays on: tapping it does nothing.
    const box = event.target.closest(".zp-team .chip.maker");
    if (box) event.preventDefault();
  });

  // Capture phase: the team is put right before htmx (listening on the form) reads it for the
  // preview, so the preview shows the team that will be saved.
  document.addEventListener(
    "change",
    (event) => {
      const t = event.target;
      if (!form() || !form().contains(t)) return;
      if (t.name === "trump_maker") makerChanged(form(), t.value);
      if (t.name === "team") teamCount(form());
      if (t.name === "trump_rank") delete t.dataset.auto;
    },
    true,
  );

  document.addEventListener("input", (event) => {
    if (event.target.matches && event.target.matches("input[data-pad=points]")) {
      readout(event.target);
    }
  });

  function setUp() {
    const f = form();
    if (!f) return;
    teamCount(f);
    for (const input of f.querySelectorAll("input[data-pad=points]")) readout(input);
  }

  // New game: with the trump maker by result nobody is due to start (anyone may make trumps in
  // the first deal, and after it the last deal names the trump maker), so the first-starter
  // question goes away while that rule is chosen. Without JavaScript it stays, and is ignored.
  function starterRule() {
    const rule = document.getElementById("id_rule_starter");
    const chips = document.querySelector("form.new-game .dealer-chips");
    const question = chips && chips.closest("fieldset");
    if (rule && question) question.hidden = rule.value === "by-result";
  }
  document.addEventListener("change", (event) => {
    if (event.target.id === "id_rule_starter") starterRule();
  });

  document.addEventListener("DOMContentLoaded", starterRule);
  document.addEventListener("DOMContentLoaded", setUp);
  document.addEventListener("htmx:load", setUp);
  document.addEventListener("reset", () => setTimeout(setUp));

  // After a recorded deal the browser resets the form; readouts and counts follow it.
  document.addEventListener("reset", (event) => {
    if (event.target === form()) setTimeout(setUp, 0);
  });
})();
