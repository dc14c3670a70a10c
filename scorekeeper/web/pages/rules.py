"""The rules pages: every variant's rules, and the rules a game is played under,
with who pays for the cards left over when a side goes out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, abort, render_template

from ...data.connection import get_db
from ...data.games import games
from ...scoring import VARIANTS, Variant, get_variant
from ...scoring.i18n import problem as P_
from ..forms import option_form
from ..http import security

bp = Blueprint("rules", __name__)


def variant_or_404(variant_id: str) -> Variant:
    if variant_id not in VARIANTS:
        abort(404)
    return VARIANTS[variant_id]


def going_out_needs(variant: Variant, house: Mapping[str, Any]) -> list[str]:
    """The going-out requirements at a game's numbers (its ``out_*`` options), round
    by round where a number rises by round; a need that is off by default, while off,
    says nothing."""
    rules, defaults = variant.rules(house), variant.defaults()
    needs: list[str] = []
    for need in variant.out_needs:
        value = rules[need.option]
        if value == 0 == defaults[need.option]:  # a need off by default and still off
            continue
        if not isinstance(value, list):
            needs.append(need.describe(need.least(rules)))
            continue
        for n in range(1, len(value) + 1):
            needs.append(P_("round %(n)s: %(points)s", n=n, points=need.describe(value[n - 1])))
    return needs


def rules_page(variant: Variant, game: dict[str, Any] | None = None, form: Any = None) -> str:
    house = game["options"] if game else {}
    return render_template(
        "rules.html",
        variant=variant,
        game=game,
        house=house,
        penalties=variant.card_penalties(house),
        needs=going_out_needs(variant, house),
        save_form=form or option_form.NameForm(),
        may_save=bool(game) and security.may_create(),
    )


def game_rules_page(game: dict[str, Any], form: Any = None) -> str:
    return rules_page(get_variant(game["variant"]), game, form)


@bp.route("/rules")
def rules_index() -> str:
    return render_template("rules_index.html")


@bp.route("/rules/<variant_id>")
def rules(variant_id: str) -> str:
    return rules_page(variant_or_404(variant_id))


@bp.route("/games/<int:game_id>/rules")
def game_rules(game_id: int) -> str:
    return game_rules_page(games.get_game(get_db(), game_id))
