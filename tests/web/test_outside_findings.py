"""What an outside attack on the running server found
(a tester with curl against ``scorekeeper serve``), each kept as a test that fails
without its fix."""

from __future__ import annotations

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.migrations import m0028_family_rule_sets

HUGE = "99999999999999999999"  # more than SQLite's integers hold
ROUND = {"Ann & Bea": {"meld_points": 50}, "Cat & Dee": {"meld_points": 90}}


@pytest.mark.parametrize(
    "back",
    ["/%09/evil.example", "/%0A/evil.example", "/%0D/evil.example", "/%09%09/evil.example",
     "/%5C/evil.example", "%2F%2Fevil.example", "https://evil.example/", "/%00/x"],
)  # fmt: skip
def test_choosing_a_language_never_leads_off_the_site(client, back):
    answer = client.get(f"/language/de?next={back}")
    assert answer.status_code == 303
    assert answer.headers["Location"] == "/"


def test_choosing_a_language_goes_back_to_the_page_it_was_chosen_on(client):
    answer = client.get("/language/de?next=/rules/classic%3Fx%3D1")
    assert answer.status_code == 303 and answer.headers["Location"] == "/rules/classic?x=1"


def test_numbers_too_large_for_sqlite_in_the_query_are_not_a_500(app, client, make_game):
    game = make_game()
    client.post(f"/api/games/{game}/rounds", json=ROUND)
    evening = connect(app.config["DATABASE"]).execute("SELECT id FROM evenings").fetchone()[0]
    for url in (
        f"/games/{game}?saved={HUGE}", f"/games/{game}?saved=-{HUGE}",
        f"/games/new/classic/4?rule_set={HUGE}", f"/games/{game}/what-if?rule_set={HUGE}",
        f"/games/{game}/what-if/print?rule_set={HUGE}", f"/evenings/{evening}/what-if?rule_set={HUGE}",
        f"/evenings/{evening}/what-if/print?rule_set={HUGE}", f"/players/1?vs={HUGE}",
        f"/games/{game}/rounds/new?round=²", f"/games/{game}?saved=²",
    ):  # fmt: skip
        assert client.get(url).status_code < 500, url


def test_ids_in_paths_are_written_with_the_digits_0_to_9(client, make_game):
    game = make_game()
    assert client.get("/games/%EF%BC%91").status_code == 404  # /games/１
    assert client.get(f"/games/{game}").status_code == 200


# the rule sets every new database starts with (Standard Canasta, the family styles)
SHIPPED_SETS = 1 + len(m0028_family_rule_sets.SETS)


def test_rule_set_names_with_control_characters_are_refused(app, client, make_game):
    from scorekeeper.data.games import rule_sets

    db = connect(app.config["DATABASE"])
    with pytest.raises(rule_sets.NameTaken, match="control characters"):
        rule_sets.create(db, "Nul\x00\x1b[31mset", "classic", {})
    assert db.execute("SELECT count(*) FROM rule_sets").fetchone()[0] == SHIPPED_SETS
    with pytest.raises(ValueError, match="rule set 1: name: a name may not contain control"):
        rule_sets.check_all([{"uid": "u1", "name": "Bad\x07", "variant": "classic"}])
    game = make_game()
    answer = client.post(f"/games/{game}/rules/save", data={"name": "Nul\x00set"})
    assert answer.status_code == 400
    assert "a name may not contain control characters" in answer.get_data(as_text=True)
    assert db.execute("SELECT count(*) FROM rule_sets").fetchone()[0] == SHIPPED_SETS


def test_a_removed_game_is_read_only_until_its_removal_is_undone(app, client, make_game):
    """An outside attack found the API adding and editing rounds of a removed game, the
    round form saving and the rename working; the scoreboard kept its edit links."""
    from scorekeeper.data.games import removals

    db = connect(app.config["DATABASE"])
    game = make_game()
    assert client.post(f"/api/games/{game}/rounds", json=ROUND).status_code == 201
    removal = removals.remove_game(db, game, "the game", "Ann")
    before = db.execute("SELECT count(*), max(version) FROM rounds").fetchone()
    refused = [
        client.post(f"/api/games/{game}/rounds", json=ROUND),
        client.put(f"/api/games/{game}/rounds/1", json=ROUND),
        client.delete(f"/api/games/{game}/rounds/1"),
    ]
    assert [r.status_code for r in refused] == [409, 409, 409]
    assert "was removed" in refused[0].get_json()["error"]
    pages = [
        client.get(f"/games/{game}/rounds/new"),
        client.post(f"/games/{game}/rounds/new", data={"number": "2", "s0_meld_points": "50"}),
        client.post(f"/games/{game}/rounds/1/edit", data={"version": "1", "s0_meld_points": "5"}),
        client.post(f"/games/{game}/rename", data={"name": "Renamed"}),
        client.post(f"/games/{game}/table", data={"phones_enter": "y"}),
    ]
    assert [p.status_code for p in pages] == [409] * len(pages)
    assert "This game was removed" in pages[0].get_data(as_text=True)
    assert db.execute("SELECT count(*), max(version) FROM rounds").fetchone() == before
    assert db.execute("SELECT name FROM games WHERE id = ?", [game]).fetchone()[0] == ""
    board = client.get(f"/games/{game}").get_data(as_text=True)
    assert "Enter round" not in board and "/rounds/1/edit" not in board
    removals.undo(db, removal)
    assert client.post(f"/api/games/{game}/rounds", json=ROUND).status_code == 201
    assert "Enter round" in client.get(f"/games/{game}").get_data(as_text=True)


def test_a_game_stops_at_the_rounds_an_import_takes(app, client):
    """An outside attack stored 3,000 rounds in one game: its scoreboard grew to 4 MB,
    and its export could not be imported (import takes 1,000 rounds a game)."""
    from scorekeeper.data import checks
    from scorekeeper.data.transfer import transfer

    db = connect(app.config["DATABASE"])
    doc = {"variant": "classic", "sides": ["Us", "Them"], "players": 4,
           "rounds": [{} for _ in range(checks.MAX_ROUNDS)]}  # fmt: skip
    data = {"format": "scorekeeper", "version": 1, "evenings": [{
        "uid": "e1", "date": "2026-11-20", "name": "", "note": "",
        "games": [{"uid": "g1", "seats": [], "document": doc}]}]}  # fmt: skip
    assert transfer.import_data(db, data)["games added"] == 1
    game = db.execute("SELECT id FROM games").fetchone()[0]
    refused = client.post(f"/api/games/{game}/rounds", json={})
    assert refused.status_code == 400
    assert "at most 1000 rounds" in refused.get_json()["error"]
    form = client.post(f"/games/{game}/rounds/new", data={"number": "1001", "confirm_empty": "1"})
    assert form.status_code == 400 and "at most 1000 rounds" in form.get_data(as_text=True)
    assert db.execute("SELECT count(*) FROM rounds").fetchone()[0] == checks.MAX_ROUNDS


def test_a_host_name_in_capitals_is_the_same_host(app, client, make_game):
    game = make_game()
    token = connect(app.config["DATABASE"]).execute("SELECT watch_token FROM games").fetchone()[0]
    for path in ("/", f"/games/{game}", f"/watch/{token}/stamp"):
        assert client.get(path, headers={"Host": "LOCALHOST"}).status_code == 200, path
    assert client.get("/", headers={"Host": "evil.example"}).status_code == 400


def test_pages_holding_a_way_in_are_never_stored_by_a_cache(client, make_game):
    game = make_game()
    for path in (f"/games/{game}/share", f"/games/{game}/qr.svg", f"/games/{game}/join.svg"):
        answer = client.get(path)
        assert answer.status_code == 200 and "no-store" in answer.headers["Cache-Control"], path


def test_crafted_went_out_claims_are_not_a_500(app, client, make_game):
    """Found by a reviewer of the went-out clash: ``isdigit`` takes "²", ``int`` does not."""
    game = make_game()
    for claim in ("²", "9" * 5000, "-1", "99"):
        posted = {"number": "1", "went_out_asked": "1", "went_out_claim": claim}
        assert client.post(f"/games/{game}/rounds/new", data=posted).status_code == 400, claim


def test_a_kept_page_never_answers_for_another_request_in_the_same_app_context(app, make_game):
    """A reviewer found the compressed page's key kept in ``g``, which lives as long
    as the app context: two requests inside one ``app.app_context()`` shared it, and
    the second got the first one's page."""
    import gzip

    game = make_game()
    token = connect(app.config["DATABASE"]).execute("SELECT watch_token FROM games").fetchone()[0]
    client = app.test_client()
    with app.app_context():
        watch = client.get(f"/watch/{token}", headers={"Accept-Encoding": "gzip"})
        history = client.get(f"/games/{game}/history", headers={"Accept-Encoding": "gzip"})
    assert gzip.decompress(history.get_data()) != gzip.decompress(watch.get_data())
    assert b"History" in gzip.decompress(history.get_data())


def test_a_kept_page_does_not_carry_the_first_readers_query_to_the_next(client, make_game):
    game = make_game()
    client.get(f"/games/{game}?utm=FIRST_READER")
    assert "FIRST_READER" not in client.get(f"/games/{game}").get_data(as_text=True)


def test_numbers_in_headers_and_page_numbers_are_digits_0_to_9(client, make_game):
    game = make_game()
    client.post(f"/api/games/{game}/rounds", json=ROUND)
    refused = client.put(f"/api/games/{game}/rounds/1", json=ROUND, headers={"If-Match": "1_0"})
    assert refused.status_code == 400 and "If-Match" in refused.get_json()["error"]
    assert client.get("/evenings?page=%EF%BC%92").status_code == 200  # ?page=２: page 1


def test_the_preview_of_a_removed_game_answers_json(app, client, make_game):
    from scorekeeper.data.games import removals

    game = make_game()
    removals.remove_game(connect(app.config["DATABASE"]), game, "the game")
    answer = client.post(f"/games/{game}/rounds/1/preview", data={"s0_meld_points": "50"})
    assert answer.status_code == 409 and answer.get_json()["error"] == "This game was removed"


def test_buttons_naming_a_row_or_a_side_in_5000_digits_are_not_a_500(app, make_game):
    """Found reading this pass again: ``isdigit`` then ``int`` on a button's value,
    with no bound, and ``int`` refuses more than 4,300 digits."""
    app.testing = False  # as served: an exception is a 500, not raised into the test
    client, game = app.test_client(), make_game()
    taken = client.post(f"/games/{game}/rounds/new", data={"number": "1", "take": "9" * 5000})
    assert taken.status_code < 500
    removed = client.post("/games/new/classic/4", data={"remove_row": "opening:" + "9" * 5000})
    assert removed.status_code < 500


def test_names_the_same_but_for_case_or_form_are_one_player_and_hidden_marks_are_refused(
    client, app
):
    """Found by an outside attack: "Zoë", "ZOË" and "Zoë" + a zero-width space made
    three players (SQLite's NOCASE folds A-Z only), and a right-to-left override was
    taken in a name."""
    from scorekeeper.data.connection import connect
    from scorekeeper.data.games.players import remember

    db = connect(app.config["DATABASE"])
    try:
        zoe = remember(db, "Zoë")
        assert remember(db, "ZOË") == zoe and remember(db, "Zoe\u0308") == zoe
        assert remember(db, "Émile") == remember(db, "émile") != zoe
    finally:
        db.close()
    for hidden in ("Zoë\u200b", "\u202eeoZ"):
        answer = client.post("/api/games", json={"variant": "classic", "sides": [hidden, "B"]})
        assert answer.status_code == 400 and "invisible characters" in answer.json["error"]
    from tests.web.test_views import seat_form

    twice = client.post("/games/new/classic/4", data=seat_form(["Zoë", "Ann", "ZOË", "Bea"]))
    assert twice.status_code == 400 and "ZOË already sits in Seat 1" in twice.get_data(as_text=True)


def test_a_refused_passphrase_is_said_at_the_top_and_beside_it(client):
    """Found by a phone tester: "tea" as a passphrase gave WTForms' "Field must be
    between 8 and 200 characters long." far below the fold, nothing at the top, and the
    box emptied without a word."""
    from tests.web.test_views import seat_form

    data = {**seat_form(["Ann", "Cat", "Bea", "Dee"]), "passphrase": "tea"}
    refused = client.post("/games/new/classic/4", data=data)
    html = refused.get_data(as_text=True)
    assert refused.status_code == 400 and "Field must be between" not in html
    summary = html[
        html.index('id="error-summary"') : html.index("</ul>", html.index('id="error-summary"'))
    ]
    assert 'href="#passphrase"' in summary and "Use 8 to 200 characters" in summary
    assert html.count("type it once more") == 2  # at the top, and beside the box
    assert "At least 8 characters." in html  # said before anyone types
