// Kept entries sent in order, each once (a token makes a resend harmless). A refused one
// stops the sending; a late one goes to the night, asked until it decides.
import { field, lateForm, outcomeOf, postFields } from "./entries.js";
import { CSRF_HEADER, FIELD, LATE_ENTRY_HEADER } from "./names.js";

const RETRY_MS = 3000;
const LATE_MS = 5000;

export const sender = ({ game, kept, csrf, loggedOut, landed, lateAnswered }) => {
  let sending = false;
  let retry = null;
  let lateTimer = null;
  const lateSaid = new Map(); // the night's words, by entry id

  const send = () => (navigator.locks ? navigator.locks.request(`scorekeeper${game}`, sendAll) : sendAll());

  const post = (entry) => {
    const headers = { [CSRF_HEADER]: csrf() || field(entry.fields, FIELD.csrf) };
    if (entry.kind !== "edit") headers["HX-Request"] = "true";
    return fetch(entry.url, {
      method: "POST",
      body: new URLSearchParams(postFields(entry)),
      headers,
      credentials: "same-origin",
    });
  };

  const sendAll = async () => {
    if (sending) return;
    sending = true;
    clearTimeout(retry);
    let sent = 0;
    let stopped = false;
    let refused = false;
    try {
      for (;;) {
        const entry = (await kept.entries()).find((e) => !e.late);
        if (!entry || entry.refused) break;
        let response;
        try {
          response = await post(entry);
        } catch {
          stopped = true; // no network: retry soon, and when online
          break;
        }
        const outcome = outcomeOf(entry.kind, response);
        if (outcome === "logged-out") return loggedOut();
        if (outcome === "retry") {
          stopped = true;
          break;
        }
        if (outcome === "late" && (await handOver(entry, response.headers.get(LATE_ENTRY_HEADER)))) continue;
        const answer = await response.text();
        if (outcome === "sent") {
          await kept.drop(entry.id);
          sent += 1;
          continue;
        }
        Object.assign(entry, { refused: true, answer, retarget: response.headers.get("HX-Retarget") || "" });
        await kept.keep(entry);
        refused = true;
        break;
      }
    } finally {
      sending = false;
    }
    await landed({ sent, refused });
    if (stopped) retry = setTimeout(send, RETRY_MS);
    await askLater();
  };

  // Asked again, the night says where the entry stands. False: not taken.
  const handOver = async (entry, url) => {
    let answer;
    try {
      const response = await fetch(url, {
        method: "POST",
        body: new URLSearchParams(lateForm(entry)),
        headers: { [CSRF_HEADER]: csrf() },
        credentials: "same-origin",
      });
      if (response.status === 409 && entry.late) {
        // Its round's end was taken back: the entry goes to the game.
        delete entry.late;
        lateSaid.delete(entry.id);
        await kept.keep(entry);
        return false;
      }
      if (!response.ok) return false;
      answer = await response.json();
    } catch {
      return false;
    }
    entry.late = { url, ...answer };
    if (answer.state === "waiting") await kept.keep(entry);
    else await kept.drop(entry.id); // decided: said once, then gone
    lateSaid.set(entry.id, answer.said);
    return true;
  };

  const askAboutLate = async () => {
    const late = (await kept.entries()).filter((e) => e.late && e.late.state === "waiting");
    for (const entry of late) await handOver(entry, entry.late.url);
    if (late.length && (await kept.entries()).some((e) => !e.late)) send();
    await askLater();
  };
  const askLater = async () => {
    clearTimeout(lateTimer);
    if ((await kept.entries()).some((e) => e.late)) {
      lateTimer = setTimeout(() => askAboutLate().then(lateAnswered), LATE_MS);
    }
  };

  const recallLate = async () => {
    for (const entry of await kept.entries()) if (entry.late) lateSaid.set(entry.id, entry.late.said);
  };

  return { send, askAboutLate, recallLate, lateSaid };
};
