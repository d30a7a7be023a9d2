// Live push (scorekeeper/streams): one server-sent events stream for all of a page's polls, which
// stay quiet while it is open. A shared answer comes whole ("swap"); a personal one is asked for
// on "changed". If it drops, the page polls and reopens after a jittered, growing wait.
(() => {
  const POLLS = "[hx-get][hx-trigger^='every']";
  const STREAM = "/stream/";
  let source = null;
  let paths = []; // the polls the open stream follows, by number
  let open = false;
  let failures = 0;
  let retry = null;

  const pathOf = (address) => address.split("?")[0];
  const polls = () => Array.from(document.querySelectorAll(POLLS));
  const pollFor = (path) => polls().find((el) => pathOf(el.getAttribute("hx-get")) === path);
  const followed = (el) => open && paths.includes(pathOf(el.getAttribute("hx-get") || ""));

  // A "changed" waits for the page's own requests: their answer may carry the new stamp.
  let busy = 0;
  const owed = new Map(); // path -> stamp
  let leaving = false;
  document.addEventListener("htmx:beforeRequest", (event) => {
    const el = event.detail.elt;
    if (!el.matches || !el.matches(POLLS)) {
      busy += 1;
      return;
    }
    if (leaving) event.preventDefault();
    else if (el.dataset.streamAsk) delete el.dataset.streamAsk;
    else if (followed(el)) event.preventDefault();
  });
  document.addEventListener("htmx:afterRequest", (event) => {
    const el = event.detail.elt;
    if (!el.matches || !el.matches(POLLS)) busy = Math.max(0, busy - 1);
  });

  const ask = (el) => {
    el.dataset.streamAsk = "1";
    window.htmx.ajax("GET", el.getAttribute("hx-get"), { source: el });
  };
  // A poll asked again now, stream or not (live.js: an answer it had to drop).
  document.addEventListener("poll:again", (event) => {
    if (event.target.matches && event.target.matches(POLLS)) ask(event.target);
  });

  const stampOf = (el) => new URL(el.getAttribute("hx-get"), location.href).searchParams.get("v");

  const onSwap = (event) => {
    const cut = event.data.indexOf("\n");
    const el = pollFor(paths[Number(event.data.slice(0, cut))]);
    if (!el) return;
    const style = el.getAttribute("hx-swap") || "innerHTML";
    window.htmx.swap(el, event.data.slice(cut + 1), { swapStyle: style });
  };

  const askIfBehind = (path, stamp) => {
    const el = pollFor(path);
    if (el && stampOf(el) !== stamp) ask(el);
  };

  let owedTimer = null;
  const payOwed = () => {
    clearTimeout(owedTimer);
    for (const [path, stamp] of owed) askIfBehind(path, stamp);
    owed.clear();
  };

  // An answer that never came: ask anyway, 3 s on. (It also set `busy` to 0 once, and a timer
  // left from an earlier save could do so while the next save was on its way: that save's own
  // change was then asked for beside it, and a poll's answer landing after the save's can take
  // the keyboard's focus from the top of the form.)
  const onChanged = (event) => {
    const [number, stamp] = event.data.split(" ");
    const path = paths[Number(number)];
    if (!busy) return askIfBehind(path, stamp);
    owed.set(path, stamp);
    clearTimeout(owedTimer);
    owedTimer = setTimeout(payOwed, 3000);
  };

  const onGone = (event) => {
    const path = paths[Number(event.data)];
    paths = paths.filter((p) => p !== path);
    const el = pollFor(path);
    if (el) ask(el); // its answer says why
  };

  const close = () => {
    if (source) source.close();
    source = null;
    open = false;
    delete document.documentElement.dataset.stream;
  };

  const connect = () => {
    clearTimeout(retry);
    close();
    const list = polls();
    if (!list.length || !window.EventSource || !window.htmx) return;
    paths = list.map((el) => pathOf(el.getAttribute("hx-get")));
    const query = list.map((el) => "f=" + encodeURIComponent(el.getAttribute("hx-get"))).join("&");
    source = new EventSource(STREAM + "?" + query);
    source.addEventListener("open", () => {
      open = true;
      failures = 0;
      document.documentElement.dataset.stream = "open"; // for the tests
    });
    source.addEventListener("swap", onSwap);
    source.addEventListener("changed", onChanged);
    source.addEventListener("gone", onGone);
    source.addEventListener("error", () => {
      close();
      failures += 1;
      const ceiling = Math.min(60000, 1000 * 2 ** Math.min(failures, 6));
      retry = setTimeout(connect, ceiling / 2 + Math.random() * (ceiling / 2));
    });
  };

  // A poll refused (live.js shows why): follow what the page still may.
  document.addEventListener("htmx:responseError", (event) => {
    const el = event.detail.elt;
    if (el.matches && el.matches(POLLS) && [401, 403, 404].includes(event.detail.xhr.status)) {
      setTimeout(connect, 0);
    }
  });

  // A poll came or went: follow what the page polls now.
  document.addEventListener("htmx:afterSettle", () => {
    if (!busy && owed.size) payOwed();
    const now = polls().map((el) => pathOf(el.getAttribute("hx-get")));
    const same = now.length === paths.length && now.every((p, i) => p === paths[i]);
    if (!same && (source || now.length)) connect();
  });

  // Leaving the page (a form posted whole, a link): the change the stream says now is most
  // likely this page's own, and a poll's answer to it (a reload, HX-Refresh) would race the
  // navigation and lose the next page's messages. Quiet until the page is gone; if it stays
  // (the post answered nothing new), follow again.
  window.addEventListener("beforeunload", () => {
    leaving = true;
    clearTimeout(retry);
    close();
    retry = setTimeout(() => {
      leaving = false;
      connect();
    }, 5000);
  });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", connect);
  else connect();
})();
