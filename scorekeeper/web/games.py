"""The table: the game list, a new game, the scoreboard and a game's history."""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    abort,
    current_app,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from werkzeug.wrappers import Response

from ..data import evenings, games, rounds
from ..data import players as people
from ..data.connection import get_db
from ..scoring import ScoringError, Variant
from ..scoring.seating import side_names, teams
from . import board, forms, page_cache, security
from .rules import variant_or_404

bp = Blueprint("games", __name__)


@bp.route("/")
def index() -> str:
    return render_template("index.html", games=games.recent_games(get_db()))


@bp.route("/games/new")
def choose() -> str | Response:
    if not security.may_create():
        abort(403)
    form = forms.ChooseVariantForm(request.args)
    if request.args and form.validate():
        return redirect(
            url_for(".new_game", variant_id=form.variant.data, players=form.players.data)
        )
    return render_template("choose.html", form=form)


@bp.route("/games/new/<variant_id>/<int:players>", methods=["GET", "POST"])
def new_game(variant_id: str, players: int) -> str | Response | tuple[str, int]:
    variant = variant_or_404(variant_id)
    if players not in variant.players:
        abort(404)
    if not security.may_create():
        abort(403)
    form = forms.new_game_form(variant, players)
    form.evening.choices = forms.evening_choices(
        evenings.evenings_on(get_db(), str(form.date.data))
    )
    if form.validate_on_submit():
        try:
            game_id = start_game(form, variant, players)
        except ScoringError as error:
            form.form_errors.append(str(error))
        else:
            security.remember(game_id)
            return redirect(url_for(".scoreboard", game_id=game_id))
    page = render_template(
        "new_game.html", form=form, variant=variant, players=players,
        known=people.names(get_db()), seating=teams(variant, [str(i + 1) for i in range(players)]),
    )  # fmt: skip
    return (page, 400) if request.method == "POST" else page


def start_game(form: Any, variant: Variant, count: int) -> int:
    """Store the game the new-game form describes (in a new evening, or the chosen one)."""
    db = get_db()
    seats = [form[f"seat{i}"].data for i in range(count)]
    sides = side_names(variant, seats)
    evening = form.evening.data or evenings.create_evening(db, str(form.date.data))
    secret = form.passphrase.data and security.hash_passphrase(form.passphrase.data)
    return games.create_game(
        db, evening_id=evening, variant=variant.id, sides=sides, players=count,
        options=forms.house_rules(form, variant), seats=seats,
        first_dealer=form.first_dealer.data, passphrase_hash=secret or None,
        start=forms.paper_start(form, sides),
    )  # fmt: skip


@bp.route("/games/<int:game_id>")
def scoreboard(game_id: int) -> str | Response:
    db = get_db()
    saved = request.args.get("saved", type=int)
    if saved or session.get("_flashes"):  # this browser's own: rendered for it alone
        return scoreboard_page(game_id, saved)
    made_of = games.game_row(db, game_id)  # its stored answer and stamp included
    key = page_cache.key_of("scoreboard", db_path(), made_of, security.may_score(made_of))
    return page_cache.conditional(
        key, lambda: PAGES.get_or_render(key, lambda: scoreboard_page(game_id, None))
    )


PAGES = page_cache.PageCache()


def scoreboard_page(game_id: int, saved: int | None) -> str:
    db = get_db()
    game, played, answer = games.scored(db, game_id)
    board_ = board.build(game, played, answer)
    editable = security.may_score(game)
    undo = None
    if editable and saved and rounds.undoable(db, game_id, saved):
        undo = {"number": saved, "form": forms.DeleteRoundForm(version=1)}
    return render_template("scoreboard.html", game=game, board=board_, editable=editable, undo=undo)


def db_path() -> str:
    return str(current_app.config["DATABASE"])


@bp.route("/games/<int:game_id>/history")
def history(game_id: int) -> str:
    db = get_db()
    game = games.get_game(db, game_id)
    return render_template("history.html", game=game, changes=rounds.changes(db, game_id))
