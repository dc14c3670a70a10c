"""The director edits an event under way on a 360x640 phone: a number of turns the
movement cannot play is refused beside the field with what was typed kept, new
event points are asked first (they rescore the finished turns), and the desk and
the event's history show the change; the page is never wider than the screen."""

from playwright.sync_api import expect

from tests.browser.events_helpers import make_event, start_turn

WIDE = "document.documentElement.scrollWidth"
PAIRS = ["Ann & Bea", "Cy & Di", "Ed & Flo", "Gus & Hal", "Ida & Jo", "Kit & Lu"]


def test_the_edit_page_at_360_by_640(contexts, live_server):
    page = contexts(viewport={"width": 360, "height": 640})
    desk = make_event(page, live_server.url, PAIRS, turns=2)
    start_turn(page, 1)
    with page.expect_navigation():
        page.get_by_role("link", name="Edit the event", exact=True).click()
    expect(page.locator("h1")).to_have_text("Edit the event")
    assert page.input_value("#turns") == "2"
    page.fill("#turns", "9")
    page.fill("#win", "3")
    page.fill("#reason", "the hall is ours till midnight")
    page.click("button:has-text('Change the event')")
    expect(page.locator("#turns-error")).to_contain_text("without a rematch is 3")
    assert page.input_value("#turns") == "9" and page.input_value("#win") == "3"
    assert page.evaluate(WIDE) <= 360
    page.fill("#turns", "3")
    page.click("button:has-text('Change the event')")
    expect(page.locator("#edit-ask")).to_contain_text("every finished turn is rescored")
    assert page.input_value("#turns") == "3"
    assert page.evaluate(WIDE) <= 360
    with page.expect_navigation():
        page.click("button:has-text('Rescore and change the event')")
    assert page.url == desk
    expect(page.locator("body")).to_contain_text("changed for the turns not started")
    expect(page.locator("#desk-plan")).to_contain_text("Turn 3")
    page.goto(desk + "/history")
    expect(page.locator("ol.event-history li").first).to_contain_text(
        "The event edited: turns 2 → 3, the event points"
    )
    assert page.problems == []
