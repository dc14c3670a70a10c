"""An event's standings: each game's result turned into event points by the event's
scale, added up per entry, and ranked with tie-breaks. Pure: entries are numbers.

A **result** is one game between two entries with each one's final total (card
points), or a bye. The **scale** says what a result is worth:

- ``WinDrawLoss(win=2, draw=1, loss=0)``: points for a win, a draw, a loss;
- ``VictoryPoints(table)``: a table from the winning margin to the victory points of
  the winner and the loser (burraco clubs' way: a close game shares them, a rout
  takes nearly all); a draw splits the first row's points.

A bye is worth what the event says (``bye``): a win (the default), a draw or a
loss on the scale; a fixed number of event points (``"fixed"``, ``bye_worth``);
or the entry's own average (``"average"``): the event points and victory points
of the games it has played in the turns counted, divided by how many, so it moves
as its turns finish. Before the entry has played a game its average bye counts as
a draw.

A **penalty** (``Penalty``) takes event points off an entry for a turn (victory
points on a victory-point scale), with the director's reason. A **handicap** is a
number per entry: event points added once (``handicap_cards`` False; victory
points on a victory-point scale), or card points added to the entry's total in
every game it plays before the scale reads it (``handicap_cards`` True). Each line
keeps its ``raw`` event points (games and byes), its ``penalty`` and its
``handicap`` (in event points), and ranks by the net: ``points`` = raw - penalty +
handicap.

Ranking, best first: event points; then victory points (when the scale is not
already victory points and the event has a table); then match points, the card
points scored minus conceded over the event; then the games between the tied
entries (their event points among themselves); then the entry number (the seeding).
Each line says which of the last two placed it among the entries equal on the rest.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Result:
    """One game of a turn: ``a`` against ``b`` with their totals, or ``a``'s bye."""

    turn: int
    a: int
    b: int | None = None  # None: a bye for ``a``
    score_a: int = 0
    score_b: int = 0


@dataclass(frozen=True)
class WinDrawLoss:
    win: float = 2
    draw: float = 1
    loss: float = 0

    def points(self, mine: int, theirs: int) -> float:
        """Event points for a game ``mine`` to ``theirs``.

        >>> WinDrawLoss().points(3000, 2500), WinDrawLoss().points(10, 10)
        (2, 1)
        """
        if mine == theirs:
            return self.draw
        return self.win if mine > theirs else self.loss


@dataclass(frozen=True)
class VictoryPoints:
    """Rows of (smallest winning margin, winner's VP, loser's VP), from 0 upwards."""

    table: tuple[tuple[int, float, float], ...]

    def __post_init__(self) -> None:
        margins = [row[0] for row in self.table]
        if not margins or margins[0] != 0 or margins != sorted(set(margins)):
            raise ValueError("a victory-point table starts at margin 0 and rises")

    def points(self, mine: int, theirs: int) -> float:
        """Victory points for a game ``mine`` to ``theirs``.

        >>> scale = VictoryPoints(((0, 10, 10), (100, 12, 8), (500, 16, 4), (1500, 20, 0)))
        >>> scale.points(2600, 2450), scale.points(2450, 2600), scale.points(900, 900)
        (12, 8, 10.0)
        >>> scale.points(4000, 1200), scale.points(1200, 4000)
        (20, 0)
        """
        margin = abs(mine - theirs)
        row = [r for r in self.table if r[0] <= margin][-1]
        if mine == theirs:
            return (row[1] + row[2]) / 2
        return row[1] if mine > theirs else row[2]


Scale = WinDrawLoss | VictoryPoints
BYES = ("win", "draw", "loss", "fixed", "average")


@dataclass(frozen=True)
class Penalty:
    """Event points (victory points on a VP scale) taken off ``entry`` for ``turn``."""

    turn: int
    entry: int
    points: float
    reason: str = ""


@dataclass
class Line:
    """One entry's line in the standings."""

    entry: int
    points: float = 0
    victory_points: float = 0
    match_points: int = 0  # card points scored minus conceded
    played: int = 0
    won: int = 0
    byes: int = 0
    place: int = 0
    by_turn: dict[int, float] = field(default_factory=dict)
    # What placed the line among others equal on every figure: "between" (its event
    # points from the games among them, ``between``) or "seeding"; "" when untied.
    tie_break: str = ""
    between: float = 0
    raw: float = 0  # event points from games and byes, before penalties and handicap
    penalty: float = 0  # event points taken off by the director's penalties
    handicap: float = 0  # event points the handicap gave (or took)
    penalties: dict[int, float] = field(default_factory=dict)  # by turn


def standings(
    entries: int,
    results: list[Result],
    scale: Scale,
    victory: VictoryPoints | None = None,
    bye: str = "win",
    upto: int | None = None,
    *,
    bye_worth: float = 0,
    penalties: Sequence[Penalty] = (),
    handicaps: dict[int, float] | None = None,
    handicap_cards: bool = False,
) -> list[Line]:
    """The standings of ``entries`` after ``results`` (those of turns up to ``upto``,
    all when None), best first, each line with its place (tied lines share none: the
    tie-breaks decide every place). ``victory``: the VP table used as the first
    tie-break when ``scale`` is win/draw/loss. ``bye``: one of ``BYES``; ``bye_worth``
    the points of a fixed bye. ``penalties`` and ``handicaps`` (per entry; card
    points when ``handicap_cards``) as the module says."""
    lines = {e: Line(e) for e in range(entries)}
    counted = [r for r in results if upto is None or r.turn <= upto]
    vp = scale if isinstance(scale, VictoryPoints) else victory
    given = handicaps or {}
    for r in counted:
        if r.b is not None:
            game(lines, r, scale, vp, given if handicap_cards else {})
    averages = {e: average(line, scale, vp) for e, line in lines.items()}
    for r in counted:
        if r.b is None:
            worth, vp_worth = bye_worth_of(scale, vp, bye, bye_worth, averages[r.a])
            line = lines[r.a]
            credit(line, r.turn, worth, worth)
            line.byes += 1
            line.victory_points += vp_worth
    for p in penalties:
        if p.entry in lines and (upto is None or p.turn <= upto):
            line = lines[p.entry]
            line.penalty += p.points
            line.penalties[p.turn] = line.penalties.get(p.turn, 0) + p.points
            credit(line, p.turn, -p.points, 0)
    for e, h in given.items() if not handicap_cards else ():
        if e in lines:
            lines[e].handicap += h
            lines[e].points += h
    for line in lines.values():
        if isinstance(scale, VictoryPoints):
            line.victory_points = line.points  # the scale is VP: penalty and handicap too
    ranked = ranked_lines(list(lines.values()), counted, scale, vp)
    for place, line in enumerate(ranked, start=1):
        line.place = place
    return ranked


def credit(line: Line, turn: int, worth: float, raw: float) -> None:
    """Add ``worth`` event points to ``line`` for ``turn``, ``raw`` of them its raw result."""
    line.points += worth
    line.raw += raw
    line.by_turn[turn] = line.by_turn.get(turn, 0) + worth


def game(
    lines: dict[int, Line],
    r: Result,
    scale: Scale,
    vp: VictoryPoints | None,
    cards: dict[int, float],
) -> None:
    """One game counted on both its entries' lines; ``cards``: their card handicaps,
    added to their totals before the scale (and the VP table) reads them."""
    assert r.b is not None
    for me, them, mine, theirs in (
        (r.a, r.b, r.score_a, r.score_b),
        (r.b, r.a, r.score_b, r.score_a),
    ):
        line = lines[me]
        raw = scale.points(mine, theirs)
        net_mine = mine + round(cards.get(me, 0))  # card points are whole
        net_theirs = theirs + round(cards.get(them, 0))
        worth = scale.points(net_mine, net_theirs) if cards else raw
        credit(line, r.turn, worth, raw)
        line.handicap += worth - raw
        line.match_points += mine - theirs
        line.played += 1
        line.won += mine > theirs
        if vp is not None:
            line.victory_points += vp.points(net_mine, net_theirs)


def average(line: Line, scale: Scale, vp: VictoryPoints | None) -> tuple[float, float] | None:
    """An entry's raw event points and victory points a game so far (None: no game yet)."""
    if not line.played:
        return None
    return line.raw / line.played, line.victory_points / line.played


def bye_worth_of(
    scale: Scale,
    vp: VictoryPoints | None,
    bye: str,
    fixed: float,
    mean: tuple[float, float] | None,
) -> tuple[float, float]:
    """A bye's event points and victory points: fixed, the entry's average (a draw
    before it has played), or a win, draw or loss on the scale and the VP table.

    >>> wdl = WinDrawLoss()
    >>> bye_worth_of(wdl, None, "average", 0, (1.5, 0)), bye_worth_of(wdl, None, "average", 0, None)
    ((1.5, 0), (1, 0))
    """
    if bye == "average" and mean is not None:
        return mean[0], mean[1] if vp is not None else 0
    kind = "draw" if bye == "average" else bye
    if kind == "fixed":  # on a W/D/L scale, the VP that break ties count it a draw
        draw = bye_points(vp, "draw") if vp is not None else 0
        return fixed, fixed if isinstance(scale, VictoryPoints) else draw
    return bye_points(scale, kind), bye_points(vp, kind) if vp is not None else 0


def bye_points(scale: Scale, bye: str) -> float:
    """What a bye is worth on ``scale``: a win by the table's widest margin, a draw
    or a loss."""
    if isinstance(scale, WinDrawLoss):
        return {"win": scale.win, "draw": scale.draw, "loss": scale.loss}[bye]
    first, last = scale.table[0], scale.table[-1]
    return {"win": last[1], "draw": (first[1] + first[2]) / 2, "loss": last[2]}[bye]


def ranked_lines(
    lines: list[Line], results: list[Result], scale: Scale, vp: VictoryPoints | None
) -> list[Line]:
    """``lines`` best first: points, VP (when it is a separate tie-break), match
    points, then the games between the entries still tied, then the entry number."""
    use_vp = vp is not None and not isinstance(scale, VictoryPoints)

    def key(line: Line) -> tuple[float, float, int]:
        return (-line.points, -line.victory_points if use_vp else 0, -line.match_points)

    groups: dict[tuple[float, float, int], list[Line]] = defaultdict(list)
    for line in lines:
        groups[key(line)].append(line)
    ranked: list[Line] = []
    for k in sorted(groups):
        tied = groups[k]
        if len(tied) > 1:
            among = between(tied, results, scale)
            tied.sort(key=lambda line: (-among[line.entry], line.entry))
            shared = Counter(among.values())
            for line in tied:
                line.between = among[line.entry]
                line.tie_break = "seeding" if shared[line.between] > 1 else "between"
        ranked += tied
    return ranked


def between(tied: list[Line], results: list[Result], scale: Scale) -> dict[int, float]:
    """Each tied entry's event points from its games against the others tied."""
    who = {line.entry for line in tied}
    among = {e: 0.0 for e in who}
    for r in results:
        if r.b is not None and r.a in who and r.b in who:
            among[r.a] += scale.points(r.score_a, r.score_b)
            among[r.b] += scale.points(r.score_b, r.score_a)
    return among
