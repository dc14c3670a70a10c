"""The director's undoing at a club night, each asked first with what it takes
away and kept in the event's history with its reason: a turn's start taken back,
a withdrawal taken back, the whole event deleted; and the event's history itself."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, flash, redirect, render_template, url_for
from werkzeug.wrappers import Response

from ...data.connection import get_db
from ...data.events import changes, events, removing, undo
from ..forms import event_desk as desk_forms
from ..http import security
from ..http.i18n import _, say

bp = Blueprint("event_undo", __name__)
Page = tuple[str, int] | str | Response


def asked(problem: Any, act: Callable[[str], str], template: str, **shown: Any) -> Page:
    """An undoing asked first: its page says what it takes away, or ``problem`` (why
    it cannot be done now); sent with a reason, ``act(reason)`` does it, and its word
    is shown on the desk. The event's own problem found meanwhile is shown instead."""
    form = desk_forms.UndoForm()
    if not problem and form.validate_on_submit():
        try:
            said = act(form.reason.data)
        except events.EventProblem as refused:
            problem = refused
        else:
            flash(said)
            return redirect(url_for("events.desk", event_id=shown["event"]["id"]))
    page = render_template(template, problem=say(problem) if problem else None, form=form, **shown)
    return page, 400 if form.is_submitted() else 200


@bp.route("/events/<int:event_id>/undo-start", methods=["GET", "POST"])
def undo_start(event_id: int) -> Page:
    """Take back the start of the current turn: the page lists the games that will
    go, or says why it cannot be done now."""
    found = security.directed(event_id)
    db = get_db()
    tables = undo.turn_tables(db, event_id, found["turn"]) if found["turn"] else []

    def undone(reason: str) -> str:
        turn = undo.undo_start(db, event_id, reason)
        return _("The start of turn %(n)s is undone: start it again when ready.", n=turn)

    problem = undo.start_problem(found, tables)
    return asked(problem, undone, "event_undo_start.html", event=found, tables=tables)


@bp.route("/events/<int:event_id>/withdrawals/<int:entry>/undo", methods=["GET", "POST"])
def undo_withdrawal(event_id: int, entry: int) -> Page:
    """Take back an entry's withdrawal: it plays on from where it stood."""
    found = security.directed(event_id)
    db = get_db()
    people = events.entries_of(db, event_id)
    if not 0 <= entry < len(people):
        return render_template(
            "error.html", title=_("Not found"), message=_("There is no such entry.")
        ), 404

    def undone(reason: str) -> str:
        undo.undo_withdrawal(db, event_id, entry, reason)
        return _("%(name)s plays on: the withdrawal is undone.", name=people[entry]["name"])

    problem = undo.withdrawal_problem(db, found, people[entry])
    shown = {"event": found, "entry": people[entry]}
    return asked(problem, undone, "event_undo_withdrawal.html", **shown)


@bp.route("/events/<int:event_id>/history")
def history(event_id: int) -> str:
    """Every change the director made to the event, newest first, with why."""
    found = security.directed(event_id)
    return render_template(
        "event_history.html", event=found, changes=changes.history(get_db(), event_id)
    )


@bp.route("/events/<int:event_id>/delete", methods=["GET", "POST"])
def delete(event_id: int) -> Page:
    """Delete the event, asked first with what goes: its games go to Removals."""
    found = security.directed(event_id)
    db = get_db()
    form = desk_forms.UndoForm()
    if form.validate_on_submit():
        try:
            removed = removing.remove_event(db, event_id, form.reason.data)
        except events.EventProblem as refused:
            form.reason.errors = [*form.reason.errors, say(refused)]
        else:
            flash(
                _(
                    "%(name)s is deleted; its %(n)s games are in Removals.",
                    name=found["name"],
                    n=removed,
                )
            )
            return redirect(url_for("events.index"))
    page = render_template(
        "event_delete.html", event=found, goes=removing.what_goes(db, event_id), form=form
    )
    return page, 400 if form.is_submitted() else 200
