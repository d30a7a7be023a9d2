// The installable app: register the service worker (served from the site root, see
// scorekeeper/games/pwa.py). A game page is kept for offline reading by the worker from then on;
// on the very first visit the worker did not see the page load, so the page asks it to keep it.
(() => {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const script = document.currentScript;
  const url = (script && script.dataset.worker) || "/sw.js";
  const controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker
    .register(url, { scope: "/" })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const gamePage = /^\/games\/\d+\/$/.test(location.pathname);
      if (gamePage && !controlled && registration.active) {
        registration.active.postMessage({ keep: location.href });
      }
    })
    .catch(() => {}); // no worker (a private window, an old browser): the app works online
})();
