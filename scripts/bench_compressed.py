"""A kept page as a phone asks for it (``Accept-Encoding: gzip``) and without.

    .venv/bin/python scripts/bench_compressed.py [--samples 400]

In one process (``create_app`` on a temporary file, Flask's test client): the floor
benchmark's 12-round classic game, then the scorer's kept scoreboard and the
spectator's page, each timed with and without gzip (median ms). Run it from a worktree
of an older commit and from ``main``, alternating, to compare: the script imports the
package of the tree it is run from.
"""

from __future__ import annotations

import argparse
import re
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_floor as floor  # noqa: E402 - the floor benchmark's game


def median_ms(call, samples: int) -> float:  # type: ignore[no-untyped-def]
    for _ in range(20):
        call()
    times = []
    for _ in range(samples):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return round(statistics.median(times) * 1000, 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=400)
    samples = parser.parse_args().samples
    sys.path.insert(0, str(floor.ROOT))
    from scorekeeper import create_app

    folder = tempfile.mkdtemp(prefix="scorekeeper-compressed-")
    app = create_app({"DATABASE": f"{folder}/bench.sqlite", "SECRET_KEY": secrets.token_hex(32)})
    client = app.test_client()
    fields = floor.new_game_fields(client.get("/games/new/classic/4").data, 12)
    made = client.post("/games/new/classic/4", data=fields)
    game = int(made.headers["Location"].rstrip("/").split("/")[-1])
    for entries in floor.ROUNDS:
        client.post(f"/api/games/{game}/rounds", json=entries)
    share = client.get(f"/games/{game}/share").data
    token = re.search(rb'/watch/([A-Za-z0-9_-]+)"', share).group(1).decode()  # type: ignore[union-attr]
    gzip = {"Accept-Encoding": "gzip"}
    print(f"{Path(sys.modules['scorekeeper'].__file__ or '').parent}, {samples} samples\n")
    print("| page | plain ms | gzip ms |\n|---|--:|--:|")
    for name, path in (("scoreboard (the scorer's)", f"/games/{game}"),
                       ("spectator's page", f"/watch/{token}")):  # fmt: skip
        plain = median_ms(lambda: client.get(path), samples)  # noqa: B023 - called at once
        packed = median_ms(lambda: client.get(path, headers=gzip), samples)  # noqa: B023
        print(f"| {name} | {plain} | {packed} |")


if __name__ == "__main__":
    main()
