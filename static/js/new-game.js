// New game: the first-dealer chips show the names as they are typed ("Seat 3" → "Chetan").
document.addEventListener("input", (event) => {
  const match = event.target.id && event.target.id.match(/^id_player_(\d+)$/);
  if (!match) return;
  const chip = document.querySelector(`#id_first_dealer_${match[1]} + span`);
  if (!chip) return;
  if (!chip.dataset.seat) chip.dataset.seat = chip.textContent; // "Seat 3", in the page's language
  chip.textContent = event.target.value.trim() || chip.dataset.seat;
});
