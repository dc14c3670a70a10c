"""A generated club for the publishing tests: ``scorekeeper sample`` with club
nights, then every kind of secret a club keeps (passphrases, table cards, phones'
links, a spectator link, private notes and reasons, an unpublished night, a
deleted one), a series over every sample night (the last not published) and
its twin over the published ones only, and the site ``scorekeeper publish`` writes from it."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.data.connection import connect
from scorekeeper.data.events import cards, events, publishing, removing, series, turns
from scorekeeper.data.games import rounds
from scorekeeper.data.settings import set_app_passphrase_hash
from scorekeeper.data.table import table
from scorekeeper.web.http.security import hash_passphrase

NIGHTS = 4  # the sample's: the first three published, the last not
PASSPHRASES = ("the club's own passphrase", "the director's passphrase")
PRIVATE = ("a private note on the round", "a private reason for the history")
DELETED = "The deleted night"
SERIES = ("Club championship", "Published nights")  # every sample night; the published


def run(*args: object) -> str:
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


def generated_club(folder: Path) -> tuple[Path, list[str]]:
    """The club's database and every secret it holds, as typed or as stored."""
    database = folder / "club.sqlite"
    run("sample", "--db", database, "--evenings", 3, "--events", NIGHTS)
    db = connect(database)
    try:
        said = list(PASSPHRASES)
        set_app_passphrase_hash(db, hash_passphrase(PASSPHRASES[0]))
        first = publishing.published_events(db)[0]
        cards.set_passphrase(db, first["id"], hash_passphrase(PASSPHRASES[1]))
        cards.card_links(db, first["id"], 3)  # the table cards made
        game = events.tables(db, first["id"])[0]["game_id"]
        said += [table.join(db, game, "Ann", 0), table.join(db, game, "Watcher", None)]
        table.join_code(db, game)
        championship(db)
        deleted_night(db)
        noted_night(db)
        said += [*PRIVATE, *stored_secrets(db)]
    finally:
        db.close()
    return database, said


def championship(db) -> None:
    """The sample's nights in a series counting each night's best two, and the same
    series over the published nights only: its standings are the app's own."""
    nights = [e["id"] for e in events.all_events(db)]
    published = [e["id"] for e in publishing.published_events(db)]
    assert len(nights) == NIGHTS and len(published) == NIGHTS - 1
    for name, held in zip(SERIES, (nights, published), strict=True):
        series.create_series(db, name=name, counts="points", best=2, event_ids=held)


def deleted_night(db) -> None:
    """A night published, then deleted: gone from everything published."""
    made = two_pairs(db, DELETED, ("Gone", "Left"))
    publishing.set_published(db, made, True, "shown for a while")
    removing.remove_event(db, made, "a night held by mistake")


def noted_night(db) -> None:
    """A published night whose round carries a private note, adjusted with a reason."""
    made = two_pairs(db, "The noted night", ("Noted", "Also"), note=PRIVATE[0])
    publishing.set_published(db, made, True, PRIVATE[1])


def two_pairs(db, name: str, people: tuple[str, str], note: str = "") -> int:
    """A night of two pairs, one deal at one table, played (its round with ``note``)."""
    entries = [{"name": f"Pair {n}", "players": [f"{p} {n}" for p in people]} for n in range(2)]
    made = events.create_event(
        db,
        name=name,
        date="2021-01-01",
        variant="hand-and-foot",
        options={},
        movement="mitchell",
        turns=1,
        entries=entries,
        deals=1,
        scale={"kind": "wdl"},
    )
    play_every_turn(db, made, note)
    return made


def play_every_turn(db, event_id: int, note: str = "") -> None:
    for turn in range(1, events.event(db, event_id)["turns"] + 1):
        turns.start_turn(db, event_id)
        for t in events.tables(db, event_id, turn):
            one, other = t["sides"]
            mine = {"meld_points": 120, "adjustment": 5, "note": note} if note else {}
            rounds.add_round(
                db, t["game_id"], {one: {"meld_points": 100, **mine}, other: {"meld_points": 50}}
            )


SECRET_COLUMNS = """
SELECT passphrase_hash AS s FROM events UNION SELECT cards_token FROM events
UNION SELECT uid FROM events UNION SELECT token FROM event_cards
UNION SELECT watch_token FROM games UNION SELECT join_code FROM games
UNION SELECT token_hash FROM table_phones UNION SELECT value FROM settings
UNION SELECT reason FROM event_changes UNION SELECT uid FROM games
UNION SELECT passphrase_hash FROM games UNION SELECT note FROM table_events
"""


def stored_secrets(db) -> list[str]:
    """What the database keeps that no published page may show."""
    found = [r["s"] for r in db.query(SECRET_COLUMNS) if r["s"]]
    return [str(s) for s in found]


def published_site(folder: Path, database: Path, *only: int) -> Path:
    out = folder / "site"
    run("publish", out, "--db", database, *(a for e in only for a in ("--event", e)))
    return out


class Standings(HTMLParser):
    """A page's standings, as read: each row of ``table.standings``, its cells' text
    (spaces as a reader sees them) without what is in ``<small>`` (the players, a
    withdrawal)."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.inside = self.small = 0
        self.feed(html)
        # a cell's words as read, however its markup splits them ("<a>Ann</a> &amp; <a>Bea</a>")
        self.rows = [[" ".join(cell.split()) for cell in row] for row in self.rows]

    def handle_starttag(self, tag, attrs):
        if tag == "table" and "standings" in (dict(attrs).get("class") or ""):
            self.inside = 1
        elif self.inside and tag == "tr":
            self.rows.append([])
        elif self.inside and tag in ("td", "th") and self.rows:
            self.rows[-1].append("")
        elif tag == "small":
            self.small += 1

    def handle_endtag(self, tag):
        if tag == "table":
            self.inside = 0
        elif tag == "small":
            self.small -= 1

    def handle_data(self, data):
        if self.inside and self.rows and self.rows[-1] and not self.small:
            self.rows[-1][-1] += data
