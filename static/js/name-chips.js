// New game: earlier players' names to tap instead of typing. A tap puts the name in the first
// empty seat on show (the mode decides how many); a name already seated is pressed, and a tap
// takes it out of its seat again. The seats' own script hears it as typing (new-game.js).
(() => {
  const chips = document.querySelector(".name-chips");
  if (!chips) return;
  const seats = () => [...document.querySelectorAll("input[id^='id_player_']")].filter((input) => input.offsetParent !== null);
  const same = (a, b) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
  const put = (input, value) => {
    input.value = value;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  };
  const show = () => {
    const names = seats().map((input) => input.value);
    for (const chip of chips.querySelectorAll("button[data-name]")) {
      chip.setAttribute("aria-pressed", String(names.some((name) => same(name, chip.dataset.name))));
    }
  };
  chips.addEventListener("click", (event) => {
    const chip = event.target.closest("button[data-name]");
    if (!chip) return;
    const name = chip.dataset.name;
    const seated = seats().find((input) => same(input.value, name));
    if (seated) put(seated, "");
    else {
      const empty = seats().find((input) => !input.value.trim());
      if (empty) put(empty, name);
    }
    show();
  });
  document.addEventListener("input", show);
  document.addEventListener("change", show); // another mode shows other seats
  show();
})();
