"""What-if: a finished game, or a whole evening, scored again under another rule
set (a saved one, or numbers typed in the house-rule editor), side by side with
what was played. Read-only: nothing is stored, and no passphrase is needed."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, abort, render_template, request
from werkzeug.datastructures import MultiDict

from ...data.connection import get_db
from ...data.games import evenings, games, rule_sets as saved
from ...scoring import ScoringError, Variant, get_variant
from ...scoring.rescore import rescore
from ..forms import option_form
from ..forms.general import query_id
from ..http.i18n import _, say
from .rules import variant_or_404

bp = Blueprint("what_if", __name__)


@dataclass
class Comparison:
    """One game as played and as it would have gone."""

    game: dict[str, Any]
    variant: Variant
    sides: list[str]
    rounds: list[dict[str, Any]]  # label, played scores, what-if scores or problem
    played: dict[str, Any]  # totals, winners
    again: dict[str, Any] | None  # the same under the other rules; None: not re-scored
    problems: int = 0

    @property
    def winner_changed(self) -> bool:
        return self.again is not None and self.again["winners"] != self.played["winners"]


@dataclass
class Question:
    """What the page asks: under which rules, for which variant."""

    variant: Variant
    form: Any
    state: option_form.Editor
    options: dict[str, Any] | None = None  # None: not asked yet, or invalid
    name: str = ""
    sets: list[dict[str, Any]] = field(default_factory=list)


def compare(
    game: dict[str, Any], played: list[dict[str, Any]], answer: Any, options: dict[str, Any] | None
) -> Comparison:
    """Each round as played beside the same round under ``options``."""
    variant = get_variant(game["variant"])
    offset = game.get("start", {}).get("rounds", 0)
    again = rescore(games.document(game, played), options) if options is not None else None
    rounds = []
    for i, result in enumerate(answer["rounds"]):
        other = again["rounds"][i] if again else {"scores": None, "problem": None}
        rounds.append({"label": offset + i + 1, "played": result["scores"], **other})
    return Comparison(
        game=game,
        variant=variant,
        sides=game["sides"],
        rounds=rounds,
        played={
            "totals": answer["totals"],
            "winners": answer["winners"],
            "finished": answer["finished"],
        },
        again=dict(again) if again else None,
        problems=sum(1 for r in rounds if r["problem"]),
    )


def ask(variant: Variant, values: dict[str, Any]) -> Question:
    """Read the question from the query string: a saved set, or the typed numbers."""
    db = get_db()
    sets = [s for s in saved.rule_sets(db) if s["variant"] == variant.id]
    args = request.args if request.args else None
    chosen = query_id("rule_set") or 0
    found = saved.rule_set(db, chosen) if chosen else None
    if found and found["variant"] != variant.id:
        abort(404)
    if found:  # the editor shows the set's numbers; the typed ones are not used
        values = variant.rules(found["options"])
        args = MultiDict({"rule_set": str(chosen)})
    state = option_form.editor(variant, args, values)
    form = option_form.what_if_form(variant, values, state, sets)
    question = Question(variant, form, state, sets=sets)
    if found:
        question.options, question.name = found["options"], found["name"]
    elif "ask" in request.args and state.changed_rows is None:
        if form.validate() and option_form.check(form, variant, state):
            question.options = option_form.house_rules(form, variant, state.rows)
            question.name = _("the numbers typed")
    return question


def page(template: str, **context: Any) -> str:
    question = context["question"]
    return render_template(
        template,
        editor=option_form.layout(question.form, question.variant, question.state),
        state=question.state,
        query=request.query_string.decode(),
        **context,
    )


def game_context(game_id: int) -> dict[str, Any]:
    game, played, answer = games.scored(get_db(), game_id)
    variant = get_variant(game["variant"])
    question = ask(variant, variant.rules(game["options"]))
    return {
        "game": game,
        "question": question,
        "comparison": compare(game, played, answer, question.options),
    }


def evening_context(evening_id: int) -> dict[str, Any]:
    db = get_db()
    row = evenings.evening(db, evening_id) or abort(404)
    scored = [games.scored(db, g) for g in games.games_of_evening(db, evening_id)]
    played = list(dict.fromkeys(g["variant"] for g, _, _ in scored))
    wanted = request.args.get("variant") or (played[0] if played else "classic")
    set_id = query_id("rule_set")
    if set_id:  # a saved set says which variant's games it re-scores
        wanted = saved.rule_set(db, set_id)["variant"]
    question = ask(variant_or_404(wanted), variant_or_404(wanted).defaults())
    comparisons = [
        compare(g, rounds, answer, question.options if g["variant"] == wanted else None)
        for g, rounds, answer in scored
    ]
    return {
        "evening": row,
        "question": question,
        "comparisons": comparisons,
        "variants": [get_variant(v) for v in played],
    }


@bp.route("/games/<int:game_id>/what-if")
def game(game_id: int) -> str:
    return page("what_if.html", **game_context(game_id))


@bp.route("/games/<int:game_id>/what-if/print")
def print_game(game_id: int) -> str:
    return page("print_what_if.html", **game_context(game_id))


@bp.route("/evenings/<int:evening_id>/what-if")
def evening(evening_id: int) -> str:
    return page("what_if_evening.html", **evening_context(evening_id))


@bp.route("/evenings/<int:evening_id>/what-if/print")
def print_evening(evening_id: int) -> str:
    return page("print_what_if.html", **evening_context(evening_id))


@bp.errorhandler(ScoringError)
def invalid(error: ScoringError) -> tuple[str, int]:
    return render_template("error.html", message=say(error)), 400
