"""A first game as quick as two headings on paper, without JavaScript: the variant
with its rule sets beneath it, names optional and asked team by team, what the seats
make said back, everything else folded below the one Start button, and the same
players again from the home page."""

import re

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.games.games import get_game
from tests.web.test_flow import finished
from tests.web.test_views import defaults_of, seat_form

URL = "/games/new/classic/4"


@pytest.fixture
def db(app):
    database = connect(app.config["DATABASE"])
    yield database
    database.close()


def started(client, app, names, url=URL):
    response = client.post(url, data=seat_form(names, **defaults_of(client, url)))
    assert response.status_code == 302, response.get_data(as_text=True)
    return get_game(connect(app.config["DATABASE"]), int(response.location.rsplit("/", 1)[1]))


def test_a_saved_rule_set_is_offered_beneath_its_game_not_as_another_game(client):
    page = client.get("/games/new").get_data(as_text=True)
    groups = re.findall(r'<div class="variant-group">(.*?)</div>', page, re.S)
    assert len(groups) == 5  # the five games, each once
    classic = next(g for g in groups if 'value="classic"' in g)
    assert "Standard Canasta" in classic and "House rules of Canasta" in classic
    assert "other numbers for red threes" in classic  # what it changes, by topic
    assert sum("Standard Canasta" in g for g in groups) == 1
    assert "Next: who plays" in page


@pytest.mark.parametrize(
    "url, names, sides",
    [
        (URL, ["", "", "", ""], ["Us", "Them"]),
        ("/games/new/classic/3", ["", "", ""], ["Player 1", "Player 2", "Player 3"]),
        ("/games/new/weeping/6", [""] * 6, ["Team 1", "Team 2", "Team 3"]),
        ("/games/new/five-person/5", [""] * 5, [f"Player {n}" for n in range(1, 6)]),
        (URL, ["Ann", "Cat", "Bea", "Dee"], ["Ann & Bea", "Cat & Dee"]),
    ],
    ids=["us-and-them", "three-alone", "three-teams", "five-person", "named"],
)
def test_names_are_optional(client, app, url, names, sides):
    game = started(client, app, names, url)
    assert game["sides"] == sides
    assert game["seats"] == [n for n in names if n]


def test_some_names_but_not_all_is_refused_beside_the_empty_seat(client):
    data = seat_form(["Ann", "", "Bea", ""], **defaults_of(client, URL))
    response = client.post(URL, data=data)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert 'id="seat1-error">Who sits here? Name every seat, or none.<' in html
    assert 'id="seat3-error">Who sits here? Name every seat, or none.<' in html
    assert 'value="Ann"' in html and 'value="Bea"' in html  # what was typed, kept
    assert "Round the table: Ann, ?, Bea, ?." in html


def test_the_seats_are_asked_team_by_team_with_who_partners_whom(client):
    html = client.get(URL).get_data(as_text=True)
    order = re.findall(r'<input[^>]*id="(seat\d)"', html)
    assert order == ["seat0", "seat2", "seat1", "seat3"]  # partners typed one after the other
    assert re.findall(r'enterkeyhint="(\w+)"[^>]*id="seat', html) == ["next"] * 3 + ["go"]
    assert "Us against Them." in html
    data = seat_form(["Ann", "Cat", "Bea", "ann"], **defaults_of(client, URL))
    html = client.post(URL, data=data).get_data(as_text=True)  # refused: said back
    assert "Ann &amp; Bea against Cat &amp; ann. Round the table: Ann, Cat, Bea, ann." in html
    assert "Ann deals first." in html


def test_everything_else_is_folded_below_the_one_start_button(client):
    html = client.get(URL).get_data(as_text=True)
    start = html.index("Start the game")
    folded = html.index('<details class="more-settings">')
    assert html.count("Start the game") == 1 and start < folded
    for field in ('id="passphrase"', 'id="date"', 'id="evening"', 'id="start_rounds"'):
        assert html.index(field) > folded, field
    assert "The sheet&#39;s rules" not in html and "The sheet's rules" not in html


def test_a_refused_passphrase_opens_the_fold(client):
    data = seat_form(["Ann", "Cat", "Bea", "Dee"], **defaults_of(client, URL), passphrase="short")
    html = client.post(URL, data=data).get_data(as_text=True)
    assert '<details class="more-settings" open>' in html


def test_the_home_page_plays_the_last_finished_game_again(client, db):
    assert "Play again with the same players" not in client.get("/").get_data(as_text=True)
    game = finished(db)
    home = client.get("/").get_data(as_text=True)
    assert "Play again with the same players" in home
    assert f'action="/games/{game}/again"' in home and "Ann &amp; Bea against Cat &amp; Dee" in home
    response = client.post(f"/games/{game}/again")
    assert response.status_code == 302
    new = get_game(db, int(response.location.rsplit("/", 1)[1]))
    assert new["seats"] == get_game(db, game)["seats"]


def test_a_guarded_game_is_not_offered_again_to_a_stranger(client, db):
    finished(db, passphrase="open sesame")
    assert "Play again with the same players" not in client.get("/").get_data(as_text=True)
