"""Saved rule sets ("Friday rules"): the list, the editor, retiring and bringing
back, and saving a game's house rules as one. Every change needs the app-wide
scorer passphrase (``security.may_create``); looking needs nothing."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response
from wtforms import SelectChoice

from ...data.connection import get_db
from ...data.games import games, rule_sets as store
from ...scoring import VARIANTS, ScoringError, Variant, get_variant
from ..forms import option_form
from ..forms.general import query_id
from ..http import security
from ..http.i18n import _, say
from .rules import game_rules_page

bp = Blueprint("rule_sets", __name__)


def guard() -> None:
    if not security.may_create():
        abort(403)


def choice(set_id: int) -> str:
    """A saved set's value among the variants on the new-game page."""
    return f"set-{set_id}"


def offer(form: Any) -> list[store.RuleSet]:
    """Add every active rule set to the new-game page's variant choices."""
    sets = store.rule_sets(get_db())
    for s in sets:
        if s["variant"] in VARIANTS:
            form.variant.choices.append(SelectChoice(choice(s["id"]), s["name"]))
            form.sets[choice(s["id"])] = s["variant"]
    return sets


def chosen(variant: Variant) -> store.RuleSet | None:
    """The rule set a new game starts from (``?rule_set=``): active, of this variant."""
    set_id = query_id("rule_set")
    if not set_id:
        return None
    found = store.rule_set(get_db(), set_id)
    if found["variant"] != variant.id or found["retired_at"]:
        abort(404)
    return found


@bp.route("/rule-sets")
def index() -> str:
    db = get_db()
    return render_template(
        "rule_sets.html", active=store.rule_sets(db), retired=store.rule_sets(db, retired=True)
    )


@bp.route("/rule-sets/<int:set_id>", methods=["GET", "POST"])
def edit(set_id: int) -> str | Response | tuple[str, int]:
    db = get_db()
    found = store.rule_set(db, set_id)
    variant = get_variant(found["variant"])
    if request.method == "POST":
        guard()
    values = variant.rules(found["options"])
    state = option_form.editor(variant, request.form if request.method == "POST" else None, values)
    form = option_form.rule_set_form(variant, values, state, found["name"])
    if state.changed_rows is None and form.validate_on_submit():
        if option_form.check(form, variant, state):
            try:
                store.update(
                    db, set_id, form.name.data, option_form.house_rules(form, variant, state.rows)
                )
            except store.NameTaken as error:
                form.name.errors.append(say(error))
            else:
                flash(_("Saved %(name)s.", name=form.name.data))
                return redirect(url_for(".edit", set_id=set_id))
    page = render_template(
        "rule_set.html",
        rule_set=found,
        variant=variant,
        form=form,
        state=state,
        editor=option_form.layout(form, variant, state),
        may_change=security.may_create(),
        confirm=option_form.ConfirmForm(),
    )
    failed = request.method == "POST" and state.changed_rows is None
    return (page, 400) if failed else page


@bp.post("/rule-sets/<int:set_id>/retire")
def retire(set_id: int) -> Response:
    guard()
    if not option_form.ConfirmForm().validate_on_submit():
        abort(400)
    store.retire(get_db(), set_id)
    flash(_("Retired: it is no longer offered for new games, and can be brought back."))
    return redirect(url_for(".edit", set_id=set_id))


@bp.post("/rule-sets/<int:set_id>/restore")
def restore(set_id: int) -> Response:
    guard()
    if not option_form.ConfirmForm().validate_on_submit():
        abort(400)
    try:
        store.restore(get_db(), set_id)
    except store.NameTaken as error:
        flash(_("%(problem)s Rename one of them first.", problem=say(error)))
    else:
        flash(_("Brought back: it is offered for new games again."))
    return redirect(url_for(".edit", set_id=set_id))


@bp.post("/games/<int:game_id>/rules/save")
def save_from_game(game_id: int) -> str | Response | tuple[str, int]:
    """Save the rules a game is played under as a new rule set."""
    guard()
    db = get_db()
    game = games.get_game(db, game_id)
    form = option_form.NameForm()
    if form.validate_on_submit():
        try:
            set_id = store.create(db, form.name.data.strip(), game["variant"], game["options"])
        except (store.NameTaken, ScoringError) as error:
            form.name.errors.append(say(error))
        else:
            flash(_("Saved as %(name)s.", name=form.name.data.strip()))
            return redirect(url_for(".edit", set_id=set_id))
    return game_rules_page(game, form), 400
