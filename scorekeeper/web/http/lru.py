"""A small bounded memory shared by the server's threads: least recently used out.

Kept pages (``page_cache``), signed CSRF tokens and checked session cookies are
all remembered this way."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class LRU(Generic[K, V]):
    """At most ``size`` entries; reading one makes it the most recent.

    >>> kept = LRU[str, int](2)
    >>> kept.put("a", 1); kept.put("b", 2); kept.get("a"); kept.put("c", 3)
    1
    >>> kept.get("b") is None, kept.get("a"), len(kept)
    (True, 1, 2)
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self.entries: OrderedDict[K, V] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self.lock:
            found = self.entries.get(key)
            if found is not None:
                self.entries.move_to_end(key)
            return found

    def put(self, key: K, value: V) -> None:
        with self.lock:
            self.entries[key] = value
            self.entries.move_to_end(key)
            while len(self.entries) > self.size:
                self.entries.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.entries.clear()

    def __len__(self) -> int:
        return len(self.entries)
