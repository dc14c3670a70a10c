"""A game ended as it stood after a round (``ended_after``: time called at a club
night): over after that round whatever its own end, the highest totals winning,
equal ones sharing the win, and no round after it. Figures worked by hand."""

import pytest

from scorekeeper.scoring import ScoringError, score_from, score_game

US_OUT = {"meld_points": 120, "went_out": True, "mixed_canastas": 1}  # 120 + 300 + 100 = 520
THEM = {"meld_points": 60, "hand_points": 25}  # 60 - 25 = 35
THEM_OUT = {"meld_points": 95, "went_out": True, "mixed_canastas": 1}  # 95 + 300 + 100 = 495
US = {"meld_points": 30, "hand_points": 0}  # 30

CASES = [
    # (id, variant, ended_after, rounds, totals, finished, winners)
    (
        "classic after round 1",
        "classic",
        1,
        [{"Us": US_OUT, "Them": THEM}],
        (520, 35),
        True,
        ["Us"],
    ),
    (
        # 520 + 30 = 550 against 35 + 495 = 530: Us lead by 20 when time is called
        "classic after round 2",
        "classic",
        2,
        [{"Us": US_OUT, "Them": THEM}, {"Us": US, "Them": THEM_OUT}],
        (550, 530),
        True,
        ["Us"],
    ),
    (
        "not over before its last round",
        "classic",
        2,
        [{"Us": US_OUT, "Them": THEM}],
        (520, 35),
        False,
        [],
    ),
    ("ended between deals, no round", "classic", 0, [], (0, 0), True, ["Us", "Them"]),
    (
        # hand and foot plays four rounds; ended after one, 0 - 0 + a tie shares the win
        "hand and foot, a tie shares the win",
        "hand-and-foot",
        1,
        [{"Us": {"meld_points": 100}, "Them": {"meld_points": 100}}],
        (100, 100),
        True,
        ["Us", "Them"],
    ),
]


@pytest.mark.parametrize(
    ("variant", "after", "rounds", "totals", "finished", "winners"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_a_game_ended_as_it_stood(variant, after, rounds, totals, finished, winners):
    doc = {"variant": variant, "sides": ["Us", "Them"], "rounds": rounds, "ended_after": after}
    answer = score_game(doc)
    assert (answer["totals"]["Us"], answer["totals"]["Them"]) == totals
    assert answer["finished"] is finished
    assert answer["winners"] == winners


def test_no_round_after_the_end_and_scored_in_pieces_alike():
    doc = {"variant": "classic", "sides": ["Us", "Them"], "ended_after": 1}
    with pytest.raises(ScoringError, match="already finished after round 1"):
        score_game({**doc, "rounds": [{"Us": US_OUT, "Them": THEM}, {"Us": US, "Them": THEM}]})
    state = {"totals": {"Us": 0, "Them": 0}, "played": 0}
    whole = score_game({**doc, "rounds": [{"Us": US_OUT, "Them": THEM}]})
    assert score_from(doc, state, [{"Us": US_OUT, "Them": THEM}]) == whole


@pytest.mark.parametrize("after", [-1, "2", 1.5, True])
def test_ended_after_must_be_a_round_number(after):
    with pytest.raises(ScoringError) as raised:
        score_game({"variant": "classic", "sides": ["Us", "Them"], "ended_after": after})
    assert raised.value.field == "ended_after"
