"""Looking back: past evenings, newest first, and one evening with every game."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...data.connection import get_db
from ...data.games import evenings as history, games, players
from ...scoring import VARIANTS
from ..forms import general
from ..forms.whole_numbers import digits
from ..http import security
from ..http.i18n import _
from ..shown import board

bp = Blueprint("evenings", __name__)


MAX_PAGE = 10**6  # far past the last page; keeps OFFSET within SQLite's integers


def page_number() -> int:
    found = digits(request.args.get("page", "1"), 7)
    return 1 if found is None else min(MAX_PAGE, max(1, found))


@bp.route("/evenings")
def evenings() -> str:
    db = get_db()
    player = (request.args.get("player") or "").strip()[:40] or None
    variant = request.args.get("variant") if request.args.get("variant") in VARIANTS else None
    page = page_number()
    rows, count = history.evenings(db, player, variant, page)
    pages = max(1, -(-count // history.PAGE_SIZE))
    return render_template(
        "evenings.html",
        evenings=rows,
        count=count,
        page=page,
        pages=pages,
        player=player,
        variant=variant,
        known=players.names(db),
    )


def boards_of(db: Any, evening_id: int) -> list[tuple[games.Game, board.Board]]:
    """Every game of an evening with its scoreboard."""
    out = []
    for game_id in games.games_of_evening(db, evening_id):
        game, played, answer = games.scored(db, game_id)
        out.append((game, board.build(game, played, answer)))
    return out


IN_SHORT = 60  # rounds: a longer game is shown on an evening's page (and printout) in short,
# its rounds on its own page; an evening's page costs no more than its games' number then


@bp.route("/evenings/<int:evening_id>", methods=["GET", "POST"])
def evening(evening_id: int) -> str | Response | tuple[str, int]:
    db = get_db()
    row = history.evening(db, evening_id) or abort(404)
    form = general.EveningForm(data={"name": row["name"], "note": row["note"]})
    if request.method == "POST":
        security.guard_app()  # an evening is no one game's: the app passphrase guards it
    if form.validate_on_submit():
        history.update_evening(db, evening_id, form.name.data.strip(), form.note.data.strip())
        flash(_("Saved."))
        return redirect(url_for(".evening", evening_id=evening_id))
    boards = boards_of(db, evening_id)
    page = render_template("evening.html", evening=row, form=form, boards=boards, summary=IN_SHORT)
    return (page, 400) if request.method == "POST" else page
