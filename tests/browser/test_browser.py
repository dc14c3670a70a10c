"""The scorer's whole path in a real headless browser at phone size (360x740):
create a game, enter rounds, correct one, reach the game end, for every variant.

Debian's chromium driven by Playwright for Python; never a downloaded browser.
"""

import pytest
from playwright.sync_api import expect

from tests.browser.waits import SETTLE, WAIT
from tests.conftest import server_for


@pytest.fixture
def phone(browser, request):
    """A touch screen at 360x740 on the test's own server when it asks for
    ``live_server`` (it reads pages that list everything stored), otherwise on the
    process's shared server, where it reads only its own game's pages."""
    server = server_for(request)
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.base = server.url
    yield page
    context.close()


def settle(page):
    """After a navigation: the scoreboard is there, its stylesheet and script loaded."""
    page.wait_for_selector(".totals")
    page.wait_for_load_state("load")


def start_game(page, variant, names):
    page.goto(page.base + "/games/new")
    page.check(f"input[name=variant][value={variant}]")
    page.fill("#players", str(len(names)))
    page.click("text=Next: who plays")
    for i, name in enumerate(names):
        page.fill(f"#seat{i}", name)
    page.click("text=Start the game")
    settle(page)


def fill_round(page, sides):
    """``sides`` maps a side's index to its fields; counts up to 3 are tapped in.
    The quick buttons are app.js's: it has run first, or a count would be typed in
    some runs and tapped in others."""
    page.wait_for_selector("button.quick")
    for side, fields in sides.items():
        for name, value in fields.items():
            selector = f"#s{side}_{name}"
            if name == "went_out":
                page.check(f"input[name=went_out][value='{side}']")
            elif value is True:
                page.check(selector)
            elif page.locator(f"fieldset.ticks{selector}").count():  # players tick by name
                boxes = page.locator(f"input[name=s{side}_{name}]")
                for n in range(boxes.count()):
                    boxes.nth(n).set_checked(n < value)
            elif value <= 3 and page.locator(f"button.quick[data-for=s{side}_{name}]").count():
                page.click(f"button.quick[data-value='{value}'][data-for=s{side}_{name}]")
            else:
                page.fill(selector, str(value))


def enter_round(page, sides):
    page.click("a:has-text('Enter round')")
    fill_round(page, sides)
    page.click("button[name=save]")
    settle(page)


def totals(page):
    points = page.locator(".total .points")
    return {points.nth(i).get_attribute("data-side"): int(points.nth(i).inner_text().replace(",", ""))
            for i in range(points.count())}  # fmt: skip


def correct_round(page, number, sides):
    page.click(f"#round-{number} summary")
    page.click(f"text=Correct round {number}")
    fill_round(page, sides)
    page.click("button[name=save]")
    settle(page)
    expect(page.locator(".flash")).to_contain_text(f"Round {number} corrected")


def assert_fits_the_phone(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


# Each round's card points within the value of all the cards in play: the big scores are
# canastas (classic: 2400 + 600 meld, then 500 + 1200 + 100 + 800 meld; five-person: P1
# 600 + 100 kitties + 650 a round, and P4 the same as P1's rentrap, tied at 4040 until P3's
# 5; weeping: 2500 + 900 + 1100 twice)
FIVE = {"natural_canastas": 6, "kitties": 2, "meld_points": 650}
WEEPING = {"natural_canastas": 5, "mixed_canastas": 3, "meld_points": 1100}
WORKED = {
    "classic": (
        ["Ann", "Cat", "Bea", "Dee"],
        [{0: {"mixed_canastas": 8, "meld_points": 600}, 1: {"mixed_canastas": 1, "meld_points": 100}},
         {0: {"natural_canastas": 1, "mixed_canastas": 4, "went_out": True, "meld_points": 800},
          1: {"hand_points": 40}}],
        (1, {0: {"meld_points": 500}}),
        {"Ann & Bea": 5500, "Cat & Dee": 360}, "Ann & Bea win!",
    ),
    "hand-and-foot": (
        ["Ann", "Cat", "Bea", "Dee"],
        [{0: {"meld_points": 100}}, {1: {"meld_points": 200, "foot_points": 50}},
         {0: {"natural_canastas": 1, "mixed_canastas": 1, "went_out": True}}, {1: {"red_threes": 2}}],
        (2, {1: {"foot_points": 0}}),
        {"Ann & Bea": 1000, "Cat & Dee": 400}, "Ann & Bea win!",
    ),
    "five-person": (
        ["P1", "P2", "P3", "P4", "P5"],
        [{0: FIVE}, {0: FIVE}, {0: FIVE}, {0: {"meld_points": 100}, 2: {"meld_points": 5}}],
        (1, {0: {"meld_points": 640}}),
        {"P1": 4145, "P2": 0, "P3": 5, "P4": 4140, "P5": 0}, "P1 wins!",
    ),
    "weeping": (
        ["Ann", "Cat", "Bea", "Dee"],
        [{0: WEEPING}, {0: WEEPING},
         {0: {"natural_canastas": 1, "mixed_canastas": 1, "weepers_picked_up": 2, "went_out": True,
              "meld_points": 500}, 1: {"meld_points": 100}}],
        (1, {1: {"black_threes_in_hand": 1}}),
        {"Ann & Bea": 10400, "Cat & Dee": -200}, "Ann & Bea win!",  # never wept: meld against
    ),
    "samba-foot": (
        ["Ann", "Cat", "Bea", "Dee"],
        [{0: {"sambas": 1}}, {1: {"wild_canastas": 1, "meld_points": 300}}, {0: {"red_threes": 5}}],
        (1, {0: {"sambas": 2}}),
        {"Ann & Bea": 4000, "Cat & Dee": 1800}, "Ann & Bea win!",
    ),
}  # fmt: skip


@pytest.mark.parametrize("variant", list(WORKED))
def test_the_scorers_whole_path(phone, variant):
    names, rounds, (fix, correction), final, banner = WORKED[variant]
    start_game(phone, variant, names)
    assert_fits_the_phone(phone)
    for number, sides in enumerate(rounds, start=1):
        enter_round(phone, sides)
        if number == fix:
            correct_round(phone, fix, correction)
    assert totals(phone) == final
    assert banner in phone.inner_text(".winner")
    assert phone.locator("a:has-text('Enter round')").count() == 0
    assert_fits_the_phone(phone)
    phone.click("text=History of changes")
    expect(phone.locator(".history li")).to_have_count(len(rounds) + 1)


def test_errors_show_beside_the_field_and_keep_what_was_typed(phone):
    start_game(phone, "classic", ["Ann", "Cat", "Bea", "Dee"])
    phone.click("a:has-text('Enter round')")
    fill_round(phone, {0: {"red_threes": 3, "meld_points": 120}, 1: {"red_threes": 2}})
    phone.click("button[name=save]")
    error = phone.locator("#s1_red_threes-error")
    expect(error).to_contain_text("makes 5 red threes this round")
    assert (
        phone.input_value("#s0_meld_points") == "120" and phone.input_value("#s1_red_threes") == "2"
    )
    assert error.is_visible()


def test_card_counter_and_live_preview(phone):
    start_game(phone, "classic", ["Ann", "Cat", "Bea", "Dee"])
    phone.click("a:has-text('Enter round')")
    phone.wait_for_selector("button.quick")  # app.js has run: it is what adds the cards up
    phone.click("#side-0 details.counter summary")
    phone.fill("#s0_meld_points__joker", "2")
    phone.fill("#s0_meld_points__high", "7")
    expect(phone.locator("#s0_meld_points")).to_have_value("170")
    phone.click("button.quick[data-value='1'][data-for=s0_natural_canastas]")
    expect(phone.locator("output.preview").first).to_have_text("+670")
    phone.click("button[name=save]")
    phone.wait_for_selector(".totals")  # saved without leaving the page, then on to it
    assert totals(phone)["Ann & Bea"] == 670


def test_a_preview_answered_late_does_not_replace_a_later_one(phone):
    """On a slow wifi the preview's answers can come back out of order: the screen
    shows the answer to the numbers as they are now, not whichever arrived last."""
    start_game(phone, "classic", ["Ann", "Cat", "Bea", "Dee"])
    held = []
    phone.route(
        "**/rounds/*/preview", lambda route: route.continue_() if held else held.append(route)
    )
    phone.click("a:has-text('Enter round')")
    phone.wait_for_selector("button.quick")  # app.js has run
    with phone.expect_request("**/preview"):  # the first question, held on its way
        phone.fill("#s0_meld_points", "170")
    phone.click("button.quick[data-value='1'][data-for=s0_natural_canastas]")
    preview = phone.locator("output.preview").first
    expect(preview).to_have_text("+670")  # the second question, answered first
    with phone.expect_event("requestfinished", lambda request: request == held[0].request):
        held[0].continue_()  # the first answer arrives last
    phone.evaluate(SETTLE)  # frames enough for the page to have read and shown it
    assert preview.inner_text() == "+670"


def test_tap_targets_are_at_least_44_pixels(phone):
    start_game(phone, "weeping", ["Ann", "Cat", "Bea", "Dee"])
    phone.click("a:has-text('Enter round')")
    phone.wait_for_load_state("load")
    expect(phone.locator("button.quick").first).to_be_visible()  # app.js has run
    small = phone.evaluate("""() => [...document.querySelectorAll(
        'button, a.button, input:not([type=hidden]), select, summary')]
        .filter(e => e.offsetParent !== null)
        .map(e => [e.id || e.textContent.trim(),
                   (e.closest('label') || e).getBoundingClientRect().height])
        .filter(([, h]) => h < 44)""")
    assert small == []
    assert_fits_the_phone(phone)


def test_everything_is_served_by_the_app_and_dark_mode_follows_the_phone(browser, shared_server):
    context = browser.new_context(viewport={"width": 360, "height": 740}, color_scheme="dark")
    page = context.new_page()
    page.base = shared_server.url
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    start_game(page, "samba-foot", ["Ann", "Cat", "Bea", "Dee"])
    page.click("a:has-text('Enter round')")
    page.wait_for_load_state("load")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    context.close()
    assert requested and all(url.startswith(shared_server.url) for url in requested)
    assert any(url.split("?")[0].endswith("/static/app.js") for url in requested)  # ?v=digest
    assert background == "rgb(18, 18, 18)"


def test_spectator_page_refreshes_itself_when_a_round_is_added(browser, shared_server):
    status, created = shared_server.json(
        "POST", "/api/games", {"variant": "weeping", "sides": ["Us", "Them"]}
    )
    game = created["id"]
    phone = browser.new_context(viewport={"width": 360, "height": 740})
    page = phone.new_page()
    problems = []
    page.on(
        "console",
        lambda message: problems.append(message.text) if message.type == "error" else None,
    )
    page.goto(shared_server.url + f"/games/{game}/share")
    link = page.locator(".link a").inner_text()
    assert page.locator(".qr img").evaluate("img => img.naturalWidth") > 100
    page.goto(link)
    expect(page.locator('.points[data-side="Us"]')).to_have_text("0")
    shared_server.json("POST", f"/api/games/{game}/rounds", {"Us": {"meld_points": 120}})
    expect(page.locator('.points[data-side="Us"]')).to_have_text("120", timeout=10000)
    assert page.locator("a:has-text('Enter round')").count() == 0
    phone.close()
    assert problems == []  # no Content-Security-Policy violations, no script errors


def test_history_filters_and_charts_in_the_browser(phone, live_server):
    from scorekeeper.data import sample
    from scorekeeper.data.connection import connect

    db = connect(live_server.database)
    sample.fill(db, 8, seed=3)
    db.close()
    phone.goto(phone.base + "/evenings")
    assert phone.locator(".evenings li").count() == 8
    title = phone.locator(".evenings li strong").first.inner_text()  # "date · Ann, Bea"
    name = title.split(" · ", 1)[1].split(", ")[0]
    phone.fill("#player", name)
    phone.click("button:has-text('Filter')")
    expect(phone.locator(".hint")).to_contain_text(f"with {name}")  # the filtered page
    shown = phone.locator(".evenings li")
    assert 0 < shown.count() <= 8
    for i in range(shown.count()):
        assert name in shown.nth(i).inner_text()
    shown.first.click()
    phone.wait_for_load_state("load")
    chart = phone.locator("svg.chart").first
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    assert box["width"] > 300 and box["height"] > 150 and box["x"] + box["width"] <= 360
    phone.click("text=Players")
    phone.locator("table.stats a").first.click()
    phone.wait_for_load_state("load")
    charts = phone.locator("svg.chart")  # the rating over time, and the win rate
    expect(charts.last).to_be_visible()
    assert charts.count() == 2 and charts.first.is_visible()
    assert_fits_the_phone(phone)


def test_every_essential_action_works_without_javascript(browser, shared_server):
    context = browser.new_context(viewport={"width": 360, "height": 740}, java_script_enabled=False)
    page = context.new_page()
    page.base = shared_server.url
    start_game(page, "classic", ["Ann", "Cat", "Bea", "Dee"])
    page.click("a:has-text('Enter round')")
    page.wait_for_url("**/rounds/new*")
    assert page.locator("button.quick").count() == 0  # quick counts need the script
    page.fill("#s0_natural_canastas", "1")
    page.check("input[name=went_out][value='0']")
    page.click("#side-0 details.counter summary")  # the card counter, server side
    page.fill("#s0_meld_points__joker", "2")
    page.fill("#s0_meld_points__high", "7")
    page.click("button[name=preview]")
    expect(page.locator("output.preview").first).to_have_text("+770")
    assert page.input_value("#s0_meld_points__joker") == "2"
    page.click("button[name=save]")
    settle(page)
    assert totals(page) == {"Ann & Bea": 770, "Cat & Dee": 0}
    page.click("#round-1 summary")
    page.click("text=Correct round 1")
    page.fill("#s1_hand_points", "45")
    page.click("button[name=save]")
    settle(page)
    assert totals(page) == {"Ann & Bea": 770, "Cat & Dee": -45}
    page.click("#round-1 summary")
    page.click("#round-1 a:has-text('Delete')")
    page.click("button:has-text('Delete round 1')")
    settle(page)
    assert totals(page) == {"Ann & Bea": 0, "Cat & Dee": 0}
    context.close()


def test_the_charts_scale_is_never_cut_at_the_left(phone, shared_server):
    """A phone tester saw "10,000" cut to ",000" on the running-totals chart."""
    from scorekeeper.data.connection import connect
    from scorekeeper.data.games.evenings import create_evening
    from scorekeeper.data.games.games import create_game
    from scorekeeper.data.games.rounds import add_round

    db = connect(shared_server.database)
    sides = ["Eve & Fay", "Gus & Hal"]
    game = create_game(db, evening_id=create_evening(db, "2026-11-21"), variant="classic",
                       sides=sides, players=4, options={"target": 50000})  # fmt: skip
    for _ in range(22):  # a side caught with a full hand, round after round: 100 - 600
        add_round(db, game, {sides[0]: {"meld_points": 200, "mixed_canastas": 1, "went_out": True},
                             sides[1]: {"meld_points": 100, "hand_points": 600}})  # fmt: skip
    db.close()
    phone.goto(f"{shared_server.url}/games/{game}")
    labels = phone.evaluate("""() => {
        const svg = document.querySelector('svg[role=img]'), box = svg.getBoundingClientRect();
        return [...svg.querySelectorAll('text')].map(t => [t.textContent,
            t.getBoundingClientRect().left - box.left]); }""")
    assert any(text == "-10,000" or text == "-20,000" for text, _ in labels)
    assert all(left >= 0 for _, left in labels), labels
