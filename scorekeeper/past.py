"""Looking back: past evenings, player statistics, printed summaries, export and
import. Thin, like views.py: read the history queries, render."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for

from . import board, charts, forms, history, store, tally, transfer
from .db import get_db
from .scoring import VARIANTS

bp = Blueprint("past", __name__)
IMPORT_LIMIT = 50 * 1024 * 1024


def page_number() -> int:
    try:
        return max(1, int(request.args.get("page", 1)))
    except ValueError:
        return 1


@bp.route("/evenings")
def evenings() -> str:
    db = get_db()
    player = (request.args.get("player") or "").strip()[:40] or None
    variant = request.args.get("variant") if request.args.get("variant") in VARIANTS else None
    page = page_number()
    rows, count = history.evenings(db, player, variant, page)
    pages = max(1, -(-count // history.PAGE_SIZE))
    return render_template(
        "evenings.html", evenings=rows, count=count, page=page, pages=pages, player=player,
        variant=variant, known=store.player_names(db),
    )  # fmt: skip


def boards_of(db: Any, evening_id: int) -> list[tuple[dict, Any]]:
    games = [
        r["id"]
        for r in db.query("SELECT id FROM games WHERE evening_id = ? ORDER BY id", [evening_id])
    ]
    out = []
    for game_id in games:
        game, rounds, answer = store.scored(db, game_id)
        out.append((game, board.build(game, rounds, answer)))
    return out


@bp.route("/evenings/<int:evening_id>", methods=["GET", "POST"])
def evening(evening_id: int) -> str | Response | tuple[str, int]:
    db = get_db()
    row = history.evening(db, evening_id) or abort(404)
    form = forms.EveningForm(data={"name": row["name"], "note": row["note"]})
    if form.validate_on_submit():
        history.update_evening(db, evening_id, form.name.data.strip(), form.note.data.strip())
        flash("Saved.")
        return redirect(url_for(".evening", evening_id=evening_id))
    page = render_template("evening.html", evening=row, form=form, boards=boards_of(db, evening_id))
    return (page, 400) if request.method == "POST" else page


@bp.route("/players")
def players() -> str:
    return render_template("players.html", players=history.players(get_db()))


@bp.route("/players/<int:player_id>")
def player(player_id: int) -> str | Response:
    db = get_db()
    row = history.player(db, player_id) or abort(404)
    other = request.args.get("vs", type=int)
    if other:
        return redirect(url_for(".head_to_head", a=player_id, b=other))
    months = tally.months(db, player_id)
    return render_template(
        "player.html", player=row, stats=history.statistics(db, player_id),
        chart=charts.win_rate(months, f"{row['name']}: win rate over time"),
        others=[p for p in store.players(db) if p["id"] != player_id],
        results=history.latest_games(db, player_id),
    )  # fmt: skip


@bp.route("/players/<int:a>/vs/<int:b>")
def head_to_head(a: int, b: int) -> str:
    db = get_db()
    first, second = history.player(db, a), history.player(db, b)
    if not first or not second or a == b:
        abort(404)
    return render_template(
        "head_to_head.html", a=first, b=second, h2h=history.head_to_head(db, a, b)
    )


# -- printed summaries ----------------------------------------------------------


@bp.route("/games/<int:game_id>/print")
def print_game(game_id: int) -> str:
    game, rounds, answer = store.scored(get_db(), game_id)
    return render_template("print_game.html", game=game, board=board.build(game, rounds, answer))


@bp.route("/games/<int:game_id>/rounds/<int:number>/print")
def print_round(game_id: int, number: int) -> str:
    game, rounds, answer = store.scored(get_db(), game_id)
    if not 1 <= number <= len(rounds):
        abort(404)
    board_ = board.build(game, rounds, answer)
    return render_template("print_round.html", game=game, board=board_, r=board_.rounds[number - 1])


@bp.route("/evenings/<int:evening_id>/print")
def print_evening(evening_id: int) -> str:
    db = get_db()
    row = history.evening(db, evening_id) or abort(404)
    return render_template("print_evening.html", evening=row, boards=boards_of(db, evening_id))


# -- export and import ----------------------------------------------------------


def download(data: dict, kind: str, name: str) -> Response:
    db = get_db()
    body = transfer.to_csv(db, data) if kind == "csv" else transfer.to_json(data)
    mimetype = "text/csv" if kind == "csv" else "application/json"
    disposition = f'attachment; filename="{name}.{kind}"'
    return Response(body, mimetype=mimetype, headers={"Content-Disposition": disposition})


@bp.route("/export.<any(json, csv):kind>")
def export_all(kind: str) -> Response:
    return download(transfer.export(get_db()), kind, "scorekeeper")


@bp.route("/evenings/<int:evening_id>/export.<any(json, csv):kind>")
def export_evening(evening_id: int, kind: str) -> Response:
    history.evening(get_db(), evening_id) or abort(404)
    return download(transfer.export(get_db(), [evening_id]), kind, f"evening-{evening_id}")


@bp.route("/games/<int:game_id>/export.<any(json, csv):kind>")
def export_game(game_id: int, kind: str) -> Response:
    game = store.get_game(get_db(), game_id)
    data = transfer.export(get_db(), [game["evening_id"]], [game_id])
    return download(data, kind, f"game-{game_id}")


@bp.route("/import", methods=["GET", "POST"])
def import_file() -> str | Response | tuple[str, int]:
    request.max_content_length = IMPORT_LIMIT  # an export of years of evenings
    form = forms.ImportForm()
    if form.validate_on_submit():
        try:
            data = json.loads(form.file.data.read().decode("utf-8"))
            counts = transfer.import_data(get_db(), data)
        except (UnicodeDecodeError, ValueError, transfer.ImportProblem) as error:
            form.file.errors.append(f"Nothing was imported: {error}")
        else:
            flash("Imported: " + ", ".join(f"{n} {what}" for what, n in counts.items()) + ".")
            return redirect(url_for(".evenings"))
    page = render_template("import.html", form=form)
    return (page, 400) if request.method == "POST" else page
