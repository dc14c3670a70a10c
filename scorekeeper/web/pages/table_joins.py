"""How many phones may join a table, and how fast: wrong join codes limited per
browser (and, higher, per address: a club's phones share one behind its router),
joins and seat requests limited per table, and a table's phones bounded; each
refusal a page that says why and for how long."""

from __future__ import annotations

from flask import redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...data.connection import get_db
from ...data.events import desk as event_desk, events
from ...data.table import seats, table as phones
from ..http import security
from ..http.i18n import _, ngettext

Refusal = tuple[str, int, dict[str, str]]


def waiting_page(message: str, wait: int) -> Refusal:
    page = render_template("error.html", title=_("Wait a moment"), message=message)
    return page, 429, {"Retry-After": str(wait)}


def too_many_wrong_codes() -> Refusal | None:
    """The page of a browser (or an address) held back after wrong join codes."""
    mine, address = security.wrong_code_keys()
    wait = max(security.throttle().wait(mine), security.wrong_codes_throttle().wait(address))
    if not wait:
        return None
    message = ngettext(
        "Too many wrong join codes from this phone: wait %(num)s second.",
        "Too many wrong join codes from this phone: wait %(num)s seconds.",
        wait,
    )
    return waiting_page(message, wait)


def wrong_code() -> None:
    mine, address = security.wrong_code_keys()
    security.throttle().failed(mine)
    security.wrong_codes_throttle().failed(address)


def table_busy(game_id: int) -> Refusal | None:
    """The page of a table that has had as many joins this minute as it may."""
    wait = security.joins_throttle().wait([("table", str(game_id))])
    if not wait:
        return None
    return waiting_page(
        _("Many phones joined this table just now: wait %(n)s seconds.", n=wait), wait
    )


def counted(game_id: int) -> None:
    security.joins_throttle().failed([("table", str(game_id))])


def asked_by() -> str:
    """What the asking phone says it is (its browser's description), as the scorer
    sees it: printable ASCII, at most 80 characters."""
    text = request.headers.get("User-Agent", "")
    return "".join(c for c in text if " " <= c <= "~")[:80]


def full() -> tuple[str, int]:
    message = _(
        "This table has %(n)s phones already: the scorer can remove one on the scoreboard.",
        n=phones.PHONES_AT_A_TABLE,
    )
    return render_template("error.html", title=_("Table full"), message=message), 409


def too_many_asking(who: str) -> tuple[str, int]:
    message = _(
        "%(n)s phones are waiting for the scorer's word on %(who)s's seat already.",
        n=seats.ASKING_AT_ONCE,
        who=who,
    )
    return render_template("error.html", title=_("Wait a moment"), message=message), 429


def joined(
    game_id: int, who: str, side: int | None, taken: phones.Phone | None
) -> Response | tuple[str, int]:
    """A new phone at the table, or one asking the scorer for a taken seat."""
    try:
        if taken is None:
            token = phones.join(get_db(), game_id, who, side)
            checks_in(game_id, who)
        else:  # asked: the scorer hands the seat over, or not
            token = seats.ask(get_db(), taken, asked_by())
    except phones.TableFull:
        return full()
    except seats.TooManyAsking:
        return too_many_asking(who)
    return redirect(url_for("table.phone", token=token))


def checks_in(game_id: int, who: str) -> None:
    """A phone that joins a club night's table as one of its players checks that
    player in: a tester who joined as Ann had to tap Ann a second time before the desk
    saw her. A watcher, or a name not seated at the table, checks nobody in."""
    if events.event_of_game(get_db(), game_id) is None:
        return
    try:
        event_desk.check_in(get_db(), game_id, who)
    except events.EventProblem:
        pass  # not one of the table's players: the check-in buttons are for them
