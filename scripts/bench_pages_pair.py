"""Two versions of the app, the same pages, in alternating pairs: is one within a ratio
of the other?

    .venv/bin/python scripts/bench_pages_pair.py --before /path/to/other/worktree \
        [--evenings 1000] [--pairs 4] [--repeats 300] [--pages players "player statistics"]

Fills one database of generated evenings with the ``--before`` code, and upgrades a
copy of it with this code's migrations (which rate every finished game), so both
versions show the same games (kept under ``--keep`` to be used again); then, ``--pairs``
times, serves each version in turn (``python -m scorekeeper serve`` from its own
worktree, the other worktree first on ``PYTHONPATH``) and times the chosen pages of
``bench_pages.py`` one request at a time on a keep-alive connection. Besides the wall
time of a request it reports the server's CPU time per request (``/proc/<pid>/stat``
before and after a page's requests), which a shared machine's load stretches far less.
With ``--fresh`` every request has a query string of its own, which the pages ignore
but a kept page's key holds (the request's path): each is rendered afresh, as the first
request after a change is. Prints, per pair and page, both versions' medians and the
ratio, the load average at the start of each pair, and the medians of the pairs.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_load import free_port, wait_up  # noqa: E402
from bench_pages import pages_for, time_page  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def cpu_seconds(pid: int) -> float:
    """A process's user and system CPU time so far (Linux: /proc/<pid>/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def env_for(root: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(root)}


def fill(before: Path, now: Path, database: dict[str, Path], evenings: int) -> None:
    """A database of ``evenings`` generated evenings made by the ``before`` code, and a
    copy of it upgraded by the ``now`` code's migrations."""
    if not database["before"].exists():
        code = (
            "import sys; sys.path.insert(0, 'scripts'); from bench_load import seed; "
            f"seed({str(database['before'])!r}, {evenings})"
        )
        subprocess.run([sys.executable, "-c", code], cwd=before, env=env_for(before), check=True)
    if not database["now"].exists():
        shutil.copy(database["before"], database["now"])
        upgraded = str(database["now"])
        code = f"from scorekeeper.data.connection import migrate; migrate({upgraded!r}).close()"
        subprocess.run([sys.executable, "-c", code], cwd=now, env=env_for(now), check=True)


def time_pages(
    root: Path, database: Path, pages: dict[str, str], repeats: int, fresh: bool
) -> dict:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1",
         "--port", str(port), "--db", str(database)],
        cwd=root, env=env_for(root), stdout=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        wait_up(port)
        found = {}
        for label, path in pages.items():
            time_page(port, path, 20)  # warm: imports, templates, SQLite's pages
            cpu = cpu_seconds(server.pid)
            timed = time_page(port, path, repeats, fresh)
            cpu = cpu_seconds(server.pid) - cpu
            found[label] = {"ms": timed["median_ms"], "cpu_ms": round(cpu / repeats * 1000, 2)}
        return found
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="the other worktree")
    parser.add_argument("--evenings", type=int, default=1000)
    parser.add_argument("--pairs", type=int, default=4)
    parser.add_argument("--repeats", type=int, default=300)
    parser.add_argument("--pages", nargs="+", default=["players", "player statistics"])
    parser.add_argument(
        "--fresh",
        action="store_true",
        help="every request with a query string of its own: never a kept page",
    )
    parser.add_argument("--keep", type=Path, default=Path("/tmp/scorekeeper-pairs"))
    args = parser.parse_args()
    args.keep.mkdir(parents=True, exist_ok=True)
    roots = {"before": args.before.resolve(), "now": ROOT}
    kept = {name: args.keep / f"{name}-{args.evenings}.sqlite" for name in roots}
    fill(roots["before"], roots["now"], kept, args.evenings)
    every = pages_for(str(kept["before"]))
    pages = {label: every[label] for label in args.pages}
    databases = {name: args.keep / f"{name}-{args.evenings}-served.sqlite" for name in roots}
    print(f"# {time.strftime('%Y-%m-%d %H:%M')} UTC, {os.cpu_count()} cores; "
          f"before {roots['before']}, now {roots['now']}")  # fmt: skip
    runs: dict[str, dict[str, list[dict]]] = {n: {p: [] for p in args.pages} for n in roots}
    for pair in range(args.pairs):
        load = os.getloadavg()
        order = list(roots) if pair % 2 == 0 else list(reversed(roots))
        for name in order:
            shutil.copy(kept[name], databases[name])
            timed = time_pages(roots[name], databases[name], pages, args.repeats, args.fresh)
            for label, found in timed.items():
                runs[name][label].append(found)
        for label in args.pages:
            b, n = runs["before"][label][-1], runs["now"][label][-1]
            print(json.dumps({
                "pair": pair + 1, "load": [round(x, 2) for x in load], "page": label,
                "before": b, "now": n, "ratio ms": round(n["ms"] / b["ms"], 2),
                "ratio cpu": round(n["cpu_ms"] / b["cpu_ms"], 2),
            }), flush=True)  # fmt: skip
    for label in args.pages:
        b = {k: statistics.median(r[k] for r in runs["before"][label]) for k in ("ms", "cpu_ms")}
        n = {k: statistics.median(r[k] for r in runs["now"][label]) for k in ("ms", "cpu_ms")}
        print(json.dumps({
            "page": label, "median of pairs": True, "before": b, "now": n,
            "ratio ms": round(n["ms"] / b["ms"], 2),
            "ratio cpu": round(n["cpu_ms"] / b["cpu_ms"], 2),
        }))  # fmt: skip


if __name__ == "__main__":
    main()
