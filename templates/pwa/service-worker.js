// Scorekeeper's service worker (served at /sw.js by scorekeeper/pwa/views.py, which puts
// VERSION and PRECACHE above this line).
//   static files: from the cache first; in production their names carry their content's hash,
//     so a cached copy is never stale;
//   pages: from the network first, and a game page's last copy is kept for when the network
//     is gone (the entries made offline are kept by static/js/offline.js, not here), in the
//     cache of the person it was made for ("pages:<owner>", the page's <meta name="phone-owner">):
//     only the person the phone's pages last said is shown a kept page, and a different person
//     (static/js/phone-owner.js says who) makes the others' go;
//   anything else (saves, the live poll, previews): straight to the network, never cached.
const STATIC = `static-${VERSION}`;
const PAGES = "pages:"; // + the owner's tag
const OWNER_OF = /<meta name="phone-owner" content="([^"]*)"/;
const OWNER = new Request("/__phone-owner__"); // who the pages last said, kept in the cache API
const GAME_PAGE = /^\/games\/\d+\/$/;
const HASHED = /\.[0-9a-f]{12}\.\w+$/;

// One file's fetch can fail on a flaky network (or a busy server): try it again twice before
// the install fails, since a failed install leaves the phone with nothing for offline use until
// its next page load.
const keepStatic = async (cache, url, tries = 3) => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await cache.add(url);
    } catch (error) {
      if (attempt >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
};

// A script's own modules (js/offline.js's) are kept with it: their paths are in its text.
const keepWithImports = async (cache, url, kept) => {
  if (kept.has(url)) return;
  kept.add(url);
  await keepStatic(cache, url);
  if (!/\/static\/js\/.*\.js$/.test(url)) return;
  const text = await (await cache.match(url)).text();
  const imports = [...text.matchAll(/\bfrom\s*"(\.\.?\/[^"]+)"/g)];
  await Promise.all(imports.map((found) => keepWithImports(cache, new URL(found[1], url).href, kept)));
};

self.addEventListener("install", (event) => {
  const kept = new Set();
  event.waitUntil(
    caches
      .open(STATIC)
      .then((cache) => Promise.all(PRECACHE.map((url) => keepWithImports(cache, new URL(url, location).href, kept))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          // "pages": the kept pages of before they had owners.
          keys.filter((key) => (key.startsWith("static-") && key !== STATIC) || key === "pages").map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

const fromCacheFirst = async (request) => {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) (await caches.open(STATIC)).put(request, response.clone());
  return response;
};

// ---- whose the kept pages are -----------------------------------------------------------------
const owner = async () => {
  const said = await (await caches.open("phone-owner")).match(OWNER);
  return said ? said.text() : null;
};
// Someone else on the phone: every other person's kept pages go.
const ownerIs = async (who) => {
  for (const name of await caches.keys()) {
    if (name.startsWith(PAGES) && name !== PAGES + who) await caches.delete(name);
  }
  await (await caches.open("phone-owner")).put(OWNER, new Response(who));
};
const keepPage = async (url, response) => {
  const who = (OWNER_OF.exec(await response.clone().text()) || [])[1];
  if (who) await (await caches.open(PAGES + who)).put(url, response);
};
const forgetPages = async () => {
  for (const name of await caches.keys()) if (name.startsWith(PAGES)) await caches.delete(name);
  await caches.delete("phone-owner");
};

// fallback: only a page being opened gets the kept copy; a page's own fetch of the game (to
// refresh itself) must fail when the network does, not be answered with an old copy. Only the
// pages of the person the phone's pages last said are there to be shown.
const fromNetworkFirst = async (request, keep, fallback = true) => {
  try {
    const response = await fetch(request);
    if (keep && response.ok && !response.redirected) await keepPage(request.url, response.clone());
    return response;
  } catch (error) {
    if (!fallback) throw error;
    const who = await owner();
    const cached = who && (await (await caches.open(PAGES + who)).match(request.url, { ignoreVary: true }));
    if (cached) return cached;
    throw error;
  }
};

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET") {
    // Logging out: the pages kept for offline reading are that person's; forget them.
    if (url.pathname === "/logout/") event.waitUntil(forgetPages());
    return;
  }
  if (request.headers.get("HX-Request")) return; // htmx's partials and polls: live only
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(HASHED.test(url.pathname) ? fromCacheFirst(request) : fromNetworkFirst(request, false).catch(() => caches.match(request)));
    return;
  }
  const keep = GAME_PAGE.test(url.pathname) && !url.search;
  if (request.mode === "navigate" || keep) {
    event.respondWith(fromNetworkFirst(request, keep, request.mode === "navigate"));
  }
});

// A page asks for its own copy to be kept (the first visit, before this worker controlled it),
// or says whose it is (every page: static/js/phone-owner.js).
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (typeof data.owner === "string") event.waitUntil(ownerIs(data.owner));
  const url = data.keep;
  if (!url || !GAME_PAGE.test(new URL(url).pathname)) return;
  // The page began loading before this worker was active, so the claim on activation missed
  // it: claim it now, or its own requests (a log-out among them) would pass this worker by.
  event.waitUntil(
    Promise.all([
      self.clients.claim(),
      fetch(url, { credentials: "same-origin" }).then(async (response) => {
        if (response.ok && !response.redirected) await keepPage(url, response);
      }),
    ]),
  );
});
