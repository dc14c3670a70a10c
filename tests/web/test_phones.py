"""Every phone at the table, through the test client: joining, each route's guard
(a phone of the other side, a watcher, a removed phone, no phone), drafts checked
like the round form, clashes, confirmations asked again after a correction."""

import html as html_module
import json
import re

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.games import games
from scorekeeper.data.table import table
from scorekeeper.web.http.throttle import Throttle
from tests.web.test_guards import SECRET, dump, set_passphrase


@pytest.fixture
def db(app):
    found = connect(app.config["DATABASE"])
    yield found
    found.close()


@pytest.fixture
def at_table(app, client, make_game, db):
    """A classic game with phones allowed and rounds confirmed: a phone per side and a watcher."""
    game = make_game()
    table.set_settings(db, game, phones_enter=True, confirm_rounds=True)
    code = table.join_code(db, game)
    phones = {}
    for name, who in [("ann", "p0"), ("cat", "p1"), ("watcher", "watch")]:
        response = app.test_client().post(f"/join/{code}", data={"who": who})
        assert response.status_code == 302
        phones[name] = response.location.rsplit("/", 1)[1]
    return game, code, phones


def part(client, token, number=1, version=0, **fields):
    return client.post(
        f"/table/{token}/part", data={"number": str(number), "version": str(version), **fields}
    )


def test_the_join_code_is_long_unambiguous_and_shown_to_the_scorer_only(app, client, make_game, db):
    game = make_game()
    html = client.get(f"/games/{game}").get_data(as_text=True)
    code = table.join_code(db, game)
    assert (
        len(code) >= 12 and set(code) <= set(table.CODE_ALPHABET) and not set(code) & set("01ilo")
    )
    assert len(table.CODE_ALPHABET) ** len(code) > 2**55
    assert (
        f"/join/{code}" in html
        and client.get(f"/games/{game}/join.svg").mimetype == "image/svg+xml"
    )
    set_passphrase(app)
    locked = app.test_client()
    assert code not in locked.get(f"/games/{game}").get_data(as_text=True)
    assert locked.get(f"/games/{game}/join.svg").status_code == 403


def test_joining_needs_no_passphrase_and_offers_the_seats_and_watching(app, make_game, db):
    game = make_game()
    set_passphrase(app)
    code = table.join_code(db, game)
    phone = app.test_client()
    page = phone.get(f"/join/{code.upper()[:4]}-{code[4:]}").get_data(as_text=True)
    assert all(name in page for name in ("Ann", "Cat", "Bea", "Dee", "Just watching"))
    response = phone.post(f"/join/{code}", data={"who": "p2"})
    token = response.location.rsplit("/", 1)[1]
    assert len(token) >= 32 and SECRET not in token
    assert [(p["who"], p["side"]) for p in table.phones(db, game)] == [("Bea", 0)]
    assert next(db.query("SELECT token_hash FROM table_phones"))["token_hash"] != token


def test_wrong_join_codes_are_limited_per_client(app, make_game):
    now = [0.0]
    app.extensions["scorekeeper.throttle"] = Throttle(clock=lambda: now[0])
    make_game()
    guesser = app.test_client()
    for _ in range(5):
        assert guesser.get("/join/aaaaaaaaaaaa").status_code == 404
    refused = guesser.get("/join/aaaaaaaaaaaa")
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "60"


def test_one_guests_wrong_codes_do_not_shut_out_the_room_behind_one_address(app, make_game, db):
    now = [0.0]
    app.extensions["scorekeeper.throttle"] = Throttle(clock=lambda: now[0])
    app.extensions["scorekeeper.wrong_codes"] = Throttle(tries=60, clock=lambda: now[0])
    game = make_game()
    code = table.join_code(db, game)
    guesser, neighbour = app.test_client(), app.test_client()  # one address: the club's router
    for _ in range(6):
        guesser.get("/join/aaaaaaaaaaaa")
    assert guesser.get(f"/join/{code}").status_code == 429
    assert neighbour.get(f"/join/{code}").status_code == 200  # the room still joins
    for _ in range(60):  # a guest dropping its cookie each time is held by the address
        app.test_client().get("/join/aaaaaaaaaaaa")
    assert app.test_client().get(f"/join/{code}").status_code == 429


def test_a_part_is_a_draft_shown_to_the_scorer_not_a_round(client, at_table, db):
    game, _, phones = at_table
    assert part(client, phones["cat"], s1_meld_points="120").status_code == 302
    assert next(db.query("SELECT count(*) AS n FROM rounds"))["n"] == 0
    screen = client.get(f"/games/{game}/rounds/new").get_data(as_text=True)
    assert "sent by Cat" in screen and 'id="s1_meld_points"' in screen
    assert re.search(
        r'name="s1_meld_points"[^>]*value="120"', screen
    )  # prefilled: nothing typed yet
    taken = client.post(f"/games/{game}/rounds/new", data={"number": "1", "take": "1"})
    assert 'value="120"' in taken.get_data(as_text=True) and taken.status_code == 200
    assert (
        client.post(
            f"/games/{game}/rounds/new", data={"number": "1", "s1_meld_points": "120"}
        ).status_code
        == 302
    )
    assert table.drafts(db, game, 1) == {}  # cleared with the save


def test_a_phone_may_change_only_its_own_sides_part(client, at_table, db):
    game, _, phones = at_table
    assert part(client, phones["ann"], s1_meld_points="50").status_code == 403
    assert part(client, phones["ann"], went_out="1").status_code == 403
    assert part(client, phones["watcher"], s0_meld_points="50").status_code == 403
    assert table.drafts(db, game, 1) == {}


@pytest.mark.parametrize(
    "typed, message",
    [("37", "37 is not a multiple of 5"), ("12a", "are entered as a whole number")],
)
def test_parts_are_checked_like_the_round_form(client, at_table, db, typed, message):
    game, _, phones = at_table
    response = part(client, phones["ann"], s0_meld_points=typed)
    assert response.status_code == 400 and message in response.get_data(as_text=True)
    screen = client.post(f"/games/{game}/rounds/new", data={"number": "1", "s0_meld_points": typed})
    assert message in screen.get_data(as_text=True)
    assert table.drafts(db, game, 1) == {}
    json = client.post(f"/table/{phones['ann']}/part", data={"number": "1", "version": "0", "s0_meld_points": typed},
                       headers={"Accept": "application/json"})  # fmt: skip
    assert json.status_code == 400 and message in json.json["problems"][0]["text"]


def test_two_phones_on_one_part_clash_instead_of_overwriting(app, client, at_table, db):
    game, code, phones = at_table
    bea = app.test_client().post(f"/join/{code}", data={"who": "p2"}).location.rsplit("/", 1)[1]
    assert part(client, phones["ann"], s0_meld_points="50").status_code == 302
    clash = part(client, bea, s0_meld_points="90")
    assert clash.status_code == 409
    html = clash.get_data(as_text=True)
    assert "Ann sent Ann &amp; Bea’s part" in html and "Meld points 50" in html
    assert table.drafts(db, game, 1)[0]["fields"] == {"s0_meld_points": "50"}
    assert part(client, bea, version=1, s0_meld_points="90").status_code == 302  # on purpose
    assert table.drafts(db, game, 1)[0]["who"] == "Bea"


def test_confirm_query_and_asked_again_after_a_correction(client, at_table, db):
    game, _, phones = at_table
    client.post(f"/api/games/{game}/rounds", json={"Ann & Bea": {"meld_points": 50}})
    cat = client.get(f"/table/{phones['cat']}").get_data(as_text=True)
    assert "Confirm round 1" in cat
    assert (
        client.post(
            f"/table/{phones['watcher']}/answer", data={"number": "1", "version": "1"}
        ).status_code
        == 403
    )
    assert (
        client.post(
            f"/table/{phones['cat']}/answer", data={"number": "1", "version": "1", "query": "1"}
        ).status_code
        == 400
    )
    client.post(
        f"/table/{phones['cat']}/answer",
        data={"number": "1", "version": "1", "note": "we had 55", "query": "1"},
    )
    board = client.get(f"/games/{game}").get_data(as_text=True)
    assert "queried</strong> by Cat" in board and "we had 55" in board
    client.put(f"/api/games/{game}/rounds/1", json={"Ann & Bea": {"meld_points": 55}})
    assert "corrected</strong>, waiting for confirmation again" in client.get(
        f"/games/{game}"
    ).get_data(as_text=True)
    for who in ("cat", "ann"):  # each side's phone confirms the other side's numbers
        client.post(
            f"/table/{phones[who]}/answer", data={"number": "1", "version": "2", "confirm": "1"}
        )
    assert "confirmed</strong> by Cat, Ann" in client.get(f"/games/{game}").get_data(as_text=True)
    history = html_module.unescape(client.get(f"/games/{game}/history").get_data(as_text=True))
    assert all(
        s in history for s in ("Cat</strong> joined", "queried round 1", "confirmed round 1")
    )


def test_a_removed_phone_gets_a_clear_page_and_nothing_else(app, client, at_table, db):
    game, code, phones = at_table
    phone_id = table.phones(db, game)[0]["id"]
    assert part(client, phones["ann"], s0_meld_points="995").status_code == 302
    board = client.get(f"/games/{game}").get_data(as_text=True)
    asked = client.get(f"/games/{game}/table/phones/{phone_id}/remove")  # the scoreboard's link
    assert f'href="/games/{game}/table/phones/{phone_id}/remove"' in board
    assert asked.status_code == 200 and "Remove Ann’s phone?" in asked.get_data(as_text=True)
    assert len(table.phones(db, game)) == 3  # asking removes nobody
    assert client.post(f"/games/{game}/table/phones/{phone_id}/remove").status_code == 302
    assert client.get(f"/games/{game}/table/phones/{phone_id}/remove").status_code == 404
    for response in (client.get(f"/table/{phones['ann']}"), part(client, phones["ann"], s0_meld_points="5"),
                     client.post(f"/table/{phones['ann']}/answer", data={"number": "1", "version": "1"})):  # fmt: skip
        assert response.status_code == 410 and "join the table" in response.get_data(as_text=True)
    assert client.get(f"/table/{phones['ann']}/stamp").status_code == 410
    assert client.get("/table/no-such-phone").status_code == 404
    assert table.drafts(db, game, 1) == {}  # its part is dropped (outside attack)
    # ... and it cannot come back with the code it had (outside attack): a new one is made
    assert app.test_client().post(f"/join/{code}", data={"who": "p0"}).status_code == 404
    fresh = table.join_code(db, game)
    assert fresh != code and fresh in client.get(f"/games/{game}").get_data(as_text=True)


def test_phone_routes_ignore_the_passphrase_but_scorer_routes_need_it(app, client, at_table, db):
    game, _, phones = at_table
    set_passphrase(app)
    before = dump(app)
    assert client.post(f"/games/{game}/table", data={"phones_enter": "y"}).status_code == 403
    assert client.post(f"/games/{game}/table/phones/1/remove").status_code == 403
    assert dump(app) == before
    assert part(client, phones["ann"], s0_meld_points="50").status_code == 302  # its own capability


def test_the_stamp_answers_304_until_something_changes(client, at_table):
    game, _, phones = at_table
    first = client.get(f"/table/{phones['ann']}/stamp")
    etag = first.headers["ETag"]
    assert (
        client.get(f"/table/{phones['ann']}/stamp", headers={"If-None-Match": etag}).status_code
        == 304
    )
    assert (
        client.get(f"/games/{game}/table/stamp", headers={"If-None-Match": etag}).status_code == 304
    )
    client.post(f"/api/games/{game}/rounds", json={})
    moved = client.get(f"/table/{phones['ann']}/stamp", headers={"If-None-Match": etag})
    assert moved.status_code == 200 and moved.json["stamp"] > first.json["stamp"]


def test_watch_only_when_phones_may_not_enter(client, make_game, db, app):
    game = make_game()
    code = table.join_code(db, game)
    page = client.get(f"/join/{code}").get_data(as_text=True)
    assert "entering is off" in page
    token = client.post(f"/join/{code}", data={"who": "p0"}).location.rsplit("/", 1)[1]
    assert "Your part of round" not in client.get(f"/table/{token}").get_data(as_text=True)
    assert part(client, token, s0_meld_points="50").status_code == 403
    assert re.search(r"watch \(entering off\)", client.get(f"/games/{game}").get_data(as_text=True))


def test_the_phones_read_with_the_game_are_the_phones_at_the_table(at_table, make_game, db):
    """The scorer's scoreboard reads the game and its phones in one statement
    (``table.game_and_phones``): the same phones, every column, as ``table.phones``."""
    game, _, _ = at_table
    phone_id = table.phones(db, game)[0]["id"]
    db.execute("UPDATE table_phones SET last_seen = '2026-11-22T08:00:00+00:00' WHERE id = ?",
               [phone_id])  # fmt: skip
    table.remove_phone(db, game, table.phones(db, game)[1]["id"])
    read, at_table_now = table.game_and_phones(db, game)
    assert at_table_now == table.phones(db, game) and len(at_table_now) == 2
    assert [p["side"] for p in at_table_now] == [0, None]  # a watcher has no side
    assert set(table.PHONE_COLUMNS) == set(db["table_phones"].columns_dict)
    assert read == table.games.game_row(db, game)
    assert table.game_and_phones(db, make_game())[1] == []  # no phone at that table


def test_two_phones_that_both_went_out_leave_the_choice_to_the_scorer(client, at_table, db):
    """Found by a phone tester: both sides' phones said "we
    went out"; the last to send won, silently, and the other lost its bonus."""
    game, _, phones = at_table
    ann = {"s0_meld_points": "600", "s0_mixed_canastas": "1"}
    cat = {"s1_meld_points": "400", "s1_mixed_canastas": "1"}
    assert part(client, phones["ann"], went_out="0", **ann).status_code == 302
    assert part(client, phones["cat"], went_out="1", **cat).status_code == 302
    screen = client.get(f"/games/{game}/rounds/new")
    html = screen.get_data(as_text=True)
    assert screen.status_code == 200
    message = "The phones disagree: Ann &amp; Bea, Cat &amp; Dee each say they went out."
    assert message in html and 'name="went_out_asked" value="1"' in html
    assert re.search(r'name="s0_meld_points"[^>]*value="600"', html)
    assert not re.search(r'name="went_out"[^>]*checked', html)  # nobody chosen for them
    assert "Who went out? 0" not in html and "Went out" in html  # the phones' parts, in words
    assert "Not scored together yet: The phones disagree" in html
    posted = {"number": "1", **ann, **cat, "went_out_asked": "1", "went_out_claim": ["0", "1"]}
    refused = client.post(f"/games/{game}/rounds/new", data=posted)
    assert refused.status_code == 400 and message in refused.get_data(as_text=True)
    assert next(db.query("SELECT count(*) AS n FROM rounds"))["n"] == 0
    chosen = client.post(f"/games/{game}/rounds/new", data={**posted, "went_out": "0"})
    assert chosen.status_code == 302
    stored = json.loads(next(db.query("SELECT entries FROM rounds"))["entries"])
    assert stored["Ann & Bea"].get("went_out") is True
    assert not stored["Cat & Dee"].get("went_out")


def test_one_phone_that_went_out_still_fills_in_who_did(client, at_table):
    game, _, phones = at_table
    sent = part(client, phones["ann"], s0_meld_points="600", s0_mixed_canastas="1", went_out="0")
    assert sent.status_code == 302
    part(client, phones["cat"], s1_meld_points="400")
    html = client.get(f"/games/{game}/rounds/new").get_data(as_text=True)
    assert '<input checked id="went_out-1" name="went_out" type="radio" value="0">' in html
    assert "The phones disagree" not in html and "went_out_asked" not in html


def test_a_finished_game_offers_no_join_code(client, make_game, db):
    """Found by a phone tester: the join QR code and the table settings stayed on the
    scoreboard of a game that was over."""
    game = make_game(options={"target": 100})
    assert "join code" in client.get(f"/games/{game}").get_data(as_text=True)
    won = {"Ann & Bea": {"meld_points": 150, "mixed_canastas": 1, "went_out": True}}
    assert client.post(f"/api/games/{game}/rounds", json=won).status_code == 201
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert "join code" not in page and "Save table settings" not in page
    assert "win" in page.lower()


def test_phones_go_on_to_the_next_game_at_the_table_with_the_same_link(
    client, at_table, db, make_game
):
    """Play again with the same players keeps the table's settings, and each phone is told the next
    game has started; one tap takes it there, as its player's side (seats may change),
    a watcher as a watcher; a double tap moves it once."""
    game, _, phones = at_table
    # 1500 + 600 + 200 + 100 + 700 = 3100 a round: won in the second
    big = {"natural_canastas": 3, "mixed_canastas": 2, "red_threes": 2, "went_out": True,
           "meld_points": 700}  # fmt: skip
    for _ in range(2):
        assert client.post(f"/api/games/{game}/rounds", json={"Ann & Bea": big}).status_code == 201
    assert games.get_game(db, game)["finished"]
    assert "next game" not in client.get(f"/table/{phones['cat']}").get_data(as_text=True)
    stamp = table.stamp(db, game)
    again = client.post(f"/games/{game}/again")
    following = int(again.location.rsplit("/", 1)[1])
    assert table.stamp(db, game) > stamp  # the phones' pages look again
    new = games.get_game(db, following)
    assert (new["phones_enter"], new["confirm_rounds"]) == (1, 1)
    page = client.get(f"/table/{phones['cat']}").get_data(as_text=True)
    assert "The next game has started" in page
    for name in ("cat", "cat", "watcher"):  # Cat twice: the double tap
        moved = client.post(f"/table/{phones[name]}/follow")
        assert moved.status_code == 302 and moved.location == f"/table/{phones[name]}"
    at_new = {p["who"]: p["side"] for p in table.phones(db, following)}
    assert at_new == {"Cat": new["seats"].index("Cat") % 2, "Watcher": None}
    assert [p["who"] for p in table.phones(db, game)] == ["Ann"]  # not followed yet
    page = client.get(f"/table/{phones['cat']}").get_data(as_text=True)
    assert "Your part of round 1" in page and "The next game has started" not in page
    history = client.get(f"/games/{following}/history").get_data(as_text=True)
    assert history.count("Cat</strong> joined") == 1


def test_a_phone_follows_only_to_the_game_after_its_own(client, at_table, db):
    game, _, phones = at_table
    assert client.post(f"/table/{phones['ann']}/follow").status_code == 302  # nothing to follow
    assert [p["game_id"] for p in table.phones(db, game)] == [game] * 3
    removed = table.phones(db, game)[0]
    table.remove_phone(db, game, removed["id"])
    assert client.post(f"/table/{phones['ann']}/follow").status_code == 410


def test_a_confirmation_is_of_the_round_confirmed_not_of_one_saved_after_it(client, at_table, db):
    """Found by an outside attack: round 1 confirmed, then deleted, and a different
    round 1 saved at the same version showed "confirmed by Cat"."""
    game, _, phones = at_table
    client.post(f"/api/games/{game}/rounds", json={"Ann & Bea": {"meld_points": 50}})
    confirm = {"number": "1", "version": "1", "confirm": "1"}
    for who in ("cat", "ann"):
        assert client.post(f"/table/{phones[who]}/answer", data=confirm).status_code == 302
    assert "confirmed</strong> by Cat" in client.get(f"/games/{game}").get_data(as_text=True)
    db.execute("UPDATE table_events SET at = '2020-01-01T00:00:00+00:00'")  # a while ago
    db.conn.commit()
    assert client.delete(f"/api/games/{game}/rounds/1").status_code == 200
    client.post(f"/api/games/{game}/rounds", json={"Ann & Bea": {"meld_points": 500}})
    board = client.get(f"/games/{game}").get_data(as_text=True)
    assert "confirmed</strong> by Cat" not in board and "waiting for confirmation" in board


def test_a_round_still_waiting_stays_on_the_phones_list_however_old(client, at_table):
    """Found by a phone tester: the phone listed only the last five rounds, and round
    1, never confirmed, dropped off it."""
    game, _, phones = at_table
    for _ in range(7):
        client.post(f"/api/games/{game}/rounds", json={"Ann & Bea": {"meld_points": 50}})
    for number in range(2, 8):
        confirm = {"number": str(number), "version": "1", "confirm": "1"}
        for who in ("cat", "ann"):
            assert client.post(f"/table/{phones[who]}/answer", data=confirm).status_code == 302
    page = client.get(f"/table/{phones['cat']}").get_data(as_text=True)
    assert "Confirm round 1" in page and "Confirm round 2" not in page
    section = page[page.index('id="confirm"') : page.index('id="phone-board"')]
    listed = re.findall(r"<strong>Round (\d+)</strong>", section)
    assert listed == ["7", "6", "5", "4", "3", "1"]


def test_a_part_sent_again_names_its_fields_and_the_scorer_chooses_each(client, at_table, db):
    """Found by a phone tester: the scorer's screen was filled from the phones (+380),
    Bob changed his part (the box below showed +360), and Save stored the old numbers
    without a word; then the save was refused once, but without saying
    which field, and the second Save kept the old number. Now the field is named with
    both numbers and nothing is saved until the scorer has chosen one."""
    game, _, phones = at_table
    assert part(client, phones["cat"], s1_meld_points="120").status_code == 302
    page = client.get(f"/games/{game}/rounds/new").get_data(as_text=True)
    seen = re.search(r'name="parts" type="hidden" value="([^"]*)"', page)[1]
    assert seen == "1:1" and 'value="120"' in page
    assert part(client, phones["cat"], version=1, s1_meld_points="100").status_code == 302
    typed = {"number": "1", "key": "k", "parts": seen, "s1_meld_points": "120",
             "s0_meld_points": "50"}  # fmt: skip
    for parts in (seen, "1:2"):  # refused, and refused again until a choice is made
        refused = client.post(f"/games/{game}/rounds/new", data={**typed, "parts": parts})
        html = refused.get_data(as_text=True)
        assert refused.status_code == 409 and 'value="120"' in html
        section = html[html.index('id="differences"') :]
        assert "Meld points" in section and "Cat's phone 100, here 120" in section
        assert 'name="keep_s1_meld_points" value="phone"' in section
    assert "A phone sent its part again" in client.post(
        f"/games/{game}/rounds/new", data=typed).get_data(as_text=True)  # fmt: skip
    assert client.get(f"/api/games/{game}").json["document"]["rounds"] == []
    chosen = {**typed, "parts": "1:2", "keep_s1_meld_points": "phone"}
    assert client.post(f"/games/{game}/rounds/new", data=chosen).status_code == 302
    rounds = client.get(f"/api/games/{game}").json["document"]["rounds"]
    assert rounds[0]["Cat & Dee"] == {"meld_points": 100}
    assert "changed by the scorer" not in client.get(f"/games/{game}/history").get_data(
        as_text=True
    )


def test_a_scorers_number_over_a_phones_is_asked_once_and_kept_in_the_history(client, at_table, db):
    """Tina's phone sent 60 in hand, the scorer typed 65 and saved,
    and the round showed as if the phones agreed."""
    game, _, phones = at_table
    assert part(client, phones["cat"], s1_hand_points="60").status_code == 302
    typed = {"number": "1", "key": "k", "s1_hand_points": "65", "s0_meld_points": "50"}
    html = client.post(f"/games/{game}/rounds/new", data=typed).get_data(as_text=True)
    assert "Cat's phone 60, here 65" in html and "Some numbers here differ" in html
    kept = {**typed, "keep_s1_hand_points": "here:60"}
    assert part(client, phones["cat"], version=1, s1_hand_points="70").status_code == 302
    again = client.post(f"/games/{game}/rounds/new", data=kept)  # the phone said 70 since
    assert again.status_code == 409 and "Cat's phone 70, here 65" in again.get_data(as_text=True)
    kept["keep_s1_hand_points"] = "here:70"
    assert client.post(f"/games/{game}/rounds/new", data=kept).status_code == 302
    assert client.post(f"/games/{game}/rounds/new", data=kept).status_code == 302  # again
    rounds = client.get(f"/api/games/{game}").json["document"]["rounds"]
    assert rounds[0]["Cat & Dee"] == {"hand_points": 65}
    history = html_module.unescape(client.get(f"/games/{game}/history").get_data(as_text=True))
    said = "changed by the scorer from the phone's 70 to 65"
    assert history.count(said) == 1 and "Hand points" in history
    assert '{"field"' not in history  # the override's record is said in words, not shown raw
    # and Cat's phone is told, not only the history; Ann's phone has nothing to be told
    cat = html_module.unescape(client.get(f"/table/{phones['cat']}").get_data(as_text=True))
    assert "Round 1, Hand points: this phone sent 70, the scorer saved 65." in cat
    ann = html_module.unescape(client.get(f"/table/{phones['ann']}").get_data(as_text=True))
    assert 'id="overridden"' in ann and "this phone sent" not in ann
    # each reader in their own language: the scorer saved in English, Cat reads German
    german = {"Accept-Language": "de"}
    cat = html_module.unescape(
        client.get(f"/table/{phones['cat']}", headers=german).get_data(as_text=True)
    )
    assert "Runde 1, Handpunkte: dieses Handy hat 70 gesendet" in cat, cat
    history = client.get(f"/games/{game}/history", headers=german).get_data(as_text=True)
    assert "Handpunkte" in history and "Hand points" not in history


def test_answers_sent_again_are_kept_once_and_a_flood_is_refused(app, client, at_table, db):
    """One phone sent 1,025 queries in 10 s; every screen fetched the
    table again and the history grew without limit. A confirmation sent again changes
    nothing, a phone has one open query of a round, and past a dozen answers a minute a
    phone is told to wait, with nothing stored."""
    from scorekeeper.web.http.security import ANSWERS_A_MINUTE

    game, _, phones = at_table
    client.post(f"/api/games/{game}/rounds", json={"Ann & Bea": {"meld_points": 50}})

    def stored(action):
        sql = "SELECT count(*) FROM table_events WHERE game_id = ? AND action = ?"
        return db.execute(sql, [game, action]).fetchone()[0]

    confirm = {"number": "1", "version": "1", "confirm": "1"}
    query = {"number": "1", "version": "1", "query": "1", "note": "hand points?"}
    for _ in range(3):
        assert client.post(f"/table/{phones['cat']}/answer", data=confirm).status_code == 302
    assert stored("confirmed") == 1
    for _ in range(3):
        assert client.post(f"/table/{phones['cat']}/answer", data=query).status_code == 302
    assert stored("queried") == 1
    page = client.get(f"/table/{phones['cat']}").get_data(as_text=True)
    assert "Your query of round 1 is with the scorer already." in page
    for _ in range(ANSWERS_A_MINUTE - 6):
        client.post(f"/table/{phones['cat']}/answer", data=confirm)
    flood = client.post(f"/table/{phones['cat']}/answer", data=query)
    assert flood.status_code == 429 and "too many answers" in flood.get_data(as_text=True)
    assert (stored("confirmed"), stored("queried")) == (1, 1)


def test_a_query_shows_at_the_top_of_the_scorers_scoreboard(client, at_table):
    """A query appeared some 1,050 px down the scoreboard."""
    game, _, phones = at_table
    client.post(f"/api/games/{game}/rounds", json={"Ann & Bea": {"meld_points": 50}})
    assert 'class="notice" role="alert"' not in client.get(f"/games/{game}").get_data(as_text=True)
    query = {"number": "1", "version": "1", "query": "1", "note": "hand points?"}
    client.post(f"/table/{phones['cat']}/answer", data=query)
    board = client.get(f"/games/{game}").get_data(as_text=True)
    alert = board.index("Round 1 was queried by Cat: “hand points?”")
    assert alert < board.index('id="board"')  # above the scores, not in the panel below
    assert f'href="/games/{game}/rounds/1/edit">Correct round 1</a>' in board


def test_a_query_is_marked_on_its_row_and_round_screen_and_answered_for_every_phone(
    client, at_table
):
    """A queried round is flagged on its row and on the round screen
    opened to correct it; "stands as entered", with a word back, clears it on every
    phone, which may then confirm it."""
    game, _, phones = at_table
    client.post(f"/api/games/{game}/rounds", json={"Ann & Bea": {"meld_points": 50}})
    query = {"number": "1", "version": "1", "query": "1", "note": "hand points?"}
    client.post(f"/table/{phones['cat']}/answer", data=query)
    board = client.get(f"/games/{game}").get_data(as_text=True)
    row = board[board.index('<th scope="row"><a href="#round-1">') :].split("</th>")[0]
    assert 'class="queried"' in row and "hand points?" in row
    screen = client.get(f"/games/{game}/rounds/1/edit").get_data(as_text=True)
    assert "Round 1 was queried by Cat: “hand points?”" in screen
    token = re.search(r'class="stands".*?name="csrf_token" type="hidden" value="([^"]+)"',
                      board, re.S)  # fmt: skip
    answer = {"version": "1", "note": "counted twice"}
    if token:
        answer["csrf_token"] = token[1]
    done = client.post(f"/games/{game}/rounds/1/stands", data=answer)
    assert done.status_code == 302
    board = client.get(f"/games/{game}").get_data(as_text=True)
    assert "was queried by" not in board and 'class="queried"' not in board
    assert "stands as entered" in board and "counted twice" in board
    for who in ("cat", "ann"):  # every phone is told, and may confirm now
        page = client.get(f"/table/{phones[who]}").get_data(as_text=True)
        assert "stands as entered, the scorer says: “counted twice”" in page
        assert "Confirm round 1" in page
    stale = client.post(f"/games/{game}/rounds/1/stands", data={**answer, "version": "2"})
    assert stale.status_code == 302  # told the round changed; nothing stored
    assert client.post(f"/games/{game}/rounds/1/stands", data={**answer, "note": "x" * 201})


def test_a_round_is_confirmed_by_the_other_sides_phones_not_its_own(client, at_table, db):
    """The scorer's own side's phone confirmed its round and the
    scoreboard said "confirmed by Ann". A side's phone confirms the other sides'
    numbers; the round is confirmed once every side's numbers are, by a phone that
    may (in five-person: anyone but the player and their partner)."""
    game, _, phones = at_table
    client.post(f"/api/games/{game}/rounds", json={"Ann & Bea": {"meld_points": 50}})
    confirm = {"number": "1", "version": "1", "confirm": "1"}
    assert client.post(f"/table/{phones['ann']}/answer", data=confirm).status_code == 302
    board = html_module.unescape(client.get(f"/games/{game}").get_data(as_text=True))
    assert "confirmed</strong> by Ann" not in board
    assert "confirmed by Ann, waiting for Cat & Dee" in board
    ann = client.get(f"/table/{phones['ann']}").get_data(as_text=True)
    assert "Confirm round 1" not in ann  # confirmed once from this phone
    assert "Confirm round 1" in client.get(f"/table/{phones['cat']}").get_data(as_text=True)
    assert client.post(f"/table/{phones['cat']}/answer", data=confirm).status_code == 302
    assert "confirmed</strong> by Ann, Cat" in client.get(f"/games/{game}").get_data(as_text=True)


def test_in_five_person_a_player_and_their_partner_do_not_confirm_each_other():
    from scorekeeper.web.shown.table_view import confirmers

    five = {"variant": "five-person", "sides": ["P1", "P2", "P3", "P4", "P5"]}
    assert confirmers(five)[0] == {1, 3, 4}  # P1's partner is P3
    two = {"variant": "classic", "sides": ["Ann & Bea", "Cat & Dee"]}
    assert confirmers(two) == [{1}, {0}]


def test_the_round_to_confirm_comes_before_the_next_rounds_part(client, at_table):
    game, _, phones = at_table
    client.post(f"/api/games/{game}/rounds", json={"Ann & Bea": {"meld_points": 50}})
    cat = client.get(f"/table/{phones['cat']}").get_data(as_text=True)
    assert "Confirm round 1" in cat and "Your part of round 2" in cat
    assert cat.index('id="confirm"') < cat.index('id="part"')


def test_a_kept_override_is_said_in_the_readers_language(app):
    """Who went out is kept as true or false and said as yes or no in the reader's
    language; a note kept before the field's form name was keeps its own words."""
    from scorekeeper.scoring import get_variant
    from scorekeeper.web.shown.overrides import in_words

    classic = get_variant("classic")
    out = {"field": "Went out", "name": "went_out", "phone": "yes", "saved": "no", "out": [1, 0]}
    hand = {"field": "Hand points", "name": "s1_hand_points", "phone": "60", "saved": "65"}
    old = {"field": "Hand points", "phone": "60", "saved": "65"}
    with app.test_request_context(headers={"Accept-Language": "de"}):
        assert in_words(out, classic) == {
            **out,
            "field": "Ausgemacht",
            "phone": "ja",
            "saved": "nein",
        }
        assert in_words(hand, classic)["field"] == "Handpunkte"
        assert in_words(old, classic) == old
