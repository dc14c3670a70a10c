"""The club's rules, pure: movements (who meets whom, turn by turn) and standings
(results into event points and places). Entries are numbers; no cards, no database."""
