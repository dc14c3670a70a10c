"""The paper a club night hands out, printed to PDF by chromium on A4 and Letter and
read back with poppler: the guide cards, the scorecards and the results sheet of a
3-table Mitchell in its second turn (the same figures as tests/club/test_paper.py,
worked by hand there), and each sheet read at phone width."""

import re
import subprocess

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.events import events, turns
from scorekeeper.data.games import rounds
from tests.browser.waits import WAIT

from .test_round_screen import phone_context

PAIRS = ["Ann & Bea", "Cy & Di", "Ed & Flo", "Gus & Hal", "Ida & Jo", "Kit & Lu"]
VP = {"kind": "vp", "table": [[0, 10, 10], [50, 14, 6], [100, 18, 2]]}
# (North-South's points, East-West's) at each table; turn 2's table 3 still playing.
# VP by hand: Kit & Lu 32, Cy & Di 28, Ann & Bea 20, Ida & Jo 10, Gus & Hal 8, Ed & Flo 2.
SCORES = {1: [(150, 80), (100, 100), (50, 200)], 2: [(100, 160), (200, 90)]}


@pytest.fixture(scope="module")
def mitchell(shared_server):
    """The event on the shared server's database, its first turn played and two
    tables of its second; its desk's address."""
    db = connect(shared_server.database)
    try:
        event_id = events.create_event(
            db,
            name="Paper club",
            date="2026-11-24",
            variant="hand-and-foot",
            options={},
            movement="mitchell",
            turns=3,
            deals=1,
            scale=VP,
            entries=[{"name": p, "players": p.split(" & ")} for p in PAIRS],
        )
        for turn, scores in SCORES.items():
            turns.start_turn(db, event_id)
            for table, (ns, ew) in zip(events.tables(db, event_id, turn), scores, strict=False):
                one, other = table["sides"]
                points = {one: {"meld_points": ns}, other: {"meld_points": ew}}
                rounds.add_round(db, table["game_id"], points)
    finally:
        db.close()
    return f"{shared_server.url}/events/{event_id}"


@pytest.fixture(scope="module")
def printer(browser, poppler):
    """One page that prints every sheet (it only reads)."""
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(WAIT)
    yield page
    context.close()


def printed(page, url, path, paper):
    """The sheet at ``url`` printed to PDF on ``paper``: each page's text."""
    page.goto(url)
    page.pdf(path=str(path), format=paper, print_background=True)
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True)
    count = int(re.search(r"Pages:\s+(\d+)", info.stdout).group(1))
    return [
        subprocess.run(
            ["pdftotext", "-layout", "-f", str(n), "-l", str(n), str(path), "-"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for n in range(1, count + 1)
    ]


def squeezed(text):
    """A PDF page's text with runs of spaces made one, to read a table's row."""
    return re.sub(r"[ \t]+", " ", text)


PAPERS = [("A4", "a4"), ("Letter", "letter")]


def test_guide_cards_on_a4_and_letter(printer, mitchell, tmp_path):
    for paper, asked in PAPERS:
        pages = printed(printer, f"{mitchell}/guide-cards?paper={asked}", tmp_path / "g.pdf", paper)
        assert len(pages) == 1, paper  # three cards of three turns share a page
        text = squeezed(pages[0])
        assert [int(n) for n in re.findall(r"Table (\d) Paper club", text)] == [1, 2, 3]
        for hidden in ("Back", "Paper:", "cut along"):
            assert hidden not in text
        cards = re.split(r"Table \d Paper club", text)[1:]
        seated = [re.findall(r"(\d \w+ & \w+) (\d \w+ & \w+)", card) for card in cards]
        onward = [re.findall(r"→ (turn \d: table \d, \S+)", card) for card in cards]
        # table 1: North-South stay, East-West come from table 3 and go on to table 2
        assert seated[0] == [
            ("1 Ann & Bea", "4 Gus & Hal"),
            ("1 Ann & Bea", "6 Kit & Lu"),
            ("1 Ann & Bea", "5 Ida & Jo"),
        ]
        assert onward[0] == [
            "turn 2: table 1, North-South",
            "turn 2: table 2, East-West",
            "turn 3: table 1, North-South",
            "turn 3: table 2, East-West",
        ]
        assert seated[2][0] == ("3 Ed & Flo", "6 Kit & Lu")
        assert onward[2][:2] == ["turn 2: table 3, North-South", "turn 2: table 1, East-West"]
        assert text.count("→") == 12  # two pairs a table, three tables, two turns with a next
    # the paper asked for is the page size the print dialog offers
    printer.goto(f"{mitchell}/guide-cards?paper=letter")
    printer.pdf(path=str(tmp_path / "own.pdf"), prefer_css_page_size=True)
    info = subprocess.run(["pdfinfo", str(tmp_path / "own.pdf")], capture_output=True, text=True)
    assert "(letter)" in info.stdout


def test_scorecards_on_a4_and_letter(printer, mitchell, tmp_path):
    for paper, asked in PAPERS:
        pages = printed(printer, f"{mitchell}/scorecards?paper={asked}", tmp_path / "s.pdf", paper)
        assert len(pages) == 2, paper  # six cards, none cut across two pages
        text = squeezed("\n".join(pages))
        places = re.findall(r"Place so far: (\d) of 6", text)
        assert places == ["3", "2", "6", "5", "4", "1"]  # pairs 1 to 6, by the standings
        # Ann & Bea: N-S at table 1 all evening; 14 VP, then 6, then a blank line
        assert re.search(r"1 1 N-S 4 Gus & Hal 150 80 14 14\n", text)
        assert re.search(r"2 1 N-S 6 Kit & Lu 100 160 6 20\n", text)
        assert re.search(r"3 1 N-S 5 Ida & Jo\s*\n", text)
        # Ida & Jo: their turn-2 table still playing, so no figures yet
        assert re.search(r"2 3 E-W 3 Ed & Flo\s*\n", text)
        assert re.search(r"1 3 E-W 3 Ed & Flo 200 50 18 18\n", text)  # Kit & Lu
        for page in pages:
            assert squeezed(page).count("Turn Table Direction") == page.count("Place so far")


def test_results_sheet_on_a4_and_letter(printer, mitchell, tmp_path):
    for paper, asked in PAPERS:
        pages = printed(printer, f"{mitchell}/print?paper={asked}", tmp_path / "r.pdf", paper)
        assert len(pages) == 1, paper
        text = squeezed(pages[0])
        assert "Paper club" in text and "Movement: Mitchell: North-South stay" in text
        assert "Event points: Victory points from the table" in text
        rows = re.findall(r"^ ?(\d) (\d) (\w+ & \w+) (\d+) (\d)", text, re.M)
        assert rows == [
            ("1", "6", "Kit & Lu", "32", "2"),
            ("2", "2", "Cy & Di", "28", "2"),
            ("3", "1", "Ann & Bea", "20", "2"),
            ("4", "5", "Ida & Jo", "10", "1"),
            ("5", "4", "Gus & Hal", "8", "2"),
            ("6", "3", "Ed & Flo", "2", "1"),
        ]
        assert "+210" in text and "-180" in text  # the margins
        assert "150 – 80" in text and "14 – 6" in text and "round" not in text.split("Turn 2")[0]


def test_each_sheet_reads_at_phone_width(browser, mitchell):
    context = phone_context(browser)
    page = context.new_page()
    page.set_default_timeout(WAIT)
    try:
        for sheet in ("guide-cards", "scorecards", "print"):
            page.goto(f"{mitchell}/{sheet}")
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= 360, (sheet, wide)  # nothing off the side of the page
            assert page.locator("text=Ann & Bea").first.is_visible()
    finally:
        context.close()
