"""The club's paper against hand-worked small events: what each guide card and
each scorecard lists (a 3-table Mitchell in its third turn, a 6-pair Swiss after
2 turns, rotating partners with a bye)."""

from scorekeeper.club.movements import Turn, mitchell, swiss
from scorekeeper.club.paper import CardLine, Seat, guide_cards, scorecards, sitting_out
from scorekeeper.club.standings import Result, VictoryPoints, WinDrawLoss, standings

VP = VictoryPoints(((0, 10, 10), (50, 14, 6), (100, 18, 2)))
NS, EW = 0, 1

# Six pairs at three tables; turn 2's third table still playing. By hand, in VP:
# turn 1: 0 v 3 150-80 (14-6), 1 v 4 100-100 (10-10), 2 v 5 50-200 (2-18);
# turn 2: 0 v 5 100-160 (6-14), 1 v 3 200-90 (18-2), 2 v 4 playing.
# Totals: 5 32, 1 28, 0 20, 4 10, 3 8, 2 2.
MITCHELL_RESULTS = [
    Result(1, 0, 3, 150, 80),
    Result(1, 1, 4, 100, 100),
    Result(1, 2, 5, 50, 200),
    Result(2, 0, 5, 100, 160),
    Result(2, 1, 3, 200, 90),
]


def rows(card):
    """A guide card as (turn, [(side, entries, onward as (table, side) or "bye")])."""
    return [
        (
            t.turn,
            t.paired,
            [(s.side, s.entries, [o and (o.table, o.side) for o in s.onward]) for s in t.sides],
        )
        for t in card.turns
    ]


def test_a_three_table_mitchell_guide_card_per_table():
    cards = guide_cards(mitchell(6, 3), 3)
    assert [card.table for card in cards] == [1, 2, 3]
    assert rows(cards[0]) == [
        (1, True, [(NS, (0,), [(1, NS)]), (EW, (3,), [(2, EW)])]),  # East-West move up one
        (2, True, [(NS, (0,), [(1, NS)]), (EW, (5,), [(2, EW)])]),
        (3, True, [(NS, (0,), []), (EW, (4,), [])]),  # the last turn: nowhere next
    ]
    assert rows(cards[2])[0] == (1, True, [(NS, (2,), [(3, NS)]), (EW, (5,), [(1, EW)])])


def test_a_mitchell_of_five_pairs_sends_one_pair_out_in_turn():
    plan = mitchell(5, 3)
    assert [(s.side, s.entries, s.onward) for s in sitting_out(plan, 3)] == [
        (1, (4,), (Seat(2, 1, EW),)),  # turn 1's bye plays table 1 next
        (2, (3,), (Seat(3, 1, EW),)),
        (3, (2,), ()),
    ]
    assert rows(guide_cards(plan, 3)[1])[0] == (
        1,
        True,
        [(NS, (1,), [(2, NS)]), (EW, (3,), [(None, NS)])],
    )  # 3 sits out next


def test_a_three_table_mitchell_scorecard_per_pair_mid_event():
    lines = standings(6, MITCHELL_RESULTS, VP)
    cards = scorecards(mitchell(6, 3), 3, MITCHELL_RESULTS, lines)
    assert [(card.entry, card.place) for card in cards] == [
        (0, 3),
        (1, 2),
        (2, 6),
        (3, 5),
        (4, 4),
        (5, 1),
    ]
    assert cards[0].lines == (
        CardLine(1, Seat(1, 1, NS), (), (3,), ((150, 80),), 14, 14),
        CardLine(2, Seat(2, 1, NS), (), (5,), ((100, 160),), 6, 20),
        CardLine(3, Seat(3, 1, NS), (), (4,)),  # not played yet: a blank line
    )
    assert cards[4].lines == (
        CardLine(1, Seat(1, 2, EW), (), (1,), ((100, 100),), 10, 10),
        CardLine(2, Seat(2, 3, EW), (), (2,)),  # its table still playing
        CardLine(3, Seat(3, 1, EW), (), (0,)),
    )


def test_scorecards_handed_out_at_the_start_have_no_figures_and_no_place():
    cards = scorecards(mitchell(6, 3), 3, [], standings(6, [], VP))
    assert all(card.place is None for card in cards)
    assert all(line.scores == () and line.total is None for card in cards for line in card.lines)
    assert [line.seat.table for line in cards[3].lines] == [1, 2, 3]


def swiss_after_two_turns():
    """Six pairs, win/draw/loss: turn 1 by the list; 0 beat 1 by 100, 3 beat 2 by
    300, 4 beat 5 by 50, so turn 2 pairs 3 v 0, 4 v 1, 5 v 2 (4 met 5); there 3
    beat 0 by 50, 1 beat 4 by 200, 5 drew with 2. Standings: 3 on 4 points; on 2
    points 1 (+100), 0 (+50), 4 (-150); on 1 point 5 (-50) and 2 (-300)."""
    first = swiss(6, [], list(range(6)))
    played = [Result(1, 0, 1, 200, 100), Result(1, 2, 3, 100, 400), Result(1, 4, 5, 150, 100)]
    order = [line.entry for line in standings(6, played, WinDrawLoss())]
    second = swiss(6, [first], order)
    played += [Result(2, 3, 0, 250, 200), Result(2, 4, 1, 100, 300), Result(2, 5, 2, 100, 100)]
    return [first, second], played


def test_a_swiss_not_started_has_a_card_per_table_with_no_turn_paired():
    cards = guide_cards([], 2, tables=3)
    assert [(card.table, rows(card)) for card in cards] == [
        (n, [(1, False, []), (2, False, [])]) for n in (1, 2, 3)
    ]


def test_a_six_pair_swiss_after_two_turns_guides_only_the_turns_paired():
    plan, _ = swiss_after_two_turns()
    assert [t.tables for t in plan] == [
        [((0,), (1,)), ((2,), (3,)), ((4,), (5,))],
        [((3,), (0,)), ((4,), (1,)), ((5,), (2,))],
    ]
    cards = guide_cards(plan, 3)
    assert rows(cards[0]) == [
        (1, True, [(NS, (0,), [(1, EW)]), (EW, (1,), [(2, EW)])]),
        (2, True, [(NS, (3,), [None]), (EW, (0,), [None])]),  # turn 3 not paired yet
        (3, False, []),
    ]
    assert rows(cards[2])[0] == (1, True, [(NS, (4,), [(2, NS)]), (EW, (5,), [(3, NS)])])


def test_a_six_pair_swiss_scorecard_after_two_turns():
    plan, played = swiss_after_two_turns()
    lines = standings(6, played, WinDrawLoss())
    assert [(line.entry, line.points, line.match_points) for line in lines] == [
        (3, 4, 350),
        (1, 2, 100),
        (0, 2, 50),
        (4, 2, -150),
        (5, 1, -50),
        (2, 1, -300),
    ]
    cards = scorecards(plan, 3, played, lines)
    assert [card.place for card in cards] == [3, 2, 6, 1, 4, 5]
    assert cards[0].lines == (
        CardLine(1, Seat(1, 1, NS), (), (1,), ((200, 100),), 2, 2),
        CardLine(2, Seat(2, 1, EW), (), (3,), ((200, 250),), 0, 2),
        CardLine(3, None),  # paired at the start of turn 3
    )
    assert cards[2].lines[1] == CardLine(2, Seat(2, 3, EW), (), (5,), ((100, 100),), 1, 1)


def test_rotating_partners_card_names_the_partner_and_counts_the_bye():
    plan = [Turn([((0, 1), (2, 3))], [4]), Turn([((4, 0), (1, 2))], [3])]
    played = [Result(1, 0, 2, 300, 200), Result(1, 1, 3, 300, 200), Result(1, 4)]
    cards = scorecards(plan, 2, played, standings(5, played, WinDrawLoss()))
    assert cards[0].lines[0] == CardLine(1, Seat(1, 1, NS), (1,), (2, 3), ((300, 200),), 2, 2)
    assert cards[0].lines[1] == CardLine(2, Seat(2, 1, NS), (4,), (1, 2))
    assert cards[4].lines[0] == CardLine(1, Seat(1), points=2, total=2)  # a bye counts
    assert [
        (s.entries, [o.table for o in s.onward]) for s in guide_cards(plan, 2)[0].turns[0].sides
    ] == [((0, 1), [1, 1]), ((2, 3), [1, None])]
