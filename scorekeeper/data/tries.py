"""The throttles' tries, shared by every process serving the database.

With several worker processes (``serve --workers``) a throttle kept in memory
counts only the tries its own process saw, and lets N times the rate through; so
their tries are rows of ``throttle_tries`` instead, read and written by whichever
process the request reaches. Each key's window is read from the newest rows (an
index on throttle, kind, key and time), and a try's write also deletes the
throttle's rows that have left the window, so the table holds one window's worth.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlite_utils import Database

from .connection import writing

Key = tuple[str, str]

NTH_NEWEST = """
SELECT at FROM throttle_tries WHERE throttle = ? AND kind = ? AND key = ? AND at > ?
ORDER BY at DESC LIMIT 1 OFFSET ?
"""


def nth_newest(db: Database, throttle: str, key: Key, since: float, n: int) -> float | None:
    """When ``key``'s ``n``-th newest try after ``since`` was made (None: fewer tries)."""
    found = db.conn.execute(NTH_NEWEST, [throttle, *key, since, n - 1]).fetchone()
    return None if found is None else float(found[0])


def record(db: Database, throttle: str, keys: Iterable[Key], at: float, window: float) -> None:
    """One try at ``at`` under each key; the throttle's tries older than ``window`` go."""
    with writing(db):
        db.conn.executemany(
            "INSERT INTO throttle_tries (throttle, kind, key, at) VALUES (?, ?, ?, ?)",
            [(throttle, kind, key, at) for kind, key in keys],
        )
        db.conn.execute(
            "DELETE FROM throttle_tries WHERE throttle = ? AND at <= ?", [throttle, at - window]
        )
