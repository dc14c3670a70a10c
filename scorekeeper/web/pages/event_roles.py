"""Who runs a club night and who sits at which table: the director's passphrase
typed on another device, the table cards (each with a secret of its own, so a
card opens its table only, for the whole event) and a card replaced; and a
card's link, which lets the browser that opened it score that table's games with
no passphrase to type, and takes it to the table's game of the turn."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, make_response, redirect, render_template, request, url_for
from markupsafe import Markup
from werkzeug.wrappers import Response

from ...data.connection import get_db
from ...data.events import cards as event_cards, events
from ...data.table import table as phones
from ..forms import event_roles
from ..http import hosts, security
from ..http.i18n import _
from . import sharing
from .events import director_post

bp = Blueprint("event_roles", __name__)


@bp.route("/events/<int:event_id>/unlock", methods=["GET", "POST"])
def unlock(event_id: int) -> str | Response | tuple[str, int, dict[str, str]]:
    """The director types the event's passphrase (or the app's) on another device;
    wrong ones are limited as every passphrase is."""
    found = events.event(get_db(), event_id)
    form = event_roles.DirectorUnlockForm()
    wait = 0
    if form.validate_on_submit():
        given, everything = form.passphrase.data, security.app_hash()
        keys = security.try_keys(security.director_key(found), app_wide=bool(everything))
        wait = security.throttle().wait(keys)
        if wait:
            form.passphrase.errors.append(_("Too many wrong tries: wait %(n)s seconds.", n=wait))
        elif security.matches(everything, given):
            security.remember("*", everything)
        elif security.matches(found["passphrase_hash"], given):
            security.remember_director(found)
        else:
            security.throttle().failed(keys)
            form.passphrase.errors.append(_("That is not the director's passphrase."))
        if not form.passphrase.errors:
            return redirect(url_for("events.desk", event_id=event_id))
    page = render_template("event_unlock.html", form=form, event=found)
    if wait:
        return page, 429, {"Retry-After": str(wait)}
    return (page, 400, {}) if request.method == "POST" else page


@bp.route("/events/<int:event_id>/cards")
def cards(event_id: int) -> Response:
    """A card per table to print and stand on it: its number and a QR code that
    opens that table, every turn (the director's only: the link is what lets a
    phone join and score the table's games)."""
    db = get_db()
    found = events.event(db, event_id)
    security.guard_direct(found)
    people = events.entries_of(db, event_id)
    count = events.table_count(found, len(people))
    links = event_cards.card_links(db, event_id, count)
    # a Mitchell re-made for a late pair no longer moves East-West one table a turn
    replanned = any((e["joined_turn"] or 0) > 1 for e in people)
    cards = []
    for number, token in links.items():
        link = hosts.phone_url(".table_link", token=token)
        qr = Markup(sharing.qr_svg(link, scale=12, fit=True))
        moves = movement_words(found, number, count, replanned=replanned)
        cards.append({"number": number, "link": link, "qr": qr, "moves": moves})
    replace = event_roles.ReplaceCardForm()
    page = make_response(
        render_template("event_cards.html", event=found, cards=cards, replace=replace)
    )
    page.headers["Cache-Control"] = sharing.SECRET  # the links are capabilities
    return page


def movement_words(
    found: dict[str, Any], number: int, count: int, *, replanned: bool = False
) -> str:
    """How the movement goes, as table ``number``'s card says it (``replanned``: the
    turns after a late entry were planned afresh)."""
    if found["kept"]:  # tables renumbered for the turns left: the guide cards say
        return _(
            "Some pairs keep a table: the guide cards say where each goes next, and each "
            "player's phone says their next table once the director starts the turn."
        )
    if found["movement"] == "mitchell" and replanned:
        return _(
            "North-South stay at this table. The turns after a late pair joined were "
            "planned afresh: each pair's phone and guide card say its next table."
        )
    if found["movement"] == "mitchell":
        onward = number % count + 1
        # an odd number of pairs: after the last table comes one with no North-South
        # pair, where the East-West pair moving in sits out the turn
        if number == count and found["plan"] and found["plan"][0].byes:
            if found["skip"]:
                return _(
                    "North-South stay at this table. East-West sit out the next turn (a "
                    "bye), then go on to table 1, and skip a table halfway through the "
                    "event."
                )
            return _(
                "North-South stay at this table. East-West sit out the next turn (a bye), "
                "then go on to table 1."
            )
        if found["skip"]:
            return _(
                "North-South stay at this table. East-West go on to table %(n)s after each "
                "turn, and skip a table halfway through the event.",
                n=onward,
            )
        return _(
            "North-South stay at this table. East-West go on to table %(n)s after each turn.",
            n=onward,
        )
    if found["movement"] == "howell":
        return howell_words(number, count, odd=bool(found["plan"] and found["plan"][0].byes))
    if found["movement"] == "swiss":
        return _(
            "After each turn the pairs meet by the standings: each pair's phone says "
            "its next table once the director starts the turn."
        )
    return _(
        "Everyone is seated afresh each turn: each player's phone says their next "
        "table once the director starts the turn."
    )


def howell_words(number: int, count: int, *, odd: bool) -> str:
    """How a Howell moves, as table ``number``'s card (of ``count``) says it: North-South
    up a table and East-West down one, turning round at the ends of the room; the
    last pair stays at the last table (with an odd number of pairs that table is
    empty, and whoever comes to it sits out a turn)."""
    last = count + 1 if odd else count  # the room's last table, played or not
    if number == last:
        north = _("North-South stay at this table all evening.")
    elif number < last - 1:
        north = _("North-South go on to table %(n)s after each turn.", n=number + 1)
    elif odd:
        north = _("North-South sit out the turn after, then come back here as East-West.")
    else:
        north = _("North-South go on to table %(n)s after each turn, as East-West.", n=last)
    if number == 1:
        east = _("East-West stay at this table after each turn, and sit North-South.")
    else:
        east = _("East-West go on to table %(n)s after each turn.", n=number - 1)
    return f"{north} {east}"


@bp.route("/events/<int:event_id>/cards/<int:table_no>/replace", methods=["POST"])
def replace_card(event_id: int, table_no: int) -> Response | tuple[str, int]:
    """A new secret for one table's card: its old link stops working."""

    def replaced(form: Any) -> str:
        found = events.event(get_db(), event_id)
        count = events.table_count(found, len(events.entries_of(get_db(), event_id)))
        if not 1 <= table_no <= count:
            return _("There is no table %(n)s.", n=table_no)
        event_cards.replace(get_db(), event_id, table_no)
        return _("Table %(n)s has a new card: print it; the old one no longer works.", n=table_no)

    expired = _("The form had expired or came from elsewhere: nothing was changed.")
    form = event_roles.ReplaceCardForm()
    return director_post(event_id, form, replaced, _("Not changed"), expired)


@bp.route("/tables/<token>")
def table_link(token: str) -> Response | tuple[str, int]:
    """A table card's link: this browser may score the table's games from now on
    (with no passphrase to type), and goes on to the join page of the table's game
    this turn."""
    db = get_db()
    found = event_cards.card(db, token)
    if found is None:
        message = _("This table card is not (or no longer) one of an event's: ask the director.")
        return render_template("error.html", title=_("Not a table card"), message=message), 404
    security.remember_card(found)
    game_id = events.current_game(db, found["event_id"], found["turn"], found["table_no"])
    if game_id is None:
        message = _(
            "Table %(n)s of %(event)s has no game yet: scan the card again once the "
            "director has started the turn.",
            n=found["table_no"],
            event=found["name"],
        )
        return render_template("error.html", title=_("Not yet"), message=message), 404
    return redirect(url_for("table.join", code=phones.join_code(db, game_id)))
