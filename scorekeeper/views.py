"""The pages: parse a form, call the store and the engine, render or redirect."""

from __future__ import annotations

import io
from typing import Any

import segno
from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from . import board, forms, security, store
from .db import get_db
from .scoring import VARIANTS, ScoringError, get_variant, score_game
from .table import side_names, teams

bp = Blueprint("games", __name__)


@bp.app_template_filter("signed")
def signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


@bp.app_context_processor
def helpers() -> dict[str, Any]:
    return {"describe": board.describe, "VARIANTS": VARIANTS, "option_names": forms.option_names}


@bp.errorhandler(store.NotFound)
def not_found(error: store.NotFound) -> tuple[str, int]:
    return render_template("error.html", message=str(error)), 404


def app_hash() -> str | None:
    return store.app_passphrase_hash(get_db())


def may_score(game: dict[str, Any]) -> bool:
    return security.may_score(game, app_hash())


def guard(game: dict[str, Any]) -> None:
    """Stop a change to a game guarded by a passphrase this browser has not typed."""
    if not may_score(game):
        abort(403)


@bp.app_errorhandler(403)
def read_only(error: Exception) -> tuple[str, int]:
    game_id = (request.view_args or {}).get("game_id")
    return render_template("read_only.html", game_id=game_id), 403


@bp.app_errorhandler(413)
def too_large(error: Exception) -> tuple[str, int]:
    message = "That was far more than a round of cards: nothing was stored."
    return render_template("error.html", title="Too large", message=message), 413


@bp.route("/")
def index() -> str:
    return render_template("index.html", games=store.recent_games(get_db()))


@bp.route("/games/new")
def choose() -> str | Response:
    if not security.may_create(app_hash()):
        abort(403)
    form = forms.ChooseVariantForm(request.args)
    if request.args and form.validate():
        return redirect(
            url_for(".new_game", variant_id=form.variant.data, players=form.players.data)
        )
    return render_template("choose.html", form=form)


@bp.route("/games/new/<variant_id>/<int:players>", methods=["GET", "POST"])
def new_game(variant_id: str, players: int) -> str | Response:
    variant = variant_or_404(variant_id)
    if players not in variant.players:
        abort(404)
    if not security.may_create(app_hash()):
        abort(403)
    db = get_db()
    form = forms.new_game_form(variant, players)
    form.evening.choices = [(0, "a new evening")]
    form.evening.choices += [
        (e["id"], e["name"] or f"evening {e['id']}")
        for e in store.evenings_on(db, str(form.date.data))
    ]
    if form.validate_on_submit():
        seats = [form[f"seat{i}"].data for i in range(players)]
        sides = side_names(variant, seats)
        evening = form.evening.data or store.create_evening(db, str(form.date.data))
        secret = form.passphrase.data and security.hash_passphrase(form.passphrase.data)
        try:
            game_id = store.create_game(
                db, evening_id=evening, variant=variant.id, sides=sides,
                players=players, options=forms.house_rules(form, variant), seats=seats,
                first_dealer=form.first_dealer.data,
                passphrase_hash=secret or None, start=forms.paper_start(form, sides),
            )  # fmt: skip
        except ScoringError as error:
            form.form_errors.append(str(error))
        else:
            security.remember(game_id)
            return redirect(url_for(".scoreboard", game_id=game_id))
    page = render_template(
        "new_game.html", form=form, variant=variant, players=players,
        known=store.player_names(db), seating=teams(variant, [str(i + 1) for i in range(players)]),
    )  # fmt: skip
    return (page, 400) if request.method == "POST" else page


@bp.route("/games/<int:game_id>")
def scoreboard(game_id: int) -> str:
    game, rounds, answer = store.scored(get_db(), game_id)
    board_ = board.build(game, rounds, answer)
    return render_template("scoreboard.html", game=game, board=board_, editable=may_score(game))


@bp.route("/games/<int:game_id>/rounds/new", methods=["GET", "POST"])
def add_round(game_id: int) -> str | Response:
    db = get_db()
    game, rounds, answer = store.scored(db, game_id)
    guard(game)
    if answer["finished"]:
        flash("This game is over: no more rounds.")
        return redirect(url_for(".scoreboard", game_id=game_id))
    return round_page(game, rounds, answer, number=len(rounds) + 1, stored=None)


@bp.route("/games/<int:game_id>/rounds/<int:number>/edit", methods=["GET", "POST"])
def edit_round(game_id: int, number: int) -> str | Response:
    game, rounds, answer = store.scored(get_db(), game_id)
    guard(game)
    if not 1 <= number <= len(rounds):
        abort(404)
    return round_page(game, rounds, answer, number=number, stored=rounds[number - 1])


def round_page(game: dict, rounds: list, answer: Any, number: int, stored: dict | None) -> Any:
    """Round entry and correction share one form: preview, or save and go back."""
    variant, sides = get_variant(game["variant"]), game["sides"]
    rules = variant.rules(game["options"])
    data = None
    if stored and request.method == "GET":
        data = {
            **forms.form_data_from(stored["entries"], sides),
            "version": stored["version"],
        }
    form = forms.round_form(variant, sides, data=data)
    preview = None
    if form.validate_on_submit():
        entries = forms.entries_from(form, variant, sides, rules)
        if entries is not None:
            try:
                if "preview" in request.form:
                    preview = preview_scores(game, rounds, number, entries)
                elif stored is None:
                    store.add_round(get_db(), game["id"], entries, form.key.data or None)
                    return redirect(url_for(".scoreboard", game_id=game["id"]))
                elif not form.version.data:
                    form.form_errors.append(forms.STALE_FORM)
                else:
                    store.edit_round(get_db(), game["id"], number, entries, int(form.version.data))
                    again = "the rounds after it are scored again"
                    flash(f"Round {label(game, number)} corrected; {again}.")
                    return redirect(url_for(".scoreboard", game_id=game["id"]))
            except ScoringError as error:
                forms.show_error(form, error, sides)
            except store.StaleEdit as error:
                form.form_errors.append(str(error))
    board_ = board.build(game, rounds, answer)
    return render_template(
        "round.html", game=game, board=board_, form=form, variant=variant, number=number,
        editing=stored is not None, preview=preview, rules=rules,
    ), (400 if form.errors or form.form_errors else 200)  # fmt: skip


def label(game: dict[str, Any], number: int) -> int:
    """A stored round's number in the game: after those played on paper."""
    return int(game["start"].get("rounds", 0)) + number


def preview_scores(game: dict, rounds: list, number: int, entries: dict) -> dict[str, Any]:
    """The round as it would score, without storing it."""
    docs = [r["entries"] for r in rounds]
    docs = docs[: number - 1] + [entries] + docs[number:]
    doc = store.document(game, [{"entries": e} for e in docs])
    return score_game(doc)["rounds"][number - 1]


@bp.route("/games/<int:game_id>/rounds/<int:number>/preview", methods=["POST"])
def preview(game_id: int, number: int) -> Response | tuple[Response, int]:
    """The live preview's JSON: each side's score for the round being typed."""
    game, rounds, _ = store.scored(get_db(), game_id)
    guard(game)
    variant, sides = get_variant(game["variant"]), game["sides"]
    form = forms.round_form(variant, sides)
    entries = None
    if form.validate():
        entries = forms.entries_from(form, variant, sides, variant.rules(game["options"]))
    if entries is None:
        name, problems = next(iter(form.errors.items()), ("form", ["not valid"]))
        return jsonify(error=f"{name}: {problems[0]}", errors=form.errors), 400
    try:
        return jsonify(preview_scores(game, rounds, min(number, len(rounds) + 1), entries))
    except ScoringError as error:
        return jsonify(error=str(error), side=error.side, field=error.field), 400


@bp.route("/games/<int:game_id>/rounds/<int:number>/delete", methods=["GET", "POST"])
def delete_round(game_id: int, number: int) -> Response | tuple[str, int]:
    game, rounds, answer = store.scored(get_db(), game_id)
    guard(game)
    if not 1 <= number <= len(rounds):
        abort(404)
    form = forms.DeleteRoundForm(version=rounds[number - 1]["version"])
    error = None
    if form.validate_on_submit():
        try:
            store.delete_round(get_db(), game_id, number, int(form.version.data))
        except (ScoringError, store.StaleEdit) as problem:
            error = str(problem)
        else:
            flash(f"Round {label(game, number)} deleted; the rounds after it are scored again.")
            return redirect(url_for(".scoreboard", game_id=game_id))
    board_ = board.build(game, rounds, answer)
    page = render_template(
        "delete.html", game=game, board=board_, number=number, form=form, error=error
    )
    return page, (409 if error else 400 if request.method == "POST" else 200)


@bp.route("/games/<int:game_id>/history")
def history(game_id: int) -> str:
    db = get_db()
    game = store.get_game(db, game_id)
    return render_template("history.html", game=game, changes=store.changes(db, game_id))


@bp.route("/rules")
def rules_index() -> str:
    return render_template("rules_index.html")


@bp.route("/rules/<variant_id>")
def rules(variant_id: str) -> str:
    return render_template("rules.html", variant=variant_or_404(variant_id), game=None, house={})


@bp.route("/games/<int:game_id>/rules")
def game_rules(game_id: int) -> str:
    game = store.get_game(get_db(), game_id)
    variant = get_variant(game["variant"])
    return render_template("rules.html", variant=variant, game=game, house=game["options"])


def variant_or_404(variant_id: str) -> Any:
    if variant_id not in VARIANTS:
        abort(404)
    return VARIANTS[variant_id]


@bp.route("/unlock", methods=["GET", "POST"], defaults={"game_id": None})
@bp.route("/games/<int:game_id>/unlock", methods=["GET", "POST"])
def unlock(game_id: int | None) -> str | Response | tuple[str, int]:
    """Type the scorer passphrase once; this browser may score from then on."""
    db = get_db()
    game = store.get_game(db, game_id) if game_id else None
    form = forms.PassphraseForm()
    if form.validate_on_submit():
        given, everything = form.passphrase.data, app_hash()
        if security.matches(everything, given):
            security.remember("*")
        elif game and security.matches(game["passphrase_hash"], given):
            security.remember(game["id"])
        else:
            form.passphrase.errors.append("That is not the scorer passphrase.")
        if not form.passphrase.errors:
            target = url_for(".scoreboard", game_id=game_id) if game else url_for(".index")
            return redirect(target)
    page = render_template("unlock.html", form=form, game=game)
    return (page, 400) if request.method == "POST" else page


@bp.route("/games/<int:game_id>/share")
def share(game_id: int) -> str:
    """The spectator link and its QR code, for the players' own phones."""
    game = store.get_game(get_db(), game_id)
    guard(game)
    link = url_for(".watch", token=game["watch_token"], _external=True)
    return render_template("share.html", game=game, link=link)


@bp.route("/games/<int:game_id>/qr.svg")
def qr(game_id: int) -> Response:
    game = store.get_game(get_db(), game_id)
    guard(game)
    link = url_for(".watch", token=game["watch_token"], _external=True)
    return Response(qr_svg(link), mimetype="image/svg+xml")


def qr_svg(text: str) -> str:
    """The spectator link as a QR code, drawn by segno."""
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=6, border=2, xmldecl=False)
    return out.getvalue().decode()


@bp.route("/watch/<token>")
def watch(token: str) -> str:
    """The read-only scoreboard behind a spectator link; it refreshes by itself."""
    db = get_db()
    game = store.game_by_token(db, token)
    game, rounds, answer = store.scored(db, game["id"])
    board_ = board.build(game, rounds, answer)
    stamp = store.game_stamp(db, game["id"])
    return render_template("watch.html", game=game, board=board_, token=token, stamp=stamp)


@bp.route("/watch/<token>/stamp")
def watch_stamp(token: str) -> Response:
    db = get_db()
    return jsonify(stamp=store.game_stamp(db, store.game_by_token(db, token)["id"]))
