"""A turn not started, paired by the director by hand: the page lists the turn's
tables as they stand and gives each entry still in the event its seat (a table and
a side, or a bye) to change; what is sent is checked, kept in the plan with its
reason in the event's history, and a rematch in it is allowed but said."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, render_template, url_for
from werkzeug.wrappers import Response

from ...club.pairing import Rematch, seats_of
from ...data.connection import get_db
from ...data.events import events, pairing as event_pairing
from ..forms import event_pairing as pairing_forms
from ..http import security
from ..http.i18n import _, say

bp = Blueprint("event_pairing", __name__)


def rematch_words(found: list[Rematch], names: dict[int, str]) -> list[str]:
    return [
        _("A rematch: %(one)s and %(other)s meet in turn %(n)s too.", **said(r, names))
        for r in found
    ]


def said(rematch: Rematch, names: dict[int, str]) -> dict[str, Any]:
    return {"one": names[rematch.one], "other": names[rematch.other], "n": rematch.turn}


@bp.route("/events/<int:event_id>/turns/<int:turn>/pairing", methods=["GET", "POST"])
def pair(event_id: int, turn: int) -> Response | tuple[str, int]:
    """The turn's tables, each entry's seat to change, and the reason."""
    db = get_db()
    found = events.event(db, event_id)
    security.guard_direct(found)
    try:
        shown = event_pairing.pairing(db, event_id, turn)
    except events.EventProblem as problem:
        return render_template("error.html", title=_("Not now"), message=say(problem)), 404
    people = events.entries_of(db, event_id)
    names = {e["number"]: e["name"] for e in people}
    seats = seats_of(shown.planned)
    # the fields in the turn's order: table 1's sides first, the byes last
    order = sorted(shown.entries, key=lambda e: (seats.get(e) is None, seats.get(e) or (0, 0)))
    playing = {e: names[e] for e in order}
    form = pairing_forms.pairing_form(playing, seats, shown.tables, len(shown.sizes))
    if not form.is_submitted():
        form.basis.data = shown.basis
    elif form.validate_on_submit():
        try:
            found_rematches = event_pairing.set_pairing(
                db, event_id, turn, form.seats(), form.reason.data, form.basis.data or ""
            )
        except event_pairing.PairingProblem as problem:
            for entry, reason in problem.problems.items():
                field = form.field_of(entry)
                field.errors = [*field.errors, say(reason)]
        except events.EventProblem as problem:
            form.form_errors.append(say(problem))
        else:
            flash(_("Turn %(n)s is paired as you set it.", n=turn))
            for words in rematch_words(found_rematches, names):
                flash(words)
            return redirect(url_for(".pair", event_id=event_id, turn=turn))
    status = 400 if form.is_submitted() else 200
    page = render_template(
        "event_pairing.html",
        event=found,
        entries=people,
        shown=shown,
        form=form,
        rematches=rematch_words(shown.rematches, names),
        turns=event_pairing.pairable(found),
    )
    return page, status
