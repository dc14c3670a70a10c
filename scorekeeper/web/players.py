"""Looking back: every player's record, one player's statistics, head to head."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..data import players as people
from ..data import tallies
from ..data.connection import get_db
from . import charts

bp = Blueprint("players", __name__)


@bp.route("/players")
def players() -> str:
    return render_template("players.html", players=people.ranking(get_db()))


@bp.route("/players/<int:player_id>")
def player(player_id: int) -> str | Response:
    db = get_db()
    row = people.player(db, player_id) or abort(404)
    other = request.args.get("vs", type=int)
    if other:
        return redirect(url_for(".head_to_head", a=player_id, b=other))
    months = tallies.months(db, player_id)
    return render_template(
        "player.html", player=row, stats=people.statistics(db, player_id),
        chart=charts.win_rate(months, f"{row['name']}: win rate over time"),
        others=[p for p in people.all_players(db) if p["id"] != player_id],
        results=people.latest_games(db, player_id),
    )  # fmt: skip


@bp.route("/players/<int:a>/vs/<int:b>")
def head_to_head(a: int, b: int) -> str:
    db = get_db()
    first, second = people.player(db, a), people.player(db, b)
    if not first or not second or a == b:
        abort(404)
    return render_template(
        "head_to_head.html", a=first, b=second, h2h=people.head_to_head(db, a, b)
    )
