"""Club night pages: the director makes an event, sees the plan, starts a turn, follows
the tables and the standings; bad input is shown beside the field, nothing stored."""

import re

from scorekeeper.data.connection import connect
from scorekeeper.data.events import events
from scorekeeper.data.games import rounds

ENTRIES = "Ann & Bea\nCy & Di\nEd & Flo\nGus & Hal\nIda & Jo\nKit & Lu"


def row_names(page):
    """The standings' entries as read: each row's name, its players' links left out."""
    found = re.findall(r'<th scope="row">(.*?)</th>', page)
    return [re.sub(r"<[^>]+>", "", name) for name in found]


def make_event(client, **change):
    form = {"name": "Tuesday club", "day": "2026-11-24", "variant": "hand-and-foot",
            "movement": "mitchell", "turns": "2", "deals": "1", "win": "2", "draw": "1",
            "loss": "0", "bye": "win", "minutes": "0", "entries": ENTRIES, **change}  # fmt: skip
    return client.post("/events/new", data=form)


CARD_LINK = re.compile(r'<p class="link">http://localhost(/tables/[^<]+)</p>')


def card_links(client, desk):
    """The links on the event's table cards, table by table."""
    return CARD_LINK.findall(client.get(f"{desk}/cards").get_data(as_text=True))


def first_turn(app, client, **change):
    """An event made on the form (``change``: its fields) and turn 1 started by its
    director (``client``): its desk, its id, turn 1's games and the cards' links,
    table by table."""
    desk = make_event(client, **change).headers["Location"]
    assert client.post(f"{desk}/start").status_code == 302
    event_id = int(desk.rsplit("/", 1)[1])
    db = connect(app.config["DATABASE"])
    try:
        games = [t["game_id"] for t in events.tables(db, event_id, 1)]
    finally:
        db.close()
    return desk, event_id, games, card_links(client, desk)


def test_a_club_night_from_the_form_to_the_standings(app, client):
    made = make_event(client)
    assert made.status_code == 302
    desk = made.headers["Location"]
    page = client.get(desk).get_data(as_text=True)
    assert "Start turn 1" in page and "Table 2: Cy &amp; Di – Ida &amp; Jo" in page
    assert client.post(f"{desk}/start").status_code == 302
    page = client.get(desk).get_data(as_text=True)
    assert "Turn 1 started" in page and "no round yet" in page
    games = [int(g) for g in re.findall(r'href="/games/(\d+)"', page)]
    assert len(set(games)) == 3
    db = connect(app.config["DATABASE"])
    try:
        for game_id, (ns, ew) in zip(
            sorted(set(games)), [(100, 50), (50, 200), (100, 100)], strict=True
        ):
            sides = db.execute("SELECT sides FROM games WHERE id = ?", [game_id]).fetchone()[0]
            one, other = re.findall(r'"([^"]+)"', sides)
            rounds.add_round(db, game_id, {one: {"meld_points": ns}, other: {"meld_points": ew}})
    finally:
        db.close()
    board = client.get(f"{desk}/standings").get_data(as_text=True)
    assert "standings.js" in board and "data-refresh" in board  # it keeps itself current
    names = row_names(board)
    assert names[:2] == ["Ida &amp; Jo", "Ann &amp; Bea"]  # Ida by 150, Ann by 50
    assert "Start turn 2" in client.get(desk).get_data(as_text=True)


def test_bad_entries_are_shown_beside_the_box_with_what_was_typed(app, client):
    refused = make_event(client, entries="Ann & Bea\nAnn & Bea")
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400 and "one is there twice" in page
    assert "Ann &amp; Bea\nAnn &amp; Bea</textarea>" in page
    too_many = make_event(client, turns="5")  # 6 pairs at 3 tables: 3 turns at most
    assert too_many.status_code == 400 and "without a rematch is 3" in too_many.get_data(
        as_text=True
    )
    assert "Tuesday club" not in client.get("/events").get_data(as_text=True)


def summary_of(page):
    """The links of the error summary at the top of a refused form: (where, what)."""
    box = re.search(r'<div class="error-summary".*?</div>', page, re.S)
    assert box, "no summary at the top"
    return re.findall(r'<li><a href="([^"]+)">([^<]+)</a></li>', box.group(0))


def test_a_refused_event_lists_its_problems_at_the_top_linking_to_each_field(client):
    """A long form on a phone: a problem far below the fold is named at the top, the
    summary taking the focus (app.js), each line a link to its field; a victory-point
    row's problem links to its own box."""
    typed = [("0", "10", "10"), ("100", "", "9")]  # the second row's winner left out
    parts = ("margin", "winner", "loser")
    rows = {
        f"table-{n}-{p}": v for n, row in enumerate(typed) for p, v in zip(parts, row, strict=True)
    }
    refused = make_event(client, name="", scale="vp", **rows)
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400
    assert summary_of(page) == [
        ("#table-0-margin", "The victory-point table has a mistake: see the rows."),
        ("#table-1-winner", "Row 2: Winner&#39;s VP: Fill in the whole row, or none of it."),
        ("#name", "Name of the event: This field is required."),
    ]
    assert 'id="error-summary"' in page and "autofocus" in page
    planned = make_event(client, turns="9").get_data(as_text=True)  # the plan's problem
    assert [h for h, text in summary_of(planned) if "without a rematch is 3" in text] == ["#turns"]


def test_a_player_in_two_entries_is_refused_beside_the_box(app, client):
    """Ann in two pairs would be planned at two tables at once, or against herself."""
    typed = "Ann & Bea\nCy & Di\nEd & Flo\nGus & Hal\nIda & Jo\nAnn & Kit"
    refused = make_event(client, entries=typed)
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400
    field = re.search(r'<div class="field invalid">.*?</div>', page, re.S).group(0)
    assert 'name="entries"' in field
    assert "Ann is in Ann &amp; Bea and in Ann &amp; Kit: each player in one entry" in field
    assert typed.replace("&", "&amp;") + "</textarea>" in page
    assert "Tuesday club" not in client.get("/events").get_data(as_text=True)


def test_a_browser_without_the_app_passphrase_only_watches(app, client):
    from scorekeeper.data import settings
    from scorekeeper.web.http.security import hash_passphrase

    desk = make_event(client).headers["Location"]
    db = connect(app.config["DATABASE"])
    try:
        settings.set_app_passphrase_hash(db, hash_passphrase("club secret 1"))
    finally:
        db.close()
    stranger = app.test_client()
    assert stranger.post(f"{desk}/start").status_code == 403
    assert stranger.get("/events/new").status_code == 403
    page = stranger.get(desk).get_data(as_text=True)
    assert "Start turn 1" not in page and "Standings" in page


def test_the_turns_clock_on_the_desk_the_big_screen_and_every_table(app, client):
    desk = make_event(client, minutes="30").headers["Location"]
    assert client.post(f"{desk}/start").status_code == 302
    page = client.get(desk).get_data(as_text=True)
    assert 'role="timer"' in page and ("30:00" in page or "29:5" in page)
    assert client.get(f"{desk}/standings").get_data(as_text=True).count('role="timer"') == 1
    game = re.findall(r'href="/games/(\d+)"', page)[0]
    scoreboard = client.get(f"/games/{game}").get_data(as_text=True)
    assert f'data-clock="{desk}/clock.json"' in scoreboard  # counted down by clock.js
    assert client.post(f"{desk}/clock", data={"action": "pause"}).status_code == 302
    state = client.get(f"{desk}/clock.json").get_json()
    assert state["running"] is False and 1790 <= state["left"] <= 1800
    client.post(f"{desk}/clock", data={"action": "add", "minutes": "-5"})
    assert client.get(f"{desk}/clock.json").get_json()["left"] == state["left"] - 300
    assert "paused" in client.get(desk).get_data(as_text=True)
    assert client.post(f"{desk}/clock", data={"action": "explode"}).status_code == 400


def test_a_game_outside_an_event_shows_no_clock(client, make_game):
    game = make_game()
    assert "data-clock" not in client.get(f"/games/{game}").get_data(as_text=True)


def test_a_table_card_joins_the_tables_game_of_the_turn_and_phones_follow_the_table(app, client):
    desk = make_event(client).headers["Location"]
    cards = client.get(f"{desk}/cards").get_data(as_text=True)
    links = CARD_LINK.findall(cards)
    assert len(set(links)) == 3  # a secret of its own on each card
    assert cards.count("<svg") == 3  # a QR code on each card
    early = client.get(links[1])
    assert early.status_code == 404 and "no game yet" in early.get_data(as_text=True)
    client.post(f"{desk}/start")
    joined = client.get(links[1])
    assert joined.status_code == 302 and "/join/" in joined.headers["Location"]
    stranger = app.test_client()
    assert stranger.get("/tables/not-the-token").status_code == 404

    from scorekeeper.data.events import cards as event_cards, events, turns
    from scorekeeper.data.games import games

    db = connect(app.config["DATABASE"])
    try:
        event_id = int(desk.rsplit("/", 1)[1])
        first = events.current_game(db, event_id, 1, 2)
        for t in events.tables(db, event_id, 1):
            one, other = t["sides"]
            rounds.add_round(db, t["game_id"], {one: {"meld_points": 50}})
        turns.start_turn(db, event_id)
        second = events.current_game(db, event_id, 2, 2)
        assert event_cards.following(db, games.get_game(db, first)) == second  # phones follow it
    finally:
        db.close()


def play_turn(app, desk, scores):
    db = connect(app.config["DATABASE"])
    try:
        event_id = int(desk.rsplit("/", 1)[1])
        turn = events.event(db, event_id)["turn"]
        for table, (ns, ew) in zip(events.tables(db, event_id, turn), scores, strict=True):
            one, other = table["sides"]
            rounds.add_round(db, table["game_id"], {one: {"meld_points": ns},
                                                    other: {"meld_points": ew}})  # fmt: skip
    finally:
        db.close()


def test_the_standings_exported_as_csv_and_json_and_printed(app, client):
    four = "=Ann & Bea\nCy & Di\nEd & Flo\nGus & Hal"
    desk = make_event(client, entries=four, turns="1").headers["Location"]
    client.post(f"{desk}/start")
    play_turn(app, desk, [(100, 50), (50, 200)])  # Ann beats Ed by 50; Gus beats Cy by 150
    rows = client.get(f"{desk}/standings.csv").get_data(as_text=True).splitlines()
    assert rows[0] == "Place,Entry,Players,Points,Played,Won,Byes,Margin,Turn 1"  # the pages' words
    assert rows[1] == "1,Gus & Hal,Gus & Hal,2,1,1,0,150,2"  # no VP table: no VP
    assert rows[2] == "2,'=Ann & Bea,'=Ann & Bea,2,1,1,0,50,2"  # never a formula
    data = client.get(f"{desk}/standings.json").get_json()
    assert [r["entry"] for r in data["standings"]] == ["Gus & Hal", "=Ann & Bea", "Ed & Flo",
                                                      "Cy & Di"]  # fmt: skip
    assert data["standings"][0]["by_turn"] == {"1": 2}
    printed = client.get(f"{desk}/print").get_data(as_text=True)
    assert "Turn 1" in printed and "100 – 50" in printed


def test_the_director_swaps_two_entries_then_reads_the_standings_after_each_turn(app, client):
    desk = make_event(client).headers["Location"]
    swapped = client.post(f"{desk}/swap", data={"one": "0", "other": "3"}, follow_redirects=True)
    page = swapped.get_data(as_text=True)
    assert "Swapped" in page and "Table 1: Gus &amp; Hal – Ann &amp; Bea" in page
    assert client.post(f"{desk}/swap", data={"one": "0", "other": "0"}).status_code == 302
    assert "Choose two different entries" in client.get(desk).get_data(as_text=True)
    client.post(f"{desk}/start")
    assert 'action="/events/1/swap"' not in client.get(desk).get_data(as_text=True)
    play_turn(app, desk, [(100, 50), (50, 200), (100, 100)])
    client.post(f"{desk}/start")
    play_turn(app, desk, [(0, 300), (100, 50), (100, 100)])
    after_one = client.get(f"{desk}?after=1").get_data(as_text=True)
    now = client.get(desk).get_data(as_text=True)
    assert "Standings after turn 1" in after_one and after_one != now
    first = row_names(after_one)[0]
    assert first == "Ida &amp; Jo"  # by 150 in turn 1
    assert "Standings after turn" not in client.get(f"{desk}?after=9").get_data(as_text=True)
    screen = client.get(f"{desk}/standings?after=1").get_data(as_text=True)  # the big screen too
    assert "Standings after turn 1" in screen and f'href="{desk}/standings?after=1"' in screen
    assert row_names(screen)[0] == "Ida &amp; Jo"
    screen_now = client.get(f"{desk}/standings").get_data(as_text=True)
    assert row_names(screen_now) == row_names(now)


def vp_rows(*rows):
    """The victory-point table's fields: rows of (margin, winner, loser), the rest empty."""
    form = {}
    for n in range(10):
        for name, value in zip(("margin", "winner", "loser"), rows[n] if n < len(rows) else ("",) * 3,
                               strict=True):  # fmt: skip
            form[f"table-{n}-{name}"] = str(value)
    return form


def test_a_victory_point_table_in_the_form_and_the_standings_from_it(app, client):
    page = client.get("/events/new").get_data(as_text=True)
    assert 'name="table-0-margin"' in page and 'value="3000"' in page  # a table to start from
    made = make_event(client, scale="vp", **vp_rows((0, 10, 10), (100, 12, 8), (500, 16, 4)))
    assert made.status_code == 302
    desk = made.headers["Location"]
    client.post(f"{desk}/start")
    db = connect(app.config["DATABASE"])
    try:
        event_id = int(desk.rsplit("/", 1)[1])
        scores = [(600, 50), (150, 100), (100, 100)]  # margins 550, 50, 0
        for table, (ns, ew) in zip(events.tables(db, event_id, 1), scores, strict=True):
            one, other = table["sides"]
            rounds.add_round(db, table["game_id"], {one: {"meld_points": ns},
                                                    other: {"meld_points": ew}})  # fmt: skip
    finally:
        db.close()
    board = client.get(f"{desk}/standings").get_data(as_text=True)
    points = re.findall(r'</th><td class="number">([\d.]+)</td>', board)
    lines = list(zip(row_names(board), points, strict=True))
    # Ann beat Gus by 550: 16 to 4; Cy and Ida drew on margin 50 (the first row):
    # 10 each; Ed and Kit drew: 10 each.
    assert lines[0] == ("Ann &amp; Bea", "16") and lines[-1] == ("Gus &amp; Hal", "4")
    assert '<th scope="col">VP</th>' in board
    rows = client.get(f"{desk}/standings.csv").get_data(as_text=True).splitlines()
    assert rows[0] == "Place,Entry,Players,VP,Played,Won,Byes,Margin,Turn 1,Turn 2"
    assert rows[1] == "1,Ann & Bea,Ann & Bea,16,1,1,0,550,16,"  # one number format: no 16.0
    first = client.get(f"{desk}/standings.json").get_json()["standings"][0]
    assert (first["points"], first["margin"], first["by_turn"]) == (16, 550, {"1": 16})
    assert "match_points" not in first and repr(first["points"]) == "16"


def test_a_victory_point_table_with_mistakes_is_shown_beside_each_field(client):
    refused = make_event(client, scale="vp", **vp_rows((50, 10, 10), (40, 12, ""), (500, 4, 16)))
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400
    assert "The first row starts at margin 0." in page and "Higher than the row above." in page
    assert "Fill in the whole row, or none of it." in page and "Not more than the winner" in page
    assert (
        'id="table-1-margin" inputmode="numeric" max="100000" min="0" name="table-1-margin" type="number" value="40"'
        in page
    )
    assert "Tuesday club" not in client.get("/events").get_data(as_text=True)
    empty = make_event(client, scale="vp", **vp_rows())
    assert empty.status_code == 400 and "Fill in the victory-point table" in empty.get_data(
        as_text=True
    )


def test_the_printed_results_show_each_games_points_and_each_adjustment_with_its_reason(
    app, client
):
    rows = vp_rows((0, 10, 10), (100, 12, 8), (500, 16, 4))
    desk = make_event(client, scale="vp", turns="1", **rows).headers["Location"]
    client.post(f"{desk}/start")
    play_turn(app, desk, [(600, 50), (150, 100), (100, 100)])  # margins 550, 50, 0
    printed = client.get(f"{desk}/print").get_data(as_text=True)
    assert '<th scope="col">VP</th>' in printed
    assert "16 – 4" in printed and printed.count("10 – 10") == 2  # each game's VP
    first = int(re.findall(r'href="/games/(\d+)"', client.get(desk).get_data(as_text=True))[0])
    adjusted = client.post(
        f"{desk}/tables/{first}/adjust",
        data={"first": "0", "second": "-50", "reason": "table talk"},
    )
    assert adjusted.status_code == 302
    printed = client.get(f"{desk}/print").get_data(as_text=True)
    assert "Round 1: Gus &amp; Hal -50 — table talk" in printed  # the adjustment, and why
    assert "600 – 0" in printed and "16 – 4" in printed


def test_a_hand_and_foot_tie_is_a_draw_on_the_players_page_as_in_the_event(app, client):
    desk = make_event(client, entries="Ann & Bea\nCy & Di", turns="1").headers["Location"]
    client.post(f"{desk}/start")
    play_turn(app, desk, [(100, 100)])  # the totals tie: the engine shares the win
    first = client.get(f"{desk}/standings.json").get_json()["standings"][0]
    assert (first["points"], first["won"]) == (1, 0)  # the event's draw
    db = connect(app.config["DATABASE"])
    try:
        ann = db.execute("SELECT id FROM players WHERE name = 'Ann'").fetchone()[0]
    finally:
        db.close()
    page = client.get(f"/players/{ann}").get_data(as_text=True)
    assert "drew with 100" in page and "won with" not in page
    assert "0 of 1 finished, 1 drawn" in page
    assert "0%" in page  # the win rate leaves the tie out
