"""What the scoreboard shows, worked out from a game, its rounds and the
engine's answer, in the page's language. No database."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ...scoring import Answer, ScoringError, Variant, get_variant
from ...scoring.adjustments import adjustment_in
from ...scoring.grandfather import breaches
from ...scoring.rules import CHOICES, TOPICS, AfterRounds, ByScore, ReachTarget
from ...scoring.seating import Turn, teams, turn
from ..http.i18n import _, gettext, number
from . import charts, figures
from .labels import mid_sentence


@dataclass
class Board:
    variant: Variant
    sides: list[str]
    members: dict[str, list[str]]
    totals: dict[str, int]
    opening: dict[str, int]
    rounds: list[dict[str, Any]]  # number, version, scores, breakdown, running totals
    next_round: int
    next_turn: Turn
    rounds_left: int | None
    finished: bool
    winners: list[str]
    house: list[dict[str, Any]] = field(default_factory=list)
    leader: str | None = None
    offset: int = 0  # rounds played on paper before the game came here
    start: dict[str, int] = field(default_factory=dict)  # and the totals then
    chart: Any = None
    partners: list[tuple[str, str, str]] = field(default_factory=list)  # player, partner, rentrap

    winning_players: int = 0  # how many people won: "Ann & Cat win!", "Ann wins!"
    rules: Any = None  # the game's rule values
    entries: list[dict[str, Any]] = field(default_factory=list)  # each round as entered

    @cached_property
    def figures(self) -> list[dict[str, Any]]:
        """Each side's figures for the game so far (``shown/figures.py``), worked
        out only when a page shows them."""
        return figures.rows(self.variant, self.rules, self.sides, self.entries, self.rounds)


def members_of(game: dict[str, Any], variant: Variant) -> dict[str, list[str]]:
    """Each side's players, in seat order (none if the seats were not named)."""
    seats = game["seats"]
    if not seats:
        return {}
    return dict(zip(game["sides"], teams(variant, seats, len(game["sides"])), strict=False))


def winning_players(game: dict[str, Any], members: dict[str, list[str]], winners: list[str]) -> int:
    """How many people the winning sides are ("Ann & Cat win!", "Ann wins!"); a side
    whose seats were not named stands for its share of the game's players.

    >>> winning_players({"players": 4, "sides": ["Us", "Them"]}, {}, ["Us"])
    2
    >>> winning_players({"players": 5, "sides": list("ABCDE")}, {"A": ["A"]}, ["A"])
    1
    """
    each = max(1, int(game.get("players") or 0) // max(1, len(game["sides"])))
    return sum(len(members.get(side) or []) or each for side in winners)


def adjusted(breakdown: dict[str, list[Any]]) -> dict[str, tuple[int, str]]:
    """The sides of a round with an adjustment: its points and note, for the mark
    on the scoreboard's round row."""
    found = {side: adjustment_in(lines) for side, lines in breakdown.items()}
    return {side: a for side, a in found.items() if a is not None}


def kept_despite(game: dict[str, Any], row: dict[str, Any], offset: int) -> list[ScoringError]:
    """What each check added after a stored round was played, and that the round
    is kept despite (grandfathered), says of it; none for almost every round."""
    names = row.get("grandfathered") or []
    if not names or "entries" not in row:
        return []
    head = {key: game[key] for key in ("variant", "sides", "players", "options")}
    found = breaches(head, offset + row["number"], row["entries"])
    return [found[name] for name in names if name in found]


def build(game: dict[str, Any], stored: list[dict[str, Any]], answer: Answer) -> Board:
    variant = get_variant(game["variant"])
    seats = game["seats"]
    members = members_of(game, variant)
    rules = variant.rules(game["options"])
    offset = game.get("start", {}).get("rounds", 0)
    start = {s: game.get("start", {}).get("totals", {}).get(s, 0) for s in game["sides"]}
    running = dict(start)
    first = game["first_dealer"] or 0
    rounds = []
    for row, result in zip(stored, answer["rounds"], strict=True):
        running = {s: running[s] + result["scores"][s] for s in running}
        rounds.append(
            {
                "number": row["number"],  # its place among the rounds entered here
                "label": offset + row["number"],  # its round number in the game
                "version": row["version"],
                "scores": result["scores"],
                "breakdown": result["breakdown"],
                "adjusted": adjusted(result["breakdown"]),
                "kept": kept_despite(game, row, offset),
                "shares": variant.shares(game["sides"], result["breakdown"]),
                "running": running,
                "turn": turn(variant, seats, first, offset + row["number"], rules),
            }
        )
    left = None
    if isinstance(variant.end, AfterRounds) and not variant.end.by_target(rules):
        left = max(rules[variant.end.option] - offset - len(stored), 0)
    totals = answer["totals"]
    best = max(totals.values())
    leaders = [s for s, t in totals.items() if t == best]
    return Board(
        variant=variant,
        sides=game["sides"],
        members=members,
        totals=totals,
        opening=answer["opening"],
        rounds=rounds,
        next_round=answer["next_round"],
        next_turn=turn(variant, seats, first, answer["next_round"], rules),
        rounds_left=left,
        finished=answer["finished"],
        winners=answer["winners"],
        winning_players=winning_players(game, members, answer["winners"]),
        house=house_changes(variant, game["options"]),
        leader=leaders[0] if stored and len(leaders) == 1 else None,
        offset=offset,
        start=start if any(start.values()) or offset else {},
        chart=Lazy(lambda: chart(variant, game["sides"], start, rounds, offset, rules))
        if rounds
        else None,
        partners=variant.table_partners(game["sides"]),
        rules=rules,
        entries=[row["entries"] for row in stored],
    )


class Lazy:
    """Markup made only when a template shows it: a round form built on a save
    (it needs the board for its sides and players) never draws the chart."""

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make, self.made = make, None

    def __html__(self) -> str:
        if self.made is None:
            self.made = self.make()
        return str(self.made)

    __str__ = __html__


def chart(
    variant: Any,
    sides: list[str],
    start: dict[str, Any],
    rounds: list[dict[str, Any]],
    offset: int,
    rules: Any,
) -> Any:
    """Running totals round by round, with the target and opening thresholds marked."""
    if not rounds:
        return None
    series = {s: [start[s]] + [r["running"][s] for r in rounds] for s in sides}
    marks = []
    if isinstance(variant.opening, ByScore):
        marks += [
            (low, _("opens %(points)s", points=number(need)))
            for low, need in rules[variant.opening.option][1:]
        ]
    if isinstance(variant.end, ReachTarget):
        marks.append((rules[variant.end.option], _("target")))
    elif variant.end.by_target(rules):  # a game of rounds played to a target instead
        marks.append((variant.end.by_target(rules), _("target")))
    title = _("Running totals, %(variant)s", variant=_(variant.name))
    return charts.running_totals(
        sides, series, first_round=offset, marks=marks, title=title, axis=_("round"), number=number
    )


def house_changes(variant: Variant, options: dict[str, Any]) -> list[dict[str, Any]]:
    """Each house rule of a game: the option, the variant's value and the game's."""
    return [
        {"option": o, "default": o.default, "value": options[o.key]}
        for o in variant.all_options()
        if o.key in options and options[o.key] != o.default
    ]


def describe(option: Any, value: Any) -> str:
    """An option's value as the rules page prints it."""
    if option.kind == "flag":
        return _("yes") if value else _("no")
    if option.kind in ("by_round", "rising") and isinstance(value, list):
        return ", ".join(
            _("round %(n)s: %(points)s", n=i + 1, points=number(v)) for i, v in enumerate(value)
        )
    if option.kind == "choice":
        return gettext(CHOICES.get(value, value))
    if option.kind == "thresholds":
        parts = []
        for i, (low, need) in enumerate(value):
            if low is None:
                upper = value[i + 1][0] if i + 1 < len(value) else None
                parts.append(
                    _("below %(low)s: %(points)s", low=number(upper), points=number(need))
                    if upper is not None
                    else _("any: %(points)s", points=number(need))
                )
            else:
                parts.append(_("%(low)s or more: %(points)s", low=number(low), points=number(need)))
        return "; ".join(parts)
    return number(value)


def topics_changed(variant: Variant, options: dict[str, Any]) -> str:
    """What a saved rule set changes, by the house-rule editor's topics, for the
    new-game page: "other numbers for red threes, going out, opening meld"."""
    changed = {change["option"].topic for change in house_changes(variant, options)}
    if not changed:
        return _("the same numbers")
    topics = ", ".join(mid_sentence(gettext(TOPICS[t])) for t in TOPICS if t in changed)
    return _("other numbers for %(topics)s", topics=topics)
