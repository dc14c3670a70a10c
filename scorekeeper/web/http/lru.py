"""A small bounded memory shared by the server's threads: least recently used out.

Kept pages (``page_cache``), page parts (``fragments``) and compressed pages
(``assets``) are remembered this way: ``cachetools.LRUCache`` keeps the order and
evicts; it is not thread-safe by itself, so every use takes one lock."""

from __future__ import annotations

import threading
from typing import Generic, TypeVar

from cachetools import LRUCache

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
        self.entries: LRUCache[K, V] = LRUCache(maxsize=size)
        self.lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self.lock:
            return self.entries.get(key)

    def put(self, key: K, value: V) -> None:
        with self.lock:
            self.entries[key] = value

    def clear(self) -> None:
        with self.lock:
            self.entries.clear()

    def __len__(self) -> int:
        return len(self.entries)
