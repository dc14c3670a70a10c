"""The rules pages: every variant's rules, and the rules a game is played under."""

from __future__ import annotations

from flask import Blueprint, abort, render_template

from ..data import games
from ..data.connection import get_db
from ..scoring import VARIANTS, Variant, get_variant

bp = Blueprint("rules", __name__)


def variant_or_404(variant_id: str) -> Variant:
    if variant_id not in VARIANTS:
        abort(404)
    return VARIANTS[variant_id]


@bp.route("/rules")
def rules_index() -> str:
    return render_template("rules_index.html")


@bp.route("/rules/<variant_id>")
def rules(variant_id: str) -> str:
    return render_template("rules.html", variant=variant_or_404(variant_id), game=None, house={})


@bp.route("/games/<int:game_id>/rules")
def game_rules(game_id: int) -> str:
    game = games.get_game(get_db(), game_id)
    variant = get_variant(game["variant"])
    return render_template("rules.html", variant=variant, game=game, house=game["options"])
