"""A round's card points past the value of all the cards in play (RULES: a typing slip,
23500 for 235) on the round screen, in the API and in what-if."""

from scorekeeper.data.connection import connect
from scorekeeper.data.games import rule_sets
from scorekeeper.data.games.rounds import add_round

SLIP = "23500 is more than the 1180 points of all the cards in play"


def test_the_round_screen_shows_it_beside_the_field_with_everything_kept(client, make_game):
    game = make_game()
    data = {"number": "1", "s0_meld_points": "120", "s1_natural_canastas": "1",
            "s1_meld_points": "23500", "went_out": "1"}  # fmt: skip
    response = client.post(f"/games/{game}/rounds/new", data=data)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert f'id="s1_meld_points-error">{SLIP}' in html
    assert 'aria-describedby="s1_meld_points-error"' in html
    assert 'value="23500"' in html and 'value="120"' in html
    assert client.get(f"/api/games/{game}").json["document"]["rounds"] == []


def test_the_round_screen_says_it_in_the_readers_language(client, make_game):
    game = make_game()
    data = {"number": "1", "s0_meld_points": "700", "s1_hand_points": "500", "went_out": "-"}
    html = client.post(f"/games/{game}/rounds/new", data=data,
                       headers={"Accept-Language": "de"}).get_data(as_text=True)  # fmt: skip
    assert (
        'id="s0_meld_points-error">700 ergibt 1200 Kartenpunkte in dieser Runde, mehr als die '
        "1180 Punkte aller Karten im Spiel" in html
    )


def test_correcting_a_round_past_the_bound_is_refused_too(client, make_game):
    game = make_game()
    client.post(f"/api/games/{game}/rounds", json={"Ann & Bea": {"meld_points": 235}})
    data = {"s0_meld_points": "23500", "version": "1"}
    response = client.post(f"/games/{game}/rounds/1/edit", data=data)
    assert response.status_code == 400
    assert f'id="s0_meld_points-error">{SLIP}' in response.get_data(as_text=True)
    assert client.get(f"/api/games/{game}").json["answer"]["totals"]["Ann & Bea"] == 235


def test_the_api_answers_400_and_stores_nothing(client, make_game):
    game = make_game()
    response = client.post(f"/api/games/{game}/rounds", json={
        "Ann & Bea": {"meld_points": 200}, "Cat & Dee": {"meld_points": 23500}})  # fmt: skip
    assert response.status_code == 400
    assert response.json == {"error": f'round 1, side "Cat & Dee": meld_points: {SLIP}'}
    assert client.get(f"/api/games/{game}").json["document"]["rounds"] == []
    # four jokers at 100: the cards in play come to 1380
    created = client.post("/api/games", json={"variant": "classic", "sides": ["A", "B"],
                                              "options": {"card_joker": 100}})  # fmt: skip
    url = f"/api/games/{created.json['id']}/rounds"
    assert client.post(url, json={"A": {"meld_points": 1380}}).status_code == 201
    refused = client.post(url, json={"A": {"meld_points": 1385}})
    assert refused.status_code == 400 and refused.json == {"error": (
        'round 2, side "A": meld_points: 1385 is more than the 1380 points of all the cards in play'
    )}  # fmt: skip


def test_what_if_refuses_a_round_past_the_value_of_the_cards_under_the_other_rules(
    client, make_game, app
):
    db = connect(app.config["DATABASE"])
    game = make_game()
    add_round(db, game, {"Ann & Bea": {"meld_points": 1000}, "Cat & Dee": {"hand_points": 100}})
    add_round(db, game, {"Ann & Bea": {"meld_points": 300}})
    # eights to kings worth nothing: the cards in play come to 1180 - 48 * 10 = 700
    set_id = rule_sets.create(db, "Free faces", "classic", {"card_high": 0})
    html = client.get(f"/games/{game}/what-if?rule_set={set_id}").get_data(as_text=True)
    assert "1 round could not be scored under these rules" in html
    assert (
        "Round 1: round 1, side &#34;Ann &amp; Bea&#34;: meld_points: 1000 is more than the "
        "700 points of all the cards in play" in html
    )
