"""Take the README's phone-size screenshots: round entry and the scoreboard.

    .venv/bin/python scripts/screenshots.py

Starts the real server on a throwaway database, plays a few rounds of Canasta in
Debian's chromium at 360x740, and writes docs/round-entry.png and docs/scoreboard.png.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "browser")]

from conftest import CHROMIUM, CHROMIUM_ARGS, LiveServer  # noqa: E402
from test_browser import enter_round, fill_round, start_game  # noqa: E402


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
        finally:
            browser.close()
            server.stop()


if __name__ == "__main__":
    main()
