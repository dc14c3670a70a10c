"""A turn paired by hand at the data layer: what only a sender outside the form could
send is refused too, and nothing is stored."""

import pytest

from scorekeeper.data.events import events, pairing
from tests.data.test_events import PAIRS, club_night, db  # noqa: F401 (the fixture)


@pytest.mark.parametrize(
    ("seats", "problem"),
    [
        pytest.param({0: (1, 0), 1: (1, 1)}, "give every entry still in the event", id="missing"),
        pytest.param(
            {e: (1 + e // 2, e % 2) for e in range(6)} | {6: (5, 0), 7: (5, 1)},
            "there are 4 tables",
            id="a table past the last",
        ),
        pytest.param(
            {e: (1 + e // 2, e % 2) for e in range(8)} | {8: None},
            "give every entry still in the event",
            id="an entry not there",
        ),
    ],
)
def test_a_pairing_outside_the_form_is_refused_and_nothing_stored(db, seats, problem):  # noqa: F811
    event_id = club_night(db)
    shown = pairing.pairing(db, event_id, 1)
    before = events.event(db, event_id)["plan"]
    with pytest.raises(events.EventProblem, match=problem):
        pairing.set_pairing(db, event_id, 1, seats, "by hand", shown.basis)
    assert events.event(db, event_id)["plan"] == before
    assert not list(db.query("SELECT * FROM event_changes"))


def test_a_pairing_set_twice_from_one_page_is_refused_the_second_time(db):  # noqa: F811
    event_id = club_night(db)
    shown = pairing.pairing(db, event_id, 2)
    seats = {e: (1 + e // 2, e % 2) for e in range(8)}
    assert pairing.set_pairing(db, event_id, 2, seats, "by hand", shown.basis) == []
    with pytest.raises(events.EventProblem, match="the plan changed meanwhile"):
        pairing.set_pairing(db, event_id, 2, seats, "again", shown.basis)
    assert pairing.pairable(events.event(db, event_id)) == range(1, 3)


def test_a_pairing_leaves_the_other_turns_as_stored_with_a_kept_table_a_rule(db):  # noqa: F811
    from scorekeeper.data.events import editing

    event_id = club_night(db)
    stored = editing.stored_plan(db, event_id)
    editing.keep_table(db, event_id, 0, 3, "near the door")
    shown = pairing.pairing(db, event_id, 2)
    seats = {e: (1 + e // 2, e % 2) for e in range(8)}
    pairing.set_pairing(db, event_id, 2, seats, "by hand", shown.basis)
    assert editing.stored_plan(db, event_id)[0] == stored[0]  # not renumbered in storage
    assert events.event(db, event_id)["plan"][0].tables[2][0] == (0,)  # read: table 3 kept
