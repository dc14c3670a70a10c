"""The throttles' counted tries, kept in the database when several processes serve
it (``serve --workers``): a limit kept in each process's memory let each process's
share through, N times the rate. A try is (throttle, key kind, key, when); rows
older than the throttle's window are deleted as new ones come."""

from __future__ import annotations

from sqlite_utils import Database


def apply(db: Database) -> None:
    db.table("throttle_tries").create(
        {"id": int, "throttle": str, "kind": str, "key": str, "at": float},
        pk="id",
        not_null={"throttle", "kind", "key", "at"},
    )
    db.table("throttle_tries").create_index(["throttle", "kind", "key", "at"])
    db.table("throttle_tries").create_index(["throttle", "at"])
