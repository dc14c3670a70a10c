"""A whole Mitchell of Hand and Foot by deals in real browsers (Debian's chromium): 16
pairs at 8 tables, one deal a turn, three turns. The event is made on the club's
laptop, which then shows the big screen; the director runs the desk from a phone of
their own by the event's passphrase. Table 1's scorer opens the card, enters its deal
on the round screen and corrects it; its finished game offers the table's card, not
"Play again with the same players", and the card leads on to its game of turn 2;
table 2's two players join by the card, one checks in and queries the round, and the
scorer answers that it stands; a phone follows its pair to the next table. The other
tables send their rounds through the JSON API with their card's session (one
mistaken round taken back). The standings on the desk, the big screen and both
exports are the figures worked by hand below.

Why three turns of the eight a Mitchell of 8 tables allows: three play the movement
(every East-West pair moves up a table each turn and meets a new North-South pair)
and every button, in a test that stays short; tests/club/test_movements.py plays the
whole cycle (every East-West pair meets every North-South pair once in 8 turns).

The seating, Pn for "Pna & Pnb": North-South P1-P8 stay at tables 1-8; East-West
P9-P16 start at tables 1-8 and move up one table a turn, so in turn k table t has
East-West P(8 + ((t - k) mod 8) + 1): turn 2 table 1 is P16, turn 3 table 1 is P15.

Each table's score, North-South - East-West (a deal's score is its meld points, +500
for a clean pile, +300 for a dirty one, minus hand points):
  turn 1: 250-100 (150-100 entered, corrected by the sheet), 200-350 (queried, it
          stands), 500-300, 150-150, 400-250, 100-450, 300-50,
          650-200 (a clean pile and 150 melded);
  turn 2: 300-200, 150-400, 250-250, 550-100 (a dirty pile and 250), 200-300,
          350-150, 100-600, 400-350;
  turn 3: 200-500, 450-100, 150-300, 300-250, 600-100 (a clean pile, 150 melded and
          50 in hand - 150 melded and 50 in hand), 250-400, 350-350, 100-150.
2 for a win, 1 for a draw; the margin is points scored minus conceded:
  P14: W +350 v P6, W +500 v P7, W +50 v P8 = 6, +900
  P4:  D v P12, W +450 v P11, W +50 v P10 = 5, +500
  P12: D v P4, W +100 v P5, W +150 v P6 = 5, +250
  P5:  W +150 v P13, L -100 v P12, W +500 v P11 = 4, +550
  P8:  W +450 v P16, W +50 v P15, L -50 v P14 = 4, +450
  P9:  L -150 v P1, W +250 v P2, W +150 v P3 = 4, +250
  P1:  W +150 v P9, W +100 v P16, L -300 v P15 = 4, -50
  P10: W +150 v P2, D v P3, L -50 v P4 = 3, +100
  P3:  W +200 v P11, D v P10, L -150 v P9 = 3, +50
  P7:  W +250 v P15, L -500 v P14, D v P13 = 3, -250
  P15: L -250 v P7, L -50 v P8, W +300 v P1 = 2, 0
  P2:  L -150 v P10, L -250 v P9, W +350 v P16 = 2, -50
  P6:  L -350 v P14, W +200 v P13, L -150 v P12 = 2, -300
  P13: L -150 v P5, L -200 v P6, D v P7 = 1, -350
  P16: L -450 v P8, L -100 v P1, L -350 v P2 = 0, -900
  P11: L -200 v P3, L -450 v P4, L -500 v P5 = 0, -1,150
No two pairs tie on points and margin, so no later tie-break decides a place."""

from playwright.sync_api import expect

from tests.browser.events_helpers import (
    PROJECTOR,
    card_links,
    enter,
    exported_standings,
    join,
    make_event,
    send_round,
    standings_rows,
    start_turn,
    unlock,
)

PASSPHRASE = "north south east"


def pair(n):
    return f"P{n}a & P{n}b"


def deal(ns, ew):
    """A deal of nothing but meld points."""
    return {"ns": {"meld_points": ns}, "ew": {"meld_points": ew}}


# Each turn's deals by table, as sent (North-South, East-West); tables 1 and 2 of
# turn 1 and table 1 of turn 2 are entered on the round screen instead.
TURNS = {
    1: [
        None,
        None,
        deal(500, 300),
        deal(150, 150),
        deal(400, 250),
        deal(100, 450),
        deal(300, 50),
        {"ns": {"natural_canastas": 1, "meld_points": 150}, "ew": {"meld_points": 200}},
    ],
    2: [
        None,
        deal(150, 400),
        deal(250, 250),
        {"ns": {"mixed_canastas": 1, "meld_points": 250}, "ew": {"meld_points": 100}},
        deal(200, 300),
        deal(350, 150),
        deal(100, 600),
        deal(400, 350),
    ],
    3: [
        deal(200, 500),
        deal(450, 100),
        deal(150, 300),
        deal(300, 250),
        {
            "ns": {"natural_canastas": 1, "meld_points": 150, "hand_points": 50},
            "ew": {"meld_points": 150, "hand_points": 50},
        },
        deal(250, 400),
        deal(350, 350),
        deal(100, 150),
    ],
}
FINAL = [
    (pair(14), "6", "+900"),
    (pair(4), "5", "+500"),
    (pair(12), "5", "+250"),
    (pair(5), "4", "+550"),
    (pair(8), "4", "+450"),
    (pair(9), "4", "+250"),
    (pair(1), "4", "-50"),
    (pair(10), "3", "+100"),
    (pair(3), "3", "+50"),
    (pair(7), "3", "-250"),
    (pair(15), "2", "0"),
    (pair(2), "2", "-50"),
    (pair(6), "2", "-300"),
    (pair(13), "1", "-350"),
    (pair(16), "0", "-900"),
    (pair(11), "0", "-1,150"),
]


def east_west(turn, table):
    return 8 + (table - turn) % 8 + 1


def send_turn(page, base, turn, games):
    """The tables the JSON API scores this turn, each side named as its game has it."""
    for table, sides in enumerate(TURNS[turn], start=1):
        if sides is not None:
            named = {pair(table): sides["ns"], pair(east_west(turn, table)): sides["ew"]}
            send_round(page, base, games[table], named)


def test_a_mitchell_of_hand_and_foot_by_deals_at_eight_tables(contexts, live_server):
    base = live_server.url
    laptop = contexts(**PROJECTOR)  # the club's laptop: it makes the event, then the big screen
    desk = make_event(
        laptop,
        base,
        [pair(n) for n in range(1, 17)],
        turns=3,
        movement="mitchell",
        passphrase=PASSPHRASE,
    )
    director = contexts()
    unlock(director, desk, PASSPHRASE)
    links = card_links(director, desk)
    assert len(links) == 8
    director.goto(desk)
    games = start_turn(director, 1)
    tables = director.locator("ul.event-tables li")
    for table in range(1, 9):
        expect(tables.filter(has_text=f"Table {table} ")).to_contain_text(
            f"{pair(table)} – {pair(east_west(1, table))}"
        )

    one = contexts()  # table 1's scorer: the card, one tap to the game
    one.goto(links[0])
    with one.expect_navigation():
        one.click("text=Keep the score at table 1")
    enter(one, base, games[1], 150, 100)
    one.goto(f"{base}/games/{games[1]}/rounds/1/edit")  # Correct round 1: the sheet says 250
    one.fill("#s0_meld_points", "250")
    one.click("button[name=save]")
    expect(one.locator(".totals")).to_contain_text("250")

    two, north, east = contexts(), contexts(), contexts()  # table 2: scorer and two players
    two.goto(links[1])
    with two.expect_navigation():
        two.click("text=Keep the score at table 2")
    two.check("#confirm_rounds")  # the table's rounds confirmed by the other side's phone
    two.click("text=Save table settings")
    join(north, links[1], "p0")
    join(east, links[1], "p1")
    expect(north.locator("#check-in")).to_contain_text("P2a ✓")  # joined as P2a: checked in
    enter(two, base, games[2], 200, 350)
    # the phone shows the saved round to confirm by itself (a reload here raced it)
    expect(north.locator("#note-1")).to_be_visible()
    north.fill("#note-1", "we melded 250")
    north.click("button[name=query]")
    director.goto(desk)
    expect(tables.filter(has_text="Table 2 ")).to_contain_text("round 1 queried")
    two.reload()
    two.fill("#stands-note-1", "the sheet says 200")
    two.click("button:has-text('Round 1 stands as entered')")
    expect(north.locator("body")).to_contain_text("stands as entered, the scorer says")
    director.goto(desk)
    expect(tables.filter(has_text="Table 2 ")).to_contain_text("finished")

    rest = contexts()  # the other tables' scorers, as one browser that opened their cards
    for link in links[1:]:
        rest.goto(link)
    wrong = send_round(rest, base, games[3], {pair(3): {"meld_points": 50}})
    assert wrong["finished"]  # a slip: taken back at once, then the real deal
    assert rest.request.delete(f"{base}/api/games/{games[3]}/rounds/1").status == 200
    send_turn(rest, base, 1, games)

    # a finished table is not offered a game of its own: its next is the next turn's
    expect(one.locator("button:has-text('Play again with the same players')")).to_have_count(0)
    expect(one.locator("p.next-turn")).to_contain_text("comes with the next turn")

    director.goto(desk)
    expect(director.locator(".desk-count")).to_contain_text("8 of 8 finished")
    games = start_turn(director, 2)
    expect(east.locator("#next-title")).to_have_text("Turn 2: table 3, East-West")
    with east.expect_navigation():
        east.click("text=Go on to table 3")
    expect(east.locator("h1")).to_have_text("Tuesday club: turn 2, table 3")
    with one.expect_navigation():  # the finished game's link to the card: turn 2's game
        one.click("text=Open table 1's card")
    with one.expect_navigation():
        one.click("text=Keep the score at table 1")
    assert one.url.endswith(f"/games/{games[1]}")
    enter(one, base, games[1], 300, 200)
    send_turn(rest, base, 2, games)

    director.goto(desk)
    games = start_turn(director, 3)
    rest.goto(links[0])  # table 1 too, from now on
    send_turn(rest, base, 3, games)

    director.goto(desk)
    expect(director.locator("#desk-standings h2")).to_have_text("Final standings")
    assert standings_rows(director) == FINAL
    laptop.goto(desk + "/standings")
    expect(laptop.locator("#screen-standings h2")).to_have_text("Final standings")
    assert standings_rows(laptop) == FINAL
    from_csv, from_json = exported_standings(director, desk)
    assert from_csv == FINAL
    assert from_json == FINAL
    for page in (laptop, director, one, two, north, east, rest):
        assert page.problems == []
