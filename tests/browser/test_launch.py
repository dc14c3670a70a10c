"""The browser the tests drive: Playwright's own launch settings kept, and none of
Chromium's pages of its own (the omnibox pop-ups) loaded beside the test's pages."""

import sys
from pathlib import Path

import pytest

from tests.conftest import UNSEEN_BROWSER_UI


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads Linux's /proc")
def test_the_features_playwright_disables_stay_disabled(browser):
    """Chromium takes the last --disable-features alone, so ours must hold Playwright's:
    a Playwright that disables more fails here until the list in conftest follows. The
    switches are read from the browser process's own command line."""
    launched = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            arguments = cmdline.read_bytes().decode(errors="replace").split("\0")
        except OSError:  # a process that ended meanwhile
            continue
        if any(a.startswith("--type=") for a in arguments):
            continue  # one of a browser's helpers, not the browser
        lists = [
            a.split("=", 1)[1].split(",") for a in arguments if a.startswith("--disable-features=")
        ]
        if lists and set(UNSEEN_BROWSER_UI) <= set(lists[-1]):
            launched.append(lists)
    assert launched, "no browser launched with the tests' switches"
    for lists in launched:
        assert len(lists) == 2, lists  # Playwright's and ours
        playwrights, ours = lists
        missing = sorted(set(playwrights) - set(ours))
        assert not missing, f"Playwright disables {missing} too: add them to PLAYWRIGHT_DISABLES"


def test_a_page_opens_no_page_of_the_browsers_own(browser):
    context = browser.new_context()
    page = context.new_page()
    page.set_content("<p>a page</p>")
    context.new_page().set_content("<p>another</p>")
    # this context's own targets: the browser is shared, and a service worker an earlier
    # test's pages started can still be winding down in a context of its own
    own = context.new_cdp_session(page).send("Target.getTargetInfo")["targetInfo"]
    cdp = browser.new_browser_cdp_session()
    targets = cdp.send("Target.getTargets")["targetInfos"]
    context.close()
    ours = [t for t in targets if t.get("browserContextId") == own["browserContextId"]]
    assert len([t for t in ours if t["type"] == "page"]) == 2
    assert [t["url"] for t in ours if t["type"] != "page"] == []
