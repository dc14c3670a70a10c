"""Which evening a new game joins: the same players' evening that
day; a second table the same night (other players) starts its own; "Same table
again" keeps the evening and carries the seats on."""

import pytest

from scorekeeper.data.connection import migrate
from scorekeeper.data.games.evenings import (
    NEW_EVENING,
    TABLE_EVENING,
    create_evening,
    evening_for,
    table_evening,
)
from scorekeeper.data.games.games import create_game, get_game, play_again
from scorekeeper.data.games.removals import remove_game
from scorekeeper.data.games.rounds import add_round
from scorekeeper.scoring import get_variant
from scorekeeper.scoring.seating import side_names

DAY = "2026-11-20"
TABLE_A = ["Ann", "Cat", "Bea", "Dee"]
TABLE_B = ["Eve", "Gus", "Fay", "Hal"]


@pytest.fixture
def db(tmp_path):
    found = migrate(tmp_path / "evenings.sqlite")
    yield found
    found.close()


def start(db, seats, chosen=TABLE_EVENING, day=DAY, variant="classic"):
    """A game as the new-game form starts it: its evening chosen by ``evening_for``."""
    evening = evening_for(db, day, seats, chosen)
    sides = side_names(get_variant(variant), seats)
    return create_game(db, evening_id=evening, variant=variant, sides=sides,
                       players=len(seats), options={}, seats=seats)  # fmt: skip


def evening_of(db, game_id):
    return get_game(db, game_id)["evening_id"]


def test_the_same_players_join_their_evening(db):
    first = start(db, TABLE_A)
    # the same four, in other seats and another case, in another variant
    again = start(db, ["cat", "Ann", "DEE", "Bea"], variant="samba-foot")
    assert evening_of(db, again) == evening_of(db, first)


def test_a_second_table_the_same_night_starts_its_own_evening(db):
    a = start(db, TABLE_A)
    b = start(db, TABLE_B)
    assert evening_of(db, b) != evening_of(db, a)
    # each table goes on in its own evening, whichever started last
    assert evening_of(db, start(db, TABLE_A)) == evening_of(db, a)
    assert evening_of(db, start(db, TABLE_B)) == evening_of(db, b)


@pytest.mark.parametrize(
    "seats",
    [TABLE_A[:3] + ["Eve"],  # one player changed
     TABLE_A[:2] + ["Bea"],  # one fewer (three playing)
     TABLE_A + ["Eve"]],  # one more
)  # fmt: skip
def test_other_players_are_another_table(db, seats):
    a = start(db, TABLE_A)
    assert table_evening(db, DAY, seats) is None
    assert evening_of(db, start(db, seats)) != evening_of(db, a)


def test_another_day_is_another_evening(db):
    a = start(db, TABLE_A)
    assert evening_of(db, start(db, TABLE_A, day="2026-11-21")) != evening_of(db, a)


def test_a_new_evening_or_a_chosen_one_when_the_scorer_says_so(db):
    a = start(db, TABLE_A)
    fresh = start(db, TABLE_A, chosen=NEW_EVENING)
    assert evening_of(db, fresh) != evening_of(db, a)
    other = create_evening(db, DAY, "Cup night")
    assert evening_of(db, start(db, TABLE_B, chosen=other)) == other
    # the latest game of these players decides: they now play in the new evening
    assert evening_of(db, start(db, TABLE_A)) == evening_of(db, fresh)


def test_a_removed_game_does_not_hold_its_table(db):
    a = start(db, TABLE_A)
    remove_game(db, a, "a game")
    assert table_evening(db, DAY, TABLE_A) is None


def test_same_table_again_keeps_the_evening_and_carries_the_seats(db):
    b = start(db, TABLE_B)
    a = start(db, TABLE_A)
    for _ in range(2):
        add_round(db, a, {"Ann & Bea": {"natural_canastas": 3, "mixed_canastas": 2,
                                        "red_threes": 2, "meld_points": 700}})  # fmt: skip
    assert get_game(db, a)["finished"]
    following = get_game(db, play_again(db, a))
    assert following["evening_id"] == evening_of(db, a) != evening_of(db, b)
    assert following["seats"] == TABLE_A and following["sides"] == get_game(db, a)["sides"]
