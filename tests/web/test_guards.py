"""Every write needs the passphrase; wrong ones are limited; a new passphrase
ends old sessions; URLs and bodies from outside never cause a 500."""

import re

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.data.connection import connect
from scorekeeper.data.events import events
from scorekeeper.data.games import rule_sets
from scorekeeper.web.http.throttle import Throttle

SECRET = "table talk"
# Routes that change nothing but the browser's own session: refused passphrases
# are their whole point. Every other non-GET route must refuse a locked browser.
OPEN_WRITES = {"sharing.unlock", "event_roles.unlock"}
# A phone's own writes are guarded by its link (a capability), not the passphrase:
# an unknown link or join code is refused as unknown.
CAPABILITY_WRITES = {
    "table.join",
    "table.part",
    "table.answer",
    "table.follow",
    "event_desk.check_in",
}
ARGS = {"variant_id": "classic", "players": "4", "game_id": "1", "number": "1", "evening_id": "1",
        "token": "t", "player_id": "1", "a": "1", "b": "2", "kind": "json", "removal_id": "1", "set_id": "1",
        "rule_set_id": "1", "phone_id": "1", "code": "t", "event_id": "1", "table_no": "1", "request_id": "1",
        "entry": "1", "penalty_id": "1", "turn": "1", "series_id": "1", "uid": "t"}  # fmt: skip


def set_passphrase(app, secret=SECRET):
    result = CliRunner().invoke(main, ["passphrase", "--db", app.config["DATABASE"]],
                                input=f"{secret}\n{secret}\n")  # fmt: skip
    assert result.exit_code == 0, result.output


def dump(app):
    db = connect(app.config["DATABASE"])
    try:
        return [line for line in db.conn.iterdump() if "sqlite_sequence" not in line]
    finally:
        db.close()


def url_of(rule, **values):
    return re.sub(r"<(?:[^:>]+:)?([^>]+)>", lambda m: values.get(m[1], ARGS[m[1]]), rule.rule)


def write_rules(app):
    return [(rule, method) for rule in app.url_map.iter_rules()
            for method in sorted(rule.methods - {"GET", "HEAD", "OPTIONS"})]  # fmt: skip


def test_there_are_write_routes_to_walk(app):
    endpoints = {rule.endpoint for rule, _ in write_rules(app)}
    assert {"evenings.evening", "transfer.import_file", "api.add_round", "rounds.delete_round",
            "games.new_game", "api.create_game"} <= endpoints  # fmt: skip


# Cases for the walk below: one per write route, with room for routes to come.
WRITE_CASES = 64


def test_every_write_route_has_a_case(app):
    assert len(write_rules(app)) <= WRITE_CASES, "more write routes than cases: raise WRITE_CASES"


@pytest.mark.parametrize("case", range(WRITE_CASES))
def test_every_write_route_refuses_a_browser_without_the_passphrase(app, client, make_game, case):
    rules = sorted(write_rules(app), key=lambda r: (r[0].rule, r[1]))
    if case >= len(rules):
        return
    rule, method = rules[case]
    make_game()
    client.post("/api/games/1/rounds", json={})
    db = connect(app.config["DATABASE"])
    rule_sets.create(db, "Friday", "classic", {})  # so that /rule-sets/1 is there to refuse
    pairs = [{"name": n, "players": [n]} for n in ("A", "B")]
    club = {"name": "Club", "date": "2026-11-20", "variant": "hand-and-foot", "options": {}}
    events.create_event(
        db, **club, movement="mitchell", turns=1, scale={"kind": "wdl"}, deals=1, entries=pairs
    )
    db.close()
    set_passphrase(app)
    before = dump(app)
    form = {"name": "renamed", "note": "x", "s0_meld_points": "50", "version": "1", "key": "k",
            "seat0": "A", "seat1": "B", "seat2": "C", "seat3": "D", "date": "2026-11-20",
            "evening": "0", "first_dealer": "0", "passphrase": "wrong guess"}  # fmt: skip
    url = url_of(rule)
    if url.startswith("/api/"):
        response = client.open(url, method=method, json={"A": {"meld_points": 5}})
    elif rule.endpoint == "transfer.import_file":
        response = client.open(url, method=method, data={"file": (__import__("io").BytesIO(b"{}"), "x.json")},
                               content_type="multipart/form-data")  # fmt: skip
    else:
        response = client.open(url, method=method, data=form)
    if rule.endpoint in OPEN_WRITES:
        assert response.status_code == 400, (url, method)
    elif rule.endpoint in CAPABILITY_WRITES:
        assert response.status_code == 404, (url, method, response.status_code)
    else:
        expected = 401 if url.startswith("/api/") else 403
        assert response.status_code == expected, (url, method, response.status_code)
    assert dump(app) == before, (url, method)


def test_an_evening_is_renamed_only_with_the_app_passphrase(app, client, make_game):
    make_game()
    set_passphrase(app)
    assert client.post("/evenings/1", data={"name": "Stolen", "note": ""}).status_code == 403
    client.post("/unlock", data={"passphrase": SECRET})
    assert client.post("/evenings/1", data={"name": "Club night", "note": ""}).status_code == 302
    assert "Club night" in client.get("/evenings/1").get_data(as_text=True)


def test_a_new_passphrase_ends_the_sessions_unlocked_with_the_old_one(app, client, make_game):
    game = make_game()
    set_passphrase(app)
    assert client.post("/unlock", data={"passphrase": SECRET}).status_code == 302
    assert client.post(f"/api/games/{game}/rounds", json={}).status_code == 201
    set_passphrase(app, "another phrase")
    assert client.post(f"/api/games/{game}/rounds", json={}).status_code == 401
    assert client.get(f"/games/{game}/rounds/new").status_code == 403
    assert "Read-only here" in client.get(f"/games/{game}").get_data(as_text=True)
    set_passphrase(app, SECRET)  # the same words again: a new salt, still a new passphrase
    assert client.get(f"/games/{game}/rounds/new").status_code == 403


# -- guessing is limited ------------------------------------------------------------


@pytest.fixture
def clock(app):
    now = [1000.0]
    app.extensions["scorekeeper.throttle"] = Throttle(clock=lambda: now[0])
    return now


def unlock(app, url, secret, address="10.0.0.1"):
    return app.test_client().post(url, data={"passphrase": secret},
                                  environ_base={"REMOTE_ADDR": address})  # fmt: skip


@pytest.mark.parametrize("url", ["/unlock", "/games/1/unlock"])
def test_five_wrong_passphrases_a_minute_then_429(app, make_game, clock, url):
    make_game()
    set_passphrase(app)
    for _ in range(4):
        assert unlock(app, url, "wrong guess").status_code == 400
    for _ in range(3):  # a right passphrase is neither counted nor slowed
        assert unlock(app, url, SECRET).status_code == 302
    assert unlock(app, url, "wrong guess").status_code == 400
    refused = unlock(app, url, SECRET)
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "60"
    assert "Too many wrong tries: wait 60 seconds." in refused.get_data(as_text=True)
    assert unlock(app, url, "wrong", address="10.0.0.2").status_code == 429  # per game, too
    clock[0] += 61
    assert unlock(app, url, SECRET).status_code == 302


def test_the_api_header_counts_wrong_tries_too(app, client, make_game, clock):
    game = make_game()
    set_passphrase(app)
    wrong = {"X-Scorer-Passphrase": "wrong guess"}
    for _ in range(5):
        assert client.post(f"/api/games/{game}/rounds", json={}, headers=wrong).status_code == 401
    refused = client.post(
        f"/api/games/{game}/rounds", json={}, headers={"X-Scorer-Passphrase": SECRET}
    )
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "60"
    assert refused.json == {"error": "too many wrong passphrases: try again in 60 seconds"}
    clock[0] += 30
    assert (
        client.post("/api/games", json={}, headers=wrong).headers["Retry-After"] == "30"
    )  # per client
    clock[0] += 31
    ok = client.post(f"/api/games/{game}/rounds", json={}, headers={"X-Scorer-Passphrase": SECRET})
    assert ok.status_code == 201


def test_guessing_the_app_passphrase_through_many_games_and_addresses_is_no_faster(
    app, make_game, clock
):
    """Found by an outside attack: a wrong guess at game N counted against game N and the
    client only, so five games from five addresses gave 25 guesses at the app-wide
    passphrase a minute; they all count against the app now."""
    games = [make_game() for _ in range(5)]
    set_passphrase(app)
    for n, game in enumerate(games):
        answer = app.test_client().post(
            f"/api/games/{game}/rounds", json={}, headers={"X-Scorer-Passphrase": f"guess {n}"},
            environ_base={"REMOTE_ADDR": f"10.0.1.{n}"},
        )  # fmt: skip
        assert answer.status_code == 401
    api = app.test_client().post("/api/games", json={}, headers={"X-Scorer-Passphrase": "guess"},
                                 environ_base={"REMOTE_ADDR": "10.0.2.1"})  # fmt: skip
    assert api.status_code == 429
    assert unlock(app, f"/games/{games[0]}/unlock", "guess", address="10.0.2.2").status_code == 429


def test_the_limiter_stays_small():
    throttle = Throttle(size=100, clock=lambda: 5.0)
    for n in range(1000):
        throttle.failed([("client", str(n))])
    assert len(throttle.failures) == 100 and ("client", "999") in throttle.failures


def test_new_passphrases_are_at_least_8_characters(app):
    result = CliRunner().invoke(main, ["passphrase", "--db", app.config["DATABASE"]],
                                input="seven77\nseven77\n")  # fmt: skip
    assert result.exit_code == 2 and "use at least 8 characters" in result.output


# -- ids, bodies and sizes from outside ----------------------------------------------

HUGE = "99999999999999999999"


def test_ids_too_large_for_sqlite_are_404_on_every_route(app, client, make_game):
    make_game()
    rules = [r for r in app.url_map.iter_rules() if "int:" in r.rule]
    assert len(rules) >= 18
    for rule in rules:
        for name in re.findall(r"<int:([^>]+)>", rule.rule):
            url = url_of(rule, **{name: HUGE})
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
                response = client.open(url, method=method, json={})
                # 405 where the same path has a rule for another method (werkzeug's matcher)
                assert response.status_code in (404, 405), (url, method, response.status_code)
                if url.startswith("/api/"):
                    assert response.is_json and response.json["error"]


@pytest.mark.parametrize("query", [f"page={HUGE}", "page=-5", f"page=1{HUGE}", "page=x"])
def test_a_page_number_out_of_range_is_the_first_or_last_page(client, query):
    assert client.get(f"/evenings?{query}").status_code == 200


@pytest.mark.parametrize("depth", [33, 1000, 30_000])
def test_json_nested_deeply_is_400_with_a_clear_message(client, make_game, depth):
    game = make_game()
    body = "[" * depth + "]" * depth
    response = client.post(f"/api/games/{game}/rounds", data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.json == {"error": "the body is nested more than 32 levels deep"}


def test_the_apis_413_and_404_answer_json(client, make_game):
    game = make_game()
    big = client.post(f"/api/games/{game}/rounds", data=b"[" + b" " * 70_000 + b"]",
                      content_type="application/json")  # fmt: skip
    assert big.status_code == 413 and big.is_json and big.json["error"]
    missing = client.get("/api/nowhere")
    assert missing.status_code == 404 and missing.is_json and missing.json["error"]
    assert client.get("/nowhere").mimetype == "text/html"
