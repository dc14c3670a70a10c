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


@pytest.fixture
def app(tmp_path):
    from scorekeeper import create_app

    return create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "scorekeeper.sqlite"),
            "SECRET_KEY": "test-only",
            "WTF_CSRF_ENABLED": False,
        }
    )


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def make_game(app):
    """Store a game through the store, as the new-game page would: seats in order."""
    from scorekeeper import store
    from scorekeeper.db import connect
    from scorekeeper.scoring import get_variant
    from scorekeeper.table import side_names

    def make(variant="classic", seats=("Ann", "Cat", "Bea", "Dee"), options=None, first_dealer=0):
        db = connect(app.config["DATABASE"])
        try:
            evening = store.create_evening(db, "2026-11-20")
            return store.create_game(
                db, evening_id=evening, variant=variant, players=len(seats),
                sides=side_names(get_variant(variant), list(seats)), options=options or {},
                seats=list(seats), first_dealer=first_dealer,
            )  # fmt: skip
        finally:
            db.close()

    return make
