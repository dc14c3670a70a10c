"""History benchmark: do the pages that look back stay fast as the years pile up?

    .venv/bin/python scripts/bench_pages.py [--sizes 100 1000] [--repeats 200]

For each size, fills a fresh database with that many generated evenings (every
variant), starts the real server (waitress) on loopback, and times the history
page (first page, filtered by a player, filtered by a variant, the last page), the
players page, a player's statistics page and a game's page. Prints the median and 95th percentile
per page and size, and the ratio between the largest and the smallest size.
"""

from __future__ import annotations

import argparse
import http.client
import json
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_load import free_port, seed, wait_up  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def pages_for(database: str) -> dict[str, str]:
    conn = sqlite3.connect(database)
    busiest, name = conn.execute(
        "SELECT p.id, p.name FROM players p JOIN seats s ON s.player_id = p.id "
        "GROUP BY p.id ORDER BY count(*) DESC LIMIT 1"
    ).fetchone()
    evenings = conn.execute("SELECT count(*) FROM evenings").fetchone()[0]
    game = conn.execute(
        "SELECT id FROM games ORDER BY id LIMIT 1 OFFSET ?", [evenings // 2]
    ).fetchone()[0]
    conn.close()
    last = -(-evenings // 25)
    return {
        "history": "/evenings",
        "history, one player": f"/evenings?player={name}",
        "history, one variant": "/evenings?variant=weeping",
        "history, last page": f"/evenings?page={last}",
        "players": "/players",
        "player statistics": f"/players/{busiest}",
        "game page": f"/games/{game}",
    }


def time_page(port: int, path: str, repeats: int, fresh: bool = False) -> dict[str, float]:
    """``fresh``: each request asks with a query string of its own (``?fresh=n``), which
    the pages ignore, so that a page kept under its path is rendered every time."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    times = []
    for n in range(repeats):
        start = time.perf_counter()
        joint = "&" if "?" in path else "?"
        conn.request("GET", f"{path}{joint}fresh={n}-{start}" if fresh else path)
        response = conn.getresponse()
        response.read()
        times.append(time.perf_counter() - start)
        if response.status != 200:
            raise SystemExit(f"{path}: {response.status}")
    conn.close()
    times.sort()
    return {"median_ms": round(statistics.median(times) * 1000, 2),
            "p95_ms": round(times[int(len(times) * 0.95) - 1] * 1000, 2)}  # fmt: skip


def measure(size: int, repeats: int) -> dict[str, dict[str, float]]:
    database = str(Path(tempfile.mkdtemp(prefix="scorekeeper-pages-")) / "pages.sqlite")
    seed(database, size)
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1",
                               "--port", str(port), "--db", database],
                              cwd=ROOT, stdout=subprocess.DEVNULL)  # fmt: skip
    try:
        wait_up(port)
        return {
            label: time_page(port, path, repeats) for label, path in pages_for(database).items()
        }
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--repeats", type=int, default=200)
    args = parser.parse_args()
    results = {size: measure(size, args.repeats) for size in args.sizes}
    small, large = min(args.sizes), max(args.sizes)
    ratio = {page: round(results[large][page]["median_ms"] / results[small][page]["median_ms"], 2)
             for page in results[small]}  # fmt: skip
    print(json.dumps({"evenings": results, f"median {large} / {small}": ratio}, indent=2))


if __name__ == "__main__":
    main()
