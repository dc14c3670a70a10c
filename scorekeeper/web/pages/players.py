"""Looking back: every player's record, one player's statistics, head to head."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, url_for
from werkzeug.wrappers import Response

from ...data import players as people
from ...data import tallies
from ...data.connection import get_db
from ..forms import general
from ..http import security
from ..http.i18n import _, say
from ..shown import charts

bp = Blueprint("players", __name__)


@bp.route("/players")
def players() -> str:
    return render_template("players.html", players=people.ranking(get_db()))


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
        may_change=security.may_create(),
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
        "head_to_head.html", a=first, b=second, h2h=people.head_to_head(db, a, b)
    )
