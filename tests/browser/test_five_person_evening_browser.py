"""A whole rotating-partners evening of Five-person Canasta in real browsers (Debian's
chromium): eleven players, five at each of two tables and one sitting out, two turns
of a whole game to 300 (the event's lower target). The event is made on the club's
laptop, which then shows the big screen; the director runs the desk from a phone by
the event's passphrase. Table 1's scorer enters its round on the round screen,
corrects it (its finished game offers no "Play again"); table 2's scorer enters
a round on the round screen while a player's phone, joined by the card, checks in and
then follows that player to the next turn's table. The other rounds go through the
JSON API with the card's session. The standings on the desk, the big screen and both
exports are the figures worked by hand below.

The plan the desk shows (seat order; a player's partner sits two seats after them):
  turn 1: table 1 Ann, Bob, Cat, Dan, Eve; table 2 Fay, Gil, Hal, Ivy, Jon; Kit sits out;
  turn 2: table 1 Ann, Bob, Fay, Gil, Kit; table 2 Cat, Dan, Eve, Hal, Ivy; Jon sits out.
A player's round score is their own plus their partner's own (own: meld points, +100
a pure canasta, +50 a kitty, +50 going out, minus hand points). The game ends after
the round in which someone reaches 300.

Turn 1, table 1, one round. Own: Ann 150 (100 entered, corrected to 150), Bob 100,
  Cat 200 (a pure canasta and 100), Dan 50, Eve 0. Scores: Ann 150+200 = 350,
  Bob 100+50 = 150, Cat 200+0 = 200, Dan 50+150 = 200, Eve 0+100 = 100.
Turn 1, table 2, two rounds. Own in round 1: Fay 50, Gil 100, Hal 0, Ivy 50, Jon 0
  (scores Fay 50, Gil 150, Hal 0, Ivy 100, Jon 100); round 2: Fay 100, Gil 0,
  Hal 150, Ivy 0, Jon 50 (scores Fay 250, Gil 0, Hal 200, Ivy 100, Jon 50).
  Totals: Fay 300, Gil 150, Hal 200, Ivy 200, Jon 150.
Turn 2, table 1. Own: Ann 0, Bob 150, Fay 50, Gil 100, Kit 200 (250 melded, 50 in
  hand). Scores: Ann 0+50 = 50, Bob 150+100 = 250, Fay 50+200 = 250, Gil 100+0 = 100,
  Kit 200+150 = 350.
Turn 2, table 2. Own: Cat 300 (a pure canasta, going out, 150 melded), Dan 100 (a
  kitty, 50 melded), Eve 0, Hal 50, Ivy 0. Scores: Cat 300+0 = 300, Dan 100+50 = 150,
  Eve 0+0 = 0, Hal 50+300 = 350, Ivy 0+100 = 100.

Each player meets the other four at the table by the two totals: 2 for a win, 1 for
a draw; the margin is the player's total against each of the four, summed (4 x own
total - the other four's). A bye counts as four wins, margin 0.
  turn 1 table 1: Ann 8 (+750), Cat 5 (0), Dan 5 (0), Bob 2 (-250), Eve 0 (-500)
  turn 1 table 2: Fay 8 (+500), Hal 5 (0), Ivy 5 (0), Gil 1 (-250), Jon 1 (-250)
  turn 2 table 1: Kit 8 (+750), Bob 5 (+250), Fay 5 (+250), Gil 2 (-500), Ann 0 (-750)
  turn 2 table 2: Hal 8 (+850), Cat 6 (+600), Dan 4 (-150), Ivy 2 (-400), Eve 0 (-900)
Final: Kit 8+8 = 16 (+750); Hal 5+8 = 13 (+850); Fay 8+5 = 13 (+750); Cat 5+6 = 11
(+600); Dan 5+4 = 9 (-150); Jon 1+8 = 9 (-250); Ann 8+0 = 8 (0); Bob 2+5 = 7 (0);
Ivy 5+2 = 7 (-400); Gil 1+2 = 3 (-750); Eve 0+0 = 0 (-1,400). No two players tie on
points and margin."""

from playwright.sync_api import expect

from tests.browser.events_helpers import (
    PROJECTOR,
    card_links,
    exported_standings,
    join,
    make_event,
    send_round,
    standings_rows,
    start_turn,
    unlock,
)

PASSPHRASE = "five at a table"
PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gil", "Hal", "Ivy", "Jon", "Kit"]
FINAL = [
    ("Kit", "16", "+750"),
    ("Hal", "13", "+850"),
    ("Fay", "13", "+750"),
    ("Cat", "11", "+600"),
    ("Dan", "9", "-150"),
    ("Jon", "9", "-250"),
    ("Ann", "8", "0"),
    ("Bob", "7", "0"),
    ("Ivy", "7", "-400"),
    ("Gil", "3", "-750"),
    ("Eve", "0", "-1,400"),
]


def melds(**own):
    """A round of nothing but each player's meld points."""
    return {name: {"meld_points": points} for name, points in own.items()}


def enter_melds(page, base, game, points):
    """The scorer types each seat's meld points on the round screen and saves."""
    page.goto(f"{base}/games/{game}/rounds/new")
    for seat, value in enumerate(points):
        page.fill(f"#s{seat}_meld_points", str(value))
    page.click("button[name=save]")
    page.wait_for_selector(".totals")


def test_rotating_partners_of_five_person_canasta(contexts, live_server):
    base = live_server.url
    laptop = contexts(**PROJECTOR)
    desk = make_event(
        laptop,
        base,
        PLAYERS,
        turns=2,
        deals=0,
        name="Friday five",
        variant="five-person",
        movement="rotating",
        target=300,
        passphrase=PASSPHRASE,
    )
    director = contexts()
    unlock(director, desk, PASSPHRASE)
    links = card_links(director, desk)
    assert len(links) == 2
    director.goto(desk)
    games = start_turn(director, 1)
    tables = director.locator("ul.event-tables li")
    expect(tables.filter(has_text="Table 1 ")).to_contain_text("Ann – Bob – Cat – Dan – Eve")
    expect(tables.filter(has_text="Table 2 ")).to_contain_text("Fay – Gil – Hal – Ivy – Jon")

    one = contexts()  # table 1's scorer: Cat's pure canasta on the round screen too
    one.goto(links[0])
    one.goto(f"{base}/games/{games[1]}/rounds/new")
    for seat, value in enumerate([100, 100, 100, 50, 0]):
        one.fill(f"#s{seat}_meld_points", str(value))
    one.fill("#s2_natural_canastas", "1")
    one.click("button[name=save]")
    expect(one.locator(".totals")).to_contain_text("300")  # Ann 100 + Cat 200
    one.goto(f"{base}/games/{games[1]}/rounds/1/edit")  # Correct round 1: Ann melded 150
    one.fill("#s0_meld_points", "150")
    one.click("button[name=save]")
    expect(one.locator(".totals")).to_contain_text("350")
    expect(one.locator("p.next-turn")).to_be_visible()  # over: its next game is the next turn's
    expect(one.locator("button:has-text('Play again with the same players')")).to_have_count(0)

    two, gil = contexts(), contexts()  # table 2: its scorer, and Gil's phone
    two.goto(links[1])
    join(gil, links[1], "p1")
    expect(gil.locator("#check-in")).to_contain_text("Gil ✓")  # joined as Gil: checked in
    enter_melds(two, base, games[2], [50, 100, 0, 50, 0])
    send_round(two, base, games[2], melds(Fay=100, Gil=0, Hal=150, Ivy=0, Jon=50))

    director.goto(desk)
    expect(director.locator(".desk-count")).to_contain_text("2 of 2 finished")
    games = start_turn(director, 2)
    expect(tables.filter(has_text="Table 1 ")).to_contain_text("Ann – Bob – Fay – Gil – Kit")
    expect(tables.filter(has_text="Table 2 ")).to_contain_text("Cat – Dan – Eve – Hal – Ivy")
    expect(gil.locator("#next-title")).to_contain_text("Turn 2: table 1")
    with gil.expect_navigation():
        gil.click("text=Go on to table 1")
    expect(gil.locator("h1")).to_have_text("Friday five: turn 2, table 1")

    one.goto(links[0])  # the card leads to turn 2's game, not the table's own
    kit = {"meld_points": 250, "hand_points": 50}
    send_round(one, base, games[1], {**melds(Ann=0, Bob=150, Fay=50, Gil=100), "Kit": kit})
    cat = {"natural_canastas": 1, "went_out": True, "meld_points": 150}
    dan = {"kitties": 1, "meld_points": 50}
    send_round(two, base, games[2], {"Cat": cat, "Dan": dan, **melds(Eve=0, Hal=50, Ivy=0)})

    director.goto(desk)
    expect(director.locator("#desk-standings h2")).to_have_text("Final standings")
    assert standings_rows(director) == FINAL
    laptop.goto(desk + "/standings")
    expect(laptop.locator("#screen-standings h2")).to_have_text("Final standings")
    assert standings_rows(laptop) == FINAL
    from_csv, from_json = exported_standings(director, desk)
    assert from_csv == FINAL
    assert from_json == FINAL
    for page in (laptop, director, one, two, gil):
        assert page.problems == []
