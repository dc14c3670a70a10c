"""The club's paper as pages: the desk's Print menu, a Swiss's guide cards and
scorecards after two turns (the turn to come paired at its start), a rotating
night's cards per player, the paper asked for, and the pages in German."""

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.events import events, turns
from scorekeeper.data.games import rounds
from tests.web.test_words import text

PAIRS = ["Ann & Bea", "Cy & Di", "Ed & Flo", "Gus & Hal", "Ida & Jo", "Kit & Lu"]


@pytest.fixture
def db(app):
    database = connect(app.config["DATABASE"])
    yield database
    database.close()


def event(db, movement, entries, turns_=3, variant="hand-and-foot", deals=1, **more):
    return events.create_event(
        db,
        name="Paper club",
        date="2026-11-24",
        variant=variant,
        options={},
        movement=movement,
        turns=turns_,
        deals=deals,
        scale={"kind": "wdl", "win": 2, "draw": 1, "loss": 0},
        entries=[{"name": e, "players": e.split(" & ")} for e in entries],
        **more,
    )


def play(db, event_id, turn, scores):
    turns.start_turn(db, event_id)
    for table, (one, other) in zip(events.tables(db, event_id, turn), scores, strict=True):
        a, b = table["sides"]
        rounds.add_round(db, table["game_id"], {a: {"meld_points": one}, b: {"meld_points": other}})


@pytest.fixture
def swiss(db):
    """Six pairs by the list, two turns played (tests/club/test_paper.py works them
    by hand): 3 v 0, 4 v 1, 5 v 2 in turn 2, and turn 3 not paired yet."""
    event_id = event(db, "swiss", PAIRS)
    play(db, event_id, 1, [(200, 100), (100, 400), (150, 100)])
    play(db, event_id, 2, [(250, 200), (100, 300), (100, 100)])
    return event_id


def test_the_desk_offers_each_sheet_on_a4_and_letter(client, swiss):
    desk = client.get(f"/events/{swiss}").get_data(as_text=True)
    for path in ("print", "guide-cards", "scorecards"):
        for paper in ("a4", "letter"):
            assert f'href="/events/{swiss}/{path}?paper={paper}"' in desk
    assert "Scorecards: a pair each" in desk


def test_a_swiss_guide_card_lists_the_turns_paired_and_says_when_the_rest_are(client, swiss):
    page = text(client.get(f"/events/{swiss}/guide-cards"))
    first = page.split("Table 1 ")[1].split("Table 2 ")[0]
    assert "1 1 Ann & Bea → turn 2: table 1, East-West 2 Cy & Di → turn 2: table 2, East-West" in (
        first
    )
    assert (
        "2 4 Gus & Hal → paired at the start of turn 3 1 Ann & Bea → paired at the start of turn 3"
    ) in first
    assert "3 Paired at the start of turn 3." in first
    assert page.count("Table ") == 3


def test_the_results_sheet_says_how_the_event_is_played_and_scored(client, swiss):
    sheet = text(client.get(f"/events/{swiss}/print"))
    assert (
        "Movement: Swiss: pairs meet by the standings; the first turn by the list: 1st against"
        " 2nd, 3rd against 4th"
    ) in sheet
    assert (
        "Event points: Points for a win, a draw, a loss (2 · 1 · 0) · A bye counts as: a win"
        in (sheet)
    )
    # place, entry number and name, points, played, margin, tie-break, as ranked
    assert "1 4 Gus & Hal 4 2 +350 2 2 Cy & Di 2 2 +100" in sheet


def test_entries_level_on_everything_are_placed_by_the_seeding_on_the_sheet(client, db):
    event_id = event(db, "mitchell", PAIRS[:4], turns_=1)
    play(db, event_id, 1, [(100, 100), (100, 100)])
    sheet = text(client.get(f"/events/{event_id}/print"))
    assert "Final standings" in sheet and "final results" in sheet
    assert "1 1 Ann & Bea 1 1 0 seeding 2 2 Cy & Di 1 1 0 seeding" in sheet


def test_a_swiss_not_started_has_its_cards_to_hand_out_already(client, db):
    event_id = event(db, "swiss", PAIRS)
    guide = text(client.get(f"/events/{event_id}/guide-cards"))
    assert guide.count("1 Paired at the start of turn 1.") == 3
    cards = text(client.get(f"/events/{event_id}/scorecards"))
    assert cards.count("Final place:") == 6 and "N-S" not in cards


def test_a_swiss_scorecard_after_two_turns(client, swiss):
    page = text(client.get(f"/events/{swiss}/scorecards"))
    ann = page.split("1 Ann & Bea Paper club")[1].split("2 Cy & Di Paper club")[0]
    assert "1 1 N-S 2 Cy & Di 200 100 2 2 2 1 E-W 4 Gus & Hal 200 250 0 2 3 " in ann
    assert "Place so far: 3 of 6" in ann
    assert page.count("Place so far") == 6


def test_a_rotating_night_has_a_scorecard_per_player_with_the_partner(client, db):
    players = ["Ann", "Bea", "Cy", "Di", "Ed"]
    event_id = event(db, "rotating", players, turns_=2)
    desk = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "Scorecards: a player each" in desk
    page = text(client.get(f"/events/{event_id}/scorecards"))
    assert "Partner" in page and page.count("Final place:") == 5
    guide = text(client.get(f"/events/{event_id}/guide-cards"))
    # partners side by side, each with where they go next; who sits out on a card of its own
    assert "1 1 Ann → turn 2: table 1, North-South 4 Di → sits out turn 2 2 Bea" in guide
    assert "Sitting out Paper club · Tue 24 Nov 2026 Turn Players 1 5 Ed → turn 2: table 1" in guide


def test_a_five_person_table_has_no_directions(client, db):
    players = ["Ann", "Bea", "Cy", "Di", "Ed", "Flo"]
    event_id = event(db, "rotating", players, turns_=2, variant="five-person", deals=0)
    guide = text(client.get(f"/events/{event_id}/guide-cards"))
    assert "North-South" not in guide and "Turn Players 1 1 Ann → turn 2: table 1" in guide
    cards = text(client.get(f"/events/{event_id}/scorecards"))
    assert "N-S" not in cards and "Partner" not in cards


@pytest.mark.parametrize(
    ("asked", "body"),
    [("letter", "paper-letter"), ("a4", "paper-a4"), ("legal", "paper-a4"), ("", "paper-a4")],
)
def test_the_paper_asked_for_and_a4_otherwise(client, swiss, asked, body):
    for path in ("print", "guide-cards", "scorecards"):
        response = client.get(f"/events/{swiss}/{path}?paper={asked}")
        assert response.status_code == 200
        assert f'class="printout {body}"' in response.get_data(as_text=True)


def test_the_sheets_in_german(client, swiss):
    client.set_cookie("lang", "de")
    guide = text(client.get(f"/events/{swiss}/guide-cards"))
    assert "Nord-Süd" in guide and "wird zu Beginn von Runde 3 gepaart" in guide
    cards = text(client.get(f"/events/{swiss}/scorecards"))
    assert "Gegner" in cards and "Platz bisher: 3 von 6" in cards
    sheet = text(client.get(f"/events/{swiss}/print"))
    assert "Gleichstand entschieden durch" in sheet


def test_an_event_that_is_not_there_is_a_404(client):
    for path in ("guide-cards", "scorecards"):
        assert client.get(f"/events/999/{path}").status_code == 404
