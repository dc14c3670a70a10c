"""The browser tests' phone: a page at phone size (360x740, touch) on a live server,
its script errors collected in ``page.problems``."""

import pytest
from playwright.sync_api import expect

from tests.browser.waits import SEEN, WAIT
from tests.conftest import server_for

from .test_flow_browser import PHONE
from .test_round_screen import phone_context


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A browser test that fails says what each of its open pages showed then (its
    address and the start of its text): a failure seen once on a loaded CI machine is
    read from the report, where a screenshot would be lost with the machine."""
    report = yield
    browser = item.funcargs.get("browser") if hasattr(item, "funcargs") else None
    if report.failed and call.when == "call" and browser is not None:
        shown = []
        for context in browser.contexts:
            for page in context.pages:
                try:
                    text = page.inner_text("body", timeout=2000)
                except Exception as error:  # a page gone or hung says so instead
                    text = f"(its text could not be read: {error})"
                shown.append(f"{page.url}\n{text[:1500]}")
        if shown:
            report.sections.append(("the pages open at the failure", "\n\n".join(shown)))
    return report


@pytest.fixture(scope="session", autouse=True)
def patient_expectations():
    """Every ``expect`` waits up to ``SEEN`` for the page to show what it expects
    (Playwright's own 5 s is short on a loaded machine)."""
    expect.set_options(timeout=SEEN)


@pytest.fixture
def phone(browser, request):
    """The phone opens the test's own server when the test asks for ``live_server``
    (it reads or changes the database, or stops the server); otherwise the process's
    shared server, where the test makes its own games and reads only their pages."""
    server = server_for(request)
    context = phone_context(browser)
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.base = server.url
    page.problems = []
    page.on("pageerror", lambda error: page.problems.append(str(error)))
    yield page
    context.close()


@pytest.fixture
def contexts(browser):
    """Phones of their own for a test that needs several (a club night's director and
    tables): ``contexts()`` opens one more, at phone size unless told otherwise (a
    projector's ``viewport``), its script errors collected in ``page.problems``; all
    are closed after the test."""
    made = []

    def open_page(**options):
        made.append(browser.new_context(**{**PHONE, **options}))
        page = made[-1].new_page()
        page.set_default_timeout(WAIT)
        page.problems = []
        page.on("pageerror", lambda error: page.problems.append(str(error)))
        return page

    yield open_page
    for context in made:
        context.close()
