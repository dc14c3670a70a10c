"""Parts of a page rendered once and kept, keyed by everything they show.

Most of an uncached round page's rendering is its side blocks: some twenty
inputs a side, with labels, steppers and the card counter. A block is the same
for every game of a kind (variant, sides, house rules, players, language) as
long as its fields hold the same things (only pages the app fills in are kept,
never a posted form with what someone typed). Most of an uncached scoreboard's is the
rounds' details (each side's score lines), and a save changes none of the earlier
ones. So each is kept under a digest of exactly what it shows:
``{% cache key %}...{% endcache %}`` in a template keeps what it encloses
under ``key`` (the Jinja documentation's fragment cache, without expiry: a key
names everything the part shows, so a changed input makes a new key); a key of
None renders it as usual.
"""

from __future__ import annotations

from typing import Any

from flask import request
from jinja2 import nodes
from jinja2.ext import Extension
from jinja2.parser import Parser
from markupsafe import Markup

from .lru import LRU
from .page_cache import page_key

SHORT = 24  # characters: more than any count, score or list of ticked players
FRAGMENTS: LRU[str, Markup] = LRU(8192)  # side blocks (~6 KB), rounds' details (~1.5 KB)


class FragmentCache(Extension):
    """``{% cache key %}...{% endcache %}``: the enclosed part, kept under ``key``."""

    tags = {"cache"}

    def parse(self, parser: Parser) -> nodes.Node:
        lineno = next(parser.stream).lineno
        key = parser.parse_expression()
        body = parser.parse_statements(("name:endcache",), drop_needle=True)
        call = self.call_method("_kept", [key])
        return nodes.CallBlock(call, [], [], body).set_lineno(lineno)

    def _kept(self, key: str | None, caller: Any) -> Markup:
        if key is None:
            return Markup(caller())
        found = FRAGMENTS.get(key)
        if found is None:
            found = Markup(caller())
            FRAGMENTS.put(key, found)
        return found


def side_key(
    form: Any,
    s: int,
    sides: list[str],
    variant: Any,
    rules: Any,
    layout: dict[str, Any],
    members: dict[str, list[str]],
    preview: Any,
) -> str | None:
    """The key of side ``s``'s block of the round form (``_side_entry.html``): what
    its fields hold, and the kind of game. None (rendered for this reader alone) for
    a posted form, which shows what was typed and its problems, with a preview (its
    scores are in the block), and for a field holding more than a number would: only
    what the app itself fills in (a blank round, a stored round, the phones' parts)
    is kept."""
    if preview or request.method != "GET":
        return None
    prefix = f"s{s}_"
    fields = []
    for f in form:
        if f.name.startswith(prefix):
            if f.errors or len(str(f.data)) > SHORT:
                return None
            fields.append((f.name, f.data, getattr(f, "raw_data", None)))
    shown = {k: v for k, v in layout.items() if k != "before"}  # not shown in a block
    return page_key("side entry", s, sides, variant.id, dict(rules), shown, members, fields)


def round_key(game: Any, r: dict[str, Any], sides: list[str], editable: bool) -> str:
    """The key of one round's details on the scoreboard (``_board.html``): the round's
    scores and lines, who dealt, and whether its correct and delete links show. A
    save leaves every earlier round's details as they were."""
    where = (request.script_root, game["id"], sides, editable)
    kept = [str(problem) for problem in r.get("kept", ())]
    shown = (r["number"], r["label"], r["turn"].dealer, r["scores"], r["breakdown"], kept)
    return page_key("round details", where, shown)


def standings_key(
    event: dict[str, Any], lines: list[Any], entries: list[dict[str, Any]], links: dict[str, int]
) -> str:
    """The key of a column of an event's standings (``_event_standings.html``): its
    lines' places and figures, their entries as shown and how the event counts. Most
    saves finish no game and change no line: the desk and every big screen then show
    the column kept, where rendering the standings of 300 tables took most of their
    pages' time."""
    places = [(line.place, *line_figures(line)) for line in lines]
    shown = [entries[line.entry] for line in lines]
    people = {p: links.get(p) for entry in shown for p in entry["players"]}
    return page_key("event standings", counted(event, links), places, shown, people)


def counted(event: dict[str, Any], links: dict[str, int]) -> tuple[Any, ...]:
    """What every part of the standings shows the same way for the whole event: where
    the app is served, whether any player has a link (none at all: team names stand
    alone), and how the event counts."""
    return (
        request.script_root,
        bool(links),
        event["scale"],
        event["handicap"],
        event["carry_from"],
    )


def line_figures(line: Any) -> tuple[Any, ...]:
    """What a line of the standings shows of its entry but its place."""
    return (
        line.entry,
        getattr(line, "carried", None),
        line.raw,
        line.penalty,
        line.handicap,
        line.points,
        line.victory_points,
        line.played,
        line.byes,
        line.match_points,
    )


def standings_flags(event: dict[str, Any], lines: list[Any]) -> tuple[bool, bool]:
    """The columns a column of standings shows besides the points: penalties (a line
    in it has one), and the raw and net points (penalties or a handicap)."""
    with_penalty = any(line.penalty for line in lines)
    return with_penalty, bool(with_penalty or event["handicap"])


def standings_line_key(
    event: dict[str, Any],
    line: Any,
    entries: list[dict[str, Any]],
    links: dict[str, int],
    flags: tuple[bool, bool],
) -> str:
    """The key of an entry's line in the standings, all but its place: its figures,
    the entry as shown (names, players and their links, who sat in, a late start, a
    withdrawal), the columns shown and how the event counts. When a game ends, the
    lines between its entries' old and new places move down or up one place: each is
    the line kept, in its new place, and only the two entries' own lines are rendered."""
    entry = entries[line.entry]
    people = {p: links.get(p) for p in entry["players"]}
    shown = (line_figures(line), entry, people, flags)
    return page_key("standings line", counted(event, links), shown)


def desk_row_key(event: dict[str, Any], table: dict[str, Any], director: bool) -> str:
    """The key of a table's line on the event's desk (``event.html``): the table as the
    desk reads it (its state, rounds, totals, who checked in) and whether the reader
    directs the event. A save changes its own table's line alone."""
    where = (request.script_root, event["id"], event["turn"], director)
    return page_key("desk row", where, table)


def init_app(app: Any) -> None:
    app.jinja_env.add_extension(FragmentCache)
    app.add_template_global(side_key)
    app.add_template_global(round_key)
    app.add_template_global(standings_key)
    app.add_template_global(standings_flags)
    app.add_template_global(standings_line_key)
    app.add_template_global(desk_row_key)
