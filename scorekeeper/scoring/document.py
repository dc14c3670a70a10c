"""Reading a game document (the JSON contract, docs/api.md) into checked values.

Every check raises ScoringError with one line naming the round, the side and the
field; nothing here computes a score.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .adjustments import table_field_problem
from .errors import ScoringError, quote
from .fields import CANASTA_CARDS, COUNT_LIMIT, FIELDS, POINTS_LIMIT, Field
from .i18n import N_, problem as P_
from .later_checks import read_grandfathered, run_later_checks
from .option_values import is_int, number_problem, option_problem
from .registry import get_variant
from .rules import Fields, Rules
from .variant import Variant, option_error, round_error

TOP_LEVEL = (
    "variant",
    "sides",
    "players",
    "options",
    "rounds",
    "start",
    "grandfathered",
    "ended_after",
)
START_LIMIT = 10 * POINTS_LIMIT
RED_THREE_FIELDS = ("red_threes", "red_threes_in_hand", "red_threes_in_weeper")


@dataclass(frozen=True)
class Game:
    variant: Variant
    sides: list[str]
    players: int
    rules: Rules
    rounds: list[Any]  # still unchecked: each is checked as it is scored
    start_totals: dict[str, int]  # a game resumed from paper: its totals so far
    start_rounds: int  # ... and the rounds already played there
    # rounds kept despite a check added after they were stored: number -> checks
    grandfathered: Mapping[int, frozenset[str]] = field(default_factory=dict)
    # a game ended as it stood after this round (time called at a club night)
    ended_after: int | None = None

    @property
    def team_sizes(self) -> dict[str, int]:
        """How many players each side has."""
        return self.variant.team_sizes(self.players, self.sides)


def read_game(doc: Any) -> Game:
    """Check the top level of a document: variant, sides, players, options."""
    if not isinstance(doc, dict):
        raise ScoringError(P_("the game document must be a JSON object"))
    for key in doc:
        if key not in TOP_LEVEL:
            problem = P_("unknown field (expected %(fields)s)", fields=", ".join(TOP_LEVEL))
            raise ScoringError(problem, field=key)
    if "variant" not in doc:
        raise ScoringError(P_("missing: name one of the variants"), field="variant")
    try:
        variant = get_variant(doc["variant"])
    except ValueError as error:
        raise ScoringError(error.args[0], field="variant") from None
    sides = read_sides(variant, doc.get("sides"))
    players = read_players(variant, doc.get("players"), len(sides))
    rules = read_options(variant, doc.get("options", {}))
    rounds = doc.get("rounds", [])
    if not isinstance(rounds, list):
        raise ScoringError(P_("must be a list of rounds"), field="rounds")
    totals, played = read_start(sides, doc.get("start", {}))
    kept = read_grandfathered(doc.get("grandfathered", {}))
    ended = read_ended(doc.get("ended_after"))
    return Game(variant, sides, players, rules, rounds, totals, played, kept, ended)


def read_ended(after: Any) -> int | None:
    """``ended_after`` (an extension of the contract): the game ended as it stood
    after this round, whatever its own end (time called at a club night)."""
    if after is None:
        return None
    problem = number_problem(after, 0, COUNT_LIMIT)
    if problem:
        raise ScoringError(problem, field="ended_after")
    return int(after)


def read_start(sides: list[str], start: Any) -> tuple[dict[str, int], int]:
    """``start`` (an extension of the contract, for a game resumed from paper):
    ``{"totals": {side: points}, "rounds": rounds already played}``."""
    if not isinstance(start, dict) or set(start) - {"totals", "rounds"}:
        shape = P_('must be {"totals": {side: points}, "rounds": n}')
        raise ScoringError(shape, field="start")
    totals = start.get("totals", {})
    if not isinstance(totals, dict):
        raise ScoringError(P_("totals: must be an object of sides and points"), field="start")
    for side, points in totals.items():
        if side not in sides:
            template = N_("totals: side %(side)s is not one of the game's sides")
            raise ScoringError(P_(template, side=quote(side)), field="start")
        problem = number_problem(points, -START_LIMIT, START_LIMIT)
        if problem is None and points % 5:
            problem = P_("%(value)s is not a multiple of 5", value=points)
        if problem:
            problem = P_("totals: %(side)s: %(problem)s", side=quote(side), problem=problem)
            raise ScoringError(problem, field="start")
    played = start.get("rounds", 0)
    problem = number_problem(played, 0, COUNT_LIMIT)
    if problem:
        raise ScoringError(P_("rounds: %(problem)s", problem=problem), field="start")
    return {side: totals.get(side, 0) for side in sides}, played


def read_sides(variant: Variant, sides: Any) -> list[str]:
    if not isinstance(sides, list) or not all(isinstance(s, str) for s in sides):
        raise ScoringError(P_("must be a list of names"), field="sides")
    if any(not s.strip() for s in sides):
        raise ScoringError(P_("a side's name may not be empty"), field="sides")
    if len(set(sides)) != len(sides):
        twice = next(s for s in sides if sides.count(s) > 1)
        raise ScoringError(P_("%(name)s is named twice", name=quote(twice)), field="sides")
    counts = sorted({len(a) for p in variant.players for a in variant.arrangements(p)})
    if len(sides) not in counts:
        allowed = (
            either(counts)
            if len(counts) < 4
            else P_("%(least)s to %(most)s", least=counts[0], most=counts[-1])
        )
        template = N_("%(variant)s is played by %(allowed)s sides, not %(n)s")
        problem = P_(template, variant=variant.id, allowed=allowed, n=len(sides))
        raise ScoringError(problem, field="sides")
    return sides


def either(values: list[int]) -> str:
    """``2 or 3 or 4``, each "or" a word a page translates.

    >>> either([2, 3, 4])
    '2 or 3 or 4'
    """
    text: str = str(values[0])
    for value in values[1:]:
        text = P_("%(a)s or %(b)s", a=text, b=value)
    return text


def read_players(variant: Variant, players: Any, sides: int) -> int:
    if players is None:
        return variant.players_for_sides(sides) or variant.default_players
    if not is_int(players) or players not in variant.players:
        allowed = ", ".join(str(p) for p in variant.players)
        template = N_("%(players)s is not allowed in %(variant)s (%(allowed)s)")
        problem = P_(template, players=repr(players), variant=variant.id, allowed=allowed)
        raise ScoringError(problem, field="players")
    if variant.arrangement_for(players, sides) is None:
        expected = either([len(a) for a in variant.arrangements(players)])
        template = N_("%(players)s players play %(variant)s as %(expected)s sides, not %(n)s")
        problem = P_(template, players=players, variant=variant.id, expected=expected, n=sides)
        raise ScoringError(problem, field="sides")
    return int(players)


def read_options(variant: Variant, options: Any) -> Rules:
    """The game's rule values: the variant's defaults with the house rules applied."""
    if not isinstance(options, dict):
        raise ScoringError(P_("must be an object"), field="options")
    known = {o.key: o for o in variant.all_options()}
    rules = variant.defaults()
    for key, value in options.items():
        if key not in known:
            raise option_error(key, P_("not an option of %(variant)s", variant=variant.id))
        problem = option_problem(known[key], value)
        if problem:
            raise option_error(key, problem)
        rules[key] = value
    variant.check_options(rules)
    return rules


def field_problem(field: Field, value: Any) -> str | None:
    """Why ``value`` cannot be entered in ``field``, or None."""
    if field.kind == "flag":
        return (
            None
            if isinstance(value, bool)
            else P_("must be true or false, not %(value)s", value=repr(value))
        )
    if field.kind in ("signed", "text"):
        return table_field_problem(field.kind, value)
    limit = POINTS_LIMIT if field.kind == "points" else COUNT_LIMIT
    problem = number_problem(value, 0, limit)
    if problem is None and field.kind == "points" and value % 5:
        template = N_("%(value)s is not a multiple of 5 (every card is worth a multiple of 5)")
        problem = P_(template, value=value)
    return problem


def read_round(game: Game, number: int, raw: Any) -> dict[str, Fields]:
    """One round's fields for every side (defaults filled in), fully checked.

    The order decides which problem a scorer sees first: each field on its own,
    then each side's fields together (``check_side``), then going out, then the
    cards of each side against the packs, then the checks added later (all sides'
    cards against the packs, their card points against the value of all the cards
    in play; but those the round is grandfathered for), then the variant's checks
    across sides.
    """
    if not isinstance(raw, dict):
        raise ScoringError(P_("must be an object of sides and their fields"), round=number)
    for side in raw:
        if side not in game.sides:
            raise ScoringError(not_a_side(side), round=number)
    entries: dict[str, Fields] = {
        side: read_side(game.variant, number, side, raw.get(side, {})) for side in game.sides
    }
    sizes = game.team_sizes
    for side, f in entries.items():
        game.variant.check_side(number, side, f, game.rules, sizes[side])
    check_going_out(game, number, entries)
    check_cards(game, number, entries)
    run_later_checks(game, number, entries)
    game.variant.check_round(number, entries, game.rules, game.players)
    return entries


def round_problems(game: Game, number: int, raw: Any) -> list[ScoringError]:
    """Every problem of one round at once, where ``read_round`` stops at the first:
    each side's fields, then (once they are all valid) each check across the round.

    >>> game = read_game({"variant": "classic", "sides": ["Us", "Them"]})
    >>> for problem in round_problems(game, 1, {
    ...     "Us": {"meld_points": 7}, "Them": {"red_threes": 9}}):
    ...     print(problem.side, problem.field)
    Us meld_points
    Them red_threes
    """
    if not isinstance(raw, dict):
        return [ScoringError(P_("must be an object of sides and their fields"), round=number)]
    problems = [
        ScoringError(not_a_side(side), round=number) for side in raw if side not in game.sides
    ]
    entries: dict[str, Fields] = {}
    for side in game.sides:
        given = raw.get(side, {})
        valid = {}
        for key, value in given.items() if isinstance(given, dict) else []:
            try:
                read_side(game.variant, number, side, {key: value})
                valid[key] = value
            except ScoringError as error:
                problems.append(error)
        entries[side] = read_side(game.variant, number, side, valid)
    checks = (check_going_out, check_cards, run_later_checks, variant_checks)
    for check in checks:
        try:
            check(game, number, entries)
        except ScoringError as error:
            problems.append(error)
    return problems


def not_a_side(side: str) -> str:
    return P_("side %(side)s is not one of the game's sides", side=quote(side))


def variant_checks(game: Game, number: int, entries: Mapping[str, Fields]) -> None:
    game.variant.check_round(number, entries, game.rules, game.players)


def read_side(variant: Variant, number: int, side: str, given: Any) -> dict[str, Any]:
    if not isinstance(given, dict):
        raise ScoringError(P_("must be an object of fields"), round=number, side=side)
    for key, value in given.items():
        if key not in FIELDS:
            raise round_error(number, side, key, P_("unknown field"))
        if not variant.uses(key):
            raise round_error(
                number, side, key, P_("not scored in %(variant)s", variant=variant.id)
            )
        problem = field_problem(FIELDS[key], value)
        if problem:
            raise round_error(number, side, key, problem)
    return {name: given.get(name, FIELDS[name].default) for name in variant.round_fields}


def check_going_out(game: Game, number: int, entries: Mapping[str, Fields]) -> None:
    out = None
    for side, f in entries.items():
        if f.get("concealed") and not f["went_out"]:
            raise round_error(
                number, side, "concealed", P_("a side can only go out concealed if it went out")
            )
        if not f["went_out"]:
            continue
        if out is not None:
            twice = P_("only one side can go out; %(other)s already did", other=quote(out))
            raise round_error(number, side, "went_out", twice)
        out = side
        problem = game.variant.going_out_problem(
            side, entries, game.rules, game.team_sizes[side], number
        )
        if problem:
            raise round_error(number, side, "went_out", problem)


def check_cards(game: Game, number: int, entries: Mapping[str, Fields]) -> None:
    """No count above what the packs hold."""
    variant, players, rules = game.variant, game.players, game.rules
    in_play, cards = (
        variant.red_threes_in_play(players, rules),
        variant.cards_in_play(players, rules),
    )
    seen = 0
    for side, f in entries.items():
        for name in (n for n in RED_THREE_FIELDS if variant.uses(n)):
            n, seen = f[name], seen + f[name]
            if n > in_play:
                problem = P_(
                    "%(n)s is more than the %(most)s red threes in play", n=n, most=in_play
                )
                raise round_error(number, side, name, problem)
            if seen > in_play:
                template = N_(
                    "%(n)s makes %(seen)s red threes this round, more than the %(most)s in play"
                )
                problem = P_(template, n=n, seen=seen, most=in_play)
                raise round_error(number, side, name, problem)
        for name, size in CANASTA_CARDS.items():
            if variant.uses(name) and f[name] * size > cards:
                template = N_("%(n)s canastas need more than the %(cards)s cards in play")
                problem = P_(template, n=f[name], cards=cards)
                raise round_error(number, side, name, problem)
