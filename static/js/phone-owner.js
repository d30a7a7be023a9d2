// Whose the things this phone keeps are (scorekeeper/games/phone_owner.py): the entries made
// offline (IndexedDB "scorekeeper-offline", static/js/offline.js), the deal forms kept for them
// (localStorage "scorekeeper-forms:<owner>/games/<pk>/") and the game pages kept for offline
// reading (the service worker's "pages:<owner>" caches). Every page says its owner, an opaque
// tag of the account (or a table link's visitor) in <meta name="phone-owner">.
//
// Someone else on the phone (another account logged in, a visitor, nobody) finds nothing of the
// last person's: their forms and pages go; their entries stay on the phone for them, and
// offline.js shows and sends only the owner's own. Logging out removes the person's own
// entries, forms and pages, after asking if entries still wait to be sent.
(() => {
  const meta = document.querySelector('meta[name="phone-owner"]');
  if (!meta) return;
  const OWNER = meta.content;
  const FORMS = "scorekeeper-forms";
  const DB = "scorekeeper-offline";

  const storage = (() => {
    try {
      return window.localStorage;
    } catch {
      return null; // storage refused (a private window): nothing was kept either
    }
  })();
  const dropForms = (keep) => {
    if (!storage) return;
    for (const key of Object.keys(storage)) {
      if (key.startsWith(FORMS) && !(keep && key.startsWith(`${FORMS}:${OWNER}/`))) storage.removeItem(key);
    }
  };
  const dropPages = async () => {
    if (!window.caches) return;
    for (const name of await caches.keys()) if (name.startsWith("pages")) await caches.delete(name);
  };

  // The entries' database as offline.js made it, or null: opened without a version, so that
  // a phone that never kept anything is not given an empty database (offline.js makes it).
  const openEntries = () =>
    new Promise((resolve) => {
      if (!window.indexedDB) return resolve(null);
      const open = indexedDB.open(DB);
      open.onupgradeneeded = () => open.transaction.abort(); // not there: make none
      open.onsuccess = () => resolve(open.result.objectStoreNames.contains("entries") ? open.result : null);
      open.onerror = () => resolve(null);
    });
  // The owner's entries, each passed to `each` with its cursor (to count them, or delete them).
  const ownEntries = async (each) => {
    const db = await openEntries();
    if (!db) return;
    await new Promise((resolve) => {
      const tx = db.transaction("entries", "readwrite");
      tx.objectStore("entries").openCursor().onsuccess = (event) => {
        const cursor = event.target.result;
        if (!cursor) return;
        if (cursor.value.owner === OWNER) each(cursor);
        cursor.continue();
      };
      tx.oncomplete = tx.onerror = tx.onabort = resolve;
    });
    db.close();
  };

  // Every page: another person's kept forms go, and the worker keeps pages for this one only.
  dropForms(true);
  if (navigator.serviceWorker) {
    navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ owner: OWNER })).catch(() => {});
  }

  const logout = document.getElementById("logout");
  if (!logout) return;
  logout.addEventListener("submit", async (event) => {
    if (logout.dataset.cleared) return;
    event.preventDefault();
    let waiting = 0;
    await ownEntries(() => (waiting += 1));
    if (waiting && !window.confirm(logout.dataset.keptWarning)) return;
    await ownEntries((cursor) => cursor.delete());
    dropForms(false);
    await dropPages();
    logout.dataset.cleared = "1";
    logout.submit();
  });
})();
