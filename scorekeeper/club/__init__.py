"""The club's rules, pure: movements (who meets whom, turn by turn), standings
(results into event points and places), a series of evenings (each player's
finishes counted) and a carry-over between sessions. Entries are numbers; no
cards, no database."""
