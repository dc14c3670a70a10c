"""What an event asks of its game, checked when the event is made: every table's
game is made from the same head (the variant, the sides, the house rules, the
deals a turn), so the engine accepting that head once means every turn can start.
And the plans: the movements that fix every turn in advance, and the turns left
re-planned after a withdrawal at a rotating-partners night.

Nothing here writes (it reads a saved rule set); a plan is computed before the short
write that stores it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sqlite_utils import Database

from ...club.movements import MovementError, Turn, howell, mitchell, most_swiss_turns
from ...club.rotating import rotating_partners
from ...scoring import ScoringError, Variant, get_variant, score_game
from ...scoring.i18n import N_, problem as P_
from .. import checks
from ..games import games, rule_sets

MOVEMENTS = {
    "mitchell": "pairs",
    "howell": "pairs",
    "swiss": "pairs",
    "rotating": "individuals",
}
# The option a number of deals sets, and the one a lower target sets.
DEALS_OPTION = "rounds"
TARGET_OPTION = "target"


class EventProblem(ValueError):
    """An event that cannot be made or played as asked; the message says why, and
    ``field`` names the part of the event it concerns (the form shows it there)."""

    def __init__(self, message: str, field: str = "entries") -> None:
        super().__init__(message)
        self.field = field


def table_shape(variant: Variant, movement: str, per_entry: int) -> tuple[int, ...]:
    """Each side's number of players at a table: two sides of a pair or team each,
    or, for individuals, the game's usual table (two sides of two; five alone at
    five-person). EventProblem when the game is not played so.

    >>> table_shape(get_variant("five-person"), "rotating", 1)
    (1, 1, 1, 1, 1)
    >>> table_shape(get_variant("hand-and-foot"), "mitchell", 3)
    (3, 3)
    """
    if MOVEMENTS[movement] == "individuals":
        shape = variant.arrangement(variant.default_players)
    else:
        shape = (per_entry, per_entry)
    players = sum(shape)
    if players not in variant.players or variant.arrangement_for(players, len(shape)) != shape:
        template = N_(
            "%(game)s is not played by two sides of %(n)s: choose rotating partners"
            " (individuals), or another game"
        )
        raise EventProblem(P_(template, game=variant.name, n=per_entry), "movement")
    return shape


def game_options(
    variant: Variant, house: Mapping[str, Any], deals: int, target: int
) -> dict[str, Any]:
    """The options every table's game is made with: the house rules (a rule set's),
    the deals a turn, a lower target. EventProblem, on the field concerned, where
    the game has no such rule."""
    options = dict(house)
    known = {option.key for option in variant.all_options()}
    if deals:
        if DEALS_OPTION not in known:
            template = N_(
                "%(game)s ends at a target score, not after a number of deals: leave 0"
                " (a whole game), and lower the target or set the clock"
            )
            raise EventProblem(P_(template, game=variant.name), "deals")
        options[DEALS_OPTION] = deals
    if target:
        if TARGET_OPTION not in known:
            template = N_(
                "%(game)s ends after a number of deals, not at a target score: set the deals a turn"
            )
            raise EventProblem(P_(template, game=variant.name), "target")
        options[TARGET_OPTION] = target
    return options


def check_game(variant: str, shape: Sequence[int], options: dict[str, Any]) -> None:
    """The engine's word on a table's game, as each turn will make it: the same
    head with placeholder sides. EventProblem (on the house rules) when refused."""
    head = {
        "variant": variant,
        "sides": [f"Side {n + 1}" for n in range(len(shape))],
        "players": sum(shape),
        "options": options,
    }
    try:
        score_game(head)
    except ScoringError as error:
        raise EventProblem(P_("rules: %(problem)s", problem=str(error)), "rules") from error


def check_entries(entries: list[dict[str, Any]], kind: str) -> None:
    """Entries that can be printed, one player each for individuals, pairs or teams
    of one size, no name twice."""
    for entry in entries:
        if problem := checks.name_problem(entry["name"], checks.SEAT_NAME_LENGTH):
            raise EventProblem(
                P_("entry %(name)s: %(problem)s", name=entry["name"], problem=problem)
            )
    sizes = {len(entry["players"]) for entry in entries}
    if kind == "individuals" and sizes != {1}:
        raise EventProblem(P_("rotating partners: each entry is one player"))
    if kind == "pairs" and len(sizes) > 1:
        raise EventProblem(P_("every pair or team has the same number of players"))
    if len({checks.name_key(e["name"]) for e in entries}) < len(entries):
        raise EventProblem(P_("two entries have the same name"))


def check_players_once(entries: list[dict[str, Any]]) -> None:
    """Every player in one entry, once. A player is at one table a turn: in two
    entries (or twice in one) they would be planned at two tables at once, or
    against themselves."""
    seen: dict[str, tuple[str, str]] = {}  # a player's key: their name, their entry
    for entry in entries:
        for player in entry["players"]:
            key = checks.name_key(player)
            if key not in seen:
                seen[key] = (player, entry["name"])
                continue
            name, first = seen[key]
            said = N_("%(player)s is in %(one)s and in %(other)s: each player in one entry")
            if first == entry["name"]:
                said = N_("%(player)s is twice in %(one)s: each player once")
            raise EventProblem(P_(said, player=name, one=first, other=entry["name"]))


def house_rules(db: Database, set_id: int, variant: str) -> dict[str, Any]:
    """A saved rule set's options, for an event of ``variant``."""
    try:
        found = rule_sets.rule_set(db, set_id)
    except games.NotFound as error:
        raise EventProblem(str(error), "rules") from error
    if found["variant"] != variant:
        template = N_("the rule set %(name)s is for %(game)s: choose one for this game")
        game = get_variant(found["variant"]).name
        raise EventProblem(P_(template, name=found["name"], game=game), "rules")
    return dict(found["options"])


def plan_for(
    movement: str, entries: int, turns: int, *, shape: Sequence[int], skip: bool = False
) -> list[Turn]:
    """The whole plan, for the movements that fix it in advance (Swiss: none yet,
    but no more turns than it can promise without a rematch)."""
    if turns < 1:
        raise EventProblem(P_("turns: at least 1"), "turns")
    try:
        if movement == "mitchell":
            return mitchell(entries, turns, skip=skip)
        if movement == "howell":
            return howell(entries, turns)
        if movement == "rotating":
            return rotating_partners(entries, turns, shape=shape)
    except MovementError as error:
        raise EventProblem(error.args[0], "turns") from error
    if entries < 2:
        raise EventProblem(P_("a Swiss event needs at least 2 entries"))
    if turns > most_swiss_turns(entries):
        template = N_(
            "a Swiss of %(entries)s entries can promise %(most)s turns without a rematch,"
            " whatever the results"
        )
        most = most_swiss_turns(entries)
        raise EventProblem(P_(template, entries=entries, most=most), "turns")
    return []


def replanned(
    found: dict[str, Any], entries: int, gone: Iterable[int], sat_out: Iterable[int]
) -> list[Turn]:
    """A rotating-partners plan after a withdrawal: the turns started stand, the
    turns left are planned afresh among the players still in, counting who has sat
    out (``sat_out``: also those whose table the withdrawal left unplayed)."""
    plan: list[Turn] = found["plan"]
    played = plan[: found["turn"]]
    shape = get_variant(found["variant"]).arrangement(found["players"])
    left = len(plan) - len(played)
    if not left:
        return plan
    try:
        rest = rotating_partners(
            entries, left, shape=shape, before=played, gone=set(gone), sat_out=sat_out
        )
    except MovementError as error:
        raise EventProblem(error.args[0]) from error
    return [*played, *rest]


def seating(people: list[dict[str, Any]], table: Sequence[Sequence[int]]) -> list[str]:
    """The seats around a table: each side's players in turn, so that partners are
    spread around it (seat ``i`` plays for side ``i % sides``, as games seat them).

    >>> people = [{"players": [p]} for p in "ABCD"]
    >>> seating([{"players": ["A", "B"]}, {"players": ["C", "D"]}], [[0], [1]])
    ['A', 'C', 'B', 'D']
    >>> seating(people, [[0], [1], [2], [3]])
    ['A', 'B', 'C', 'D']
    """
    sides = [[p for e in side for p in people[e]["players"]] for side in table]
    count = len(sides)
    return [sides[i % count][i // count] for i in range(sum(len(s) for s in sides))]
