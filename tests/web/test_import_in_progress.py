"""The games an import is still writing are no games yet: every route that takes a
game's id (or its spectator link) answers 404 for one until the whole file is in,
and the game is there as any other once it is."""

import re

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.transfer import importing, staging

SIDES = ["Ann & Bea", "Cat & Dee"]
FILE = {
    "format": "scorekeeper",
    "version": 1,
    "evenings": [
        {
            "uid": "e1",
            "date": "2026-11-20",
            "name": "Club",
            "note": "",
            "games": [
                {
                    "uid": "g1",
                    "seats": ["Ann", "Cat", "Bea", "Dee"],
                    "first_dealer": 0,
                    "document": {
                        "variant": "classic",
                        "sides": SIDES,
                        "players": 4,
                        "options": {},
                        "rounds": [{SIDES[0]: {"meld_points": 5}}],
                    },
                }
            ],
        }
    ],
}
NOT_A_GAME_PAGE = {"/unlock"}  # the app-wide passphrase's page takes the game only as ?game_id=


def game_routes(app):
    """Every GET route of one game (its first round where it takes a round number)."""
    found = []
    for rule in app.url_map.iter_rules():
        if (
            "GET" in rule.methods
            and "game_id" in rule.arguments
            and rule.rule not in NOT_A_GAME_PAGE
        ):
            if rule.arguments <= {"game_id", "number", "kind"}:
                found.append(rule.rule)
    return sorted(found)


def url(rule, game_id):
    values = {"game_id": str(game_id), "number": "1", "kind": "json"}
    return re.sub(r"<(?:[^:>]+:)?([^>]+)>", lambda m: values[m[1]], rule)


@pytest.fixture
def under_way(app):
    """An import that has written its game and not yet finished: (db, stage, game id)."""
    db = connect(app.config["DATABASE"])
    stage = staging.begin(db)
    importing.write(db, importing.check_export(FILE), stage)
    game = next(db.query("SELECT id, watch_token FROM games WHERE uid = 'g1'"))
    yield db, stage, game
    stage.release()
    db.close()


def test_there_are_game_routes_to_walk(app):
    assert {
        "/games/<int:game_id>",
        "/api/games/<int:game_id>",
        "/games/<int:game_id>/table/stamp",
    } <= set(game_routes(app))


def test_a_game_being_imported_is_404_everywhere_until_the_import_is_in(app, client, under_way):
    db, stage, game = under_way
    links = [url(rule, game["id"]) for rule in game_routes(app)]
    links += [f"/watch/{game['watch_token']}", f"/watch/{game['watch_token']}/stamp"]
    while_writing = {link: client.get(link).status_code for link in links}
    assert while_writing == dict.fromkeys(links, 404)
    added = client.post(f"/api/games/{game['id']}/rounds", json={SIDES[0]: {"meld_points": 5}})
    assert added.status_code == 404 and db["rounds"].count == 1  # nothing stored
    staging.finish(db, stage)
    once_in = {link: client.get(link).status_code for link in links}
    assert 404 not in once_in.values(), once_in
