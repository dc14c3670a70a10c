"""The director's changes to an event under way, for the turns not started: an
entry keeping a table (a pair that cannot climb the stairs keeps table 1), and the
event edited. A change of the event points is asked first: the standings are
worked out again, finished turns too. Each is kept in the event's history."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, render_template, url_for
from werkzeug.wrappers import Response

from ...data.connection import get_db
from ...data.events import editing, events
from ...data.games import rule_sets
from ..forms import event_edit as forms, general
from ..http import security
from ..http.i18n import _, say

bp = Blueprint("event_edit", __name__)
Page = tuple[str, int] | str | Response


@bp.route("/events/<int:event_id>/keep-table", methods=["GET", "POST"])
def keep_table(event_id: int) -> Page:
    """An entry keeps a table from the next turn to start on."""
    found = security.directed(event_id)
    db = get_db()
    people = events.entries_of(db, event_id)
    form = forms.KeepTableForm()
    form.entry.choices = [(e["number"], e["name"]) for e in people if e["withdrawn_turn"] is None]
    if form.validate_on_submit():
        try:
            turn = editing.keep_table(
                db, event_id, form.entry.data, form.table.data or 0, form.reason.data
            )
        except events.EventProblem as problem:
            field = form.field_of(problem.field)
            field.errors = [*field.errors, say(problem)]
        else:
            flash(_("From turn %(n)s on the plan has the change.", n=turn))
            return redirect(url_for("events.desk", event_id=event_id))
    kept = [(people[e]["name"], n) for e, n in found["kept"].items()]
    page = render_template(
        "event_keep_table.html",
        event=found,
        form=form,
        kept=kept,
        tables=events.table_count(found, len(people)),
    )
    return page, 400 if form.is_submitted() else 200


def edit_form(found: dict[str, Any]) -> forms.EditEventForm:
    """The edit form: what was sent, or the event as it is."""
    now = {k: found[k] for k in ("turns", "minutes", "deals")}
    form = forms.EditEventForm(data={**now, **forms.scale_fields(found["scale"])})
    sets = rule_sets.rule_sets(get_db())
    form.offer([s for s in sets if s["variant"] == found["variant"]])
    return form


@bp.route("/events/<int:event_id>/edit", methods=["GET", "POST"])
def edit(event_id: int) -> Page:
    """The event for the turns not started; a change of its points asked first,
    once the rest is known to be possible."""
    found = security.directed(event_id)
    form = edit_form(found)
    ask = False
    if form.validate_on_submit():
        wanted = editing.Edit(
            turns=form.turns.data or 0,
            minutes=form.minutes.data or 0,
            deals=form.deals.data or 0,
            scale=form.scale_data(),
            rule_set=form.rule_set_id(),
        )
        rescored = wanted.scale != found["scale"] and bool(found["turn"])
        try:
            if rescored and not form.confirmed.data:
                editing.worked_out(get_db(), found, wanted)
                ask = True
                form.confirmed.data = "yes"
            else:
                editing.edit_event(get_db(), event_id, wanted, form.reason.data)
        except events.EventProblem as problem:
            field = form.field_of(problem.field)
            field.errors = [*field.errors, say(problem)]
        else:
            if not ask:
                flash(_("The event is changed for the turns not started."))
                return redirect(url_for("events.desk", event_id=event_id))
    status = 200 if ask or not form.is_submitted() else 400
    problems = general.problems_of(form) if status == 400 else []
    page = render_template("event_edit.html", event=found, form=form, ask=ask, problems=problems)
    return page, status
