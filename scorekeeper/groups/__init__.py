"""Groups of people who play together ("our Friday table") and their members: they own players,
games and seasons. Membership gives a person the right to create games for the group and to see
them. Only the models live here, below the games that refer to them; the pages of a group and of
sharing a game are scorekeeper/sharing's."""
