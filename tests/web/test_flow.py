"""An evening that flows: each table's own evening, same table again, evenings
named by date and players, renaming, removing and undoing, times as <time>."""

import random
import re
from datetime import date

import pytest

from scorekeeper.data import settings
from scorekeeper.data.connection import connect
from scorekeeper.data.games import players, removals
from scorekeeper.data.games.evenings import create_evening
from scorekeeper.data.games.games import (
    create_game,
    get_game,
    next_seating,
    play_again,
    recent_games,
)
from scorekeeper.data.games.players import statistics
from scorekeeper.data.games.rounds import add_round
from scorekeeper.web.http.security import hash_passphrase
from tests.data.test_tallies import RECOUNT, ROUNDS
from tests.web.test_views import defaults_of, seat_form

SEATS = ["Ann", "Cat", "Bea", "Dee"]
# Rounds a side wins with, each within the card points the packs hold. Classic: 3000 a
# round (five canastas, two red threes, 700 meld), so the game ends in its second round
# (to 5000 or to 6000).
BIG = {"natural_canastas": 3, "mixed_canastas": 2, "red_threes": 2, "meld_points": 700}
# Five-person: P1 1200 a round (a pure super canasta, two pure canastas, 500 meld), which P4
# scores too as P1's rentrap; each also scores their partner's points, so P3's 5 puts P1
# ahead alone at 4005: no tie on top.
FIVE = [{0: {"super_canastas_pure": 1, "natural_canastas": 2, "meld_points": 500}}] * 3 + [
    {0: {"natural_canastas": 2, "meld_points": 200}, 2: {"meld_points": 5}}
]


@pytest.fixture
def db(app):
    database = connect(app.config["DATABASE"])
    yield database
    database.close()


def finished(db, variant="classic", seats=SEATS, passphrase=None, first_dealer=1, options=None):
    """A game won by the first side (classic: in its second round, so the second
    dealer dealt last)."""
    from scorekeeper.scoring import get_variant
    from scorekeeper.scoring.seating import side_names

    evening = create_evening(db, "2026-11-21")
    sides = side_names(get_variant(variant), seats)
    game = create_game(db, evening_id=evening, variant=variant, sides=sides, players=len(seats),
                       options=options or {}, seats=seats, first_dealer=first_dealer,
                       passphrase_hash=passphrase and hash_passphrase(passphrase))  # fmt: skip
    plays = FIVE if variant == "five-person" else [{0: BIG}] * 6
    for play in plays:
        add_round(db, game, {sides[i]: fields for i, fields in play.items()})
        if get_game(db, game)["finished"]:
            return game
    raise AssertionError("the game did not end")
    return game


def selected(html, name):
    select = re.search(rf'<select[^>]*name="{name}".*?</select>', html, re.S).group(0)
    return re.search(r"<option selected value=\"(\d+)\">([^<]*)", select).groups()


# -- today's evening ------------------------------------------------------------


def test_a_new_game_joins_its_tables_evening_by_default(client, db, make_game):
    page = client.get("/games/new/classic/4").get_data(as_text=True)
    assert selected(page, "evening") == ("0", "the same players’ evening that day, or a new one")
    today = date.today().isoformat()
    create_evening(db, today)
    latest = create_evening(db, today)
    game = create_game(db, evening_id=latest, variant="classic", sides=["Bea", "Ann"],
                       players=2, options={}, seats=["Bea", "Ann"])  # fmt: skip
    assert game
    page = client.get("/games/new/classic/4").get_data(as_text=True)
    assert selected(page, "evening")[0] == "0"  # not whichever evening started last
    assert '<option value="new">a new evening</option>' in page
    assert f'<option value="{latest}">' in page and "· Ann, Bea</option>" in page  # choosable


def started(client, db, seats, evening="0"):
    url = f"/games/new/classic/{len(seats)}"
    response = client.post(url, data={**defaults_of(client, url),
                                      **seat_form(seats, evening=evening)})  # fmt: skip
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    return get_game(db, int(response.location.rsplit("/", 1)[1]))


def test_the_new_game_form_puts_each_table_in_its_own_evening(client, db):
    first = started(client, db, SEATS)
    second_table = started(client, db, ["Eve", "Gus", "Fay", "Hal"])
    assert second_table["evening_id"] != first["evening_id"]
    again = started(client, db, ["Dee", "Bea", "Cat", "Ann"])  # the same four, other seats
    assert again["evening_id"] == first["evening_id"]
    fresh = started(client, db, SEATS, evening="new")
    assert fresh["evening_id"] not in (first["evening_id"], second_table["evening_id"])
    chosen = started(client, db, ["Eve", "Gus", "Fay", "Hal"], evening=str(first["evening_id"]))
    assert chosen["evening_id"] == first["evening_id"]  # the scorer's choice stands


# -- same table again ---------------------------------------------------------------


def test_same_table_again_starts_the_next_game_once(client, db):
    game = finished(db, options={"target": 6000}, passphrase="open sesame")
    client.post(f"/games/{game}/unlock", data={"passphrase": "open sesame"})
    assert "Play again with the same players" in client.get(f"/games/{game}").get_data(as_text=True)
    first = client.post(f"/games/{game}/again")
    second = client.post(f"/games/{game}/again")  # the double tap
    assert first.status_code == second.status_code == 302
    assert first.location == second.location
    new = get_game(db, int(first.location.rsplit("/", 1)[1]))
    old = get_game(db, game)
    assert len(recent_games(db)) == 2
    for key in ("evening_id", "variant", "sides", "seats", "options", "passphrase_hash"):
        assert new[key] == old[key], key
    assert new["first_dealer"] == 3  # Cat (seat 1) dealt round 1, Bea round 2: Dee next
    assert client.get(first.location).status_code == 200  # this browser may score it


@pytest.mark.parametrize(("variant", "deal_moves"), [("classic", True), ("hand-and-foot", False)])
def test_play_again_speaks_of_the_deal_only_where_the_game_shows_a_dealer(
    client, db, variant, deal_moves
):
    page = client.get(f"/games/{finished(db, variant=variant)}").get_data(as_text=True)
    assert "A new game this evening: same players and house rules" in page
    assert ("the deal moving on" in page) is deal_moves
    assert ("deals</span>" in page or "dealt</small>" in page) is deal_moves


def test_same_table_again_is_guarded_and_only_for_a_finished_game(client, db, make_game):
    guarded = finished(db, passphrase="open sesame")
    assert client.post(f"/games/{guarded}/again").status_code == 403
    assert "Play again with the same players" not in client.get(f"/games/{guarded}").get_data(
        as_text=True
    )
    assert client.post("/games/999/again").status_code == 404
    assert client.post(f"/games/{make_game()}/again").status_code == 400
    open_game = finished(db)
    settings.set_app_passphrase_hash(db, hash_passphrase("table talk"))
    assert client.post(f"/games/{open_game}/again").status_code == 403
    assert len(recent_games(db)) == 3


def test_five_person_draws_for_new_seats_and_the_deal_moves_on(db):
    names = ["P1", "P2", "P3", "P4", "P5"]
    game = get_game(db, finished(db, "five-person", names, first_dealer=0))
    seats, dealer = next_seating(game, random.Random(4))
    assert sorted(seats) == names and seats != names
    assert seats[dealer] == names[game["round_count"] % 5]  # the one after the last dealer
    again = get_game(db, play_again(db, game["id"], random.Random(4)))
    assert again["seats"] == seats and again["sides"] == seats and again["first_dealer"] == dealer


# -- names ---------------------------------------------------------------------------


def test_evenings_are_named_by_date_and_players_everywhere(client, db, make_game):
    game = make_game()
    wanted = "Fri 20 Nov 2026 · Ann, Bea, Cat, Dee"
    for url in ("/evenings", "/evenings/1", "/evenings/1/print", f"/games/{game}"):
        assert wanted in client.get(url).get_data(as_text=True), url
    assert "evening 1" not in client.get("/evenings").get_data(as_text=True)


def test_rename_a_game(client, db, make_game):
    game = make_game()
    assert client.get(f"/games/{game}/rename").status_code == 200
    response = client.post(f"/games/{game}/rename", data={"name": "  The  decider "})
    assert response.status_code == 302
    for url in ("/", f"/games/{game}", "/evenings/1"):
        assert "The decider" in client.get(url).get_data(as_text=True), url
    bad = client.post(f"/games/{game}/rename", data={"name": "bad\x07name"})
    assert bad.status_code == 400 and 'value="bad\x07name"' in bad.get_data(as_text=True)
    assert client.get("/games/999/rename").status_code == 404
    guarded = finished(db, passphrase="open sesame")
    assert client.get(f"/games/{guarded}/rename").status_code == 403
    assert client.post(f"/games/{guarded}/rename", data={"name": "x"}).status_code == 403


def test_rename_a_player(client, db, make_game):
    game = make_game()
    ann = players.remember(db, "Ann")
    ok = client.post(f"/players/{ann}/rename", data={"name": "Annie"})
    assert ok.status_code == 302
    page = client.get(f"/players/{ann}").get_data(as_text=True)
    assert "<h1>Annie</h1>" in page and "keep their sides as they were named" in page
    assert get_game(db, game)["sides"] == ["Ann & Bea", "Cat & Dee"]  # as played
    taken = client.post(f"/players/{ann}/rename", data={"name": "bea"})
    html = taken.get_data(as_text=True)
    assert taken.status_code == 400 and "Bea is already a player&#39;s name" in html
    assert 'value="bea"' in html
    long = client.post(f"/players/{ann}/rename", data={"name": "x" * 41})
    assert long.status_code == 400 and 'value="' + "x" * 41 + '"' in long.get_data(as_text=True)
    assert client.post(f"/players/{ann}/rename", data={"name": "a\x00b"}).status_code == 400
    assert client.post("/players/999/rename", data={"name": "Zed"}).status_code == 404
    settings.set_app_passphrase_hash(db, hash_passphrase("table talk"))
    assert client.post(f"/players/{ann}/rename", data={"name": "Zed"}).status_code == 403
    assert players.player(db, ann)["name"] == "Annie"


# -- removing and undoing ---------------------------------------------------------------


def assert_tallies_match_a_recount(db):
    for player in [r["id"] for r in db.query("SELECT id FROM players")]:
        stats = statistics(db, player)
        for variant, want in recount_of_kept_games(db, player).items():
            assert {k: stats[variant][k] for k in want} == want
        assert set(stats) - {"all"} == set(recount_of_kept_games(db, player))


def recount_of_kept_games(db, player):
    """The tally test's recount from scratch, with removed games left out."""
    kept = "JOIN games g ON g.id = s.game_id AND g.removed_at IS NULL"
    found = {}
    for sql in (RECOUNT, ROUNDS):
        for row in db.query(sql.replace("JOIN games g ON g.id = s.game_id", kept), [player]):
            found.setdefault(row.pop("variant"), {}).update(row)
    return found


def test_remove_a_game_then_undo(client, db):
    game = finished(db)
    other = finished(db, "hand-and-foot")
    before = {p: statistics(db, p) for p in (1, 2, 3, 4)}
    confirm = client.get(f"/games/{game}/remove")
    assert confirm.status_code == 200 and "Remove this game?" in confirm.get_data(as_text=True)
    assert client.post(f"/games/{game}/remove", data={"by": "Bea"}).status_code == 302
    assert [g["id"] for g in recent_games(db)] == [other]
    assert statistics(db, 1)["all"]["played"] == before[1]["all"]["played"] - 1
    assert "classic" not in statistics(db, 1)
    assert_tallies_match_a_recount(db)
    assert "Canasta" not in client.get("/evenings").get_data(as_text=True).split("<ul")[1]
    history = client.get("/removals").get_data(as_text=True)
    assert "by Bea" in history and "<time datetime=" in history
    removal = removals.history(db)[0]["id"]
    assert client.post(f"/removals/{removal}/undo").status_code == 302
    assert {p: statistics(db, p) for p in (1, 2, 3, 4)} == before
    assert_tallies_match_a_recount(db)
    assert len(recent_games(db)) == 2
    assert "brought back" in client.get("/removals").get_data(as_text=True)


def test_remove_a_player_then_undo(client, db, make_game):
    game = make_game()
    dee = players.remember(db, "Dee")
    assert "Remove this player?" in client.get(f"/players/{dee}/remove").get_data(as_text=True)
    assert client.post(f"/players/{dee}/remove").status_code == 302
    assert "Dee" not in players.names(db)
    assert ">Dee<" not in client.get("/players").get_data(as_text=True)
    assert '"Dee"' not in client.get("/games/new/classic/4").get_data(as_text=True)
    assert "Cat &amp; Dee" in client.get(f"/games/{game}").get_data(as_text=True)
    assert get_game(db, game)["seats"] == ["Ann", "Cat", "Bea", "Dee"]
    client.post(f"/removals/{removals.history(db)[0]['id']}/undo")
    assert "Dee" in players.names(db)


def test_removal_routes_are_guarded_and_say_not_found(client, db):
    guarded = finished(db, passphrase="open sesame")
    assert client.get(f"/games/{guarded}/remove").status_code == 403
    assert client.post(f"/games/{guarded}/remove").status_code == 403
    for url in ("/games/999/remove", "/players/999/remove"):
        assert client.get(url).status_code == 404
    assert client.post("/removals/999/undo").status_code == 404
    removal = removals.remove_game(db, guarded, "a game")
    assert client.post(f"/removals/{removal}/undo").status_code == 403
    bad = client.post("/players/1/remove", data={"by": "x" * 41})
    assert bad.status_code == 400 and "x" * 41 in bad.get_data(as_text=True)
    settings.set_app_passphrase_hash(db, hash_passphrase("table talk"))
    assert client.post("/players/1/remove").status_code == 403
    player_removal = removals.remove_player(db, 2, "Cat")
    assert client.post(f"/removals/{player_removal}/undo").status_code == 403


# -- times and wording --------------------------------------------------------------------


def test_times_are_time_elements_in_utc(client, db, make_game):
    game = make_game()
    add_round(db, game, {"Ann & Bea": {"meld_points": 50}})
    page = client.get(f"/games/{game}/history").get_data(as_text=True)
    found = re.search(r'<time datetime="([^"]+)" data-local>([^<]+)</time>', page)
    assert found and found.group(1).endswith("+00:00") and found.group(2).endswith(" UTC")


def test_a_game_resumed_from_paper_counts_the_paper_rounds(client, db):
    evening = create_evening(db, "2026-11-21")
    game = create_game(db, evening_id=evening, variant="classic", sides=["A", "B"], players=2,
                       options={}, start={"totals": {"A": 4000}, "rounds": 4})  # fmt: skip
    add_round(db, game, {"A": {"natural_canastas": 2, "meld_points": 500}})  # 1500
    assert "Game over after 5 rounds." in client.get(f"/games/{game}").get_data(as_text=True)
