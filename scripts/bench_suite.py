"""Where the test suite's time goes: its wall-clock time, and the CPU of every process
it starts, by kind (the test processes, their servers, Chromium's processes).

    .venv/bin/python scripts/bench_suite.py [-- PYTEST ARGUMENTS]

Runs ``.venv/bin/pytest`` (by default ``-n auto -q -p no:cacheprovider``, the suite as
the README runs it) and, every half second while it runs, reads the CPU time of each
process descended from it in ``/proc`` (Linux only). A process is counted with the
last figure read before it ended, so a process living less than half a second is
missed. Prints a Markdown table: each kind's CPU seconds and share, the wall-clock
time, and how busy the machine's cores were (the suite's CPU over cores x wall; the
machine's own load average, which other work moves too, beside it).

A suite whose CPU comes near cores x wall is bound by the cores: only less work makes
it faster. One well below that waits (for Chromium's frames, its servers, the disk):
more test processes (``-n``) fill the waits.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
DEFAULT = ["-n", "auto", "-q", "-p", "no:cacheprovider"]
CHROMIUM_TYPES = ("renderer", "gpu-process", "utility", "zygote")


def processes() -> dict[int, tuple[int, int, float, str]]:
    """Every process: its parent, its start time, its CPU seconds (user + system) and
    its command line."""
    found = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{name}/cmdline", "rb") as cmdline:
                command = cmdline.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:  # ended while being read
            continue
        cpu = (int(fields[11]) + int(fields[12])) / TICK
        found[int(name)] = (int(fields[1]), int(fields[19]), cpu, command)
    return found


def kind(command: str) -> str:
    """What a process is, from its command line."""
    if "chrom" in command:
        for name in CHROMIUM_TYPES:
            if f"--type={name}" in command:
                return f"chromium {name}"
        return "chromium browser"
    if "playwright" in command or command.startswith("node "):
        return "playwright driver"
    if "scorekeeper serve" in command or "-m scorekeeper" in command:
        return "app servers"
    if "python" in command or "pytest" in command:
        return "test processes"
    return "other: " + (command.split(" ", 1)[0] or "(ended before it was read)")


def descendants(of: int, table: dict[int, tuple[int, int, float, str]]) -> set[int]:
    children: dict[int, list[int]] = {}
    for pid, (parent, _, _, _) in table.items():
        children.setdefault(parent, []).append(pid)
    found, todo = set(), [of]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pytest_args", nargs="*", help="pytest's arguments (after --)")
    args = parser.parse_args()
    command = [str(ROOT / ".venv" / "bin" / "pytest"), *(args.pytest_args or DEFAULT)]
    began = time.monotonic()
    run = subprocess.Popen(command, cwd=ROOT)  # its own output shows as it runs
    # (pid, start time) -> kind, CPU: one process however often it renames itself
    # (Chromium's zygote forks its helpers, which then take their own command lines)
    seen: dict[tuple[int, int], tuple[str, float]] = {}
    while run.poll() is None:
        table = processes()
        for pid in descendants(run.pid, table) | {run.pid}:
            if pid in table:
                _, started, cpu, line = table[pid]
                seen[(pid, started)] = (kind(line), cpu)
        time.sleep(0.5)
    wall = time.monotonic() - began
    spent: Counter[str] = Counter()
    for name, cpu in seen.values():
        spent[name] += cpu
    total = sum(spent.values())
    cores = len(os.sched_getaffinity(0))
    load = " / ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"\n`pytest {' '.join(command[1:])}` (exit status {run.returncode})")
    busy = 100 * total / (cores * wall)
    print(f"wall {wall:.0f} s; CPU {total:.0f} s on {cores} cores: the cores {busy:.0f}% busy")
    print(f"with the suite; load average {load} (1/5/15 min, at the end)\n")
    print("| processes | CPU s | share |\n|---|---|---|")
    for name, cpu in spent.most_common():
        print(f"| {name} | {cpu:.0f} | {100 * cpu / total:.0f}% |")
    sys.exit(run.returncode)


if __name__ == "__main__":
    main()
