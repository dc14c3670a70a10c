"""What a phone sends rides out the wifi, through the test
client: a part, confirmation, query or correction sent again under its key is stored
once and answered as the first time; a correction carries its numbers to the
scorer; a phone joining a taken seat asks the scorer, who hands it over or not."""

import json

import pytest

from scorekeeper.data.games.rounds import add_round
from scorekeeper.data.table import seats as table_seats, table
from tests.web import test_phones

at_table, db, part = test_phones.at_table, test_phones.db, test_phones.part  # the fixtures

JSON = {"Accept": "application/json"}


def answer(client, token, key, **posted):
    return client.post(f"/table/{token}/answer", data={"key": key, **posted}, headers=JSON)


def test_a_part_sent_again_under_its_key_is_stored_once(client, at_table, db):
    game, code, phones = at_table
    sent = dict(number="1", version="0", key="part-key-1", s1_hand_points="60")
    first = client.post(f"/table/{phones['cat']}/part", data=sent, headers=JSON)
    again = client.post(f"/table/{phones['cat']}/part", data=sent, headers=JSON)
    assert first.json == again.json == {"version": 1}  # not a clash with itself
    assert table.drafts(db, game, 1)[1]["version"] == 1
    other = client.post(
        f"/table/{phones['cat']}/part", data={**sent, "key": "part-key-2"}, headers=JSON
    )
    assert other.status_code == 409  # a new send at the old version: a clash, as before


def test_answers_sent_again_under_their_key_are_stored_once_and_told_the_same(client, at_table, db):
    game, code, phones = at_table
    add_round(db, game, {"Ann & Bea": {"meld_points": 50}})
    for _ in range(2):
        done = answer(client, phones["cat"], "confirm-key-1", number="1", version="1", confirm="1")
        assert done.status_code == 200 and done.json["message"] == "Round 1 confirmed."
    for _ in range(2):  # a query's retry is not "with the scorer already"
        done = answer(
            client,
            phones["ann"],
            "query-key-1",
            number="1",
            version="1",
            query="1",
            note="we had 60",
        )
        assert done.status_code == 200 and done.json["message"] == "Round 1 queried."
    sql = "SELECT action, count(*) AS n FROM table_events WHERE number = 1 GROUP BY action"
    assert {r["action"]: r["n"] for r in db.query(sql)} == {"confirmed": 1, "queried": 1}
    bad = answer(client, phones["cat"], "no", number="1", version="1", confirm="1")
    assert bad.status_code == 400  # not a key a phone makes: nothing stored


def test_a_correction_carries_the_phones_numbers_to_the_scorer(app, client, at_table, db):
    game, code, phones = at_table
    table.set_settings(db, game, phones_enter=True, confirm_rounds=False)  # confirming off
    add_round(db, game, {"Cat & Dee": {"hand_points": 60}})
    sent = dict(number="1", version="1", correction="1", s1_hand_points="75", key="correct-1")
    for _ in range(2):
        done = client.post(f"/table/{phones['cat']}/answer", data=sent, headers=JSON)
        assert done.status_code == 200, done.json
    found = list(db.query("SELECT who, fields FROM table_events WHERE action = 'queried'"))
    assert [(f["who"], json.loads(f["fields"])) for f in found] == [
        ("Cat", {"s1_hand_points": "75"})
    ]
    board = client.get(f"/games/{game}").get_data(as_text=True)
    assert (
        "sends its numbers as a correction" in board and "Hand points <strong>75</strong>" in board
    )
    wrong = client.post(
        f"/table/{phones['cat']}/answer",
        headers=JSON,
        data={**sent, "key": "correct-2", "s1_hand_points": "-x"},
    )
    assert wrong.status_code == 400  # checked like a part: nothing stored
    assert len(list(db.query("SELECT 1 FROM table_events WHERE action = 'queried'"))) == 1
    watcher = client.post(f"/table/{phones['watcher']}/answer", data=sent, headers=JSON)
    assert watcher.status_code == 403


@pytest.mark.parametrize("confirming", [False, True], ids=["confirming off", "confirming on"])
def test_the_correct_screen_offers_a_corrections_numbers_field_by_field(
    client, at_table, db, confirming
):
    game, code, phones = at_table
    table.set_settings(db, game, phones_enter=True, confirm_rounds=confirming)
    add_round(db, game, {"Cat & Dee": {"hand_points": 60, "red_threes": 1}})
    sent = dict(number="1", version="1", correction="1", key="correct-1")
    sent.update(s1_hand_points="75", s1_red_threes="1", s1_natural_canastas="1")
    assert client.post(f"/table/{phones['cat']}/answer", data=sent, headers=JSON).status_code == 200
    page = client.get(f"/games/{game}/rounds/1/edit").get_data(as_text=True)
    assert "Cat’s phone sends its numbers for round 1 as a correction" in page
    assert "“”" not in page and "“”" not in client.get(f"/games/{game}").get_data(as_text=True)
    offered = {  # each field the phone says otherwise, with the number the button puts in
        "s1_hand_points": ("Hand points (Cat &amp; Dee): saved 60, Cat’s phone 75", "&#34;75&#34;"),
        "s1_natural_canastas": (
            "Natural canastas (Cat &amp; Dee): saved 0, Cat’s phone 1",
            "&#34;1&#34;",
        ),
    }
    for name, (words, value) in offered.items():
        assert words in page
        assert f'data-field="{name}" data-value="{value}"' in page
    assert 'data-field="s1_red_threes"' not in page  # the same on both: nothing to take
    corrected = {"Cat & Dee": {"hand_points": 75, "red_threes": 1, "natural_canastas": 1}}
    corrected_form = {f"s1_{name}": str(n) for name, n in corrected["Cat & Dee"].items()}
    edit = client.post(
        f"/games/{game}/rounds/1/edit",
        data={"version": "1", "number": "1", "save": "1", "went_out": "-", **corrected_form},
    )
    assert edit.status_code == 302, edit.get_data(as_text=True)
    stored = db.execute("SELECT entries FROM rounds WHERE game_id = ?", [game]).fetchone()[0]
    assert json.loads(stored) == {"Ann & Bea": {}, **corrected}
    assert "as a correction" not in client.get(f"/games/{game}/rounds/1/edit").get_data(
        as_text=True
    )  # the query was of the round as it stood


def test_a_taken_seat_is_asked_for_and_handed_over_by_the_scorer(app, client, at_table, db):
    game, code, phones = at_table
    part(client, phones["ann"], s0_meld_points="50")
    new = app.test_client()
    asked = new.post(f"/join/{code}", data={"who": "p0"})
    assert asked.status_code == 200 and "Ann’s seat has a phone already" in asked.get_data(
        as_text=True
    )
    assert len(table.phones(db, game)) == 3  # nobody joined yet
    asked = new.post(f"/join/{code}", data={"who": "p0", "take_over": "1"})
    token = asked.location.rsplit("/", 1)[1]
    assert "Waiting for the scorer" in new.get(f"/table/{token}").get_data(as_text=True)
    request = table_seats.waiting(db, game)[0]
    assert "A new phone asks for Ann’s seat" in client.get(f"/games/{game}").get_data(as_text=True)
    done = client.post(f"/games/{game}/table/seats/{request['id']}", data={"agree": "1"})
    assert done.status_code == 302
    page = new.get(f"/table/{token}").get_data(as_text=True)
    assert 'value="50"' in page  # the seat's part, on the new phone
    old = client.get(f"/table/{phones['ann']}")
    assert old.status_code == 410 and "Another phone took over Ann’s seat" in old.get_data(
        as_text=True
    )
    again = client.post(f"/games/{game}/table/seats/{request['id']}", data={"agree": "1"})
    assert again.status_code == 302 and len(table.phones(db, game)) == 3
    history = client.get(f"/games/{game}/history").get_data(as_text=True)
    assert "moved to a new phone" in history


def test_two_requests_for_a_seat_are_shown_apart_and_the_scorer_chooses(app, client, at_table, db):
    game, code, phones = at_table
    says = {"User-Agent": "Cat's new phone\u202e"}
    first = app.test_client().post(
        f"/join/{code}", data={"who": "p1", "take_over": "1"}, headers=says
    )
    second = app.test_client().post(f"/join/{code}", data={"who": "p1", "take_over": "1"})
    first_token = first.location.rsplit("/", 1)[1]
    second_token = second.location.rsplit("/", 1)[1]
    assert client.get(f"/table/{first_token}").status_code == 200  # both wait, neither replaced
    waiting = table_seats.waiting(db, game)
    assert [q["who"] for q in waiting] == ["Cat", "Cat"]
    assert waiting[0]["asked_by"] == "Cat's new phone"  # printable only
    board = client.get(f"/games/{game}").get_data(as_text=True)
    assert f"Request {waiting[0]['id']}, asked" in board and "Cat&#39;s new phone" in board
    assert f"Request {waiting[1]['id']}, asked" in board
    for token, request in ((first_token, waiting[0]), (second_token, waiting[1])):
        page = client.get(f"/table/{token}").get_data(as_text=True)  # each phone its number
        assert f"This phone’s request is number {request['id']}" in page
    client.post(f"/games/{game}/table/seats/{waiting[1]['id']}", data={"refuse": "1"})
    refused = client.get(f"/table/{second_token}")
    assert refused.status_code == 410 and "did not hand this seat over" in refused.get_data(
        as_text=True
    )
    assert client.get(f"/table/{phones['cat']}").status_code == 200  # Cat's phone keeps it
    client.post(f"/games/{game}/table/seats/{waiting[0]['id']}", data={"agree": "1"})
    assert client.get(f"/table/{first_token}").status_code == 200


def test_requests_for_a_seat_and_phones_at_a_table_are_bounded(app, client, at_table, db):
    game, code, phones = at_table
    asking = [
        app.test_client().post(f"/join/{code}", data={"who": "p1", "take_over": "1"})
        for _ in range(table_seats.ASKING_AT_ONCE + 1)
    ]
    assert [r.status_code for r in asking] == [302, 302, 302, 429]
    assert len(table_seats.waiting(db, game)) == table_seats.ASKING_AT_ONCE
    while len(table.phones(db, game)) < table.PHONES_AT_A_TABLE:
        table.join(db, game, "Watcher", None)
    full = app.test_client().post(f"/join/{code}", data={"who": "watch"})
    assert full.status_code == 409 and "phones already" in full.get_data(as_text=True)
    assert len(table.phones(db, game)) == table.PHONES_AT_A_TABLE


def test_a_request_for_a_seat_whose_phone_is_removed_is_told_to_join_again(
    app, client, at_table, db
):
    game, code, phones = at_table
    asked = app.test_client().post(f"/join/{code}", data={"who": "p1", "take_over": "1"})
    token = asked.location.rsplit("/", 1)[1]
    cat = next(p for p in table.phones(db, game) if p["who"] == "Cat")
    table.remove_phone(db, game, cat["id"])
    gone = client.get(f"/table/{token}")
    assert gone.status_code == 410 and "join the table" in gone.get_data(as_text=True)
    assert table_seats.waiting(db, game) == []


def test_a_correction_is_checked_by_the_engine_before_it_is_stored(client, at_table, db):
    """Found by an outside attack: 99,995 meld points and 9 red threes were stored as a
    correction, checked only field by field; now the engine's word is beside each field."""
    game, code, phones = at_table
    table.set_settings(db, game, phones_enter=True, confirm_rounds=False)
    add_round(db, game, {"Cat & Dee": {"hand_points": 60}})
    sent = dict(number="1", version="1", correction="1")
    cases = [
        ({"s1_meld_points": "99995"}, "s1_meld_points"),
        ({"s1_red_threes": "9"}, "s1_red_threes"),
    ]
    for fields, name in cases:
        done = answer(client, phones["cat"], "correct-big", **{**sent, **fields})
        assert done.status_code == 400, done.json
        assert [p["name"] for p in done.json["problems"]] == [name]
        assert done.json["message"]
    assert list(db.query("SELECT 1 FROM table_events WHERE action = 'queried'")) == []
    fine = answer(client, phones["cat"], "correct-ok", **{**sent, "s1_red_threes": "2"})
    assert fine.status_code == 200, fine.json
