"""The director's desk pages for the evening's arrivals: an entry that comes
late (it plays from the next turn, the plan re-made), and a substitute sitting in
for a player. Each refused with the reason beside its field, what was typed kept;
each in the event's history with its reason."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, render_template, url_for
from werkzeug.wrappers import Response
from wtforms import SelectChoice

from ...data.connection import get_db
from ...data.events import events, late, substitutes
from ..forms import event_late as forms
from ..http import security
from ..http.i18n import _, say

bp = Blueprint("event_late", __name__)
Page = tuple[str, int] | str | Response


def beside(form: Any, problem: events.EventProblem, default: str) -> None:
    """The data layer's refusal shown beside the field it concerns."""
    field = getattr(form, problem.field, None) or getattr(form, default)
    field.errors = [*field.errors, say(problem)]


@bp.route("/events/<int:event_id>/late", methods=["GET", "POST"])
def late_entry(event_id: int) -> Page:
    """Add a pair or a player who arrives late: it plays from the next turn."""
    found = security.directed(event_id)
    form = forms.LateEntryForm()
    if form.validate_on_submit():
        entry = form.entry_of(found["movement"])
        try:
            first = late.add_entry(get_db(), event_id, entry, form.reason.data or "")
        except events.EventProblem as problem:
            beside(form, problem, "entry")
        else:
            flash(_("%(name)s plays from turn %(n)s.", name=entry["name"], n=first))
            return redirect(url_for("events.desk", event_id=event_id))
    people = events.entries_of(get_db(), event_id)
    page = render_template(
        "event_late.html",
        event=found,
        form=form,
        late=[e for e in people if e["joined_turn"]],
    )
    return page, 400 if form.is_submitted() else 200


def player_choices(people: list[dict[str, Any]]) -> list[SelectChoice]:
    """Every player of the entries still playing, as "entry:player"."""
    return [
        SelectChoice(f"{e['number']}:{p}", p if [p] == [e["name"]] else f"{p} ({e['name']})")
        for e in people
        if e["withdrawn_turn"] is None
        for p in e["players"]
    ]


@bp.route("/events/<int:event_id>/substitutes", methods=["GET", "POST"])
def substitute(event_id: int) -> Page:
    """Seat a substitute for a player, for this turn or the rest of the event."""
    found = security.directed(event_id)
    db = get_db()
    people = events.entries_of(db, event_id)
    form = forms.SubstituteForm()
    form.player.choices = player_choices(people)
    if form.validate_on_submit():
        entry, player = form.chosen()
        name = " ".join(form.substitute.data.split())
        try:
            first = substitutes.substitute(
                db,
                event_id,
                entry,
                player,
                name,
                rest=form.length.data == "rest",
                reason=form.reason.data or "",
            )
        except events.EventProblem as problem:
            beside(form, problem, "substitute")
        else:
            flash(
                _(
                    "%(name)s sits in for %(player)s from turn %(n)s.",
                    name=name,
                    player=player,
                    n=first,
                )
            )
            return redirect(url_for("events.desk", event_id=event_id))
    shown = [e for e in people if e["substitutes"]]
    page = render_template("event_substitutes.html", event=found, form=form, shown=shown)
    return page, 400 if form.is_submitted() else 200
