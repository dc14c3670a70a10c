"""Five-player classic gained a house rule, ``deal_in_turn``: by default
every player now deals in turn, where before the player sitting out dealt (or, with
``sitter_deals`` off, the deal skipped them). A game stored before it keeps the deal
it was played with: its house rules get ``deal_in_turn: false`` written in, so its
board, history and printouts name the same dealers as before. Scores do not depend on
who deals (the engine lets one side at most take the dealer bonus, whoever dealt).

Written once, frozen: games whose house rules already say (an import made with this
version) are left as they are; nothing else is touched."""

from __future__ import annotations

from sqlite_utils import Database


def apply(db: Database) -> None:
    db.execute(
        "UPDATE games SET options = json_set(options, '$.deal_in_turn', json('false')) "
        "WHERE variant = 'classic' AND players = 5 "
        "AND json_type(options, '$.deal_in_turn') IS NULL"
    )
