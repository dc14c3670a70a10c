"""Each player's name as names are compared (the key ``checks.name_key`` gives it),
kept beside the name and indexed: finding the player of a name was a read of every
player once the name was not plain ASCII (an import of 20,000 new names read them all
20,000 times). The key is worked out here as ``checks.name_key`` does it today,
frozen: a later change to how names compare comes with a migration of its own."""

from __future__ import annotations

import unicodedata

from sqlite_utils import Database

IGNORABLE_RANGES = (
    (0x034F, 0x034F),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFFA0, 0xFFA0),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
    (0x2800, 0x2800),
)


def key(name: str) -> str:
    folded = unicodedata.normalize("NFKC", name).casefold()
    shown = (
        c
        for c in folded
        if unicodedata.category(c) != "Cf"
        and not any(low <= ord(c) <= high for low, high in IGNORABLE_RANGES)
    )
    return "".join(shown).strip()


def apply(db: Database) -> None:
    db.table("players").add_column("name_key", str)
    rows = list(db.query("SELECT id, name FROM players"))
    db.conn.executemany(
        "UPDATE players SET name_key = ? WHERE id = ?", [(key(r["name"]), r["id"]) for r in rows]
    )
    db.execute("CREATE INDEX players_name_key ON players (name_key)")
