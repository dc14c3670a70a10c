"""Ratings on the pages: the players list, a player's page with its chart, their
partners and opponents, two players together, and the leaderboards."""

import re

import pytest

from scorekeeper import create_app
from scorekeeper.data.connection import connect
from scorekeeper.data.games import players, removals
from scorekeeper.data.games.evenings import create_evening
from scorekeeper.data.games.games import create_game, scored
from scorekeeper.data.games.rounds import add_round, edit_round
from scorekeeper.data.transfer import transfer
from scorekeeper.data.transfer.importing import import_data
from tests.conftest import rounds_reaching

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


# The players page and a player's page are kept rendered under a digest of what they
# show (``pages.players.kept``): every change below must show at once, on every page.


def every_page(client, ids):
    paths = ["/players", *(f"/players/{i}" for i in ids.values())]
    return {path: client.get(path).get_data(as_text=True) for path in paths}


def test_the_pages_are_kept_and_served_again_without_rendering(client, played, monkeypatch):
    from scorekeeper.web.pages import players as pages

    first = every_page(client, played)
    rendered = []
    monkeypatch.setattr(pages, "render_template", lambda *a, **k: rendered.append(a) or "")
    assert every_page(client, played) == first and rendered == []


def finish_a_game(db, make_game, ids, tmp_path):
    """Eve beats Dee at Classic Canasta: a new game finished."""
    game = make_game("classic", seats=("Eve", "Dee"))
    side = scored(db, game)[0]["sides"][0]
    for entries in rounds_reaching("classic", 5000, side):
        add_round(db, game, entries)


def correct_an_earlier_game(db, make_game, ids, tmp_path):
    """Cat and Dee now won the Hand and Foot game: every rating after it moves."""
    game = db.execute("SELECT id FROM games WHERE variant = 'hand-and-foot'").fetchone()[0]
    for number in (1, 2, 3, 4):
        entries = {"Ann & Bea": {"meld_points": 100}, "Cat & Dee": {"meld_points": 300}}
        edit_round(db, game, number, entries, 1)


def remove_a_game(db, make_game, ids, tmp_path):
    game = db.execute("SELECT id FROM games WHERE variant = 'five-person'").fetchone()[0]
    removals.remove_game(db, game, "test")


def undo_a_removal(db, make_game, ids, tmp_path):
    """The five-person game, removed before the pages were kept, comes back."""
    removals.undo(db, removals.history(db)[0]["id"])


undo_a_removal.first = remove_a_game


def import_an_earlier_game(db, make_game, ids, tmp_path):
    """Bea beat Ann at Classic in 2019, played elsewhere and imported now."""
    path = tmp_path / "elsewhere.sqlite"
    create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "test-only"})
    other = connect(path)
    game = create_game(
        other, evening_id=create_evening(other, "2019-05-01"), variant="classic", players=2,
        sides=["Bea", "Ann"], options={}, seats=["Bea", "Ann"], first_dealer=0,
    )  # fmt: skip
    for entries in rounds_reaching("classic", 5000, "Bea"):
        add_round(other, game, entries)
    export = transfer.export(other)
    other.close()
    assert import_data(db, export)["games added"] == 1


def rename_a_player(db, make_game, ids, tmp_path):
    players.rename(db, ids["Cat"], "Catalina")


def remove_a_player(db, make_game, ids, tmp_path):
    removals.remove_player(db, ids["Eve"], "test")


@pytest.mark.parametrize("change", [
    finish_a_game, correct_an_earlier_game, remove_a_game, undo_a_removal,
    import_an_earlier_game, rename_a_player, remove_a_player,
])  # fmt: skip
def test_a_change_shows_at_once_on_the_kept_pages(app, client, played, make_game, tmp_path,
                                                  change):  # fmt: skip
    from scorekeeper.web.pages import players as pages

    db = connect(app.config["DATABASE"])
    if hasattr(change, "first"):
        change.first(db, make_game, played, tmp_path)
    before = every_page(client, played)
    assert every_page(client, played) == before  # served kept
    change(db, make_game, played, tmp_path)
    db.close()
    after = every_page(client, played)
    pages.PAGES.pages.clear()
    assert after == every_page(client, played)  # what a page rendered afresh shows
    changed = {path for path in after if after[path] != before[path]}
    assert "/players" in changed and len(changed) >= 2, changed


def test_a_flashed_message_is_shown_once_and_never_kept(client, played):
    before = client.get(f"/players/{played['Cat']}").get_data(as_text=True)
    response = client.post(f"/players/{played['Cat']}/rename", data={"name": "Catalina"},
                           follow_redirects=True)  # fmt: skip
    assert "Cat is now called Catalina." in response.get_data(as_text=True)
    again = client.get(f"/players/{played['Cat']}").get_data(as_text=True)
    assert "is now called" not in again and "Catalina" in again and again != before


def test_a_kept_players_page_carries_each_browsers_own_token(app, played):
    """The rename form's CSRF token is one browser's: a kept page gets the reader's."""
    app.config["WTF_CSRF_ENABLED"] = True
    path = f"/players/{played['Dee']}"
    ann, bea = app.test_client(), app.test_client()
    found = [re.search(r'name="csrf_token" type="hidden" value="([^"]+)"',
                       c.get(path).get_data(as_text=True)).group(1) for c in (ann, bea)]  # fmt: skip
    assert found[0].split(".")[0] != found[1].split(".")[0]  # each session's own token
    refused = ann.post(f"{path}/rename", data={"name": "Deedee", "csrf_token": found[1]})
    assert refused.status_code == 400
    renamed = bea.post(f"{path}/rename", data={"name": "Deedee", "csrf_token": found[1]})
    assert renamed.status_code == 302
