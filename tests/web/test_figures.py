"""Each side's figures for the game (canastas by kind, red threes,
times went out, average and best round, adjustments), folded on the scoreboard and
in full in the printed game. Worked by hand from the rounds below."""

import re

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.games.rounds import add_round

ROUNDS = [
    # Ann & Bea 500 + 100 + 100 + 230 = 930; Cat & Dee 300 + 185 - 65 - 50 = 370
    {"Ann & Bea": {"natural_canastas": 1, "meld_points": 230, "red_threes": 1, "went_out": True},
     "Cat & Dee": {"mixed_canastas": 1, "meld_points": 185, "hand_points": 65,
                   "adjustment": -50, "note": "table talk"}},
    # Ann & Bea 1000 + 100 + 300 = 1400; Cat & Dee 200 + 40 = 240
    {"Ann & Bea": {"wild_canastas": 1, "meld_points": 300, "went_out": True},
     "Cat & Dee": {"red_threes": 2, "meld_points": 40}},
    # Ann & Bea -45 + 100 (forfeit) = 55; Cat & Dee 500 + 300 + 100 + 400 - 100 = 1200
    {"Ann & Bea": {"hand_points": 45, "adjustment": 100, "note": "forfeit"},
     "Cat & Dee": {"natural_canastas": 1, "mixed_canastas": 1, "went_out": True,
                   "meld_points": 400, "adjustment": -100}},
]  # fmt: skip

EXPECTED = [
    ("Natural canastas", "1", "1"),
    ("Mixed canastas", "0", "2"),
    ("Wild-card canastas", "1", "0"),
    ("Red threes laid", "1", "2"),
    ("Times went out", "2", "1"),
    ("Average round", "+795", "+603"),  # 2385 / 3; 1810 / 3 = 603.3
    ("Best round", "+1,400 (round\u00a02)", "+1,200 (round\u00a03)"),  # kept whole
    ("Adjustments", "1 (+100)", "2 (-150)"),
]


@pytest.fixture
def game(app, make_game):
    db = connect(app.config["DATABASE"])
    game = make_game("classic", options={"wild_canasta": 1000})
    for entries in ROUNDS:
        add_round(db, game, entries)
    db.close()
    return game


def figures_in(html):
    table = re.search(r'<table class="figures">.*?</table>', html, re.S).group(0)
    return [tuple(re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S))
            for row in re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>")[1], re.S)]  # fmt: skip


def test_the_scoreboard_shows_the_figures_folded(client, game):
    html = client.get(f"/games/{game}").get_data(as_text=True)
    assert re.search(r'<details class="figures" id="figures">\s*<summary>Game figures', html)
    assert figures_in(html) == EXPECTED


def test_the_printed_game_shows_them_in_full(client, game):
    html = client.get(f"/games/{game}/print").get_data(as_text=True)
    assert "<caption>Game figures</caption>" in html and '<details class="figures"' not in html
    assert figures_in(html) == EXPECTED


def test_five_person_has_no_red_threes_and_shows_super_canastas_once_made(client, make_game, app):
    db = connect(app.config["DATABASE"])
    game = make_game("five-person", seats=("Ann", "Bob", "Cat", "Dan", "Eve"))
    add_round(db, game, {"Ann": {"super_canastas_pure": 1, "meld_points": 200, "went_out": True}})
    rows = [r[0] for r in figures_in(client.get(f"/games/{game}").get_data(as_text=True))]
    assert rows == ["Pure canastas", "Impure canastas", "Pure super canastas",
                    "Times went out", "Average round", "Best round", "Adjustments"]  # fmt: skip


def test_no_figures_before_the_first_round(client, make_game):
    assert 'class="figures' not in client.get(f"/games/{make_game()}").get_data(as_text=True)
