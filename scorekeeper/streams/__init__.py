"""Live push: every page that follows a game or a night gets its changes by server-sent events.

The pages' polls stay what they are (scorekeeper/play/live.py, nights/views.py): the address a
page polls says what it follows, whose it is (ticket, session, link) and what it knows (`v`).
A page opens one stream, `/stream/?f=<poll address>&f=...` (static/js/stream.js), and while it
is open the page stops polling. The stream server (app.py) checks each address by asking the
poll itself, in process, with the page's own cookies (so the rules of who may follow what are
the polls', written once); then one watcher per process (hub.py) reads the change stamps of
everything followed in that process with one query per kind and tick (stamps.py), and pushes:

- a watch link's and a big screen's change: the poll's answer, the same for every follower,
  rendered once per change and language (and kept in the cache the processes share), pushed
  as it is; the page swaps it in as htmx would have swapped the poll's answer;
- a game page's or a table phone's change: a note with the new stamp; the page asks its poll
  at once, which answers that person (their form, their ticket, their table's next seats).

Django's ORM never runs on the event loop: the stamps are read by one thread per process and
the polls asked on a small pool, so a thousand streams hold no thread and no database
connection each (docs/hosting.md says what we read before choosing this).
"""
