"""The evening flow in a real browser at phone size (360x740, touch): each table's
own evening, same table again (with and without JavaScript), evening
names, renaming, removing and undoing, local times; and every page fitting
phones from 320 to 430 px, landscape and large text.

Large text is simulated by doubling the root font size (what a phone's text-size
setting does): ``document.documentElement.style.fontSize = '200%'`` at 360 px.
"""

from datetime import date

import pytest
from playwright.sync_api import expect

from scorekeeper.data import sample
from scorekeeper.data.connection import connect
from scorekeeper.data.games import players, removals
from scorekeeper.data.games.evenings import create_evening
from scorekeeper.data.games.games import create_game, recent_games
from scorekeeper.data.games.rounds import add_round
from scorekeeper.scoring import get_variant
from scorekeeper.scoring.seating import side_names
from tests.browser.waits import SETTLE, WAIT
from tests.conftest import LiveServer

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
# Rounds that end a game of each variant, by side index; each round's card points within
# the value of all the cards in play, the big scores made of canastas.
CLASSIC = {"natural_canastas": 3, "mixed_canastas": 2, "red_threes": 2, "meld_points": 700}  # 3000
FIVE = {"natural_canastas": 6, "kitties": 2, "meld_points": 650}  # 1350 own, and P4's as rentrap
WEEPING = {"natural_canastas": 5, "mixed_canastas": 3, "meld_points": 1100}  # 4500
FINISH = {
    "classic": [{0: CLASSIC}, {0: CLASSIC}],
    "hand-and-foot": [{0: {"meld_points": 100}}, {1: {"meld_points": 200}},
                      {0: {"meld_points": 300}}, {1: {"meld_points": 50}}],
    # P1 and P4 tied at 4050 play on; P3's 5 puts P1 ahead
    "five-person": [{0: FIVE}] * 3 + [{0: {"meld_points": 100}, 2: {"meld_points": 5}}],
    "weeping": [{0: WEEPING}, {0: WEEPING}, {0: {"natural_canastas": 2, "meld_points": 1000}}],
    "samba-foot": [{0: {"sambas": 1, "meld_points": 1500}},
                   {1: {"natural_canastas": 2, "meld_points": 800}}, {0: {"meld_points": 1000}}],
}  # fmt: skip
NAMES = {"five-person": ["Annabelle", "Bernadette", "Catherine", "Dorothea", "Evangeline"]}


def seed(database, variant="classic", finish=True, seats=None):
    db = connect(database)
    try:
        seats = seats or NAMES.get(variant, ["Ann", "Cat", "Bea", "Dee"])
        evening = create_evening(db, "2026-11-21")
        sides = side_names(get_variant(variant), seats)
        game = create_game(db, evening_id=evening, variant=variant, sides=sides,
                           players=len(seats), options={}, seats=seats)  # fmt: skip
        for play in FINISH[variant] if finish else FINISH[variant][:1]:
            add_round(db, game, {sides[i]: fields for i, fields in play.items()})
        return game
    finally:
        db.close()


@pytest.fixture
def context(browser):
    made = []

    def make(**options):
        made.append(browser.new_context(**{**PHONE, **options}))
        page = made[-1].new_page()
        page.set_default_timeout(WAIT)
        return page

    yield make
    for c in made:
        c.close()


def test_each_table_joins_its_own_evening(context, live_server):
    db = connect(live_server.database)
    evening = create_evening(db, date.today().isoformat())
    create_game(db, evening_id=evening, variant="classic", sides=["Ann", "Bea"], players=2,
                options={}, seats=["Ann", "Bea"])  # fmt: skip
    db.close()
    page = context()

    def start(seats, choice=None):
        page.goto(live_server.url + "/games/new/classic/2")
        assert page.input_value("#evening") == "0"  # the table's own, by default
        if choice:
            page.click("details.more-settings > summary")  # folded below Start
            page.select_option("#evening", choice)  # still changeable
        for i, name in enumerate(seats):
            page.fill(f"#seat{i}", name)
        page.click("text=Start the game")
        page.wait_for_selector(".totals")
        return evening_of(live_server.database, int(page.url.rsplit("/", 1)[1]))

    assert start(["Bea", "Ann"]) == evening  # the same players: their evening
    other = start(["Cat", "Dee"])  # a second table tonight: an evening of its own
    assert other != evening
    assert start(["Cat", "Dee"]) == other
    assert start(["Ann", "Bea"], choice="new") not in (evening, other)


def evening_of(path, game_id):
    db = connect(path)
    try:
        return next(db.query("SELECT evening_id FROM games WHERE id = ?", [game_id]))["evening_id"]
    finally:
        db.close()


@pytest.mark.parametrize("javascript", [True, False])
def test_same_table_again_in_one_tap(context, live_server, javascript):
    game = seed(live_server.database)
    page = context(java_script_enabled=javascript)
    page.goto(f"{live_server.url}/games/{game}")
    with page.expect_navigation():  # the game's own page has totals too
        page.click("button:has-text('Play again with the same players')")
    assert page.url.endswith(f"/games/{game + 1}")
    assert "Round 1" in page.inner_text(".next") and "Bea deals" in page.inner_text(
        ".next"
    )  # Ann, Cat dealt
    page.go_back()
    with page.expect_navigation():  # again from the old game: the same new one
        page.click("button:has-text('Play again with the same players')")
    assert page.url.endswith(f"/games/{game + 1}")
    db = connect(live_server.database)
    assert len(recent_games(db)) == 2
    db.close()


def test_a_double_post_makes_one_game(context, live_server):
    game = seed(live_server.database)
    page = context()
    page.goto(f"{live_server.url}/games/{game}")
    token = page.input_value("form.again [name=csrf_token]")
    page.evaluate("""() => { const f = document.querySelector('form.again');
        f.requestSubmit(); f.requestSubmit(); }""")
    page.wait_for_url(f"**/games/{game + 1}")
    answers = [
        page.request.post(f"{live_server.url}/games/{game}/again", form={"csrf_token": token})
        for _ in range(2)
    ]
    assert all(a.url.endswith(f"/games/{game + 1}") for a in answers)
    db = connect(live_server.database)
    assert len(recent_games(db)) == 2
    db.close()


def test_evening_names_rename_remove_and_undo(context, live_server):
    game = seed(live_server.database)
    page = context()
    page.goto(live_server.url + "/evenings")
    assert "Sat 21 Nov 2026 · Ann, Bea, Cat, Dee" in page.inner_text(".evenings")
    page.goto(f"{live_server.url}/games/{game}")
    page.click("text=Rename")
    page.fill("#name", "The decider")
    page.click("text=Save the name")
    expect(page.locator("h1")).to_have_text("The decider")
    page.click("text=Remove this game")
    with page.expect_navigation():
        page.click("button:has-text('Remove the game')")
    assert (
        "The decider" not in page.inner_text("main ul.games")
        if page.locator("main ul.games").count()
        else True
    )
    page.goto(live_server.url + "/removals")
    page.click("button:has-text('Undo')")
    expect(page.locator("h1")).to_have_text("The decider")
    page.goto(live_server.url + "/players")
    page.click("text=Dee")
    page.click("summary:has-text('Rename or remove')")
    page.fill("#name", "ann")
    page.click("button:has-text('Rename')")
    expect(page.locator(".error")).to_contain_text("Ann is already a player")
    assert page.input_value("#name") == "ann"
    page.fill("#name", "Deirdre")
    page.click("button:has-text('Rename')")
    expect(page.locator("h1")).to_have_text("Deirdre")
    page.click("summary:has-text('Rename or remove')")
    page.click("a:has-text('Remove Deirdre')")
    with page.expect_navigation():
        page.click("button:has-text('Remove the player')")
    assert "Deirdre" not in page.inner_text("table.stats")
    page.goto(live_server.url + "/removals")
    page.locator("li:has-text('Deirdre') button:has-text('Undo')").click()
    expect(page.locator("h1")).to_have_text("Deirdre")


def test_times_show_in_the_browsers_time_zone(context, live_server):
    game = seed(live_server.database, finish=False)
    db = connect(live_server.database)
    db.execute("UPDATE round_changes SET at = '2026-11-21T20:15:00+00:00'")
    db.close()
    page = context(timezone_id="America/Sao_Paulo")
    page.goto(f"{live_server.url}/games/{game}/history")
    page.wait_for_load_state("load")
    shown = page.inner_text("time")
    assert "5:15" in shown and "UTC" not in shown  # 20:15 UTC is 17:15 in Sao Paulo
    plain = context(java_script_enabled=False, timezone_id="America/Sao_Paulo")
    plain.goto(f"{live_server.url}/games/{game}/history")
    assert plain.inner_text("time") == "21 Nov 2026, 20:15 UTC"


SIZES = {"320": (320, 640, False), "360": (360, 740, False), "430": (430, 932, False),
         "landscape": (740, 360, False), "large-text": (360, 740, True)}  # fmt: skip


def fits(page):
    return page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")


def sizes_that_do_not_fit(page):
    """The sizes (SIZES) at which the page is wider than the screen: the one page
    resized to each in turn, settled, and measured; the large text (root font-size
    doubled) last, and the page left at its loaded size."""
    wide = []
    for size, (width, height, large) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        if large:
            page.evaluate("document.documentElement.style.fontSize = '200%'")
        page.evaluate(SETTLE)
        if not fits(page):
            wide.append(size)
    page.evaluate("document.documentElement.style.fontSize = ''")
    page.set_viewport_size(PHONE["viewport"])
    return wide


def test_every_page_fits_the_phone(context, live_server):
    """Each page loaded once and measured at every size, phones from 320 to 430 px,
    on its side and at 200% text."""
    games = [seed(live_server.database, variant) for variant in FINISH]
    db = connect(live_server.database)
    sample.fill(db, 3, seed=5)
    removals.remove_player(db, players.remember(db, "Dee"), "Dee")
    db.close()
    page = context()
    urls = [f"/games/{g}" for g in games] + [f"/games/{g}/history" for g in games]
    urls += ["/", "/evenings", "/evenings/1", "/players", "/players/1", "/removals"]
    wide = {}
    for url in urls:
        page.goto(live_server.url + url)
        page.wait_for_load_state("load")
        sizes = sizes_that_do_not_fit(page)
        if sizes:
            wide[url] = sizes
    assert not wide, wide
    page.goto(f"{live_server.url}/games/{games[2]}")  # at 360: five-person, five long names
    table = page.locator("table.scores")
    assert table.evaluate("t => t.scrollWidth <= t.parentElement.clientWidth")
    for cell in page.locator("table.scores thead th").all():
        box = cell.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360
    # no score is broken over two lines ("+1,06 / 0" read as two numbers: a phone tester)
    broken = page.evaluate("""() => [...document.querySelectorAll('table.scores td')]
        .filter(td => { const r = document.createRange(); r.selectNodeContents(td.firstChild);
                        return r.getClientRects().length > 1; })
        .map(td => td.textContent)""")
    assert broken == []


BUSIEST = (
    "SELECT player_id, count(DISTINCT variant) AS n FROM player_stats "
    "GROUP BY player_id ORDER BY n DESC LIMIT 1"
)


@pytest.fixture(scope="module")
def forty_games(tmp_path_factory):
    """A server of its own with 40 sample games, made once for the module's tests
    that only read it; and the player who played the most variants."""
    server = LiveServer(tmp_path_factory.mktemp("forty") / "live.sqlite").start()
    db = connect(server.database)
    sample.fill(db, 40, seed=7)
    busiest = next(db.query(BUSIEST))
    db.close()
    yield server, busiest
    server.stop()


@pytest.mark.parametrize(("lang", "width"), [("pt_BR", 360), ("es", 360), ("de", 360), ("en", 320)])
def test_statistics_and_house_rules_fit_the_phone_in_every_language(
    context, forty_games, lang, width
):
    """Found by a phone tester: a player's "By game" table drew "Mão e Pé" one letter a
    line and pushed the page to 461 px; the opening table's rows squeezed their labels
    to a letter a line, the box over the text."""
    server, busiest = forty_games
    assert busiest["n"] > 2
    page = context(viewport={"width": width, "height": 740})
    page.goto(f"{server.url}/language/{lang}?next=/players/{busiest['player_id']}")
    assert page.locator("table.by-variant").count() == 1 and fits(page)
    page.goto(f"{server.url}/games/new/classic/4")
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    assert fits(page)
    for row in page.locator("#option-opening .option-row .field").all():
        label, box = row.locator("label").bounding_box(), row.locator("input").bounding_box()
        assert label["y"] + label["height"] <= box["y"] + 1  # each label above its box
        assert label["width"] > 30  # not a letter a line
