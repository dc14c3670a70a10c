"""Take the screenshots of sides told apart without colour: a
hand-and-foot game of four playing alone, three rounds in.

    .venv/bin/python scripts/screenshots_sides.py

Starts the real server on a throwaway database and, in Debian's chromium at 360 px
wide, writes to docs/screenshots/: the scoreboard (its top: totals, rounds, chart)
and the chart alone, each in colour, in greyscale (as Pillow's ImageOps.grayscale
sees it) and in dark mode.
"""

from __future__ import annotations

import io
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageOps
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "browser")]

from conftest import CHROMIUM, CHROMIUM_ARGS, LiveServer, close_page  # noqa: E402
from test_sides_browser import four_sides_game  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def save(shot: bytes, name: str, greyscale: bool = False) -> None:
    image = Image.open(io.BytesIO(shot))
    (ImageOps.grayscale(image) if greyscale else image).save(OUT / name, optimize=True)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        server = LiveServer(Path(tmp) / "shots.sqlite").start()
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            game = four_sides_game(server)
            for scheme in ("light", "dark"):
                page = browser.new_page(viewport={"width": 360, "height": 740},
                                        device_scale_factor=2, color_scheme=scheme)  # fmt: skip
                page.goto(f"{server.url}/games/{game}")
                chart = page.locator("figure.chart-box")
                bottom = chart.bounding_box()
                clip = {"x": 0, "y": 0, "width": 360, "height": bottom["y"] + bottom["height"] + 8}
                board = page.screenshot(full_page=True, clip=clip)
                drawn = chart.screenshot()
                if scheme == "light":
                    save(board, "sides-scoreboard.png")
                    save(board, "sides-scoreboard-grey.png", greyscale=True)
                    save(drawn, "sides-chart.png")
                    save(drawn, "sides-chart-grey.png", greyscale=True)
                else:
                    save(board, "sides-scoreboard-dark.png")
                    save(drawn, "sides-chart-dark.png")
                close_page(page)
        finally:
            browser.close()
            server.stop()


if __name__ == "__main__":
    main()
