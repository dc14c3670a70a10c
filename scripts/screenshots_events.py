"""Take the phone-size screenshots of docs/events.md's director's pages.

    .venv/bin/python scripts/screenshots_events.py

Starts the real server on a throwaway database, makes a club night of 8 pairs at 4
tables (one deal a turn) through the data layer, starts its first turn, and gives the
tables the states a desk shows (one finished, one queried by a phone, one waiting for
a phone's confirmation, one without a round, a player checked in) and its second
turn paired by hand with a rematch; then writes, in
Debian's chromium at 360x740, docs/event-desk-states.png (the desk),
docs/event-table.png (a table's page with the director's changes) and, the browser
made the event's director by its passphrase, docs/event-edit.png (the event edited
during turn 1: new event points asked first) and docs/event-late.png (the
late-arrival form, a pair typed in), docs/event-pairing.png (turn 2's
pairing page, a rematch said). A second night,
on the burraco table for turns of 3 deals with handicaps given in event points, has
its first turn finished and a penalty given: docs/event-standings-handicap.png (its
standings: raw, penalty, handicap, net). On a second throwaway database, two sessions
of four pairs (the final carrying half the first's points) in a series:
docs/series.png (the series' standings) and docs/player-results.png (a player's own
results). Then it publishes two generated club nights
(``scorekeeper sample --events``, ``scorekeeper publish``) and writes
docs/published-event.png, the first night's page read from its file.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from conftest import CHROMIUM, CHROMIUM_ARGS, LiveServer, close_page  # noqa: E402

from scorekeeper.data.connection import connect  # noqa: E402
from scorekeeper.data.events import (  # noqa: E402
    cards,
    desk as event_desk,
    events,
    pairing,
    penalties,
    series,
    turns,
)
from scorekeeper.data.games import rounds  # noqa: E402
from scorekeeper.data.table import answers as table_answers, table as phones  # noqa: E402
from scorekeeper.web.http.security import hash_passphrase  # noqa: E402
from tests.data import series_helpers  # noqa: E402

DIRECTOR = "tuesday club director"

PAIRS = ["Ann & Bea", "Cy & Di", "Ed & Flo", "Gus & Hal", "Ida & Jo", "Kit & Lu",
         "Max & Ned", "Oz & Pam"]  # fmt: skip


def club_night(database: Path) -> tuple[int, int]:
    """The event, its first turn's tables in the desk's states; the event and the
    queried table's game."""
    db = connect(database)
    entries = [{"name": p, "players": p.split(" & ")} for p in PAIRS]
    event_id = events.create_event(
        db, name="Tuesday club", date="2026-11-24", variant="hand-and-foot", options={},
        movement="mitchell", turns=3, entries=entries, deals=1, minutes=45,
        scale={"kind": "wdl", "win": 2, "draw": 1, "loss": 0},
    )  # fmt: skip
    turns.start_turn(db, event_id)
    one, two, three, _ = events.tables(db, event_id, 1)
    for table, (ns, ew) in ((one, (300, 150)), (two, (200, 250)), (three, (150, 100))):
        if table is not one:
            phones.set_settings(db, table["game_id"], phones_enter=False, confirm_rounds=True)
        tokens = [phones.join(db, table["game_id"], side, n)
                  for n, side in enumerate(table["sides"])]  # fmt: skip
        a, b = table["sides"]
        rounds.add_round(db, table["game_id"], {a: {"meld_points": ns}, b: {"meld_points": ew}})
        if table is two:
            phone = phones.phone_of(db, tokens[1])
            table_answers.answer_round(db, phone, 1, 1, "queried", "our melds were 300")
    event_desk.check_in(db, one["game_id"], "Ann")
    event_desk.check_in(db, one["game_id"], "Ida")
    cards.set_passphrase(db, event_id, hash_passphrase(DIRECTOR))
    # turn 2 by hand: Ann & Bea and Ida & Jo play on together (a rematch, said)
    seats = {0: (1, 0), 4: (1, 1), 1: (2, 0), 7: (2, 1), 2: (3, 0), 5: (3, 1), 3: (4, 0)}
    seats[6] = (4, 1)
    basis = pairing.pairing(db, event_id, 2).basis
    pairing.set_pairing(db, event_id, 2, seats, "table 1 asked to play on", basis)
    db.close()
    return event_id, two["game_id"]


HANDICAPS = [2, 0, -1, 0, 3, 0, 1, 0]  # event points given each pair, in PAIRS' order
SCORES = [(900, 350), (400, 455), (1200, 150), (600, 600)]  # each table's deal


def handicapped_night(database: Path) -> int:
    """An event with handicaps and a penalty, its first turn finished."""
    db = connect(database)
    entries = [
        {"name": p, "players": p.split(" & "), "handicap": h}
        for p, h in zip(PAIRS, HANDICAPS, strict=True)
    ]
    event_id = events.create_event(
        db,
        name="Burraco night",
        date="2026-11-26",
        variant="hand-and-foot",
        options={},
        movement="mitchell",
        turns=3,
        entries=entries,
        deals=1,
        scale={"kind": "vp", "named": "burraco-3"},
        handicap="points",
    )
    turns.start_turn(db, event_id)
    found = events.tables(db, event_id, 1)
    for table, (ns, ew) in zip(found, SCORES, strict=True):
        a, b = table["sides"]
        rounds.add_round(db, table["game_id"], {a: {"meld_points": ns}, b: {"meld_points": ew}})
    penalties.give(db, event_id, found[0]["game_id"], 0, 2, "slow play after a warning")
    db.close()
    return event_id


def series_night(database: Path) -> tuple[int, int]:
    """Two sessions in a series counting the best evening by place; the series and
    the player whose results are shown."""
    db = connect(database)
    sessions = list(series_helpers.two_sessions(db))
    counting = {"counts": "place", "best": 1, "place_table": [10, 8, 6, 4]}
    series_id = series.create_series(db, name="Autumn ladder", event_ids=sessions, **counting)
    bea = next(r["id"] for r in db.query("SELECT id FROM players WHERE name = 'Bea'"))
    db.close()
    return series_id, bea


def shoot(browser, url: str, name: str) -> None:
    page = browser.new_page(viewport={"width": 360, "height": 740})
    page.goto(url)
    page.screenshot(path=str(ROOT / "docs" / name), full_page=True)
    close_page(page)


def published(folder: Path) -> Path:
    """Two generated club nights, the first published, written as the static site;
    the first night's English page."""
    database, site = folder / "club.sqlite", folder / "site"
    for command in (["sample", "--evenings", "1", "--events", "2"], ["publish", str(site)]):
        subprocess.run(
            [sys.executable, "-m", "scorekeeper", *command, "--db", str(database)], check=True
        )
    return site / "en" / "events" / "1.html"


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        server = LiveServer(Path(folder) / "shots.sqlite").start()
        ladder = LiveServer(Path(folder) / "series.sqlite").start()
        try:
            event_id, queried = club_night(server.database)
            series_id, player_id = series_night(ladder.database)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": 360, "height": 740})
                page.goto(f"{server.url}/events/{event_id}")
                page.screenshot(path=str(ROOT / "docs" / "event-desk-states.png"))
                page.goto(f"{server.url}/events/{event_id}/tables/{queried}")
                page.screenshot(path=str(ROOT / "docs" / "event-table.png"), full_page=True)
                edited(page, f"{server.url}/events/{event_id}")
                page.goto(f"{server.url}/events/{event_id}/turns/2/pairing")
                page.screenshot(path=str(ROOT / "docs" / "event-pairing.png"), full_page=True)
                late_form(page, f"{server.url}/events/{event_id}")
                handicapped = handicapped_night(server.database)
                page.goto(f"{server.url}/events/{handicapped}")
                shot = ROOT / "docs" / "event-standings-handicap.png"
                page.locator("#desk-standings").screenshot(path=str(shot))
                shoot(browser, f"{ladder.url}/series/{series_id}", "series.png")
                shoot(browser, f"{ladder.url}/players/{player_id}/results", "player-results.png")
                page.goto(published(Path(folder)).as_uri())
                page.screenshot(path=str(ROOT / "docs" / "published-event.png"))
                browser.close()
        finally:
            server.stop()
            ladder.stop()


def edited(page, desk: str) -> None:
    """The director's browser (by the event's passphrase) edits the event: a fourth
    turn and 3 points a win, asked first since turn 1 is under way."""
    page.goto(f"{desk}/unlock")
    page.fill("#passphrase", DIRECTOR)
    with page.expect_navigation():
        page.click("button:has-text('Unlock')")
    page.goto(f"{desk}/edit")
    page.fill("#turns", "4")
    page.fill("#win", "3")
    page.fill("#reason", "the hall is ours till midnight")
    page.click("button:has-text('Change the event')")
    page.wait_for_selector("#edit-ask")
    page.screenshot(path=str(ROOT / "docs" / "event-edit.png"))


def late_form(page, desk: str) -> None:
    """The director's browser types a late pair on the late-arrival form."""
    page.goto(f"{desk}/late")
    page.fill("#entry", "Qu & Ro")
    page.fill("#reason", "their bus was late")
    page.screenshot(path=str(ROOT / "docs" / "event-late.png"))


if __name__ == "__main__":
    main()
