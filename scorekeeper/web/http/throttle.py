"""Wrong passphrases are limited: 5 a minute per client address and per game,
then 429 with ``Retry-After`` until the oldest of them is a minute old.

Our own small limiter rather than Flask-Limiter: only failures count (a right
passphrase is never counted nor slowed), the same failure counts under two
keys at once (the client and the game), and a refused try must be told apart
from a wrong one before the passphrase is checked. Flask-Limiter counts
requests per decorated route and needs ``deduct_when`` plus shared-limit
scopes to approach this, across a page form and an API header; here it is a
dict of deques under a lock, in memory when one process serves the app, bounded
in size so that a flood of addresses cannot grow it without end. When several
processes serve it (``serve --workers``), each would count only its own share of
the tries: ``SharedThrottle`` keeps them in the database instead, with the same
answers.
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable

from ...data import tries
from ...data.connection import get_db

Key = tuple[str, str]


class Throttle:
    """Failures per key in a sliding window; ``wait`` says how long a key is shut."""

    def __init__(
        self,
        tries: int = 5,
        window: float = 60.0,
        size: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.tries, self.window, self.size, self.clock = tries, window, size, clock
        self.failures: OrderedDict[Key, deque[float]] = OrderedDict()
        self.lock = threading.Lock()

    def wait(self, keys: Iterable[Key]) -> int:
        """Whole seconds until every key may try again (0: now)."""
        now, longest = self.clock(), 0.0
        with self.lock:
            for key in keys:
                seen = self.recent(key, now)
                if len(seen) >= self.tries:
                    longest = max(longest, seen[-self.tries] + self.window - now)
        return math.ceil(longest) if longest > 0 else 0

    def failed(self, keys: Iterable[Key]) -> None:
        """Count one wrong passphrase under each key."""
        now = self.clock()
        with self.lock:
            for key in keys:
                seen = self.recent(key, now)
                seen.append(now)
                self.failures[key] = seen
                self.failures.move_to_end(key)
            while len(self.failures) > self.size:
                self.failures.popitem(last=False)  # the key failed longest ago

    def recent(self, key: Key, now: float) -> deque[float]:
        seen = self.failures.get(key, deque(maxlen=self.tries))
        while seen and seen[0] <= now - self.window:
            seen.popleft()
        return seen


class SharedThrottle:
    """``Throttle``'s limits over the tries every server process has counted, kept in
    the request's database under ``name``; time is the wall clock, which every
    process reads alike."""

    def __init__(
        self,
        name: str,
        tries: int = 5,
        window: float = 60.0,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.name, self.tries, self.window, self.clock = name, tries, window, clock

    def wait(self, keys: Iterable[Key]) -> int:
        """Whole seconds until every key may try again (0: now)."""
        now, longest, db = self.clock(), 0.0, get_db()
        for key in keys:
            oldest = tries.nth_newest(db, self.name, key, now - self.window, self.tries)
            if oldest is not None:
                longest = max(longest, oldest + self.window - now)
        return math.ceil(longest) if longest > 0 else 0

    def failed(self, keys: Iterable[Key]) -> None:
        """Count one try under each key, for every process to see."""
        tries.record(get_db(), self.name, list(keys), self.clock(), self.window)
