"""What the screens for the room show: the standings laid out for a big screen, in
columns side by side and, past what one screen holds, in screenfuls that turn by
themselves (static/screen.js)."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")

ROWS = 12  # lines a column holds on a 1080p projector in the big screen's type
COLUMNS = 3  # columns side by side on one screen


def screenfuls(lines: list[T], rows: int = ROWS, columns: int = COLUMNS) -> list[list[list[T]]]:
    """``lines`` as screenfuls of columns: as few columns as hold them, at most
    ``columns`` a screen, the lines shared evenly between a screen's columns.

    >>> [[len(c) for c in s] for s in screenfuls(list(range(16)))]
    [[8, 8]]
    >>> [[len(c) for c in s] for s in screenfuls(list(range(5)))]
    [[5]]
    >>> [[len(c) for c in s] for s in screenfuls(list(range(60)))]
    [[12, 12, 12], [12, 12]]
    >>> screenfuls([])
    [[[]]]
    """
    per_screen = rows * columns
    chunks = [lines[i : i + per_screen] for i in range(0, len(lines), per_screen)] or [[]]
    shown = []
    for chunk in chunks:
        count = max(1, -(-len(chunk) // rows))  # as many columns as the lines need
        size = -(-len(chunk) // count) if chunk else 0
        shown.append([chunk[i : i + size] for i in range(0, len(chunk), size)] if size else [[]])
    return shown
