"""A phone's page waits on the server for news: its poll says ``Prefer: wait=20``, an
idle table's phone asks a few times a minute instead of every second, and a round the
scorer saves reaches it all the same, in the answer to the poll that was waiting."""

from playwright.sync_api import expect

from scorekeeper.data.connection import connect
from scorekeeper.data.games.rounds import add_round

from . import test_phones_wifi as wifi
from .waits import until

pages = wifi.pages  # the fixture: a context and page per phone


def test_an_idle_phone_waits_for_news_and_gets_the_round_in_its_answer(pages, shared_server):
    game, sides, scorer, cat = wifi.with_cat(pages, shared_server, "#confirm_rounds")
    polls = []

    def asked(request):
        if request.method == "GET" and "if-none-match" in request.headers:
            polls.append(request.headers.get("prefer"))

    cat.on("request", asked)
    cat.reload()  # its polls from the first: one sent before would be held out of sight
    until(cat, lambda: polls, "its first poll")
    cat.wait_for_timeout(4000)  # a phone asking every second would have asked 4 more times
    assert len(polls) <= 2, polls
    assert set(polls) == {"wait=20"}
    asked_before = len(polls)
    db = connect(shared_server.database)
    add_round(db, game, {sides[0]: {"meld_points": 50}})
    db.close()
    confirm = cat.locator("button", has_text="Confirm round 1")
    expect(confirm).to_be_visible(timeout=wifi.LIVE)
    assert len(polls) <= asked_before + 1  # the round came in the waiting poll's answer


def test_news_heard_while_a_download_starts_is_shown_once_the_page_stays(browser, shared_server):
    """Following a link tells the page it is leaving, and news a poll hears meanwhile
    is left to the next page; a link that only downloads leaves the page where it was,
    and the round saved meanwhile reaches it all the same, a few seconds later."""
    made = {"variant": "weeping", "sides": ["Us", "Them"]}
    game = shared_server.json("POST", "/api/games", made)[1]["id"]
    context = browser.new_context(viewport={"width": 360, "height": 740}, accept_downloads=True)
    try:
        page = context.new_page()
        page.goto(f"{shared_server.url}/games/{game}")
        points = page.locator('.points[data-side="Us"]').first
        expect(points).to_have_text("0")
        with page.expect_download():
            page.click("a:has-text('Export')")
        shared_server.json("POST", f"/api/games/{game}/rounds", {"Us": {"meld_points": 120}})
        expect(points).to_have_text("120", timeout=25_000)
    finally:
        context.close()
