"""A series of evenings: the list, a new series (guarded by the app passphrase, as
making an event is), its standings for everyone (on a phone, a big screen or
paper), and an event added to it afterwards, with a reason kept in the event's
history."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...data.connection import get_db
from ...data.events import events, series
from ..forms import series as series_forms
from ..http import security
from ..http.i18n import _, say

bp = Blueprint("series", __name__)
Page = tuple[str, int] | str | Response


@bp.route("/series")
def index() -> str:
    db = get_db()
    return render_template(
        "series_list.html", series=series.all_series(db), director=security.may_create()
    )


def event_choices(db: Any, but: set[int] | None = None) -> list[tuple[int, str]]:
    return [
        (e["id"], f"{e['name']} ({e['date']})")
        for e in events.all_events(db)
        if e["id"] not in (but or set())
    ]


@bp.route("/series/new", methods=["GET", "POST"])
def new() -> Page:
    security.guard_app()
    db = get_db()
    form = series_forms.NewSeriesForm()
    form.events.choices = event_choices(db)
    if form.validate_on_submit():
        try:
            series_id = series.create_series(
                db,
                name=form.name.data.strip(),
                counts=form.counts.data,
                best=form.best_data(),
                place_table=[float(p) for p in form.table_data()],
                event_ids=form.events.data,
            )
        except events.EventProblem as problem:
            field = getattr(form, problem.field, form.name)
            field.errors = [*field.errors, say(problem)]
        else:
            return redirect(url_for(".standings", series_id=series_id))
    status = 400 if form.is_submitted() else 200
    return render_template("series_new.html", form=form), status


def add_form(db: Any, held: list[dict[str, Any]]) -> Any:
    form = series_forms.AddEventForm()
    form.event.choices = event_choices(db, {e["id"] for e in held})
    return form


@bp.route("/series/<int:series_id>", methods=["GET", "POST"])
def standings(series_id: int) -> Page:
    """The series' standings; its director may add an event (a POST)."""
    if request.method == "POST":
        security.guard_app()
    db = get_db()
    shown = series.standings_of(db, series_id)  # 404 for no such series
    director = security.may_create()
    form = add_form(db, series.series_events(db, series_id)) if director else None
    if form is not None and form.is_submitted():
        if form.validate_on_submit():
            try:
                series.add_event(db, series_id, form.event.data, form.reason.data)
            except events.EventProblem as problem:
                form.event.errors = [*form.event.errors, say(problem)]
            else:
                flash(_("The event is in the series: its history says so."))
                return redirect(url_for(".standings", series_id=series_id))
        page = render_template("series.html", **shown, form=form, screen=False)
        return page, 400
    return render_template("series.html", **shown, form=form, screen=False)


@bp.route("/series/<int:series_id>/screen")
def screen(series_id: int) -> str:
    """The series' standings in large type, for a big screen or to print."""
    shown = series.standings_of(get_db(), series_id)
    return render_template("series.html", **shown, form=None, screen=True)
