"""Hypothesis throws bad input at every form and API endpoint: never a 500,
nothing invalid stored, a clear message every time."""

import json
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import create_app
from scorekeeper.data.connection import connect
from scorekeeper.data.games import document, get_game, rounds_of, scored
from scorekeeper.scoring import FIELDS, VARIANTS, score_game

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])  # fmt: skip
ODD = st.text(alphabet=st.characters(codec="utf-8"), max_size=60)
NUMBERS = st.one_of(
    st.integers(-(10**30), 10**30), st.floats(allow_nan=True), st.booleans(), st.none()
)
VALUES = st.one_of(
    NUMBERS,
    ODD,
    st.lists(st.integers(), max_size=3),
    st.dictionaries(ODD, st.integers(), max_size=2),
)
FIELD_NAMES = st.one_of(st.sampled_from(sorted(FIELDS)), ODD)


@pytest.fixture(scope="module")
def world():
    """One app and a game of each variant, shared by all examples of a test."""
    folder = Path(tempfile.mkdtemp())
    app = create_app({"TESTING": True, "DATABASE": str(folder / "fuzz.sqlite"),
                      "SECRET_KEY": "test-only", "WTF_CSRF_ENABLED": False})  # fmt: skip
    client = app.test_client()
    games = {}
    for variant in VARIANTS.values():
        players = variant.default_players
        names = [f"P{i}" for i in range(players)]
        response = client.post(f"/games/new/{variant.id}/{players}", data={
            **{f"seat{i}": n for i, n in enumerate(names)}, "date": "2026-11-20", "evening": "0",
            "first_dealer": "0", **defaults(client, variant.id, players)})  # fmt: skip
        assert response.status_code == 302, response.get_data(as_text=True)
        games[variant.id] = int(response.location.rsplit("/", 1)[1])
    return app, client, games


def defaults(client, variant, players):
    import re

    html = client.get(f"/games/new/{variant}/{players}").get_data(as_text=True)
    values = dict(re.findall(r'name="(opt_[a-z0-9_]+)"[^>]*value="([^"]*)"', html))
    values.update(dict.fromkeys(re.findall(r'<input checked id="(opt_[a-z0-9_]+)"', html), "y"))
    return values


def all_stored_games_are_valid(app):
    db = connect(app.config["DATABASE"])
    try:
        for row in db.query("SELECT id FROM games"):
            game, rounds, answer = scored(db, row["id"])
            assert answer["totals"].keys() == set(game["sides"])
            for side in game["sides"]:
                assert len(side) <= 200
    finally:
        db.close()


def check(response, allowed):
    assert response.status_code in allowed, (
        response.status_code,
        response.get_data(as_text=True)[:300],
    )
    if response.is_json and response.status_code >= 400:
        message = response.json["error"]
        assert isinstance(message, str) and message and len(message.splitlines()) == 1


round_bodies = st.one_of(
    VALUES,
    st.dictionaries(st.sampled_from(["P0 & P2", "P1 & P3", "P0", "P1", "P2", "P3", "P4", "nobody"]),
                    st.one_of(VALUES, st.dictionaries(FIELD_NAMES, VALUES, max_size=5)), max_size=5),
)  # fmt: skip


@SETTINGS
@given(
    variant=st.sampled_from(list(VARIANTS)),
    body=round_bodies,
    method=st.sampled_from(["POST", "PUT"]),
)
def test_api_rounds(world, variant, body, method):
    app, client, games = world
    url = f"/api/games/{games[variant]}/rounds" + ("/1" if method == "PUT" else "")
    check(client.open(url, method=method, json=body), {200, 201, 400, 404, 415})
    all_stored_games_are_valid(app)


@SETTINGS
@given(body=st.one_of(VALUES, st.fixed_dictionaries(
    {"variant": st.one_of(st.sampled_from(list(VARIANTS)), ODD),
     "sides": st.one_of(st.lists(ODD, max_size=6), VALUES)},
    optional={"players": NUMBERS, "options": st.one_of(VALUES, st.dictionaries(ODD, VALUES, max_size=3)),
              "extra": VALUES})))  # fmt: skip
def test_api_new_games(world, body):
    app, client, _ = world
    check(client.post("/api/games", json=body), {201, 400, 415})
    all_stored_games_are_valid(app)


@SETTINGS
@given(raw=st.binary(max_size=200))
def test_api_malformed_json(world, raw):
    _, client, games = world
    response = client.post(
        f"/api/games/{games['classic']}/rounds", data=raw, content_type="application/json"
    )
    check(response, {201, 400})


def test_oversized_bodies_are_refused(world):
    app, client, games = world
    huge = {"P0 & P2": {"meld_points": 5}, "pad": "x" * 70_000}
    assert client.post(f"/api/games/{games['classic']}/rounds", json=huge).status_code == 413
    form = client.post(
        f"/games/{games['classic']}/rounds/new", data={"s0_meld_points": "5" * 70_000}
    )
    assert form.status_code == 413 and "nothing was stored" in form.get_data(as_text=True)
    all_stored_games_are_valid(app)


form_values = st.one_of(
    ODD,
    st.integers(-(10**25), 10**25).map(str),
    st.sampled_from(["", "y", "5", "0", "-0", "1e3", "５"]),
)


@SETTINGS
@given(variant=st.sampled_from(list(VARIANTS)), data=st.data())
def test_round_form(world, variant, data):
    app, client, games = world
    names = [f"s{s}_{f}" for s in range(5) for f in VARIANTS[variant].fields] + [
        "version",
        "key",
        "junk",
    ]
    form = data.draw(st.dictionaries(st.sampled_from(names), form_values, max_size=8))
    path = data.draw(st.sampled_from(["rounds/new", "rounds/1/edit", "rounds/1/preview"]))
    response = client.post(f"/games/{games[variant]}/{path}", data=form)
    check(response, {200, 302, 400, 404, 409})
    if response.status_code == 400 and not response.is_json:
        assert re.search('class="(error|notice)', response.get_data(as_text=True))
    all_stored_games_are_valid(app)


@SETTINGS
@given(names=st.lists(st.one_of(ODD, st.text(min_size=41, max_size=300)), min_size=4, max_size=4),
       extra=st.dictionaries(st.sampled_from(["opt_target", "opt_natural_canasta", "opt_opening_1_low",
                                              "date", "evening", "first_dealer", "passphrase"]),
                             form_values, max_size=4))  # fmt: skip
def test_new_game_form(world, names, extra):
    app, client, _ = world
    data = {**defaults(client, "classic", 4), "date": "2026-11-20", "evening": "0", "first_dealer": "0",
            **{f"seat{i}": n for i, n in enumerate(names)}, **extra}  # fmt: skip
    response = client.post("/games/new/classic/4", data=data)
    check(response, {302, 400})
    db = connect(app.config["DATABASE"])
    assert all(len(r["name"]) <= 40 for r in db.query("SELECT name FROM players"))
    db.close()
    all_stored_games_are_valid(app)


def test_every_stored_document_still_scores(world):
    app, _, _ = world
    db = connect(app.config["DATABASE"])
    for row in db.query("SELECT id FROM games"):
        game = get_game(db, row["id"])
        score_game(json.loads(json.dumps(document(game, rounds_of(db, row["id"])))))
    db.close()
