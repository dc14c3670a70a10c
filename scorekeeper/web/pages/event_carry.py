"""An event that starts from an earlier one's standings (a two-session final): its
director names the earlier event and the share of its points carried, with a
reason kept in the event's history; the standings count them from then on."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, url_for
from werkzeug.wrappers import Response

from ...data.connection import get_db
from ...data.events import carry_over, events
from ..forms import series as series_forms
from ..http import security
from ..http.i18n import _, say

bp = Blueprint("event_carry", __name__)
NONE = 0  # the choice "carry nothing"


@bp.route("/events/<int:event_id>/carry", methods=["GET", "POST"])
def carry(event_id: int) -> tuple[str, int] | Response:
    """Choose the earlier event (or none) and the share of its points carried."""
    db = get_db()
    found = events.event(db, event_id)
    security.guard_direct(found)
    form = series_forms.CarryForm(
        data={"source": found["carry_from"] or NONE, "percent": found["carry_percent"] or 100}
    )
    form.source.choices = [(NONE, _("nothing: start from zero"))] + [
        (e["id"], f"{e['name']} ({e['date']})") for e in carry_over.earlier_events(db, event_id)
    ]
    if form.validate_on_submit():
        source = form.source.data or None
        try:
            percent = form.percent.data or 0  # required and checked: 1 to 100
            carry_over.set_carry(db, event_id, source, percent, form.reason.data)
        except events.EventProblem as problem:
            field = getattr(form, problem.field, form.reason)
            field.errors = [*field.errors, say(problem)]
        else:
            flash(
                _("The standings count the points carried.")
                if source
                else _("Nothing is carried: the standings start from zero.")
            )
            return redirect(url_for("events.desk", event_id=event_id))
    status = 400 if form.is_submitted() else 200
    return render_template("event_carry.html", event=found, form=form), status
