"""What the round screen shows besides its form: the screen's state, which fields
each side shows and where, the totals before the round, the engine's problems with
a round being typed and the round as it would score. The round entry pages
(``pages/rounds.py``) and the phone's page (``pages/table.py``) lay it out."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ...data.games import games
from ...scoring import ScoringError, Variant, get_variant, score_game
from ...scoring.document import read_game, round_problems
from ...scoring.fields import CANASTA_CARDS
from ..forms import round_errors, round_form
from . import board


@dataclass
class Screen:
    """What the round screen shows besides the form. The game's rounds and the
    engine's answer are read when first needed: a save that succeeds never needs
    them (so it costs the same in a long game)."""

    game: games.Game
    number: int  # the round's place among the rounds entered here
    stored: games.Round | None  # the round being corrected
    read: Callable[[], tuple[list[games.Round], Any]]  # the rounds played, the answer
    preview: dict[str, Any] | None = None
    clash: games.Round | None = None  # another phone's version of the round
    already_saved: int | None = None  # the round number someone saved first
    closed: bool = False  # a screen opened for a round that is saved already: no form
    late: bool = False  # a new round's form posted for a round saved since (Back, then Save)
    confirm_empty: bool = False
    out_claims: list[int] = field(default_factory=list)  # phones that all say "we went out"
    status: int = 200
    notes: list[str] = field(default_factory=list)
    differences: list[Any] = field(default_factory=list)  # a phone's numbers not yet chosen
    kept: list[Any] = field(default_factory=list)  # numbers kept over a phone's, for history
    query: dict[str, Any] | None = None  # a phone's open query of the round being corrected
    corrected: list[Any] = field(default_factory=list)  # where the query's numbers differ

    @classmethod
    def of(
        cls,
        game: games.Game,
        played: list[games.Round],
        number: int,
        stored: games.Round | None = None,
        answer: Any = None,
    ) -> Screen:
        """The screen of a game whose rounds (and answer) were read already."""
        return cls(game, number, stored, lambda: (played, answer))

    @cached_property
    def scored(self) -> tuple[list[games.Round], Any]:
        return self.read()

    @property
    def played(self) -> list[games.Round]:
        return self.scored[0]

    @property
    def answer(self) -> Any:
        return self.scored[1]


def layout(variant: Variant, rules: Any, board_: board.Board, screen: Screen) -> dict[str, Any]:
    """Which fields each side shows, and where: the common ones open, the rare
    ones folded away; the dealer bonus only on the dealer's side."""
    saved = screen.number <= len(board_.rounds)  # a correction, or saved since it was opened
    turn = board_.rounds[screen.number - 1]["turn"] if saved else board_.next_turn
    dealer_side = next(
        (s for s, names in board_.members.items() if turn.dealer and turn.dealer in names), None
    )
    fields = round_form.side_fields(variant, rules)
    return {
        "points": [f for f in fields if f.endswith("_points")],
        "counts": [f for f in fields if not f.endswith("_points") and f not in variant.rare_fields],
        "rare": [f for f in fields if f in variant.rare_fields and f != "dealer_bonus"],
        "dealer_bonus": "dealer_bonus" in fields,
        "dealer_side": dealer_side,
        "spared": round_form.spared_when_out(variant, rules),
        # set on choosing who went out: what this round needs (it may rise by round)
        "out_least": round_form.out_least(variant, rules, board_.offset + screen.number),
        "in_weeper": list(getattr(variant, "in_weeper", ())),  # none once all wept
        # a weeper is picked up after closing a canasta: the ticks follow these counts
        "canastas": [f for f in CANASTA_CARDS if f in fields],
        "before": totals_before(board_, screen.number),
    }


def totals_before(board_: board.Board, number: int) -> dict[str, int]:
    """Each side's running total before round ``number`` (entered here)."""
    if number > len(board_.rounds):
        return dict(board_.totals)
    if number == 1:
        return {s: board_.start.get(s, 0) for s in board_.sides}
    return dict(board_.rounds[number - 2]["running"])


def label(game: games.Game, number: int) -> int:
    """A stored round's number in the game: after those played on paper."""
    return int(game["start"].get("rounds", 0)) + number


def preview_scores(
    game: games.Game, played: list[games.Round], number: int, entries: Any
) -> dict[str, Any]:
    """The round as it would score, without storing it; with ``shares``, each
    side's own part and its partner's where a round score holds both (five-person)."""
    # each round keeps what it is grandfathered for; so does the one being corrected
    kept = played[number - 1].get("grandfathered") if number <= len(played) else None
    rounds = [*played[: number - 1], {"entries": entries, "grandfathered": kept}, *played[number:]]
    doc = games.document(game, rounds)
    result: dict[str, Any] = dict(score_game(doc)["rounds"][number - 1])
    result["shares"] = get_variant(game["variant"]).shares(game["sides"], result["breakdown"])
    return result


def engine_problems(screen: Screen, entries: dict[str, Any]) -> list[ScoringError]:
    """Every problem the engine finds in the round by itself, all at once."""
    stored = [screen.stored] if screen.stored else []  # a correction keeps its grandfathering
    kept = games.grandfathered(screen.game, stored, screen.number)
    game = read_game({**games.document(screen.game, []), "grandfathered": kept})
    return round_problems(game, label(screen.game, screen.number), entries)


def round_form_problems(
    game: games.Game, played: list[games.Round], number: int, entries: dict[str, Any]
) -> list[dict[str, Any]]:
    """The engine's problems with a round being typed, as the preview lists them."""
    problems = engine_problems(Screen.of(game, played, number), entries)
    if not problems:
        try:
            preview_scores(game, played, number, entries)
        except ScoringError as error:
            problems = [error]
    variant = get_variant(game["variant"])
    return [
        {"text": round_errors.problem_text(p, variant), "side": p.side, "field": p.field}
        for p in problems
    ]
