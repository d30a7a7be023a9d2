// What the phone keeps: entries not sent (IndexedDB), fresh deal forms (localStorage).
import { adopted } from "./entry-rules.js";

const done = (request) =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

// `was`: the owner's tags as a visitor (games/handover.py).
export const keptEntries = ({ game, owner, was, unownedAnswer }) => {
  const db = new Promise((resolve, reject) => {
    const open = indexedDB.open("scorekeeper-offline", 1);
    open.onupgradeneeded = () => {
      const store = open.result.createObjectStore("entries", { keyPath: "id", autoIncrement: true });
      store.createIndex("game", "game");
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const store = async (mode) => (await db).transaction("entries", mode).objectStore("entries");
  const keep = async (entry) => done((await store("readwrite")).put(entry));
  const drop = async (id) => done((await store("readwrite")).delete(id));
  const entries = async () => {
    const all = await done((await store("readonly")).index("game").getAll(game));
    const now = [];
    for (const entry of all) {
      const changed = adopted(entry, { owner, was, unownedAnswer });
      if (changed) await keep(changed);
      now.push(changed || entry);
    }
    return now.filter((e) => e.owner === owner);
  };
  return { entries, keep, drop };
};

// A <template> per stage (games/offline.py), fetched while online.
export const keptForms = ({ key, url, gamePath }) => {
  let forms = null;
  const template = (stage) => {
    if (!forms) {
      const html = localStorage.getItem(key);
      if (!html) return null;
      forms = document.createElement("div");
      forms.innerHTML = html; // <template>s: inert
    }
    return forms.querySelector(`template.offline-form[data-stage="${stage}"]`);
  };
  const load = async () => {
    if (location.pathname !== gamePath || !navigator.onLine) return;
    try {
      const response = await fetch(url, { credentials: "same-origin" });
      if (!response.ok || response.redirected) return;
      localStorage.setItem(key, await response.text());
      forms = null;
    } catch {
      // offline: the last copy stays
    }
  };
  return { template, load };
};
