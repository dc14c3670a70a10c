"""Club nights: the event and its plan, the director's desk, and the exports."""
