"""Shared fixtures. Each test gets its own database under ``tmp_path``."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.scoring import score_game


def play(variant: str, rounds: list[dict[str, Any]], sides: list[str] | None = None, **top: Any):
    """Score a game of ``variant`` with these rounds (sides default to A and B)."""
    sides = sides or sorted({s for r in rounds for s in r}) or ["A", "B"]
    return score_game({"variant": variant, "sides": sides, "rounds": rounds, **top})


@pytest.fixture
def game():
    return play
