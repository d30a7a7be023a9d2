// New game: the first-dealer chips show the names as they are typed ("Seat 3" → "Chetan").
function showName(input) {
  const match = input.id && input.id.match(/^id_player_(\d+)$/);
  if (!match) return;
  const chip = document.querySelector(`#id_first_dealer_${match[1]} + span`);
  if (!chip) return;
  if (!chip.dataset.seat) chip.dataset.seat = chip.textContent; // "Seat 3", in the page's language
  chip.textContent = input.value.trim() || chip.dataset.seat;
  // Where the number of players is free, a seat past the fewest is only offered once named.
  const min = Number(chip.closest(".dealer-chips").dataset.minSeats || 0);
  if (min) chip.parentElement.hidden = Number(match[1]) >= min && !input.value.trim();
}
document.addEventListener("input", (event) => showName(event.target));
// Names typed before this script ran (a slow phone) or kept by the browser on going back.
document.querySelectorAll("input[id^='id_player_']").forEach(showName);
