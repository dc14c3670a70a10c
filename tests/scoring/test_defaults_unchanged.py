"""With every new house rule at its default, every score is what it was before
they were added: the engine's answers to 120 frozen games (``frozen_games.py``,
answered by the engine as it was), and a property over games drawn afresh: the
same game with the new options absent, or given at their defaults, answers alike."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from scorekeeper.scoring import VARIANTS, score_game

from .frozen_games import draw_game

FROZEN = json.loads((Path(__file__).parent / "data" / "frozen_answers.json").read_text())
# The options the family house rules added, at their defaults, by variant.
NEW_OPTIONS = {
    "hand-and-foot": {
        "extra_decks": 0,
        "wild_ratio": "one_more_natural",
        "perfect_draw": 0,
        "sevens_canasta": 0,
        "wild_canasta": 0,
        "black_threes_canasta": 0,
        "target": 0,
        "going_out": 100,
        "out_natural_canastas": 1,
        "out_mixed_canastas": 1,
    },
    "samba-foot": {"out_sambas": 0, "sevens_any_colour": False},
}


@pytest.mark.parametrize("frozen", FROZEN, ids=lambda f: f["game"]["variant"])
def test_every_frozen_game_answers_as_before(frozen):
    assert score_game(frozen["game"]) == frozen["answer"]


def test_the_frozen_games_cover_every_variant_and_the_new_sides():
    assert {f["game"]["variant"] for f in FROZEN} == set(VARIANTS)
    assert sum(len(f["game"]["rounds"]) for f in FROZEN) > 250


@settings(max_examples=60, deadline=None)
@given(chance=st.randoms(use_true_random=False), variant_id=st.sampled_from(list(NEW_OPTIONS)))
def test_new_options_at_their_defaults_change_no_score(chance, variant_id):
    game = draw_game(VARIANTS[variant_id], chance)
    defaults = NEW_OPTIONS[variant_id]
    zeros = [
        {side: {**fields, **ZERO_FIELDS[variant_id]} for side, fields in r.items()}
        for r in game["rounds"]
    ]
    assert score_game({**game, "options": defaults}) == score_game(game)
    assert score_game({**game, "rounds": zeros}) == score_game(game)


# The new fields, entered as 0 (a game that does not play them leaves them so).
ZERO_FIELDS = {
    "hand-and-foot": {
        "sevens_canastas": 0,
        "wild_canastas": 0,
        "black_threes_canastas": 0,
        "perfect_draws": 0,
    },
    "samba-foot": {},
}
