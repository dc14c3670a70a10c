"""Nothing a phone typed or sent is lost, in real browsers
at once: a round saved while a phone was still typing is shown beside what it typed
and can be sent as a correction, which the Correct screen shows beside the saved
numbers, each field taken with a tap; a confirmation sent with the wifi down waits on
the phone, says so, and is stored once when the connection is back (also when the
server stored it but the answer was lost); a part typed just before the phone
reloads is back in its fields and reaches the scorer; a replacement phone takes over
a seat when the scorer agrees, with the seat's part, and the old phone is told.

Each test's table is a game of its own on the process's shared server: what it
reads back from the database is that game's."""

import json

from playwright.sync_api import expect

from scorekeeper.data.connection import connect
from scorekeeper.data.games.rounds import add_round

from . import test_table_browser as table

pages = table.pages  # the fixture: a context and page per phone
LIVE = table.LIVE


def table_with(pages, shared_server, *settings):
    game, sides, seats = table.new_game(shared_server.database, "classic")
    scorer = pages()
    scorer.goto(f"{shared_server.url}/games/{game}")
    for setting in settings:
        scorer.check(setting)
    with scorer.expect_navigation():  # the scoreboard, open to phones
        scorer.click("text=Save table settings")
    link = scorer.get_attribute(".join-box a[href*='/join/']", "href")
    return game, sides, scorer, link


def with_cat(pages, shared_server, setting):
    """A table with ``setting`` on, and Cat's phone joined for her side."""
    game, sides, scorer, link = table_with(pages, shared_server, setting)
    cat = pages()
    table.join(cat, link, "p1")
    return game, sides, scorer, cat


def stored(shared_server, sql, params):
    db = connect(shared_server.database)
    try:
        return [dict(r) for r in db.query(sql, params)]
    finally:
        db.close()


def test_a_round_saved_while_a_phone_types_is_sent_as_a_correction_the_scorer_takes(
    pages, shared_server
):
    game, sides, scorer, cat = with_cat(pages, shared_server, "#phones_enter")
    cat.fill("#s1_hand_points", "60")
    expect(cat.locator(".live-status")).to_have_text("Sent to the scorer.", timeout=LIVE)

    cat.route("**/part", lambda route: route.abort())  # Cat's next numbers do not get through
    cat.fill("#s1_hand_points", "75")
    scorer.goto(f"{shared_server.url}/games/{game}/rounds/new")
    assert scorer.input_value("#s1_hand_points") == "60"  # what reached the scorer
    scorer.fill("#s0_meld_points", "50")
    scorer.click("button[name=save]")
    scorer.wait_for_selector(".totals")

    kept = cat.locator("#kept")  # the round moved on: Cat's 75 is kept, beside the saved 60
    expect(kept).to_be_visible(timeout=LIVE)
    expect(kept).to_contain_text("The scorer saved round 1 with other numbers")
    row = kept.locator("tr", has_text="Hand points")
    expect(row.locator("td").nth(0)).to_have_text("75")
    expect(row.locator("td").nth(1)).to_have_text("60")
    expect(cat.locator("#part-title")).to_contain_text("round 2")
    assert cat.evaluate("document.documentElement.scrollWidth") <= 360  # no wider than the phone
    cat.unroute("**/part")
    kept.locator("button", has_text="Send as a correction").click()
    expect(cat.locator("#sent-flash")).to_contain_text("with the scorer", timeout=LIVE)

    scorer.goto(f"{shared_server.url}/games/{game}")
    queries = scorer.locator("#queries")
    expect(queries).to_contain_text("sends its numbers as a correction", timeout=LIVE)
    expect(queries).to_contain_text("Hand points 75")
    found = stored(
        shared_server,
        "SELECT fields FROM table_events WHERE action = 'queried' AND game_id = ?",
        [game],
    )
    assert [json.loads(f["fields"]) for f in found] == [{"s1_hand_points": "75"}]

    # the Correct screen: Cat's numbers beside the saved ones, each to take with a tap
    with scorer.expect_navigation():
        queries.locator("a", has_text="Correct round 1").click()
    correction = scorer.locator("#correction")
    expect(correction).to_contain_text("Cat’s phone sends its numbers for round 1 as a correction")
    expect(scorer.locator("main")).not_to_contain_text("“”")
    row = correction.locator("li", has_text="Hand points")
    expect(row).to_contain_text("saved 60, Cat’s phone 75")
    assert scorer.input_value("#s1_hand_points") == "60"
    row.locator("button", has_text="Use the phone's numbers").click()
    assert scorer.input_value("#s1_hand_points") == "75"
    expect(scorer.locator("output[data-after]").nth(1)).to_contain_text("-75")
    scorer.click("button[name=save]")
    scorer.wait_for_selector(".totals")
    expect(scorer.locator("#queries")).to_be_empty()  # the round now says what Cat's phone did
    saved = stored(shared_server, "SELECT entries FROM rounds WHERE game_id = ?", [game])
    assert json.loads(saved[0]["entries"])[sides[1]]["hand_points"] == 75


def test_a_confirmation_sent_offline_waits_and_is_stored_once(pages, shared_server):
    game, sides, scorer, cat = with_cat(pages, shared_server, "#confirm_rounds")
    db = connect(shared_server.database)
    add_round(db, game, {sides[0]: {"meld_points": 50}})
    db.close()
    confirm = cat.locator("button", has_text="Confirm round 1")
    expect(confirm).to_be_visible(timeout=LIVE)

    cat.context.set_offline(True)  # the wifi drops as Cat confirms
    confirm.click()
    outbox = cat.locator("#outbox")
    expect(outbox).to_have_text("1 confirmation waiting for the connection")
    cat.wait_for_timeout(1500)  # a poll or two while offline: still waiting, not lost
    expect(outbox).to_have_text("1 confirmation waiting for the connection")
    cat.context.set_offline(False)
    expect(outbox).to_be_hidden(timeout=LIVE)
    expect(scorer.locator(".agreement")).to_contain_text("confirmed by Cat", timeout=LIVE)

    # the server stores it but the answer is lost: sent again with the same key, stored once
    lost = []

    def lose_the_first_answer(route):
        if not lost:
            lost.append(route.fetch())
            route.abort()
        else:
            route.continue_()

    cat.route("**/answer", lose_the_first_answer)
    db = connect(shared_server.database)
    add_round(db, game, {sides[0]: {"meld_points": 70}})
    db.close()
    confirm = cat.locator("button", has_text="Confirm round 2")
    expect(confirm).to_be_visible(timeout=LIVE)
    confirm.click()
    expect(outbox).to_be_hidden(timeout=LIVE)
    assert lost and lost[0].status == 200
    confirmed = "FROM table_events WHERE action = 'confirmed' AND game_id = ?"
    sql = f"SELECT number, count(*) AS n {confirmed} GROUP BY number"
    assert stored(shared_server, sql, [game]) == [{"number": 1, "n": 1}, {"number": 2, "n": 1}]
    sql = f"SELECT count(*) AS n {confirmed} AND request_key IS NOT NULL"
    assert stored(shared_server, sql, [game])[0]["n"] == 2


def test_a_replacement_phone_takes_over_a_seat_when_the_scorer_agrees(pages, shared_server):
    game, sides, scorer, link = table_with(pages, shared_server, "#phones_enter")
    old = pages()
    table.join(old, link, "p0")
    old.fill("#s0_meld_points", "50")
    expect(old.locator(".live-status")).to_have_text("Sent to the scorer.", timeout=LIVE)

    new = pages()  # Ann's battery died: her new phone joins for her
    new.goto(link)
    new.check("input[name=who][value=p0]")
    new.click("button:has-text('Join')")
    expect(new.locator(".seat-taken")).to_contain_text("Ann’s seat has a phone already")
    new.click("button[name=take_over]")
    expect(new.locator("h1")).to_have_text("Waiting for the scorer")

    request = scorer.locator(".seat-request")
    expect(request).to_contain_text("A new phone asks for Ann’s seat", timeout=LIVE)
    assert scorer.evaluate("document.documentElement.scrollWidth") <= 360
    assert new.evaluate("document.documentElement.scrollWidth") <= 360
    request.locator("button[name=agree]").click()
    expect(scorer.locator(".flash, [role=status]").first).to_be_visible()

    expect(new.locator("#s0_meld_points")).to_have_value("50", timeout=LIVE)  # the seat's part
    expect(old.locator("h1")).to_have_text("This phone is not at the table", timeout=LIVE)
    expect(old.locator("main")).to_contain_text("Another phone took over Ann’s seat")
    new.fill("#s0_meld_points", "55")
    expect(new.locator(".live-status")).to_have_text("Sent to the scorer.", timeout=LIVE)
    at_table = stored(
        shared_server,
        "SELECT who FROM table_phones WHERE removed_at IS NULL AND game_id = ?",
        [game],
    )
    assert at_table == [{"who": "Ann"}]
    drafts = stored(shared_server, "SELECT fields FROM table_drafts WHERE game_id = ?", [game])
    assert [json.loads(d["fields"]) for d in drafts] == [{"s0_meld_points": "55"}]


def test_a_part_typed_offline_waits_on_the_phone_and_reaches_the_scorer(pages, shared_server):
    game, sides, scorer, cat = with_cat(pages, shared_server, "#phones_enter")
    cat.context.set_offline(True)
    cat.fill("#s1_hand_points", "60")
    expect(cat.locator("#outbox")).to_have_text("1 part waiting for the connection", timeout=LIVE)
    expect(cat.locator(".live-status")).to_contain_text("waits on this phone")
    cat.fill("#s1_hand_points", "65")  # typed again offline: the newest part waits, alone
    expect(cat.locator("#outbox")).to_have_text("1 part waiting for the connection", timeout=LIVE)
    cat.context.set_offline(False)
    expect(cat.locator(".live-status")).to_have_text("Sent to the scorer.", timeout=LIVE)
    expect(cat.locator("#outbox")).to_be_hidden()
    sql = "SELECT fields FROM table_drafts WHERE game_id = ?"
    for _ in range(LIVE // 100):  # the newest part, once (the first may have got through)
        drafts = [json.loads(d["fields"]) for d in stored(shared_server, sql, [game])]
        if drafts == [{"s1_hand_points": "65"}]:
            break
        cat.wait_for_timeout(100)
    assert drafts == [{"s1_hand_points": "65"}]
    scorer.goto(f"{shared_server.url}/games/{game}/rounds/new")
    assert scorer.input_value("#s1_hand_points") == "65"


def test_a_part_typed_just_before_a_reload_is_back_in_its_field_and_reaches_the_scorer(
    pages, shared_server
):
    game, sides, scorer, cat = with_cat(pages, shared_server, "#phones_enter")
    scorer.goto(f"{shared_server.url}/games/{game}/rounds/new")
    part = scorer.locator("#phone-parts li.part[data-part='1']")

    cat.fill("#s1_hand_points", "60")
    cat.reload()  # at once: before the pause in typing that sends it
    expect(cat.locator("#s1_hand_points")).to_have_value("60")
    expect(part).to_contain_text("sent by Cat", timeout=LIVE)
    expect(part).to_contain_text("Hand points 60", timeout=LIVE)

    # reloaded while nothing gets through (the wifi drops as the page goes): the
    # numbers come back from the phone itself, and wait there for the connection
    cat.route("**/part", lambda route: route.abort())
    cat.fill("#s1_hand_points", "75")
    cat.reload()
    expect(cat.locator("#s1_hand_points")).to_have_value("75")
    expect(cat.locator("#outbox")).to_have_text("1 part waiting for the connection", timeout=LIVE)
    expect(part).to_contain_text("Hand points 60")
    cat.unroute("**/part")
    expect(part).to_contain_text("Hand points 75", timeout=LIVE)
    expect(cat.locator("#outbox")).to_be_hidden(timeout=LIVE)
    sql = "SELECT fields FROM table_drafts WHERE game_id = ?"
    drafts = [json.loads(d["fields"]) for d in stored(shared_server, sql, [game])]
    assert drafts == [{"s1_hand_points": "75"}]


def test_a_correction_the_engine_refuses_is_shown_again_with_the_problem_beside_its_field(
    pages, shared_server
):
    game, sides, scorer, cat = with_cat(pages, shared_server, "#phones_enter")
    cat.fill("#s1_hand_points", "60")
    expect(cat.locator(".live-status")).to_have_text("Sent to the scorer.", timeout=LIVE)
    cat.route("**/part", lambda route: route.abort())  # what comes next does not get through
    cat.fill("#s1_red_threes", "9")  # more than the four in play
    scorer.goto(f"{shared_server.url}/games/{game}/rounds/new")
    scorer.fill("#s0_meld_points", "50")
    scorer.click("button[name=save]")
    scorer.wait_for_selector(".totals")

    kept = cat.locator("#kept")
    expect(kept).to_be_visible(timeout=LIVE)
    cat.unroute("**/part")
    kept.locator("button", has_text="Send as a correction").click()
    row = kept.locator("tr", has_text="Red threes")
    expect(row.locator("td").nth(0)).to_contain_text(
        "9 is more than the 4 red threes in play", timeout=LIVE
    )
    expect(kept).to_be_visible()  # still there, to change or discard
    assert (
        stored(
            shared_server,
            "SELECT 1 FROM table_events WHERE action = 'queried' AND game_id = ?",
            [game],
        )
        == []
    )
