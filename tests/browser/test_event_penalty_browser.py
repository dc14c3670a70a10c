"""A penalty in victory points given from the director's desk on a 360x640 phone: a
missing reason refused beside its field with what was typed kept, then the penalty
given, shown on the table's page and in the standings' penalty column, and taken
back again; no page wider than the screen."""

from playwright.sync_api import expect

from tests.browser.events_helpers import desk_tables, enter, make_event, start_turn

WIDE = "document.documentElement.scrollWidth"


def test_a_victory_point_penalty_from_the_desk_on_a_phone(contexts, live_server):
    page = contexts(viewport={"width": 360, "height": 640})
    base = live_server.url
    desk = make_event(page, base, ["Ann & Bea", "Cy & Di", "Ed & Flo", "Gus & Hal"], scale="vp")
    start_turn(page, 1)
    tables = desk_tables(page)
    enter(page, base, tables[1], 600, 50)
    page.goto(f"{desk}/tables/{tables[1]}")
    page.select_option("#penalty-entry", label="Ann & Bea")
    page.fill("#penalty-points", "3")
    page.click("button:has-text('Give the penalty')")
    expect(page.locator("#penalty-reason-error")).to_contain_text("Say why")
    assert page.input_value("#penalty-points") == "3"
    assert page.evaluate(WIDE) <= 360
    page.fill("#penalty-reason", "slow play after a warning")
    with page.expect_navigation():
        page.click("button:has-text('Give the penalty')")
    expect(page.locator("ul.penalties")).to_contain_text("Ann & Bea: 3 off")
    assert page.evaluate(WIDE) <= 360
    page.goto(desk)
    row = page.locator("table.standings tr", has_text="Ann & Bea").first
    expect(row.locator("td.penalty")).to_have_text("−3")
    assert page.evaluate(WIDE) <= 360
    page.goto(f"{desk}/tables/{tables[1]}")
    page.locator("ul.penalties input[name=remove-reason]").fill("the clock was wrong")
    with page.expect_navigation():
        page.click("button:has-text('Remove this penalty')")
    expect(page.locator("body")).to_contain_text("Penalty removed")
    expect(page.locator("ul.penalties")).to_have_count(0)
    assert page.problems == []
