"""How long a browser test waits before it fails: for a page to load, a click's
navigation to end, or a change to show. A bound, not a speed: each wait ends as soon
as what it waits for happens, and a loaded CI machine is several times slower than a
developer's."""

import time

WAIT = 60_000  # ms: a page, a click's navigation, an element to act on
SEEN = 20_000  # ms: what an ``expect`` waits for a page to show it

# Frames enough for a page's own answer to a change of size (a viewport resized, the
# root font-size changed): a ResizeObserver hears of it in the next frame, and the
# round screen fits its bars in the frame after. Counted in frames, not time.
SETTLE = """() => new Promise(done => {
  let left = 4;
  const next = () => (--left ? requestAnimationFrame(next) : done());
  requestAnimationFrame(next);
})"""


def until(page, done, what="it"):
    """Wait for ``done()`` to be true, as a page's own polls make it (counted by a test's
    route or listener), for at most SEEN: a bound, not a speed. Also for what a page
    is asked by ``page.evaluate``: Playwright's ``wait_for_function`` compiles its
    predicate in the page, which the app's Content-Security-Policy (no unsafe-eval)
    refuses as soon as the first look finds it false."""
    deadline = time.monotonic() + SEEN / 1000
    while not done():
        assert time.monotonic() < deadline, f"waited {SEEN / 1000:.0f} s for {what}"
        page.wait_for_timeout(100)
