// Every game's deal form. After a recorded deal the server may leave the form in place and ask
// the browser to reset it (the `deal-recorded` event); open sections close again as on a new page.
document.addEventListener("reset", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || form.id !== "deal-form") return;
  for (const details of form.querySelectorAll("details[open]")) details.open = false;
});
