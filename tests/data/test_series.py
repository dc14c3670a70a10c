"""A series over real events and a two-session final's carry-over, worked by hand;
a player's own results equal to the events' standings; every director's change
kept in the event's history, and nothing stored from what is refused."""

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.events import carry_over, changes, events, player_results, series
from scorekeeper.data.games import players
from tests.data import series_helpers


@pytest.fixture
def db(app):
    database = connect(app.config["DATABASE"])
    yield database
    database.close()


@pytest.fixture
def two_sessions(db):
    return series_helpers.two_sessions(db)


def test_the_first_session_as_worked_by_hand(db, two_sessions):
    first, _ = two_sessions
    lines = events.event_standings(db, events.event(db, first))
    assert [(line.place, line.entry, line.points, line.match_points) for line in lines] == [
        (1, 3, 3, 100),
        (2, 0, 3, 50),
        (3, 1, 2, 100),
        (4, 2, 0, -250),
    ]


def test_the_final_counts_the_points_carried(db, two_sessions):
    _, final = two_sessions
    lines = events.event_standings(db, events.event(db, final))
    # Points: the Bees 1.5 + 1 (the draw), Gus & Hal 1.5 + 1, Ivy & Jo 0 + 2, Cy & Di
    # 1 + 0. The Bees and Gus & Hal are equal on points, margin and the game between
    # them (a draw): the seeding puts the Bees first. Without the carry-over Ivy & Jo
    # would lead.
    assert [(line.place, line.entry, line.carried, line.points) for line in lines] == [
        (1, 1, 1.5, 2.5),
        (2, 3, 1.5, 2.5),
        (3, 2, 0, 2),
        (4, 0, 1, 1),
    ]
    assert lines[0].by_turn == {1: 1}  # the turns' own points, the carried apart
    after_none = events.event_standings(db, events.event(db, final), upto=0)
    assert [(line.entry, line.points) for line in after_none][:2] == [(1, 1.5), (3, 1.5)]


def test_a_carry_over_is_kept_in_the_history_and_can_be_taken_away(db, two_sessions):
    first, final = two_sessions
    carry_over.set_carry(db, final, None, 100, "a plain evening after all")
    assert [line.points for line in events.event_standings(db, events.event(db, final))] == [
        2,
        1,
        1,
        0,
    ]
    said = [(c["action"], c["reason"], c["detail"]) for c in changes.history(db, final)]
    assert [c for c in said if c[0] != "started"] == [
        (carry_over.UNCARRIED, "a plain evening after all", {}),
        (carry_over.CARRIED, "the top pairs go on", {"name": "First session", "percent": 50}),
    ]


@pytest.mark.parametrize(
    "into, source, percent, message",
    [
        ("first", "final", 50, "made before this one"),  # so no two carry from each other
        ("final", "final", 50, "made before this one"),
        ("final", "first", 0, "from 1 to 100"),
        ("final", "first", 101, "from 1 to 100"),
    ],
)
def test_a_carry_over_refused_stores_nothing(db, two_sessions, into, source, percent, message):
    made = dict(zip(("first", "final"), two_sessions, strict=True))
    before, kept = events.event(db, made[into]), changes.history(db, made[into])
    with pytest.raises(events.EventProblem, match=message):
        carry_over.set_carry(db, made[into], made[source], percent, "why")
    after = events.event(db, made[into])
    assert (after["carry_from"], after["carry_percent"]) == (
        before["carry_from"],
        before["carry_percent"],
    )
    assert changes.history(db, made[into]) == kept


def made_series(db, events_in, **counting):
    counting.setdefault("counts", "place")
    counting.setdefault("place_table", [10, 8, 6, 4])
    return series.create_series(db, name="Autumn ladder", event_ids=events_in, **counting)


def test_series_by_place_over_both_sessions_as_worked_by_hand(db, two_sessions):
    # Places, first session: Gus & Hal, Ann & Bea, Cy & Di, Ed & Flo; the final: the
    # Bees (Ann, Bea), Gus & Hal, Ivy & Jo, Cy & Di. By 10 8 6 4: Ann, Bea, Gus, Hal
    # 8 + 10 = 18 (equal all through: they share 1st); Cy, Di 6 + 4 = 10; Ivy, Jo
    # 6 (one evening); Ed, Flo 4.
    shown = series.standings_of(db, made_series(db, list(two_sessions)))
    assert [e["name"] for e in shown["events"]] == ["First session", "Final"]
    assert [
        (x["place"], x["name"], x["total"], x["played"], x["evenings"]) for x in shown["lines"]
    ] == [
        (1, "Ann", 18, 2, [8, 10]),
        (1, "Bea", 18, 2, [8, 10]),
        (1, "Gus", 18, 2, [10, 8]),
        (1, "Hal", 18, 2, [10, 8]),
        (5, "Cy", 10, 2, [6, 4]),
        (5, "Di", 10, 2, [6, 4]),
        (7, "Ivy", 6, 1, [None, 6]),
        (7, "Jo", 6, 1, [None, 6]),
        (9, "Ed", 4, 1, [4, None]),
        (9, "Flo", 4, 1, [4, None]),
    ]
    ids = {p["name"]: p["id"] for p in players.all_players(db)}
    assert shown["lines"][0]["player_id"] == ids["Ann"]


def test_series_by_the_best_evening_of_event_points(db, two_sessions):
    # Event points (the final's with its carried ones): Ann 3 and 2.5, Gus 3 and
    # 2.5, Cy 2 and 1, Ivy 2, Ed 0. The best one counts: 3 for Ann, Bea, Gus, Hal
    # (countback on every evening: equal, so shared), then Cy, Di, Ivy, Jo on 2, and
    # by countback Cy and Di (2 then 1) ahead of Ivy and Jo (2 alone).
    shown = series.standings_of(db, made_series(db, list(two_sessions), counts="points", best=1))
    assert [(x["place"], x["name"], x["total"], x["counted"]) for x in shown["lines"]] == [
        (1, "Ann", 3, [True, False]),
        (1, "Bea", 3, [True, False]),
        (1, "Gus", 3, [True, False]),
        (1, "Hal", 3, [True, False]),
        (5, "Cy", 2, [True, False]),
        (5, "Di", 2, [True, False]),
        (7, "Ivy", 2, [False, True]),
        (7, "Jo", 2, [False, True]),
        (9, "Ed", 0, [True, False]),
        (9, "Flo", 0, [True, False]),
    ]


def test_an_event_added_afterwards_is_in_its_history_and_once_only(db, two_sessions):
    first, final = two_sessions
    series_id = made_series(db, [first])
    series.add_event(db, series_id, final, "the final counts too")
    assert [e["id"] for e in series.series_events(db, series_id)] == [first, final]
    said = [(c["action"], c["reason"], c["detail"]) for c in changes.history(db, final)]
    assert said[0] == (series.JOINED, "the final counts too", {"series": "Autumn ladder"})
    with pytest.raises(events.EventProblem, match="in the series already"):
        series.add_event(db, series_id, final, "again")
    assert len(series.series_events(db, series_id)) == 2


@pytest.mark.parametrize(
    "counting, field",
    [
        ({"counts": "margin"}, "counts"),
        ({"counts": "place", "place_table": []}, "table"),
        ({"counts": "points", "best": 0}, "best"),
    ],
)
def test_a_series_refused_stores_nothing(db, two_sessions, counting, field):
    with pytest.raises(events.EventProblem) as refused:
        made_series(db, list(two_sessions), **counting)
    assert refused.value.field == field and series.all_series(db) == []


def test_a_players_results_equal_the_events_standings(db, two_sessions):
    first, final = two_sessions
    series_id = made_series(db, [first, final])
    shown = player_results.player_results(db, "ann")
    assert [(e["name"], e["entry"]) for e in shown["events"]] == [
        ("Final", "The Bees"),
        ("First session", "Ann & Bea"),
    ]
    for result, event_id, entry in zip(shown["events"], (final, first), (1, 0), strict=True):
        lines = events.event_standings(db, events.event(db, event_id))
        line = next(x for x in lines if x.entry == entry)
        assert (result["place"], result["points"], result["of"]) == (line.place, line.points, 4)
        turn_points = sum(t["points"] for t in result["turns"])
        assert turn_points + result["carried"] == result["points"]
    the_first = shown["events"][1]["turns"]
    assert [
        (t["turn"], t["opponents"], t["mine"], t["theirs"], t["points"]) for t in the_first
    ] == [
        (1, ["Ed & Flo"], 100, [50], 2),
        (2, ["Gus & Hal"], 100, [100], 1),
    ]
    assert shown["events"][0]["carried"] == 1.5
    assert [
        (s["series"]["id"], s["line"]["place"], s["line"]["total"]) for s in shown["series"]
    ] == [
        (series_id, 1, 18),
    ]


def test_a_player_of_no_event_has_no_results(db, two_sessions):
    assert player_results.player_results(db, "Zed") == {"events": [], "series": []}
