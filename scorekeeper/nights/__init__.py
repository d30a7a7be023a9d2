"""Game nights: several tables at once, seats drawn for each round, one big screen."""
