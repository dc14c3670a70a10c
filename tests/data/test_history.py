"""Past evenings, player statistics and head-to-head, on games worked by hand."""

import itertools
import xml.etree.ElementTree as ET

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.games.evenings import create_evening
from scorekeeper.data.games.players import head_to_head, remember as remember_player, statistics
from scorekeeper.web.shown import charts


@pytest.fixture
def evenings(app, make_game, client):
    """Classic: Ann & Bea beat Cat & Dee 5100 to 480 in two rounds of 2550 (1500 for
    three natural canastas, 300 mixed, 200 red threes, 100 going out, 450 meld) to 400
    and 80. Hand and Foot: Ann, Cat and Eve alone over four rounds; Eve wins with 1000."""
    classic = make_game("classic", seats=("Ann", "Cat", "Bea", "Dee"))
    big = {"natural_canastas": 3, "mixed_canastas": 1, "red_threes": 2, "went_out": True,
           "meld_points": 450}  # fmt: skip
    client.post(f"/api/games/{classic}/rounds", json={
        "Ann & Bea": big, "Cat & Dee": {"mixed_canastas": 1, "meld_points": 100}})  # fmt: skip
    client.post(f"/api/games/{classic}/rounds", json={
        "Ann & Bea": big, "Cat & Dee": {"meld_points": 80}})  # fmt: skip
    feet = make_game("hand-and-foot", seats=("Ann", "Cat", "Eve"))
    client.post(f"/api/games/{feet}/rounds", json={
        "Eve": {"natural_canastas": 1, "mixed_canastas": 1, "went_out": True, "meld_points": 100}})  # fmt: skip
    for _ in range(3):
        client.post(f"/api/games/{feet}/rounds", json={})
    db = connect(app.config["DATABASE"])
    ids = {name: remember_player(db, name) for name in ("Ann", "Bea", "Cat", "Dee", "Eve")}
    return db, ids


def test_player_statistics_count_a_teams_results_for_each_member(evenings):
    db, ids = evenings
    ann = statistics(db, ids["Ann"])
    assert {k: ann["all"][k] for k in ("played", "finished", "won", "rounds", "best", "went_out")} == {
        "played": 2, "finished": 2, "won": 1, "rounds": 6, "best": 2550, "went_out": 2}  # fmt: skip
    assert ann["all"]["average"] == 850 and ann["all"]["win_rate"] == 0.5
    assert ann["all"]["natural_canastas"] == 6 and ann["classic"]["won"] == 1
    assert ann["hand-and-foot"]["won"] == 0
    bea = statistics(db, ids["Bea"])["all"]
    assert (bea["won"], bea["natural_canastas"], bea["best"]) == (1, 6, 2550)
    cat = statistics(db, ids["Cat"])["all"]
    assert (cat["won"], cat["average"], cat["mixed_canastas"]) == (0, 80, 1)


def test_head_to_head(evenings):
    db, ids = evenings
    ann_cat = head_to_head(db, ids["Ann"], ids["Cat"])
    assert {k: ann_cat[k] for k in ("against", "won_a", "won_b", "together")} == {
        "against": 2, "won_a": 1, "won_b": 0, "together": 0}  # fmt: skip
    ann_bea = head_to_head(db, ids["Ann"], ids["Bea"])
    assert (ann_bea["together"], ann_bea["won_together"], ann_bea["against"]) == (1, 1, 0)


def test_pages(client, evenings):
    db, ids = evenings
    page = client.get(f"/players/{ids['Ann']}").get_data(as_text=True)
    assert "Games played" in page and "1 of 2" in page.replace("21 of", "") and "<svg" in page
    assert client.get(f"/players/{ids['Ann']}?vs={ids['Cat']}").location.endswith(
        f"/players/{ids['Ann']}/vs/{ids['Cat']}"
    )
    h2h = client.get(f"/players/{ids['Ann']}/vs/{ids['Cat']}").get_data(as_text=True)
    assert "2 finished games against each other" in h2h
    assert client.get(f"/players/{ids['Ann']}/vs/{ids['Ann']}").status_code == 404
    players = client.get("/players").get_data(as_text=True)
    assert players.index("Ann") < players.index("Dee")  # winners first


def test_evenings_newest_first_with_filters(client, evenings, make_game):
    db, _ = evenings
    db.execute("UPDATE evenings SET date = '2026-01-05' WHERE id = 1")
    page = client.get("/evenings").get_data(as_text=True)
    assert page.index("Fri 20 Nov 2026") < page.index("Mon 5 Jan 2026") and "2 evenings" in page
    assert "Games won: Ann &amp; Bea" in page and "Games won: Eve" in page
    assert "1 evening with eve" in client.get("/evenings?player=eve").get_data(as_text=True)
    only = client.get("/evenings?variant=classic").get_data(as_text=True)
    assert "1 evening playing Canasta" in only and "Hand and Foot" not in only.split("1 evening")[1]
    assert "0 evenings with Zed" in client.get("/evenings?player=Zed").get_data(as_text=True)


def test_evenings_are_paged(app, client):
    db = connect(app.config["DATABASE"])
    for day in range(1, 31):
        create_evening(db, f"2026-03-{day:02d}")
    first = client.get("/evenings").get_data(as_text=True)
    assert "page 1 of 2" in first and "Mon 30 Mar 2026" in first and "Thu 5 Mar 2026" not in first
    second = client.get("/evenings?page=2").get_data(as_text=True)
    assert "Thu 5 Mar 2026" in second and "Mon 30 Mar 2026" not in second
    assert client.get("/evenings?page=x").status_code == 200


def test_name_and_note_an_evening(client, evenings):
    response = client.post(
        "/evenings/1", data={"name": "Friday at Bea's", "note": "Bea made soup."}
    )
    assert response.status_code == 302
    page = client.get("/evenings/1").get_data(as_text=True)
    assert "Friday at Bea&#39;s" in page and "Bea made soup." in page and "<svg" in page
    assert "Friday at Bea&#39;s" in client.get("/evenings").get_data(as_text=True)
    too_long = client.post("/evenings/1", data={"name": "x" * 81, "note": ""})
    assert too_long.status_code == 400 and 'value="' + "x" * 81 in too_long.get_data(as_text=True)


def test_running_totals_chart_is_valid_svg_with_target_and_thresholds(client, evenings):
    page = client.get("/games/1").get_data(as_text=True)
    start = page.index('<svg class="chart"')  # not a side's mark beside its name
    svg = page[start : page.index("</svg>", start) + 6]
    tree = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    assert len(list(tree.iter(f"{ns}polyline"))) == 2
    labels = [t.text for t in tree.iter(f"{ns}text")]
    assert "target" in labels and "opens 90" in labels and "opens 120" in labels
    assert "Ann & Bea" in labels


def test_chart_escapes_names_and_wraps_a_long_legend():
    names = ["<b>A</b> & co", "Someone with a long name", "Third side here", "Fourth"]
    svg = str(charts.running_totals(names, {n: [0, 5, 10] for n in names}))
    tree = ET.fromstring(svg)
    assert "<b>" not in svg and len(list(tree.iter("{http://www.w3.org/2000/svg}polyline"))) == 4
    assert int(tree.get("viewBox").split()[3]) > charts.HEIGHT  # a second legend row


def test_a_game_resumed_from_paper(client):
    import re

    url = "/games/new/hand-and-foot/4"
    html = client.get(url).get_data(as_text=True)
    data = dict(re.findall(r'name="(opt_[a-z0-9_]+)"[^>]*value="([^"]*)"', html))
    data.update({"seat0": "Ann", "seat1": "Cat", "seat2": "Bea", "seat3": "Dee", "date": "2026-11-20",
                 "evening": "0", "first_dealer": "0", "start_rounds": "2", "start_total0": "1205",
                 "start_total1": "-35"})  # fmt: skip
    bad = client.post(url, data={**data, "start_total1": "-37"})
    assert bad.status_code == 400 and "Scores are multiples of 5." in bad.get_data(as_text=True)
    board_url = client.post(url, data=data).location
    board = client.get(board_url).get_data(as_text=True)
    assert "Carried over from paper after round 2" in board and "Enter round 3" in board
    assert 'data-side="Ann &amp; Bea">1,205<' in board and "2 rounds left" in board
    game = board_url.rsplit("/", 1)[1]
    client.post(f"/api/games/{game}/rounds", json={"Cat & Dee": {"meld_points": 100}})
    board = client.get(board_url).get_data(as_text=True)
    assert 'data-side="Cat &amp; Dee">65<' in board and "Enter round 4" in board
    assert "Round 3" in client.get(f"/games/{game}/rounds/1/print").get_data(as_text=True)


def test_chart_labels_of_close_marks_are_not_written_over_each_other():
    """On a scale of tens of thousands the opening thresholds (1500, 3000) lie a few
    pixels apart: every line is drawn, but a label only where it can be read, and the
    target's always."""
    marks = [(1500, "opens 90"), (3000, "opens 120"), (5000, "target")]
    series = {"A": [0, 30000, 60000], "B": [0, 20000, 40000]}
    svg = str(charts.running_totals(["A", "B"], series, marks=marks))
    tree = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    marked = [n for n in tree.iter(f"{ns}line") if n.get("stroke") == "#b91c1c"]
    assert len(marked) == 3
    red = [t for t in tree.iter(f"{ns}text") if t.get("fill") == "#b91c1c"]
    assert [t.text for t in red][0] == "target" and len(red) < 3
    heights = sorted(float(t.get("y")) for t in red)
    assert all(b - a >= charts.LABEL_GAP for a, b in itertools.pairwise(heights))


def test_an_evenings_page_shows_long_games_in_short(client, make_game):
    """Found by an outside attack: an imported evening of 100 games of 1,000 rounds made
    a 111 MB page that took 55 s, every round of every game drawn with its breakdown
    and chart. An evening's page now lists a game's rounds (no breakdowns, which are on
    the game's page), and a game longer than ``IN_SHORT`` rounds only in short."""
    from scorekeeper.web.pages.evenings import IN_SHORT

    short, long = make_game(), make_game()
    for game, count in ((short, 3), (long, IN_SHORT + 1)):
        for _ in range(count):
            client.post(f"/api/games/{game}/rounds", json={"Ann & Bea": {"meld_points": 5}})
    evening = client.get("/evenings/2").get_data(as_text=True)  # each make_game: an evening
    assert '<details class="round"' not in evening and '<svg class="chart"' not in evening
    assert f'{IN_SHORT + 1} rounds: <a href="/games/{long}">see them on the game' in evening
    shown = client.get("/evenings/1").get_data(as_text=True)
    assert (
        'class="scores' in shown and '<svg class="chart"' in shown
    )  # a short game: its rounds and chart
    printed = client.get("/evenings/2/print").get_data(as_text=True)
    assert f"{IN_SHORT + 1} rounds: print the game on its own" in printed
    assert "Each round, line by line" not in printed
    assert "Each round, line by line" in client.get(f"/games/{long}/print").get_data(as_text=True)
