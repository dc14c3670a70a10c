"""How long a browser test waits before it fails: for a page to load, a click's
navigation to end, or a change to show. A bound, not a speed: each wait ends as soon
as what it waits for happens, and a loaded CI machine is several times slower than a
developer's."""

WAIT = 60_000  # ms: a page, a click's navigation, an element to act on
SEEN = 20_000  # ms: what an ``expect`` waits for a page to show it
