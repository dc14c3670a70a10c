"""What the paper a club hands out says: a guide card per table (who sits where
each turn, and where each goes next) and a scorecard per entry (each turn's seat,
opponents, scores and event points, the running total and the place). Pure:
entries are numbers, the plan is ``movements.Turn``s, the figures are
``standings.Result``s and the standings' own ``Line``s (the places are theirs,
never worked out again here).

A seat's side is 0 for North-South and 1 for East-West at a table of two sides; a
table of more sides (five-person) has no directions. A Swiss pairs each turn at
its start, so a turn past the plan is not known yet (``None``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .movements import Turn
from .standings import Line, Result


@dataclass(frozen=True)
class Seat:
    """Where an entry plays a turn: its table (from 1) and side, or a bye (``table``
    None). ``sides``: how many sides the table has (2: North-South and East-West)."""

    turn: int
    table: int | None = None
    side: int = 0
    sides: int = 2


def seat_of(plan: list[Turn], entry: int, turn: int) -> Seat | None:
    """Where ``entry`` plays turn ``turn`` (from 1); None for a turn not paired yet,
    and a bye for an entry the turn does not seat (it sits out, or withdrew).

    >>> plan = [Turn([((0,), (2,))], [1])]
    >>> seat_of(plan, 2, 1), seat_of(plan, 1, 1), seat_of(plan, 0, 2)
    (Seat(turn=1, table=1, side=1, sides=2), Seat(turn=1, table=None, side=0, sides=2), None)
    """
    if turn > len(plan):
        return None
    for number, table in enumerate(plan[turn - 1].tables, start=1):
        for side, members in enumerate(table):
            if entry in members:
                return Seat(turn, number, side, len(table))
    return Seat(turn)


@dataclass(frozen=True)
class GuideSide:
    """One side of a table in a turn: its entries and, for each, where it plays the
    turn after (``onward``: a ``Seat``, or None when that turn is paired at its
    start; empty on the last turn)."""

    side: int
    entries: tuple[int, ...]
    onward: tuple[Seat | None, ...]


@dataclass(frozen=True)
class GuideTurn:
    """A table's turn on its guide card: its sides, or none when the turn is not
    paired yet (``paired`` False) or the table has no game that turn."""

    turn: int
    paired: bool
    sides: tuple[GuideSide, ...] = ()


@dataclass(frozen=True)
class GuideCard:
    table: int
    turns: tuple[GuideTurn, ...]


def guide_cards(plan: list[Turn], turns: int, tables: int = 0) -> list[GuideCard]:
    """A card per table of the plan (at least ``tables``: a Swiss not started has
    no turn paired yet), every turn of the event on each (``turns``: how many it
    has; those past the plan are a Swiss's, paired at their start).

    >>> plan = [Turn([((0,), (1,))], [2]), Turn([((2,), (0,))], [1])]
    >>> card, = guide_cards(plan, 2)
    >>> [(s.entries, [(o.table, o.side) for o in s.onward]) for s in card.turns[0].sides]
    [((0,), [(1, 1)]), ((1,), [(None, 0)])]
    >>> card.turns[1].sides[0].onward
    ()
    """
    count = max((len(turn.tables) for turn in plan), default=tables)
    return [
        GuideCard(
            table, tuple(guide_turn(plan, turns, turn, table) for turn in range(1, turns + 1))
        )
        for table in range(1, count + 1)
    ]


def guide_turn(plan: list[Turn], turns: int, turn: int, table: int) -> GuideTurn:
    """Table ``table``'s turn ``turn`` on its card."""
    if turn > len(plan):
        return GuideTurn(turn, paired=False)
    tables = plan[turn - 1].tables
    if table > len(tables):
        return GuideTurn(turn, paired=True)
    return GuideTurn(
        turn,
        paired=True,
        sides=tuple(
            GuideSide(side, members, onward(plan, turns, turn, members))
            for side, members in enumerate(tables[table - 1])
        ),
    )


def onward(
    plan: list[Turn], turns: int, turn: int, members: tuple[int, ...]
) -> tuple[Seat | None, ...]:
    """Where each of ``members`` plays the turn after ``turn``: none after the last."""
    if turn >= turns:
        return ()
    return tuple(seat_of(plan, entry, turn + 1) for entry in members)


def sitting_out(plan: list[Turn], turns: int) -> list[GuideSide]:
    """The byes of every planned turn as the guide cards show them: the entries
    sitting out (``side`` is the turn), each with where it plays next."""
    return [
        GuideSide(turn, (entry,), onward(plan, turns, turn, (entry,)))
        for turn, planned in enumerate(plan, start=1)
        for entry in planned.byes
    ]


@dataclass(frozen=True)
class CardLine:
    """A turn on an entry's scorecard. ``seat`` None: not paired yet; ``scores``:
    (for, against) of each game it played that turn (none yet: the line is blank);
    ``points`` and ``total``: the turn's event points and the running total, once
    the turn counts (a finished game, or a bye)."""

    turn: int
    seat: Seat | None
    partners: tuple[int, ...] = ()
    opponents: tuple[int, ...] = ()
    scores: tuple[tuple[int, int], ...] = ()
    points: float | None = None
    total: float | None = None
    penalty: float = 0  # event points the director's penalties took off that turn


@dataclass(frozen=True)
class Scorecard:
    """An entry's scorecard: a line a turn, and its place in the standings once a
    result counts (None before: the card handed out at the start)."""

    entry: int
    lines: tuple[CardLine, ...]
    place: int | None


def scorecards(
    plan: list[Turn], turns: int, results: list[Result], standings: list[Line]
) -> list[Scorecard]:
    """Every entry's scorecard, in entry order, from the plan, the results counted
    so far and the standings made of them (their places and each turn's points).

    >>> from .standings import WinDrawLoss, standings as rank
    >>> plan = [Turn([((0,), (1,))])]
    >>> played = [Result(1, 0, 1, 120, 80)]
    >>> first, second = scorecards(plan, 2, played, rank(2, played, WinDrawLoss()))
    >>> first.lines[0].opponents, first.lines[0].scores, first.lines[0].total, first.place
    ((1,), ((120, 80),), 2.0, 1)
    >>> second.lines[1] == CardLine(2, None)
    True
    """
    counted = bool(results)
    cards = []
    for line in sorted(standings, key=lambda line: line.entry):
        total = 0.0
        rows = []
        for turn in range(1, turns + 1):
            row = card_line(plan, results, line.entry, turn)
            if turn in line.by_turn:
                total += line.by_turn[turn]
                more = {"points": line.by_turn[turn], "total": total}
                row = CardLine(**{**vars(row), **more, "penalty": line.penalties.get(turn, 0)})
            rows.append(row)
        cards.append(Scorecard(line.entry, tuple(rows), line.place if counted else None))
    return cards


def card_line(plan: list[Turn], results: list[Result], entry: int, turn: int) -> CardLine:
    """``entry``'s turn ``turn``: its seat, partners and opponents from the plan,
    and the scores of its games counted that turn."""
    seat = seat_of(plan, entry, turn)
    if seat is None or seat.table is None:
        return CardLine(turn, seat)
    table = plan[turn - 1].tables[seat.table - 1]
    partners = tuple(e for e in table[seat.side] if e != entry)
    opponents = tuple(e for side, members in enumerate(table) if side != seat.side for e in members)
    scores = tuple(
        (r.score_a, r.score_b) if r.a == entry else (r.score_b, r.score_a)
        for r in results
        if r.turn == turn and r.b is not None and entry in (r.a, r.b)
    )
    return CardLine(turn, seat, partners, opponents, scores)
