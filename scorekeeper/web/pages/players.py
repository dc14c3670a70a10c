"""Looking back: every player's record and rating, one player's statistics,
their partners and opponents, two players together, the leaderboards."""

from __future__ import annotations

from datetime import date
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...data import leaderboards, tallies
from ...data import players as people
from ...data.connection import get_db
from ...scoring import ratings
from ..forms import general
from ..http import security
from ..http.i18n import _, number, say
from ..shown import charts

bp = Blueprint("players", __name__)


@bp.route("/players")
def players() -> str:
    db = get_db()
    return render_template(
        "players.html", players=people.ranking(db), ratings=leaderboards.overall(db)
    )


@bp.route("/players/<int:player_id>")
def player(player_id: int) -> str | Response:
    db = get_db()
    row = people.player(db, player_id) or abort(404)
    other = general.query_id("vs")
    if other:
        return redirect(url_for(".head_to_head", a=player_id, b=other))
    return player_page(row, general.PlayerNameForm(data={"name": row["name"]}))


def player_page(row: dict[str, Any], rename_form: Any) -> str:
    db, player_id = get_db(), row["id"]
    months = tallies.months(db, player_id)
    return render_template(
        "player.html", player=row, stats=people.statistics(db, player_id),
        chart=charts.win_rate(
            months,
            _("%(name)s: win rate over time", name=row["name"]),
            (_("running win rate"), _("win rate")),
        ),
        others=[p for p in people.all_players(db) if p["id"] != player_id],
        results=people.latest_games(db, player_id), rename_form=rename_form,
        may_change=security.may_create(), ratings=leaderboards.of_player(db, player_id),
        settling=ratings.SETTLING,
        rating_chart=charts.rating_course(
            leaderboards.course(db, player_id),
            _("%(name)s: rating over time", name=row["name"]), (_("rating"), _("games")), number,
        ),
    )  # fmt: skip


@bp.route("/players/<int:player_id>/rename", methods=["POST"])
def rename(player_id: int) -> str | Response | tuple[str, int]:
    """A new name for a player: unique in any case, the same rules as a seat."""
    db = get_db()
    row = people.player(db, player_id) or abort(404)
    if not security.may_create():
        abort(403)
    form = general.PlayerNameForm()
    if form.validate_on_submit():
        try:
            people.rename(db, player_id, form.name.data)
        except people.NameTaken as error:
            form.name.errors.append(say(error))
        else:
            flash(_("%(old)s is now called %(new)s.", old=row["name"], new=form.name.data))
            return redirect(url_for(".player", player_id=player_id))
    return player_page(row, form), 400


@bp.route("/players/<int:a>/vs/<int:b>")
def head_to_head(a: int, b: int) -> str:
    db = get_db()
    first, second = people.player(db, a), people.player(db, b)
    if not first or not second or a == b:
        abort(404)
    return render_template(
        "head_to_head.html", a=first, b=second, h2h=people.head_to_head(db, a, b),
        pair=leaderboards.partnership(db, a, b),
    )  # fmt: skip


@bp.route("/players/<int:player_id>/partners")
def partners(player_id: int) -> str:
    """A player's best partners and toughest opponents."""
    db = get_db()
    row = people.player(db, player_id) or abort(404)
    return render_template(
        "partners.html", player=row, best=leaderboards.partners(db, player_id, True),
        toughest=leaderboards.partners(db, player_id, False),
    )  # fmt: skip


@bp.route("/leaderboard")
def leaderboard() -> tuple[str, int]:
    """The players with enough games in a variant (or all) over a period, by rating."""
    form = general.LeaderboardForm(request.args)  # with no choice made: the defaults
    if request.args and not form.validate():
        return render_template("leaderboard.html", form=form, lines=None), 400
    first = leaderboards.since(form.period.data, date.today())
    lines = leaderboards.leaderboard(get_db(), form.scope.data, first, form.least.data)
    return render_template(
        "leaderboard.html", form=form, lines=lines, first=first, settling=ratings.SETTLING
    ), 200
