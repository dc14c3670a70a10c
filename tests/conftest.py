"""Shared fixtures. Each test gets its own database under ``tmp_path``."""

from __future__ import annotations

import os
import tempfile
from typing import Any

import pytest

from scorekeeper.scoring import score_game


def play(variant: str, rounds: list[dict[str, Any]], sides: list[str] | None = None, **top: Any):
    """Score a game of ``variant`` with these rounds (sides default to A and B)."""
    sides = sides or sorted({s for r in rounds for s in r}) or ["A", "B"]
    return score_game({"variant": variant, "sides": sides, "rounds": rounds, **top})


def rounds_reaching(variant: str, total: int, side: str = "A") -> list[dict[str, Any]]:
    """Rounds in which ``side`` alone scores, together ``total`` (a multiple of 5):
    each of two natural canastas and 500 meld points at most, a round the packs allow
    (a single round is bounded by the cards in play; a big total takes several), and a
    negative total as points left in hand.

    >>> rounds_reaching("classic", 1495)
    [{'A': {'natural_canastas': 2, 'meld_points': 495}}]
    >>> [r["A"]["meld_points"] for r in rounds_reaching("classic", 4995)]
    [500, 500, 500, 495]
    """
    from scorekeeper.scoring import get_variant

    if total < 0:
        return [{side: {"hand_points": -total}}]
    canasta, rounds = get_variant(variant).defaults()["natural_canasta"], []
    while total > 0:
        n = min(2, total // canasta)
        meld = min(500, total - n * canasta)
        rounds.append({side: {"natural_canastas": n, "meld_points": meld}})
        total -= n * canasta + meld
    return rounds


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_auto_num_workers(config):
    """``-n auto``: two test processes per core for the suite, one for the fuzz run
    (``-m fuzz``). A browser test spends much of its time waiting for Chromium's
    frames, its navigations and its server, with the core idle; a second process per
    core fills those waits (the suite took 8:26 on two cores with four processes,
    9:26 with two). The fuzz run keeps its cores busy, and more processes only slow
    it. Each test process with its browser and servers holds up to about a gigabyte, so
    the second ones are only started while the memory free allows.
    PYTEST_XDIST_AUTO_NUM_WORKERS still decides when set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # pytest-xdist's own hook reads it
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    cores = cores or 1
    if config.option.markexpr == "fuzz":
        return cores
    return max(cores, min(2 * cores, free_gigabytes()))


def free_gigabytes():
    """Whole gigabytes of memory that processes can have now: Linux's MemAvailable (the
    free memory and the file cache it can give back), else the free pages, else a large
    number where the system cannot say."""
    try:
        with open("/proc/meminfo") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) // 2**20  # kB
    except OSError:
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 2**30
    except (AttributeError, ValueError, OSError):
        return 1 << 20


@pytest.fixture(autouse=True)
def work_in_place():
    """A ``serve`` run in a test's process turns on the worker process for a
    director's long work (data/apart.py): turned off after each test, so the next
    test in this process works in place, as a command-line run does."""
    yield
    from scorekeeper.data import apart

    apart.enable(False)


@pytest.fixture
def game():
    return play


# Compiled templates kept for every app and server the tests make: each test's app is
# new, and compiling the templates again for each costs more than many tests do.
TEMPLATE_CACHE = os.path.join(tempfile.gettempdir(), f"scorekeeper-test-templates-{os.getuid()}")


@pytest.fixture(scope="session")
def migrated(tmp_path_factory):
    """An empty database with every migration applied, made once per test process:
    creating a schema of some forty migrations costs more than most tests, so each
    test's app starts from a copy of this one (create_app then finds nothing to do)."""
    from scorekeeper.data.connection import migrate

    path = tmp_path_factory.mktemp("migrated") / "empty.sqlite"
    migrate(path).close()
    return path


def empty_database(migrated, path):
    """A copy of the migrated empty database at ``path``, through SQLite's backup (the
    file whole, its write-ahead log folded in)."""
    import sqlite3

    source, copy = sqlite3.connect(migrated), sqlite3.connect(path)
    try:
        source.backup(copy)
        copy.execute("PRAGMA journal_mode = WAL")
    finally:
        source.close()
        copy.close()
    return path


@pytest.fixture
def app(tmp_path, migrated):
    from scorekeeper import create_app

    return create_app(
        {
            "TESTING": True,
            "DATABASE": str(empty_database(migrated, tmp_path / "scorekeeper.sqlite")),
            "SECRET_KEY": "test-only",
            "WTF_CSRF_ENABLED": False,
            "TEMPLATE_CACHE": TEMPLATE_CACHE,
        }
    )


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def phones_join(app):
    """Open a stored game's table to phones entering their parts; its join code."""
    from scorekeeper.data.connection import connect
    from scorekeeper.data.table import table

    def opened(game: int, confirm_rounds: bool = False) -> str:
        db = connect(app.config["DATABASE"])
        try:
            table.set_settings(db, game, phones_enter=True, confirm_rounds=confirm_rounds)
            return table.join_code(db, game)
        finally:
            db.close()

    return opened


def store_game(
    database,
    variant="classic",
    seats=("Ann", "Cat", "Bea", "Dee"),
    options=None,
    first_dealer=0,
    start=None,
):
    """Store a game in ``database`` as the new-game page would (seats in order, an
    evening of its own); its id. ``start``: a game resumed from paper,
    ``{"totals": {side: points}, "rounds": n}``."""
    from scorekeeper.data.connection import connect
    from scorekeeper.data.games.evenings import create_evening
    from scorekeeper.data.games.games import create_game
    from scorekeeper.scoring import get_variant
    from scorekeeper.scoring.seating import side_names

    db = connect(database)
    try:
        evening = create_evening(db, "2026-11-20")
        return create_game(
            db,
            evening_id=evening,
            variant=variant,
            players=len(seats),
            sides=side_names(get_variant(variant), list(seats)),
            options=options or {},
            seats=list(seats),
            first_dealer=first_dealer,
            start=start,
        )
    finally:
        db.close()


@pytest.fixture
def make_game(app):
    """Store a game through the store, as the new-game page would: seats in order."""

    def make(*args, **kwargs):
        return store_game(app.config["DATABASE"], *args, **kwargs)

    return make


class LiveServer:
    """``scorekeeper serve`` for real: waitress in a subprocess on a loopback port (or,
    ``workers`` above 1, gunicorn's arbiter and as many worker processes)."""

    def __init__(self, database, workers=1):
        self.database, self.workers = database, workers
        self.process = None
        self.url = None
        self.extra = []  # more of serve's options
        self.stderr = None  # a file for what the server writes there (else dropped)

    def start(self):
        import socket
        import subprocess
        import sys
        import time
        import urllib.request

        if self.url is None:  # started again (after stop): the same port, as a restart
            with socket.socket() as probe:
                probe.bind(("127.0.0.1", 0))
                self.url = f"http://127.0.0.1:{probe.getsockname()[1]}"
        port = int(self.url.rsplit(":", 1)[1])
        log = open(self.stderr, "a") if self.stderr else subprocess.DEVNULL  # noqa: SIM115
        self.process = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1",
             "--port", str(port), "--db", str(self.database), "--workers", str(self.workers),
             "--trusted-host", "scorekeeper.test", *self.extra],  # the name tests/browser/test_pwa maps
            stdout=subprocess.DEVNULL, stderr=log,
            env={**os.environ, "FLASK_TEMPLATE_CACHE": TEMPLATE_CACHE},
        )  # fmt: skip
        if self.stderr:
            log.close()  # the server has its own copy
        deadline = time.monotonic() + 120  # a bound, not a speed: CI machines are busy
        while time.monotonic() < deadline:
            try:
                # the cheapest page, and time to answer: an answer abandoned after a
                # second on a busy machine is asked again, and never arrives
                urllib.request.urlopen(self.url + "/healthz", timeout=10).close()
                return self
            except OSError:
                if self.process.poll() is not None:
                    break
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("the server did not start")

    def stop(self, signal=None):
        import signal as signals
        import subprocess

        if self.process and self.process.poll() is None:
            self.process.send_signal(signal or signals.SIGTERM)
            try:
                # gunicorn's arbiter gives its workers 30 s of grace before killing them
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()  # not left running into the next test
                self.process.wait()
                raise

    def json(self, method, path, body=None, headers=None):
        import json
        import urllib.error
        import urllib.request

        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json", **(headers or {})})  # fmt: skip
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())


@pytest.fixture
def live_server(tmp_path):
    """A server of the test's own, on its own database: for a test that stops it, or
    that reads pages listing everything stored (evenings, players, ids)."""
    server = LiveServer(tmp_path / "live.sqlite").start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory):
    """One server per test process (each xdist worker has its own), for tests that
    store games of their own and read only their own games' pages: starting a server
    costs more than most such tests."""
    server = LiveServer(tmp_path_factory.mktemp("shared") / "live.sqlite").start()
    yield server
    server.stop()


def server_for(request):
    """The test's own ``live_server`` when it asks for one (it reads or changes what
    every game shares, or stops the server), otherwise the process's ``shared_server``,
    where it makes its own games and reads only their pages."""
    own = "live_server" in request.fixturenames
    return request.getfixturevalue("live_server" if own else "shared_server")


# Debian's chromium unless SCOREKEEPER_CHROMIUM names another (scripts/*.py read it too).
CHROMIUM = os.environ.get("SCOREKEEPER_CHROMIUM") or "/usr/bin/chromium"
# Chromium honours only the last --disable-features it is given, and Playwright puts its
# own first: ours repeats Playwright's list (tests/browser/test_launch.py fails when it
# changes) and adds the omnibox pop-ups that Chromium loads as web pages for every
# window, none of which a test opens: they took a quarter of the browser tests' CPU.
PLAYWRIGHT_DISABLES = [
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
]
UNSEEN_BROWSER_UI = [
    "WebUIOmniboxPopup",
    "WebUIOmniboxAimPopup",
    "WebUIOmniboxFullPopup",
    "PreloadTopChromeWebUI",
]
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLES + UNSEEN_BROWSER_UI),
]
FALSE = ("", "0", "false", "no", "off")


def env_flag(name, environ=None):
    """An environment variable read as a yes/no: unset, empty, ``false``, ``0``, ``no``
    (any case) are no; ``true``, ``1``, ``yes`` and any other value are yes, so that an
    unusual CI=... fails a missing browser rather than skipping it."""
    return (os.environ if environ is None else environ).get(name, "").strip().lower() not in FALSE


def needs(program, why, environ=None):
    """A program the tests drive: a missing one skips them on a developer's machine
    and fails them in CI (``CI`` set to a yes: see env_flag), saying what to install."""
    import shutil

    if shutil.which(program):
        return
    if env_flag("CI", environ):
        pytest.fail(f"CI needs {program}: {why}", pytrace=False)
    pytest.skip(f"no {program}: {why}")


def close_page(page):
    """Close a page without waiting for Chromium to say it is closed. A close that
    meets a navigation being committed (a form's redirect, the page reloading for a
    poll's news) is acknowledged by Chromium and then dropped, and Playwright's own
    ``page.close()`` waits for ever for a page that stays open: 2 closes in 40 right
    after an event's form was sent. Asked to run the page's unload handlers, Playwright
    does not wait; a page left open is closed with its context."""
    page.close(run_before_unload=True)


@pytest.fixture(scope="session")
def browser():
    """Chromium (Debian's, or SCOREKEEPER_CHROMIUM) driven by Playwright, never a
    downloaded browser; one per test process (each xdist worker launches its own).
    A missing chromium skips the browser tests on a developer's machine and fails
    them in CI."""
    needs(CHROMIUM, ".ci/run installs Debian's chromium; or set SCOREKEEPER_CHROMIUM")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def poppler():
    """poppler-utils (pdfinfo, pdftotext, pdftoppm) to read printed PDFs back: skipped
    without it on a developer's machine, a failure in CI."""
    for program in ("pdfinfo", "pdftotext", "pdftoppm"):
        needs(program, ".ci/run installs poppler-utils (apt-get install poppler-utils)")
