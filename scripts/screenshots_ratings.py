"""Take the ratings' phone-size screenshots: a player's page and a leaderboard.

    .venv/bin/python scripts/screenshots_ratings.py

Fills a throwaway database with 60 generated evenings, starts the real server on it,
and in Debian's chromium at 360 px wide writes docs/player-ratings.png (the busiest
player's page, whole) and docs/leaderboard.png (all games, all time, 5 games or more).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests")]

from conftest import CHROMIUM, CHROMIUM_ARGS, LiveServer  # noqa: E402

from scorekeeper.data import sample  # noqa: E402
from scorekeeper.data.connection import connect, migrate  # noqa: E402


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        path = Path(tmp) / "shots.sqlite"
        migrate(path).close()
        db = connect(path)
        sample.fill(db, 60, seed=28)
        busiest = next(db.query(
            "SELECT player_id FROM player_ratings WHERE scope = 'all' ORDER BY games DESC LIMIT 1"
        ))["player_id"]  # fmt: skip
        db.close()
        server = LiveServer(path).start()
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 360, "height": 740}, device_scale_factor=2)
        try:
            page.goto(f"{server.url}/players/{busiest}")
            page.screenshot(path=str(ROOT / "docs" / "player-ratings.png"), full_page=True)
            page.goto(f"{server.url}/leaderboard?scope=all&period=all&least=5")
            page.screenshot(path=str(ROOT / "docs" / "leaderboard.png"), full_page=True)
        finally:
            browser.close()
            server.stop()


if __name__ == "__main__":
    main()
