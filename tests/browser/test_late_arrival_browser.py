"""A Mitchell evening with a late pair and a substitute, in real browsers
(Debian's chromium) at phone size: six pairs at three tables, three turns of one
deal of Hand and Foot, 2 for a win, 1 for a draw, a bye a win. Qu & Ro arrive
during turn 1 and are added on the late-arrival page; turn 2 is started too
early and its start undone on the undo page, then started again; at turn 3 Zed
sits in for Bea on the substitutes page before Ann & Bea's table has entered a
round, so he takes her seat at once. Every deal is entered on the round screen,
and the standings on the desk are the figures worked below.

Entries: Ann & Bea 0, Cy & Di 1, Ed & Flo 2, Gus & Hal 3, Ida & Jo 4, Kit & Lu 5,
Qu & Ro 6 (late). The plan, North-South first (tests/club/test_late.py works it):
  turn 1: Ann-Gus, Cy-Ida, Ed-Kit (as the Mitchell has it);
  turn 2: Ann-Ida, Cy-Qu, Ed-Gus, Kit & Lu sit out (seven pairs: the fewest
          byes, the highest numbered, Qu & Ro's missed turn counting as a bye);
  turn 3: Ann (Zed for Bea)-Kit, Cy-Gus, Ed-Qu, Ida & Jo sit out.
The deals, North-South - East-West, and what they give:
  turn 1: 300-100 Ann W +200, Gus L; 150-250 Ida W +100, Cy L; 200-200 Ed D, Kit D;
  turn 2: 100-300 Ida W +200, Ann L; 250-100 Cy W +150, Qu L; 400-100 Ed W +300,
          Gus L; Kit bye (a win, margin 0);
  turn 3: 200-150 Ann W +50, Kit L; 100-100 Cy D, Gus D; 150-350 Qu W +200, Ed L;
          Ida bye.
Final: Ida 6 (+300), Ann 4 (+50), Ed 3 (+100), Cy 3 (+50), Kit 3 (-50),
Qu 2 (+50, from turn 2), Gus 1 (-500)."""

from playwright.sync_api import expect

from tests.browser.events_helpers import enter, make_event, standings_rows, start_turn

PAIRS = ["Ann & Bea", "Cy & Di", "Ed & Flo", "Gus & Hal", "Ida & Jo", "Kit & Lu"]
TURNS = [
    [
        ("Ann & Bea", "Gus & Hal", 300, 100),
        ("Cy & Di", "Ida & Jo", 150, 250),
        ("Ed & Flo", "Kit & Lu", 200, 200),
    ],
    [
        ("Ann & Bea", "Ida & Jo", 100, 300),
        ("Cy & Di", "Qu & Ro", 250, 100),
        ("Ed & Flo", "Gus & Hal", 400, 100),
    ],
    [
        ("Ann & Bea", "Kit & Lu", 200, 150),
        ("Cy & Di", "Gus & Hal", 100, 100),
        ("Ed & Flo", "Qu & Ro", 150, 350),
    ],
]
FINAL = [
    ("Ida & Jo", "6", "+300"),
    ("Ann & Bea Zed for Bea (turn 3)", "4", "+50"),
    ("Ed & Flo", "3", "+100"),
    ("Cy & Di", "3", "+50"),
    ("Kit & Lu", "3", "-50"),
    ("Qu & Ro (plays from turn 2)", "2", "+50"),
    ("Gus & Hal", "1", "-500"),
]


def play_turn(desk, base, desk_url, turn, tables):
    """Check the desk's tables of the turn against the plan and enter each deal."""
    desk.goto(desk_url)
    listed = desk.locator("ul.event-tables").inner_text()
    for north, east, *_ in TURNS[turn - 1]:
        assert f"{north} – {east}" in listed
    for table_no, (*_, ns, ew) in enumerate(TURNS[turn - 1], start=1):
        enter(desk, base, tables[table_no], ns, ew)
    desk.goto(desk_url)


def test_a_late_pair_a_turn_start_undone_and_a_substitute(contexts, live_server):
    base = live_server.url
    desk = contexts()
    desk_url = make_event(desk, base, PAIRS, turns=3, deals=1, name="Late night")
    tables = start_turn(desk, 1)

    desk.click("text=A late arrival")
    desk.fill("#entry", "Qu & Ro")
    desk.fill("#reason", "their bus was late")
    with desk.expect_navigation():
        desk.click("button:has-text('Add the entry')")
    expect(desk.locator("body")).to_contain_text("Qu & Ro plays from turn 2.")
    play_turn(desk, base, desk_url, 1, tables)

    start_turn(desk, 2)  # too early: Kit & Lu are not back from the bar
    desk.goto(f"{desk_url}/undo-start")
    desk.fill("#reason", "a pair not yet back")
    with desk.expect_navigation():
        desk.click("button:has-text('Undo the start of turn 2')")
    expect(desk.locator("body")).to_contain_text("The start of turn 2 is undone")
    tables = start_turn(desk, 2)
    play_turn(desk, base, desk_url, 2, tables)

    tables = start_turn(desk, 3)
    desk.click("text=Substitutes")
    desk.select_option("#player", "0:Bea")
    desk.fill("#substitute", "Zed")
    with desk.expect_navigation():
        desk.click("button:has-text('Seat the substitute')")
    expect(desk.locator("body")).to_contain_text("Zed sits in for Bea from turn 3.")
    desk.goto(f"{base}/games/{tables[1]}/history")  # Zed is seated at once: no round yet
    expect(desk.locator("body")).to_contain_text("Zed took a seat as a substitute")
    play_turn(desk, base, desk_url, 3, tables)

    expect(desk.locator("body")).to_contain_text("Final standings")
    assert standings_rows(desk) == FINAL
    desk.goto(f"{desk_url}/history")
    history = desk.locator("ol.event-history").inner_text()
    assert "Qu & Ro joined, from turn 2" in history and "their bus was late" in history
    assert (
        "Start of turn 2 undone" in history
        and "Zed sat in for Bea (Ann & Bea) at turn 3" in history
    )
