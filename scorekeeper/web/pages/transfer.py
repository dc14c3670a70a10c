"""Export (JSON or CSV, everything, an evening or a game) and import pages."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...data.connection import get_db
from ...data.games import evenings, games
from ...data.transfer import transfer as files
from ...data.transfer.kept import KeptRound
from ..forms import general
from ..http import security
from ..http.i18n import _, ngettext, say

bp = Blueprint("transfer", __name__)
IMPORT_LIMIT = files.MAX_BYTES + 64 * 1024  # the file, and the form around it


def download(data: dict[str, Any], kind: str, name: str) -> Response:
    db = get_db()
    body = files.to_csv(db, data) if kind == "csv" else files.to_json(data)
    mimetype = "text/csv" if kind == "csv" else "application/json"
    disposition = f'attachment; filename="{name}.{kind}"'
    return Response(body, mimetype=mimetype, headers={"Content-Disposition": disposition})


@bp.route("/export.<any(json, csv):kind>")
def export_all(kind: str) -> Response:
    return download(files.export(get_db()), kind, "scorekeeper")


@bp.route("/evenings/<int:evening_id>/export.<any(json, csv):kind>")
def export_evening(evening_id: int, kind: str) -> Response:
    evenings.evening(get_db(), evening_id) or abort(404)
    return download(files.export(get_db(), [evening_id]), kind, f"evening-{evening_id}")


@bp.route("/games/<int:game_id>/export.<any(json, csv):kind>")
def export_game(game_id: int, kind: str) -> Response:
    game = games.get_game(get_db(), game_id)
    data = files.export(get_db(), [game["evening_id"]], [game_id])
    return download(data, kind, f"game-{game_id}")


@bp.route("/import", methods=["GET", "POST"])
def import_file() -> str | Response | tuple[str, int]:
    """Upload an export. Imports add games to no game in particular, so the
    app-wide passphrase (when set) guards it, as it guards starting a game."""
    security.guard_app()
    request.max_content_length = IMPORT_LIMIT  # an export of years of evenings
    form = general.ImportForm()
    if form.validate_on_submit():
        try:
            data = files.parse(form.file.data.read(files.MAX_BYTES + 1))
            kept: list[KeptRound] = []
            counts = files.import_data(get_db(), data, kept=kept)
        except files.ImportProblem as error:
            form.file.errors.append(_("Nothing was imported: %(problem)s", problem=say(error)))
        else:
            flash(_("Imported: %(counts)s.", counts=", ".join(imported(counts))))
            if kept:
                flash(kept_as_played(kept))
            return redirect(url_for("evenings.evenings"))
    page = render_template("import.html", form=form)
    return (page, 400) if request.method == "POST" else page


SAID_KEPT = 10  # rounds named one by one; more are counted


def kept_as_played(kept: list[KeptRound]) -> str:
    """Which rounds an import kept as played despite a check added after they were
    played, in the reader's words."""
    named = [
        _(
            "%(date)s, %(game)s, round %(n)s: %(problem)s",
            date=k.date,
            game=k.game,
            n=k.number,
            problem=say(k.problem),
        )
        for k in kept[:SAID_KEPT]
    ]
    more = len(kept) - SAID_KEPT
    if more > 0:
        named.append(ngettext("and %(num)s more", "and %(num)s more", more))
    head = _(
        "Kept as played, though they break a check added after they were played "
        "(each marked on its scoreboard and in its history):"
    )
    return f"{head} {'; '.join(named)}."


def imported(counts: dict[str, int]) -> list[str]:
    """What an import added, in the reader's words: "18 evenings added"."""
    said = {
        "evenings added": lambda n: ngettext("%(num)s evening added", "%(num)s evenings added", n),
        "games added": lambda n: ngettext("%(num)s game added", "%(num)s games added", n),
        "games already here": lambda n: ngettext(
            "%(num)s game already here", "%(num)s games already here", n
        ),
        "rule sets added": lambda n: ngettext(
            "%(num)s rule set added", "%(num)s rule sets added", n
        ),
    }
    return [said[what](n) for what, n in counts.items()]
