// Whose this phone's kept entries, forms and pages are (games/phone_owner.py). Another person
// finds nothing of the last one's: forms and pages go, entries stay for their maker. Logging
// out removes the person's own, asking first if entries still wait.
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
      return null; // refused (private window): nothing kept either
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

  // Opened without a version: a phone that kept nothing gets no empty database.
  const openEntries = () =>
    new Promise((resolve) => {
      if (!window.indexedDB) return resolve(null);
      const open = indexedDB.open(DB);
      open.onupgradeneeded = () => open.transaction.abort(); // not there: make none
      open.onsuccess = () => resolve(open.result.objectStoreNames.contains("entries") ? open.result : null);
      open.onerror = () => resolve(null);
    });
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

  // Another person's forms go; the worker keeps pages for this one only.
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
  logout.dataset.asks = "1"; // from now on a tap is asked about (a test waits for it)
})();
