"""Groups of people who play together ("our Friday table"): they own players, games and
seasons. Membership gives a person the right to create games for the group and to see them."""
