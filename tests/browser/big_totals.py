"""Games with five-digit totals and a measure of the numbers on a page, for the
browser tests of numbers that never break (test_numbers, test_large_text).

Each variant gets a game resumed from paper (the contract's ``start``) whose running
totals reach 99,995 for the first side and -99,995 for the next, stored through the
data layer with a few generated rounds, and the same game played to its end. Each
page is then measured in the page itself: the page is no wider than the screen, and
every grouped or signed number is on one line (its text's client rects all share one
line) and inside every box that clips it (``overflow: hidden`` or an SVG); and, with
every fold open and at 200% zoom too, every label whole (``LABELS``).
"""

import random

from playwright.sync_api import expect

from scorekeeper.data.connection import connect
from scorekeeper.data.games.evenings import create_evening
from scorekeeper.data.games.games import create_game
from scorekeeper.data.games.rounds import add_round
from scorekeeper.data.sample import random_round
from scorekeeper.scoring import VARIANTS, score_game
from scorekeeper.scoring.seating import side_names
from tests.browser.waits import SETTLE

FOUR, FIVE = ["Ann", "Cat", "Bea", "Dee"], ["Ann", "Bob", "Cat", "Dan", "Eve"]
SEATS = {v.id: FIVE if v.default_players == 5 else FOUR for v in VARIANTS.values()}
EXTREME = 99_995
PLAYED_ON_PAPER = 10
# German, Spanish and Portuguese group with "."; light and dark each in a "," and a "."
LOCALES = {"en-US": "light", "de": "dark", "es": "light", "pt-BR": "dark"}
SCREENS = [(320, 640), (360, 740), (430, 932), (740, 360)]
# 200% zoom of a 320 and a 360 px phone: half as many CSS pixels, text as it is
ZOOMED = [(160, 320), (180, 370)]

# Every grouped number ("99,995", "-99.995", "+1,370"), signed number ("-850") and
# number of four digits or more, not inside a word, an address or a date.
MEASURE = r"""width => {
  const number = /(?<![\w.,\/:])(?:[+\-\u2212]?\d{1,3}(?:[.,\u00a0\u202f]\d{3})+|[+\-\u2212]\d+|\d{4,})(?![\w\/:]|[.,]\d)/g;
  const found = [];
  const page = document.scrollingElement.scrollWidth;
  if (page > width) found.push(`the page is ${page} px wide on a ${width} px screen`);
  const styles = new Map();
  const style = el => styles.get(el) || styles.set(el, getComputedStyle(el)).get(el);
  const hiddenOf = new Map(), edges = new Map();
  const hidden = el => {
    if (!el) return false;
    if (!hiddenOf.has(el)) {
      const s = style(el);
      hiddenOf.set(el, s.clip !== 'auto' || s.clipPath !== 'none'
                       || el.matches('select, script, style, title') || hidden(el.parentElement));
    }
    return hiddenOf.get(el);
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode());) {
    for (const match of node.data.matchAll(number)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const rects = [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0);
      if (!rects.length || hidden(node.parentElement)) continue;
      const where = `"${match[0]}" in <${node.parentElement.tagName.toLowerCase()} class="${node.parentElement.getAttribute('class') || ''}">`;
      if (new Set(rects.map(r => Math.round(r.top))).size > 1) found.push(`${where} is broken over ${rects.length} lines`);
      const box = rects.reduce((a, r) => ({left: Math.min(a.left, r.left), right: Math.max(a.right, r.right)}),
                               {left: Infinity, right: -Infinity});
      let scrolls = false;
      for (let el = node.parentElement; el && el !== document.body; el = el.parentElement) {
        const s = style(el);
        if (['auto', 'scroll'].includes(s.overflowX)) { scrolls = true; break; }
        if (['hidden', 'clip'].includes(s.overflowX) || el instanceof SVGSVGElement) {
          const edge = edges.get(el) || edges.set(el, el.getBoundingClientRect()).get(el);
          if (box.left < edge.left - 0.5 || box.right > edge.right + 0.5) { found.push(`${where} is cut by <${el.tagName.toLowerCase()} class="${el.getAttribute('class') || ''}">`); break; }
        }
      }
      if (!scrolls && (box.left < -0.5 || box.right > width + 0.5)) found.push(`${where} runs off the screen (${Math.round(box.left)}-${Math.round(box.right)} px)`);
    }
  }
  return found;
}"""


# Every label whole: each word of a label (label, legend, summary, button, table
# heading, chip) on one line unless it is wider than the line it lives on (then the
# language hyphenates it: lang on <html>, hyphens: auto), no label cut ("…" or a box
# that clips it), no label's text under a control beside it (bars stuck to the screen
# aside: the page scrolls under them), and no English words for a table to swipe on a
# translated page. A word is letters, digits and its punctuation: a hyphen is a place
# to break.
LABELS = r"""() => {
  const found = [];
  const styles = new Map();
  const style = el => styles.get(el) || styles.set(el, getComputedStyle(el)).get(el);
  const shown = el => { for (let e = el; e; e = e.parentElement) {
    const s = style(e);
    if (s.clip !== 'auto' || s.clipPath !== 'none' || s.display === 'none' || s.visibility === 'hidden') return false;
    if (e.tagName === 'DETAILS' && !e.open && e !== el.closest('summary')?.parentElement) return false;
  } return true; };
  const name = el => `<${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? ` class="${el.className}"` : ''}> "${el.textContent.trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
  const lines = rects => new Set(rects.map(r => Math.round(r.top + r.height / 2))).size;
  const rectsOf = range => [...range.getClientRects()].filter(r => r.width > 0.5 && r.height > 0.5);
  const room = el => { for (let e = el.parentElement; e; e = e.parentElement) {
    const s = style(e);
    if (['block', 'flow-root', 'list-item'].includes(s.display)) {
      return e.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
    }
  } return innerWidth; };
  const labels = [...document.querySelectorAll(
    'label, legend, summary, button, a.button, a.chip, th, dt, .chip > span, .side-mark + *')]
    .filter(el => el.getClientRects().length && shown(el) && el.textContent.trim());
  const texts = new Map();
  for (const el of labels) {
    const words = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node; (node = walker.nextNode());) {
      if (node.parentElement.closest('output, .num, select, option, .visually-hidden')) continue;
      for (const m of node.data.matchAll(/[\p{L}\p{N}\u00ad'’.:?!()]+/gu)) {
        range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
        const rects = rectsOf(range);
        if (rects.length) words.push([m[0], rects]);
      }
    }
    texts.set(el, words.flatMap(w => w[1]));
    const space = room(el);
    for (const [word, rects] of words) {
      if (lines(rects) < 2) continue;
      const width = rects.reduce((a, r) => a + r.width, 0);
      if (width > space + 0.5) continue; // wider than its whole line: hyphenated by the language
      found.push(`${name(el)}: "${word}" broken over ${lines(rects)} lines in a box ${Math.round(el.getBoundingClientRect().width)} px wide`);
    }
    const s = style(el);
    if (['hidden', 'clip'].includes(s.overflowX) && el.scrollWidth > el.clientWidth + 1) {
      found.push(`${name(el)} is cut (${el.scrollWidth} px of text in ${el.clientWidth} px)`);
    }
  }
  const stuckOf = new Map();
  const stuck = el => {
    if (!el) return false;
    if (!stuckOf.has(el)) stuckOf.set(el, ['sticky', 'fixed'].includes(style(el).position) || stuck(el.parentElement));
    return stuckOf.get(el);
  };
  const controls = [...document.querySelectorAll('input:not([type=hidden]), select, textarea, button, a.button')]
    .filter(el => el.getClientRects().length && shown(el) && !stuck(el))
    .map(el => [el, el.getBoundingClientRect()]);
  const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  for (const [el, rects] of texts) {
    if (stuck(el)) continue;
    for (const [c, box] of controls) {
      if (c === el || c.contains(el) || el.contains(c)) continue;
      if (rects.some(r => meet(r, box))) { found.push(`${name(el)} is under ${name(c)}`); break; }
    }
  }
  if (document.documentElement.lang !== 'en') {
    for (const box of document.querySelectorAll('.rounds, .table-scroll')) {
      box.classList.add('overflowing');
      const words = getComputedStyle(box, '::after').content;
      box.classList.remove('overflowing');
      if (/swipe/.test(words)) { found.push(`${words} on a page in ${document.documentElement.lang}`); break; }
    }
  }
  return found;
}"""


def generated_rounds(variant, sides, players):
    """A few generated rounds in which the first side's running score peaks at the last."""
    rng = random.Random(23)
    end = next(o.key for o in variant.options if o.key in ("target", "rounds"))
    head = {"variant": variant.id, "sides": sides, "players": players, "options": {end: 100_000}}
    while True:
        rounds = [random_round(variant, sides, players, rng) for _ in range(6)]
        scores = [r["scores"] for r in score_game({**head, "rounds": rounds})["rounds"]]
        running = [sum(s[sides[0]] for s in scores[: n + 1]) for n in range(len(scores))]
        last = running.index(max(running))
        if last >= 2 and running[last] > 0:
            return rounds[: last + 1], scores[: last + 1]


def store_games(database, variant_id):
    """One evening of two games of ``variant_id`` whose totals reach +-99,995: one
    going on (its end set past them), one over; their ids and the evening's."""
    variant = VARIANTS[variant_id]
    seats = SEATS[variant_id]
    sides = side_names(variant, seats)
    rounds, scores = generated_rounds(variant, sides, len(seats))
    start = {}
    for i, side in enumerate(sides):  # alternately up to 99,995 and down to -99,995
        running = [0] + [sum(s[side] for s in scores[: n + 1]) for n in range(len(scores))]
        start[side] = EXTREME - max(running) if i % 2 == 0 else -EXTREME - min(running)
    end = next(o.key for o in variant.options if o.key in ("target", "rounds"))
    db = connect(database)
    try:
        evening = create_evening(db, "2026-11-20")
        ids = []
        for over in (False, True):
            reach = (EXTREME if over else 100_000) if end == "target" else None
            last = PLAYED_ON_PAPER + len(rounds) + (0 if over else 50)
            game = create_game(
                db, evening_id=evening, variant=variant_id, sides=sides, players=len(seats),
                options={end: reach or last}, seats=seats,
                start={"totals": start, "rounds": PLAYED_ON_PAPER},
            )  # fmt: skip
            for entries in rounds:
                add_round(db, game, entries)
            ids.append(game)
        watch = db.execute("SELECT watch_token FROM games WHERE id = ?", [ids[0]]).fetchone()[0]
        player = db.execute("SELECT id FROM players WHERE name = ?", [seats[0]]).fetchone()[0]
    finally:
        db.close()
    going, over = ids
    return [
        f"/games/{going}",
        f"/games/{going}/rounds/new",
        f"/games/{going}/rounds/2/edit",
        f"/games/{going}/history",
        f"/games/{going}/what-if",
        f"/games/{going}/print",
        f"/games/{going}/rounds/2/print",
        f"/games/{over}",
        f"/games/{over}/print",
        f"/watch/{watch}",
        f"/evenings/{evening}",
        f"/evenings/{evening}/print",
        "/evenings",
        "/players",
        f"/players/{player}",
    ]


def type_a_round(page):
    """The round screen with a round typed: each side's score and new total shown."""
    page.wait_for_selector("button.quick")  # app.js has run
    page.fill("#s0_hand_points", "850")
    page.fill("#s1_meld_points", "120")
    expect(page.locator("output[data-after]").first).to_contain_text("=")


# Every text size at one screen size in one call: the root font-size set, the page
# settled, the numbers measured (when asked: not at 200% zoom, whose numbers are
# not measured), then every fold opened, the labels measured, and the folds closed
# again.
EVERY_TEXT_SIZE = (
    """async ({width, sizes, numbers}) => {
  const measure = """
    + MEASURE
    + """;
  const frames = """
    + SETTLE
    + """;
  const labels = """
    + LABELS
    + """;
  const found = [];
  const closed = [...document.querySelectorAll('details:not([open])')];
  for (const size of sizes) {
    document.documentElement.style.fontSize = size;
    await frames();
    if (numbers) for (const problem of measure(width)) found.push([size, problem]);
    for (const fold of closed) fold.open = true;
    await frames();
    for (const problem of labels()) found.push([size, problem]);
    for (const fold of closed) fold.open = false;
  }
  document.documentElement.style.fontSize = '';
  return found;
}"""
)


# Every screen a page is measured on: the phones (numbers and labels, at ordinary and
# 200% text) and 200% zoom of the narrowest (labels only: numbers: False).
EVERY_SCREEN = [(w, h, True) for w, h in SCREENS] + [(w, h, False) for w, h in ZOOMED]


def screens_by_locale(variant_id):
    """The screens a variant's pages are measured on in each language: a pairwise
    cover, not every combination. A page's layout turns on its variant's fields, the
    language's words and grouping, and the screen, and what breaks it is where two of
    them meet (a long German label in a five-person grid, a grouped number on the
    narrowest screen), so every pair of variant and language, variant and screen, and
    language and screen is measured at least once: screen ``s`` of variant ``v`` in
    language ``(s + v) % 4``. That is 30 measures of each page where every combination
    would be 120.

    >>> [len(screens) for screens in screens_by_locale("classic").values()]
    [2, 2, 1, 1]
    """
    v = list(SEATS).index(variant_id)
    locales = list(LOCALES)
    chosen = {locale: [] for locale in locales[v % 4 :] + locales[: v % 4]}
    for s, screen in enumerate(EVERY_SCREEN):
        chosen[locales[(s + v) % len(locales)]].append(screen)
    return chosen


def problems_on(page, path, screens=EVERY_SCREEN):
    """The page at ``path`` on each of ``screens``, at both text sizes where its
    numbers are measured (200% zoom: as it is): one resize of the page per screen,
    every text size measured in one call."""
    root = page.evaluate("getComputedStyle(document.documentElement).fontSize")
    sizes = [root, f"{2 * float(root[:-2])}px"]
    found = []
    for width, height, numbers in screens:
        shown = sizes if numbers else [root]
        page.set_viewport_size({"width": width, "height": height})
        asked = {"width": width, "sizes": shown, "numbers": numbers}
        zoom = "" if numbers else " (200% zoom)"
        for text, problem in page.evaluate(EVERY_TEXT_SIZE, asked):
            found.append(f"{path} at {width}x{height}{zoom}, text {text}: {problem}")
    return found
