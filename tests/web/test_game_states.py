"""Each game's state where games are listed: the home page's
recent games and an evening's games say "in progress, round N", who is ahead and
the totals, or who won."""

import re

from scorekeeper.data.connection import connect
from scorekeeper.data.games.games import get_game
from scorekeeper.data.games.rounds import add_round

BIG = {"natural_canastas": 3, "mixed_canastas": 2, "red_threes": 2, "meld_points": 700}


def rounds(app, game, *entries):
    """Store the rounds; the game as stored after them."""
    db = connect(app.config["DATABASE"])
    try:
        for e in entries:
            add_round(db, game, e)
        return get_game(db, game)
    finally:
        db.close()


def item(page, game):
    """The home page's entry of one game."""
    return re.search(rf'<a href="/games/{game}">(.*?)</a>', page, re.S).group(1)


def test_recent_games_say_in_progress_the_round_the_leader_and_totals(app, client, make_game):
    fresh = make_game()
    going = make_game()
    rounds(
        app,
        going,
        {"Ann & Bea": {"natural_canastas": 2, "meld_points": 230}},
        {"Cat & Dee": {"meld_points": 980}},
    )
    level = make_game()
    rounds(app, level, {"Ann & Bea": {"meld_points": 50}, "Cat & Dee": {"meld_points": 50}})
    page = client.get("/").get_data(as_text=True)
    assert "In progress, round 1</small>" in item(page, fresh)  # nobody ahead yet
    shown = item(page, going)
    assert "In progress, round 3 · Ann &amp; Bea ahead</small>" in shown
    assert '<span class="side-total">Ann &amp; Bea <b>1,230</b></span>' in shown
    assert '<span class="side-total">Cat &amp; Dee <b>980</b></span>' in shown
    assert "In progress, round 2 · all level</small>" in item(page, level)


def test_recent_games_say_who_won(app, client, make_game):
    game = make_game()
    assert rounds(app, game, {"Cat & Dee": BIG}, {"Cat & Dee": BIG})["finished"]
    shown = item(client.get("/").get_data(as_text=True), game)
    assert '<small class="state over">Won by Cat &amp; Dee · 2 rounds</small>' in shown
    assert "In progress" not in shown


def test_a_game_carried_over_from_paper_counts_its_paper_rounds(app, client, make_game):
    game = make_game(start={"totals": {"Ann & Bea": 2000, "Cat & Dee": 2500}, "rounds": 4})
    rounds(app, game, {"Ann & Bea": {"meld_points": 100}})
    shown = item(client.get("/").get_data(as_text=True), game)
    assert "In progress, round 6 · Cat &amp; Dee ahead" in shown and "<b>2,500</b>" in shown


def test_an_evenings_games_say_their_state(app, client, make_game):
    game = make_game()
    evening = rounds(app, game, {"Cat & Dee": {"meld_points": 90}})["evening_id"]
    page = client.get(f"/evenings/{evening}").get_data(as_text=True)
    assert (
        '<p class="game-state"><small class="state">In progress, round 2 · Cat &amp; Dee ahead'
        in page
    )


def test_the_state_in_german_groups_numbers_as_german_does(app, client, make_game):
    game = make_game()
    rounds(app, game, {"Ann & Bea": {"natural_canastas": 2, "meld_points": 230}})
    page = client.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Läuft, Runde 2 · Ann &amp; Bea vorn" in page and "<b>1.230</b>" in page
