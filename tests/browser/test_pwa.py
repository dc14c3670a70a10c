"""The service worker in a real browser (Debian's chromium, Playwright): registered
on http://127.0.0.1 (a secure context), keeping pages available offline, and absent
on a plain-http LAN-style address, where nothing breaks."""

import pytest

from tests.browser.waits import WAIT, until
from tests.conftest import CHROMIUM, CHROMIUM_ARGS

# Asked of the page by Playwright's own evaluate: a wait_for_function's predicate is
# compiled in the page, which its Content-Security-Policy (no unsafe-eval) refuses.
CONTROLLED = "navigator.serviceWorker.controller !== null"


@pytest.fixture
def context(browser):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    yield context
    context.close()


def watch_errors(page):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def test_the_worker_is_registered_on_localhost_and_keeps_pages_offline(context, live_server):
    page = context.new_page()
    page.set_default_timeout(WAIT)
    errors = watch_errors(page)
    page.goto(live_server.url + "/rules")
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == live_server.url + "/"
    page.reload()  # now controlled by the worker: the page goes through it and is cached
    until(page, lambda: page.evaluate(CONTROLLED), "the worker to control the page")
    page.goto(live_server.url + "/rules/weeping")
    assert errors == []

    context.set_offline(True)
    page.reload()
    assert "Weeping Canasta" in page.inner_text("h1")  # the cached page
    page.goto(live_server.url + "/players")  # never visited: the offline page
    assert "cannot reach the scorekeeper right now" in page.inner_text("main")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != ""
    context.set_offline(False)


def test_no_worker_on_a_plain_http_address_and_nothing_breaks(browser, live_server):
    """A separate chromium that maps scorekeeper.test to 127.0.0.1: http://scorekeeper.test
    is not a secure context, as a LAN address would not be."""
    port = live_server.url.rsplit(":", 1)[1]
    rules = "--host-resolver-rules=MAP scorekeeper.test 127.0.0.1"
    mapped = browser.browser_type.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, rules])
    try:
        page = mapped.new_page(viewport={"width": 360, "height": 740})
        errors = watch_errors(page)
        page.goto(f"http://scorekeeper.test:{port}/rules")
        page.wait_for_load_state("load")
        assert page.evaluate("window.isSecureContext") is False
        assert page.evaluate("'serviceWorker' in navigator") is False
        assert "The rules we score by" in page.inner_text("h1")
        assert page.evaluate("document.documentElement.classList.contains('js')")
        # chromium notes that security.py's Cross-Origin-Opener-Policy header means nothing
        # on an untrustworthy origin: true on any plain-http LAN address, and harmless.
        assert [e for e in errors if "Cross-Origin-Opener-Policy" not in e] == []
    finally:
        mapped.close()


def test_the_worker_never_keeps_a_private_page_for_offline(context, live_server):
    """Found by an outside attack: the scorer's scoreboard (with the table's join
    code) and a phone's own page were served offline after the cookies were cleared."""
    _, created = live_server.json("POST", "/api/games", {"variant": "classic",
                                                         "sides": ["Ann", "Cat"]})  # fmt: skip
    game = created["id"]
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.goto(live_server.url + "/rules")
    page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    page.reload()
    until(page, lambda: page.evaluate(CONTROLLED), "the worker to control the page")
    page.goto(f"{live_server.url}/games/{game}")  # the scorer's: it shows the join code
    assert page.locator("strong.code").count() == 1
    page.goto(live_server.url + "/rules/classic")  # a public page: kept
    context.clear_cookies()
    context.set_offline(True)
    try:
        page.goto(f"{live_server.url}/games/{game}")
        assert page.locator("strong.code").count() == 0
        assert "cannot reach the scorekeeper right now" in page.inner_text("main")
        page.goto(live_server.url + "/rules/classic")
        assert "Church Dyke" in page.inner_text("h1")  # what is public still works offline
    finally:
        context.set_offline(False)
