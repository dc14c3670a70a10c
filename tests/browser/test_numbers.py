"""Numbers that never break: five-digit totals, up to 99,995 and
down to -99,995, on every page a scorer or a phone sees, at 320, 360 and 430 px wide,
on a phone on its side (740x360), at 200% text, in every language, light and dark.

The games and the measure are in big_totals.py: a game of each variant resumed from
paper with totals at +-99,995 and a few rounds, going on and over; on each page, the
page no wider than the screen, every grouped or signed number on one line and inside
every box that clips it. Each variant's pages are measured on each screen in one
language, so that every variant meets every language and every screen, and every
language every screen (big_totals.screens_by_locale).

200% text is the root font-size doubled (the app's own 17 px made 34 px: what a phone's
"largest text" does to a page that sizes its text in rem), not a zoom, which would
narrow the page instead. Light and dark come from the context's ``color_scheme``:
layout does not depend on it, so each language is looked at in one of the two, each
scheme in a language grouping with "," and one grouping with ".".
"""

import importlib.util
from pathlib import Path

import pytest

from tests.browser.waits import WAIT

spec = importlib.util.spec_from_file_location(
    "big_totals", Path(__file__).with_name("big_totals.py")
)
big = importlib.util.module_from_spec(spec)
spec.loader.exec_module(big)


@pytest.mark.parametrize("variant", list(big.SEATS))
def test_five_digit_totals_never_break_nor_run_off_the_screen(browser, live_server, variant):
    paths = big.store_games(live_server.database, variant)
    found = []
    for locale, screens in big.screens_by_locale(variant).items():
        scheme = big.LOCALES[locale]
        context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True,
                                      is_mobile=True, locale=locale, color_scheme=scheme)  # fmt: skip
        page = context.new_page()
        page.set_default_timeout(WAIT)
        for path in paths:
            page.goto(live_server.url + path)  # its "load" awaited
            if path.endswith("/rounds/new"):
                big.type_a_round(page)
            problems = big.problems_on(page, path, screens)
            found += [f"{locale} ({scheme}) {p}" for p in problems]
        context.close()
    assert not found, "\n".join(found[:40]) + f"\n({len(found)} in all)"
