"""Each game keeps the engine's answer, so pages read it instead of rescoring:
every round its scores and breakdown (``rounds.result``, written for the round's
``result_version``), the game its summary
(``games.answer``: totals, next round, opening, finished, winners), and a
``stamp`` that every change moves (the spectator poll reads one indexed row).

No backfill: a game whose answer is not stored yet is scored as before when it
is read, and stored by its next change. The stamp starts where the old one (the
game's last change id) was, so an open spectator page reloads at most once.
"""

from __future__ import annotations

from sqlite_utils import Database


def apply(db: Database) -> None:
    db.table("rounds").add_column("result", str)
    db.table("rounds").add_column("result_version", int)  # the round's version it was for
    db.table("games").add_column("answer", str)
    db.execute("ALTER TABLE games ADD COLUMN stamp INTEGER NOT NULL DEFAULT 0")
    db.execute(
        "UPDATE games SET stamp = coalesce("
        "(SELECT max(id) FROM round_changes WHERE round_changes.game_id = games.id), 0)"
    )
