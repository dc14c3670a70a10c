"""Ratings on the pages: the players list, a player's page with its chart, their
partners and opponents, two players together, and the leaderboards."""

import re

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.rounds import add_round

TEAMS = {"Ann & Bea": {"meld_points": 300}, "Cat & Dee": {"meld_points": 100}}


@pytest.fixture
def played(app, make_game):
    """Ann and Bea beat Cat and Dee at Hand and Foot; then a five-person game that
    Ann wins (her partner is Cat, her rentrap Dee)."""
    db = connect(app.config["DATABASE"])
    teams = make_game("hand-and-foot", seats=("Ann", "Cat", "Bea", "Dee"))
    for _ in range(4):
        add_round(db, teams, TEAMS)
    five = make_game("five-person", seats=("Ann", "Bea", "Cat", "Dee", "Eve"))
    for _ in range(5):  # at most 980 card points a round: the cards in play
        add_round(db, five, {"Ann": {"meld_points": 700}, "Cat": {"meld_points": 200}})
    ids = {r["name"]: r["id"] for r in db.query("SELECT id, name FROM players")}
    db.close()
    return ids


def text(response):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))


def test_players_page_shows_each_rating_still_settling(client, played):
    page = text(client.get("/players"))
    assert re.search(r"Ann 2 2 about 1,\d\d\d, still settling: 2 games", page)
    assert re.search(r"Eve 1 0 about 1,4\d\d, still settling: 1 game ", page)  # lost her one


def test_a_players_page_shows_the_rating_the_chart_and_the_links(client, played):
    response = client.get(f"/players/{played['Ann']}")
    page = text(response)
    assert re.search(r"Rating: about 1,\d\d\d, still settling: 2 games", page)
    by_game = page.split("Rating by game")[1]
    assert re.search(r"^ Five-person Canasta about 1,\d\d\d, still settling: 1 game ", by_game)
    assert "Ann: rating over time" in response.get_data(as_text=True)
    assert f"/players/{played['Ann']}/partners" in response.get_data(as_text=True)


def test_partners_count_a_side_and_in_five_person_partner_and_rentrap(client, played):
    page = text(client.get(f"/players/{played['Ann']}/partners"))
    best, toughest = page.split("Best partners")[1].split("Toughest opponents")
    # Bea: a partner at Hand and Foot, an opponent at five-person (neither partner nor rentrap)
    assert re.search(r"Bea 1 1 \+800 \+\d+", best)
    assert re.search(r"Cat 1 1 \+1,000 \+\d+", best)  # partner in five-person
    assert re.search(r"Dee 1 1 \+1,000 \+\d+", best)  # rentrap in five-person
    assert re.search(r"Cat 1 1 \+800", toughest) and "Eve 1 1" in toughest


def test_two_players_page_shows_their_games_together_and_apart(client, played):
    page = text(client.get(f"/players/{played['Ann']}/vs/{played['Bea']}"))
    assert re.search(r"as partners 1 1 1 \+800 \+\d+ \+\d+", page)  # Hand and Foot
    assert re.search(r"as opponents 1 1 0 \+[\d,]+ \+\d+ [+-]\d+", page)  # five-person


def test_leaderboard_by_variant_period_and_games(client, played):
    page = text(client.get("/leaderboard?scope=all&period=all&least=2"))
    names = re.findall(r"\d+\. (Ann|Bea|Cat|Dee|Eve) [\d,]+ \* [+-]?\d+ \d+", page)
    assert names[0] == "Ann" and set(names) == {"Ann", "Bea", "Cat", "Dee"}  # Eve: 1 game
    page = text(client.get("/leaderboard?scope=five-person&period=all&least=1"))
    assert set(re.findall(r"\d+\. (Ann|Bea|Cat|Dee|Eve) [\d,]+ \*", page)) == {
        "Ann", "Bea", "Cat", "Dee", "Eve"
    }  # fmt: skip
    page = text(client.get("/leaderboard?scope=classic&period=month&least=1"))
    assert "Nobody has played that many finished games" in page


@pytest.mark.parametrize("typed", ["abc", "0", "1001", ""])
def test_a_bad_least_is_refused_beside_the_field_and_kept(client, played, typed):
    response = client.get(f"/leaderboard?scope=weeping&period=year&least={typed}")
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert 'class="field invalid"' in html and 'id="least-error"' in html
    assert f'value="{typed}"' in html or (typed == "" and 'name="least"' in html)
    assert '<option selected value="weeping">' in html
