"""Every phone at the table. The scorer's scoreboard shows a join code and its QR
code; a phone that opens it says who it is and gets its own secret link,
``/table/<token>``: the capability to watch, enter its side's part of the round
(a server-side draft the scorer takes into the round form) and confirm or query
saved rounds. The scorer decides what phones may do, sees them, removes them
(``table_scorer``).

Phones stay live by polling ``.../stamp`` every second with an ETag: a 304 costs
one indexed read, and no connection is held open (waitress has 8 threads)."""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    abort,
    flash,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.wrappers import Response

from ...data.connection import get_db
from ...data.events import cards as event_cards, events
from ...data.games import games
from ...data.table import answers as table_answers, seats, table as phones
from ...scoring import get_variant
from ..forms import round_errors, round_form, table_parts, table_phones, table_sends
from ..forms.whole_numbers import digits
from ..http import security
from ..http.i18n import _
from ..shown import board, overrides, round_screen, table_view
from . import sharing, table_joins, table_scorer
from .table_scorer import gone, stamp_answer

bp = Blueprint("table", __name__)
Page = str | Response | tuple[str, int] | tuple[str, int, dict[str, str]] | tuple[Response, int]


# -- joining --------------------------------------------------------------------------------


@bp.route("/join")
def join_by_hand() -> Page:
    """Type the join code (for a phone without a camera)."""
    form = table_phones.JoinCodeForm(request.args)
    if request.args and form.validate():
        return redirect(url_for(".join", code=phones.normal_code(form.code.data)))
    return render_template("join_code.html", form=form)


@bp.route("/join/<code>", methods=["GET", "POST"])
def join(code: str) -> Page:
    """Say who this phone is; then it has its own link to the table."""
    held = table_joins.too_many_wrong_codes()
    if held:
        return held
    game_id = phones.game_of_code(get_db(), code)
    if game_id is None:
        table_joins.wrong_code()
        return gone(_("That join code is not (or no longer) valid."), 404)  # as an unknown link
    game = games.get_game(get_db(), game_id)
    form = table_phones.join_form(table_view.join_choices(game))
    taken = None
    if form.validate_on_submit():
        busy = table_joins.table_busy(game_id)
        if busy:
            return busy
        who, side = table_view.chosen(game, form.who.data)
        taken = seats.holder(get_db(), game_id, who, side)
        if taken is None or "take_over" in request.form:
            table_joins.counted(game_id)
            return table_joins.joined(game_id, who, side, taken)
    seat = security.event_seat(game)
    scorer = seat if seat is not None and security.may_score_at(seat) else None
    page = render_template("join.html", game=game, form=form, code=code, taken=taken, scorer=scorer)
    return (page, 400) if request.method == "POST" and not taken else page


# -- the phone's own pages ------------------------------------------------------------------


def phone_or_stop(token: str) -> phones.Phone:
    """The phone behind this link, or a page saying why it no longer works."""
    phone = phones.phone_of(get_db(), token)
    if phone is None:
        asked = table_scorer.asked_page(token)  # asked for a seat, or lost it
        abort(asked or make_response(gone(_("This phone link is not one this table knows."), 404)))
    if phone["removed_at"] or phone["game_removed_at"]:
        why = (
            _("The scorer removed this phone: this link no longer works.")
            if phone["removed_at"]
            else _("The game was removed: this link no longer works.")
        )
        abort(make_response(gone(why, 410)))
    phones.seen(get_db(), phone)
    return phone


@bp.route("/table/<token>")
def phone(token: str) -> Response:
    """The phone's page: the scores, its part of the round, rounds to confirm. Its
    address is the phone's capability: never kept by a cache (nor the app's offline
    copy, static/sw.js). Its ETag is the table's stamp: the phone polls this page with
    it (static/table.js), and a 304 is answered without rendering (web/http/polls.py)."""
    found = phone_or_stop(token)
    etag = f"t{found['table_stamp']}"
    if request.if_none_match.contains_weak(etag):
        response = Response(status=304)
    else:
        response = make_response(phone_page(found, token))
    response.set_etag(etag, weak=True)  # the same page whatever its compression
    response.headers["Cache-Control"] = sharing.SECRET
    return response


@bp.route("/table/<token>/stamp")
def phone_stamp(token: str) -> Response:
    found = phones.phone_of(get_db(), token)
    if found is None or found["removed_at"] or found["game_removed_at"]:
        response = jsonify(error="this phone link no longer works")
        response.status_code = 404 if found is None else 410
        return response
    phones.seen(get_db(), found)
    return stamp_answer(int(found["table_stamp"]))


@bp.route("/table/<token>/part", methods=["POST"])
def part(token: str) -> Page | Response:
    """Send this phone's side's part of the round: a draft, not a round."""
    found = phone_or_stop(token)
    game = games.get_game(get_db(), found["game_id"])
    if found["side"] is None or not game["phones_enter"]:
        return gone_here(_("This phone may watch, not enter: the scorer decides that."))
    if foreign(found):
        side = game["sides"][found["side"]]
        return gone_here(_("This phone enters for %(side)s only.", side=side))
    seat = security.event_seat(game)
    if seat is not None and seat["closed"]:  # as a round moved on: the page says why
        if wants_json_():
            return jsonify(moved=True), 409
        return redirect(url_for("table.phone", token=token))
    return send_part(found, token)


@bp.route("/table/<token>/follow", methods=["POST"])
def follow(token: str) -> Page | Response:
    """Go on to the table's next game ("Play again with the same players"), with the same link."""
    found = phone_or_stop(token)
    if not table_phones.FollowForm().validate_on_submit():
        abort(400)
    game = games.get_game(get_db(), found["game_id"])
    following = event_cards.following(get_db(), game, seated(found))
    if following is not None:  # else the page says how things stand
        side = table_view.side_in(games.get_game(get_db(), following), found)
        phones.follow(get_db(), found, following, side)
    return redirect(url_for(".phone", token=token))


@bp.route("/table/<token>/answer", methods=["POST"])
def answer(token: str) -> Page | Response:
    """Confirm a saved round, or query it with a note; or send the numbers this phone
    was still typing when the scorer saved the round, as a correction (a query with
    the numbers). Sent from the phone's outbox (static/table.js),
    with a key: sent again after a lost answer, it is stored once."""
    found = phone_or_stop(token)
    game = games.get_game(get_db(), found["game_id"])
    correcting = "correction" in request.form
    if found["side"] is None or not game["phones_enter" if correcting else "confirm_rounds"]:
        return gone_here(_("This phone does not confirm rounds: the scorer decides that."))
    wait = security.answers_throttle().wait([("phone", str(found["id"]))])
    if wait:  # a phone sending answers without end: told, and nothing stored
        message = _("This phone has sent too many answers: wait %(n)s seconds.", n=wait)
        if wants_json_():
            return jsonify(message=message), 429
        return render_template("error.html", title=_("Wait a moment"), message=message), 429
    security.answers_throttle().failed([("phone", str(found["id"]))])  # every answer counts
    form = table_sends.SentAnswerForm()
    action = "queried" if "query" in request.form or correcting else "confirmed"
    valid = form.validate_on_submit()
    fields = correction(found, game, form) if correcting else None
    valid = valid and not form.errors
    if valid and action == "queried" and not fields and not (form.note.data or "").strip():
        form.note.errors = [_("Say what looks wrong, so that the scorer can look.")]
        valid = False
    if valid:
        said, status = stored_answer(found, form, action, fields)
        if wants_json_():
            return jsonify(message=said), status
        flash(said)
        return redirect(url_for(".phone", token=token))
    if wants_json_():
        problems = [str(e) for errors in form.errors.values() for e in errors]
        return jsonify(message=" ".join(problems), problems=getattr(form, "problems", [])), 400
    return phone_page(found, token, answer_form=form, status=400)


def wants_json_() -> bool:
    return request.accept_mimetypes.best == "application/json"


def correction(phone: phones.Phone, game: games.Game, answer_form: Any) -> dict[str, Any]:
    """The numbers a correction carries: the phone's side's part as posted, checked
    like a part, field by field and then by the engine (an error is put on the answer
    form, and kept by field for the phone's page: nothing is stored)."""
    game, played, state = games.scored(get_db(), game["id"])
    form = part_form(game, board.build(game, played, state), meta={"csrf": False})
    form.validate()
    side = phone["side"]
    if not own_errors(form, side):
        number = digits(answer_form.number.data or "", 6) or len(played)
        label = round_screen.label(game, number)
        for problem in table_parts.part_problems(game, form, side, label):
            round_errors.show_error(form, problem, game["sides"])
    mine = own_errors(form, side)
    if mine:
        answer_form.note.errors = [*answer_form.note.errors, *(p["text"] for p in mine)]
        answer_form.problems = mine
    return table_parts.part_of(form, side)


def own_errors(form: Any, side: int) -> list[dict[str, Any]]:
    """The problems with this side's fields (and its going out), each with the field's
    name as posted, so that the phone shows each beside its own field."""
    names = [f"s{side}_", "went_out", "concealed"]
    return [
        {"name": field.name, "text": round_errors.labelled(str(field.label.text), str(error))}
        for field in form
        if any(field.name.startswith(n) for n in names)
        for error in field.errors
    ] + [{"name": "", "text": str(e)} for e in form.form_errors]


def stored_answer(
    phone: phones.Phone, form: Any, action: str, fields: dict[str, Any] | None
) -> tuple[str, int]:
    """Keep the answer; what the phone is told, and the status it is told with."""
    number, version = int(form.number.data), int(form.version.data)
    key = form.key.data or None
    note = form.note.data or ""
    try:
        table_answers.answer_round(get_db(), phone, number, version, action, note, key, fields)
    except table_answers.RoundChanged:
        return _("That round changed since you saw it: look at it again."), 409
    except table_answers.AlreadyQueried:
        return _("Your query of round %(n)s is with the scorer already.", n=number), 409
    if fields is not None:
        return _("Your numbers for round %(n)s are with the scorer.", n=number), 200
    queried = _("Round %(n)s queried.", n=number)
    return (queried if action == "queried" else _("Round %(n)s confirmed.", n=number)), 200


def gone_here(reason: str) -> tuple[str, int]:
    return render_template("error.html", title=_("Not allowed"), message=reason), 403


# -- the phone's page -----------------------------------------------------------------


def phone_page(
    phone: phones.Phone,
    token: str,
    form: Any = None,
    answer_form: Any = None,
    clash: dict[str, Any] | None = None,
    status: int = 200,
) -> tuple[str, int]:
    """The phone's page; with ``form``, the part as it was just posted."""
    db = get_db()
    game, played, answer = games.scored(db, phone["game_id"])
    board_ = board.build(game, played, answer)
    number = len(played) + 1
    side = phone["side"]
    seat = security.event_seat(game)  # a club night's table: closed to its phones?
    closed = security.closed_words(seat) if seat and seat["closed"] else None
    entering = (
        side is not None and bool(game["phones_enter"]) and not answer["finished"] and not closed
    )
    draft = phones.drafts(db, game["id"], number).get(side) if side is not None else None
    layout = None
    if entering:
        if form is None:
            data = {
                **(draft["fields"] if draft else {}),
                "number": str(number),
                "version": str(draft["version"] if draft else 0),
            }
            form = part_form(game, board_, data=data)
        form = round_form.with_counters(form)  # shown: with the card counters
        screen = round_screen.Screen.of(game, played, number)
        kind = get_variant(game["variant"])
        layout = round_screen.layout(kind, kind.rules(game["options"]), board_, screen)
    confirming = side is not None and bool(game["confirm_rounds"])
    variant = get_variant(game["variant"])
    following = event_cards.following(db, game, seated(phone)) if answer["finished"] else None
    finished_seat = answer["finished"] and seated(phone)
    place = event_cards.next_place(db, game, phone["who"]) if finished_seat else None
    states = table_view.agreement(game, played) if confirming else None
    changed = table_answers.overrides_of(db, game["id"], phone["id"]) if side is not None else {}
    last = sorted(changed.items())[-3:]  # the last rounds' (older ones are settled)
    told = [(n, [overrides.in_words(o, variant) for o in os]) for n, os in last]
    page = render_template(
        "table.html",
        game=game,
        board=board_,
        phone=phone,
        token=token,
        form=form,
        following=following,
        place=place,
        follow_form=table_phones.FollowForm() if following else None,
        draft=draft,
        clash=clash,
        layout=layout,
        number=number,
        entering=entering,
        variant=variant,
        rules=variant.rules(game["options"]),
        agreement=states,
        to_confirm=table_view.to_confirm(board_.rounds, states) if states else [],
        answer_form=answer_form or table_phones.AnswerForm(),
        screen=round_screen.Screen.of(game, played, number),
        stamp=phone["table_stamp"],
        clock_url=clock_of(game["id"]),
        check_in=table_view.check_in(game),
        problems=round_errors.error_list(form, game["sides"]) if form else [],
        saved=table_view.saved_parts(game, played, board_, side, form) if entering else None,
        outbox=table_view.outbox_words(),
        overridden=told,
        closed=closed,
    )
    return page, status


def seated(phone: phones.Phone) -> str | None:
    """The player a phone enters for, who goes where that player plays next; None
    for a watcher, who stays with the table."""
    return None if phone["side"] is None else str(phone["who"])


def clock_of(game_id: int) -> str | None:
    """Where a club night's table finds its turn's clock, if the game is one."""
    event_id = events.event_of_game(get_db(), game_id)
    return url_for("events.clock_json", event_id=event_id) if event_id else None


def part_form(game: games.Game, board_: board.Board, **kwargs: Any) -> Any:
    variant = get_variant(game["variant"])
    rules = variant.rules(game["options"])
    return round_form.round_form(variant, game["sides"], rules, board_.members, **kwargs)


def send_part(phone: phones.Phone, token: str) -> Page:
    """Check the posted part like the round form, store it as the side's draft."""
    game, played, answer = games.scored(get_db(), phone["game_id"])
    board_ = board.build(game, played, answer)
    form = part_form(game, board_)
    wants_json = wants_json_()
    if form.validate_on_submit():
        label = round_screen.label(game, len(played) + 1)
        for problem in table_parts.part_problems(game, form, phone["side"], label):
            round_errors.show_error(form, problem, game["sides"])
    if not form.errors and form.number.data:
        return store_part(phone, token, form, wants_json)
    if wants_json:
        return jsonify(problems=round_errors.error_list(form, game["sides"])), 400
    return phone_page(phone, token, form=form, status=400)


def store_part(phone: phones.Phone, token: str, form: Any, wants_json: bool) -> Page:
    fields = table_parts.part_of(form, phone["side"])
    number, version = int(form.number.data), int(form.version.data or 0)
    try:
        key = table_sends.posted_key(request.form)
        saved = phones.save_draft(get_db(), phone, number, fields, version, key)
    except phones.DraftClash as clash:
        if wants_json:
            return jsonify(clash=clash.current["who"], gone=bool(clash.current.get("gone"))), 409
        form.version.data = str(clash.current["version"])
        return phone_page(phone, token, form=form, clash=clash.current, status=409)
    except phones.RoundMovedOn:
        if wants_json:
            return jsonify(moved=True), 409
        return redirect(url_for("table.phone", token=token))
    if wants_json:
        return jsonify(version=saved)
    return redirect(url_for("table.phone", token=token))


def foreign(phone: phones.Phone) -> bool:
    return bool(table_parts.foreign_keys(request.form, phone["side"]))
