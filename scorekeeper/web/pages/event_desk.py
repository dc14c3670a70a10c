"""The director's changes at a club night, each with a reason kept in the table's
game history: a table's score entered or adjusted, a table reopened and closed
again, a table's game ended as it stands, an entry's withdrawal; and a player
checking in at their table by tapping their name on a phone joined from the
table's card."""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    abort,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.wrappers import Response

from ...data.connection import get_db
from ...data.events import desk as event_desk, events, penalties as event_penalties
from ...data.games import games
from ...scoring import ScoringError
from ..forms import event_desk as desk_forms, event_penalties as penalty_forms, general
from ..http import security
from ..http.i18n import _, say
from .table import phone_or_stop

bp = Blueprint("event_desk", __name__)
Page = tuple[str, int] | str | Response


def at_desk(event_id: int, game_id: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The event and its table playing ``game_id`` as the desk shows it (404 if the
    game is none of the event's)."""
    db = get_db()
    found = events.event(db, event_id)
    table = next((t for t in events.tables(db, event_id) if t["game_id"] == game_id), None)
    if table is None:
        raise games.NotFound(_("game %(id)s is not one of this event's", id=game_id))
    event_desk.with_desk_states(db, [table])
    return found, table


def expired(form: Any) -> bool:
    """Whether the form came without this session's CSRF token (or an old one)."""
    token = getattr(form, "csrf_token", None)
    return bool(form.is_submitted() and token is not None and not token.validate(form))


def refused() -> tuple[str, int]:
    message = _("The form had expired or came from elsewhere: nothing was changed.")
    return render_template("error.html", title=_("Not changed"), message=message), 400


def directors_post(event_id: int, game_id: int, form: Any) -> bool:
    """The checks every director's change to a table goes through, in order: the
    director alone, the form's own token (an expired one changes nothing, answered at
    once), the game one of the event's (404). Whether the form is valid."""
    security.guard_direct(events.event(get_db(), event_id))
    valid = bool(form.validate_on_submit())
    if expired(form):
        abort(make_response(refused()))
    at_desk(event_id, game_id)
    return valid


def table_page(event_id: int, game_id: int, status: int = 200, **forms: Any) -> Page:
    found, table = at_desk(event_id, game_id)
    adjust = forms.get("adjust") or desk_forms.AdjustForm(formdata=None)
    adjust.first.label.text, adjust.second.label.text = (
        _("Points for %(side)s", side=side) for side in table["sides"]
    )
    penalty = forms.get("penalty") or penalty_form(event_id, table, formdata=None)
    # a refused form's problems also at the top: its field is far down a long page
    refused = [p for form in forms.values() for p in general.problems_of(form)]
    page = render_template(
        "event_table.html",
        event=found,
        table=table,
        problems=refused if status == 400 else [],
        adjust=adjust,
        penalty=penalty,
        penalties=event_penalties.of_table(get_db(), event_id, game_id),
        remove=forms.get("remove")
        or penalty_forms.RemovePenaltyForm(formdata=None, prefix="remove"),
        names={e["number"]: e["name"] for e in events.entries_of(get_db(), event_id)},
        reopen=forms.get("reopen") or desk_forms.ReopenForm(formdata=None),
        end=forms.get("end") or desk_forms.EndForm(formdata=None),
        director=security.may_direct(found),
    )
    return page, status


@bp.route("/events/<int:event_id>/tables/<int:game_id>")
def table(event_id: int, game_id: int) -> Page:
    """One table of the event at the desk: its state, who checked in, and the
    director's changes."""
    return table_page(event_id, game_id)


@bp.route("/events/<int:event_id>/tables/<int:game_id>/adjust", methods=["POST"])
def adjust(event_id: int, game_id: int) -> Page:
    """Enter or adjust the table's score, with a reason."""
    form = desk_forms.AdjustForm()
    if directors_post(event_id, game_id, form):
        points = [form.first.data, form.second.data]
        try:
            number = event_desk.adjust(get_db(), event_id, game_id, points, form.reason.data)
        except (events.EventProblem, ScoringError, games.GameRemoved) as problem:
            form.reason.errors = [*form.reason.errors, say(problem)]
        else:
            flash(_("Round %(n)s adjusted: the reason is in the table's history.", n=number))
            return redirect(url_for(".table", event_id=event_id, game_id=game_id))
    return table_page(event_id, game_id, 400, adjust=form)


@bp.route("/events/<int:event_id>/tables/<int:game_id>/reopen", methods=["POST"])
def reopen(event_id: int, game_id: int) -> Page:
    """Reopen the table (its result withheld), or close it again, with a reason."""
    form = desk_forms.ReopenForm()
    open_ = "close" not in request.form
    if directors_post(event_id, game_id, form):
        try:
            event_desk.reopen(get_db(), event_id, game_id, form.reason.data, open_=open_)
        except events.EventProblem as problem:
            form.reason.errors = [*form.reason.errors, say(problem)]
        else:
            flash(
                _("Reopened: its result counts again once you close it.")
                if open_
                else _("Closed again: its result counts.")
            )
            return redirect(url_for(".table", event_id=event_id, game_id=game_id))
    return table_page(event_id, game_id, 400, reopen=form)


@bp.route("/events/<int:event_id>/tables/<int:game_id>/end", methods=["POST"])
def end(event_id: int, game_id: int) -> Page:
    """End the table's game now, as it stands, with a reason."""
    form = desk_forms.EndForm()
    if directors_post(event_id, game_id, form):
        try:
            after = event_desk.end_now(get_db(), event_id, game_id, form.reason.data)
        except (events.EventProblem, ScoringError, games.GameRemoved) as problem:
            form.reason.errors = [*form.reason.errors, say(problem)]
        else:
            ended = (
                _("The game ended before any round: its totals are its result.")
                if after == 0
                else _(
                    "The game ended as it stood after round %(n)s: its totals are its result.",
                    n=after,
                )
            )
            flash(ended)
            return redirect(url_for(".table", event_id=event_id, game_id=game_id))
    return table_page(event_id, game_id, 400, end=form)


def penalty_form(event_id: int, table: dict[str, Any], **kwargs: Any) -> Any:
    """The penalty form, offering the entries at ``table``."""
    form = penalty_forms.PenaltyForm(prefix="penalty", **kwargs)
    people = events.entries_of(get_db(), event_id)
    at = [e for side in table["entries"] for e in side]
    form.entry.choices = [(e, people[e]["name"]) for e in at]
    return form


@bp.route("/events/<int:event_id>/tables/<int:game_id>/penalty", methods=["POST"])
def penalty(event_id: int, game_id: int) -> Page:
    """Take event points off an entry at the table, for its turn, with a reason."""
    security.guard_direct(events.event(get_db(), event_id))
    # the token first, as every director's change: the entries offered need the table,
    # and a wrong table is 404, which must not answer a post without its token
    if expired(penalty_forms.PenaltyForm(prefix="penalty")):
        abort(make_response(refused()))
    form = penalty_form(event_id, at_desk(event_id, game_id)[1])
    if directors_post(event_id, game_id, form):
        try:
            event_penalties.give(
                get_db(), event_id, game_id, form.entry.data, form.points.data, form.reason.data
            )
        except events.EventProblem as problem:
            fields = {"points": form.points, "entry": form.entry}
            field = fields.get(problem.field, form.reason)
            field.errors = [*field.errors, say(problem)]
        else:
            flash(_("Penalty given: it is in the standings and the event's history."))
            return redirect(url_for(".table", event_id=event_id, game_id=game_id))
    return table_page(event_id, game_id, 400, penalty=form)


@bp.route(
    "/events/<int:event_id>/tables/<int:game_id>/penalties/<int:penalty_id>/remove",
    methods=["POST"],
)
def remove_penalty(event_id: int, game_id: int, penalty_id: int) -> Page:
    """Take a penalty back, with a reason."""
    form = penalty_forms.RemovePenaltyForm(prefix="remove")
    if directors_post(event_id, game_id, form):
        try:
            event_penalties.remove(get_db(), event_id, penalty_id, form.reason.data)
        except events.EventProblem as problem:
            form.reason.errors = [*form.reason.errors, say(problem)]
        else:
            flash(_("Penalty removed: the event's history keeps why."))
            return redirect(url_for(".table", event_id=event_id, game_id=game_id))
    return table_page(event_id, game_id, 400, remove=form)


def withdraw_form(event_id: int) -> Any:
    form = desk_forms.WithdrawForm()
    people = events.entries_of(get_db(), event_id)
    form.entry.choices = [(e["number"], e["name"]) for e in people if e["withdrawn_turn"] is None]
    return form


@bp.route("/events/<int:event_id>/withdraw", methods=["GET", "POST"])
def withdraw(event_id: int) -> Page:
    """Record an entry's withdrawal, with a reason."""
    found = events.event(get_db(), event_id)
    security.guard_direct(found)
    form = withdraw_form(event_id)
    if form.validate_on_submit():
        try:
            event_desk.withdraw(get_db(), event_id, form.entry.data, form.reason.data)
        except events.EventProblem as problem:
            form.reason.errors = [*form.reason.errors, say(problem)]
        else:
            flash(_("Withdrawn: the opponents have a bye from this turn on."))
            return redirect(url_for("events.desk", event_id=event_id))
    status = 400 if form.is_submitted() else 200
    gone = [e for e in events.entries_of(get_db(), event_id) if e["withdrawn_turn"] is not None]
    return render_template("event_withdraw.html", event=found, form=form, gone=gone), status


@bp.route("/table/<token>/check-in", methods=["POST"])
def check_in(token: str) -> Page:
    """A player at the table taps their name: the desk sees they are here."""
    found = phone_or_stop(token)
    form = desk_forms.CheckInForm()
    if expired(form):
        return refused()
    if form.validate_on_submit():
        try:
            event_desk.check_in(get_db(), found["game_id"], form.name.data)
        except events.EventProblem as problem:
            flash(say(problem))
        else:
            flash(_("%(name)s: checked in.", name=form.name.data))
    return redirect(url_for("table.phone", token=token))
