"""Who may do what at a club night. Every route of the event's pages, read from
``app.url_map`` (a new one fails here until it is given a role), tried as the
director, as another table's phone (its card opened), as a player's phone and as
a stranger: only the director runs the event, everyone may watch it, and a table's
card lets its browser score that table's game, with no passphrase, and nothing else."""

import html
import re

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.data.connection import connect
from scorekeeper.data.table import table as phones
from tests.web.test_events import card_links, first_turn, make_event

DIRECTOR = "club director 1"
# What each route of the event is, by endpoint: run by its director alone; seen by
# everyone; made by anyone who may start a game; or opened by a link's own secret.
DIRECTED = {
    "events.start",
    "events.swap",
    "events.change_clock",
    "event_roles.cards",
    "event_roles.replace_card",
    "event_desk.adjust",
    "event_desk.reopen",
    "event_desk.end",
    "event_desk.penalty",
    "event_desk.remove_penalty",
    "event_desk.withdraw",
    "event_late.late_entry",
    "event_late.substitute",
    "event_undo.undo_start",
    "event_undo.undo_withdrawal",
    "event_undo.history",
    "event_undo.delete",
    "event_edit.keep_table",
    "event_edit.edit",
    "event_pairing.pair",
    "event_carry.carry",
    "published.publish",
}
SEEN = {
    "events.index",
    "events.desk",
    "events.standings",
    "events.standings_file",
    "events.clock_json",
    "events.printed",
    "event_paper.guide_cards",
    "event_paper.scorecards",
    "event_desk.table",
    "event_roles.unlock",
}
MADE = {"events.new"}
BY_LINK = {"event_roles.table_link", "event_desk.check_in", "published.public"}
FORM = {
    "action": "add",
    "minutes": "5",
    "one": "0",
    "other": "1",
    "reason": "table talk",
    "first": "5",
    "second": "0",
    "entry": "0",
    "penalty-entry": "0",
    "penalty-points": "2",
    "penalty-reason": "table talk",
    "remove-reason": "table talk",
    "passphrase": "a wrong guess",
}


def event_rules(app):
    """Every (rule, method) of the event's pages."""
    return sorted(
        (
            (rule, method)
            for rule in app.url_map.iter_rules()
            if rule.endpoint.split(".")[0]
            in (
                "events",
                "event_desk",
                "event_roles",
                "event_paper",
                "event_undo",
                "event_edit",
                "event_late",
                "event_pairing",
                "event_carry",
                "published",
            )
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"})
        ),
        key=lambda r: (r[0].rule, r[1]),
    )


def test_every_route_of_an_event_has_a_role(app):
    endpoints = {rule.endpoint for rule, _ in event_rules(app)}
    assert endpoints == DIRECTED | SEEN | MADE | BY_LINK, "give the new route a role here"


def dump(app):
    db = connect(app.config["DATABASE"])
    try:
        return [line for line in db.conn.iterdump() if "sqlite_sequence" not in line]
    finally:
        db.close()


@pytest.fixture
def evening(app, client):
    """The event, turn 1 started, by its director (``client``); and a browser for
    each other role: table 2's card opened, a player's phone at table 1, a stranger."""
    desk, event_id, games, links = first_turn(
        app, client, minutes="30", director_passphrase=DIRECTOR
    )
    db = connect(app.config["DATABASE"])
    try:
        token = phones.join(db, games[0], "Ann", 0)
    finally:
        db.close()
    other_table, player, stranger = app.test_client(), app.test_client(), app.test_client()
    assert other_table.get(links[1]).status_code == 302
    assert player.get(f"/table/{token}").status_code == 200
    roles = {
        "another table's phone": other_table,
        "a player's phone": player,
        "a stranger": stranger,
    }
    return {"desk": desk, "event_id": event_id, "games": games, "links": links, "roles": roles}


def url_of(rule, evening):
    values = {
        "event_id": str(evening["event_id"]),
        "game_id": str(evening["games"][0]),
        "table_no": "1",
        "entry": "0",
        "penalty_id": "1",
        "turn": "2",
        "token": "not-a-secret",
    }
    return re.sub(r"<(?:[^:>]+:)?([^>]+)>", lambda m: values.get(m[1], "json"), rule.rule)


# Cases for the walk below: one per event route, with room for routes to come.
EVENT_CASES = 64


def test_every_event_route_has_a_case(app):
    assert len(event_rules(app)) <= EVENT_CASES, "more event routes than cases: raise EVENT_CASES"


@pytest.mark.parametrize("case", range(EVENT_CASES))
def test_each_route_as_director_another_tables_phone_a_player_and_a_stranger(
    app, client, evening, case
):
    rules = event_rules(app)
    if case >= len(rules):
        return
    rule, method = rules[case]
    url = url_of(rule, evening)
    for role, browser in evening["roles"].items():
        before = dump(app)
        response = browser.open(url, method=method, data=FORM)
        status = response.status_code
        if rule.endpoint in DIRECTED:
            assert status == 403, (role, method, url, status)
        elif rule.endpoint in BY_LINK:
            assert status == 404, (role, method, url, status)  # a secret nobody holds
        elif rule.endpoint in MADE:  # anyone's own event, with no app passphrase set
            assert status in (200, 400), (role, method, url, status)
        elif method == "GET":
            assert status in (200, 302), (role, method, url, status)
        else:  # the director's passphrase, guessed wrong
            assert status == 400, (role, method, url, status)
        if rule.endpoint not in MADE:
            assert dump(app) == before, (role, method, url)
    answer = client.open(url, method=method, data=FORM)
    assert answer.status_code < 500 and answer.status_code != 403, (method, url)


def set_app_passphrase(app, secret="the club's own"):
    result = CliRunner().invoke(
        main, ["passphrase", "--db", app.config["DATABASE"]], input=f"{secret}\n{secret}\n"
    )
    assert result.exit_code == 0, result.output


def round_of(browser, game):
    return browser.post(f"/games/{game}/rounds/new", data={"number": "1", "s0_meld_points": "50"})


def test_a_tables_card_scores_its_own_game_without_a_passphrase_and_nothing_else(
    app, client, evening
):
    set_app_passphrase(app)
    one, two, three = evening["games"]
    mine = app.test_client()
    assert mine.get(evening["links"][0]).status_code == 302  # table 1's card
    assert round_of(mine, two).status_code == 403  # another table's game
    assert round_of(evening["roles"]["a stranger"], one).status_code == 403
    assert round_of(mine, one).status_code == 302  # its own: no passphrase to type
    assert mine.post(f"{evening['desk']}/start").status_code == 403
    assert mine.post(f"/games/{one}/remove", data={"by": "Ann"}).status_code == 403
    assert round_of(client, three).status_code == 302  # the director may score any table


def test_the_director_runs_the_event_from_another_device_with_the_passphrase(app, evening):
    other = app.test_client()
    desk = evening["desk"]
    assert other.post(f"{desk}/clock", data={"action": "pause"}).status_code == 403
    assert "Run this event (director)" in other.get(desk).get_data(as_text=True)
    wrong = other.post(f"{desk}/unlock", data={"passphrase": "not the one"})
    assert wrong.status_code == 400 and "not the director" in wrong.get_data(as_text=True)
    assert other.post(f"{desk}/unlock", data={"passphrase": DIRECTOR}).status_code == 302
    assert other.post(f"{desk}/clock", data={"action": "pause"}).status_code == 302
    assert other.get(f"{desk}/clock.json").get_json()["running"] is False
    assert "Run this event (director)" not in other.get(desk).get_data(as_text=True)


def test_a_card_opens_its_own_table_only_and_a_replaced_one_stops_working(app, client, evening):
    one, two, _ = evening["games"]
    holder = app.test_client()
    joined = holder.get(evening["links"][0])
    assert joined.status_code == 302 and "/join/" in joined.headers["Location"]
    db = connect(app.config["DATABASE"])
    try:
        assert joined.headers["Location"].endswith(phones.join_code(db, one))
        assert phones.join_code(db, two) not in joined.headers["Location"]
    finally:
        db.close()
    replaced = client.post(f"{evening['desk']}/cards/1/replace", follow_redirects=True)
    assert "Table 1 has a new card" in replaced.get_data(as_text=True)
    assert holder.get(evening["links"][0]).status_code == 404  # the old link
    assert round_of(holder, one).status_code == 403  # and what it had opened
    assert holder.get(f"/join/{joined.headers['Location'].rsplit('/', 1)[1]}").status_code == 404
    fresh = card_links(client, evening["desk"])
    assert fresh[0] != evening["links"][0] and fresh[1:] == evening["links"][1:]
    assert holder.get(fresh[0]).status_code == 302
    assert round_of(holder, one).status_code == 302


def test_the_card_takes_its_scorer_to_the_tables_game_in_one_tap(app, client, evening):
    one = evening["games"][0]
    holder = app.test_client()
    join = holder.get(evening["links"][0], follow_redirects=True).get_data(as_text=True)
    assert f'href="/games/{one}"' in join and "Keep the score at table 1" in join
    assert round_of(holder, one).status_code == 302  # and it may score there
    player = evening["roles"]["a stranger"]  # joins by the code alone: no such button
    code = re.search(r"/join/[^\"']+", holder.get(evening["links"][0]).headers["Location"])[0]
    assert "Keep the score" not in player.get(code).get_data(as_text=True)


@pytest.mark.parametrize(
    ("movement", "entries", "said"),
    [
        ("mitchell", None, "East-West go on to table 2 after each turn"),
        ("howell", None, "East-West stay at this table after each turn, and sit North-South"),
        ("swiss", None, "the pairs meet by the standings"),
        ("rotating", "Ann\nBea\nCy\nDi\nEd\nFlo\nGus\nHal", "seated afresh each turn"),
    ],
)
def test_the_table_cards_say_how_the_movement_goes(client, movement, entries, said):
    change = {"movement": movement, "turns": "1"} | ({"entries": entries} if entries else {})
    desk = make_event(client, **change).headers["Location"]
    cards = client.get(f"{desk}/cards").get_data(as_text=True)
    assert said in cards
    if movement == "mitchell":  # the last table's East-West go on to the first
        assert "East-West go on to table 1 after each turn" in cards
    if movement == "howell":  # the last pair stays at the last table
        assert "North-South stay at this table all evening" in cards


def test_an_odd_mitchells_last_card_sends_east_west_to_sit_out(client):
    """Found by a tester: with five pairs, table 2's card sent its East-West pair on to
    table 1, where the plan has them sit out (the third table has no North-South
    pair) and the pair sitting out go on to table 1."""
    five = "Ann & Bea\nCy & Di\nEd & Flo\nGus & Hal\nIda & Jo"
    desk = make_event(client, movement="mitchell", turns="2", entries=five).headers["Location"]
    cards = html.unescape(client.get(f"{desk}/cards").get_data(as_text=True))
    assert "East-West go on to table 2 after each turn" in cards  # table 1
    assert "East-West sit out the next turn (a bye), then go on to table 1." in cards
    assert "go on to table 1 after each turn" not in cards


# a Howell's tables (cards), an odd number of pairs, the table, what its card says
# (worked from the movement: North-South up a table, East-West down one)
HOWELL_CARDS = [
    (2, False, 1, "North-South go on to table 2 after each turn, as East-West. East-West stay"),
    (2, False, 2, "North-South stay at this table all evening. East-West go on to table 1"),
    (3, False, 2, "North-South go on to table 3 after each turn, as East-West."),
    (2, True, 1, "North-South go on to table 2 after each turn. East-West stay at this table"),
    (2, True, 2, "North-South sit out the turn after, then come back here as East-West."),
    (1, True, 1, "North-South sit out the turn after"),
]


@pytest.mark.parametrize(("count", "odd", "number", "said"), HOWELL_CARDS)
def test_a_howell_card_says_where_each_goes_next(app, count, odd, number, said):
    from scorekeeper.web.pages.event_roles import howell_words

    with app.test_request_context():
        assert said in howell_words(number, count, odd=odd)
