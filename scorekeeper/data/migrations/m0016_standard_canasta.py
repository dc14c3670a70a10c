"""A saved rule set shipped with the app: "Standard Canasta", classic played by the
standard rules rather than the sheet's: 800 for every red three on one side,
red threes against a side that melded nothing, going out concealed 200 in all (100
for going out and 100 more), and openings of 15, 50, 90 and 120. The table can edit
it, retire it or bring it back like any set of its own.

Written once, frozen: a database that already holds the set (by its uid, from an
import) or an active set of that name (the table's own) gets nothing."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from sqlite_utils import Database

UID = "standard-canasta"
NAME = "Standard Canasta"
OPTIONS = {
    "red_threes_all_bonus": 800,
    "red_threes_unmelded": True,
    "going_out": 100,
    "concealed": 100,
    "opening": [[None, 15], [0, 50], [1500, 90], [3000, 120]],
}


def apply(db: Database) -> None:
    taken = db.execute(
        "SELECT 1 FROM rule_sets WHERE uid = ? OR (name = ? COLLATE NOCASE AND retired_at IS NULL)",
        [UID, NAME],
    ).fetchone()
    if taken:
        return
    at = datetime.now(UTC).isoformat(timespec="seconds")
    db.table("rule_sets").insert(
        {
            "uid": UID,
            "name": NAME,
            "variant": "classic",
            "options": json.dumps(OPTIONS),
            "created_at": at,
            "updated_at": at,
            "retired_at": None,
        }
    )
