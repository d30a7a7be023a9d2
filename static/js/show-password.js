// A password typed once can be checked by eye: a box that shows it (the sign-up page). The
// checkbox names its password box by id in data-shows.
(() => {
  for (const toggle of document.querySelectorAll("input[data-shows]")) {
    const box = document.getElementById(toggle.dataset.shows);
    if (!box) continue;
    toggle.addEventListener("change", () => {
      box.type = toggle.checked ? "text" : "password";
    });
  }
})();
