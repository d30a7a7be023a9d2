"""What the tests share, in one place (each game's own test folder keeps only what is its own):

- `cores`: scoring a deal with a rules core and reading what it refused (a game's core tests
  bind it to their game in tests/<game>/support.py);
- `logs`: every registered game's hand-worked fixture log (tests/gamelog/fixtures/<game>.json),
  the list of games to cover (the registry's), and logs built from them;
- `groups`: groups, and games played in them on a given day (seasons, nights, the browser);
- `forms`: the deal form's fields as a browser posts them, and the rules pages' links;
- `backups`: a whole backup as JSON, and an empty site to restore it into.
"""
