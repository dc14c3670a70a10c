"""Players' ratings: OpenSkill's Plackett-Luce model (the ``openskill`` package)
over finished games, each side a team ranked by its total. Pure: no database.

A skill is a mean ``mu`` and an uncertainty ``sigma`` (a newcomer: 25 and 25/3).
What a page shows is the conservative estimate ``mu - 3 sigma`` (OpenSkill's
``ordinal``) on a 1,500-based scale: ``1500 + 20 * ordinal``, so a newcomer
shows 1,500 and the number climbs as games make the estimate surer. Under
``SETTLING`` games a rating is marked "still settling" (provisional).

Two kinds of game are rated in their own way (docs/ratings.md says why):

- where one player of a team sits out each deal (five-player Canasta, 2 against
  3), each player counts by their **share** of the deals they played: the team's
  skill is the sum of ``share * mu`` (two of the three at the table, on average)
  and each player's update is in proportion to their share (partial play);
- in five-person every player is a side of their own, placed by their **own
  points**: the table's totals add each player's own points to their partner's,
  so each own result would otherwise count in two totals.

>>> winner, loser = rate([[START], [START]], [1, 2])
>>> shown(winner[0]), shown(loser[0])
(1569, 1463)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from ..scoring.registry import get_variant
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
    deals: int = 0  # the rounds the totals hold: who sat out which (five-player)


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


def ranks(totals: Sequence[float]) -> list[int]:
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


def rate(
    teams: Sequence[Sequence[Skill]],
    places: Sequence[int],
    shares: Sequence[Sequence[float]] | None = None,
) -> list[list[Skill]]:
    """Every player's skill after a game in which team ``i`` came ``places[i]``;
    ``shares``: each player's part of their team's play, where not all of it."""
    if shares is not None and any(w != 1 for team in shares for w in team):
        return rate_partial(teams, places, shares)
    found = MODEL.rate(
        [[MODEL.rating(mu=s.mu, sigma=s.sigma) for s in team] for team in teams],
        ranks=list(places),
    )
    return [[Skill(r.mu, r.sigma) for r in team] for team in found]


# The dynamics added by hand before a partial-play rating, so this model adds none
STILL = PlackettLuce(tau=0.0)


def rate_partial(
    teams: Sequence[Sequence[Skill]], places: Sequence[int], shares: Sequence[Sequence[float]]
) -> list[list[Skill]]:
    """Partial play: a player with share ``w`` of their team's play performs as ``w``
    times a player of their skill, so they enter the model as ``w * mu`` with
    uncertainty ``w * sigma`` (after the dynamics ``tau`` widen sigma, as ``MODEL``
    does), and what comes out is divided by ``w`` again. The team's skill is then
    the share-weighted sum, and a player's update is ``w`` times a full player's
    (the sigma factor ``w`` squared), as in TrueSkill's partial play. A share of 0
    (a player who played no deal) leaves the skill as it was.

    >>> [round(s.mu, 3) for s in rate_partial([[START] * 2, [START] * 3], [1, 2],
    ...     [[1, 1], [2 / 3, 2 / 3, 2 / 3]])[1]]
    [23.581, 23.581, 23.581]
    """
    widened = [[math.hypot(s.sigma, MODEL.tau) for s in team] for team in teams]
    playing = [[(n, w) for n, w in enumerate(weights) if w > 0] for weights in shares]
    found = STILL.rate(
        [
            [STILL.rating(mu=w * team[n].mu, sigma=w * sigmas[n]) for n, w in who]
            for team, sigmas, who in zip(teams, widened, playing, strict=True)
        ],
        ranks=list(places),
    )
    out = [list(team) for team in teams]
    for side, (who, rated) in enumerate(zip(playing, found, strict=True)):
        for (n, w), r in zip(who, rated, strict=True):
            out[side][n] = Skill(r.mu / w, r.sigma / w)
    return out


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


def deal_shares(game: RatedGame) -> list[list[float]]:
    """Each player's share of their team's deals: 1, except where one player of a
    team of three sits out each deal in rotation (the first of them the first deal,
    as the table's turn says), so each of the three played some of the deals.

    >>> deal_shares(RatedGame(1, "classic", ((1, 2, 3), (4, 5)), (0, 0), deals=4))
    [[0.5, 0.75, 0.75], [1.0, 1.0]]
    """
    out = [[1.0] * len(team) for team in game.teams]
    if not get_variant(game.variant).sits_out(sum(map(len, game.teams))):
        return out
    for side, team in enumerate(game.teams):
        if len(team) == 3:
            deals = max(game.deals, 1)
            out[side] = [(deals - len(range(n, deals, 3))) / deals for n in range(3)]
    return out


def results(game: RatedGame) -> list[float]:
    """What places the sides: their totals, except where each total adds a player's
    own points to their partner's (five-person): there each player's own points,
    found from the totals (``own``).

    >>> results(RatedGame(1, "five-person", ((1,), (2,), (3,), (4,), (5,)),
    ...                   (300, 50, 230, 110, 70)))
    [100.0, 40.0, 200.0, 10.0, 30.0]
    """
    names = [str(n) for n in range(len(game.teams))]
    partners = get_variant(game.variant).table_partners(names)
    if not partners:
        return [float(t) for t in game.totals]
    return own(game.totals, [int(partner) for _, partner, _ in partners])


def own(totals: Sequence[int], partner: Sequence[int]) -> list[float]:
    """Each side's own points, where side ``i``'s total is its own points plus side
    ``partner[i]``'s. Along a cycle of partners of odd length (five-person: one of
    five) the alternating sum of the totals counts side ``i``'s own points twice and
    every other side's not at all.

    >>> own([30, 50, 40], [1, 2, 0])
    [10.0, 20.0, 30.0]
    """
    out = []
    for i in range(len(totals)):
        cycle, side = [i], partner[i]
        while side != i:
            cycle.append(side)
            side = partner[side]
        if len(cycle) % 2 == 0:
            raise ValueError("partners in a cycle of even length: own points are not found")
        out.append(sum((-1) ** k * totals[s] for k, s in enumerate(cycle)) / 2)
    return out


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
        places, shares = ranks(results(game)), deal_shares(game)
        for scope in (game.variant, ALL):
            before = [[current(p, scope) for p in team] for team in game.teams]
            after = rate([[skill for skill, _ in team] for team in before], places, shares)
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
