"""The published website read as a club member reads it from a USB stick: every
page opened from file:// in chromium at phone size with the network cut off (any
request but a file's is aborted), its style sheet found beside it, and axe-core
(shipped inside axe-playwright-python) finding no accessibility violation."""

from axe_playwright_python.sync_playwright import Axe

from scorekeeper.data.connection import connect
from scorekeeper.data.events import publishing
from scorekeeper.data.sample import fill_events
from tests.browser.test_flow_browser import PHONE
from tests.server.published_club import generated_club, published_site


def test_every_published_page_passes_axe_from_files_with_the_network_cut_off(browser, tmp_path):
    database, _ = generated_club(tmp_path)
    site = published_site(tmp_path, database)
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 40
    assert len([p for p in pages if p.parent.name == "series"]) == 2 * 4  # two series, 4 languages
    context = browser.new_context(**PHONE)
    asked_outside: list[str] = []

    def files_only(route):
        if route.request.url.startswith("file:"):
            route.continue_()
        else:
            asked_outside.append(route.request.url)
            route.abort()

    context.route("**", files_only)
    page = context.new_page()
    axe = Axe()
    found = {}
    for path in pages:
        page.goto(path.as_uri())
        shown = page.evaluate("() => getComputedStyle(document.querySelector('.top')).display")
        assert shown == "flex", path  # the copied style sheet, found by its relative link
        # every page in the light scheme, the English ones in the dark scheme too
        for scheme in ("light", "dark") if "/en/" in path.as_uri() else ("light",):
            page.emulate_media(color_scheme=scheme)
            results = axe.run(page)
            if results.violations_count:
                found[f"{path.relative_to(site)} ({scheme})"] = results.generate_report()
    context.close()
    assert not asked_outside
    assert not found, "\n".join(f"{where}:\n{report}" for where, report in found.items())


def test_the_public_link_passes_axe_in_each_language(browser, live_server):
    db = connect(live_server.database)
    try:
        fill_events(db, 2, seed=2)
        uid = publishing.published_events(db)[0]["uid"]
    finally:
        db.close()
    context = browser.new_context(**PHONE)
    page = context.new_page()
    axe = Axe()
    found = {}
    for code in ("en", "de", "es", "pt_BR"):
        context.add_cookies([{"name": "lang", "value": code, "url": live_server.url}])
        assert page.goto(f"{live_server.url}/results/{uid}").status == 200
        assert page.locator("html").get_attribute("lang") == code.replace("_", "-")
        assert page.locator("form, script").count() == 0  # nothing a reader can change
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            results = axe.run(page)
            if results.violations_count:
                found[f"{code} ({scheme})"] = results.generate_report()
    context.close()
    assert not found, "\n".join(f"{where}:\n{report}" for where, report in found.items())
