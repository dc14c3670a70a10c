"""What holds a club night's turn besides a game still being played: a round a
phone queried that nobody has answered yet. Such a table's result does not count
in the standings until the query is answered (the scorer's "stands as entered",
a correction, or the director's adjustment), and the turn does not end."""

from __future__ import annotations

# The numbers of the game's rounds whose latest query (at the round's current
# version, since it was saved) has no answer after it; one read with the tables.
QUERIED = """(SELECT group_concat(number) FROM (
  SELECT DISTINCT r.number FROM rounds r JOIN table_events q ON q.game_id = r.game_id
    AND q.number = r.number AND q.version = r.version AND q.action = 'queried'
    AND q.at >= r.created_at
  WHERE r.game_id = g.id AND NOT EXISTS (
    SELECT 1 FROM table_events a WHERE a.game_id = q.game_id AND a.number = q.number
      AND a.version = q.version AND a.action = 'answered' AND a.id > q.id)
  ORDER BY r.number))"""


def queried_rounds(text: str | None) -> list[int]:
    """The numbers ``QUERIED`` read, as a list."""
    return [int(n) for n in (text or "").split(",") if n]
