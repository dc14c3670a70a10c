"""Printed summaries, printed to PDF in the real headless browser and read back
page by page with poppler (pdfinfo, pdftotext, pdftoppm)."""

import re
import subprocess

import pytest

from tests.conftest import close_page


@pytest.fixture
def printer(browser, poppler):
    """The browser that prints, with poppler to read the PDF back (conftest: skipped
    without them on a developer's machine, a failure in CI)."""
    return browser


def long_game(server, rounds=12):
    """Classic, two teams, twelve rounds with every kind of line: no one reaches 5000."""
    _, created = server.json(
        "POST", "/api/games", {"variant": "classic", "sides": ["Ann & Bea", "Cat & Dee"]}
    )
    game = created["id"]
    for n in range(rounds):
        out, other = ("Ann & Bea", "Cat & Dee") if n % 2 else ("Cat & Dee", "Ann & Bea")
        status, _ = server.json("POST", f"/api/games/{game}/rounds", {
            out: {"mixed_canastas": 1, "red_threes": 1, "went_out": True, "meld_points": 5 * (n + 20),
                  "dealer_bonus": n % 3 == 0},
            other: {"meld_points": 60, "hand_points": 5 * n}})  # fmt: skip
        assert status == 201
    return game


def print_pdf(printer, url, path, paper):
    page = printer.new_page()
    page.goto(url)
    page.pdf(path=str(path), format=paper, print_background=True)
    close_page(page)
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    count = int(re.search(r"Pages:\s+(\d+)", info).group(1))
    texts = [subprocess.run(["pdftotext", "-layout", "-f", str(p), "-l", str(p), str(path), "-"],
                            capture_output=True, text=True, check=True).stdout for p in range(1, count + 1)]  # fmt: skip
    return texts


def assert_no_table_is_cut(texts, last_round=12):
    for number, text in enumerate(texts, start=1):
        starts = len(re.findall(r"Round \d+ · ", text))
        ends = text.count("round total")
        assert starts == ends, f"page {number}: {starts} breakdown tables begin, {ends} end"
        if "Round by round" in text:  # its last row is on the same page
            assert re.search(rf"^\s*{last_round}\s", text, re.M), (
                "the round-by-round table is split"
            )


@pytest.mark.parametrize(("paper", "pages"), [("A4", 3), ("Letter", 3)])
def test_game_summary_pdf(printer, live_server, tmp_path, paper, pages):
    game = long_game(live_server)
    texts = print_pdf(
        printer, f"{live_server.url}/games/{game}/print", tmp_path / "game.pdf", paper
    )
    assert len(texts) == pages
    whole = "\n".join(texts)
    assert "Canasta (Church Dyke Rules)" in texts[0] and "Totals" in texts[0]
    assert whole.count("round total") == 24 and "Rules in force" in whole
    for hidden in ("New game", "Evenings", "Back", "Print"):
        assert hidden not in whole
    assert_no_table_is_cut(texts)
    subprocess.run(["pdftoppm", "-r", "30", "-png", "-f", "1", "-l", "1", str(tmp_path / "game.pdf"),
                    str(tmp_path / "page")], check=True)  # fmt: skip
    assert (tmp_path / "page-1.png").stat().st_size > 1000


def test_round_summary_is_one_page(printer, live_server, tmp_path):
    game = long_game(live_server, rounds=3)
    texts = print_pdf(
        printer, f"{live_server.url}/games/{game}/rounds/2/print", tmp_path / "r.pdf", "A4"
    )
    assert len(texts) == 1
    assert texts[0].count("round total") == 2 and "Totals after round 2" in texts[0]
    assert "dealer bonus" not in texts[0] and "going out" in texts[0]


def test_evening_summary_starts_each_game_on_a_new_page(printer, live_server, tmp_path):
    from scorekeeper.data.connection import connect
    from scorekeeper.data.games.evenings import create_evening
    from scorekeeper.data.games.games import create_game
    from scorekeeper.data.games.rounds import add_round
    from scorekeeper.scoring import get_variant
    from scorekeeper.scoring.seating import side_names

    db = connect(live_server.database)
    evening = create_evening(db, "2026-11-21", "Two games")
    for variant, seats in (
        ("classic", ["Ann", "Cat", "Bea", "Dee"]),
        ("hand-and-foot", ["Ann", "Cat", "Eve"]),
    ):
        game = create_game(db, evening_id=evening, variant=variant, players=len(seats), options={},
                                 sides=side_names(get_variant(variant), seats), seats=seats)  # fmt: skip
        add_round(db, game, {})
    db.close()
    texts = print_pdf(
        printer, f"{live_server.url}/evenings/{evening}/print", tmp_path / "e.pdf", "Letter"
    )
    assert "2 games: Canasta (Church Dyke Rules); Hand and Foot" in texts[0]
    later_starts = [t.strip().splitlines()[0] for t in texts[1:]]
    assert "Hand and Foot" in later_starts
    assert_no_table_is_cut(texts, last_round=1)


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_table_cards_one_a_page_with_the_table_and_its_link(printer, live_server, tmp_path, paper):
    director = printer.new_context()  # the cards are the director's: the event's maker
    page = director.new_page()
    page.goto(live_server.url + "/events/new")
    page.fill("#name", "Tuesday club")
    page.fill("#entries", "Ann & Bea\nCy & Di\nEd & Flo\nGus & Hal\nIda & Jo\nKit & Lu")
    with page.expect_navigation():  # to the new event's desk
        page.click("button[type=submit]")
    desk = page.url
    close_page(page)
    texts = print_pdf(director, f"{desk}/cards", tmp_path / "cards.pdf", paper)
    director.close()
    assert len(texts) == 3  # three tables, a card each
    for number, text in enumerate(texts, start=1):
        assert f"Table {number}" in text and "Tuesday club" in text
        assert re.search(r"/tables/[A-Za-z0-9_-]{20,}", text)  # a secret of its own
