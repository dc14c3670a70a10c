"""Printed summaries: a game, a round, an evening, laid out for A4 and Letter."""

from __future__ import annotations

from flask import Blueprint, abort, render_template

from ...data.connection import get_db
from ...data.games import evenings, games
from ..shown import board
from .evenings import IN_SHORT, boards_of

bp = Blueprint("printouts", __name__)


@bp.route("/games/<int:game_id>/print")
def print_game(game_id: int) -> str:
    game, played, answer = games.scored(get_db(), game_id)
    return render_template("print_game.html", game=game, board=board.build(game, played, answer))


@bp.route("/games/<int:game_id>/rounds/<int:number>/print")
def print_round(game_id: int, number: int) -> str:
    game, played, answer = games.scored(get_db(), game_id)
    if not 1 <= number <= len(played):
        abort(404)
    board_ = board.build(game, played, answer)
    return render_template("print_round.html", game=game, board=board_, r=board_.rounds[number - 1])


ONE_TABLE = 6  # an evening of more games prints a line a game (a club's day: 38 games)


@bp.route("/evenings/<int:evening_id>/print")
def print_evening(evening_id: int) -> str:
    db = get_db()
    row = evenings.evening(db, evening_id) or abort(404)
    boards = boards_of(db, evening_id)
    return render_template(
        "print_evening.html", evening=row, boards=boards, summary=IN_SHORT, one_table=ONE_TABLE
    )
