"""A player's page with its rating chart, and a leaderboard, on a 360 px phone:
nothing wider than the screen, the chart drawn, the leaderboard's choices work."""

import pytest
from playwright.sync_api import expect

from scorekeeper.data import sample
from scorekeeper.data.connection import connect
from tests.conftest import close_page


@pytest.fixture
def history(live_server):
    db = connect(live_server.database)
    sample.fill(db, 25, seed=4)
    busiest = next(db.query(
        "SELECT player_id FROM player_ratings WHERE scope = 'all' ORDER BY games DESC LIMIT 1"
    ))["player_id"]  # fmt: skip
    db.close()
    return live_server, busiest


def phone(browser, server):
    page = browser.new_page(viewport={"width": 360, "height": 740})
    page.base = server.url
    return page


def fits(page):
    return page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_players_page_at_360_px_shows_the_rating_and_its_chart(browser, history):
    server, busiest = history
    page = phone(browser, server)
    page.goto(f"{server.url}/players/{busiest}")
    assert page.locator("p.rating").inner_text().startswith("Rating: about ")
    chart = page.locator("svg.chart").first
    assert "rating over time" in chart.get_attribute("aria-label")
    assert chart.bounding_box()["width"] <= 360 and fits(page)
    page.click("text=Partners and opponents")
    expect(page.locator("h2", has_text="Best partners")).to_be_visible()
    assert fits(page)
    close_page(page)


def test_a_leaderboard_at_360_px_by_variant_and_period(browser, history):
    server, _ = history
    page = phone(browser, server)
    page.goto(f"{server.url}/leaderboard")
    assert page.locator("table.leaderboard tbody tr").count() > 3 and fits(page)
    page.select_option("#scope", "classic")
    page.fill("#least", "1")
    page.click("button:has-text('Show')")
    page.wait_for_url("**scope=classic**")
    expect(page.locator("table.leaderboard")).to_be_visible()
    page.fill("#least", "0")
    page.click("button:has-text('Show')")
    expect(page.locator("#least-error")).to_be_visible()
    assert page.input_value("#least") == "0"
    assert fits(page)
    close_page(page)
