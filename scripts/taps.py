"""Count what a scorer does to enter whole games of each variant on a phone.

    .venv/bin/python scripts/taps.py                  # all five variants, a Markdown table
    .venv/bin/python scripts/taps.py --variant weeping
    .venv/bin/python scripts/taps.py --json           # the figures, every round's, as JSON
    .venv/bin/python scripts/taps.py --keyboard       # 360x640, less the keyboard while typing
    .venv/bin/python scripts/taps.py --first-use      # the home page to round 1 saved
    .venv/bin/python scripts/taps.py --typical        # one typical round a variant only

Starts the real server (``python -m scorekeeper serve``) on a throwaway database, opens
Debian's chromium through Playwright as a touch phone (360x740, ``has_touch``,
``is_mobile``, device scale 2), creates a game of each variant through the pages, and
enters a whole game of it (``GAMES`` in taps_games.py) round by round with taps and
typed digits. It counts each round's taps, keystrokes and scroll distance, and checks
after each round that the scoreboard's totals are what ``python -m scorekeeper score``
says; a mismatch is an error. This is a measurement, not a timed test: see
docs/usability.md.

Three parts, kept apart so the round screen can be redesigned without touching the
other two:

- ``GAMES`` and ``TYPICAL`` (taps_games.py): the rounds as data (docs/api.md's field
  names), no UI;
- ``Counter``: counts taps, keystrokes and scrolling, whatever the screen;
- ``OneThumbScreen``: the driver for the round screen as it is (templates/round.html,
  static/app.js). Write another class with the same ``open_round`` and ``drive_round``
  for a new screen and pass it to ``measure``.

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
from taps_games import GAMES, TYPICAL  # beside this script: run as a script, it is found

CHROMIUM = os.environ.get("SCOREKEEPER_CHROMIUM") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]  # fmt: skip
VIEWPORT = {"width": 360, "height": 740}
SHORT = {"width": 360, "height": 640}  # --keyboard: a shorter phone...
KEYBOARD_PX = 260  # ...less the on-screen keyboard while a field is being typed in
SKIPS = 1  # empty fields the keyboard's Next is pressed over, rather than a tap
MARGIN = 8  # px left between a control scrolled into view and the edge it came in from

TYPES_TEXT = """() => {
  // Whether the focused control brings up the on-screen keyboard.
  const el = document.activeElement;
  if (!el) return false;
  if (el.tagName === "TEXTAREA") return true;
  return el.tagName === "INPUT" &&
    !["checkbox", "radio", "button", "submit", "hidden", "range"].includes(el.type);
}"""


def expected_totals(variant: str, sides: list[str], players: int, rounds: list) -> list[dict]:
    """Each side's running total after each round, by the app's own ``score`` command
    (the JSON contract, docs/api.md)."""
    document = {
        "variant": variant,
        "sides": sides,
        "players": players,
        "rounds": [dict(zip(sides, round_, strict=True)) for round_ in rounds],
    }
    command = [sys.executable, "-m", "scorekeeper", "score", "-"]
    done = subprocess.run(command, input=json.dumps(document), capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{variant}: the game is not valid: {done.stderr.strip()}")
    running, after = dict.fromkeys(sides, 0), []
    for answer in json.loads(done.stdout)["rounds"]:
        running = {side: running[side] + answer["scores"][side] for side in sides}
        after.append(running)
    return after


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


SIDEWAYS = """el => {
  // The side page ``el`` is on, if it is not the page shown (off the screen sideways).
  const r = el.getBoundingClientRect();
  const side = el.closest(".side-pages > fieldset");
  return side && (r.left < 0 || r.right > innerWidth) ? side.id : null;
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
        MARGIN), as a thumb would, and count the distance. A control on a side's page
        that is not the one shown (one page a side) is first shown with a tap on its
        side's button, counted like any tap."""
        side = target.evaluate(SIDEWAYS)
        if side:
            self.tap(self.page.locator(f".side-tab[aria-controls='{side}']"), f"to {side}")
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
    """Today's round screen: who went out chosen once (a row of chips; chosen on the
    scoreboard, the round opens with the keyboard in the first points field), going
    out concealed and the dealer's bonus one tick each, counts as one-tap buttons,
    weepers picked up ticked by player (as the side's canastas are counted), rare
    fields (the adjustment, its minus typed, and its note) folded under "More", points
    fields chained by the keyboard's Next key (Enter moves on, never saves), the
    totals stuck to the top and Save to the bottom.

    The scorer's orders: "counts first" (every side's counts, then the points in one
    run through the keyboard: tap the first, type, Next, type, ...), "side by side"
    (each side's points, then its counts) and "chained" (each side's counts, then its
    points, Next going on to the next side, whose points are typed then, the keyboard
    being up in them, and its counts after), then Save."""

    name = "one-thumb"
    ORDERS = ("counts first", "side by side", "chained")

    def __init__(self, order: str = "counts first") -> None:
        self.order = order

    def count(self, page: Page, counter: Counter, field_id: str, n: int) -> None:
        """One tap on the count's quick button (0 to 3); a larger count is typed in
        its field (a tap, then the digits). Nothing if it shows ``n`` already (set
        when who went out was chosen, from what going out needs)."""
        if page.input_value(f"#{field_id}") == (str(n) if n else ""):
            return
        quick = page.locator(f"button.quick[data-for={field_id}][data-value='{n}']")
        if quick.count():
            counter.tap(quick, f"{n} {field_id}")
        else:
            counter.tap(page.locator(f"#{field_id}"), field_id)
            counter.type(str(n))
        got = page.input_value(f"#{field_id}")
        if got != str(n):
            raise SystemExit(f"#{field_id} shows {got!r} after entering {n}")

    def adjust(self, page: Page, counter: Counter, s: int, fields: dict) -> None:
        """The adjustment, its minus typed before the digits (the dial pad has one),
        and its note, reached with Next from the adjustment."""
        value = fields.get("adjustment") or 0
        if value:
            counter.tap(page.locator(f"#s{s}_adjustment"), "adjustment")
            minus = page.locator(f"#s{s}_adjustment_sign").input_value() == "-"
            counter.type(("-" if value < 0 and not minus else "") + str(abs(value)))
            shown = tuple(page.input_value(f"#s{s}_adjustment{e}") for e in ("", "_sign"))
            if shown != (str(abs(value)), "-" if value < 0 else "+"):
                raise SystemExit(f"#s{s}_adjustment shows {shown} after entering {value}")
        if fields.get("note"):
            if not self.next_to(page, counter, f"s{s}_note"):
                counter.tap(page.locator(f"#s{s}_note"), "note")
            counter.type(fields["note"])

    def side_counts(self, page: Page, counter: Counter, s: int, fields: dict) -> None:
        """One side's counts, ticks and folded fields, in the order the screen shows them."""
        side = page.locator("fieldset.side-entry").nth(s)
        names = side.evaluate("""f => [...new Set([...f.querySelectorAll('input[name]')]
            .filter(e => !e.closest('.cards, .melds')).map(e => e.name))]""")
        for field_id in names:
            name = field_id.split("_", 1)[1]
            value = fields.get(name)
            if name.endswith("_points") or name in ("adjustment", "note") or not value:
                continue
            self.unfold(page, counter, side, field_id, s)
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
        if fields.get("adjustment") or fields.get("note"):
            self.unfold(page, counter, side, f"s{s}_adjustment", s)
            self.adjust(page, counter, s, fields)
        known = {n.split("_", 1)[1] for n in names} | {"went_out", "concealed"}
        unknown = {n for n, v in fields.items() if v} - known
        if unknown:
            raise SystemExit(f"side {s + 1} has no field for {sorted(unknown)}")
        for field_id in names:  # nothing set that the round does not have (a default)
            ticks = page.locator(f"input[name={field_id}][type=checkbox]:checked").count()
            wanted = fields.get(field_id.split("_", 1)[1]) or 0
            if ticks and ticks != wanted:
                raise SystemExit(f"#{field_id}: {ticks} ticked, the round has {wanted}")

    @staticmethod
    def unfold(page: Page, counter: Counter, side: Locator, field_id: str, s: int) -> None:
        """Open the fold "More" if ``field_id`` is under it."""
        if not page.locator(f"[name={field_id}]").first.is_visible():
            counter.tap(side.locator("details.more > summary"), f"More, side {s + 1}")

    @staticmethod
    def chain(page: Page) -> list[str]:
        """The fields the keyboard's Next goes through, in order (app.js: CHAIN)."""
        return page.evaluate("""() => [...document.querySelectorAll(
            'form.round-form ' + CHAIN)].filter(e => e.checkVisibility()).map(e => e.id)""")

    @staticmethod
    def next_of(page: Page, field_id: str) -> str | None:
        """Where the keyboard's Next goes from ``field_id`` (app.js: enterMovesOn): the
        field it names (an adjustment's note), else the next field of the chain after
        it on the page."""
        return page.evaluate(
            """id => {
              const from = document.getElementById(id);
              const then = from.dataset.then && document.getElementById(from.dataset.then);
              if (then && then.checkVisibility()) return then.id;
              const after = [...document.querySelectorAll('form.round-form ' + CHAIN)]
                .filter(e => e.checkVisibility())
                .find(e => from.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING);
              return after ? after.id : null;
            }""",
            field_id,
        )

    def wanted(self, page: Page, round_: dict, sides: list[int]) -> list[tuple[str, Any]]:
        chain = self.chain(page)
        wanted = [
            (f"s{s}_{name}", value)
            for s in sides
            for name, value in round_[s].items()
            if name.endswith("_points") and value
        ]
        return sorted(wanted, key=lambda item: chain.index(item[0]))

    def next_to(self, page: Page, counter: Counter, field_id: str) -> bool:
        """Whether the keyboard's Next reaches ``field_id`` from the field being typed
        in: pressed once, or twice over an empty field between (fewer touches than a
        tap, and no scrolling). Pressed if so."""
        focused = page.evaluate("document.activeElement && document.activeElement.id")
        if focused == field_id:
            return True
        if not focused or not page.evaluate(TYPES_TEXT):  # no keyboard, no Next
            return False
        steps, at = 0, focused
        while at and at != field_id and steps <= SKIPS:
            at, steps = self.next_of(page, at), steps + 1
        if at != field_id:
            return False
        for _ in range(steps):
            counter.press("Enter")
        return True

    def points_run(self, page: Page, counter: Counter, round_: list, sides: list[int]) -> None:
        """The points totals of ``sides`` in one run of the keyboard: typed straight in
        the field that has the focus, Next when the field to fill is the next one, a
        tap otherwise."""
        chain = self.chain(page)
        for field_id, value in self.wanted(page, round_, sides):
            focused = page.evaluate("document.activeElement && document.activeElement.id")
            at = chain.index(field_id)
            if focused != field_id and at and focused == chain[at - 1]:
                counter.press("Enter")
            elif focused != field_id:
                counter.tap(page.locator(f"#{field_id}"), field_id)
            counter.type(str(value))
            if page.input_value(f"#{field_id}") != str(value):
                raise SystemExit(f"#{field_id} shows {page.input_value(f'#{field_id}')!r}")

    def open_round(self, page: Page, counter: Counter, round_: list) -> None:
        """From the scoreboard: the side that went out, where the scoreboard offers it
        (one tap opens the round with it chosen), else "Enter round N"."""
        out = next((s for s, f in enumerate(round_) if f.get("went_out")), None)
        chosen = page.locator(".out-links a")
        if out is not None and chosen.count():
            counter.tap(chosen.nth(out), "who went out, on the scoreboard")
        else:
            counter.tap(page.locator("a:has-text('Enter round')").first, "Enter round")

    def went_out(self, page: Page, counter: Counter, round_: list) -> None:
        out = next((s for s, f in enumerate(round_) if f.get("went_out")), None)
        if out is not None and not page.is_checked(f"input[name=went_out][value='{out}']"):
            counter.tap(page.locator(f"label.chip:has(input[value='{out}'])"), "who went out")
        if out is not None and round_[out].get("concealed"):
            counter.tap(page.locator("label:has(#concealed)"), "concealed")

    def drive_round(self, page: Page, counter: Counter, variant: str, round_: list) -> dict:
        page.wait_for_selector("button.quick")  # app.js has run
        counter.keyboard()  # a field the page put the focus in brings the keyboard up
        observed = {
            "order": self.order,
            "page_height_px": page.evaluate("document.documentElement.scrollHeight"),
        }
        self.went_out(page, counter, round_)
        every = list(range(len(round_)))
        if self.order == "side by side":
            for s in every:
                self.points_run(page, counter, round_, [s])
                self.side_counts(page, counter, s, round_[s])
        elif self.order == "chained":
            for s in every:
                mine = self.wanted(page, round_, [s])
                # Next: on to this side's first points field, if it reaches; the keyboard
                # up there, its points are typed before its counts and folds
                if mine and self.next_to(page, counter, mine[0][0]):
                    self.points_run(page, counter, round_, [s])
                    self.side_counts(page, counter, s, round_[s])
                else:
                    self.side_counts(page, counter, s, round_[s])
                    self.points_run(page, counter, round_, [s])
        else:
            for s in every:
                self.side_counts(page, counter, s, round_[s])
            self.points_run(page, counter, round_, every)
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
        deadline = time.monotonic() + 180  # a busy machine: slow to start, slow to answer
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/rules", timeout=30).close()
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


def shown_totals(page: Page, sides: list[str]) -> dict[str, int]:
    """The scoreboard's running totals, "1,235" per side. Grouping separators (",",
    ".", thin spaces: the locale's) are dropped before parsing."""
    points = page.locator(".total .points")
    values = points.evaluate_all("els => els.map(e => e.textContent.trim())")
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
    browser: Any,
    base: str,
    variant: str,
    screen: RoundScreen,
    keyboard_px: int = 0,
    rounds: list | None = None,
) -> dict[str, Any]:
    """A game of ``variant`` entered round by round (its whole game, or ``rounds``):
    each round's figures, from the scoreboard back to it."""
    rounds = GAMES[variant] if rounds is None else rounds
    seats = TYPICAL[variant]["seats"]
    viewport = SHORT if keyboard_px else VIEWPORT
    context, page = phone(browser, viewport)
    try:
        sides = new_game(page, base, variant, seats)
        expected = expected_totals(variant, sides, len(seats), rounds)
        figures = []
        for number, round_ in enumerate(rounds, start=1):
            counter = Counter(page, keyboard_px=keyboard_px)
            counter.start()
            screen.open_round(page, counter, round_)  # counted: scoreboard to scoreboard
            page.wait_for_load_state("domcontentloaded")
            observed = screen.drive_round(page, counter, variant, round_)
            try:
                page.wait_for_selector(f"#round-{number}", state="attached")
            except PlaywrightError:
                errors = page.locator(".error").all_inner_texts()
                raise SystemExit(f"{variant}: round {number} was not saved: {errors}") from None
            counter.stop()
            if page.viewport_size != viewport:  # the keyboard still up as Save was tapped
                page.set_viewport_size(viewport)
            shown = shown_totals(page, sides)
            if shown != expected[number - 1]:
                raise SystemExit(
                    f"{variant}, round {number}: the scoreboard shows {shown}, "
                    f"the game scores {expected[number - 1]}"
                )
            figures.append(
                {**counter.figures(viewport["height"]), "observed": observed, "log": counter.log}
            )
        return {
            "variant": variant,
            "order": getattr(screen, "order", ""),
            "rounds": figures,
            **summary(figures),
        }
    finally:
        context.close()


def summary(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """Mean and worst round: taps, digits (keystrokes less Next) and scroll px."""

    def of(r: dict[str, Any], what: str) -> float:
        return r["keystrokes"] - r["next"] if what == "digits" else r[what]

    figures: dict[str, Any] = {}
    for what in ("taps", "digits", "scroll_px"):
        values = [of(r, what) for r in rounds]
        figures[what] = {"mean": round(sum(values) / len(values), 1), "worst": max(values)}
    return figures


def best_of(
    browser: Any,
    base: str,
    variant: str,
    screens: list[RoundScreen],
    keyboard_px: int = 0,
    typical: bool = False,
) -> dict[str, Any]:
    """The scorer's cheapest habit on the screen: fewest taps on average, then least
    scrolling."""
    rounds = [TYPICAL[variant]["sides"]] if typical else None
    tries = [measure(browser, base, variant, screen, keyboard_px, rounds) for screen in screens]
    return min(tries, key=lambda r: (r["taps"]["mean"], r["scroll_px"]["mean"]))


def table(results: list[dict[str, Any]], screen_px: int) -> str:
    lines = [
        "| variant | rounds | taps mean (worst) | digits mean (worst) "
        "| scroll px mean (worst) | screens mean | order |",
        "|---|--:|--:|--:|--:|--:|---|",
    ]
    for r in results:
        t, d, s = r["taps"], r["digits"], r["scroll_px"]
        lines.append(
            f"| {r['variant']} | {len(r['rounds'])} | {t['mean']} ({t['worst']}) "
            f"| {d['mean']} ({d['worst']}) | {s['mean']:.0f} ({s['worst']}) "
            f"| {s['mean'] / screen_px:.1f} | {r['order']} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", choices=list(GAMES), help="measure only this variant")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--order", choices=OneThumbScreen.ORDERS, help="only this order (default: the cheapest)"
    )
    parser.add_argument(
        "--typical", action="store_true", help="one typical round a variant, not a whole game"
    )
    parser.add_argument(
        "--keyboard",
        nargs="?",
        type=int,
        const=KEYBOARD_PX,
        default=0,
        metavar="PX",
        help=f"a 360x{SHORT['height']} screen that loses PX (default {KEYBOARD_PX}) to the "
        "on-screen keyboard while a field is typed in",
    )
    parser.add_argument(
        "--first-use",
        action="store_true",
        help="count a first game instead: the home page to round 1 saved (scripts/first_use.py)",
    )
    args = parser.parse_args(argv)
    if args.first_use:
        return first_use_main(args)
    variants = [args.variant] if args.variant else list(GAMES)
    orders = [args.order] if args.order else list(OneThumbScreen.ORDERS)
    screens: list[RoundScreen] = [OneThumbScreen(order) for order in orders]
    results = on_a_server(
        lambda browser, url: [
            best_of(browser, url, v, screens, args.keyboard, args.typical) for v in variants
        ]
    )
    viewport = SHORT if args.keyboard else VIEWPORT
    if args.json:
        shown = {"viewport": viewport, "keyboard_px": args.keyboard, "results": results}
        print(json.dumps(shown, indent=2))
    else:
        print(table(results, viewport["height"]))


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
