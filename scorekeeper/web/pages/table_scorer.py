"""The scorer's word to the phones. A query answered: the round stands as entered.
A phone taking over a seat: a phone that joins for a player
(or side) whose seat has a phone already asks the scorer for it, and waits on its
own page; the scorer hands the seat over on the scoreboard (or refuses). Then the
new phone has the seat's part, confirmations and history, and the old phone's link
says that another phone took the seat over. Also ``gone``: the page of any phone
link that no longer works, and why."""

from __future__ import annotations

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
from ...data.games import games
from ...data.table import seats as table_seats, table as phones
from ..forms import general, table_sends
from ..http import security
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
        why = _("Another phone took over %(who)s’s seat, with the scorer’s word: this link no "
                "longer works.", who=asked["who"])  # fmt: skip
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
    if request.if_none_match.contains(etag):
        response = Response(status=304)
    else:
        page = render_template("seat_waiting.html", asked=asked, token=token,
                               stamp=asked["table_stamp"])  # fmt: skip
        response = make_response(page)
    response.set_etag(etag)
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
    form = general.StandsForm()
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
            phones.stands(get_db(), game_id, number, int(form.version.data), note)
        except phones.RoundChanged as problem:
            text = say(problem)
            flash(text[:1].upper() + text[1:] + ".")
        else:
            flash(_("Round %(n)s stands as entered; the phones are told.", n=label))
    return redirect(url_for("games.scoreboard", game_id=game_id))
