"""Long pure-Python work of a request run in a process of its own while the
request's thread waits for it: a turn's tables stored, a rotating-partners plan
worked out. In the server's own process such work holds the interpreter's lock for
seconds, and the threads answering the other tables' saves get it back only between
its slices: each save then takes many times as long, and holds the write lock as long.

The server turns this on (``enable``); a test or a command-line run does the work
in its own thread, as before. One worker process, started with the first such
request and kept: work of this kind is rare (a director's button), and never two at
once.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from . import connection

T = TypeVar("T")

_settings = {"apart": False}
_pool: list[ProcessPoolExecutor] = []
_lock = threading.Lock()


def enable(on: bool = True) -> None:
    """From now on ``run`` hands its work to a process of its own (or, ``on`` false,
    does it in the caller's thread again)."""
    _settings["apart"] = on


def enabled() -> bool:
    return _settings["apart"]


def run(work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``work(*args, **kwargs)``, in the worker process when enabled (``work`` a
    module's function, its arguments and answer plain data; an exception it raises
    is raised here), else here."""
    if not enabled():
        return work(*args, **kwargs)
    try:
        return worker().submit(work, *args, **kwargs).result()
    except BrokenProcessPool:  # the worker died (killed, out of memory): a new one next time
        with _lock:
            _pool.clear()
        raise


def worker() -> ProcessPoolExecutor:
    """The worker process, started with a fresh interpreter (never a fork of the
    server's threads and open connections)."""
    with _lock:
        if not _pool:
            context = multiprocessing.get_context("spawn")
            settings = dict(connection.CHECKPOINTS)  # Litestream's, if it replicates
            _pool.append(
                ProcessPoolExecutor(
                    max_workers=1, mp_context=context, initializer=begin, initargs=(settings,)
                )
            )
        return _pool[0]


def begin(checkpoints: dict[str, bool]) -> None:
    """The worker's start: the server's checkpoint setting, so that a worker's
    connection leaves the WAL to Litestream as the server's own do."""
    connection.CHECKPOINTS.update(checkpoints)
    threading.Thread(target=follow_the_server, args=(os.getppid(),), daemon=True).start()


def follow_the_server(server: int) -> None:
    """End the worker once the server that started it is gone (stopped by a signal
    that skipped its shutdown, say): an idle worker would otherwise wait for ever."""
    while os.getppid() == server:
        time.sleep(1)
    os._exit(0)
