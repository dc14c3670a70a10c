"""Looking back: every player's record and rating, one player's statistics,
their partners and opponents, two players together, the leaderboards."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    get_flashed_messages,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.wrappers import Response

from ...data.connection import get_db
from ...data.events import player_results
from ...data.games import players as people, tallies
from ...data.ratings import leaderboards
from ...ratings import model as ratings
from ..forms import general
from ..http import page_cache, security
from ..http.i18n import _, number, say
from ..shown import charts, labels

bp = Blueprint("players", __name__)


PAGES = page_cache.PageCache()  # the players page and players' pages, as last shown


def kept(kind: str, shown: dict[str, Any], render: Callable[[], str]) -> str | bytes:
    """A page of looking back, rendered once and kept under a digest of everything it
    shows (``shown``, read afresh for every request: a save, correction, removal,
    import or rename that changes any of it makes a new key, so it shows at once)
    and of the request's path and language. Not kept with a flashed message."""
    if get_flashed_messages():  # this browser's own: rendered for it alone
        return render()
    where = (current_app.config["DATABASE"], request.script_root, request.full_path)
    key = page_cache.page_key(kind, where, page_cache.digest(shown))
    return PAGES.get_or_render(key, render)


@bp.route("/players")
def players() -> str | bytes:
    everyone = people.ranking(get_db())  # with each one's rating
    return kept(
        "players", {"players": everyone}, lambda: render_template("players.html", players=everyone)
    )


@bp.route("/players/<int:player_id>")
def player(player_id: int) -> str | bytes | Response:
    db = get_db()
    row = people.player(db, player_id) or abort(404)
    other = general.query_id("vs")
    if other:
        return redirect(url_for(".head_to_head", a=player_id, b=other))
    shown = player_shown(row)
    return kept(
        "player",
        shown,
        lambda: player_page(shown, general.PlayerNameForm(data={"name": row["name"]})),
    )


def player_shown(row: dict[str, Any]) -> dict[str, Any]:
    """Everything a player's page shows, as read (its charts are drawn from it)."""
    db, player_id = get_db(), row["id"]
    return dict(
        player=row,
        stats=people.statistics(db, player_id),
        months=tallies.months(db, player_id),
        others=[p for p in people.all_players(db) if p["id"] != player_id],
        results=people.latest_games(db, player_id),
        may_change=security.may_create(),
        ratings=leaderboards.of_player(db, player_id),
        course=leaderboards.course(db, player_id),
    )


def player_page(shown: dict[str, Any], rename_form: Any) -> str:
    name = shown["player"]["name"]
    return render_template(
        "player.html",
        **shown,
        rename_form=rename_form,
        settling=ratings.SETTLING,
        chart=charts.win_rate(
            shown["months"],
            _("%(name)s: win rate over time", name=name),
            (_("running win rate"), _("win rate")),
        ),
        rating_chart=charts.rating_course(
            shown["course"],
            _("%(name)s: rating over time", name=name),
            (_("rating"), _("games")),
            number,
            labels.day,
        ),
    )


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
    return player_page(player_shown(row), form), 400


@bp.route("/players/<int:a>/vs/<int:b>")
def head_to_head(a: int, b: int) -> str:
    db = get_db()
    first, second = people.player(db, a), people.player(db, b)
    if not first or not second or a == b:
        abort(404)
    return render_template(
        "head_to_head.html",
        a=first,
        b=second,
        h2h=people.head_to_head(db, a, b),
        pair=leaderboards.partnership(db, a, b),
    )


@bp.route("/players/<int:player_id>/results")
def results(player_id: int) -> str:
    """A player's own results at club nights (on their phone): every event with
    their place and each turn's meeting, their series, their rating."""
    db = get_db()
    row = people.player(db, player_id) or abort(404)
    return render_template(
        "player_results.html",
        player=row,
        ratings=leaderboards.of_player(db, player_id),
        **player_results.player_results(db, row["name"]),
    )


@bp.route("/players/<int:player_id>/partners")
def partners(player_id: int) -> str:
    """A player's best partners and toughest opponents."""
    db = get_db()
    row = people.player(db, player_id) or abort(404)
    return render_template(
        "partners.html",
        player=row,
        best=leaderboards.partners(db, player_id, True),
        toughest=leaderboards.partners(db, player_id, False),
    )


@bp.route("/leaderboard")
def leaderboard() -> tuple[str, int]:
    """The players with enough games in a variant (or all) over a period, by rating."""
    form = general.LeaderboardForm(request.args)  # with no choice made: the defaults
    if request.args and not form.validate():
        return render_template("leaderboard.html", form=form, lines=None), 400
    first = leaderboards.since(form.period.data, date.today())
    least = form.least.data if form.least.data is not None else form.least.default
    lines = leaderboards.leaderboard(get_db(), form.scope.data, first, least)
    return render_template(
        "leaderboard.html", form=form, lines=lines, first=first, settling=ratings.SETTLING
    ), 200
