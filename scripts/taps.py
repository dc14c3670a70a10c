"""Count what a scorer does to enter one typical round of each variant on a phone.

    .venv/bin/python scripts/taps.py                  # all five variants, a Markdown table
    .venv/bin/python scripts/taps.py --variant weeping
    .venv/bin/python scripts/taps.py --json           # the figures as JSON
    .venv/bin/python scripts/taps.py --keyboard       # 360x640, less the keyboard while typing
    .venv/bin/python scripts/taps.py --first-use      # the home page to round 1 saved

Starts the real server (``python -m scorekeeper serve``) on a throwaway database, opens
Debian's chromium through Playwright as a touch phone (360x740, ``has_touch``,
``is_mobile``, device scale 2), creates a game of each variant through the pages, and
enters the variant's typical round (``TYPICAL`` below) with taps and typed digits. It
counts taps, keystrokes and scroll distance, times it, and checks the scoreboard shows
what ``python -m scorekeeper score`` says the round scores; a mismatch is an error.
This is a measurement, not a timed test: see docs/usability.md.

Three parts, kept apart so the round screen can be redesigned without touching the
other two:

- ``TYPICAL``: each variant's typical round as data (docs/api.md's field names), no UI;
- ``Counter``: counts taps, keystrokes and scrolling, whatever the screen;
- ``TodaysRoundScreen``: the driver for the round screen as it is (templates/round.html,
  static/app.js). Write another class with the same ``drive_round(page, counter, variant,
  round)`` for a new screen and pass it to ``measure``.

The app is reached only over HTTP, through its pages and its ``score`` command.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from playwright.sync_api import Error as PlaywrightError, Locator, Page, sync_playwright

CHROMIUM = os.environ.get("SCOREKEEPER_CHROMIUM") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]  # fmt: skip
VIEWPORT = {"width": 360, "height": 740}
SHORT = {"width": 360, "height": 640}  # --keyboard: a shorter phone...
KEYBOARD_PX = 260  # ...less the on-screen keyboard while a field is being typed in
MARGIN = 8  # px left between a control scrolled into view and the edge it came in from

TYPES_TEXT = """() => {
  // Whether the focused control brings up the on-screen keyboard.
  const el = document.activeElement;
  if (!el) return false;
  if (el.tagName === "TEXTAREA") return true;
  return el.tagName === "INPUT" &&
    !["checkbox", "radio", "button", "submit", "hidden", "range"].includes(el.type);
}"""

# ---------------------------------------------------------------------------------------
# The typical rounds, as data: what the scorer has in front of them at the end of a round.
# ``sides`` are in the game's side order (seats 1 & 3 first in a two-team game; in
# five-person, each seat is a side). Fields are the JSON contract's per-side fields; absent = 0.
# ---------------------------------------------------------------------------------------

TYPICAL: dict[str, dict[str, Any]] = {
    "classic": {
        "seats": ["Ann", "Cat", "Bea", "Dee"],
        "story": "4 players, two teams. Ann & Bea go out with a natural and a mixed canasta, "
                 "one red three, 235 in melds; Cat & Dee have a mixed canasta, 150 in melds "
                 "and 45 left in their hands.",
        "sides": [
            {"went_out": True, "natural_canastas": 1, "mixed_canastas": 1, "red_threes": 1,
             "meld_points": 235},
            {"mixed_canastas": 1, "meld_points": 150, "hand_points": 45},
        ],
    },
    "hand-and-foot": {
        "seats": ["Ann", "Cat", "Bea", "Dee"],
        "story": "4 players, two teams. Ann & Bea go out with a clean and two dirty piles, "
                 "one red three, 560 in melds, both feet played; Cat & Dee have a clean "
                 "and a dirty pile, two red threes, 340 in melds, 85 in hand and one foot "
                 "never picked up worth 120.",
        "sides": [
            {"went_out": True, "natural_canastas": 1, "mixed_canastas": 2, "red_threes": 1,
             "meld_points": 560},
            {"natural_canastas": 1, "mixed_canastas": 1, "red_threes": 2, "meld_points": 340,
             "hand_points": 85, "foot_points": 120},
        ],
    },
    "five-person": {
        "seats": ["Ann", "Bob", "Cat", "Dan", "Eve"],
        "story": "5 players, each a side. Ann goes out with a pure and an impure canasta, a "
                 "kitty and 260 in melds; Bob has an impure canasta, 150 in melds, 35 in "
                 "hand; Cat 95 in melds, 60 in hand; Dan a pure canasta, 140 in melds, 25 in "
                 "hand; Eve the other kitty, 100 in melds, 70 in hand.",
        "sides": [
            {"went_out": True, "natural_canastas": 1, "mixed_canastas": 1, "kitties": 1,
             "meld_points": 260},
            {"mixed_canastas": 1, "meld_points": 150, "hand_points": 35},
            {"meld_points": 95, "hand_points": 60},
            {"natural_canastas": 1, "meld_points": 140, "hand_points": 25},
            {"kitties": 1, "meld_points": 100, "hand_points": 70},
        ],
    },
    "weeping": {
        "seats": ["Ann", "Cat", "Bea", "Dee"],
        "story": "4 players, two teams. Ann & Bea go out with a natural and two dirty "
                 "canastas (one laid out of the hand), two red threes, both weepers picked "
                 "up, 640 in melds, 30 left in Bea's hand; Cat & Dee have a natural "
                 "canasta, one red three, one weeper picked up, 310 in melds, 95 in hand "
                 "plus a black three in hand, and Dee's weeper never picked up: 110 with a "
                 "red three in it.",
        "sides": [
            {"went_out": True, "natural_canastas": 1, "mixed_canastas": 2,
             "canastas_from_hand": 1, "red_threes": 2, "weepers_picked_up": 2,
             "meld_points": 640, "hand_points": 30},
            {"natural_canastas": 1, "red_threes": 1, "weepers_picked_up": 1, "meld_points": 310,
             "hand_points": 95, "black_threes_in_hand": 1, "weeper_points": 110,
             "red_threes_in_weeper": 1},
        ],
    },
    "samba-foot": {
        "seats": ["Ann", "Cat", "Bea", "Dee"],
        "story": "4 players, two teams. Ann & Bea go out with two red, two black and one "
                 "wild-card canasta and a samba, three red threes, 1180 in melds, 45 left "
                 "in Bea's hand; Cat & Dee have a red and two black canastas, two red "
                 "threes, 720 in melds, 60 in hand and one foot never reached worth 135.",
        "sides": [
            {"went_out": True, "natural_canastas": 2, "mixed_canastas": 2, "wild_canastas": 1,
             "sambas": 1, "red_threes": 3, "meld_points": 1180, "hand_points": 45},
            {"natural_canastas": 1, "mixed_canastas": 2, "red_threes": 2, "meld_points": 720,
             "hand_points": 60, "foot_points": 135},
        ],
    },
}  # fmt: skip


def expected_scores(variant: str, sides: list[str], players: int, round_: dict) -> dict[str, int]:
    """The round's scores by the app's own ``score`` command (the JSON contract, docs/api.md)."""
    document = {
        "variant": variant,
        "sides": sides,
        "players": players,
        "rounds": [{name: fields for name, fields in zip(sides, round_["sides"], strict=True)}],
    }
    command = [sys.executable, "-m", "scorekeeper", "score", "-"]
    done = subprocess.run(command, input=json.dumps(document), capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{variant}: the typical round is not valid: {done.stderr.strip()}")
    return json.loads(done.stdout)["rounds"][0]["scores"]


# ---------------------------------------------------------------------------------------
# Counting: independent of the screen being measured.
# ---------------------------------------------------------------------------------------

VISIBLE_BAND = """el => {
  // The band of the viewport a thumb can tap: minus bars stuck to its top or bottom.
  let top = 0, bottom = innerHeight;
  for (const bar of document.querySelectorAll("body *")) {
    const position = getComputedStyle(bar).position;
    if ((position !== "fixed" && position !== "sticky") || bar.contains(el)) continue;
    const r = bar.getBoundingClientRect();
    if (r.height === 0) continue;
    if (r.bottom >= innerHeight - 1 && r.top > innerHeight / 2) bottom = Math.min(bottom, r.top);
    if (r.top <= 1 && r.bottom < innerHeight / 2) top = Math.max(top, r.bottom);
  }
  const r = el.getBoundingClientRect();
  return {top, bottom, elTop: r.top, elBottom: r.bottom};
}"""


@dataclass
class Counter:
    """Taps, keystrokes and scrolling of one round's entry, and its wall time."""

    page: Page
    keyboard_px: int = 0  # >0: the keyboard takes this much off the screen while typing
    taps: int = 0
    keystrokes: int = 0
    scroll_px: float = 0
    seconds: float = 0
    log: list[str] = field(default_factory=list)
    _started: float = 0
    _keyboard_up: bool = False

    def keyboard(self) -> None:
        """With ``keyboard_px``: the viewport loses the keyboard's height while the
        focused control is typed in (as a phone resizing its page for the keyboard,
        Chrome's ``interactive-widget=resizes-content``), and the browser brings the
        focused field into what is left (not counted: the phone scrolls, not the thumb)."""
        if not self.keyboard_px:
            return
        try:
            wanted = bool(self.page.evaluate(TYPES_TEXT))
        except PlaywrightError:  # the page is going away (Save)
            return
        if wanted == self._keyboard_up:
            return
        size = self.page.viewport_size or SHORT
        change = -self.keyboard_px if wanted else self.keyboard_px
        self.page.set_viewport_size({"width": size["width"], "height": size["height"] + change})
        self._keyboard_up = wanted
        if wanted:
            self.page.evaluate("document.activeElement.scrollIntoView({block: 'nearest'})")
        self.log.append("keyboard up" if wanted else "keyboard down")

    def start(self) -> None:
        self._started = time.monotonic()

    def stop(self) -> None:
        self.seconds = time.monotonic() - self._started

    def _scroll_y(self) -> float:
        return self.page.evaluate("window.scrollY")

    def bring_into_view(self, target: Locator) -> None:
        """Scroll just enough for ``target`` to be whole in the tappable band (plus
        MARGIN), as a thumb would, and count the distance."""
        band = target.evaluate(VISIBLE_BAND)
        if band["elTop"] >= band["top"] and band["elBottom"] <= band["bottom"]:
            return
        if band["elBottom"] > band["bottom"]:
            delta = band["elBottom"] - band["bottom"] + MARGIN
        else:
            delta = band["elTop"] - band["top"] - MARGIN
        before = self._scroll_y()
        self.page.evaluate("d => window.scrollBy({top: d, behavior: 'instant'})", delta)
        moved = abs(self._scroll_y() - before)
        self.scroll_px += moved
        self.log.append(f"scroll {moved:.0f}px")

    def tap(self, target: Locator, what: str = "") -> None:
        self.bring_into_view(target)
        before, url = self._scroll_y(), self.page.url
        target.tap()
        self.taps += 1
        try:
            moved = abs(self._scroll_y() - before)  # should the tap itself have scrolled
        except PlaywrightError:  # the tap sent the form: the page is going away
            moved = 0
        if self.page.url != url:  # the tap saved and went on to the scoreboard: no scroll
            moved = 0
        self.scroll_px += moved
        self.log.append(f"tap {what}" + (f" (+{moved:.0f}px)" if moved else ""))
        self.keyboard()

    def type(self, text: str) -> None:
        """Type into the focused control, one keystroke per character. (Characters are
        inserted as text: Playwright's key events sent right after a tap on a number
        field are sometimes dropped by mobile-emulating chromium.)"""
        for character in text:
            self.page.keyboard.insert_text(character)
        self.keystrokes += len(text)
        self.log.append(f"type {text!r}")

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.keystrokes += 1
        self.log.append(f"press {key}")
        self.keyboard()

    def figures(self, screen_px: int) -> dict[str, Any]:
        return {
            "taps": self.taps,
            "keystrokes": self.keystrokes,
            "next": sum(1 for line in self.log if line == "press Enter"),
            "scroll_px": round(self.scroll_px),
            "screens": round(self.scroll_px / screen_px, 1),
            "seconds": round(self.seconds, 2),
        }


# ---------------------------------------------------------------------------------------
# Drivers: one per round screen. Each opens the round page from the scoreboard, enters
# the round through its counter and taps save; the harness then reads the scoreboard.
# ---------------------------------------------------------------------------------------


class RoundScreen(Protocol):
    name: str

    def open_round(self, page: Page, counter: Counter, round_: dict) -> None:
        """From the scoreboard to the round screen: counted, like every tap."""

    def drive_round(
        self, page: Page, counter: Counter, variant: str, round_: dict
    ) -> dict[str, Any]:
        """Enter ``round_`` on the open round page and save; returns observations."""


class OneThumbScreen:
    """Today's round screen: who went out chosen once (a row of chips), counts
    as steppers, weepers picked up ticked by player, rare fields folded under "More",
    points fields chained by the keyboard's Next key (Enter moves on, never saves),
    the totals stuck to the top and Save to the bottom.

    The scorer's order: who went out, then every side's counts, then the points in one
    run through the keyboard: tap the first, type, Next, type, ... and tap Save."""

    name = "one-thumb"

    def __init__(self, order: str = "counts first") -> None:
        self.order = order  # "counts first": every count, then the points in one run

    def count(self, page: Page, counter: Counter, field_id: str, n: int) -> None:
        """One tap on the count's quick button (0 to 3); a larger count is typed in
        its field (a tap, then the digits). Nothing if it shows ``n`` already (set
        when who went out was chosen, from what going out needs). On the screen
        before the one-tap counts (- and + steppers): + n times, unless typing takes fewer
        touches (a tie goes to +: no keyboard comes up)."""
        if page.input_value(f"#{field_id}") == (str(n) if n else ""):
            return
        quick = page.locator(f"button.quick[data-for={field_id}][data-value='{n}']")
        plus = page.locator(f"button.step[data-step='1'][data-for={field_id}]")
        if quick.count():
            counter.tap(quick, f"{n} {field_id}")
        elif plus.count() and n <= 1 + len(str(n)):  # the - and + steppers of the older screen
            for _ in range(n):
                counter.tap(plus, f"+ {field_id}")
        else:
            counter.tap(page.locator(f"#{field_id}"), field_id)
            counter.type(str(n))
        got = page.input_value(f"#{field_id}")
        if got != str(n):
            raise SystemExit(f"#{field_id} shows {got!r} after entering {n}")

    def side_counts(self, page: Page, counter: Counter, s: int, fields: dict) -> None:
        """One side's counts and ticks, in the order the screen shows them."""
        side = page.locator("fieldset.side-entry").nth(s)
        names = side.evaluate("""f => [...new Set([...f.querySelectorAll('input[name]')]
            .map(e => e.name).filter(n => !n.includes('__')))]""")
        for field_id in names:
            name = field_id.split("_", 1)[1]
            value = fields.get(name)
            if name.endswith("_points") or not value:
                continue
            first = page.locator(f"[name={field_id}]").first
            if not first.is_visible():  # folded under "More"
                counter.tap(side.locator("details.more > summary"), f"More, side {s + 1}")
            ticks = page.locator(f"input[name={field_id}][type=checkbox]")
            if ticks.count() > 1 or (ticks.count() and value is not True):
                # ticked by player: only those not yet as wanted (going out ticks them)
                for n in range(ticks.count()):
                    if page.is_checked(f"#{field_id}-{n}") != (n < value):
                        counter.tap(page.locator(f"label:has(#{field_id}-{n})"), f"tick {field_id}")
            elif value is True:
                counter.tap(page.locator(f"label:has(#{field_id})"), field_id)
            else:
                self.count(page, counter, field_id, value)
        unknown = {n for n, v in fields.items() if v} - {n.split("_", 1)[1] for n in names}
        if unknown - {"went_out"}:
            raise SystemExit(f"side {s + 1} has no field for {sorted(unknown)}")
        for field_id in names:  # nothing set that the round does not have (a default)
            ticks = page.locator(f"input[name={field_id}][type=checkbox]:checked").count()
            wanted = fields.get(field_id.split("_", 1)[1]) or 0
            if ticks and ticks != wanted:
                raise SystemExit(f"#{field_id}: {ticks} ticked, the round has {wanted}")

    def points_run(self, page: Page, counter: Counter, round_: dict, sides: list[int]) -> None:
        """The points totals of ``sides`` in one run of the keyboard: Next when the
        field to fill is the next one, a tap otherwise."""
        chain = page.evaluate("""() => [...document.querySelectorAll(
            'form.round-form input[enterkeyhint=next]')].filter(e => e.checkVisibility())
            .map(e => e.id)""")
        wanted = [
            (f"s{s}_{name}", value)
            for s in sides
            for name, value in round_["sides"][s].items()
            if name.endswith("_points") and value
        ]
        wanted.sort(key=lambda item: chain.index(item[0]))
        at = None
        for field_id, value in wanted:
            if at is not None and chain.index(field_id) == chain.index(at) + 1:
                counter.press("Enter")
            else:
                counter.tap(page.locator(f"#{field_id}"), field_id)
            counter.type(str(value))
            at = field_id
            if page.input_value(f"#{field_id}") != str(value):
                raise SystemExit(f"#{field_id} shows {page.input_value(f'#{field_id}')!r}")

    def open_round(self, page: Page, counter: Counter, round_: dict) -> None:
        """From the scoreboard: the side that went out, where the scoreboard offers it
        (one tap opens the round with it chosen), else "Enter round 1"."""
        out = next((s for s, f in enumerate(round_["sides"]) if f.get("went_out")), None)
        chosen = page.locator(".out-links a")
        if out is not None and chosen.count():
            counter.tap(chosen.nth(out), "who went out, on the scoreboard")
        else:
            counter.tap(page.locator("a:has-text('Enter round 1')"), "Enter round 1")

    def drive_round(
        self, page: Page, counter: Counter, variant: str, round_: dict
    ) -> dict[str, Any]:
        page.wait_for_selector("button.quick, button.step:not([hidden])")  # app.js has run
        observed = {
            "order": self.order,
            "page_height_px": page.evaluate("document.documentElement.scrollHeight"),
            "tallest_side_px": page.evaluate(
                "Math.max(...[...document.querySelectorAll('fieldset.side-entry')]"
                ".map(f => f.getBoundingClientRect().height))"
            ),
        }
        out = next((s for s, f in enumerate(round_["sides"]) if f.get("went_out")), None)
        if out is not None and not page.is_checked(f"input[name=went_out][value='{out}']"):
            counter.tap(page.locator(f"label.chip:has(input[value='{out}'])"), "who went out")
        every = list(range(len(round_["sides"])))
        if self.order == "side by side":
            for s in every:
                self.points_run(page, counter, round_, [s])
                self.side_counts(page, counter, s, round_["sides"][s])
        else:
            for s in every:
                self.side_counts(page, counter, s, round_["sides"][s])
            self.points_run(page, counter, round_, every)
        counter.tap(page.locator("button[name=save]"), "Save")
        return observed


class TodaysRoundScreen:
    """The round screen of 2026-11: every field of every side in one long form, one
    fieldset per side; counts have - and + steppers (with JS), point fields are number
    inputs with a "Count the cards" counter; Preview and Save in a bar stuck to the
    bottom of the screen."""

    name = "today"

    def open_round(self, page: Page, counter: Counter, round_: dict) -> None:
        counter.tap(page.locator("a:has-text('Enter round 1')"), "Enter round 1")

    def count(self, page: Page, counter: Counter, field_id: str, n: int) -> None:
        """A count: tap + n times, unless tapping the field and typing the digits takes
        fewer touches (a tie goes to +: no keyboard comes up)."""
        if n <= 1 + len(str(n)):
            plus = page.locator(f"button.step[data-step='1'][data-for={field_id}]")
            for _ in range(n):
                counter.tap(plus, f"+ {field_id}")
        else:
            self.points(page, counter, field_id, n)
        got = page.input_value(f"#{field_id}")
        if got != str(n):
            raise SystemExit(f"#{field_id} shows {got!r} after entering {n}")

    def points(self, page: Page, counter: Counter, field_id: str, n: int) -> None:
        box = page.locator(f"#{field_id}")
        counter.tap(box, field_id)
        for _ in page.input_value(f"#{field_id}"):
            counter.press("Backspace")
        counter.type(str(n))
        if page.input_value(f"#{field_id}") != str(n):
            raise SystemExit(f"#{field_id} shows {page.input_value(f'#{field_id}')!r}, not {n}")

    def drive_round(
        self, page: Page, counter: Counter, variant: str, round_: dict
    ) -> dict[str, Any]:
        page.wait_for_selector("button.step:not([hidden])")  # app.js has run
        observed = {
            "page_height_px": page.evaluate("document.documentElement.scrollHeight"),
            "fields_per_side": page.locator("fieldset.side-entry").first.evaluate(
                "f => f.querySelectorAll('.field:not(.card)').length"
            ),
        }
        for s, fields in enumerate(round_["sides"]):
            # In the screen's order: the fieldset's fields top to bottom.
            ids = page.locator("fieldset.side-entry").nth(s).locator(".field:not(.card) input")
            order = ids.evaluate_all("els => els.map(e => e.id)")
            for field_id in order:
                name = field_id.split("_", 1)[1]
                value = fields.get(name)
                if not value:
                    continue
                kind = page.locator(f"#{field_id}").get_attribute("type")
                if kind == "checkbox":
                    counter.tap(page.locator(f"label:has(#{field_id})"), field_id)
                elif page.locator(f"button.step[data-for={field_id}]").count():
                    self.count(page, counter, field_id, value)
                else:
                    self.points(page, counter, field_id, value)
            unknown = set(fields) - {i.split("_", 1)[1] for i in order}
            if unknown:
                raise SystemExit(f"{variant}: side {s + 1} has no field for {sorted(unknown)}")
        counter.tap(page.locator("button[name=save]"), "Save")
        return observed


# ---------------------------------------------------------------------------------------
# Harness: server, browser, the game set up through the pages, the check, the report.
# ---------------------------------------------------------------------------------------


class Server:
    def __init__(self, database: Path):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1",
             "--port", str(port), "--db", str(database)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/rules", timeout=1).close()
                return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise SystemExit("the server did not start")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()


def new_game(page: Page, base: str, variant: str, seats: list[str]) -> list[str]:
    """Create the game through the pages; returns its sides in order (not counted)."""
    page.goto(f"{base}/games/new?variant={variant}&players={len(seats)}")
    for i, name in enumerate(seats):
        page.fill(f"#seat{i}", name)
    page.click("text=Start the game")
    page.wait_for_selector(".totals")
    page.wait_for_load_state("load")
    points = page.locator(".total .points")
    return [points.nth(i).get_attribute("data-side") for i in range(points.count())]


def round_one_scores(page: Page, sides: list[str]) -> dict[str, int]:
    """Round 1's row of the scoreboard's table: "+1,235<small>1,235</small>" per side.

    Grouping separators (",", ".", thin spaces: the locale's) are dropped before parsing.
    """
    cells = page.locator(".scores tbody tr").first.locator("td.num")
    values = cells.evaluate_all("tds => tds.map(td => td.firstChild.textContent.trim())")
    return {
        side: int(re.sub(r"[^0-9-]", "", value.replace("−", "-")))
        for side, value in zip(sides, values, strict=True)
    }


def phone(browser: Any, viewport: dict[str, int]) -> tuple[Any, Page]:
    """A touch phone's browser context and its page."""
    context = browser.new_context(
        viewport=viewport, has_touch=True, is_mobile=True, device_scale_factor=2
    )
    page = context.new_page()
    page.set_default_timeout(15000)
    return context, page


def measure(
    browser: Any, base: str, variant: str, screen: RoundScreen, keyboard_px: int = 0
) -> dict[str, Any]:
    round_ = TYPICAL[variant]
    viewport = SHORT if keyboard_px else VIEWPORT
    context, page = phone(browser, viewport)
    try:
        sides = new_game(page, base, variant, round_["seats"])
        expected = expected_scores(variant, sides, len(round_["seats"]), round_)
        counter = Counter(page, keyboard_px=keyboard_px)
        counter.start()
        screen.open_round(page, counter, round_)  # counted: scoreboard to scoreboard
        page.wait_for_load_state("domcontentloaded")
        observed = screen.drive_round(page, counter, variant, round_)
        try:
            page.wait_for_selector("#round-1", state="attached")
        except Exception:
            errors = page.locator(".error").all_inner_texts()
            raise SystemExit(f"{variant}: the round was not saved: {errors}") from None
        counter.stop()
        shown = round_one_scores(page, sides)
        if shown != expected:
            raise SystemExit(
                f"{variant}: the scoreboard shows {shown}, the round scores {expected}"
            )
        return {"variant": variant, **counter.figures(viewport["height"]), "scores": shown,
                "observed": observed, "log": counter.log}  # fmt: skip
    finally:
        context.close()


def best_of(
    browser: Any, base: str, variant: str, screens: list[RoundScreen], keyboard_px: int = 0
) -> dict[str, Any]:
    """The scorer's cheapest way through the screen: fewest taps, then least scrolling."""
    tries = [measure(browser, base, variant, screen, keyboard_px) for screen in screens]
    return min(tries, key=lambda r: (r["taps"], r["scroll_px"]))


def table(results: list[dict[str, Any]]) -> str:
    lines = [
        "| variant | taps | keystrokes (of them Next) | scroll px (screens) | seconds | order |",
        "|---|--:|--:|--:|--:|---|",
    ]
    for r in results:
        order = r["observed"].get("order", "")
        scroll = f"{r['scroll_px']} ({r['screens']})"
        lines.append(f"| {r['variant']} | {r['taps']} | {r['keystrokes']} ({r['next']}) "
                     f"| {scroll} | {r['seconds']:.1f} | {order} |")  # fmt: skip
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", choices=list(TYPICAL), help="measure only this variant")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--screen", choices=["one-thumb", "before"], default="one-thumb",
        help="the round screen's driver: today's (one-thumb) or the one before it",
    )  # fmt: skip
    parser.add_argument(
        "--keyboard", nargs="?", type=int, const=KEYBOARD_PX, default=0, metavar="PX",
        help=f"a 360x{SHORT['height']} screen that loses PX (default {KEYBOARD_PX}) to the "
             "on-screen keyboard while a field is typed in",
    )  # fmt: skip
    parser.add_argument(
        "--first-use",
        action="store_true",
        help="count a first game instead: the home page to round 1 saved (scripts/first_use.py)",
    )
    args = parser.parse_args(argv)
    if args.first_use:
        return first_use_main(args)
    variants = [args.variant] if args.variant else list(TYPICAL)
    screens: list[RoundScreen] = (
        [TodaysRoundScreen()]
        if args.screen == "before"
        else [OneThumbScreen("counts first"), OneThumbScreen("side by side")]
    )
    screen = screens[0]
    results = on_a_server(
        lambda browser, url: [best_of(browser, url, v, screens, args.keyboard) for v in variants]
    )
    if args.json:
        print(
            json.dumps(
                {
                    "screen": screen.name,
                    "viewport": SHORT if args.keyboard else VIEWPORT,
                    "keyboard_px": args.keyboard,
                    "results": results,
                },
                indent=2,
            )  # fmt: skip
        )
    else:
        print(table(results))


def on_a_server(work: Any) -> Any:
    """``work(browser, url)`` against a fresh server on a throwaway database."""
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "taps.sqlite")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    return work(browser, server.url)
                finally:
                    browser.close()
        finally:
            server.stop()


def first_use_main(args: argparse.Namespace) -> None:
    """``--first-use``: the first game's figures, with and without names."""
    from first_use import measure_first_use, table as first_use_table

    results = on_a_server(lambda browser, url: measure_first_use(browser, url, args.keyboard))
    print(json.dumps(results, indent=2) if args.json else first_use_table(results))


if __name__ == "__main__":
    main()
