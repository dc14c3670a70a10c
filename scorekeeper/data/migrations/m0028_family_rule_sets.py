"""Saved rule sets shipped with the app for the ways families play Hand and Foot and
Samba, each one tap away on the new-game form beside the sheet's own rules: going
out that pays and needs more each round (100, 200, 300, 400; 1 to 4 clean and
dirty piles), books of sevens, wild cards and black threes with a perfect-draw
bonus, a game to 5000 instead of four rounds, and Samba with a samba needed to go
out. The table can edit, retire or bring back each like a set of its own.

Written once, frozen: a database that already holds a set (by its uid, from an
import) or an active set of that name (the table's own) gets nothing for it."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from sqlite_utils import Database

# (uid, name, variant, options): the values the common score sheets use.
SETS = [
    (
        "hand-and-foot-rising",
        "Hand and Foot, rising bonus",
        "hand-and-foot",
        {
            "going_out": [100, 200, 300, 400],
            "out_natural_canastas": [1, 2, 3, 4],
            "out_mixed_canastas": [1, 2, 3, 4],
        },
    ),
    (
        "hand-and-foot-books",
        "Hand and Foot, special books",
        "hand-and-foot",
        {
            "sevens_canasta": 1500,
            "wild_canasta": 1500,
            "black_threes_canasta": 2000,
            "perfect_draw": 100,
        },
    ),
    ("hand-and-foot-5000", "Hand and Foot to 5000", "hand-and-foot", {"target": 5000}),
    ("samba-to-go-out", "Samba, a samba to go out", "samba-foot", {"out_sambas": 1}),
]


def apply(db: Database) -> None:
    at = datetime.now(UTC).isoformat(timespec="seconds")
    for uid, name, variant, options in SETS:
        taken = db.execute(
            "SELECT 1 FROM rule_sets WHERE uid = ? "
            "OR (name = ? COLLATE NOCASE AND retired_at IS NULL)",
            [uid, name],
        ).fetchone()
        if taken:
            continue
        db.table("rule_sets").insert(
            {
                "uid": uid,
                "name": name,
                "variant": variant,
                "options": json.dumps(options),
                "created_at": at,
                "updated_at": at,
                "retired_at": None,
            }
        )
