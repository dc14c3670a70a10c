"""Who may do what at a club night: the director's passphrase for the event (the
app's passphrase directs too), and a secret of its own for each table's card, so
a card opens that table only and the director can replace one (the old link then
stops working). The event's shared ``cards_token`` is no longer read."""

from __future__ import annotations

from sqlite_utils import Database


def apply(db: Database) -> None:
    db.table("events").add_column("passphrase_hash", str)  # the director's, hashed
    db.table("event_cards").create(
        {
            "event_id": int,
            "table_no": int,
            "token": str,  # the card's link: printed on it, so kept as it is
            "made_at": str,
        },
        pk=("event_id", "table_no"),
        not_null={"event_id", "table_no", "token", "made_at"},
        foreign_keys=[("event_id", "events", "id")],
    )
    db.execute("CREATE UNIQUE INDEX event_cards_token ON event_cards (token)")
