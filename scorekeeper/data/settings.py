"""App-wide settings kept in the database: the scorer passphrase (hashed)."""

from __future__ import annotations

from sqlite_utils import Database

from .connection import row, writing


def app_passphrase_hash(db: Database) -> str | None:
    found = row(db, "SELECT value FROM settings WHERE key = 'passphrase_hash'")
    return found["value"] if found else None


def set_app_passphrase_hash(db: Database, value: str | None) -> None:
    with writing(db):
        db.execute("DELETE FROM settings WHERE key = 'passphrase_hash'")
        if value:
            db.table("settings").insert({"key": "passphrase_hash", "value": value})
