"""The catalogue of per-side round fields. A variant picks the ones it scores.

Kinds: ``count`` (whole number >= 0), ``points`` (whole number >= 0, a multiple
of 5: face value of cards), ``flag`` (true/false), ``signed`` (a whole number,
negative or positive, a multiple of 5, within ``ADJUSTMENT_LIMIT``) and ``text``
(at most ``NOTE_LIMIT`` characters, no control characters).

``EVERY_VARIANT`` are the fields every variant takes besides its own: the table's
adjustment and its note.
"""

from __future__ import annotations

from dataclasses import dataclass

COUNT_LIMIT = 1000
POINTS_LIMIT = 100_000
ADJUSTMENT_LIMIT = 10_000
NOTE_LIMIT = 200
EVERY_VARIANT = ("adjustment", "note")


@dataclass(frozen=True)
class Field:
    name: str
    kind: str  # "count" | "points" | "flag"
    label: str
    help: str = ""

    @property
    def default(self) -> int | bool | str:
        if self.kind == "flag":
            return False
        return "" if self.kind == "text" else 0


FIELDS: dict[str, Field] = {
    f.name: f
    for f in [
        Field("meld_points", "points", "Meld points", "card points on the table"),
        Field("hand_points", "points", "Hand points", "card points left in hand"),
        Field("foot_points", "points", "Foot points", "card points in feet not picked up"),
        Field("weeper_points", "points", "Weeper points", "card points in weepers not picked up"),
        Field("went_out", "flag", "Went out"),
        Field("concealed", "flag", "Went out concealed", "no earlier meld but red threes"),
        Field("dealer_bonus", "flag", "Dealer bonus", "dealer picked up exactly the right number"),
        Field("natural_canastas", "count", "Natural canastas"),
        Field("mixed_canastas", "count", "Mixed canastas"),
        Field("wild_canastas", "count", "Wild-card canastas"),
        Field("sevens_canastas", "count", "Canastas of sevens"),
        Field("black_threes_canastas", "count", "Black-threes canastas"),
        Field("sambas", "count", "Sambas"),
        Field("red_sevens_canastas", "count", "Red-sevens canastas"),
        Field("super_canastas_pure", "count", "Pure super canastas"),
        Field("super_canastas_impure", "count", "Impure super canastas"),
        Field("canastas_from_hand", "count", "Canastas out of hand"),
        Field("kitties", "count", "Kitties picked up"),
        Field(
            "perfect_draws",
            "count",
            "Perfect draws",
            "players who picked exactly the cards for their hand and foot",
        ),
        Field("red_threes", "count", "Red threes laid"),
        Field("weepers_picked_up", "count", "Weepers picked up"),
        Field("black_threes_in_hand", "count", "Black threes in hand"),
        Field("red_threes_in_hand", "count", "Red threes in hand"),
        Field("red_threes_in_weeper", "count", "Red threes in weeper"),
        Field("black_threes_in_weeper", "count", "Black threes in weeper"),
        Field(
            "adjustment",
            "signed",
            "Adjustment",
            "points the table adds or takes off (a penalty, a misdeal), not card points",
        ),
        Field("note", "text", "Note", "why the adjustment was made"),
    ]
}

# How many cards each kind of canasta needs: bounds a count by the cards in play.
CANASTA_CARDS = {
    "natural_canastas": 7,
    "mixed_canastas": 7,
    "wild_canastas": 7,
    "sevens_canastas": 7,
    "black_threes_canastas": 7,
    "sambas": 7,
    "red_sevens_canastas": 7,
    "super_canastas_pure": 13,
    "super_canastas_impure": 13,
}
