"""The family house rules of Hand and Foot and Samba on the pages: the shipped rule
sets one tap away on the new-game form, the round form showing a house book only
when the table plays it, what going out needs in the round being played, the
editor's choice and rising numbers, and three sides of two."""

import re

import pytest

from scorekeeper.data.connection import connect, migrate
from scorekeeper.data.games import rule_sets
from scorekeeper.data.games.games import get_game
from scorekeeper.data.games.rounds import add_round
from scorekeeper.data.migrations import m0028_family_rule_sets as shipped
from scorekeeper.scoring import get_variant

from .test_views import defaults_of, seat_form

SEATS = ["Ann", "Cat", "Bea", "Dee"]
RISING = {
    "going_out": [100, 200, 300, 400],
    "out_natural_canastas": [1, 2, 3, 4],
    "out_mixed_canastas": [1, 2, 3, 4],
}


def test_every_new_database_has_the_family_sets(tmp_path):
    db = migrate(tmp_path / "new.sqlite")
    found = {s["uid"]: s for s in rule_sets.rule_sets(db)}
    for uid, name, variant, options in shipped.SETS:
        assert (found[uid]["name"], found[uid]["variant"], found[uid]["options"]) == (
            name,
            variant,
            options,
        )
        rule_sets.checked(variant, options)  # the engine takes each
    assert found["hand-and-foot-rising"]["options"] == RISING


def test_a_table_with_its_own_set_of_that_name_keeps_it(tmp_path):
    db = migrate(tmp_path / "old.sqlite")
    db.execute("DELETE FROM rule_sets")
    rule_sets.create(db, "hand and foot, rising bonus", "hand-and-foot", {"rounds": 3})
    shipped.apply(db)  # as an upgrade would run it
    names = {s["name"]: s["options"] for s in rule_sets.rule_sets(db)}
    assert names["hand and foot, rising bonus"] == {"rounds": 3}
    assert "Hand and Foot, rising bonus" not in names and "Hand and Foot to 5000" in names


def test_the_new_game_page_offers_the_rising_bonus_in_one_tap(client, app):
    url = "/games/new/hand-and-foot/4"
    nav = re.search(
        r'<nav class="rule-choice".*?</nav>', client.get(url).get_data(as_text=True), re.S
    ).group(0)
    assert "Hand and Foot, special books" in nav and "Hand and Foot to 5000" in nav
    link = re.search(r'href="([^"]+)"[^>]*>Hand and Foot, rising bonus<', nav).group(1)
    link = link.replace("&amp;", "&")
    chosen = client.get(link).get_data(as_text=True)
    assert re.search(r'id="opt_going_out_3"[^>]*value="400"', chosen)
    done = client.post(link, data=seat_form(SEATS, **defaults_of(client, link)))
    assert done.status_code == 302, done.get_data(as_text=True)[-2000:]
    game = get_game(connect(app.config["DATABASE"]), int(done.location.rsplit("/", 1)[-1]))
    assert {k: game["options"][k] for k in RISING} == RISING


@pytest.mark.parametrize(
    ("options", "shown"),
    [
        ({}, set()),
        ({"sevens_canasta": 1500}, {"sevens_canastas"}),
        (
            {"black_threes_canasta": 2000, "perfect_draw": 100},
            {"black_threes_canastas", "perfect_draws"},
        ),
    ],
)
def test_a_house_book_is_on_the_round_form_only_when_played(client, make_game, options, shown):
    game = make_game("hand-and-foot", options=options)
    html = client.get(f"/games/{game}/rounds/new").get_data(as_text=True)
    books = {"sevens_canastas", "wild_canastas", "black_threes_canastas", "perfect_draws"}
    assert {f for f in books if f'name="s0_{f}"' in html} == shown


def test_going_out_fills_in_what_this_round_needs(client, make_game, app):
    """Rising by round: choosing who went out in round 2 fills in 2 clean and 2
    dirty piles, and saving 500 x 2 + 300 x 2 + 200 for going out scores 1800."""
    game = make_game("hand-and-foot", options=RISING)
    db = connect(app.config["DATABASE"])
    add_round(db, game, {"Ann & Bea": {}, "Cat & Dee": {}})
    html = client.get(f"/games/{game}/rounds/new?out=0").get_data(as_text=True)
    assert re.search(r'name="s0_natural_canastas"[^>]*value="2"', html)
    assert re.search(r'name="s0_mixed_canastas"[^>]*value="2"', html)
    assert "&#34;natural_canastas&#34;: 2" in html or '"natural_canastas": 2' in html


def test_the_rules_page_says_the_needs_round_by_round(client, make_game):
    game = make_game("hand-and-foot", options=RISING)
    html = client.get(f"/games/{game}/rules").get_data(as_text=True)
    assert "round 1: 1 clean pile" in html and "round 4: 4 dirty piles" in html
    assert "round 1: 100, round 2: 200, round 3: 300, round 4: 400" in html


def test_the_editor_offers_the_wild_ratio_in_words(client, app):
    url = "/games/new/hand-and-foot/4"
    page = client.get(url).get_data(as_text=True)
    select = re.search(r'<select[^>]*name="opt_wild_ratio".*?</select>', page, re.S).group(0)
    assert "at least one more natural card than wild cards" in select
    assert "at least as many natural cards as wild cards" in select
    data = seat_form(SEATS, **defaults_of(client, url), opt_wild_ratio="at_least_equal")
    done = client.post(url, data=data)
    assert done.status_code == 302
    game = get_game(connect(app.config["DATABASE"]), int(done.location.rsplit("/", 1)[-1]))
    assert game["options"] == {"wild_ratio": "at_least_equal"}


def test_a_rising_list_of_the_wrong_length_is_shown_at_the_option(client):
    url = "/games/new/hand-and-foot/4"
    data = seat_form(
        SEATS,
        **{
            **defaults_of(client, url),
            "opt_going_out_rows": "2",
            "opt_going_out_0": "100",
            "opt_going_out_1": "200",
        },
    )
    response = client.post(url, data=data)
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert "must list one value per round (4), not 2" in html
    assert re.search(r'id="opt_going_out_1"[^>]*value="200"', html)  # what was typed is kept


def test_six_may_play_as_three_sides_of_two(client):
    url = "/games/new/hand-and-foot/6"
    page = client.get(url).get_data(as_text=True)
    assert "in 3 teams of 2" in page
    seats = ["Ann", "Cat", "Eve", "Bea", "Dee", "Fay"]
    done = client.post(url, data={**seat_form(seats, **defaults_of(client, url)), "sides": "3"})
    assert done.status_code == 302, done.get_data(as_text=True)[-2000:]
    game = client.get(done.location.replace("/games/", "/api/games/")).json
    assert game["document"]["sides"] == ["Ann & Bea", "Cat & Dee", "Eve & Fay"]
    assert get_variant("hand-and-foot").team_sizes(6, game["document"]["sides"]) == dict.fromkeys(
        game["document"]["sides"], 2
    )


@pytest.mark.parametrize(
    ("options", "threes"), [({}, False), ({"black_threes_canasta": 2000}, True)]
)
def test_the_meld_counter_offers_threes_only_with_their_book(client, make_game, options, threes):
    game = make_game("hand-and-foot", options=options)
    html = client.get(f"/games/{game}/rounds/new").get_data(as_text=True)
    assert ('data-rank="3"' in html) is threes and 'data-rank="9"' in html
