"""Club nights: the event and its plan, the director's desk, the exports, a series
of evenings, a carry-over between sessions and a player's own results."""
