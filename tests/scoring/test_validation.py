"""Every invalid document the contract (docs/api.md) lists gets one clear line, never a traceback."""

import pytest

from scorekeeper.scoring import VARIANTS, ScoringError, score_game

AB = ["Ann & Bea", "Cat & Dee"]


def doc(variant="classic", rounds=(), **top):
    return {"variant": variant, "sides": AB, "rounds": list(rounds), **top}


def r(variant="classic", **fields):
    """A one-round document where the second side has ``fields``."""
    return doc(variant, [{"Cat & Dee": fields}])


KNOWN = ", ".join(VARIANTS)  # the registry's ids, in its order
CASES = [
    ("not-an-object", [1, 2], "the game document must be a JSON object"),
    ("unknown-top", {**doc(), "colour": 1},
     "colour: unknown field (expected variant, sides, players, options, rounds, start, grandfathered, ended_after)"),
    ("no-variant", {"sides": AB}, "variant: missing: name one of the variants"),
    ("unknown-variant", doc("gin"), f"variant: 'gin' is not a known variant ({KNOWN})"),
    ("sides-not-list", {**doc(), "sides": "Ann"}, "sides: must be a list of names"),
    ("side-empty", {**doc(), "sides": ["Ann", " "]}, "sides: a side's name may not be empty"),
    ("side-twice", {**doc(), "sides": ["Ann", "Ann"]}, 'sides: "Ann" is named twice'),
    ("too-many-sides", {**doc(), "sides": list("ABCD")},
     "sides: classic is played by 2 or 3 sides, not 4"),
    ("samba-three-sides", {**doc("samba-foot"), "sides": list("ABC")},
     "sides: samba-foot is played by 2 sides, not 3"),
    ("players-unknown", doc(players=7), "players: 7 is not allowed in classic (2, 3, 4, 5, 6)"),
    ("players-bool", doc(players=True), "players: True is not allowed in classic (2, 3, 4, 5, 6)"),
    ("players-vs-sides", doc(players=3), "sides: 3 players play classic as 3 sides, not 2"),
    ("weeping-five", doc("weeping", players=5), "players: 5 is not allowed in weeping (4, 6)"),
    ("options-not-object", doc(options=[]), "options: must be an object"),
    ("unknown-option", doc(options={"rounds": 4}), "options: rounds: not an option of classic"),
    ("option-negative", doc(options={"natural_canasta": -5}),
     "options: natural_canasta: -5 is negative"),
    ("option-zero-target", doc(options={"target": 0}), "options: target: 0 is below 1"),
    ("option-flag", doc("samba-foot", options={"red_sevens": 1}),
     "options: red_sevens: must be true or false, not 1"),
    ("option-thresholds", doc(options={"opening": [[0, 50], [None, 90]]}),
     "options: opening: None is not a score (only the first threshold may be null)"),
    ("option-thresholds-fall", doc(options={"opening": [[0, 50], [0, 90]]}),
     "options: opening: the lowest scores must rise"),
    ("option-by-round", doc("hand-and-foot", options={"opening": []}),
     "options: opening: must be a non-empty list"),
    ("weeping-target", doc("weeping", options={"target": 4000}),
     "options: target: 4000 must lie above the last opening threshold, 5000"),
    ("rounds-not-list", {**doc(), "rounds": {}}, "rounds: must be a list of rounds"),
    ("round-not-object", doc(rounds=[[]]), "round 1: must be an object of sides and their fields"),
    ("unknown-side", doc(rounds=[{}, {"Eve": {}}]),
     'round 2: side "Eve" is not one of the game\'s sides'),
    ("side-not-object", doc(rounds=[{"Ann & Bea": 5}]),
     'round 1, side "Ann & Bea": must be an object of fields'),
    ("unknown-field", r(sevens=1), 'round 1, side "Cat & Dee": sevens: unknown field'),
    ("unused-field", r(foot_points=5), 'round 1, side "Cat & Dee": foot_points: not scored in classic'),
    ("red-threes-five-person", doc("five-person", [{"A": {"red_threes": 1}}], sides=list("ABCDE")),
     'round 1, side "A": red_threes: not scored in five-person'),
    ("negative-count", r(mixed_canastas=-1), 'round 1, side "Cat & Dee": mixed_canastas: -1 is negative'),
    ("negative-points", r(hand_points=-5), 'round 1, side "Cat & Dee": hand_points: -5 is negative'),
    ("float", r(meld_points=230.0), 'round 1, side "Cat & Dee": meld_points: must be a whole number, not 230.0'),
    ("string", r(red_threes="2"), "round 1, side \"Cat & Dee\": red_threes: must be a whole number, not '2'"),
    ("bool-count", r(red_threes=True), 'round 1, side "Cat & Dee": red_threes: must be a whole number, not True'),
    ("int-flag", r(went_out=1), 'round 1, side "Cat & Dee": went_out: must be true or false, not 1'),
    ("not-multiple-of-5", r(meld_points=232),
     'round 1, side "Cat & Dee": meld_points: 232 is not a multiple of 5 (every card is worth a multiple of 5)'),
    ("huge-points", r(meld_points=10**9), 'round 1, side "Cat & Dee": meld_points: 1000000000 is more than 100000'),
    ("huge-count", r(red_threes=10**6), 'round 1, side "Cat & Dee": red_threes: 1000000 is more than 1000'),
    ("red-threes-one-side", r(red_threes=5),
     'round 1, side "Cat & Dee": red_threes: 5 is more than the 4 red threes in play'),
    ("red-threes-together", doc(rounds=[{"Ann & Bea": {"red_threes": 3}, "Cat & Dee": {"red_threes": 2}}]),
     'round 1, side "Cat & Dee": red_threes: 2 makes 5 red threes this round, more than the 4 in play'),
    ("red-threes-hand-and-foot", r("hand-and-foot", red_threes=9),
     'round 1, side "Cat & Dee": red_threes: 9 is more than the 8 red threes in play'),
    ("red-threes-samba", r("samba-foot", red_threes=11),
     'round 1, side "Cat & Dee": red_threes: 11 is more than the 10 red threes in play'),
    ("red-threes-weeping-hand-and-weeper",
     doc("weeping", [{"Ann & Bea": {"red_threes": 4}, "Cat & Dee": {"red_threes_in_hand": 1,
                                                                   "red_threes_in_weeper": 2}}]),
     'round 1, side "Cat & Dee": red_threes_in_weeper: 2 makes 7 red threes this round, more than the 6 in play'),
    ("canastas-beyond-the-packs", r(natural_canastas=16),
     'round 1, side "Cat & Dee": natural_canastas: 16 canastas need more than the 108 cards in play'),
    ("weepers", r("weeping", weepers_picked_up=3),
     'round 1, side "Cat & Dee": weepers_picked_up: 3 is more than the 2 players on a side'),
    ("two-out", doc(rounds=[{"Ann & Bea": {"natural_canastas": 1, "went_out": True},
                             "Cat & Dee": {"natural_canastas": 1, "went_out": True}}]),
     'round 1, side "Cat & Dee": went_out: only one side can go out; "Ann & Bea" already did'),
    ("concealed-not-out", r(concealed=True, natural_canastas=1),
     'round 1, side "Cat & Dee": concealed: a side can only go out concealed if it went out'),
    ("out-without-canasta", r(went_out=True),
     'round 1, side "Cat & Dee": went_out: going out needs at least 1 canasta, this side has 0'),
    ("red-sevens-off", r("samba-foot", red_sevens_canastas=1),
     'round 1, side "Cat & Dee": red_sevens_canastas: red-sevens canastas are off in this game (the red_sevens option)'),
    ("after-the-end", doc("hand-and-foot", [{}] * 5),
     "round 5: the game already finished after round 4"),
    ("start-not-object", doc(start=[]), 'start: must be {"totals": {side: points}, "rounds": n}'),
    ("start-unknown-side", doc(start={"totals": {"Eve": 5}}), 'start: totals: side "Eve" is not one of the game\'s sides'),
    ("start-not-multiple", doc(start={"totals": {"Cat & Dee": -12}}), 'start: totals: "Cat & Dee": -12 is not a multiple of 5'),
    ("start-rounds", doc(start={"rounds": -1}), "start: rounds: -1 is negative"),
    ("start-finished", doc("hand-and-foot", [{}], start={"rounds": 4}),
     "round 5: the game already finished after round 4"),
]  # fmt: skip


@pytest.mark.parametrize(("document", "message"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_invalid_document_is_named_in_one_line(document, message):
    with pytest.raises(ScoringError) as caught:
        score_game(document)
    assert str(caught.value) == message
    assert "\n" not in str(caught.value)


def test_error_keeps_its_parts_for_forms():
    with pytest.raises(ScoringError) as caught:
        score_game(r(red_threes=5))
    error = caught.value
    assert (error.round, error.side, error.field) == (1, "Cat & Dee", "red_threes")
    assert error.problem == "5 is more than the 4 red threes in play"


def test_the_example_in_rules_md_is_valid():
    answer = score_game(r(mixed_canastas=1, meld_points=185, hand_points=65))
    assert answer["rounds"][0]["scores"]["Cat & Dee"] == 420
