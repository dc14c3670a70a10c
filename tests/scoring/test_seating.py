"""Seats, sides, the dealer and who sits out."""

import pytest

from scorekeeper.scoring import get_variant
from scorekeeper.scoring.seating import side_names, turn


@pytest.mark.parametrize(
    ("variant", "seats", "sides"),
    [("classic", "Ann Cat Bea Dee", ["Ann & Bea", "Cat & Dee"]),
     ("classic", "Ann Bob Cy", ["Ann", "Bob", "Cy"]),
     ("classic", "A B C D E", ["A & C & E", "B & D"]),
     ("weeping", "A B C D E F", ["A & D", "B & E", "C & F"]),
     ("samba-foot", "A B C D E F", ["A & C & E", "B & D & F"]),
     ("hand-and-foot", "A B C", ["A", "B", "C"]),
     ("hand-and-foot", "A B C D E F", ["A & C & E", "B & D & F"]),
     ("five-person", "A B C D E", ["A", "B", "C", "D", "E"])],
)  # fmt: skip
def test_partners_sit_alternately(variant, seats, sides):
    assert side_names(get_variant(variant), seats.split()) == sides


def test_deal_passes_clockwise():
    seats = ["Ann", "Cat", "Bea", "Dee"]
    dealers = [turn(get_variant("classic"), seats, 2, n).dealer for n in range(1, 6)]
    assert dealers == ["Bea", "Dee", "Ann", "Cat", "Bea"]


def test_five_player_classic_rotates_who_sits_out_of_the_team_of_three():
    seats = list("ABCDE")
    out = [turn(get_variant("classic"), seats, 0, n).sits_out for n in range(1, 5)]
    assert out == ["A", "C", "E", "A"]
    assert turn(get_variant("classic"), seats[:4], 0, 1).sits_out is None
