"""Saved rule sets ("Friday rules"): a variant's house rules under a name, to start
games from, edit and retire; and, on each game, the set it was started from."""

from __future__ import annotations

from sqlite_utils import Database


def apply(db: Database) -> None:
    db.table("rule_sets").create(
        {
            "id": int,
            "uid": str,
            "name": str,
            "variant": str,
            "options": str,  # JSON object: the house rules, as a game stores them
            "created_at": str,
            "updated_at": str,
            "retired_at": str,  # null while the set is offered
        },
        pk="id",
        not_null={"uid", "name", "variant", "options"},
    )
    db.execute("CREATE UNIQUE INDEX rule_sets_uid ON rule_sets (uid)")
    db.execute(
        "CREATE UNIQUE INDEX rule_sets_active_name ON rule_sets (name COLLATE NOCASE) "
        "WHERE retired_at IS NULL"
    )
    # a game copies the set's options; these only say where they came from
    db.table("games").add_column("rule_set_id", int)
    db.table("games").add_column("rule_set_name", str)
