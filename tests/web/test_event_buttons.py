"""Nothing a table does stops the evening: each button a table's scorer or phones
can press (the scoreboard, the round screen, the phone page), pressed on a table of
turn 1, and the director still starts turn 2; no page of the event answers a 5xx
on the way. "Play again with the same players" is refused at an event's table (its next
game is the next turn's); a game the table starts itself (a new game, the same players)
is none of the event's."""

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.events import cards as event_cards, desk as event_desk, events
from scorekeeper.data.games import games, rounds
from scorekeeper.data.table import answers, table as phones
from tests.web.test_events import make_event


def finish(db, game_id):
    """Play the game's one deal, when it still has none."""
    game = games.get_game(db, game_id)
    if not game["round_count"]:
        one, other = game["sides"]
        rounds.add_round(db, game_id, {one: {"meld_points": 100}, other: {"meld_points": 50}})


# Each case: what is pressed at table 1 once its game of turn 1 is over, as
# (method, path, form); "{g}" is the table's game, "{t}" a phone's link there,
# "{n}" the game the table started itself: ("OWN", "", {}) starts it (as a new game
# with the same players would; "Play again with the same players" is refused here).
CASES = {
    "play again, refused": [("POST", "/games/{g}/again", {})],
    "play again, refused twice": [
        ("POST", "/games/{g}/again", {}),
        ("POST", "/games/{g}/again", {}),
    ],
    "a game of its own, removed": [
        ("OWN", "", {}),
        ("POST", "/games/{n}/remove", {"by": "Ann"}),
    ],
    "a game of its own, a phone follows": [
        ("OWN", "", {}),
        ("POST", "/table/{t}/follow", {}),
    ],
    "a game of its own, a round there": [
        ("OWN", "", {}),
        ("POST", "/games/{n}/rounds/new", {"number": "1", "s0_meld_points": "50"}),
    ],
    "the event's game removed": [("POST", "/games/{g}/remove", {"by": "Ann"})],
    "the round undone": [("POST", "/games/{g}/rounds/1/undo", {"version": "1", "saving": ""})],
    "the round deleted": [("POST", "/games/{g}/rounds/1/delete", {"version": "1"})],
    "the round edited": [
        ("POST", "/games/{g}/rounds/1/edit", {"version": "1", "s0_meld_points": "300"}),
    ],
    "renamed": [("POST", "/games/{g}/rename", {"name": "Our table"})],
    "the table's settings": [
        ("POST", "/games/{g}/table", {"phones_enter": "y", "confirm_rounds": "y"})
    ],
    "a phone queries the round": [
        ("POST", "/games/{g}/table", {"phones_enter": "y", "confirm_rounds": "y"}),
        (
            "POST",
            "/table/{t}/answer",
            {"number": "1", "version": "1", "query": "1", "note": "wrong"},
        ),
    ],
    "a phone confirms the round": [
        ("POST", "/games/{g}/table", {"phones_enter": "y", "confirm_rounds": "y"}),
        ("POST", "/table/{t}/answer", {"number": "1", "version": "1"}),
    ],
    "a phone checks in": [("POST", "/table/{t}/check-in", {"name": "Ann"})],
    "a phone sends a part": [
        ("POST", "/table/{t}/part", {"number": "2", "version": "0", "s0_meld_points": "50"})
    ],
    "the phone removed": [("POST", "/games/{g}/table/phones/1/remove", {})],
}


def event_pages(desk, game):
    return [
        desk,
        f"{desk}/standings",
        f"{desk}/print",
        f"{desk}/standings.csv",
        f"{desk}/standings.json",
        f"{desk}/clock.json",
        f"{desk}/tables/{game}",
        f"{desk}/withdraw",
        f"{desk}/cards",
        "/events",
    ]


def settle(db, event_id):
    """What the table does to finish its turn after the case: a game without its
    deal plays it, a query is answered, its phones confirm what they are asked to."""
    for t in events.tables(db, event_id):
        finish(db, t["game_id"])
    for t in event_desk.desk(db, event_id, events.event(db, event_id)["turn"]):
        for number in t["queried"]:
            version = db.execute(
                "SELECT version FROM rounds WHERE game_id = ? AND number = ?",
                [t["game_id"], number],
            ).fetchone()[0]
            answers.stands(db, t["game_id"], number, version, "stands")
    for t in event_desk.desk(db, event_id, events.event(db, event_id)["turn"]):
        for number in t["awaited"]:
            for phone in phones.phones(db, t["game_id"]):
                phone = {**phone, "game_id": t["game_id"]}
                answers.answer_round(db, phone, number, 1, "confirmed")


@pytest.mark.parametrize("case", CASES)
def test_a_tables_button_never_stops_the_next_turn(app, client, case):
    desk = make_event(client).headers["Location"]
    event_id = int(desk.rsplit("/", 1)[1])
    assert client.post(f"{desk}/start").status_code == 302
    db = connect(app.config["DATABASE"])
    try:
        first = events.tables(db, event_id, 1)
        game = first[0]["game_id"]
        token = phones.join(db, game, "Ann", 0)
        for t in first:
            finish(db, t["game_id"])
        made = None
        for method, path, form in CASES[case]:
            if method == "OWN":
                made = games.play_again(db, game)
                continue
            url = path.format(g=game, t=token, n=made)
            response = client.open(url, method=method, data=form)
            assert response.status_code < 500, (url, response.status_code)
            if url.endswith("/again"):  # the table's next game is the next turn's
                assert response.status_code == 409 and "Location" not in response.headers
            for page in event_pages(desk, game):
                assert client.get(page).status_code < 500, page
        settle(db, event_id)
        started = client.post(f"{desk}/start", follow_redirects=True)
        assert started.status_code == 200
        assert "Turn 2 started" in started.get_data(as_text=True), case
        second = events.tables(db, event_id, 2)
        assert len(second) == 3 and made not in {t["game_id"] for t in second}
        for page in event_pages(desk, game):
            assert client.get(page).status_code < 500, page
        if made is not None:  # the table's own game is none of the event's
            assert client.get(f"{desk}/tables/{made}").status_code == 404
    finally:
        db.close()


def test_the_tables_phones_go_on_to_the_events_next_game_not_their_own(app, client):
    desk = make_event(client).headers["Location"]
    event_id = int(desk.rsplit("/", 1)[1])
    client.post(f"{desk}/start")
    db = connect(app.config["DATABASE"])
    try:
        game = events.tables(db, event_id, 1)[0]["game_id"]
        token = phones.join(db, game, "Ann", 0)
        for t in events.tables(db, event_id, 1):
            finish(db, t["game_id"])
        own = games.play_again(db, game)  # a game of the table's own, the same players
        assert client.post(f"{desk}/start").status_code == 302
        next_game = events.current_game(db, event_id, 2, 1)
        assert event_cards.following(db, games.get_game(db, game)) == next_game != own
        page = client.get(f"/table/{token}").get_data(as_text=True)
        assert "Turn 2: table 1, North-South" in page and "Go on to table 1" in page
        client.post(f"/table/{token}/follow")
        assert phones.phone_of(db, token)["game_id"] == next_game
    finally:
        db.close()


def test_a_removed_event_game_leaves_the_desk_and_the_standings(app, client):
    desk = make_event(client).headers["Location"]
    event_id = int(desk.rsplit("/", 1)[1])
    client.post(f"{desk}/start")
    db = connect(app.config["DATABASE"])
    try:
        one, *others = events.tables(db, event_id, 1)
        for t in (one, *others):
            finish(db, t["game_id"])
        client.post(f"/games/{one['game_id']}/remove", data={"by": "Ann"})
        page = client.get(f"{desk}/standings.json").get_json()
        played = {r["entry"]: r["played"] for r in page["standings"]}
        assert played == {
            "Ann & Bea": 0,
            "Gus & Hal": 0,
            "Cy & Di": 1,
            "Ed & Flo": 1,
            "Ida & Jo": 1,
            "Kit & Lu": 1,
        }  # Ann met Gus at table 1
        assert f"/games/{one['game_id']}" not in client.get(desk).get_data(as_text=True)
    finally:
        db.close()


def test_a_moving_pairs_phone_follows_the_pair_to_its_next_table(app, client):
    desk = make_event(client).headers["Location"]  # Mitchell: East-West move up a table
    event_id = int(desk.rsplit("/", 1)[1])
    client.post(f"{desk}/start")
    db = connect(app.config["DATABASE"])
    try:
        table_one = events.tables(db, event_id, 1)[0]
        assert table_one["sides"] == ["Ann & Bea", "Gus & Hal"]
        gus = phones.join(db, table_one["game_id"], "Gus", 1)
        watcher = phones.join(db, table_one["game_id"], "Watcher", None)
        for t in events.tables(db, event_id, 1):
            finish(db, t["game_id"])
        client.post(f"{desk}/start")
        page = client.get(f"/table/{gus}").get_data(as_text=True)
        assert "Turn 2: table 2, East-West" in page and "Go on to table 2" in page
        client.post(f"/table/{gus}/follow")
        moved = phones.phone_of(db, gus)
        assert (moved["game_id"], moved["side"]) == (events.current_game(db, event_id, 2, 2), 1)
        assert "Gus &amp; Hal" in client.get(f"/table/{gus}").get_data(as_text=True)
        client.post(f"/table/{watcher}/follow")  # a watcher stays with the table
        assert phones.phone_of(db, watcher)["game_id"] == events.current_game(db, event_id, 2, 1)
    finally:
        db.close()
