"""The browser tests' phone: a page at phone size (360x740, touch) on the live server,
its script errors collected in ``page.problems``."""

import pytest

from .test_round_screen import phone_context


@pytest.fixture
def phone(browser, live_server):
    context = phone_context(browser)
    page = context.new_page()
    page.set_default_timeout(15000)
    page.base = live_server.url
    page.problems = []
    page.on("pageerror", lambda error: page.problems.append(str(error)))
    yield page
    context.close()
