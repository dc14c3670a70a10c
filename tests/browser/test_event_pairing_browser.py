"""Pairing a turn by hand on a 360 x 640 phone: the director opens it from the desk,
a pairing the tables cannot play is refused beside the entries concerned with what
was chosen kept, and the pairing set is the one the turn starts with; the page fits
the screen."""

from playwright.sync_api import expect

WIDE = "document.documentElement.scrollWidth"


def test_the_director_pairs_the_first_turn_by_hand_on_a_phone(contexts, live_server):
    page = contexts(viewport={"width": 360, "height": 640})
    page.goto(live_server.url + "/events/new")
    page.fill("#name", "Friday pairs")
    page.select_option("#variant", "hand-and-foot")
    page.fill("#deals", "1")
    page.fill("#turns", "2")
    page.fill("#entries", "Ann & Bea\nCy & Di\nEd & Flo\nGus & Hal")
    page.click("button:has-text('Make the plan')")
    page.click("text=Pair turn 1 by hand")
    expect(page.locator("h1")).to_have_text("Pair turn 1 by hand")
    expect(page.locator("#pairing-now")).to_contain_text("Table 1: Ann & Bea – Ed & Flo")
    assert page.evaluate(WIDE) <= 360
    page.select_option("#seat-1", "1-1")  # Cy & Di to table 1, where Ed & Flo sit
    page.fill("#reason", "Cy & Di asked to meet the club's winners")
    page.click("button:has-text('Keep this pairing')")
    expect(page.locator("#seat-1-error")).to_contain_text("more on this side")
    expect(page.locator("#seat-2-error")).to_contain_text("more on this side")
    assert page.input_value("#seat-1") == "1-1"  # what was chosen stays
    assert page.input_value("#reason") == "Cy & Di asked to meet the club's winners"
    assert page.evaluate(WIDE) <= 360
    page.select_option("#seat-2", "2-0")  # Ed & Flo to table 2, facing Gus & Hal
    page.click("button:has-text('Keep this pairing')")
    expect(page.locator(".flash").first).to_contain_text("Turn 1 is paired as you set it.")
    expect(page.locator("#pairing-now")).to_contain_text("Table 1: Ann & Bea – Cy & Di")
    page.click("text=Back to the desk")
    with page.expect_navigation():
        page.click("text=Start turn 1")
    tables = page.locator("ul.event-tables li")
    expect(tables.filter(has_text="Table 1")).to_contain_text("Ann & Bea – Cy & Di")
    expect(tables.filter(has_text="Table 2")).to_contain_text("Ed & Flo – Gus & Hal")
    page.click("text=History")
    expect(page.locator(".event-history")).to_contain_text("Turn 1 paired by hand")
    assert page.problems == []
