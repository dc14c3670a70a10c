"""What a club night's table is offered and told: its finished game is not played
again by the table (the director's next turn is its next game), and a table's phone
refused the director's pages is told who may, with a passphrase named only when
one is set."""

import html

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.data.connection import connect
from scorekeeper.data.events import events
from scorekeeper.data.games import rounds
from tests.web.test_events import first_turn, make_event

PASSPHRASE_WORDS = "scorer passphrase"


@pytest.fixture
def night(app, client):
    """An event, turn 1 started by its director (``client``), every table's deal
    played; and table 1's scorer: a browser that opened its card."""
    desk, event_id, games, links = first_turn(app, client)
    db = connect(app.config["DATABASE"])
    try:
        for t in events.tables(db, event_id, 1):
            one, other = t["sides"]
            rounds.add_round(
                db, t["game_id"], {one: {"meld_points": 100}, other: {"meld_points": 50}}
            )
    finally:
        db.close()
    scorer = app.test_client()
    assert scorer.get(links[0]).status_code == 302  # "Keep the score at table 1" follows
    return {"desk": desk, "games": games, "scorer": scorer, "link": links[0]}


def text(response):
    return html.unescape(response.get_data(as_text=True))


def game_count(app):
    db = connect(app.config["DATABASE"])
    try:
        return db.execute("SELECT count(*) FROM games").fetchone()[0]
    finally:
        db.close()


def test_a_finished_event_table_is_not_offered_play_again_and_its_post_is_refused(
    app, client, night
):
    first = night["games"][0]
    for browser in (night["scorer"], client):  # the table's scorer, and the director
        board = text(browser.get(f"/games/{first}"))
        assert "Play again with the same players" not in board
        assert f'action="/games/{first}/again"' not in board
        assert "this table's next game comes with the next turn" in board
        assert f'href="{night["link"]}"' in board  # the card: where its next game opens
        assert "Play again with the same players" not in text(browser.get("/"))
    made = game_count(app)
    refused = night["scorer"].post(f"/games/{first}/again")
    assert refused.status_code == 409
    assert "this table's next game comes with the next turn" in text(refused)
    assert client.post(f"/games/{first}/again").status_code == 409
    assert game_count(app) == made  # no stray game in the club's evening


def test_a_table_scorer_sees_no_remove_link_and_the_director_does(client, night):
    first = night["games"][0]
    board = text(night["scorer"].get(f"/games/{first}"))
    assert "Rename" in board  # it scores the game: its own links are there
    assert f"/games/{first}/remove" not in board and "Remove this game" not in board
    assert "Remove this game" in text(client.get(f"/games/{first}"))


DIRECTORS_PAGES = ["/edit", "/undo-start", "/withdraw", "/history", "/delete", "/cards"]


@pytest.mark.parametrize("page", DIRECTORS_PAGES)
def test_a_table_phone_refused_a_directors_page_is_told_the_director_not_a_passphrase(night, page):
    refused = night["scorer"].get(night["desk"] + page)
    said = text(refused)
    assert refused.status_code == 403
    assert "Only the event's director can do that" in said
    assert PASSPHRASE_WORDS not in said and "Type the" not in said
    assert f'href="{night["desk"]}"' in said  # back to the desk


def test_a_table_scorer_refused_the_removal_is_told_the_director_not_a_passphrase(night):
    first = night["games"][0]
    refused = night["scorer"].get(f"/games/{first}/remove")
    said = text(refused)
    assert refused.status_code == 403
    assert "director can do that" in said and PASSPHRASE_WORDS not in said
    assert night["scorer"].post(f"/games/{first}/remove", data={"by": "Ann"}).status_code == 403


def set_passphrase(app):
    """The app-wide scorer passphrase, set as a club's owner sets it (the command)."""
    result = CliRunner().invoke(
        main, ["passphrase", "--db", app.config["DATABASE"]], input="the club's own\n" * 2
    )
    assert result.exit_code == 0, result.output


def test_with_a_passphrase_set_the_refusal_still_offers_to_type_it(app, night):
    set_passphrase(app)
    for url in (f"{night['desk']}/edit", f"/games/{night['games'][0]}/remove"):
        refused = night["scorer"].get(url)
        said = text(refused)
        assert refused.status_code == 403, url
        assert "Type the scorer passphrase" in said and PASSPHRASE_WORDS in said, url


def test_a_stranger_refused_a_tables_round_is_told_the_table_and_director(app, night):
    stranger = app.test_client()
    refused = stranger.post(f"/games/{night['games'][0]}/rounds/new", data={"number": "2"})
    said = text(refused)
    assert refused.status_code == 403
    assert "Only the table's scorer can do that" in said and PASSPHRASE_WORDS not in said
    watched = text(stranger.get(f"/games/{night['games'][0]}"))  # the scoreboard says so too
    assert "Read-only here: a club night's table is scored by the phone that opened" in watched
    assert PASSPHRASE_WORDS not in watched
    set_passphrase(app)  # now the app's passphrase opens every table
    assert "Type the scorer passphrase" in text(stranger.get(f"/games/{night['games'][0]}"))


def test_an_events_own_passphrase_is_offered_where_the_event_has_one(app, client):
    desk = make_event(client, director_passphrase="club director 1").headers["Location"]
    refused = app.test_client().get(f"{desk}/edit")
    said = text(refused)
    assert refused.status_code == 403 and "typed the director's passphrase" in said
    assert f'href="{desk}/unlock"' in said and PASSPHRASE_WORDS not in said
