"""Players' ratings: OpenSkill's Plackett-Luce model (the ``openskill`` package)
over finished games, each side a team ranked by its total. Pure: no database.

A skill is a mean ``mu`` and an uncertainty ``sigma`` (a newcomer: 25 and 25/3).
What a page shows is the conservative estimate ``mu - 3 sigma`` (OpenSkill's
``ordinal``) on a 1,500-based scale: ``1500 + 20 * ordinal``, so a newcomer
shows 1,500 and the number climbs as games make the estimate surer. Under
``SETTLING`` games a rating is marked "still settling" (provisional).

In five-person every player is a side of their own, ranked by their own total,
which already holds their partner's points: the partnership is in the score.

>>> winner, loser = rate([[START], [START]], [1, 2])
>>> shown(winner[0]), shown(loser[0])
(1569, 1463)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from ..scoring.variant import Variant

MODEL = PlackettLuce()  # the package's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300
BASE, SCALE = 1500, 20  # shown = BASE + SCALE * ordinal
SETTLING = 10  # games under which a rating is provisional
ALL = "all"  # the scope over every variant; the others are the variants' ids


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float


START = Skill(MODEL.mu, MODEL.sigma)


@dataclass(frozen=True)
class RatedGame:
    """A finished game as the ratings read it: each side's players and total."""

    game_id: int
    variant: str
    teams: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]


@dataclass(frozen=True)
class Change:
    """One player's rating in one scope moved by one game."""

    game_id: int
    player_id: int
    scope: str
    side: int
    before: Skill
    after: Skill
    games: int  # the player's rated games in this scope, this one included


def ranks(totals: Sequence[int]) -> list[int]:
    """Each side's place by its total: 1 for the highest, equal totals sharing one.

    >>> ranks([3050, 5120, 3050, 900])
    [2, 1, 2, 4]
    """
    return [1 + sum(other > total for other in totals) for total in totals]


def margins(totals: Sequence[int]) -> list[int]:
    """Each side's total less the best of the others' (positive for a lead).

    >>> margins([5120, 4900, 300])
    [220, -220, -4820]
    """
    return [t - max(o for j, o in enumerate(totals) if j != i) for i, t in enumerate(totals)]


def rate(teams: Sequence[Sequence[Skill]], places: Sequence[int]) -> list[list[Skill]]:
    """Every player's skill after a game in which team ``i`` came ``places[i]``."""
    found = MODEL.rate(
        [[MODEL.rating(mu=s.mu, sigma=s.sigma) for s in team] for team in teams],
        ranks=list(places),
    )
    return [[Skill(r.mu, r.sigma) for r in team] for team in found]


def ordinal(skill: Skill) -> float:
    """The conservative estimate, mu - 3 sigma, as OpenSkill's ``ordinal``."""
    return skill.mu - 3 * skill.sigma


def shown(skill: Skill) -> int:
    """The number a page shows.

    >>> shown(START)
    1500
    """
    return shown_of(skill.mu, skill.sigma)


def shown_of(mu: float, sigma: float) -> int:
    """``shown`` of a stored mu and sigma (no Skill made: a chart reads dozens)."""
    return round(BASE + SCALE * (mu - 3 * sigma))


def points(ordinal_change: float) -> int:
    """A change of ordinal on the shown scale."""
    return round(SCALE * ordinal_change)


def settling(games: int) -> bool:
    return games < SETTLING


def valid(game: RatedGame) -> bool:
    """Whether a game can be rated: two sides or more, each with players, nobody twice."""
    seated = [p for team in game.teams for p in team]
    return len(game.teams) >= 2 and all(game.teams) and len(seated) == len(set(seated))


def replay(
    games: Iterable[RatedGame], known: Callable[[int, str], tuple[Skill, int] | None]
) -> Iterator[Change]:
    """Rate ``games`` in order, each in its variant's scope and over all variants;
    ``known(player, scope)`` gives a player's skill and games before the first one
    (None for a newcomer). Yields every player's change, game by game."""
    state: dict[tuple[int, str], tuple[Skill, int]] = {}

    def current(player: int, scope: str) -> tuple[Skill, int]:
        if (player, scope) not in state:
            state[player, scope] = known(player, scope) or (START, 0)
        return state[player, scope]

    for game in games:
        places = ranks(game.totals)
        for scope in (game.variant, ALL):
            before = [[current(p, scope) for p in team] for team in game.teams]
            after = rate([[skill for skill, _ in team] for team in before], places)
            for side, team in enumerate(game.teams):
                for n, player in enumerate(team):
                    skill, count = before[side][n]
                    state[player, scope] = (after[side][n], count + 1)
                    yield Change(
                        game.game_id, player, scope, side, skill, after[side][n], count + 1
                    )


def pairs(
    variant: Variant, names: Sequence[str], teams: Sequence[Sequence[int]]
) -> list[tuple[int, int, bool]]:
    """Every ordered pair of players in a game, and whether they were partners:
    on the same side, or in five-person partner or rentrap (``names``: the sides
    as the game names them, one player a side there).

    >>> from scorekeeper.scoring.variants.five_person import FivePerson
    >>> sorted(p for p in pairs(FivePerson(), "ABCDE", [(1,), (2,), (3,), (4,), (5,)]) if p[2])[:2]
    [(1, 3, True), (1, 4, True)]
    """
    side_of = {p: i for i, team in enumerate(teams) for p in team}
    player_of = {name: team[0] for name, team in zip(names, teams, strict=True) if len(team) == 1}
    seat_partners = {
        (player_of[a], player_of[b])
        for a, partner, rentrap in variant.table_partners(list(names))
        for b in (partner, rentrap)
        if a in player_of and b in player_of
    }
    return [
        (a, b, side_of[a] == side_of[b] or (a, b) in seat_partners)
        for a in side_of
        for b in side_of
        if a != b
    ]
