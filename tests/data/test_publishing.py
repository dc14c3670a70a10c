"""What a club publishes, at the data layer: the director's switch (once the night
is over, kept in the event's history with its reason), only published nights that
are over and not deleted, and the standings' figures as the event's own."""

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.events import changes, events, publishing, removing, series, turns
from scorekeeper.data.events.exports import figure
from scorekeeper.data.ratings import leaderboards
from scorekeeper.data.sample import fill_events
from tests.data.test_events import club_night, play


@pytest.fixture
def db(app):
    database = connect(app.config["DATABASE"])
    yield database
    database.close()


def played_night(db):
    event_id = club_night(db, turns=1)
    turns.start_turn(db, event_id)
    play(db, event_id, 1, [(100, 50), (50, 200), (100, 100), (0, 10)])
    return event_id


def test_a_night_is_published_once_over_and_the_history_says_who_and_why(db):
    event_id = club_night(db, turns=1)
    turns.start_turn(db, event_id)
    with pytest.raises(events.EventProblem, match="not over"):
        publishing.set_published(db, event_id, True, "too soon")
    play(db, event_id, 1, [(100, 50), (50, 200), (100, 100), (0, 10)])
    publishing.set_published(db, event_id, True, "the night is over")
    publishing.set_published(db, event_id, True, "pressed twice")  # already: nothing kept
    assert [e["id"] for e in publishing.published_events(db)] == [event_id]
    publishing.set_published(db, event_id, False, "a score was wrong")
    assert publishing.published_events(db) == []
    kept = [(c["action"], c["who"], c["reason"]) for c in changes.history(db, event_id)]
    assert kept[:2] == [
        ("unpublished", "director", "a score was wrong"),
        ("published", "director", "the night is over"),
    ]


def test_only_the_published_nights_asked_for_and_never_a_deleted_one(db):
    one, two, three = (played_night(db) for _ in range(3))
    for event_id in (one, two, three):
        publishing.set_published(db, event_id, True, "over")
    removing.remove_event(db, three, "held by mistake")
    assert [e["id"] for e in publishing.published_events(db)] == [one, two]
    assert [e["id"] for e in publishing.published_events(db, [two, three])] == [two]
    uid = events.event(db, one)["uid"]
    assert publishing.published_event(db, uid)["id"] == one
    assert publishing.published_event(db, "no such uid") is None


def test_the_published_figures_are_the_events_standings_for_every_generated_night(db):
    fill_events(db, 4, seed=3)
    shown = [publishing.results(db, e) for e in publishing.published_events(db)]
    assert len(shown) == 3  # the sample leaves its last night for its director
    for night in shown:
        found = events.event(db, night["id"])
        people = events.entries_of(db, night["id"])
        expected = [
            (
                line.place,
                people[line.entry]["name"],
                figure(line.points),
                line.played,
                line.byes,
                figure(line.match_points),
            )
            for line in events.event_standings(db, found)
        ]
        assert [
            (r["place"], r["entry"], r["points"], r["played"], r["byes"], r["margin"])
            for r in night["lines"]
        ] == expected
        assert sum(len(t["tables"]) for t in night["turns"]) == 3 * 3  # three turns of three


def test_a_players_placings_and_rating_come_from_the_published_nights(db):
    fill_events(db, 2, seed=5)
    shown = [publishing.results(db, e) for e in publishing.published_events(db)]
    people = publishing.player_pages(db, shown)
    assert len(people) == 12  # every player of the one published night
    for person in people:
        (placing,) = person["placings"]
        assert placing["of"] == 6 and 1 <= placing["place"] <= 6
        rating = leaderboards.of_player(db, person["id"])["all"]  # the app's, over every game
        assert person["rating"] == {k: rating[k] for k in ("rating", "games", "settling")}
        assert set(person) == {"id", "name", "rating", "placings", "series"}


def test_a_series_is_published_over_its_published_nights_and_names_no_other(db):
    fill_events(db, 3, seed=4)  # the last night left unpublished
    nights = sorted(e["id"] for e in events.all_events(db))
    held = series.create_series(db, name="Ladder", counts="points", best=1, event_ids=nights)
    twin = series.create_series(db, name="Twin", counts="points", best=1, event_ids=nights[:2])
    shown = [publishing.results(db, e) for e in publishing.published_events(db)]
    ladder, other = publishing.published_series(db, shown)
    assert (ladder["id"], ladder["hidden"], other["hidden"]) == (held, 1, 0)
    assert [e["id"] for e in ladder["events"]] == nights[:2]
    expected = series.standings_of(db, twin)["lines"]
    assert [(x["name"], x["total"], x["evenings"], x["counted"]) for x in ladder["lines"]] == [
        (x["name"], x["total"], x["evenings"], x["counted"]) for x in expected
    ]
    assert len(series.standings_of(db, held)["events"]) == 3  # the app counts every night
    assert [s["name"] for s in shown[0]["series"]] == ["Ladder", "Twin"]
    people = publishing.player_pages(db, shown, [ladder])
    assert all(p["series"][0]["of"] == len(ladder["lines"]) for p in people)
