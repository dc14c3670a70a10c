"""Removing a game or a player (after a confirmation page), the history of
removals, and undoing one. Every removal is soft: see ``data.games.removals``."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...data.connection import get_db
from ...data.games import games, players as people, removals
from ...data.games.games import NotFound
from ...scoring import get_variant
from ..forms import general
from ..http import security
from ..http.i18n import _

bp = Blueprint("removals", __name__)
Page = str | Response | tuple[str, int]


def game_label(game: dict[str, Any]) -> str:
    """A game as the history of removals names it (kept in the words of whoever removed it)."""
    title = game["name"] or _(get_variant(game["variant"]).name)
    return f"{title}: {' · '.join(game['sides'])} ({game['evening']['date']})"


@bp.route("/games/<int:game_id>/remove", methods=["GET", "POST"])
def remove_game(game_id: int) -> Page:
    db = get_db()
    game = games.get_game(db, game_id)
    security.guard_removal(game)
    if game["removed_at"]:
        flash(_("That game was already removed."))
        return redirect(url_for(".history"))
    form = general.RemoveForm()
    if form.validate_on_submit():
        removals.remove_game(db, game_id, game_label(game), form.by.data or "")
        flash(_("Removed %(what)s. Undo it from the history of removals.", what=game_label(game)))
        return redirect(url_for("games.index"))
    page = render_template(
        "remove.html",
        form=form,
        kind="game",
        what=game_label(game),
        known=people.names(db),
        back=url_for("games.scoreboard", game_id=game_id),
    )
    return (page, 400) if request.method == "POST" else page


@bp.route("/players/<int:player_id>/remove", methods=["GET", "POST"])
def remove_player(player_id: int) -> Page:
    db = get_db()
    row = people.player(db, player_id) or abort(404)
    if not security.may_create():
        abort(403)
    if row["removed_at"]:
        flash(_("%(name)s was already removed.", name=row["name"]))
        return redirect(url_for(".history"))
    form = general.RemoveForm()
    if form.validate_on_submit():
        removals.remove_player(db, player_id, row["name"], form.by.data or "")
        flash(_("Removed %(what)s. Undo it from the history of removals.", what=row["name"]))
        return redirect(url_for("players.players"))
    page = render_template(
        "remove.html",
        form=form,
        kind="player",
        what=row["name"],
        known=people.names(db),
        back=url_for("players.player", player_id=player_id),
    )
    return (page, 400) if request.method == "POST" else page


@bp.route("/removals")
def history() -> str:
    return render_template(
        "removals.html", removals=removals.history(get_db()), form=general.UndoForm()
    )


@bp.route("/removals/<int:removal_id>/undo", methods=["POST"])
def undo(removal_id: int) -> Response:
    db = get_db()
    try:
        row = removals.removal(db, removal_id)
    except NotFound:
        if not security.may_create():
            abort(403)  # says nothing of what exists to a browser that may not change it
        raise
    if row["kind"] == "game":
        security.guard(games.get_game(db, row["target_id"]))
    elif not security.may_create():
        abort(403)
    form = general.UndoForm()
    if not form.validate_on_submit():
        abort(400)
    removals.undo(db, removal_id)
    flash(_("%(what)s is back.", what=row["what"]))
    if row["kind"] == "game":
        return redirect(url_for("games.scoreboard", game_id=row["target_id"]))
    return redirect(url_for("players.player", player_id=row["target_id"]))
