"""Side blocks of the round form kept rendered (``web/fragments.py``): the same
markup as a fresh render, and never a block that shows something else."""

from __future__ import annotations

import re

from flask import render_template

from scorekeeper.club.standings import Line
from scorekeeper.data.connection import connect
from scorekeeper.data.events import events
from scorekeeper.web.http import fragments
from scorekeeper.web.pages import rounds
from tests.web.test_event_penalties import HANDICAPPED, finish, rows_of
from tests.web.test_events import make_event


def blank(html: str) -> str:
    """The page without what differs on every view: the form's key and token."""
    html = re.sub(r'name="key" type="hidden" value="[0-9a-f]{32}"', "KEY", html)
    return re.sub(r'name="csrf_token" type="hidden" value="[^"]+"', "TOKEN", html)


def same_kind(html: str, game: int) -> str:
    """A game's page without its id: two games of a kind then give the same page."""
    html = re.sub(rf"/games/{game}(?=[/\"?])", "/games/X", html)
    return html.replace(f'"{game}:new', '"X:new')


def fresh(client, path: str) -> str:
    rounds.NEW_ROUND_PAGES.pages.clear()
    return blank(client.get(path).get_data(as_text=True))


def test_a_kept_block_is_the_block_a_fresh_render_gives(client, make_game):
    first, second = make_game(), make_game()
    fragments.FRAGMENTS.clear()
    made = fresh(client, f"/games/{first}/rounds/new")
    kept = len(fragments.FRAGMENTS)
    assert kept == 2  # one block a side
    again = fresh(client, f"/games/{second}/rounds/new")
    assert len(fragments.FRAGMENTS) == kept  # the same kind of game: the same blocks
    fragments.FRAGMENTS.clear()
    assert again == fresh(client, f"/games/{second}/rounds/new")
    assert same_kind(made, first) == same_kind(again, second)


def test_a_block_shows_what_was_typed_and_its_problem_then_blank_again(client, make_game):
    game = make_game()
    client.get(f"/games/{game}/rounds/new")  # the blank blocks are kept
    refused = client.post(
        f"/games/{game}/rounds/new", data={"number": "1", "s0_meld_points": "12a"}
    )
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400 and 'value="12a"' in page and "“12a” is not one" in page
    blank_page = fresh(client, f"/games/{game}/rounds/new")
    assert 'value="12a"' not in blank_page and "is not one" not in blank_page


def test_blocks_differ_by_language_house_rules_and_players(client, make_game):
    fragments.FRAGMENTS.clear()
    plain = make_game()
    fresh(client, f"/games/{plain}/rounds/new")
    client.get("/language/de")
    german = fresh(client, f"/games/{plain}/rounds/new")
    assert "Meldepunkte" in german or "Punkte" in german
    assert len(fragments.FRAGMENTS) == 4
    client.get("/language/en")
    other = make_game(seats=("Ann", "Cat", "Bob", "Dee"))
    page = fresh(client, f"/games/{other}/rounds/new")
    assert len(fragments.FRAGMENTS) == 6 and "Ann &amp; Bob" in page
    dearer = make_game(options={"card_joker": 60})
    page = fresh(client, f"/games/{dearer}/rounds/new")
    assert 'data-points="60"' in page and len(fragments.FRAGMENTS) == 8


def test_a_preview_is_never_kept(client, make_game):
    game = make_game()
    fragments.FRAGMENTS.clear()
    data = {"number": "1", "s0_meld_points": "50", "preview": "1"}
    shown = client.post(f"/games/{game}/rounds/new", data=data)
    assert shown.status_code == 200 and len(fragments.FRAGMENTS) == 0


def test_a_posted_form_is_never_kept_nor_served_from_the_cache(client, make_game):
    """What someone typed is shown to them alone: a refused form's blocks are not
    kept (nor a checkbox's posted value, nor a 60,000-digit "number")."""
    first, second = make_game(), make_game()
    fragments.FRAGMENTS.clear()
    long = "9" * 60000
    for game, bonus in ((first, "PWNED"), (second, "y")):
        data = {"number": "1", "s0_meld_points": long, "s0_dealer_bonus": bonus}
        page = client.post(f"/games/{game}/rounds/new", data=data).get_data(as_text=True)
        assert "PWNED" not in page or game == first
    assert len(fragments.FRAGMENTS) == 0
    assert "PWNED" not in fresh(client, f"/games/{second}/rounds/new")


def test_the_standings_are_rendered_once_for_the_desk_and_the_big_screens(app, client):
    """A round that ends no game changes no line: the desk and every big screen show
    the standings kept. A finished game, a penalty and another language each show at
    once, and a kept column is what a fresh render gives."""
    changes = {"scale": "vp", "named": "burraco-3", "handicap": "points", "deals": "3"}
    desk = make_event(client, entries=HANDICAPPED, **changes).headers["Location"]
    client.post(f"{desk}/start")
    db = connect(app.config["DATABASE"])
    tables = events.tables(db, int(desk.rsplit("/", 1)[1]), 1)
    fragments.FRAGMENTS.clear()
    client.get(desk)  # (and its word, "Turn 1 started", said once)
    screen = client.get(f"{desk}/standings").get_data(as_text=True)
    kept = len(fragments.FRAGMENTS)
    assert kept == 1 + 6 + len(tables)  # one column on both, its 6 lines; the desk's
    one, other = tables[0]["sides"]
    for _ in range(2):  # rounds that end no game (of 3 deals): no line moves
        sent = {one: {"meld_points": 50}, other: {"meld_points": 10}}
        saved = client.post(f"/api/games/{tables[0]['game_id']}/rounds", json=sent)
        assert saved.status_code == 201
        assert client.get(f"{desk}/standings").get_data(as_text=True) == screen
        client.get(desk)
    assert len(fragments.FRAGMENTS) == kept + 2  # table 1's line after each round alone
    kept = len(fragments.FRAGMENTS)
    for _ in range(3):
        finish(db, tables[1], 600, 50)  # a game over: its lines move
    board = rows_of(client.get(f"{desk}/standings").get_data(as_text=True))
    assert len(fragments.FRAGMENTS) == kept + 1 + 2  # the column, its two entries' lines
    played = {name: cells[-2] for name, cells in board.items()}
    assert sorted(played.values()) == ["0", "0", "0", "0", "1", "1"]
    entry = str(tables[1]["entries"][0][0])
    given = client.post(
        f"{desk}/tables/{tables[1]['game_id']}/penalty",
        data={"penalty-entry": entry, "penalty-points": "3", "penalty-reason": "slow play"},
    )
    assert given.status_code == 302
    penalised = rows_of(client.get(f"{desk}/standings").get_data(as_text=True))
    assert any("−3" in cells for cells in penalised.values())
    assert any("−3" in cells for cells in rows_of(client.get(desk).get_data(as_text=True)).values())
    kept_page = client.get(f"{desk}/standings").get_data(as_text=True)
    fragments.FRAGMENTS.clear()
    assert client.get(f"{desk}/standings").get_data(as_text=True) == kept_page
    client.get("/language/de")
    assert "Rangliste" in client.get(f"{desk}/standings").get_data(as_text=True)
    db.close()


def test_a_save_renders_its_own_tables_line_on_the_desk_and_no_other(app, client):
    desk = make_event(client, deals="3").headers["Location"]
    client.post(f"{desk}/start")
    db = connect(app.config["DATABASE"])
    tables = events.tables(db, int(desk.rsplit("/", 1)[1]), 1)
    client.get(desk)  # the director's, with its word "Turn 1 started"
    fragments.FRAGMENTS.clear()
    before = client.get(desk).get_data(as_text=True)
    kept = len(fragments.FRAGMENTS)
    assert kept == len(tables) + 1 + 6  # each table's line, the standings and their lines
    finish(db, tables[1], 300, 100)
    after = client.get(desk).get_data(as_text=True)
    assert len(fragments.FRAGMENTS) == kept + 1  # table 2's line: round 1 now
    line = re.compile(r'<li class="state-\w+" data-table="(\d)" data-rounds="(\d)">')
    assert sorted(line.findall(before)) == [("1", "0"), ("2", "0"), ("3", "0")]
    assert sorted(line.findall(after)) == [("1", "0"), ("2", "1"), ("3", "0")]
    assert "round 1" in after and "Adjust, reopen" in after
    other = app.test_client()  # a player at the desk's address: no director's links
    assert "Adjust, reopen" not in other.get(desk).get_data(as_text=True)
    db.close()


def test_a_team_name_alone_is_not_kept_for_standings_with_links(app):
    """With no player known to link to, a team's line shows its name alone; once a
    player of the event is known, the players are named beside it (linked or not)."""
    event = {"scale": {"kind": "wdl"}, "handicap": None, "carry_from": None}
    entries = [
        {"name": name, "players": players, "withdrawn_turn": None, "substitutes": []}
        for name, players in (("The Aces", ["Ann", "Bea"]), ("Cat & Dee", ["Cat", "Dee"]))
    ]
    lines = [Line(0, place=1), Line(1, place=2)]

    def render(links):
        with app.test_request_context("/events/1"):
            shown = {"event": event, "standings": lines, "entries": entries, "links": links}
            return render_template("_event_standings.html", **shown)

    fragments.FRAGMENTS.clear()
    assert "(Ann, Bea)" not in render({})
    assert "The Aces <small>(Ann, Bea)</small>" in render({"Cat": 7})
