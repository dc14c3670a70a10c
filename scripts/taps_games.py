"""The rounds ``scripts/taps.py`` enters, as data: each variant's typical round and a
whole game of it, in the JSON contract's field names (docs/api.md), no UI.

``sides`` are in the game's side order (seats 1 & 3 first in a two-team game; in
five-person each seat is a side). Absent fields are 0. Besides the counts and points a
round can carry what real rounds open folds for: ``concealed`` and ``dealer_bonus``
(classic), an ``adjustment`` with its ``note``, weeping's sevens and black threes.
"""

from __future__ import annotations

from typing import Any

TYPICAL: dict[str, dict[str, Any]] = {
    "classic": {
        "seats": ["Ann", "Cat", "Bea", "Dee"],
        "story": "4 players, two teams. Ann & Bea go out with a natural and a mixed canasta, "
        "one red three, 235 in melds; Cat & Dee have a mixed canasta, 150 in melds "
        "and 45 left in their hands.",
        "sides": [
            {
                "went_out": True,
                "natural_canastas": 1,
                "mixed_canastas": 1,
                "red_threes": 1,
                "meld_points": 235,
            },
            {"mixed_canastas": 1, "meld_points": 150, "hand_points": 45},
        ],
    },
    "hand-and-foot": {
        "seats": ["Ann", "Cat", "Bea", "Dee"],
        "story": "4 players, two teams. Ann & Bea go out with a clean and two dirty piles, "
        "one red three, 560 in melds, both feet played; Cat & Dee have a clean "
        "and a dirty pile, two red threes, 340 in melds, 85 in hand and one foot "
        "never picked up worth 120.",
        "sides": [
            {
                "went_out": True,
                "natural_canastas": 1,
                "mixed_canastas": 2,
                "red_threes": 1,
                "meld_points": 560,
            },
            {
                "natural_canastas": 1,
                "mixed_canastas": 1,
                "red_threes": 2,
                "meld_points": 340,
                "hand_points": 85,
                "foot_points": 120,
            },
        ],
    },
    "five-person": {
        "seats": ["Ann", "Bob", "Cat", "Dan", "Eve"],
        "story": "5 players, each a side. Ann goes out with a pure and an impure canasta, a "
        "kitty and 260 in melds; Bob has an impure canasta, 150 in melds, 35 in "
        "hand; Cat 95 in melds, 60 in hand; Dan a pure canasta, 140 in melds, 25 in "
        "hand; Eve the other kitty, 100 in melds, 70 in hand.",
        "sides": [
            {
                "went_out": True,
                "natural_canastas": 1,
                "mixed_canastas": 1,
                "kitties": 1,
                "meld_points": 260,
            },
            {"mixed_canastas": 1, "meld_points": 150, "hand_points": 35},
            {"meld_points": 95, "hand_points": 60},
            {"natural_canastas": 1, "meld_points": 140, "hand_points": 25},
            {"kitties": 1, "meld_points": 100, "hand_points": 70},
        ],
    },
    "weeping": {
        "seats": ["Ann", "Cat", "Bea", "Dee"],
        "story": "4 players, two teams. Ann & Bea go out with a natural and two dirty "
        "canastas (one laid out of the hand), two red threes, both weepers picked "
        "up, 640 in melds, 30 left in Bea's hand; Cat & Dee have a natural "
        "canasta, one red three, one weeper picked up, 310 in melds, 95 in hand "
        "plus a black three in hand, and Dee's weeper never picked up: 110 with a "
        "red three in it.",
        "sides": [
            {
                "went_out": True,
                "natural_canastas": 1,
                "mixed_canastas": 2,
                "canastas_from_hand": 1,
                "red_threes": 2,
                "weepers_picked_up": 2,
                "meld_points": 640,
                "hand_points": 30,
            },
            {
                "natural_canastas": 1,
                "red_threes": 1,
                "weepers_picked_up": 1,
                "meld_points": 310,
                "hand_points": 95,
                "black_threes_in_hand": 1,
                "weeper_points": 110,
                "red_threes_in_weeper": 1,
            },
        ],
    },
    "samba-foot": {
        "seats": ["Ann", "Cat", "Bea", "Dee"],
        "story": "4 players, two teams. Ann & Bea go out with two red, two black and one "
        "wild-card canasta and a samba, three red threes, 1180 in melds, 45 left "
        "in Bea's hand; Cat & Dee have a red and two black canastas, two red "
        "threes, 720 in melds, 60 in hand and one foot never reached worth 135.",
        "sides": [
            {
                "went_out": True,
                "natural_canastas": 2,
                "mixed_canastas": 2,
                "wild_canastas": 1,
                "sambas": 1,
                "red_threes": 3,
                "meld_points": 1180,
                "hand_points": 45,
            },
            {
                "natural_canastas": 1,
                "mixed_canastas": 2,
                "red_threes": 2,
                "meld_points": 720,
                "hand_points": 60,
                "foot_points": 135,
            },
        ],
    },
}


def _with(round_: dict[str, Any], *changes: dict[str, Any]) -> list[dict[str, Any]]:
    """The typical round's sides with some fields changed (None drops one)."""
    sides = []
    for side, change in zip(round_["sides"], changes, strict=True):
        merged = {**side, **change}
        sides.append({k: v for k, v in merged.items() if v is not None})
    return sides


# A whole game of each variant, round by round: the typical round, the other side
# going out, and the rounds that open a fold (concealed, the dealer's bonus, an
# adjustment with its note, sevens, black threes), played until the game ends.
GAMES: dict[str, list[list[dict[str, Any]]]] = {
    "classic": [
        TYPICAL["classic"]["sides"],
        [
            {"mixed_canastas": 1, "meld_points": 120, "hand_points": 60},
            {
                "went_out": True,
                "concealed": True,
                "natural_canastas": 1,
                "mixed_canastas": 1,
                "red_threes": 1,
                "meld_points": 180,
            },
        ],
        [
            {
                "went_out": True,
                "natural_canastas": 2,
                "mixed_canastas": 1,
                "meld_points": 310,
                "dealer_bonus": True,
            },
            {
                "mixed_canastas": 1,
                "red_threes": 2,
                "meld_points": 140,
                "hand_points": 35,
            },
        ],
        [
            {
                "went_out": True,
                "natural_canastas": 1,
                "mixed_canastas": 2,
                "red_threes": 1,
                "meld_points": 265,
            },
            {
                "natural_canastas": 1,
                "meld_points": 170,
                "hand_points": 55,
                "adjustment": -100,
                "note": "misdeal",
            },
        ],
        _with(TYPICAL["classic"], {"mixed_canastas": 2, "meld_points": 420}, {}),
    ],
    "hand-and-foot": [
        TYPICAL["hand-and-foot"]["sides"],
        [
            {
                "natural_canastas": 1,
                "mixed_canastas": 2,
                "red_threes": 1,
                "meld_points": 480,
                "hand_points": 65,
            },
            {"went_out": True, "natural_canastas": 2, "mixed_canastas": 2, "meld_points": 720},
        ],
        [
            {
                "went_out": True,
                "natural_canastas": 2,
                "mixed_canastas": 3,
                "red_threes": 2,
                "meld_points": 830,
            },
            {
                "natural_canastas": 1,
                "mixed_canastas": 2,
                "red_threes": 1,
                "meld_points": 510,
                "hand_points": 140,
                "foot_points": 95,
                "adjustment": -50,
                "note": "wrong foot",
            },
        ],
        _with(TYPICAL["hand-and-foot"], {"natural_canastas": 3, "meld_points": 940}, {}),
    ],
    "five-person": [
        TYPICAL["five-person"]["sides"],
        [
            {"mixed_canastas": 1, "meld_points": 130, "hand_points": 40},
            {"natural_canastas": 1, "meld_points": 160, "hand_points": 30},
            {
                "went_out": True,
                "natural_canastas": 1,
                "mixed_canastas": 1,
                "kitties": 1,
                "meld_points": 240,
            },
            {"meld_points": 90, "hand_points": 55},
            {"kitties": 1, "meld_points": 110, "hand_points": 45},
        ],
        [
            {"natural_canastas": 1, "meld_points": 150, "hand_points": 20},
            {
                "went_out": True,
                "natural_canastas": 1,
                "mixed_canastas": 1,
                "kitties": 1,
                "meld_points": 270,
            },
            {
                "mixed_canastas": 1,
                "meld_points": 120,
                "hand_points": 35,
                "adjustment": -100,
                "note": "misdeal",
            },
            {"meld_points": 80, "hand_points": 65},
            {"kitties": 1, "meld_points": 100, "hand_points": 50},
        ],
        [
            {"meld_points": 85, "hand_points": 70},
            {"mixed_canastas": 1, "meld_points": 140, "hand_points": 25},
            {"natural_canastas": 1, "kitties": 1, "meld_points": 150, "hand_points": 40},
            {
                "went_out": True,
                "natural_canastas": 2,
                "mixed_canastas": 1,
                "kitties": 1,
                "meld_points": 310,
            },
            {"mixed_canastas": 1, "meld_points": 110, "hand_points": 30},
        ],
    ],
    "weeping": [
        TYPICAL["weeping"]["sides"],
        [
            {
                "natural_canastas": 1,
                "mixed_canastas": 1,
                "red_threes": 1,
                "weepers_picked_up": 2,
                "meld_points": 380,
                "hand_points": 70,
            },
            {
                "went_out": True,
                "natural_canastas": 1,
                "mixed_canastas": 1,
                "sevens_canastas": 1,
                "red_threes": 2,
                "weepers_picked_up": 2,
                "meld_points": 720,
            },
        ],
        [
            {
                "went_out": True,
                "natural_canastas": 2,
                "mixed_canastas": 1,
                "canastas_from_hand": 1,
                "red_threes": 1,
                "weepers_picked_up": 2,
                "meld_points": 690,
            },
            {
                "mixed_canastas": 1,
                "red_threes": 2,
                "weepers_picked_up": 1,
                "meld_points": 260,
                "hand_points": 80,
                "black_threes_in_hand": 2,
                "weeper_points": 95,
                "red_threes_in_weeper": 1,
            },
        ],
        _with(
            TYPICAL["weeping"],
            {"natural_canastas": 2, "meld_points": 780},
            {"adjustment": -100, "note": "misdeal"},
        ),
        TYPICAL["weeping"]["sides"],
    ],
    "samba-foot": [
        TYPICAL["samba-foot"]["sides"],
        [
            {
                "natural_canastas": 2,
                "mixed_canastas": 2,
                "red_threes": 2,
                "meld_points": 940,
                "hand_points": 55,
            },
            {
                "went_out": True,
                "natural_canastas": 2,
                "mixed_canastas": 2,
                "wild_canastas": 1,
                "sambas": 1,
                "red_threes": 3,
                "meld_points": 1240,
                "hand_points": 35,
            },
        ],
        [
            {
                "went_out": True,
                "natural_canastas": 3,
                "mixed_canastas": 2,
                "wild_canastas": 1,
                "sambas": 2,
                "red_threes": 2,
                "meld_points": 1420,
                "hand_points": 60,
            },
            {
                "natural_canastas": 2,
                "mixed_canastas": 1,
                "red_threes": 3,
                "meld_points": 860,
                "hand_points": 80,
                "foot_points": 150,
                "adjustment": -100,
                "note": "misdeal",
            },
        ],
    ],
}
# Five players score less a round each: the game goes on with the same rounds, each
# player's cards passed to the next seat.
GAMES["five-person"] += [rounds[1:] + rounds[:1] for rounds in GAMES["five-person"][:4]]
GAMES["five-person"].append(TYPICAL["five-person"]["sides"])  # Ann goes out past 4000
