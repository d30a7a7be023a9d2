// Card counter: the cards tapped in one team's tricks give #id_counting_points. One listener on
// document and state in the DOM (aria-pressed): a swapped-in form works and starts clean.
(() => {
  "use strict";

  const pressed = (el) => el.getAttribute("aria-pressed") === "true";
  // The page's words: data-says-* templates with {placeholders}.
  const say = (counter, key, fallback, values = {}) =>
    (counter.dataset[key] || fallback).replace(/\{(\w+)\}/g, (m, name) => values[name] ?? m);
  const WORDS = { card: ["Card", "Cards"], point: ["Point", "Points"], trick: ["Trick", "Tricks"] };
  const plural = (counter, n, word) => {
    const [one, many] = WORDS[word];
    return n === 1
      ? say(counter, `says${one}`, `1 ${word}`)
      : say(counter, `says${many}`, `{n} ${word}s`, { n });
  };

  function pointsInput(counter) {
    const form = counter.closest("form");
    return (form || document).querySelector("#id_counting_points, [name=counting_points]");
  }

  function setPoints(counter, value) {
    const input = pointsInput(counter);
    if (!input || input.value === value) return;
    input.value = value;
    // The live preview listens for these on the form.
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function update(counter, { write }) {
    const cards = [...counter.querySelectorAll("[data-card]")];
    const chosen = cards.filter(pressed);
    const packPoints = cards.reduce((sum, c) => sum + Number(c.dataset.points), 0); // 304
    const points = chosen.reduce((sum, c) => sum + Number(c.dataset.points), 0);
    const other = counter.querySelector('[data-cc-side="other"]');
    const minus = other !== null && pressed(other);
    const result = minus ? packPoints - points : points;
    const n = chosen.length;

    // "5 cards · 74 points → counting team 230 (304 − 74)"
    const put = (selector, text) => {
      const el = counter.querySelector(selector);
      if (el) el.textContent = text;
    };
    const sum = { cards: plural(counter, n, "card"), points: plural(counter, points, "point") };
    put("[data-cc-sum]", say(counter, "saysSum", "{cards} · {points}", sum));
    put("[data-cc-result]", n ? String(result) : "–");
    put("[data-cc-how]", n && minus ? ` (${packPoints} − ${points})` : "");

    const perTrick = Number(counter.dataset.cardsPerTrick) || 0;
    const inPlay = perTrick * (Number(counter.dataset.tricks) || 0) || cards.length;
    let warning = "";
    if (n > inPlay) {
      const values = { n, in_play: inPlay };
      warning = say(counter, "saysTooMany", "{n} cards is more than the {in_play} in play.", values);
    } else if (perTrick && n % perTrick) {
      const whole = Math.floor(n / perTrick);
      const values = {
        cards: plural(counter, n, "card"),
        per_trick: perTrick,
        tricks: plural(counter, whole, "trick"),
        rest: n % perTrick,
      };
      warning = say(
        counter,
        "saysNotWhole",
        "{cards}: not a whole number of tricks of {per_trick} ({tricks} + {rest}). " +
          "A card missed, or one too many?",
        values,
      );
    }
    const warn = counter.querySelector("[data-cc-warning]");
    if (warn) {
      warn.textContent = warning ? `⚠ ${warning}` : "";
      warn.hidden = !warning;
    }

    // Nothing tapped: an empty box, not a claimed 0 (or 304).
    if (write) setPoints(counter, n ? String(result) : "");
  }

  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const counter = target && target.closest("[data-card-counter]");
    if (!counter) return;

    const card = target.closest("[data-card]");
    if (card) {
      card.setAttribute("aria-pressed", String(!pressed(card)));
      update(counter, { write: true });
      return;
    }

    const side = target.closest("[data-cc-side]");
    if (side) {
      if (pressed(side)) return;
      for (const s of counter.querySelectorAll("[data-cc-side]")) {
        s.setAttribute("aria-pressed", String(s === side));
      }
      // With nothing tapped, keep points typed by hand.
      const any = counter.querySelector('[data-card][aria-pressed="true"]') !== null;
      update(counter, { write: any });
      return;
    }

    if (target.closest("[data-cc-clear]")) {
      for (const c of counter.querySelectorAll('[data-card][aria-pressed="true"]')) {
        c.setAttribute("aria-pressed", "false");
      }
      update(counter, { write: false });
      setPoints(counter, "");
    }
  });

  // A recorded deal resets the form: the counter too.
  document.addEventListener("reset", (event) => {
    for (const counter of event.target.querySelectorAll("[data-card-counter]")) {
      for (const c of counter.querySelectorAll('[data-card][aria-pressed="true"]')) {
        c.setAttribute("aria-pressed", "false");
      }
      counter.querySelector('[data-cc-side="counting"]')?.setAttribute("aria-pressed", "true");
      counter.querySelector('[data-cc-side="other"]')?.setAttribute("aria-pressed", "false");
      update(counter, { write: false });
    }
  });
})();

// The card points' label names their team: data-when-a when the trump maker's chip is team-a.
(() => {
  const follow = () => {
    const label = document.querySelector("#deal-form [data-counting-label]");
    const maker = document.querySelector("#deal-form input[name=trump_maker]:checked");
    const team = maker?.closest(".team-a") ? "a" : "b";
    const said = label && maker && label.getAttribute(`data-when-${team}`);
    if (said && label.textContent !== said) label.textContent = said;
  };
  document.addEventListener("change", (event) => event.target.name === "trump_maker" && follow());
  document.addEventListener("reset", () => setTimeout(follow, 0));
  document.addEventListener("htmx:afterSettle", follow);
})();

// The card points' keypad (deal_fields.html), shown where this script works it.
(() => {
  const show = (root) =>
    root.querySelectorAll(".digit-pad[hidden]").forEach((pad) => {
      pad.hidden = false;
      pad.previousElementSibling.inputMode = "none";
    });
  document.addEventListener("click", (event) => {
    const key = event.target.closest && event.target.closest(".digit-pad [data-digit]");
    const input = key && key.parentElement.previousElementSibling;
    if (!input) return;
    const digit = key.dataset.digit;
    const now = input.value;
    const next = digit === "C" ? "" : digit === "⌫" ? now.slice(0, -1) : now === "0" ? digit : now + digit;
    input.value = next; // as typed, past the most too: the field says why it cannot be (below)
    for (const kind of ["input", "change"]) input.dispatchEvent(new Event(kind, { bubbles: true }));
  });
  // A number past the box's most is said at the field in the server's words (data-most-said,
  // games/widgets.py), typed or tapped, and kept as it was typed, to be put right.
  document.addEventListener("input", (event) => {
    const input = event.target;
    if (!input.matches || !input.matches("input[data-most-said]")) return;
    const id = `${input.id}_most`;
    let slip = document.getElementById(id);
    const over = input.value !== "" && +input.value > +input.max;
    if (over && !slip) {
      slip = document.createElement("p");
      slip.className = "errorlist most-slip";
      slip.id = id;
      slip.setAttribute("role", "alert");
      slip.dataset.testid = "most-slip";
      slip.textContent = input.dataset.mostSaid;
      const pad = input.nextElementSibling;
      (pad && pad.classList.contains("pad") ? pad : input).after(slip);
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", [input.getAttribute("aria-describedby"), id].filter(Boolean).join(" "));
    } else if (!over && slip) {
      slip.remove();
      const rest = (input.getAttribute("aria-describedby") || "").split(" ").filter((d) => d && d !== id);
      if (rest.length) input.setAttribute("aria-describedby", rest.join(" "));
      else input.removeAttribute("aria-describedby");
      if (!rest.length) input.removeAttribute("aria-invalid");
    }
  });
  document.addEventListener("DOMContentLoaded", () => show(document));
  document.addEventListener("htmx:load", (event) => show(event.target));
})();
