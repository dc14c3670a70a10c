"""A round stored before a check that it breaks (a database made by an older
release): shown as such, saved again as it is or corrected, and an older export
holding one imports, saying which rounds it kept."""

import io
import json

import pytest

from scorekeeper.data.connection import connect

SLIP = "23500 is more than the 1180 points of all the cards in play"


@pytest.fixture
def kept_game(app, make_game):
    """A game whose round 1 an older release stored with more card points than all the
    cards in play, kept so by the upgrade."""
    game = make_game()
    db = connect(app.config["DATABASE"])
    entries = json.dumps({"Ann & Bea": {"meld_points": 23500}})
    with db.conn:
        db.execute(
            "INSERT INTO rounds (game_id, number, entries, version, grandfathered) "
            """VALUES (?, 1, ?, 1, '["card_points"]')""",
            [game, entries],
        )
        db.execute(
            "INSERT INTO round_changes (game_id, number, action, after, at) "
            "VALUES (?, 1, 'grandfathered', ?, '2026-11-27T09:00:00+00:00')",
            [game, entries],
        )
    db.close()
    return game


def test_the_scoreboard_and_the_history_say_it_was_kept(client, kept_game):
    board = client.get(f"/games/{kept_game}").get_data(as_text=True)
    assert "Kept as played: this round was stored before a check it breaks was added" in board
    assert SLIP in board and "Correct it if it was a slip, or leave it as it is." in board
    history = client.get(f"/games/{kept_game}/history").get_data(as_text=True)
    assert "Round 1 kept as played: it breaks a check added after it was stored" in history


def test_saved_again_as_it_is_it_stays_kept(client, kept_game):
    form = client.get(f"/games/{kept_game}/rounds/1/edit").get_data(as_text=True)
    assert "Kept as played: this round was stored before a check it breaks was added." in form
    data = {"s0_meld_points": "23500", "version": "1"}
    response = client.post(f"/games/{kept_game}/rounds/1/edit", data=data)
    assert response.status_code == 302
    answer = client.get(f"/api/games/{kept_game}").json
    assert answer["answer"]["totals"]["Ann & Bea"] == 23500
    assert answer["document"]["grandfathered"] == {"card_points": [1]}


def test_corrected_to_fit_it_is_held_to_the_check_from_then_on(client, kept_game):
    response = client.post(
        f"/games/{kept_game}/rounds/1/edit", data={"s0_meld_points": "235", "version": "1"}
    )
    assert response.status_code == 302
    assert "Kept as played" not in client.get(f"/games/{kept_game}").get_data(as_text=True)
    again = client.post(
        f"/games/{kept_game}/rounds/1/edit", data={"s0_meld_points": "23500", "version": "2"}
    )
    assert again.status_code == 400
    assert f'id="s0_meld_points-error">{SLIP}' in again.get_data(as_text=True)


def older_export(version):
    doc = {
        "variant": "classic",
        "sides": ["A", "B"],
        "rounds": [{"A": {"meld_points": 50}}, {"A": {"meld_points": 23500}}],
    }
    return {
        "format": "scorekeeper",
        "version": version,
        "evenings": [
            {
                "uid": "e-old",
                "date": "2026-11-01",
                "name": "",
                "note": "",
                "games": [{"uid": "g-old", "name": "Old friends", "seats": [], "document": doc}],
            }
        ],
    }


def upload(client, data):
    raw = json.dumps(data).encode()
    return client.post(
        "/import",
        data={"file": (io.BytesIO(raw), "export.json")},
        content_type="multipart/form-data",
        follow_redirects=True,
    )


def test_an_older_export_imports_and_says_which_rounds_it_kept(client):
    page = upload(client, older_export(1)).get_data(as_text=True)
    assert "1 game added" in page
    assert "Kept as played, though they break a check added after they were played" in page
    assert (
        f"2026-11-01, Old friends, round 2: round 2, side &#34;A&#34;: meld_points: {SLIP}" in page
    )


def test_an_export_of_today_keeps_only_the_rounds_it_names(client):
    refused = upload(client, older_export(2))
    assert refused.status_code == 400 and SLIP in refused.get_data(as_text=True)
    named = older_export(2)
    named["evenings"][0]["games"][0]["document"]["grandfathered"] = {"card_points": [2]}
    assert "1 game added" in upload(client, named).get_data(as_text=True)
