"""The scoring engine for every built-in variant. Pure: no Flask, no database.

``score_game(document)`` takes the game document of docs/api.md and gives its answer;
``VARIANTS`` holds the variants by id; ``get_variant(id)`` finds one.
"""

from __future__ import annotations

from .engine import Answer, RoundAnswer, State, card_points, score_from, score_game, state_after
from .errors import ScoringError
from .fields import FIELDS, Field
from .registry import VARIANTS, get_variant
from .rules import Option
from .variant import Variant

__all__ = [
    "FIELDS",
    "VARIANTS",
    "Answer",
    "Field",
    "Option",
    "RoundAnswer",
    "ScoringError",
    "State",
    "Variant",
    "card_points",
    "get_variant",
    "score_from",
    "score_game",
    "state_after",
]
