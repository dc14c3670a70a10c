"""A whole evening of Hand and Foot with Sambas by deals, with a rule set, in real
browsers (Debian's chromium): six pairs at three tables (Mitchell), two turns of two
deals, victory points from the form's table, every table's game started from the
shipped family rule set "Samba, a samba to go out". The event is made on the club's
laptop, which then shows the big screen; the director runs the desk from a phone by
the event's passphrase. Table 1's scorer enters a deal on the round screen, corrects
it, has a going out without a samba refused (the rule set's rule) and is offered no
"Play again with the same players" once it is over; table 2's scorer enters its deals on the round screen
while two players' phones, joined by the card, check in and follow their pairs. The
other deals go through the JSON API with the card's session. The standings on the
desk, the big screen and both exports are the figures worked by hand below.

The movement: North-South Ann & Bea, Cy & Di, Ed & Flo stay at tables 1-3; East-West
Gus & Hal, Ida & Jo, Kit & Lu start at tables 1-3 and move up one table: turn 2 is
Ann - Kit, Cy - Gus, Ed - Ida.

A deal's score: meld points, +500 a red canasta, +300 a black one, +1500 a wild-card
canasta, +1500 a samba, +100 a red three, +500 going out, minus hand and foot points.
  turn 1, table 1, Ann - Gus: deal 1 200 - 250 (200 - 150 entered, corrected by the
    sheet); deal 2 Ann go out with 2 red, 2 black, a wild-card canasta, a samba and
    900 melded: 1000 + 600 + 1500 + 1500 + 500 + 900 = 6000; Gus a red canasta, 400
    melded, 100 in hand, 200 in the foot: 500 + 400 - 100 - 200 = 600.
    Totals 6200 - 850, Ann by 5350.
  turn 1, table 2, Cy - Ida: 300 - 150, 250 - 500: 550 - 650, Ida by 100.
  turn 1, table 3, Ed - Kit: 400 - 400, 300 - 300: 700 - 700, a draw.
  turn 2, table 1, Ann - Kit: 150 - 450; Ann two red threes and 300 melded (500),
    Kit 100 melded and 50 in hand (50): 650 - 500, Ann by 150.
  turn 2, table 2, Cy - Gus: Cy a black canasta and 200 melded (500) - 200; 100 - 150:
    600 - 350, Cy by 250.
  turn 2, table 3, Ed - Ida: 50 - Ida a red canasta and 100 melded (600); 200 - 250:
    250 - 850, Ida by 600.
The victory-point table (from a margin of: winner - loser): 0: 10 - 10, 100: 11 - 9,
250: 12 - 8, 500: 13 - 7, ... 3000: 20 - 0.
  Ann: 20 (+5350) + 11 (+150) = 31, +5,500    Ida: 11 (+100) + 13 (+600) = 24, +700
  Cy:   9 (-100) + 12 (+250) = 21, +150       Kit: 10 (0) + 9 (-150)     = 19, -150
  Ed:  10 (0)    + 7 (-600)  = 17, -600       Gus:  0 (-5350) + 8 (-250) = 8, -5,600"""

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

PASSPHRASE = "sambas to go out"
PAIRS = ["Ann & Bea", "Cy & Di", "Ed & Flo", "Gus & Hal", "Ida & Jo", "Kit & Lu"]
FINAL = [
    ("Ann & Bea", "31", "+5,500"),
    ("Ida & Jo", "24", "+700"),
    ("Cy & Di", "21", "+150"),
    ("Kit & Lu", "19", "-150"),
    ("Ed & Flo", "17", "-600"),
    ("Gus & Hal", "8", "-5,600"),
]
ANN_OUT = {
    "natural_canastas": 2,
    "mixed_canastas": 2,
    "wild_canastas": 1,
    "sambas": 1,
    "went_out": True,
    "meld_points": 900,
}
GUS = {"natural_canastas": 1, "meld_points": 400, "hand_points": 100, "foot_points": 200}


def melds(ns, ew, ns_points, ew_points):
    return {ns: {"meld_points": ns_points}, ew: {"meld_points": ew_points}}


def test_samba_foot_by_deals_with_a_family_rule_set(contexts, live_server):
    base = live_server.url
    laptop = contexts(**PROJECTOR)
    desk = make_event(
        laptop,
        base,
        PAIRS,
        turns=2,
        deals=2,
        name="Samba night",
        rules="Samba, a samba to go out",
        movement="mitchell",
        scale="vp",
        passphrase=PASSPHRASE,
    )
    director = contexts()
    unlock(director, desk, PASSPHRASE)
    links = card_links(director, desk)
    director.goto(desk)
    games = start_turn(director, 1)

    one = contexts()  # table 1's scorer
    one.goto(links[0])
    enter(one, base, games[1], 200, 150)
    one.goto(f"{base}/games/{games[1]}/rounds/1/edit")  # Correct round 1: Gus melded 250
    one.fill("#s1_meld_points", "250")
    one.click("button[name=save]")
    expect(one.locator(".totals")).to_contain_text("250")
    no_samba = one.request.post(
        f"{base}/api/games/{games[1]}/rounds",
        data={"Ann & Bea": {**ANN_OUT, "sambas": 0}, "Gus & Hal": GUS},
        headers={"Content-Type": "application/json"},
    )
    assert no_samba.status == 400  # the rule set: a samba to go out
    assert "samba" in no_samba.json()["error"]
    send_round(one, base, games[1], {"Ann & Bea": ANN_OUT, "Gus & Hal": GUS})
    one.goto(f"{base}/games/{games[1]}")
    expect(one.locator("p.next-turn")).to_be_visible()  # over: its next game is the next turn's
    expect(one.locator("button:has-text('Play again with the same players')")).to_have_count(0)

    two, cy, ida = contexts(), contexts(), contexts()  # table 2: scorer and two phones
    two.goto(links[1])
    join(cy, links[1], "p0")
    join(ida, links[1], "p1")
    expect(cy.locator("#check-in")).to_contain_text("Cy ✓")  # joined as Cy: checked in
    expect(ida.locator("#check-in")).to_contain_text("Ida ✓")
    enter(two, base, games[2], 300, 150)
    enter(two, base, games[2], 250, 500)

    three = contexts()  # table 3 through the JSON API
    three.goto(links[2])
    send_round(three, base, games[3], melds("Ed & Flo", "Kit & Lu", 400, 400))
    send_round(three, base, games[3], melds("Ed & Flo", "Kit & Lu", 300, 300))

    director.goto(desk)
    expect(director.locator(".desk-count")).to_contain_text("3 of 3 finished")
    games = start_turn(director, 2)
    tables = director.locator("ul.event-tables li")
    expect(tables.filter(has_text="Table 1 ")).to_contain_text("Ann & Bea – Kit & Lu")
    expect(tables.filter(has_text="Table 2 ")).to_contain_text("Cy & Di – Gus & Hal")
    expect(tables.filter(has_text="Table 3 ")).to_contain_text("Ed & Flo – Ida & Jo")
    expect(ida.locator("#next-title")).to_have_text("Turn 2: table 3, East-West")
    with ida.expect_navigation():
        ida.click("text=Go on to table 3")
    expect(cy.locator("#next-title")).to_have_text("Turn 2: table 2, North-South")

    one.goto(links[0])  # the card leads to turn 2's game, not the table's own
    send_round(one, base, games[1], melds("Ann & Bea", "Kit & Lu", 150, 450))
    send_round(
        one,
        base,
        games[1],
        {
            "Ann & Bea": {"red_threes": 2, "meld_points": 300},
            "Kit & Lu": {"meld_points": 100, "hand_points": 50},
        },
    )
    cy_deal = {"mixed_canastas": 1, "meld_points": 200}
    send_round(two, base, games[2], {"Cy & Di": cy_deal, "Gus & Hal": {"meld_points": 200}})
    send_round(two, base, games[2], melds("Cy & Di", "Gus & Hal", 100, 150))
    ida_deal = {"natural_canastas": 1, "meld_points": 100}
    send_round(three, base, games[3], {"Ed & Flo": {"meld_points": 50}, "Ida & Jo": ida_deal})
    send_round(three, base, games[3], melds("Ed & Flo", "Ida & Jo", 200, 250))

    director.goto(desk)
    expect(director.locator("#desk-standings h2")).to_have_text("Final standings")
    assert standings_rows(director) == FINAL
    laptop.goto(desk + "/standings")
    expect(laptop.locator("#screen-standings h2")).to_have_text("Final standings")
    assert standings_rows(laptop) == FINAL
    from_csv, from_json = exported_standings(director, desk)
    assert from_csv == FINAL
    assert from_json == FINAL
    for page in (laptop, director, one, two, cy, ida, three):
        assert page.problems == []
