"""Floor benchmark: each phone request against the least a bare Flask app must do
for it, and that ratio against its limit.

    .venv/bin/python scripts/bench_floor.py [--samples 300] [--rounds 12] [--json out.json]
    .venv/bin/python scripts/bench_floor.py --profile [--samples 200]

Starts, in one run, the real app (``python -m scorekeeper serve`` on a fresh temporary
SQLite file) and a bare Flask app under waitress with the same 8 threads. Seeds a
classic game of four players (Ann, Bea, Cat, Dee) over HTTP, gives the bare app a copy
of each answer the real one sends, then times ONE REQUEST AT A TIME on a keep-alive
connection per server, real and bare interleaved. Each request's floor, and its limit
(the ratio of medians, real / floor):

- the scoreboard and the round page: a bare route serving the same bytes with the
  same library work a page needs, reading the signed session cookie and putting a
  fresh CSRF token (Flask-WTF's ``generate_csrf``) in place of the page's: at most 1.5x;
- the round save, as a phone's form post: a bare route that checks the CSRF token
  (``validate_csrf``), commits one durable row (WAL, synchronous = FULL) and redirects:
  at most 2x; the API's round save: a bare route that parses the JSON and commits one
  durable row: at most 2x. A save cannot be cheaper than the write it keeps;
- the spectator poll: a bare static copy of its answer: at most 1.2x.

Each save adds round ``rounds + 1`` to a game of ``rounds`` rounds; the round is deleted
again afterwards (untimed) so every save measures the same thing. Prints a Markdown
table: median and p90 ms for real and floor, the ratio beside its limit, the body size
(and its gzip size, for information) and whether the real app sends Set-Cookie.

``--profile`` instead runs the same requests in-process (``create_app`` on a temporary
file, Flask's test client, no HTTP server) under pyinstrument, counts the SQL statements
and connections per request (by wrapping ``sqlite3.connect`` in this process), and
prints where the time goes per request kind.

Talks to the app only over HTTP and through the ``scorekeeper`` command line (the
profile mode imports ``scorekeeper.create_app`` and nothing else from the package).
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import json
import os
import re
import secrets
import shutil
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import defaultdict
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import quote, urlencode, urlsplit

ROOT = Path(__file__).resolve().parent.parent
THREADS = 8  # what ``scorekeeper serve`` uses by default
# Each request's limit, as a ratio of medians to its floor (see above): the library
# work a request cannot avoid is the floor, and the app's own work may add at most this.
LIMITS = {
    "scoreboard": 1.5,
    "round page": 1.5,
    "spectator poll": 1.2,
    "round save (form)": 2.0,
    "round save (API)": 2.0,
}
FLOORS = {
    "scoreboard": "the same bytes, session read, a fresh CSRF token",
    "round page": "the same bytes, session read, a fresh CSRF token",
    "spectator poll": "a static copy of the same bytes",
    "round save (form)": "CSRF checked, one durable row, a redirect",
    "round save (API)": "JSON parsed, one durable row, the same answer",
}


def judged(kind: str, k: dict) -> tuple[float, float]:
    """``kind``'s ratio to its floor, and its limit."""
    return k["ratio"], LIMITS[kind]


SIDES = ["Ann & Bea", "Cat & Dee"]
A, C = SIDES

# Twelve rounds of classic Canasta for four players: canastas, red threes, meld and
# hand points in multiples of 5; one side goes out in most rounds (the stock runs out
# in rounds 4 and 9). Totals after twelve: 3725 and 4085, so the game stays open.
ROUNDS = [
    {A: {"mixed_canastas": 1, "meld_points": 125, "went_out": True},
     C: {"meld_points": 60, "hand_points": 85}},
    {A: {"meld_points": 90, "hand_points": 70, "red_threes": 1},
     C: {"mixed_canastas": 1, "meld_points": 140, "went_out": True}},
    {A: {"natural_canastas": 1, "meld_points": 130, "went_out": True},
     C: {"meld_points": 95, "hand_points": 40, "red_threes": 1}},
    {A: {"mixed_canastas": 1, "meld_points": 150, "hand_points": 15},
     C: {"meld_points": 130, "hand_points": 20}},
    {A: {"meld_points": 75, "hand_points": 90},
     C: {"natural_canastas": 1, "meld_points": 120, "went_out": True}},
    {A: {"mixed_canastas": 1, "meld_points": 170, "went_out": True},
     C: {"meld_points": 85, "hand_points": 110, "red_threes": 2}},
    {A: {"meld_points": 140, "hand_points": 35, "red_threes": 1},
     C: {"mixed_canastas": 1, "meld_points": 160, "went_out": True}},
    {A: {"meld_points": 60, "hand_points": 145},
     C: {"mixed_canastas": 1, "meld_points": 135, "went_out": True}},
    {A: {"mixed_canastas": 1, "meld_points": 150, "hand_points": 25},
     C: {"meld_points": 110, "hand_points": 40}},
    {A: {"mixed_canastas": 1, "meld_points": 120, "went_out": True, "concealed": True},
     C: {"meld_points": 60, "hand_points": 145, "red_threes": 1}},
    {A: {"meld_points": 90, "hand_points": 70, "red_threes": 1},
     C: {"mixed_canastas": 1, "meld_points": 155, "went_out": True}},
    {A: {"meld_points": 135, "hand_points": 60},
     C: {"mixed_canastas": 1, "meld_points": 175, "red_threes": 1, "went_out": True}},
]  # fmt: skip

# The round every save adds (then deleted again): small, so the game never finishes.
SAVE_ROUND = {
    A: {"meld_points": 90, "hand_points": 25},
    C: {"mixed_canastas": 1, "meld_points": 150, "red_threes": 1, "went_out": True},
}
KINDS = ["scoreboard", "round page", "spectator poll", "round save (form)", "round save (API)"]


# -- servers -------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_up(port: int, process: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server on port {port} exited with {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise SystemExit(f"the server on port {port} did not start within {seconds} s")


def start_real(database: str, port: int) -> subprocess.Popen:
    """``scorekeeper serve`` on the database, with a throwaway secret key."""
    env = {**os.environ, "FLASK_SECRET_KEY": secrets.token_hex(32)}
    command = [sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1",
               "--port", str(port), "--db", database, "--threads", str(THREADS)]  # fmt: skip
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)


def start_bare(port: int) -> subprocess.Popen:
    command = [sys.executable, __file__, "--serve-bare", str(port)]
    return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL)


def stop(process: subprocess.Popen, seconds: float = 10) -> None:
    """Ask the server to stop; kill it if it has not within ``seconds``."""
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=seconds)


def serve_bare(port: int) -> None:
    """Run in the bare server's process: each request's floor, no app work beyond it."""
    from flask import Flask, Response, redirect, request
    from flask_wtf.csrf import generate_csrf, validate_csrf
    from waitress import serve

    bare = Flask("bare")
    bare.config.update(SECRET_KEY=secrets.token_hex(32), WTF_CSRF_TIME_LIMIT=None)
    copies: dict[str, bytes] = {}  # name -> the real app's answer, and its CSRF token
    tokens: dict[str, str] = {}

    @bare.post("/copy/<name>")
    def copy(name: str) -> tuple[str, int]:
        """Keep a copy of a real answer (untimed, before measuring)."""
        copies[name], tokens[name] = request.get_data(), request.args.get("token", "")
        return "", 204

    @bare.get("/static/<name>")
    def static_copy(name: str) -> Response:
        return Response(copies[name], mimetype="text/html")

    @bare.get("/page/<name>")
    def page(name: str) -> Response:
        """The same bytes with the signed session read (Flask opens it for every
        request with a cookie) and this request's CSRF token where the page had one."""
        fresh = str(generate_csrf()).encode()
        body = copies[name].replace(tokens[name].encode(), fresh) if tokens[name] else copies[name]
        return Response(body, mimetype="text/html")

    # Each save keeps what it was sent as the real app keeps a round: one row, WAL,
    # synchronous = FULL, on a connection kept per thread (the floor of any save that
    # survives a power cut).
    folder = tempfile.mkdtemp(prefix="scorekeeper-floor-bare-")
    kept = threading.local()

    def keep(body: bytes) -> None:
        if not hasattr(kept, "conn"):
            kept.conn = sqlite3.connect(str(Path(folder) / "bare.sqlite"), timeout=30,
                                        isolation_level=None)  # fmt: skip
            kept.conn.execute("PRAGMA journal_mode = WAL")
            kept.conn.execute("PRAGMA synchronous = FULL")
            kept.conn.execute("CREATE TABLE IF NOT EXISTS saved (id INTEGER PRIMARY KEY, body)")
        kept.conn.execute("BEGIN IMMEDIATE")
        kept.conn.execute("INSERT INTO saved (body) VALUES (?)", [body])
        kept.conn.execute("COMMIT")

    @bare.post("/save/<int:game>")
    def save(game: int) -> Response:
        validate_csrf(request.form.get("csrf_token"))
        keep(request.get_data())
        return redirect(f"/games/{game}?saved=1")

    @bare.post("/json/<name>")
    def json_post(name: str) -> tuple[Response, int]:
        keep(json.dumps(request.get_json()).encode())
        return Response(copies[name], mimetype="application/json"), 201

    try:
        serve(bare, host="127.0.0.1", port=port, threads=THREADS, ident="bare")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# -- a phone: keep-alive connection, cookie jar --------------------------------------


class Phone:
    """One keep-alive HTTP connection; keeps the cookies the server sets (as a
    browser would) unless ``cookies`` is False (a script such as curl)."""

    def __init__(self, port: int, cookies: bool = True) -> None:
        self.port, self.keep_cookies = port, cookies
        self.jar: dict[str, str] = {}
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, method: str, path: str, body: bytes | None = None, headers=None):
        """(status, headers, body, seconds) for one request, timed from send to last byte."""
        heads = dict(headers or {})
        if self.jar and self.keep_cookies:
            heads["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.jar.items())
        start = time.perf_counter()
        self.conn.request(method, path, body=body, headers=heads)
        response = self.conn.getresponse()
        payload = response.read()
        elapsed = time.perf_counter() - start
        for value in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            self.jar[name.strip()] = rest.split(";", 1)[0]
        return response.status, response.headers, payload, elapsed

    def json(self, method: str, path: str, doc=None, headers=None):
        body = None if doc is None else json.dumps(doc).encode()
        heads = {"Content-Type": "application/json", **(headers or {})}
        status, _, payload, _ = self.request(method, path, body, heads)
        if status >= 400:
            raise SystemExit(f"{method} {path}: {status} {payload[:300]!r}")
        return json.loads(payload) if payload else None

    def close(self) -> None:
        self.conn.close()


class FormParser(HTMLParser):
    """The fields a browser would send for the first POST form of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: list[tuple[str, str]] = []
        self.in_form = self.done = False
        self.select: str | None = None
        self.options: list[tuple[str, bool]] = []

    def handle_starttag(self, tag, attrs) -> None:
        a = {k: (v or "") for k, v in attrs}
        if self.done:
            return
        if tag == "form" and a.get("method", "").lower() == "post":
            self.in_form = True
        if not self.in_form or "name" not in a and tag != "option":
            return
        if tag == "input":
            kind = a.get("type", "text").lower()
            if kind in ("submit", "button", "reset", "file", "image"):
                return
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            self.fields.append((a["name"], a.get("value", "on" if kind == "checkbox" else "")))
        elif tag == "select":
            self.select, self.options = a["name"], []
        elif tag == "option" and self.select:
            self.options.append((a.get("value", ""), "selected" in a))
        elif tag == "textarea":
            self.fields.append((a["name"], ""))

    def handle_endtag(self, tag) -> None:
        if tag == "select" and self.select:
            chosen = [v for v, selected in self.options if selected] or [
                v for v, _ in self.options[:1]
            ]
            self.fields += [(self.select, v) for v in chosen]
            self.select = None
        elif tag == "form" and self.in_form:
            self.in_form, self.done = False, True


def form_fields(html: bytes) -> list[tuple[str, str]]:
    parser = FormParser()
    parser.feed(html.decode())
    return parser.fields


def round_form_body(html: bytes, entries: dict) -> tuple[bytes, dict[str, str]]:
    """The round page's form, filled in with ``entries`` as the phone would send it."""
    fields = dict(form_fields(html))
    for i, side in enumerate(SIDES):
        for name, value in entries.get(side, {}).items():
            fields[f"s{i}_{name}"] = "y" if value is True else str(value)
    missing = {"csrf_token", "key", "version"} - set(fields)
    if missing:
        raise SystemExit(f"the round page has no {sorted(missing)} field")
    fields["save"] = "1"
    return urlencode(fields).encode(), fields


# -- seeding ---------------------------------------------------------------------


def new_game(phone: Phone, rounds: int) -> int:
    """A classic game of Ann, Bea, Cat and Dee with ``rounds`` rounds, made as the phone
    makes it (the new-game form, so the seats are named), its rounds added through the
    JSON API."""
    path = "/games/new/classic/4"
    status, _, html, _ = phone.request("GET", path)
    if status != 200:
        raise SystemExit(f"GET {path}: {status}")
    fields = new_game_fields(html, rounds)
    heads = {"Content-Type": "application/x-www-form-urlencoded"}
    status, headers, body, _ = phone.request("POST", path, urlencode(fields).encode(), heads)
    location = headers.get("Location", "")
    found = re.search(r"/games/(\d+)$", urlsplit(location).path)
    if status not in (302, 303) or not found:
        raise SystemExit(f"POST {path}: {status} {body[:300]!r}")
    game = int(found.group(1))
    api = Phone(phone.port, cookies=False)
    try:
        for n in range(rounds):
            entries = ROUNDS[n % len(ROUNDS)]
            api.json("POST", f"/api/games/{game}/rounds", entries)
        doc = api.json("GET", f"/api/games/{game}")
    finally:
        api.close()
    if doc["document"]["sides"] != SIDES or doc["answer"]["finished"]:
        raise SystemExit(f"game {game} is not as expected: {doc['answer']['totals']}")
    return game


def new_game_fields(html: bytes, rounds: int) -> dict[str, str]:
    """The new-game form for Ann, Bea, Cat and Dee (partners sit opposite)."""
    fields = dict(form_fields(html))
    fields.update(seat0="Ann", seat1="Cat", seat2="Bea", seat3="Dee")
    if rounds > len(ROUNDS):  # the twelve rounds again and again would reach 5000
        fields["opt_target"] = "100000"
    return fields


def watch_token(phone: Phone, game: int) -> str:
    _, _, html, _ = phone.request("GET", f"/games/{game}/share")
    found = re.search(rb'href="[^"]*/watch/([A-Za-z0-9_-]+)"', html)
    if not found:
        raise SystemExit("no spectator link on the share page")
    return found.group(1).decode()


# -- measuring ---------------------------------------------------------------------


class Figures:
    def __init__(self) -> None:
        self.times: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
        self.size: dict[str, dict[str, int]] = defaultdict(dict)
        self.gzip: dict[str, dict[str, int]] = defaultdict(dict)
        self.cookie: dict[str, list[bool]] = defaultdict(list)
        self.cookie_bytes: dict[str, int] = {}
        self.status: dict[str, int] = {}

    def add(self, kind: str, server: str, result, expect: int) -> None:
        status, headers, body, seconds = result
        if status not in (expect if isinstance(expect, tuple) else (expect,)):
            raise SystemExit(f"{kind} ({server}): {status}, expected {expect}: {body[:300]!r}")
        self.times[kind][server].append(seconds)
        self.size[kind][server] = len(body)
        self.gzip[kind][server] = len(gzip.compress(body, 6))
        if server == "real":
            self.status[kind] = status
            cookies = headers.get_all("Set-Cookie") or []
            self.cookie[kind].append(bool(cookies))
            if cookies:
                self.cookie_bytes[kind] = max(len(c) for c in cookies)

    def clear_times(self) -> None:
        self.times.clear()
        self.cookie.clear()


def copy_to_bare(bare: Phone, name: str, body: bytes) -> None:
    """Give the bare app a copy of a real answer, with the CSRF token it carries."""
    token = dict(form_fields(body)).get("csrf_token", "") if body.lstrip()[:1] == b"<" else ""
    status = bare.request("POST", f"/copy/{quote(name)}?{urlencode({'token': token})}", body)[0]
    if status != 204:
        raise SystemExit(f"the bare app kept no copy of {name}: {status}")


def measure(real_port: int, bare_port: int, samples: int, warmup: int, rounds: int) -> dict:
    scorer = Phone(real_port)  # the scorer's phone: keeps the session cookie
    spectator = Phone(real_port)  # a spectator's phone, its own cookies
    script = Phone(real_port, cookies=False)  # curl-like: sends no cookie
    bare = Phone(bare_port)  # keeps the bare app's session cookie, as the scorer's phone
    static = Phone(bare_port, cookies=False)  # a static copy: no session to open
    figures = Figures()
    try:
        began = time.perf_counter()
        board_game = new_game(scorer, rounds)  # read: never written while timed
        form_game = new_game(scorer, rounds)  # the form saves: round rounds+1, deleted again
        api_game = new_game(scorer, rounds)  # the API saves, likewise
        token = watch_token(scorer, board_game)
        seeded = time.perf_counter() - began
        paths = {
            "scoreboard": f"/games/{board_game}",
            "round page": f"/games/{board_game}/rounds/new",
            "spectator poll": f"/watch/{token}/stamp",
        }
        for kind, path in paths.items():
            copy_to_bare(bare, kind, scorer.request("GET", path)[2])
        api_body = json.dumps(SAVE_ROUND).encode()
        form_heads = {"Content-Type": "application/x-www-form-urlencoded"}
        json_heads = {"Content-Type": "application/json"}
        api_path = f"/api/games/{api_game}/rounds"
        copy_to_bare(
            bare, "round save (API)", script.request("POST", api_path, api_body, json_heads)[2]
        )
        script.json("DELETE", f"/api/games/{api_game}/rounds/{rounds + 1}")

        def pair(real_first, kind, real_call, bare_call, expect_real, expect_bare):
            calls = [("real", real_call, expect_real), ("bare", bare_call, expect_bare)]
            for server, call, expect in calls if real_first else calls[::-1]:
                figures.add(kind, server, call(), expect)

        def page(kind: str, first: bool) -> None:
            pair(
                first,
                kind,
                lambda: scorer.request("GET", paths[kind]),
                lambda: bare.request("GET", f"/page/{quote(kind)}"),
                200,
                200,
            )

        save_path = f"/games/{form_game}/rounds/new"
        for i in range(warmup + samples):
            if i == warmup:
                figures.clear_times()
            first = i % 2 == 0  # alternate the order so drift hits both alike
            page("scoreboard", first)
            page("round page", first)
            pair(
                first,
                "spectator poll",
                lambda: spectator.request("GET", paths["spectator poll"]),
                lambda: static.request("GET", f"/static/{quote('spectator poll')}"),
                200,
                200,
            )

            # the phone's save: GET the round page (untimed), fill in its form, POST it;
            # the bare app's the same body with a token of its own session
            _, _, html, _ = scorer.request("GET", save_path)
            _, fields = round_form_body(html, SAVE_ROUND)
            fields["key"] = uuid.uuid4().hex  # a fresh key: a repeated one stores nothing
            body = urlencode(fields).encode()
            bare_page = bare.request("GET", f"/page/{quote('round page')}")[2]
            fields["csrf_token"] = dict(form_fields(bare_page))["csrf_token"]
            bare_body = urlencode(fields).encode()
            pair(
                first,
                "round save (form)",
                lambda b=body: scorer.request("POST", save_path, b, form_heads),
                lambda b=bare_body: bare.request("POST", f"/save/{form_game}", b, form_heads),
                302,
                302,
            )
            script.json("DELETE", f"/api/games/{form_game}/rounds/{rounds + 1}")

            pair(first, "round save (API)",
                 lambda: script.request("POST", api_path, api_body, json_heads),
                 lambda: bare.request("POST", f"/json/{quote('round save (API)')}", api_body,
                                      json_heads), 201, 201)  # fmt: skip
            script.json("DELETE", f"/api/games/{api_game}/rounds/{rounds + 1}")
        for game in (form_game, api_game):
            left = script.json("GET", f"/api/games/{game}")
            if len(left["document"]["rounds"]) != rounds:
                raise SystemExit(f"game {game} has {len(left['document']['rounds'])} rounds")
    finally:
        for phone in (scorer, spectator, script, bare, static):
            phone.close()
    return summarize(figures, samples, warmup, rounds, seeded)


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summarize(figures: Figures, samples: int, warmup: int, rounds: int, seeded: float) -> dict:
    kinds = {}
    for kind in KINDS:
        real, bare = figures.times[kind]["real"], figures.times[kind]["bare"]
        sent = figures.cookie[kind]
        kinds[kind] = {
            "real_median_ms": round(statistics.median(real) * 1000, 2),
            "real_p90_ms": round(quantile(real, 0.9) * 1000, 2),
            "bare_median_ms": round(statistics.median(bare) * 1000, 2),
            "bare_p90_ms": round(quantile(bare, 0.9) * 1000, 2),
            "ratio": round(statistics.median(real) / statistics.median(bare), 2),
            "limit": LIMITS[kind],
            "floor": FLOORS[kind],
            "real_bytes": figures.size[kind]["real"],
            "real_gzip_bytes": figures.gzip[kind]["real"],
            "bare_bytes": figures.size[kind]["bare"],
            "real_status": figures.status[kind],
            "set_cookie": f"{sum(sent)}/{len(sent)}",
            "set_cookie_bytes": figures.cookie_bytes.get(kind, 0),
            "real_ms": [round(t * 1000, 3) for t in real],
            "bare_ms": [round(t * 1000, 3) for t in bare],
        }
    return {"samples": samples, "warmup": warmup, "rounds": rounds,
            "seed_seconds": round(seeded, 2), "kinds": kinds}  # fmt: skip


def table(result: dict) -> str:
    lines = [
        "| request | status | real median ms | real p90 | floor median ms | floor p90 "
        "| real / floor | limit | within | the floor | bytes (gzip) | Set-Cookie sent |",
        "|---" * 12 + "|",
    ]
    for kind, k in result["kinds"].items():
        cookie = k["set_cookie"]
        if k["set_cookie_bytes"]:
            cookie += f" ({k['set_cookie_bytes']} B)"
        ratio, limit = judged(kind, k)
        lines.append(
            f"| {kind} | {k['real_status']} | {k['real_median_ms']} | {k['real_p90_ms']} "
            f"| {k['bare_median_ms']} | {k['bare_p90_ms']} | **{ratio}x** | {limit:g}x "
            f"| {'yes' if ratio <= limit else 'NO'} | {k['floor']} "
            f"| {k['real_bytes']} ({k['real_gzip_bytes']}) | {cookie} |"
        )
    return "\n".join(lines)


# -- profile mode: in-process, test client -----------------------------------------

# (category, file path substring, function name): the outermost frame that matches
# counts for that category. Names, not module paths, wherever possible: the modules
# are being restructured.
CATEGORIES = [
    ("open connection + PRAGMAs", "scorekeeper", "connect"),
    ("close connection", "scorekeeper", "close_db"),
    ("SQL (sqlite-utils query/execute)", "sqlite_utils", "query"),
    ("SQL (sqlite-utils query/execute)", "sqlite_utils", "execute"),
    ("SQL (sqlite-utils query/execute)", "sqlite_utils", "insert"),
    ("SQL (sqlite-utils query/execute)", "sqlite_utils", "insert_all"),
    ("SQL (sqlite-utils query/execute)", "sqlite_utils", "table"),
    ("scoring engine (score_game)", "scorekeeper", "score_game"),
    ("board.build (incl. chart SVG)", "scorekeeper", "build"),
    ("form classes built (round_form)", "scorekeeper", "round_form"),
    ("Jinja rendering (render_template)", "flask", "render_template"),
    ("session cookie: open (verify)", "flask", "open_session"),
    ("session cookie: save (sign)", "flask", "save_session"),
    ("CSRF token (generate/validate)", "flask_wtf", "generate_csrf"),
    ("CSRF token (generate/validate)", "flask_wtf", "validate_csrf"),
    ("JSON body + jsonify", "flask", "jsonify"),
    ("store.add_round (the write transaction)", "store", "add_round"),
]


def outermost(frame, matches, seen=None) -> dict[str, float]:
    """Seconds per category, counting only the outermost matching frame of each."""
    seen = set() if seen is None else seen
    totals: dict[str, float] = defaultdict(float)
    hit = set()
    for name, path, function in matches:
        if name not in seen and frame.function == function and path in (frame.file_path or ""):
            totals[name] += frame.time
            hit.add(name)
    for child in frame.children:
        for name, seconds in outermost(child, matches, seen | hit).items():
            totals[name] += seconds
    return totals


def profile(samples: int, rounds: int) -> dict:
    """Where the time goes, in-process: pyinstrument over ``samples`` requests of each
    kind, SQL statements and connections counted per request."""
    import sqlite3

    from pyinstrument import Profiler

    counts = {"statements": 0, "connections": 0}
    log: list[str] = []
    real_connect = sqlite3.connect

    spent: dict[str, float] = defaultdict(float)  # exact, from public hooks only

    def counting_connect(*args, **kwargs):
        start = time.perf_counter()
        conn = real_connect(*args, **kwargs)
        spent["sqlite3.connect"] += time.perf_counter() - start
        counts["connections"] += 1

        def trace(sql: str) -> None:
            counts["statements"] += 1
            log.append(" ".join(sql.split())[:120])

        conn.set_trace_callback(trace)
        return conn

    sqlite3.connect = counting_connect
    from scorekeeper import create_app

    folder = tempfile.mkdtemp(prefix="scorekeeper-floor-profile-")
    try:
        app = create_app({"DATABASE": str(Path(folder) / "profile.sqlite"),
                          "SECRET_KEY": secrets.token_hex(32)})  # fmt: skip
        hook_timings(app, spent)
        client = app.test_client()
        games = {}
        for name in ("board", "form", "api"):
            page = client.get("/games/new/classic/4")
            fields = new_game_fields(page.data, rounds)
            made = client.post("/games/new/classic/4", data=fields)
            games[name] = int(made.headers["Location"].rstrip("/").split("/")[-1])
            for n in range(rounds):
                added = client.post(f"/api/games/{games[name]}/rounds", json=ROUNDS[n % 12])
                if added.status_code != 201:
                    raise SystemExit(f"seeding round {n + 1}: {added.status_code} {added.data}")
        share = client.get(f"/games/{games['board']}/share").data
        token = re.search(rb'/watch/([A-Za-z0-9_-]+)"', share).group(1).decode()

        def form_save():
            html = client.get(f"/games/{games['form']}/rounds/new").data
            body, fields = round_form_body(html, SAVE_ROUND)
            fields["key"] = uuid.uuid4().hex
            return lambda: client.post(f"/games/{games['form']}/rounds/new", data=fields)

        def undo(game):
            client.delete(f"/api/games/{game}/rounds/{rounds + 1}")

        kinds = {
            "scoreboard": (lambda: lambda: client.get(f"/games/{games['board']}"), None),
            "round page": (lambda: lambda: client.get(f"/games/{games['board']}/rounds/new"),
                           None),
            "spectator poll": (lambda: lambda: client.get(f"/watch/{token}/stamp"), None),
            "round save (form)": (form_save, lambda: undo(games["form"])),
            "round save (API)": (
                lambda: lambda: client.post(f"/api/games/{games['api']}/rounds", json=SAVE_ROUND,
                                            environ_base={"REMOTE_ADDR": "127.0.0.1"}),
                lambda: undo(games["api"]),
            ),
        }  # fmt: skip
        out = {}
        for kind, (prepare, after) in kinds.items():
            wall, plain, statements, connections = [], [], [], []
            for _ in range(10):  # warm up
                prepare()()
                if after:
                    after()
            exact_sum: dict[str, float] = defaultdict(float)
            for _ in range(samples):  # without the profiler; exact hook timings
                call = prepare()
                spent.clear()
                start = time.perf_counter()
                call()
                plain.append(time.perf_counter() - start)
                for name, seconds in spent.items():
                    exact_sum[name] += seconds
                if after:
                    after()
            exact = {
                name: round(seconds / samples * 1000, 3) for name, seconds in exact_sum.items()
            }
            call = prepare()
            log.clear()
            call()
            statements_seen = list(log)
            if after:
                after()
            profiler = Profiler(interval=0.0005)
            for _ in range(samples):
                call = prepare()
                counts.update(statements=0, connections=0)
                start = time.perf_counter()
                profiler.start()
                call()
                profiler.stop()
                wall.append(time.perf_counter() - start)
                statements.append(counts["statements"])
                connections.append(counts["connections"])
                if after:
                    after()
            root = profiler.last_session.root_frame()
            total = root.time if root else 0.0
            parts = outermost(root, CATEGORIES) if root else {}
            out[kind] = {
                "median_ms_in_process": round(statistics.median(plain) * 1000, 2),
                "median_ms_profiled": round(statistics.median(wall) * 1000, 2),
                "exact_ms_per_request": exact,
                "sql_statements": statistics.median(statements),
                "connections": statistics.median(connections),
                "sampled_ms_per_request": round(total / samples * 1000, 3),
                "parts_ms_per_request": {
                    name: round(seconds / samples * 1000, 3)
                    for name, seconds in sorted(parts.items(), key=lambda p: -p[1])
                },
                "top_functions": top_self(root, samples) if root else [],
                "statements_seen": statements_seen,
            }
        out["plain sqlite3, ms"] = connect_cost(str(Path(folder) / "profile.sqlite"), real_connect)
        return out
    finally:
        sqlite3.connect = real_connect
        shutil.rmtree(folder, ignore_errors=True)


def hook_timings(app, spent: dict[str, float]) -> None:
    """Exact time in Jinja rendering (Flask's template signals) and in the session
    cookie (a timing wrapper around ``app.session_interface``): public Flask API only."""
    from flask import before_render_template, template_rendered

    began: list[float] = []

    def before(sender, **extra) -> None:
        began.append(time.perf_counter())

    def after(sender, **extra) -> None:
        spent["Jinja render_template"] += time.perf_counter() - began.pop()

    before_render_template.connect(before, app, weak=False)
    template_rendered.connect(after, app, weak=False)
    inner = app.session_interface

    class Timed(type(inner)):
        def open_session(self, app, request):
            start = time.perf_counter()
            try:
                return inner.open_session(app, request)
            finally:
                spent["session cookie: read and verify"] += time.perf_counter() - start

        def save_session(self, app, session, response):
            start = time.perf_counter()
            try:
                return inner.save_session(app, session, response)
            finally:
                spent["session cookie: sign and set"] += time.perf_counter() - start

    app.session_interface = Timed()


def top_self(root, samples: int, n: int = 12) -> list[tuple[str, float]]:
    """The functions with the most time of their own, ms per request."""
    own: dict[str, float] = defaultdict(float)

    def walk(frame) -> None:
        if frame.is_synthetic:  # "[self]": already in its parent's total_self_time
            return
        where = f"{frame.function} ({Path(frame.file_path or '?').name}:{frame.line_no})"
        own[where] += frame.total_self_time
        for child in frame.children:
            walk(child)

    walk(root)
    top = sorted(own.items(), key=lambda p: -p[1])[:n]
    return [(where, round(seconds / samples * 1000, 3)) for where, seconds in top]


def connect_cost(path: str, connect, repeats: int = 300) -> dict[str, float]:
    """What the app does per request around its queries, with plain sqlite3: open, two
    PRAGMAs, one small SELECT (the schema is read on first use), close; and a one-row
    write transaction with synchronous=FULL, then close (on a scratch copy). Alone (the
    closing connection is the database's last one: SQLite checkpoints the WAL into the
    database and removes it), and while another connection keeps the database open."""
    out = {}
    scratch = str(Path(path).with_name("scratch.sqlite"))
    setup = connect(scratch)
    setup.execute("PRAGMA journal_mode = WAL")
    setup.execute("CREATE TABLE IF NOT EXISTS scratch (id INTEGER PRIMARY KEY, value TEXT)")
    setup.commit()
    setup.close()
    for label, keep_open in (("alone", False), ("another connection open", True)):
        other = connect(path) if keep_open else None
        other_scratch = connect(scratch) if keep_open else None
        if other:
            other.execute("SELECT count(*) FROM games").fetchone()
            other_scratch.execute("SELECT count(*) FROM scratch").fetchone()
        parts: dict[str, float] = defaultdict(float)
        for _ in range(repeats):
            t0 = time.perf_counter()
            conn = connect(path, timeout=30, check_same_thread=False)
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA synchronous = FULL")
            t1 = time.perf_counter()
            conn.execute("SELECT value FROM settings WHERE key = 'x'").fetchall()
            t2 = time.perf_counter()
            conn.close()
            t3 = time.perf_counter()
            parts["open + PRAGMAs"] += t1 - t0
            parts["first SELECT (reads the schema)"] += t2 - t1
            parts["close"] += t3 - t2
        for _ in range(repeats // 3):  # a one-row write transaction, as every save has
            conn = connect(scratch, timeout=30, check_same_thread=False)
            conn.isolation_level = None
            conn.execute("PRAGMA synchronous = FULL")
            t0 = time.perf_counter()
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("INSERT INTO scratch (value) VALUES ('x')")
            t1 = time.perf_counter()
            conn.execute("COMMIT")
            t2 = time.perf_counter()
            conn.close()
            t3 = time.perf_counter()
            parts["write: BEGIN IMMEDIATE + INSERT"] += (t1 - t0) * 3
            parts["write: COMMIT (synchronous=FULL)"] += (t2 - t1) * 3
            parts["write: close after it"] += (t3 - t2) * 3
        if other:
            other.close()
            other_scratch.close()
        for name, seconds in parts.items():
            out[f"{label}: {name}"] = round(seconds / repeats * 1000, 3)
    return out


def print_profile(out: dict, verbose: bool) -> None:
    for kind, k in out.items():
        if "median_ms_in_process" not in k:
            print(f"\n## {kind}")
            for name, ms in k.items():
                print(f"  {ms:8.3f} ms  {name}")
            continue
        print(
            f"\n## {kind}: {k['median_ms_in_process']} ms in process (median; "
            f"{k['median_ms_profiled']} ms under the profiler), "
            f"{k['sql_statements']} SQL statements, {k['connections']} connection(s)"
        )
        print("measured without the profiler (public hooks; ms per request):")
        for name, ms in k["exact_ms_per_request"].items():
            print(f"  {ms:8.3f} ms  {name}")
        sampled = k["sampled_ms_per_request"] or 1
        print(
            f"sampled by pyinstrument: {sampled} ms per request (the profiler slows Python "
            "calls, not SQLite); share of that, and the share applied to the median without "
            "the profiler (categories can nest: scoring runs inside store.add_round):"
        )
        for name, ms in k["parts_ms_per_request"].items():
            share = ms / sampled
            print(f"  {share:6.1%}  ~{share * k['median_ms_in_process']:6.2f} ms  {name}")
        print("functions with the most time of their own (ms per request):")
        for where, ms in k["top_functions"]:
            print(f"  {ms:8.3f} ms  {where}")
        if verbose:
            print("SQL statements of one request:")
            for n, sql in enumerate(k["statements_seen"], start=1):
                print(f"  {n:3d}. {sql}")


# -- main ----------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=300, help="timed requests per kind")
    parser.add_argument("--warmup", type=int, default=30, help="untimed rounds first")
    parser.add_argument("--rounds", type=int, default=12, help="rounds in the game (default 12)")
    parser.add_argument("--json", metavar="FILE", help="also write the raw figures ('-': stdout)")
    parser.add_argument("--profile", action="store_true", help="profile in-process instead")
    parser.add_argument("--sql", action="store_true", help="with --profile: list each SQL")
    parser.add_argument("--serve-bare", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_bare:
        return serve_bare(args.serve_bare)
    if args.profile:
        out = profile(args.samples, args.rounds)
        print_profile(out, args.sql)
        if args.json:
            write_json(args.json, out)
        return

    folder = tempfile.mkdtemp(prefix="scorekeeper-floor-")
    database = str(Path(folder) / "floor.sqlite")
    real_port, bare_port = free_port(), free_port()
    servers = []
    try:
        servers.append(start_real(database, real_port))
        servers.append(start_bare(bare_port))
        wait_up(real_port, servers[0])
        wait_up(bare_port, servers[1])
        began = time.perf_counter()
        result = measure(real_port, bare_port, args.samples, args.warmup, args.rounds)
        result["seconds"] = round(time.perf_counter() - began, 1)
    finally:
        for server in servers:
            stop(server)
        shutil.rmtree(folder, ignore_errors=True)
    load = " / ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{args.samples} samples per kind, one request at a time, a {args.rounds}-round "
          f"classic game; measured in {result['seconds']} s; load average {load} "
          f"(1/5/15 min, at the end)\n")  # fmt: skip
    print(table(result))
    slow = [kind for kind, k in result["kinds"].items() if judged(kind, k)[0] > judged(kind, k)[1]]
    verdict = "every kind within" if not slow else f"NOT within: {', '.join(slow)}"
    print(f"\nlimits (pages 1.5x, saves 2x, the poll 1.2x of its floor): {verdict}")
    if args.json:
        write_json(args.json, result)


def write_json(where: str, data: dict) -> None:
    text = json.dumps(data, indent=1)
    if where == "-":
        print(text)
    else:
        Path(where).write_text(text + "\n")


if __name__ == "__main__":
    main()
