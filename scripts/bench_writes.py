"""Write cost as a game grows: one round added to a short game vs a long one.

    .venv/bin/python scripts/bench_writes.py [--lengths 5 50 200] [--samples 100]
                                             [--import-sizes 250 500 1000] [--json FILE]

Starts the real server (``python -m scorekeeper serve``) on a fresh temporary SQLite
file and, ONE REQUEST AT A TIME over the JSON API:

- adds one round to classic games of 5, 50 and 200 rounds (each added round is deleted
  again, untimed, so every sample adds the same round number; the lengths are
  interleaved so machine noise hits them alike): median ms per added round and the
  ratio longest / shortest;
- corrects round 1 of the longest game, and its last round (``PUT`` with ``If-Match``):
  median ms each;
- times ``scorekeeper import FILE --db PATH`` (a new process, fresh database each time)
  of an export holding one game of N near-empty rounds, for each N; the import of a
  game with no rounds is the process's floor; reports seconds and the growth exponent
  k in time ~ N^k (1 linear, 2 quadratic) between successive sizes, floor subtracted.

The games use the house rule ``target: 100000`` (the most the options allow) and
rounds in which each side goes out in turn, so 200 rounds (57000 points a side) never
finish a game. Talks to the app only over HTTP and the ``scorekeeper`` command line.
"""

from __future__ import annotations

import argparse
import http.client
import json
import math
import os
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_floor import ROOT, SIDES, free_port, quantile, start_real, stop, wait_up  # noqa: E402

A, C = SIDES
TARGET = 100_000  # POINTS_LIMIT: the highest target a game may have
# Each side goes out in turn: +570 a side every two rounds.
PAIR = [
    {A: {"mixed_canastas": 1, "meld_points": 150, "went_out": True},
     C: {"meld_points": 80, "hand_points": 60}},
    {A: {"meld_points": 70, "hand_points": 50},
     C: {"mixed_canastas": 1, "meld_points": 150, "went_out": True}},
]  # fmt: skip
CORRECTED = {A: {"mixed_canastas": 1, "meld_points": 155, "went_out": True},
             C: {"meld_points": 80, "hand_points": 65}}  # fmt: skip
EMPTYISH = {A: {"meld_points": 5}, C: {"meld_points": 5}}


class Api:
    """One keep-alive connection speaking JSON, as a script would (no cookies)."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def call(self, method: str, path: str, doc=None, headers=None, expect=(200, 201)):
        """(answer, seconds from send to last byte)."""
        body = None if doc is None else json.dumps(doc).encode()
        heads = {"Content-Type": "application/json", **(headers or {})}
        start = time.perf_counter()
        self.conn.request(method, path, body=body, headers=heads)
        response = self.conn.getresponse()
        payload = response.read()
        elapsed = time.perf_counter() - start
        if response.status not in expect:
            raise SystemExit(f"{method} {path}: {response.status} {payload[:300]!r}")
        return (json.loads(payload) if payload else None), elapsed

    def close(self) -> None:
        self.conn.close()


def game_of(api: Api, length: int) -> int:
    doc = {"variant": "classic", "sides": SIDES, "players": 4, "options": {"target": TARGET}}
    made, _ = api.call("POST", "/api/games", doc)
    game = made["id"]
    for n in range(length):
        api.call("POST", f"/api/games/{game}/rounds", PAIR[n % 2])
    return game


def ms(values: list[float]) -> dict[str, float]:
    return {"median_ms": round(statistics.median(values) * 1000, 2),
            "p90_ms": round(quantile(values, 0.9) * 1000, 2)}  # fmt: skip


def writes(port: int, lengths: list[int], samples: int, warmup: int) -> dict:
    api = Api(port)
    try:
        games = {length: game_of(api, length) for length in lengths}
        added: dict[int, list[float]] = {length: [] for length in lengths}
        for i in range(warmup + samples):
            order = lengths if i % 2 == 0 else lengths[::-1]
            for length in order:
                game = games[length]
                _, seconds = api.call(
                    "POST", f"/api/games/{game}/rounds", PAIR[length % 2],
                    {"Idempotency-Key": uuid.uuid4().hex},
                )  # fmt: skip
                api.call("DELETE", f"/api/games/{game}/rounds/{length + 1}")
                if i >= warmup:
                    added[length].append(seconds)

        longest = max(lengths)
        game = games[longest]
        state, _ = api.call("GET", f"/api/games/{game}")
        versions = state["versions"]
        edits: dict[str, list[float]] = {"round 1": [], f"round {longest}": []}
        originals = state["document"]["rounds"]
        for i in range(warmup + samples):
            for label, number in (("round 1", 1), (f"round {longest}", longest)):
                entries = CORRECTED if i % 2 == 0 else originals[number - 1]
                _, seconds = api.call(
                    "PUT", f"/api/games/{game}/rounds/{number}", entries,
                    {"If-Match": str(versions[number - 1])},
                )  # fmt: skip
                versions[number - 1] += 1
                if i >= warmup:
                    edits[label].append(seconds)
        final, _ = api.call("GET", f"/api/games/{game}")
        if final["versions"] != versions or final["answer"]["finished"]:
            raise SystemExit("the corrections did not land as expected")
    finally:
        api.close()
    shortest = min(lengths)
    add = {f"{length} rounds": ms(added[length]) for length in lengths}
    first, last = ms(edits["round 1"]), ms(edits[f"round {longest}"])
    return {
        "add_round": add,
        f"add ratio {longest}/{shortest}": round(
            add[f"{longest} rounds"]["median_ms"] / add[f"{shortest} rounds"]["median_ms"], 2
        ),
        f"correct in a {longest}-round game": {"round 1": first, f"round {longest}": last},
        "correct ratio first/last": round(first["median_ms"] / last["median_ms"], 2),
        "raw_ms": {
            **{f"add {k}": [round(t * 1000, 3) for t in v] for k, v in added.items()},
            **{f"correct {k}": [round(t * 1000, 3) for t in v] for k, v in edits.items()},
        },
    }


def export_file(path: Path, rounds: int) -> None:
    """A Scorekeeper export (format 1) of one evening with one game of ``rounds`` rounds."""
    game = {
        "uid": uuid.uuid4().hex,
        "seats": ["Ann", "Cat", "Bea", "Dee"],  # partners sit opposite: Ann & Bea, Cat & Dee
        "first_dealer": 0,
        "created_at": "2026-11-21T20:00:00+00:00",
        "document": {"variant": "classic", "sides": SIDES, "players": 4,
                     "options": {"target": TARGET}, "rounds": [EMPTYISH] * rounds},
    }  # fmt: skip
    data = {"format": "scorekeeper", "version": 1,
            "evenings": [{"uid": uuid.uuid4().hex, "date": "2026-11-21", "name": "bench",
                          "note": "", "games": [game]}]}  # fmt: skip
    path.write_text(json.dumps(data))


def import_seconds(folder: Path, rounds: int) -> float:
    source, database = folder / f"export-{rounds}.json", folder / f"import-{rounds}.sqlite"
    export_file(source, rounds)
    command = [sys.executable, "-m", "scorekeeper", "import", str(source), "--db", str(database)]
    start = time.perf_counter()
    env = {**os.environ, "FLASK_SECRET_KEY": secrets.token_hex(32)}  # none made on disk
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    elapsed = time.perf_counter() - start
    if done.returncode != 0 or "1 games added" not in done.stdout:
        raise SystemExit(f"import of {rounds} rounds: {done.returncode} {done.stdout}{done.stderr}")
    return elapsed


def imports(folder: Path, sizes: list[int]) -> dict:
    floor = min(import_seconds(folder, 0) for _ in range(3))
    seconds = {n: import_seconds(folder, n) for n in sizes}
    rows = {}
    previous = None
    for n in sizes:
        net = max(seconds[n] - floor, 1e-6)
        row = {"seconds": round(seconds[n], 2), "minus_floor": round(net, 2),
               "ms_per_round": round(net / n * 1000, 2)}  # fmt: skip
        if previous:
            (m, net_m) = previous
            row[f"exponent vs {m}"] = round(math.log(net / net_m) / math.log(n / m), 2)
        rows[f"{n} rounds"] = row
        previous = (n, net)
    return {"floor_seconds (0 rounds)": round(floor, 2), "sizes": rows}


def markdown(result: dict) -> str:
    lines = ["| one round added to a game of | median ms | p90 ms |", "|---|---|---|"]
    for label, k in result["writes"]["add_round"].items():
        lines.append(f"| {label} | {k['median_ms']} | {k['p90_ms']} |")
    ratio = next(k for k in result["writes"] if k.startswith("add ratio"))
    lines.append(f"\n{ratio}: **{result['writes'][ratio]}x**\n")
    title = next(k for k in result["writes"] if k.startswith("correct in"))
    lines += [f"| {title}: PUT with If-Match | median ms | p90 ms |", "|---|---|---|"]
    for label, k in result["writes"][title].items():
        lines.append(f"| {label} | {k['median_ms']} | {k['p90_ms']} |")
    lines.append(f"\nfirst / last: **{result['writes']['correct ratio first/last']}x**\n")
    if result.get("imports"):
        imp = result["imports"]
        lines += [
            f"| `scorekeeper import`, one game of | seconds | minus the process floor "
            f"({imp['floor_seconds (0 rounds)']} s) | ms per round | growth exponent k |",
            "|---|---|---|---|---|",
        ]
        for label, row in imp["sizes"].items():
            k = next((v for key, v in row.items() if key.startswith("exponent")), "")
            lines.append(f"| {label} | {row['seconds']} | {row['minus_floor']} "
                         f"| {row['ms_per_round']} | {k} |")  # fmt: skip
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", type=int, nargs="+", default=[5, 50, 200])
    parser.add_argument("--samples", type=int, default=100, help="timed writes per case")
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument(
        "--import-sizes", type=int, nargs="*", default=[250, 500, 1000],
        help="rounds in the imported game (none: skip the import timing)",
    )  # fmt: skip
    parser.add_argument("--json", metavar="FILE", help="also write the raw figures ('-': stdout)")
    args = parser.parse_args()
    if max(args.lengths) > 340:
        parser.error("lengths above 340 rounds would reach the 100000 target")
    lengths = sorted(set(args.lengths))

    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-writes-"))
    began = time.perf_counter()
    try:
        port = free_port()
        server = start_real(str(folder / "writes.sqlite"), port)
        try:
            wait_up(port, server)
            result = {"writes": writes(port, lengths, args.samples, args.warmup)}
        finally:
            stop(server)
        sizes = sorted(set(args.import_sizes))
        result["imports"] = imports(folder, sizes) if sizes else None
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    result["seconds"] = round(time.perf_counter() - began, 1)
    print(f"{args.samples} samples per case, one request at a time; "
          f"{result['seconds']} s in all\n")  # fmt: skip
    print(markdown(result))
    if args.json:
        text = json.dumps(result, indent=1)
        print(text) if args.json == "-" else Path(args.json).write_text(text + "\n")


if __name__ == "__main__":
    main()
