"""Everyone knows where to go, on 360x740 phones in a real browser: the table card
takes its scorer to the table's game in one tap, says how the movement goes, and a
moving pair's phone follows that pair to its next table and says so."""

from playwright.sync_api import expect

from tests.browser.events_helpers import card_links
from tests.browser.test_event_screens_browser import make_event, pairs, play_every_table
from tests.browser.test_round_screen import phone_context
from tests.browser.waits import WAIT, until


def test_a_moving_pairs_phone_follows_it_and_the_card_takes_the_scorer_to_the_game(
    browser, live_server
):
    director = phone_context(browser)
    scorer, gus = phone_context(browser), phone_context(browser)
    try:
        desk_page = director.new_page()
        desk_page.set_default_timeout(WAIT)
        desk = make_event(desk_page, live_server.url, pairs(6), turns=2)
        with desk_page.expect_navigation():
            desk_page.click("text=Start turn 1")
        links = card_links(desk_page, desk)
        expect(desk_page.locator(".table-card").first).to_contain_text(
            "East-West go on to table 2 after each turn"
        )

        table = scorer.new_page()  # the scorer at table 1 scans its card: one tap on
        table.goto(links[0])
        with table.expect_navigation():
            table.click("text=Keep the score at table 1")
        expect(table.locator("h1")).to_have_text("Projector night: turn 1, table 1")

        phone = gus.new_page()  # P4a, East-West at table 1, joins by the same card
        phone.set_default_timeout(WAIT)
        phone.goto(links[0])
        phone.check("input[name=who][value=p1]")  # the seats go NS, EW, NS, EW
        assert phone.locator("input[name=who][value=p1] + span").inner_text().startswith("P4a")
        with phone.expect_navigation():
            phone.click("button:has-text('Join')")
        expect(phone.locator("h1")).to_have_text("Projector night: turn 1, table 1")

        play_every_table(live_server, desk)
        desk_page.goto(desk)
        with desk_page.expect_navigation():
            desk_page.click("text=Start turn 2")
        title = phone.locator("#next-title")  # the phone's page says so by itself
        expect(title).to_have_text("Turn 2: table 2, East-West")
        # The move is stored at once and its answer is slow to come back (a busy
        # wifi), while the phone polls every second (a server with no thread to spare
        # for waiting): a poll hears of the move meanwhile, and must not reload the
        # page over the navigation the player asked for
        phone.route(phone.url, answered_at_once)
        held, loads = [], []
        phone.route("**/follow", lambda route: held.append((route, route.fetch(max_redirects=0))))
        phone.on("request", lambda r: r.resource_type == "document" and loads.append(r.method))
        with phone.expect_navigation():
            phone.click("text=Go on to table 2", no_wait_after=True)
            phone.wait_for_timeout(2500)  # polls go on meanwhile
            until(phone, lambda: held, "the move to reach the server")
            assert loads == ["POST"]  # the page was not reloaded over the move
            route, answer = held.pop()
            route.fulfill(response=answer)
        expect(phone.locator("h1")).to_have_text("Projector night: turn 2, table 2")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        for context in (director, scorer, gus):
            context.close()


def answered_at_once(route):
    headers = {k: v for k, v in route.request.headers.items() if k != "prefer"}
    route.continue_(headers=headers)


def test_the_victory_point_table_fits_a_phone_its_digits_shown(browser, shared_server):
    context = phone_context(browser)
    try:
        page = context.new_page()
        page.goto(shared_server.url + "/events/new")
        first_row = page.locator(".vp-table tbody tr").first.locator("input")
        boxes = [first_row.nth(n).bounding_box() for n in range(3)]
        assert len({round(b["y"]) for b in boxes}) == 1  # margin, winner, loser side by side
        shown = page.evaluate(
            """[...document.querySelectorAll('.vp-table input')].map(
                 (e) => [e.value, e.clientWidth >= e.scrollWidth && e.clientWidth >= 48])"""
        )
        assert all(fits for _, fits in shown)  # every number readable in its box
        assert shown[:3] == [["0", True], ["10", True], ["10", True]]
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        context.close()
