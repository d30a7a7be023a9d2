// A game night's round clock (the big screen, a table phone's note): every element with
// data-seconds-left counts down to 0 as m:ss, then says its data-over word. The seconds are
// the server's at render time, so a phone's own clock being wrong does not matter.
(() => {
  if (window.scorekeeperCountdown) return; // once, however many times a note brings it
  window.scorekeeperCountdown = true;
  const ends = new WeakMap();
  const tick = () => {
    const now = Date.now();
    for (const el of document.querySelectorAll("[data-seconds-left]")) {
      if (!ends.has(el)) ends.set(el, now + Number(el.dataset.secondsLeft) * 1000);
      const left = Math.max(0, Math.round((ends.get(el) - now) / 1000));
      const text = left > 0 ? `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}` : el.dataset.over;
      if (el.textContent !== text) el.textContent = text;
      el.closest("[data-clock]")?.classList.toggle("over", left === 0);
    }
  };
  tick();
  setInterval(tick, 1000);
  document.addEventListener("htmx:afterSettle", tick);
})();
