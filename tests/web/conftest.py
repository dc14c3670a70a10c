"""Fixtures of the web tests that more than one file uses."""

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.games.games import get_game
from scorekeeper.data.table import table as phones
from tests.web.test_events import make_event


@pytest.fixture
def desk(client):
    """A club night made through the form (six pairs, a Mitchell of two turns): its
    desk's address, ``client`` its director."""
    made = make_event(client)
    assert made.status_code == 302
    return made.headers["Location"]


@pytest.fixture
def table(app, make_game):
    """A game, its spectator token and a phone's token (seen just now)."""
    game = make_game()
    db = connect(app.config["DATABASE"])
    try:
        watch = str(get_game(db, game)["watch_token"])
        phone = phones.join(db, game, "Ann", 0)
    finally:
        db.close()
    return game, watch, phone
