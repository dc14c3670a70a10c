"""Several processes serving one SQLite file: gunicorn's arbiter and its gthread workers.

One process serves every request under one interpreter lock, so a big club night
uses one core. Here the app, made once in ``serve``'s own process (the arbiter), is
forked into ``workers`` processes of ``threads`` threads each; the kernel spreads the
connections between them, and SQLite (WAL, the 30 s busy timeout) keeps their reads
and writes of the one file correct. The arbiter answers no request: it keeps the
workers running (a worker that dies is started again) and holds what there must be
one of: the server lock, the daily backups, Litestream, the mDNS announcement.

A worker ends with the arbiter, even one killed without a word (Linux: the
parent-death signal); the arbiter's SIGTERM lets each worker finish the requests it
has (``graceful_timeout``) and SIGINT stops them sooner: each worker ends once the
requests its threads have taken are answered (a request sent half holds its thread
for the 30 s a silent connection is given).

gunicorn runs on Linux and macOS only (it forks); ``serve`` falls back to one waitress
process on Windows.
"""

from __future__ import annotations

import os
import signal
import socket
import struct
from pathlib import Path
from typing import Any

from .data import backup, replica
from .serving import CHANNEL_TIMEOUT, CONNECTION_LIMIT


def application(app: Any, settings: dict[str, Any]) -> Any:
    """gunicorn's application (its public base class) serving ``app``, made already,
    with ``settings`` (gunicorn's names). gunicorn is imported here, not with the
    module: it needs POSIX modules, and Windows never serves with it."""
    from gunicorn.app.base import BaseApplication

    class Workers(BaseApplication):  # type: ignore[misc]  # gunicorn has no type hints
        def load_config(self) -> None:
            for name, value in settings.items():
                self.cfg.set(name, value)

        def load(self) -> Any:
            return app

    return Workers()


def thread_worker() -> Any:
    """gunicorn's gthread worker, quitting without shutting its threads' pool down in
    the signal's handler. SIGQUIT (the arbiter's "stop at once", after Ctrl-C) comes
    between any two lines of the worker's loop, and often while it is handing a new
    connection to the pool: the pool's lock is taken then, and the handler's own
    shutdown of the pool waited for that lock for ever (a deadlock known to CPython:
    a pool shut down by a signal that interrupted its own ``submit``), until the
    arbiter killed the worker at the end of its 30 s of grace. Quitting as any
    gunicorn worker does, by leaving the loop with SystemExit, lets go of the lock on
    the way out; the pool's threads then end with the process, once the requests
    they have taken are answered."""
    from gunicorn.workers.base import Worker
    from gunicorn.workers.gthread import ThreadWorker

    class Threads(ThreadWorker):  # type: ignore[misc]  # gunicorn has no type hints
        def handle_quit(self, sig: int, frame: Any) -> None:
            Worker.handle_quit(self, sig, frame)

    return Threads


def options(
    hosts: list[str],
    port: int,
    threads: int,
    workers: int,
    files: tuple[Path, Path] | None,
    connections: int = CONNECTION_LIMIT,
) -> dict[str, Any]:
    """gunicorn's settings for ``serve``: its waitress limits, as near as gunicorn has them.

    Both IP versions take one dual-stack socket, as with ``--https``.

    >>> made = options(["0.0.0.0", "::"], 8000, 8, 2, None)
    >>> made["bind"], made["workers"], made["threads"], made["worker_class"]
    (['[::]:8000'], 2, 8, 'gthread')
    >>> options(["127.0.0.1"], 8000, 8, 2, None)["bind"]
    ['127.0.0.1:8000']
    """
    host = "::" if len(hosts) > 1 else hosts[0]
    settings: dict[str, Any] = {
        "bind": [f"[{host}]:{port}" if ":" in host else f"{host}:{port}"],
        "workers": workers,
        "worker_class": "gthread",  # run() gives it its own quitting (thread_worker)
        "threads": threads,
        "preload_app": True,  # made once, here: the workers share its pages in memory
        # an idle phone's connection is kept as long as waitress keeps it, in the
        # worker's poller (not a thread), up to this many a worker
        "keepalive": CHANNEL_TIMEOUT,
        "worker_connections": connections,
        "proc_name": "scorekeeper",
        "loglevel": "warning",  # no line per worker started: serve prints what to open
        "control_socket_disable": True,  # no socket file left in the working folder
        "when_ready": listening,
        "pre_fork": forking,
        "post_fork": started,
        "post_worker_init": ready,
    }
    if files:
        settings.update(certfile=str(files[0]), keyfile=str(files[1]))
    return settings


def listening(arbiter: Any) -> None:
    """Before any worker starts: every connection's reads wait at most CHANNEL_TIMEOUT
    for a byte (a socket option each accepted connection takes from its listening
    socket). A gthread worker reads a request in one of its threads, which a request
    sent half and then left would hold for ever: now for 30 s of silence, as waitress
    closes a silent connection."""
    seconds = struct.pack("ll", CHANNEL_TIMEOUT, 0)  # a struct timeval
    for listener in arbiter.LISTENERS:
        listener.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVTIMEO, seconds)


def worker_signals() -> set[signal.Signals]:
    """The signals a worker answers (gunicorn's ``Worker.init_signals``): stop (TERM),
    stop at once (INT, QUIT), reopen the logs (USR1), abort (ABRT), resize (WINCH)."""
    stops = {signal.SIGTERM, signal.SIGINT, signal.SIGQUIT}
    return stops | {signal.SIGUSR1, signal.SIGABRT, signal.SIGWINCH}


# The signal mask before ``forking`` held a worker's signals back: what the arbiter
# goes back to once the fork is done, and the new worker once it is ``ready``.
HELD: dict[str, Any] = {"before": None, "hook": False}


def forking(arbiter: Any, worker: Any) -> None:
    """Before each worker is forked: the signals it answers are held back (blocked,
    kept pending) until it has its own handlers (``ready``). A new worker runs the
    arbiter's handlers until then, which only note a signal for the arbiter's loop,
    a loop the worker never runs: a stop sent as a worker was starting (a server
    stopped just after it started, or as it replaced a worker) was lost, and that
    worker served on until the arbiter killed it at the end of its 30 s of grace.
    The arbiter lets them in again as soon as the fork is done (``forked``)."""
    if not HELD["hook"]:
        HELD["hook"] = True
        os.register_at_fork(after_in_parent=forked)
    HELD["before"] = signal.pthread_sigmask(signal.SIG_BLOCK, worker_signals())


def forked() -> None:
    """The mask the process had before ``forking``, if that held the signals back (in
    the arbiter after any fork, where another fork finds nothing held; in the new
    worker once it is ``ready``)."""
    before, HELD["before"] = HELD["before"], None
    if before is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def started(arbiter: Any, worker: Any) -> None:
    """In each new worker: it ends with the arbiter, however the arbiter ends."""
    replica.die_with_parent()


def ready(worker: Any) -> None:
    """In each new worker, its own handlers set: the mask the arbiter had before the
    fork (``forked``, from the worker's copy of what was held), and with it the
    signals held back since come in, a stop sent meanwhile among them."""
    forked()


FORK_GUARD_SET = {"set": False}


def guard_forks() -> None:
    """No worker is forked while the arbiter's daily backup is copying: a fork in the
    middle of SQLite's work could leave the worker a lock of SQLite's taken for ever."""
    if FORK_GUARD_SET["set"]:
        return
    FORK_GUARD_SET["set"] = True
    os.register_at_fork(
        before=backup.COPYING.acquire,
        after_in_parent=backup.COPYING.release,
        after_in_child=backup.COPYING.release,
    )


def run(
    app: Any,
    hosts: list[str],
    port: int,
    threads: int,
    workers: int,
    files: tuple[Path, Path] | None = None,
    connections: int = CONNECTION_LIMIT,
) -> None:
    """Serve ``app`` with ``workers`` processes, each holding up to ``connections``,
    until SIGTERM or SIGINT (then SystemExit, in the arbiter)."""
    guard_forks()
    settings = options(hosts, port, threads, workers, files, connections)
    settings["worker_class"] = thread_worker()
    application(app, settings).run()
