"""Groups, sharing a game, the live table and who may do what."""
