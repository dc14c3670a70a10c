"""Club nights: the director makes an event, sees its plan, starts each turn (every
table's game made with the right people in the right seats), follows every table
at a glance, and shows the standings on a big screen. Making an event is guarded
by the app passphrase, as evenings are; running it is its director's alone
(``security.may_direct``); everyone may watch the desk and the standings."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from typing import Any

from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.wrappers import Response

from ...data import apart
from ...data.connection import get_db
from ...data.events import (
    cards as event_cards,
    desk as event_desk,
    events,
    exports as event_exports,
    player_results,
)
from ...scoring import get_variant
from ..forms import event_desk as desk_forms, event_roles, events as event_forms, general
from ..forms.whole_numbers import digits
from ..http import security
from ..http.i18n import _, say, sentence
from ..shown import room
from . import event_paper, rule_sets

bp = Blueprint("events", __name__)


def drawn(first_turn: str) -> int | None:
    """A Swiss's first turn drawn at random: the draw's seed, kept with the event
    (so the desk shows the same draw every time); None for a first turn by list."""
    return secrets.randbelow(2**31) if first_turn == "draw" else None


@bp.route("/events")
def index() -> str:
    return render_template(
        "events.html", events=events.all_events(get_db()), director=security.may_create()
    )


@bp.route("/events/new", methods=["GET", "POST"])
def new() -> str | Response | tuple[str, int]:
    security.guard_app()
    form = event_forms.NewEventForm()
    rule_sets.offer(form)
    director = event_roles.DirectorPassphraseForm()
    if form.is_submitted() and not director.validate():
        form.validate()
    elif form.validate_on_submit():
        try:
            event_id = events.create_event(
                get_db(),
                name=form.name.data.strip(),
                date=form.day.data.isoformat(),
                variant=form.variant_id(),
                rule_set=form.rule_set_id(),
                options={},
                movement=form.movement.data,
                turns=form.turns.data or 1,
                deals=form.deals.data or 0,
                target=form.target.data or 0,
                minutes=form.minutes.data or 0,
                scale=form.scale_data(),
                bye=form.bye.data,
                bye_worth=form.bye_worth.data or 0,
                handicap=form.handicap.data,
                entries=form.entry_list(),
                skip=form.skip.data,
                draw=drawn(form.first_turn.data),
            )
        except events.EventProblem as problem:
            field = form.field_of(problem.field)
            field.errors = [*field.errors, say(problem)]
        except ValueError as problem:  # an unknown game
            form.variant.errors = [*form.variant.errors, say(problem)]
        else:
            return directed(event_id, director.director_passphrase.data)
    status = 400 if form.is_submitted() else 200
    problems = general.problems_of(form) + general.problems_of(director) if status == 400 else []
    page = render_template("event_new.html", form=form, director=director, problems=problems)
    return page, status


def directed(event_id: int, passphrase: str | None) -> Response:
    """The new event's passphrase kept (hashed), and this browser its director."""
    db = get_db()
    if passphrase:
        event_cards.set_passphrase(db, event_id, security.hash_passphrase(passphrase))
    security.remember_director(events.event(db, event_id))
    return redirect(url_for(".desk", event_id=event_id))


def unchanged(event_id: int, results: bool = False) -> tuple[Response | None, str]:
    """A live page's poll (static/standings.js: the ``X-Poll`` header) answered 304
    when nothing changed at the event, and the ETag of the page: the event's stamp,
    the address, and whether this browser may direct (a page opened, rather than
    polled, is always rendered: it may carry a flashed word). ``results``: a page
    that shows the standings and no table's rounds (``event_desk.stamp``)."""
    found = event_desk.stamp(get_db(), event_id, results)
    if found is None:
        abort(404)
    director = security.may_direct(events.event(get_db(), event_id))
    etag = hashlib.sha256(f"{found}|{request.full_path}|{director}".encode())
    tag = etag.hexdigest()[:20]
    if request.headers.get("X-Poll") and request.if_none_match.contains_weak(tag):
        response = Response(status=304)
        response.set_etag(tag, weak=True)
        return response, tag
    return None, tag


def live(page: str, tag: str, private: bool = False) -> Response:
    """A page that polls itself: asked again every time (its ETag). ``private``: the
    director's desk, with the director's controls, never kept by the app's offline copy
    (static/sw.js keeps no ``private`` page)."""
    response = make_response(page)
    response.set_etag(tag, weak=True)  # the same page whatever its compression
    response.headers["Cache-Control"] = "private, no-cache" if private else "no-cache"
    return response


@bp.route("/events/<int:event_id>")
def desk(event_id: int) -> Response:
    """The director's desk: the plan, this turn's tables (missing results first),
    the standings; it keeps itself current (static/standings.js)."""
    same, tag = unchanged(event_id)
    if same:
        return same
    db = get_db()
    found = events.event(db, event_id)
    people = events.entries_of(db, event_id)
    every = events.tables(db, event_id)  # read once: for the desk, the standings, the end
    at_tables = event_desk.desk(db, event_id, found["turn"], every)
    director = security.may_direct(found)
    after = after_turn(found)
    return live(
        render_template(
            "event.html",
            event=found,
            entries=people,
            links=player_results.player_ids(db, people),
            tables=at_tables,
            variant=get_variant(found["variant"]),
            standings_columns=room.screenfuls(
                events.event_standings(db, found, after, events.results(db, found, every)),
                rows=20,
                columns=1000,
            )[0],
            director=director,
            over=events.over(db, found, every),
            start=desk_forms.StartTurnForm() if director else None,
            clock=events.clock(db, event_id),
            clock_form=desk_forms.ClockForm() if director else None,
            swap=swap_form(people) if director and not found["turn"] else None,
            after=after,
            can_start=found["turn"] < found["turns"]
            and not any(t["desk"] not in event_desk.DONE for t in at_tables),
            done=event_desk.finished_count(at_tables, found["turn"]),
        ),
        tag,
        private=True,
    )


@bp.route("/events/<int:event_id>/start", methods=["POST"])
def start(event_id: int) -> Response | tuple[str, int]:
    def started(form: Any) -> str:
        # A second tap of the button (or another desk's) finds its turn started, by
        # the time it looks or while it tries: it says so, and starts nothing more.
        wanted = form.turn_wanted()

        def begun() -> bool:
            return wanted is not None and events.event(get_db(), event_id)["turn"] >= wanted

        turn = wanted
        if not begun():
            path = current_app.config["DATABASE"]  # stored by a process of its own: see apart
            try:
                turn = apart.run(event_desk.start_turn_at, path, event_id)
            except events.EventProblem:
                if not begun():
                    raise
        return _("Turn %(n)s started: every table has its game.", n=turn)

    expired = _("The form had expired or came from elsewhere: nothing was started.")
    return director_post(event_id, desk_forms.StartTurnForm(), started, _("Not started"), expired)


def director_post(
    event_id: int, form: Any, act: Callable[[Any], str | None], title: str, expired: str
) -> Response | tuple[str, int]:
    """A button on the director's desk: the event's director (404 for an event that
    is not there), a form of this session, then ``act(form)``; its word (or the
    event's problem) is shown back on the desk."""
    security.guard_direct(events.event(get_db(), event_id))
    if not form.validate_on_submit():
        return render_template("error.html", title=title, message=expired), 400
    try:
        said = act(form)
    except events.EventProblem as problem:
        flash(sentence(say(problem)), "error")
        said = None
    if said:
        flash(said)
    return redirect(url_for("events.desk", event_id=event_id))


def after_turn(found: dict[str, Any]) -> int | None:
    """The turn whose standings are asked for (``?after=2``), if it is over; None
    for the standings now."""
    after = digits(request.args.get("after", ""), 3)
    return after if after and after < found["turn"] else None


@bp.route("/events/<int:event_id>/standings")
def standings(event_id: int) -> Response:
    """The standings for a big screen (now, or after a turn): large type, refreshed
    by itself."""
    same, tag = unchanged(event_id, results=True)
    if same:
        return same
    db = get_db()
    found = events.event(db, event_id)
    after = after_turn(found)
    people = events.entries_of(db, event_id)
    every = events.tables(db, event_id)  # read once: for the standings and the end
    return live(
        render_template(
            "event_standings.html",
            event=found,
            entries=people,
            links=player_results.player_ids(db, people),
            clock=events.clock(db, event_id),
            after=after,
            over=events.over(db, found, every),
            screens=room.screenfuls(
                events.event_standings(db, found, after, events.results(db, found, every))
            ),
        ),
        tag,
    )


@bp.route("/events/<int:event_id>/clock", methods=["POST"])
def change_clock(event_id: int) -> Response | tuple[str, int]:
    """Pause, resume, or move the turn's clock by some minutes."""

    def changed(form: Any) -> None:
        events.change_clock(get_db(), event_id, form.action.data, form.minutes.data or 0)

    expired = _("The form had expired or came from elsewhere: the clock was not changed.")
    return director_post(event_id, desk_forms.ClockForm(), changed, _("Not changed"), expired)


@bp.route("/events/<int:event_id>/clock.json")
def clock_json(event_id: int) -> Response:
    """The clock for every screen of the event (static/clock.js asks every few
    seconds); none once the event is over (no "finish the deal in play" after the
    last game)."""
    db = get_db()
    shown = events.clock(db, event_id)
    if shown["set"] and events.over(db, events.event(db, event_id)):
        shown = {"set": False, "turn": shown["turn"]}
    response = jsonify(shown)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/events/<int:event_id>/standings.<any(json, csv):kind>")
def standings_file(event_id: int, kind: str) -> Response:
    """The standings to keep or publish: JSON, or CSV for a spreadsheet."""
    db = get_db()
    found = events.event(db, event_id)
    rows = event_exports.standings_rows(db, found)
    response: Response = (
        jsonify(
            event=found["name"],
            date=found["date"],
            turn=found["turn"],
            turns=found["turns"],
            standings=rows,
            ended=event_exports.ended_rows(db, event_id),
        )
        if kind == "json"
        else Response(event_exports.standings_csv(rows, found), mimetype="text/csv")
    )
    name = f"event-{event_id}-standings.{kind}"
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@bp.route("/events/<int:event_id>/print")
def printed(event_id: int) -> str:
    """The results sheet to pin up (A4 or Letter): how the event is played and
    scored, the standings with every figure that ranks them, then each turn's
    tables and scores."""
    db = get_db()
    found = events.event(db, event_id)
    return render_template(
        "print_event.html",
        event=found,
        entries=events.entries_of(db, event_id),
        standings=events.event_standings(db, found),
        tables=event_exports.printed_tables(db, found),
        variant=get_variant(found["variant"]),
        over=events.over(db, found),
        movement=event_paper.movement_words(found),
        byes=event_paper.bye_words(),
        paper=event_paper.paper(),
    )


def swap_form(people: list[dict[str, Any]]) -> Any:
    form = desk_forms.SwapForm()
    choices = [(e["number"], e["name"]) for e in people]
    form.one.choices, form.other.choices = choices, choices
    return form


@bp.route("/events/<int:event_id>/swap", methods=["POST"])
def swap(event_id: int) -> Response | tuple[str, int]:
    """Swap two entries in the plan (before the first turn starts)."""

    def swapped(form: Any) -> str:
        events.swap(get_db(), event_id, form.one.data, form.other.data)
        return _("Swapped: the plan has them in each other's places.")

    form = swap_form(events.entries_of(get_db(), event_id))
    expired = _("The form had expired or came from elsewhere: nothing was swapped.")
    return director_post(event_id, form, swapped, _("Not swapped"), expired)
