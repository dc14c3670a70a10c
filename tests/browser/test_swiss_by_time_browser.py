"""A whole Swiss of Canasta by time in real browsers (Debian's chromium), at phone
size: five pairs (so a bye each turn they are five), two turns of two minutes,
victory points from the event form's table; the director runs the desk, one
browser scores both tables from their cards (the round screen, a correction of a
saved round; no "Play again" at a finished table), time is called in each turn, a table between
deals is ended by the director with a reason, a pair withdraws after turn 1, and
the standings on the desk and the printed results are the figures worked below.

Turn 1, by the list: table 1 Ann & Bea against Cy & Di, table 2 Ed & Flo against
Gus & Hal, Ida & Jo have the bye.
  table 1: round 1 saved 300 - 150, corrected to 350 - 150 (the sheet); time is
    called; round 2, the deal in play, 150 - 100 is its last: 500 - 250, margin 250;
  table 2: round 1 200 - 250; between deals when time is called: the director ends
    it, 200 - 250, margin 50.
  The victory-point table (margin from: winner, loser): 0: 10-10, 100: 11-9,
  250: 12-8, 500: 13-7, ... 3000: 20-0; a bye is a win by the widest margin, 20.
  After turn 1: Ida 20 (bye), Ann 12 (+250), Gus 10 (+50), Ed 10 (-50), Cy 8 (-250).
Cy & Di withdraw. Turn 2, by the standings among the four left, top-down without a
rematch: Ida against Ann would leave Gus against Ed, who have met, so table 1 is
Ida & Jo against Gus & Hal and table 2 Ann & Bea against Ed & Flo. Time is called
at once; each table's deal in play is its last:
  table 1: 100 - 400, margin 300: Gus 12, Ida 8;
  table 2: 300 - 0, margin 300: Ann 12, Ed 8.
Final: Ida 28 (-300), Ann 24 (+550), Gus 22 (+350), Ed 18 (-350), Cy 8 (-250)."""

from playwright.sync_api import expect

from tests.browser.events_helpers import enter, make_event, standings_rows, start_turn

LIVE = 15000
PAIRS = ["Ann & Bea", "Cy & Di", "Ed & Flo", "Gus & Hal", "Ida & Jo"]
AFTER_ONE = [
    ("Ida & Jo", "20", "0"),
    ("Ann & Bea", "12", "+250"),
    ("Gus & Hal", "10", "+50"),
    ("Ed & Flo", "10", "-50"),
    ("Cy & Di (withdrew)", "8", "-250"),
]
FINAL = [
    ("Ida & Jo", "28", "-300"),
    ("Ann & Bea", "24", "+550"),
    ("Gus & Hal", "22", "+350"),
    ("Ed & Flo", "18", "-350"),
    ("Cy & Di (withdrew)", "8", "-250"),
]


def call_time(desk):
    """The director takes the turn's two minutes off the clock."""
    for _ in range(2):  # each minute taken off once its page is back
        with desk.expect_navigation():
            desk.click("button:has-text('−1 minute')")
    expect(desk.locator("p.clock .state")).to_have_text("Time: finish the deal in play.")


def test_a_swiss_of_canasta_by_time_with_a_bye_and_a_withdrawal(contexts, live_server):
    base = live_server.url
    desk = contexts()
    desk_url = make_event(
        desk,
        base,
        PAIRS,
        turns=2,
        deals=0,
        minutes=2,
        name="Friday Swiss",
        variant="classic",
        movement="swiss",
        scale="vp",
    )
    desk.goto(f"{desk_url}/cards")
    links = desk.locator("p.link").all_inner_texts()
    assert len(links) == 2

    desk.goto(desk_url)
    games = start_turn(desk, 1)
    expect(desk.locator("ul.event-tables")).to_contain_text("Ann & Bea – Cy & Di")
    expect(desk.locator("ul.event-tables")).to_contain_text("Ed & Flo – Gus & Hal")

    scorer = contexts()  # the tables' scorer: each card opened once scores its table
    for link in links:
        scorer.goto(link)
    enter(scorer, base, games[1], 300, 150)
    scorer.goto(f"{base}/games/{games[1]}/rounds/1/edit")  # the sheet says 350
    scorer.fill("#s0_meld_points", "350")
    scorer.click("button[name=save]")
    scorer.wait_for_selector(".totals")
    enter(scorer, base, games[2], 200, 250)

    desk.goto(desk_url)
    call_time(desk)
    tables = desk.locator("ul.event-tables li")
    expect(tables.filter(has_text="Table 1")).to_contain_text("finishing the deal in play")
    expect(tables.filter(has_text="Table 2")).to_contain_text("finishing the deal in play")
    expect(desk.locator(".desk-count")).to_contain_text("0 of 2 finished")

    enter(scorer, base, games[1], 150, 100)  # the deal in play: the game's last
    expect(scorer.locator("p.next-turn")).to_be_visible()  # the game is over
    # table 2 is between deals: the director ends it as it stands, with the reason
    desk.goto(desk_url)
    tables.filter(has_text="Table 2").locator("text=Adjust, reopen").click()
    desk.fill("#end-reason", "between deals when time was called")
    desk.click("button:has-text('End it as it stands')")
    expect(desk.locator("p.desk-state")).to_contain_text(
        "ended by the director after round 1: between deals when time was called"
    )
    # table 1 is not offered a game of its own: its next game is the next turn's
    scorer.goto(f"{base}/games/{games[1]}")
    expect(scorer.locator("p.next-turn")).to_be_visible()
    expect(scorer.locator("button:has-text('Play again with the same players')")).to_have_count(0)

    desk.goto(f"{desk_url}/withdraw")
    desk.select_option("#entry", label="Cy & Di")
    desk.fill("#reason", "Di is unwell")
    with desk.expect_navigation():
        desk.click("button:has-text('Record the withdrawal')")
    expect(desk.locator(".desk-count")).to_contain_text("2 of 2 finished")
    expect(tables.filter(has_text="Table 1")).to_contain_text(
        "ended when time was called after round 2"
    )
    assert standings_rows(desk) == AFTER_ONE

    games = start_turn(desk, 2)
    expect(tables.filter(has_text="Table 1")).to_contain_text("Ida & Jo – Gus & Hal")
    expect(tables.filter(has_text="Table 2")).to_contain_text("Ann & Bea – Ed & Flo")
    call_time(desk)
    enter(scorer, base, games[1], 100, 400)
    enter(scorer, base, games[2], 300, 0)
    desk.goto(desk_url)
    expect(desk.locator(".desk-count")).to_contain_text("2 of 2 finished")
    expect(tables.filter(has_text="Table 2")).to_contain_text(
        "ended when time was called after round 1"
    )
    assert standings_rows(desk) == FINAL

    desk.goto(f"{desk_url}/print")
    printed = desk.locator("body").inner_text()
    assert standings_rows(desk) == FINAL
    for shown in ("500 – 250", "200 – 250", "100 – 400", "300 – 0", "Bye: Ida & Jo"):
        assert shown in printed, shown
    assert printed.count("ended when time was called after round") == 3
    assert "ended by the director after round 1: between deals when time was called" in printed
    for page in (desk, scorer):
        assert page.problems == []
