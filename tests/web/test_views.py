"""Every page and every error path, through the Flask test client."""

import re

import pytest
from markupsafe import escape

from scorekeeper.data.connection import connect
from scorekeeper.data.games import players
from scorekeeper.data.games.evenings import create_evening
from scorekeeper.data.games.games import create_game, recent_games, scored
from scorekeeper.data.games.removals import remove_game
from scorekeeper.data.games.rounds import add_round, changes
from scorekeeper.data.table import table
from scorekeeper.scoring import VARIANTS
from tests.conftest import rounds_reaching


def seat_form(names, **extra):
    data = {f"seat{i}": n for i, n in enumerate(names)}
    data.update({"date": "2026-11-20", "evening": "0", "first_dealer": "0"})
    return {**data, **extra}


def defaults_of(client, url):
    """The house-rule fields' default values as the new-game page renders them, as a
    browser posts them: an unticked box sends nothing."""
    html = client.get(url).get_data(as_text=True)
    values = {}
    for tag in re.findall(r"<input[^>]*>", html):
        name, value = re.search(r'name="(opt_[a-z0-9_]+)"', tag), re.search(r'value="([^"]*)"', tag)
        if (
            name
            and value
            and ('type="checkbox"' not in tag or "<input checked" in tag or " checked " in tag)
        ):
            values[name.group(1)] = value.group(1)
    return values


def test_index_lists_recent_games(client, make_game):
    assert "No games yet" in client.get("/").get_data(as_text=True)
    make_game()
    page = client.get("/").get_data(as_text=True)
    assert "Ann &amp; Bea" in page and "Canasta (Church Dyke Rules)" in page


def test_choose_variant_and_players(client):
    assert "Hand and Foot with Sambas" in client.get("/games/new").get_data(as_text=True)
    response = client.get("/games/new?variant=weeping&players=4")
    assert response.status_code == 302 and response.location.endswith("/games/new/weeping/4")
    page = client.get("/games/new?variant=five-person&players=4").get_data(as_text=True)
    assert "Five-person Canasta is played by 5 players" in page


def test_create_game_through_the_form(client):
    url = "/games/new/classic/4"
    data = seat_form(["Ann", "Cat", "Bea", "Dee"], **defaults_of(client, url))
    response = client.post(url, data=data)
    assert response.status_code == 302
    board = client.get(response.location).get_data(as_text=True)
    assert "Ann &amp; Bea" in board and "Cat &amp; Dee" in board and "Ann deals" in board
    assert "House rules in force" not in board
    assert '<option value="Ann">' in client.get(url).get_data(as_text=True)  # remembered


def test_house_rules_are_kept_and_shown(client):
    url = "/games/new/classic/4"
    data = seat_form(
        ["Ann", "Cat", "Bea", "Dee"],
        **{**defaults_of(client, url), "opt_target": "3000", "opt_natural_canasta": "600"},
    )
    board_url = client.post(url, data=data).location
    board = client.get(board_url).get_data(as_text=True)
    assert "House rules in force" in board and "natural canasta: <strong>600</strong>" in board
    rules = client.get(board_url + "/rules").get_data(as_text=True)
    assert "<strong>3,000</strong> (house rule)" in rules


def test_new_game_errors_keep_what_was_typed(client):
    url = "/games/new/classic/4"
    data = seat_form(
        ["Ann", "Cat", "ann", ""], **{**defaults_of(client, url), "opt_going_out": "-5"}
    )
    page = client.post(url, data=data)
    html = page.get_data(as_text=True)
    assert page.status_code == 400
    assert "ann already sits in Seat 1" in html and "Who sits here?" in html
    assert 'value="Cat"' in html and "Number must be between 0 and 100000" in html


def test_unknown_variant_or_player_count_is_404(client):
    assert client.get("/games/new/gin/4").status_code == 404
    assert client.get("/games/new/five-person/4").status_code == 404
    assert client.get("/games/999").status_code == 404
    assert client.get("/rules/gin").status_code == 404


def round_post(client, game_id, data, path="rounds/new"):
    return client.post(f"/games/{game_id}/{path}", data=data)


def test_enter_a_round_and_see_the_scoreboard(client, make_game):
    game = make_game()
    page = client.get(f"/games/{game}/rounds/new").get_data(as_text=True)
    assert 'inputmode="numeric"' in page and "Count the cards" in page
    assert not re.search(r"\bfoot\b|\bfeet\b", page, re.IGNORECASE)  # no field of the feet
    response = round_post(client, game, {"s0_natural_canastas": "1", "s0_meld_points": "230",
                                         "s0_red_threes": "1", "went_out": "0",
                                         "s1_mixed_canastas": "1", "s1_meld_points": "185",
                                         "s1_hand_points": "65", "key": "k1"})  # fmt: skip
    assert response.status_code == 302
    board = client.get(f"/games/{game}").get_data(as_text=True)
    assert 'data-side="Ann &amp; Bea">930<' in board and 'data-side="Cat &amp; Dee">420<' in board
    assert "natural canasta" in board and "Round 2" in board and "Cat deals" in board
    assert f"/games/{game}/print" in board and f"/games/{game}/rounds/1/print" in board


def test_a_double_tap_stores_one_round(client, make_game):
    game = make_game()
    data = {"s0_meld_points": "50", "key": "same-key"}
    assert round_post(client, game, data).status_code == 302
    assert round_post(client, game, data).status_code == 302
    assert client.get(f"/api/games/{game}").json["answer"]["totals"]["Ann & Bea"] == 50


def test_engine_error_is_shown_beside_the_field_with_everything_kept(client, make_game):
    game = make_game()
    response = round_post(client, game, {"s1_red_threes": "5", "s1_meld_points": "120"})
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert 'id="s1_red_threes-error">5 is more than the 4 red threes in play' in html
    assert 'value="120"' in html and 'aria-invalid="true"' in html
    assert client.get(f"/api/games/{game}").json["document"]["rounds"] == []


def test_form_error_for_a_negative_or_non_number(client, make_game):
    game = make_game()
    html = round_post(client, game, {"s0_meld_points": "abc", "s1_hand_points": "-5"}).get_data(
        as_text=True
    )
    assert "Meld points are entered as a whole number, like 45: “abc” is not one." in html
    assert "Hand points are entered as a positive number, without a minus sign." in html
    assert 'value="abc"' in html and 'value="-5"' in html


def test_card_counter_fills_in_points_and_catches_a_mismatch(client, make_game):
    game = make_game()
    counts = {"s0_meld_points__joker": "2", "s0_meld_points__high": "7", "s0_natural_canastas": "1"}
    assert round_post(client, game, counts).status_code == 302
    assert client.get(f"/api/games/{game}").json["document"]["rounds"][0]["Ann & Bea"] == {
        "natural_canastas": 1, "meld_points": 170}  # fmt: skip
    html = round_post(client, game, {**counts, "s0_meld_points": "160"}).get_data(as_text=True)
    assert "The card counter makes 170, not 160." in html


def test_preview_button_scores_without_storing(client, make_game):
    game = make_game()
    html = round_post(
        client, game, {"s0_meld_points": "90", "s1_hand_points": "30", "preview": "1"}
    ).get_data(as_text=True)
    assert "+90" in html and "-30" in html
    assert client.get(f"/api/games/{game}").json["document"]["rounds"] == []


def test_live_preview_json(client, make_game):
    game = make_game()
    response = round_post(client, game, {"s0_meld_points": "90"}, "rounds/1/preview")
    assert response.json["scores"] == {"Ann & Bea": 90, "Cat & Dee": 0}
    response = round_post(client, game, {"went_out": "0"}, "rounds/1/preview")
    assert response.status_code == 400 and response.json["field"] == "went_out"


def add(client, game, *rounds):
    for fields in rounds:
        assert client.post(f"/api/games/{game}/rounds", json=fields).status_code == 201


def test_correct_a_past_round_and_everything_after_is_recomputed(client, make_game):
    game = make_game()
    add(client, game, {"Ann & Bea": {"meld_points": 100}}, {"Ann & Bea": {"meld_points": 50}})
    page = client.get(f"/games/{game}/rounds/1/edit").get_data(as_text=True)
    assert 'value="100"' in page and "Save correction" in page
    response = round_post(client, game, {"s0_meld_points": "300", "version": "1"}, "rounds/1/edit")
    assert response.status_code == 302
    assert client.get(f"/api/games/{game}").json["answer"]["totals"]["Ann & Bea"] == 350
    stale = round_post(client, game, {"s0_meld_points": "5", "version": "1"}, "rounds/1/edit")
    said = "Round 1 was changed on another device since you opened it"  # a sentence
    assert said in stale.get_data(as_text=True)
    assert client.get(f"/api/games/{game}").json["answer"]["totals"]["Ann & Bea"] == 350


def test_a_correction_that_would_end_the_game_early_is_refused(client, make_game):
    game = make_game(options={"target": 1000})
    add(client, game, {"Ann & Bea": {"meld_points": 100}}, {"Ann & Bea": {"meld_points": 50}})
    html = round_post(
        client, game, {"s0_meld_points": "1000", "version": "1"}, "rounds/1/edit"
    ).get_data(as_text=True)
    assert "round 2: the game already finished after round 1" in html


def test_delete_a_round(client, make_game):
    game = make_game()
    add(client, game, *({"Ann & Bea": {"meld_points": 10 * n}} for n in (1, 2, 3)))
    assert "Delete round 2?" in client.get(f"/games/{game}/rounds/2/delete").get_data(as_text=True)
    assert client.post(f"/games/{game}/rounds/2/delete", data={"version": "1"}).status_code == 302
    doc = client.get(f"/api/games/{game}").json
    assert [r["Ann & Bea"]["meld_points"] for r in doc["document"]["rounds"]] == [10, 30]
    stale = client.post(f"/games/{game}/rounds/2/delete", data={"version": "1"})
    assert stale.status_code == 409 and len(client.get(f"/api/games/{game}").json["versions"]) == 2
    assert client.get(f"/games/{game}/rounds/9/delete").status_code == 404


def test_history_keeps_every_change(client, make_game):
    game = make_game()
    add(client, game, {"Ann & Bea": {"meld_points": 10}})
    client.post(f"/games/{game}/rounds/1/edit", data={"s0_meld_points": "20", "version": "1"})
    client.post(f"/games/{game}/rounds/1/delete", data={"version": "2"})
    html = client.get(f"/games/{game}/history").get_data(as_text=True)
    assert (
        html.index("Round 1 deleted") < html.index("Round 1 edited") < html.index("Round 1 added")
    )
    assert "Meld points 10" in html and "Meld points 20" in html  # the fields by their labels


def test_game_end_shows_the_winner_and_stops_round_entry(client, make_game):
    game = make_game()
    add(client, game, *rounds_reaching("classic", 5000, "Cat & Dee"))
    board = client.get(f"/games/{game}").get_data(as_text=True)
    assert "Cat &amp; Dee win!" in board and "Enter round" not in board
    response = client.get(f"/games/{game}/rounds/new")
    assert response.status_code == 302
    assert "This game is over" in client.get(response.location).get_data(as_text=True)


def test_fixed_length_game_shows_rounds_left(client, make_game):
    game = make_game("hand-and-foot")
    add(client, game, {})
    assert "3 rounds left" in client.get(f"/games/{game}").get_data(as_text=True)


def test_five_player_classic_shows_who_sits_out(client, make_game):
    game = make_game("classic", seats=("A", "B", "C", "D", "E"))
    assert "A sits out" in client.get(f"/games/{game}").get_data(as_text=True)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_rules_page_marks_every_fill(client, variant):
    from scorekeeper.scoring import get_variant

    html = client.get(f"/rules/{variant}").get_data(as_text=True)
    v = get_variant(variant)
    fills = [o for o in v.all_options() if o.fill]
    assert html.count('class="fill-mark" title=') == len(fills)
    for note in v.fill_notes:
        assert note.split(",")[0] in html
    assert str(escape(v.going_out)) in html
    assert client.get("/rules").status_code == 200


def test_round_entry_shows_only_the_variants_fields(client, make_game):
    weeping = client.get(f"/games/{make_game('weeping')}/rounds/new").get_data(as_text=True)
    assert "Weepers picked up" in weeping and "Dealer bonus" not in weeping
    five = client.get(f"/games/{make_game('five-person', seats='ABCDE')}/rounds/new").get_data(
        as_text=True
    )
    assert "Kitties picked up" in five and "Red threes laid" not in five


def test_names_with_html_are_shown_as_text(client, make_game):
    game = make_game(seats=("<b>Ann</b>", "Cat", "Bea", "Dee"))
    html = client.get(f"/games/{game}").get_data(as_text=True)
    assert "<b>Ann</b>" not in html and "&lt;b&gt;Ann&lt;/b&gt;" in html


def test_restarting_the_app_loses_nothing(app, make_game, client):
    from scorekeeper import create_app

    game = make_game()
    add(client, game, {"Ann & Bea": {"meld_points": 70}})
    again = create_app({**app.config, "TESTING": True}).test_client()
    assert again.get(f"/api/games/{game}").json["answer"]["totals"]["Ann & Bea"] == 70
    db = connect(app.config["DATABASE"])
    assert changes(db, game)[0]["action"] == "added"


def test_csrf_protects_every_form(tmp_path, make_game):
    from scorekeeper import create_app

    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "c.sqlite"), "SECRET_KEY": "s"})
    client = app.test_client()
    assert app.config["WTF_CSRF_TIME_LIMIT"] is None
    response = client.post("/games/new/classic/2", data=seat_form(["A", "B"]))
    assert response.status_code == 400 and "expired or came from elsewhere" in response.get_data(
        as_text=True
    )
    page = client.get("/games/new/classic/2").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    data = {
        **seat_form(["A", "B"]),
        **defaults_of(client, "/games/new/classic/2"),
        "csrf_token": token,
    }
    assert client.post("/games/new/classic/2", data=data).status_code == 302


def test_every_page_post_refuses_a_missing_csrf_token(tmp_path, make_game):
    from scorekeeper import create_app

    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "c.sqlite"), "SECRET_KEY": "s"})
    client = app.test_client()
    db = connect(app.config["DATABASE"])
    evening = create_evening(db, "2026-11-20")
    game = create_game(db, evening_id=evening, variant="classic", sides=["A", "B"],
                             players=2, options={}, seats=["A", "B"])  # fmt: skip
    add_round(db, game, {"A": {"meld_points": 5}})
    other = create_game(db, evening_id=evening, variant="classic", sides=["C", "D"],
                        players=2, options={}, seats=["C", "D"])  # fmt: skip
    removal = remove_game(db, other, "C · D")
    from scorekeeper.data.games.rule_sets import create as create_rule_set

    rule_set = create_rule_set(db, "Friday rules", "classic", {})
    table.set_settings(db, game, phones_enter=True, confirm_rounds=True)
    token, code = table.join(db, game, "A", 0), table.join_code(db, game)
    from scorekeeper.data.events.events import create_event

    event = create_event(db, name="Club", date="2026-11-20", variant="classic", options={},
                         movement="swiss", turns=1, scale={"kind": "wdl"},
                         entries=[{"name": n, "players": [n]} for n in ("E", "F")])  # fmt: skip
    from scorekeeper.data.events import cards
    from scorekeeper.web.http.security import hash_passphrase

    cards.set_passphrase(db, event, hash_passphrase("club director 1"))
    from scorekeeper.data.events.series import create_series

    a_series = create_series(db, name="Ladder", counts="points", event_ids=[event])
    unlock = client.get(f"/events/{event}/unlock").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', unlock)[1]
    directed = {"passphrase": "club director 1", "csrf_token": csrf}
    assert client.post(f"/events/{event}/unlock", data=directed).status_code == 302
    posts = [
        r for r in app.url_map.iter_rules() if "POST" in r.methods and not r.rule.startswith("/api")
    ]
    assert len(posts) >= 7
    for rule in posts:
        url = rule.rule.replace("<variant_id>", "classic").replace("<int:players>", "2")
        url = url.replace("<int:game_id>", str(game)).replace("<int:number>", "1")
        url = url.replace("<int:evening_id>", str(evening)).replace("<int:player_id>", "1")
        url = url.replace("<int:removal_id>", str(removal)).replace("<int:set_id>", str(rule_set))
        url = url.replace("<token>", token).replace("<code>", code).replace("<int:phone_id>", "1")
        url = url.replace("<int:event_id>", str(event)).replace("<int:request_id>", "1")
        url = url.replace("<int:table_no>", "1").replace("<int:entry>", "1")
        url = url.replace("<int:turn>", "1").replace("<int:penalty_id>", "1")
        url = url.replace("<int:series_id>", str(a_series))
        response = client.post(
            url, data={"s0_meld_points": "100", "version": "1", "seat0": "X", "seat1": "Y"}
        )
        assert response.status_code == 400, url
    assert scored(db, game)[2]["totals"] == {"A": 5, "B": 0}
    assert len(recent_games(db)) == 1 and players.names(db) == ["A", "B", "C", "D"]


def test_a_delete_posted_without_its_version_is_no_500(client, make_game):
    game = make_game()
    client.post(f"/api/games/{game}/rounds", json={})
    response = client.post(f"/games/{game}/rounds/1/delete", data={})  # found by the fuzz run
    assert response.status_code == 302  # the version shown is the current one


def test_a_games_pages_name_its_own_players_not_the_whole_evenings(app, client, make_game):
    """The scoreboard and the printed summary head a game with its evening's date and
    the players of this game; a later game that evening with Eve does not add her."""
    from scorekeeper.data.connection import connect
    from scorekeeper.data.games.games import create_game, get_game

    first = make_game()
    db = connect(app.config["DATABASE"])
    try:
        evening = get_game(db, first)["evening_id"]
        seats = ["Ann", "Bea", "Cat", "Dee", "Eve"]
        create_game(db, evening_id=evening, variant="five-person", players=5, sides=seats,
                    options={}, seats=seats)  # fmt: skip
    finally:
        db.close()
    for path in (f"/games/{first}", f"/games/{first}/print"):
        html = client.get(path).get_data(as_text=True)
        assert "Ann, Bea, Cat, Dee" in html, path
        assert ", Eve" not in html and "Eve," not in html, path
