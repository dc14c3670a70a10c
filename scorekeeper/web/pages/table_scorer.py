"""The scorer's side of the table: the table's settings, its join code's QR code,
removing a phone, the stamp the scorer's pages poll, and the scorer's word to the
phones. A query answered: the round stands as entered. A phone taking over a seat:
a phone that joins for a player (or side) whose seat has a phone already asks the
scorer for it, and waits on its own page; the scorer hands the seat over on the
scoreboard (or refuses). Then the new phone has the seat's part, confirmations and
history, and the old phone's link says that another phone took the seat over. Also
``gone``: the page of any phone link that no longer works, and why."""

from __future__ import annotations

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
from ...data.games import games
from ...data.table import answers as table_answers, seats as table_seats, table as phones
from ..forms import table_phones, table_sends
from ..http import hosts, security
from ..http.i18n import _, say
from ..shown import round_screen
from . import sharing

bp = Blueprint("table_scorer", __name__)


def gone(reason: str, status: int) -> tuple[str, int]:
    """A phone without (or no longer with) a place at the table: say why, and how back."""
    return render_template("table_gone.html", reason=reason), status


def asked_page(token: str) -> Response | None:
    """The page of a link that asked for a seat, or lost it; None if it did neither."""
    asked = table_seats.request_of(get_db(), token)
    if asked is None:
        return None
    if asked["lost"]:
        why = _(
            "Another phone took over %(who)s’s seat, with the scorer’s word: this link no "
            "longer works.",
            who=asked["who"],
        )
        return make_response(gone(why, 410))
    if asked["seat_removed"]:  # the scorer removed the seat's phone meanwhile: join again
        return make_response(
            gone(_("The scorer removed this phone: this link no longer works."), 410)
        )
    if asked["state"] == "refused":
        return make_response(gone(_("The scorer did not hand this seat over."), 410))
    if asked["state"] == "superseded":
        return make_response(gone(_("Another phone asked for this seat after this one."), 410))
    etag = f"t{asked['table_stamp']}"  # polled like a phone's page: moves when answered
    if request.if_none_match.contains_weak(etag):
        response = Response(status=304)
    else:
        page = render_template(
            "seat_waiting.html", asked=asked, token=token, stamp=asked["table_stamp"]
        )
        response = make_response(page)
    response.set_etag(etag, weak=True)  # the same page whatever its compression
    response.headers["Cache-Control"] = sharing.SECRET
    return response


@bp.route("/games/<int:game_id>/table/seats/<int:request_id>", methods=["POST"])
def answer(game_id: int, request_id: int) -> Response:
    """The scorer hands a seat to the phone that asked for it, or refuses."""
    game = games.get_game(get_db(), game_id)
    security.guard_change(game)
    if not table_sends.SeatAnswerForm().validate_on_submit():
        abort(400)
    agree = "agree" in request.form
    if not table_seats.answer(get_db(), game_id, request_id, agree):
        flash(_("That request was answered already, or withdrawn."))
    elif agree:
        flash(_("Seat handed over: the old phone’s link no longer works."))
    else:
        flash(_("Request refused: the seat keeps its phone."))
    return redirect(url_for("games.scoreboard", game_id=game_id, _anchor="table"))


@bp.route("/games/<int:game_id>/rounds/<int:number>/stands", methods=["POST"])
def stands(game_id: int, number: int) -> tuple[str, int] | Response:
    """The scorer answers a phone's query: the round stands as entered, with a word
    back; the query is cleared on every phone (correcting the round clears it too)."""
    game = games.get_game(get_db(), game_id)
    security.guard_change(game)
    form = table_phones.StandsForm()
    label = round_screen.label(game, number)
    if not form.validate_on_submit():
        if "csrf_token" in form.errors:  # from elsewhere, or expired: nothing stored
            message = _("The form had expired or came from elsewhere: nothing was sent.")
            return render_template("error.html", title=_("Not sent"), message=message), 400
        problems = [e for errors in form.errors.values() for e in errors]
        flash(" ".join(str(p) for p in problems))
    else:
        try:
            note = form.note.data or ""
            table_answers.stands(get_db(), game_id, number, int(form.version.data), note)
        except table_answers.RoundChanged as problem:
            text = say(problem)
            flash(text[:1].upper() + text[1:] + ".")
        else:
            flash(_("Round %(n)s stands as entered; the phones are told.", n=label))
    return redirect(url_for("games.scoreboard", game_id=game_id))


@bp.route("/games/<int:game_id>/table", methods=["POST"])
def settings(game_id: int) -> Response:
    """The scorer's house settings: may phones enter parts, must rounds be confirmed."""
    game = games.get_game(get_db(), game_id)
    security.guard_change(game)
    form = table_phones.TableSettingsForm()
    if not form.validate_on_submit():
        abort(400)
    phones.set_settings(get_db(), game_id, form.phones_enter.data, form.confirm_rounds.data)
    flash(_("Table settings saved."))
    return redirect(url_for("games.scoreboard", game_id=game_id, _anchor="table"))


@bp.route("/games/<int:game_id>/table/phones/<int:phone_id>/remove", methods=["GET", "POST"])
def remove(game_id: int, phone_id: int) -> str | Response:
    """Asked first (a page of its own, so a slip of the thumb on the scoreboard
    removes nobody), then done: the phone's link stops working at once."""
    game = games.get_game(get_db(), game_id)
    security.guard_change(game)
    phone = next((p for p in phones.phones(get_db(), game_id) if p["id"] == phone_id), None)
    if phone is None:
        abort(404)
    form = table_phones.RemovePhoneForm()
    if request.method == "GET":
        return render_template("remove_phone.html", game=game, phone=phone, form=form)
    if not form.validate_on_submit():
        abort(400)
    if not phones.remove_phone(get_db(), game_id, phone_id):
        abort(404)
    flash(_("Phone removed: its link no longer works."))
    return redirect(url_for("games.scoreboard", game_id=game_id, _anchor="table"))


@bp.route("/games/<int:game_id>/join.svg")
def join_qr(game_id: int) -> Response:
    game = games.get_game(get_db(), game_id)
    security.guard_change(game)
    link = hosts.phone_url("table.join", code=phones.join_code(get_db(), game_id))
    return Response(
        sharing.qr_svg(link), mimetype="image/svg+xml", headers={"Cache-Control": sharing.SECRET}
    )


@bp.route("/games/<int:game_id>/table/stamp")
def game_stamp(game_id: int) -> Response:
    """What the scorer's pages poll: moves on every round, part, phone and answer."""
    found = phones.stamp(get_db(), game_id)
    if found is None:
        abort(404)
    return stamp_answer(found)


def stamp_answer(value: int) -> Response:
    """The stamp as JSON with an ETag; 304 (no body) when the phone has it already."""
    etag = f"t{value}"
    if request.if_none_match.contains_weak(etag):
        response = Response(status=304)
    else:
        response = jsonify(stamp=value)
    response.set_etag(etag, weak=True)
    response.headers["Cache-Control"] = "no-cache"
    return response
