"""Groups of people who play together ("our Friday table"): they own players, games and
seasons. Membership gives a person the right to create games for the group and to see them.
Its pages (a group, sharing a game, what a share link opens) stand on the games app, which
never imports this package: who may do what with a game is the games' own (games/access.py)."""
