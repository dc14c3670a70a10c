"""The director's new pages at the narrowest phone (320 px): the event form with its
victory-point table (a mistake shown beside its box and named at the top, what was
typed kept), a table's page with the director's changes, the withdrawal page, and a
phone's check-in; none is wider than the screen."""

from playwright.sync_api import expect

from tests.browser.waits import WAIT

WIDE = "document.documentElement.scrollWidth"


def test_the_directors_pages_fit_a_320_pixel_phone(browser, live_server):
    context = browser.new_context(viewport={"width": 320, "height": 640}, has_touch=True,
                                  is_mobile=True)  # fmt: skip
    page = context.new_page()
    page.set_default_timeout(WAIT)
    problems = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    try:
        page.goto(live_server.url + "/events/new")
        page.fill("#name", "Thursday burraco")
        page.select_option("#variant", "hand-and-foot")
        page.fill("#deals", "1")
        page.fill("#turns", "1")
        page.select_option("#scale", "vp")
        page.fill("#table-2-margin", "50")  # below the row above (100)
        page.fill("#entries", "Ann & Bea\nCy & Di\nEd & Flo\nGus & Hal")
        page.click("button:has-text('Make the plan')")
        expect(page.locator("#table-2-margin-error")).to_have_text("Higher than the row above.")
        assert page.input_value("#table-2-margin") == "50"
        # the mistake far below the fold is named at the top, which has the focus
        summary = page.locator("#error-summary")
        expect(summary).to_be_focused()
        expect(summary.locator("a[href='#table-2-margin']")).to_have_text(
            "Row 3: Margin from: Higher than the row above."
        )
        assert page.evaluate(WIDE) <= 320
        page.fill("#table-2-margin", "250")
        with page.expect_navigation():  # to the desk, the plan made
            page.click("button:has-text('Make the plan')")
        with page.expect_navigation():  # the desk again, the turn started
            page.click("text=Start turn 1")
        desk = page.url
        assert page.evaluate(WIDE) <= 320
        page.click("ul.event-tables li >> nth=0 >> text=Adjust, reopen")
        expect(page.locator("h1")).to_have_text("Turn 1, table 1")
        page.fill("#first", "7")
        page.click("button:has-text('Adjust the score')")
        expect(page.locator("#first-error")).to_have_text("Scores are multiples of 5.")
        expect(page.locator("#reason-error").first).to_contain_text("Say why")
        assert page.input_value("#first") == "7"
        assert page.evaluate(WIDE) <= 320
        page.goto(desk + "/withdraw")
        assert page.evaluate(WIDE) <= 320
        page.goto(desk)
        link = page.locator("ul.event-tables li a").first.get_attribute("href")
        page.goto(live_server.url + link)  # the scoreboard: its join link, as a card's
        join = page.get_attribute(".join-box a[href*='/join/']", "href")
        page.goto(join)
        page.check("input[name=who][value=p0]")
        page.click("button:has-text('Join')")
        expect(page.locator("#check-in")).to_contain_text("Ann ✓")  # joined as Ann: here
        other = page.locator("#check-in button").first  # a partner without a phone: a tap
        name = other.inner_text().strip()
        other.click()
        expect(page.locator("#check-in")).to_contain_text(f"{name} ✓")
        assert page.evaluate(WIDE) <= 320
        assert problems == []
    finally:
        context.close()
