"""The round screen: enter a round, correct or delete one, and the live preview."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..data import games, rounds
from ..data.connection import get_db
from ..scoring import ScoringError, get_variant, score_game
from . import board, forms, security

bp = Blueprint("rounds", __name__)
Page = str | Response | tuple[str, int]


@bp.route("/games/<int:game_id>/rounds/new", methods=["GET", "POST"])
def add_round(game_id: int) -> Page:
    game, played, answer = games.scored(get_db(), game_id)
    security.guard(game)
    if answer["finished"]:
        flash("This game is over: no more rounds.")
        return redirect(url_for("games.scoreboard", game_id=game_id))
    return round_page(game, played, answer, number=len(played) + 1, stored=None)


@bp.route("/games/<int:game_id>/rounds/<int:number>/edit", methods=["GET", "POST"])
def edit_round(game_id: int, number: int) -> Page:
    game, played, answer = games.scored(get_db(), game_id)
    security.guard(game)
    if not 1 <= number <= len(played):
        abort(404)
    return round_page(game, played, answer, number=number, stored=played[number - 1])


def round_page(
    game: games.Game, played: list[games.Round], answer: Any, number: int, stored: Any
) -> Page:
    """Round entry and correction share one form: preview, or save and go back."""
    variant, sides = get_variant(game["variant"]), game["sides"]
    rules = variant.rules(game["options"])
    data = None
    if stored and request.method == "GET":
        data = {**forms.form_data_from(stored["entries"], sides), "version": stored["version"]}
    form = forms.round_form(variant, sides, data=data)
    preview = None
    if form.validate_on_submit():
        entries = forms.entries_from(form, variant, sides, rules)
        if entries is not None:
            try:
                if "preview" in request.form:
                    preview = preview_scores(game, played, number, entries)
                else:
                    saved = save(game, number, entries, form, stored)
                    if saved is not None:
                        return saved
            except ScoringError as error:
                forms.show_error(form, error, sides)
            except rounds.StaleEdit as error:
                form.form_errors.append(str(error))
    board_ = board.build(game, played, answer)
    return render_template(
        "round.html", game=game, board=board_, form=form, variant=variant, number=number,
        editing=stored is not None, preview=preview, rules=rules,
    ), (400 if form.errors or form.form_errors else 200)  # fmt: skip


def save(game: games.Game, number: int, entries: Any, form: Any, stored: Any) -> Response | None:
    """Store the round (or the correction) and go back to the scoreboard; None
    (with the problem on the form) when a correction's form is out of date."""
    if stored is None:
        rounds.add_round(get_db(), game["id"], entries, form.key.data or None)
        return redirect(url_for("games.scoreboard", game_id=game["id"]))
    if not form.version.data:
        form.form_errors.append(forms.STALE_FORM)
        return None
    rounds.edit_round(get_db(), game["id"], number, entries, int(form.version.data))
    flash(f"Round {label(game, number)} corrected; the rounds after it are scored again.")
    return redirect(url_for("games.scoreboard", game_id=game["id"]))


def label(game: games.Game, number: int) -> int:
    """A stored round's number in the game: after those played on paper."""
    return int(game["start"].get("rounds", 0)) + number


def preview_scores(
    game: games.Game, played: list[games.Round], number: int, entries: Any
) -> dict[str, Any]:
    """The round as it would score, without storing it."""
    docs = [r["entries"] for r in played]
    docs = docs[: number - 1] + [entries] + docs[number:]
    doc = games.document(game, [{"entries": e} for e in docs])
    result: dict[str, Any] = dict(score_game(doc)["rounds"][number - 1])
    return result


@bp.route("/games/<int:game_id>/rounds/<int:number>/preview", methods=["POST"])
def preview(game_id: int, number: int) -> Response | tuple[Response, int]:
    """The live preview's JSON: each side's score for the round being typed."""
    game, played, _ = games.scored(get_db(), game_id)
    security.guard(game)
    variant, sides = get_variant(game["variant"]), game["sides"]
    form = forms.round_form(variant, sides)
    entries = None
    if form.validate():
        entries = forms.entries_from(form, variant, sides, variant.rules(game["options"]))
    if entries is None:
        name, problems = next(iter(form.errors.items()), ("form", ["not valid"]))
        return jsonify(error=f"{name}: {problems[0]}", errors=form.errors), 400
    try:
        return jsonify(preview_scores(game, played, min(number, len(played) + 1), entries))
    except ScoringError as error:
        return jsonify(error=str(error), side=error.side, field=error.field), 400


@bp.route("/games/<int:game_id>/rounds/<int:number>/delete", methods=["GET", "POST"])
def delete_round(game_id: int, number: int) -> Response | tuple[str, int]:
    game, played, answer = games.scored(get_db(), game_id)
    security.guard(game)
    if not 1 <= number <= len(played):
        abort(404)
    form = forms.DeleteRoundForm(version=played[number - 1]["version"])
    error = None
    if form.validate_on_submit():
        try:
            rounds.delete_round(get_db(), game_id, number, int(form.version.data))
        except (ScoringError, rounds.StaleEdit) as problem:
            error = str(problem)
        else:
            flash(f"Round {label(game, number)} deleted; the rounds after it are scored again.")
            return redirect(url_for("games.scoreboard", game_id=game_id))
    board_ = board.build(game, played, answer)
    page = render_template(
        "delete.html", game=game, board=board_, number=number, form=form, error=error
    )
    return page, (409 if error else 400 if request.method == "POST" else 200)
