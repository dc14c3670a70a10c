"""Hypothesis posts to every route that takes a form or JSON, with real ids and
real phone links (so the request reaches the form, not a 404), the names of the
fields the app's own pages carry, and odd values in them: never a 5xx.

``tests/web/test_fuzz.py`` throws junk at the ids themselves; this one aims past
them. The default run is quick; ``pytest -m fuzz`` runs it with a large budget.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import strategies as st

from scorekeeper import create_app
from scorekeeper.data.connection import connect
from scorekeeper.data.events import events, series
from scorekeeper.data.games.evenings import create_evening
from scorekeeper.data.games.games import create_game, rounds_of
from scorekeeper.data.games.rounds import add_round
from scorekeeper.data.table import table
from scorekeeper.scoring import VARIANTS, ScoringError
from scorekeeper.scoring.seating import side_names
from tests.web.test_events import make_event
from tests.web.test_fuzz import FIVE_XX, ODD, TRIED, VALUES, fill, fuzz

WHITESPACE = st.sampled_from([" ", "\t", "\n", "\r\n", "\u00a0", "1\n", " 1", "0 "])
FORM_VALUES = st.one_of(
    ODD,
    WHITESPACE,
    st.integers(-(10**25), 10**25).map(str),
    st.sampled_from(["", "y", "1", "0", "2", "5", "-5", "50", "99995", "+", "-", "1e3", "５"]),
)
CHANGING = {"POST", "PUT", "PATCH", "DELETE"}
# Removing a game, a player or a phone would leave the rest of the run read-only
# (409, 410): their forms are a CSRF token only, fuzzed by ``test_fuzz.test_urls``.
GONE = {"removals.remove_game", "removals.remove_player", "table_scorer.remove"}
NUMBERS = st.sampled_from(["0", "1", "2"])
PLAUSIBLE = {  # what a real page posts, now and then odd: most routes need a few of these
    "number": st.one_of(NUMBERS, WHITESPACE),
    "version": st.one_of(NUMBERS, WHITESPACE),
    "s0_meld_points": st.one_of(st.just("50"), FORM_VALUES),
    "s1_canastas_from_hand": st.one_of(NUMBERS, FORM_VALUES),
    "confirm_empty": st.just("1"),
    "preview": st.just("1"),
    "query": st.just("1"),
    "correction": st.just("1"),
    "note": st.one_of(st.just("we had 60"), ODD),
}


@pytest.fixture(scope="module")
def world():
    """One app with a game of each variant (a round saved, phones at the table), a
    started club night, a rule set and a player; the names every page's fields carry."""
    folder = Path(tempfile.mkdtemp())
    config = {"DATABASE": str(folder / "routes.sqlite"), "SECRET_KEY": "test-only"}
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, **config})
    client = app.test_client()
    desk = make_event(client).headers["Location"]
    client.post(f"{desk}/start")
    db = connect(app.config["DATABASE"])
    try:
        ids = stored(db, int(desk.rsplit("/", 1)[1]))
    finally:
        db.close()
    client.post(f"/games/{ids['game_id'][0]}/rules/save", data={"name": "House"})
    ids["set_id"], ids["removal_id"], ids["request_id"] = [1, 2], [1, 2], [1, 2]
    ids["variant_id"], ids["players"] = list(VARIANTS), [2, 3, 4, 5, 6]
    ids["number"], ids["table_no"], ids["penalty_id"] = [1, 2], [1, 2], [1, 2]
    ids["turn"] = [1, 2, 3]
    names = sorted(field_names(app, client, ids))
    return app, client, ids, names


def stored(db, event_id: int) -> dict[str, list]:
    """A game of each variant with a round saved, two phones and a watcher at each."""
    ids: dict[str, list] = {"game_id": [], "token": [], "code": [], "phone_id": []}
    evening = create_evening(db, "2026-11-20")
    for variant in VARIANTS.values():
        seats = [f"P{i}" for i in range(variant.default_players)]
        made = {"variant": variant.id, "players": len(seats), "seats": seats, "options": {}}
        game = create_game(db, evening_id=evening, sides=side_names(variant, seats), **made)
        add_round(db, game, {})
        add_round(db, game, {})
        table.set_settings(db, game, phones_enter=True, confirm_rounds=True)
        ids["game_id"].append(game)
        ids["code"].append(table.join_code(db, game))
        for who, side in [(seats[0], 0), (seats[1], 1), ("Watcher", None)]:
            ids["token"].append(table.join(db, game, who, side))
        ids["phone_id"] += [p["id"] for p in table.phones(db, game)]
    tables = events.tables(db, event_id, 1)
    ids["game_id"] += [t["game_id"] for t in tables]
    ids["token"] += [table.join(db, t["game_id"], "Ann", 0) for t in tables]
    ids["event_id"] = [event_id]
    ids["series_id"] = [series.create_series(db, name="Ladder", counts="points")]
    ids["entry"] = [0, 1, 7]
    ids["evening_id"] = [evening]
    ids["player_id"] = [r["id"] for r in db.query("SELECT id FROM players LIMIT 4")]
    return ids


def field_names(app, client, ids) -> set[str]:
    """Every ``name="..."`` on the pages a browser would post from."""
    names: set[str] = set()
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods or rule.endpoint == "static" or rule.rule.startswith("/api"):
            continue
        values = {a: str(ids[a][0]) for a in rule.arguments if a in ids}
        if len(values) < len(rule.arguments):
            continue
        html = client.get(fill(rule, values)).get_data(as_text=True)
        names |= set(re.findall(r'\bname="([^"{}]+)"', html))
    return names


def url_values(rule, ids, data) -> dict[str, str]:
    """Real ids and links (junk ones are ``test_fuzz.test_urls``'s)."""
    return {a: data.draw(st.sampled_from([str(v) for v in ids[a]])) for a in rule.arguments}


def one_route(world, endpoint, data):
    """A form or JSON route, real ids, fields named as the pages name them."""
    app, client, ids, names = world
    rule = next(r for r in app.url_map.iter_rules() if r.endpoint == endpoint)
    method = data.draw(st.sampled_from(sorted(rule.methods & CHANGING)))
    values = url_values(rule, ids, data)
    url = fill(rule, values)
    headers = {"Accept": data.draw(st.sampled_from(["text/html", "application/json", "*/*"]))}
    if rule.rule.startswith("/api"):
        body = data.draw(st.one_of(VALUES, st.dictionaries(st.sampled_from(names), VALUES)))
        response = client.open(url, method=method, json=body, headers=headers)
    else:
        form = data.draw(st.fixed_dictionaries({}, optional=PLAUSIBLE))  # past the first check
        form |= data.draw(st.dictionaries(st.sampled_from(names), FORM_VALUES, max_size=6))
        response = client.open(url, method=method, data=form, headers=headers)
    TRIED["every route"] += 1
    if response.status_code >= 500:
        FIVE_XX["every route"] += 1
    assert response.status_code < 500, (url, response.get_data(as_text=True)[:300])
    if "game_id" in values:
        set_back(app, int(values["game_id"]))


def set_back(app, game_id: int) -> None:
    """The game as the next example expects it: phones enter, rounds are confirmed,
    two rounds saved (one deleted or undone by this example is saved again)."""
    db = connect(app.config["DATABASE"])
    try:
        table.set_settings(db, game_id, phones_enter=True, confirm_rounds=True)
        for _ in range(2 - len(rounds_of(db, game_id))):
            add_round(db, game_id, {})
    except ScoringError:
        pass  # the example's rounds finished the game: it stays so
    finally:
        db.close()


ROUTES = sorted(
    """
    api.add_round api.create_game api.delete_round api.edit_round event_desk.adjust event_desk.end
    event_desk.check_in event_desk.penalty event_desk.remove_penalty event_desk.reopen
    event_desk.withdraw event_edit.edit event_edit.keep_table event_late.late_entry
    event_late.substitute event_pairing.pair event_roles.replace_card
    event_roles.unlock events.change_clock events.new
    events.start events.swap evenings.evening published.publish games.again games.new_game games.rename
    players.rename removals.undo rounds.add_round rounds.delete_round rounds.edit_round
    rounds.preview rounds.undo_round rule_sets.edit rule_sets.restore rule_sets.retire
    rule_sets.save_from_game sharing.unlock table.answer table.follow table.join table.part
    series.new series.standings event_carry.carry
    table_scorer.settings table_scorer.answer table_scorer.stands transfer.import_file
""".split()
) + [  # last: each may take the club night's games away from the examples after it
    "event_undo.undo_withdrawal",
    "event_undo.undo_start",
    "event_undo.delete",
]


def test_every_route_that_takes_a_form_or_json_is_fuzzed(world):
    app = world[0]
    changing = {r.endpoint for r in app.url_map.iter_rules() if r.methods & CHANGING}
    assert changing - GONE == set(ROUTES)


route_test, route_test_long = fuzz(12, 150, data=st.data())(one_route)
test_route = pytest.mark.parametrize("endpoint", ROUTES)(route_test)
test_route_long = pytest.mark.parametrize("endpoint", ROUTES)(route_test_long)
