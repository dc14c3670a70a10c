"""The JSON API: the JSON contract (docs/api.md) over HTTP, and its cross-site guard."""

import json

import pytest

GAME = {"variant": "classic", "sides": ["Ann & Bea", "Cat & Dee"], "options": {"target": 3000}}
ROUND = {"Ann & Bea": {"natural_canastas": 1, "meld_points": 230, "red_threes": 1, "went_out": True},
         "Cat & Dee": {"mixed_canastas": 1, "meld_points": 185, "hand_points": 65}}  # fmt: skip


@pytest.fixture
def game(client):
    response = client.post("/api/games", json=GAME)
    assert response.status_code == 201
    return response.json["id"]


def test_create_add_and_read(client, game):
    response = client.post(f"/api/games/{game}/rounds", json=ROUND)
    assert response.status_code == 201
    assert response.json["rounds"][0]["scores"] == {"Ann & Bea": 930, "Cat & Dee": 420}
    assert response.json["opening"] == {"Ann & Bea": 50, "Cat & Dee": 50}
    got = client.get(f"/api/games/{game}").json
    assert got["document"] == {**GAME, "players": 4, "rounds": [ROUND]}
    assert got["answer"]["totals"] == {"Ann & Bea": 930, "Cat & Dee": 420}
    assert got["versions"] == [1]


def test_the_game_shows_on_the_pages_too(client, game):
    client.post(f"/api/games/{game}/rounds", json=ROUND)
    assert 'data-side="Ann &amp; Bea">930<' in client.get(f"/games/{game}").get_data(as_text=True)


@pytest.mark.parametrize(
    ("body", "message"),
    [({"variant": "gin", "sides": ["A", "B"]}, "variant: 'gin' is not a known variant"),
     ({**GAME, "rounds": []}, "rounds: unknown field (expected variant, sides, players, options)"),
     ({**GAME, "options": {"rounds": 3}}, "options: rounds: not an option of classic"),
     ([1], "the game must be a JSON object")],
)  # fmt: skip
def test_invalid_game_is_400_with_the_message(client, body, message):
    response = client.post("/api/games", json=body)
    assert response.status_code == 400 and response.json["error"].startswith(message)


def test_invalid_round_is_400_and_nothing_is_stored(client, game):
    response = client.post(f"/api/games/{game}/rounds", json={"Cat & Dee": {"red_threes": 5}})
    assert response.status_code == 400
    assert response.json == {
        "error": 'round 1, side "Cat & Dee": red_threes: 5 is more than the 4 red threes in play'
    }
    assert client.get(f"/api/games/{game}").json["document"]["rounds"] == []


def test_malformed_json_is_400(client, game):
    response = client.post(
        f"/api/games/{game}/rounds", data="{nope", content_type="application/json"
    )
    assert response.status_code == 400 and response.json == {"error": "the body is not valid JSON"}


def test_put_and_delete_correct_a_round(client, game):
    for meld in (100, 200, 300):
        client.post(f"/api/games/{game}/rounds", json={"Ann & Bea": {"meld_points": meld}})
    response = client.put(f"/api/games/{game}/rounds/1", json={"Ann & Bea": {"meld_points": 150}})
    assert response.status_code == 200 and response.json["totals"]["Ann & Bea"] == 650
    response = client.delete(f"/api/games/{game}/rounds/2")
    assert response.status_code == 200 and response.json["totals"]["Ann & Bea"] == 450
    assert client.get(f"/api/games/{game}").json["versions"] == [2, 2]


def test_an_edit_from_an_outdated_view_is_409(client, game):
    client.post(f"/api/games/{game}/rounds", json={"Ann & Bea": {"meld_points": 100}})
    client.put(
        f"/api/games/{game}/rounds/1",
        json={"Ann & Bea": {"meld_points": 5}},
        headers={"If-Match": "1"},
    )
    stale = client.put(f"/api/games/{game}/rounds/1", json={"Ann & Bea": {"meld_points": 9}},
                       headers={"If-Match": "1"})  # fmt: skip
    assert stale.status_code == 409 and "changed on another device" in stale.json["error"]
    assert (
        client.delete(f"/api/games/{game}/rounds/1", headers={"If-Match": "1"}).status_code == 409
    )
    assert (
        client.get(f"/api/games/{game}").json["document"]["rounds"][0]["Ann & Bea"]["meld_points"]
        == 5
    )


def test_same_idempotency_key_stores_once(client, game):
    headers = {"Idempotency-Key": "tap-1"}
    first = client.post(f"/api/games/{game}/rounds", json=ROUND, headers=headers)
    second = client.post(f"/api/games/{game}/rounds", json=ROUND, headers=headers)
    assert first.status_code == second.status_code == 201 and first.json == second.json
    assert len(client.get(f"/api/games/{game}").json["versions"]) == 1


def test_an_idempotency_key_reused_with_another_round_is_422(client, game):
    headers = {"Idempotency-Key": "tap-1"}
    assert client.post(f"/api/games/{game}/rounds", json=ROUND, headers=headers).status_code == 201
    other = {side: {"meld_points": 50} for side in ROUND}
    reused = client.post(f"/api/games/{game}/rounds", json=other, headers=headers)
    assert reused.status_code == 422
    assert reused.json == {"error": "this Idempotency-Key was already used for a different round"}
    same = client.post(f"/api/games/{game}/rounds", json=json.loads(json.dumps(ROUND, indent=3)),
                       headers=headers)  # fmt: skip
    assert same.status_code == 201
    assert len(client.get(f"/api/games/{game}").json["versions"]) == 1


def test_missing_game_or_round_is_404(client, game):
    assert client.get("/api/games/999").status_code == 404
    assert client.post("/api/games/999/rounds", json={}).status_code == 404
    assert client.put(f"/api/games/{game}/rounds/3", json={}).status_code == 404
    assert (
        client.delete(f"/api/games/{game}/rounds/3").json["error"] == f"game {game} has no round 3"
    )


@pytest.mark.parametrize(
    ("headers", "status"),
    [({"Origin": "https://evil.example"}, 403), ({"Sec-Fetch-Site": "cross-site"}, 403),
     ({"Origin": "http://localhost"}, 201), ({}, 201)],
)  # fmt: skip
def test_cross_site_requests_are_refused_same_machine_scripts_are_not(client, headers, status):
    assert client.post("/api/games", json=GAME, headers=headers).status_code == status


def test_a_form_post_cannot_reach_the_api(client, game):
    response = client.post(f"/api/games/{game}/rounds", data={"x": "1"})
    assert response.status_code == 415
