"""Take the phone-size screenshots of the README and docs/usability.md.

    .venv/bin/python scripts/screenshots.py

Starts the real server on a throwaway database, plays a few rounds of Canasta in
Debian's chromium at 360x740, and writes docs/round-entry.png and docs/scoreboard.png;
then stores three rounds of each big variant's typical round (scripts/taps.py) through
the data layer and writes docs/screenshots/: a samba-foot game past 15,000 (its
scoreboard), and the weeping and five-person round screens with a round typed.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "browser")]

sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

from conftest import CHROMIUM, CHROMIUM_ARGS, LiveServer  # noqa: E402
from taps import TYPICAL  # noqa: E402
from test_browser import enter_round, fill_round, start_game  # noqa: E402

from scorekeeper.data.connection import connect  # noqa: E402
from scorekeeper.data.games.evenings import create_evening  # noqa: E402
from scorekeeper.data.games.games import create_game  # noqa: E402
from scorekeeper.data.games.rounds import add_round  # noqa: E402
from scorekeeper.scoring import get_variant  # noqa: E402
from scorekeeper.scoring.seating import side_names  # noqa: E402

SHOTS = ROOT / "docs" / "screenshots"


def typical_game(database: Path, variant: str, rounds: int, turns: bool = True) -> int:
    """A game of ``variant`` with its typical round (scripts/taps.py) played ``rounds`` times,
    the sides taking turns to go out (or the first side each time)."""
    seats = TYPICAL[variant]["seats"]
    sides = side_names(get_variant(variant), seats)
    db = connect(database)
    try:
        game = create_game(db, evening_id=create_evening(db, "2026-11-24"), variant=variant,
                           sides=sides, players=len(seats), options={}, seats=seats)  # fmt: skip
        typical = TYPICAL[variant]["sides"]
        for n in range(rounds):
            first = n % len(typical) if turns else 0
            turned = typical[first:] + typical[:first]
            entries = {side: dict(fields) for side, fields in zip(sides, turned, strict=True)}
            add_round(db, game, entries)
    finally:
        db.close()
    return game


def big_variants(page, server) -> None:
    """docs/screenshots/: samba-foot past 15,000, the weeping and five-person round screens."""
    SHOTS.mkdir(exist_ok=True)
    samba = typical_game(server.database, "samba-foot", 3, turns=False)  # 19,605 to 5,475
    page.goto(f"{server.url}/games/{samba}")
    page.screenshot(path=str(SHOTS / "samba-foot-scoreboard.png"))
    for variant in ("weeping", "five-person"):
        game = typical_game(server.database, variant, 2)
        page.goto(f"{server.url}/games/{game}/rounds/new")
        page.fill("#s0_meld_points", "320")
        page.fill("#s1_hand_points", "85")
        expect(page.locator("output[data-after]").first).to_contain_text("=")
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SHOTS / f"{variant}-round.png"))


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        server = LiveServer(Path(tmp) / "shots.sqlite").start()
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 360, "height": 740}, device_scale_factor=2)
        page.base = server.url
        try:
            start_game(page, "classic", ["Ann", "Cat", "Bea", "Dee"])
            enter_round(
                page,
                {
                    0: {
                        "natural_canastas": 1,
                        "red_threes": 1,
                        "went_out": True,
                        "meld_points": 230,
                    },
                    1: {"mixed_canastas": 1, "meld_points": 185, "hand_points": 65},
                },
            )
            enter_round(
                page,
                {
                    0: {"mixed_canastas": 2, "meld_points": 410, "hand_points": 40},
                    1: {
                        "natural_canastas": 1,
                        "mixed_canastas": 1,
                        "red_threes": 2,
                        "went_out": True,
                        "meld_points": 520,
                    },
                },
            )
            page.screenshot(path=str(ROOT / "docs" / "scoreboard.png"))
            page.click("a:has-text('Enter round')")
            fill_round(page, {0: {"natural_canastas": 1, "meld_points": 260}})
            expect(page.locator("output.preview").first).not_to_have_text("")
            page.screenshot(path=str(ROOT / "docs" / "round-entry.png"))
            big_variants(page, server)
        finally:
            browser.close()
            server.stop()


if __name__ == "__main__":
    main()
