"""What the packs hold: the cards in play by class, the scarce kinds, the card-point fields."""

from __future__ import annotations

from .i18n import N_

# Cards of which the packs hold few, and what uses them up: the fields counting it,
# the cards each one takes, how many are in play, and the problem when a round counts
# more ("%(n)s makes %(seen)s ... this round, more than the %(most)s in play").
Scarce = tuple[tuple[str, ...], int, int, str]
SEVENS = N_("%(n)s makes %(seen)s sevens this round, more than the %(most)s in play")
WILD_CARDS = N_("%(n)s makes %(seen)s wild cards this round, more than the %(most)s in play")
BLACK_THREES = N_("%(n)s makes %(seen)s black threes this round, more than the %(most)s in play")
IN_CANASTAS = N_(
    "%(n)s makes %(seen)s cards in canastas this round, more than the %(most)s in play"
)
# The fields holding card points (the face value of cards): one round's, all sides
# together, may not exceed the value of all the cards in play. Bonuses and an
# adjustment are not card points.
CARD_POINT_FIELDS = ("meld_points", "hand_points", "foot_points", "weeper_points")
DECK = 54
# One deck by card class (a key of ``card_values``; a class a variant gives no value
# counts 0): 2 jokers, 4 twos, 4 aces, 24 cards 8 to K, 16 cards 4 to 7, 2 black and
# 2 red threes.
STANDARD_DECK = {
    "joker": 2,
    "two": 4,
    "ace": 4,
    "high": 24,
    "low": 16,
    "black_three": 2,
    "red_three": 2,
}
