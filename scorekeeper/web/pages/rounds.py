"""The round screen: enter a round, correct or delete one, undo the last save,
and the live preview. Parse the form, ask the engine, call the data layer."""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    get_flashed_messages,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.wrappers import Response

from ...data.connection import get_db
from ...data.games import games, rounds
from ...data.table import answers as table_answers, table as phones
from ...scoring import ScoringError, Variant, get_variant
from ..forms import general, round_errors, round_form, table_parts
from ..forms.whole_numbers import digits
from ..http import page_cache, security
from ..http.i18n import _, say, sentence
from ..shown import board, overrides, round_screen, table_view
from . import round_phones

bp = Blueprint("rounds", __name__)
Page = str | Response | tuple[str, int]


@bp.route("/games/<int:game_id>/rounds/new", methods=["GET", "POST"])
def add_round(game_id: int) -> Page:
    if request.method == "GET" and not get_flashed_messages():  # kept rendered
        made_of = games.game_row(get_db(), game_id)
        security.guard_change(made_of)
        # the query (?round=N, a phone's part taken) makes a page of its own
        key = page_cache.page_key(
            "new round",
            current_app.config["DATABASE"],
            page_cache.made_of(made_of),
            request.query_string,
        )
        page: Page = NEW_ROUND_PAGES.get_or_render(key, lambda: new_round(game_id))
        return page
    return new_round(game_id)


NEW_ROUND_PAGES = page_cache.FormPages()


def new_round(game_id: int) -> Page:
    db = get_db()
    if request.method == "POST":  # a save needs how far the game is, not its rounds
        game, count, finished = games.progress(db, game_id)
        screen = round_screen.Screen(
            game, bound_number(count + 1), None, lambda: games.scored(db, game_id)[1:]
        )
    else:
        game, played, answer = games.scored(db, game_id)
        count, finished = len(played), answer["finished"]
        screen = round_screen.Screen.of(game, played, bound_number(count + 1), answer=answer)
    security.guard_change(game)
    if finished and screen.number > count:
        flash(_("This game is over: no more rounds."))
        return redirect(url_for("games.scoreboard", game_id=game_id))
    if screen.number <= count:  # Back to a screen already saved (and perhaps Save)
        if request.method == "GET":
            screen.already_saved, screen.closed = screen.number, True
        screen.late = True
    return round_page(screen)


@bp.route("/games/<int:game_id>/rounds/<int:number>/edit", methods=["GET", "POST"])
def edit_round(game_id: int, number: int) -> Page:
    game, played, answer = games.scored(get_db(), game_id)
    security.guard_change(game)
    if not 1 <= number <= len(played):
        abort(404)
    screen = round_screen.Screen.of(game, played, number, played[number - 1], answer)
    if game["confirm_rounds"] or game["phones_enter"]:  # a phone's query or correction of it
        said = table_answers.answers(get_db(), game_id).get(number, [])
        version = played[number - 1]["version"]
        now = [a for a in said if a["version"] == version and a["action"] != "confirmed"]
        screen.query = now[0] if now and now[0]["action"] == "queried" else None
    return round_page(screen)


def bound_number(next_number: int) -> int:
    """The round a new-round screen is for: the one it was opened for (``?round=``
    in the scoreboard's link, the form's ``number`` once posted), else the next."""
    raw = (
        request.form.get("number", "")
        if request.method == "POST"
        else request.args.get("round", "")
    )
    found = digits(raw, 6)
    bound = next_number if found is None else found
    return bound if 1 <= bound <= next_number else next_number


def round_page(screen: round_screen.Screen) -> Page:
    """Round entry and correction share one form: preview, or save and go back."""
    game, sides = screen.game, screen.game["sides"]
    variant = get_variant(game["variant"])
    rules = variant.rules(game["options"])
    members = board.members_of(game, variant)
    form, take = filled_form(screen, variant, rules, members)
    valid = take is None and form.validate_on_submit()
    if take is None and form.is_submitted() and not valid:
        valid = round_form.spare_the_out_side(form, variant, rules)
    if round_phones.out_choice_missing(screen, form):
        valid = False
    if valid:
        entries = round_form.entries_from(form, variant, sides, rules)
        if not form.errors:
            done = submit(screen, form, entries)
            if done is not None:
                return done
    elif take is None and request.method == "POST" and "csrf_token" not in form.errors:
        show_engine_problems(screen, form, round_form.entries_from(form, variant, sides, rules))
    if screen.late and request.method == "POST":
        too_late(screen, form)
    errors = round_errors.error_list(form, sides)
    refused = errors and request.method == "POST"  # a GET may only point out a clash
    status = screen.status if screen.status != 200 else (400 if refused else 200)
    board_ = board.build(game, screen.played, screen.answer)
    parts = None
    if screen.stored is None:
        parts = table_view.round_parts(game, screen.played, screen.number, members)
    screen.corrected = overrides.correction_differences(screen.query, form)
    form = round_form.with_counters(form)  # shown again: with the card counters
    layout = round_screen.layout(variant, rules, board_, screen)
    return render_template(
        "round.html",
        game=game,
        board=board_,
        form=form,
        variant=variant,
        rules=rules,
        screen=screen,
        problems=errors,
        layout=layout,
        parts=parts,
    ), status


def too_late(screen: round_screen.Screen, form: Any) -> None:
    """A new round's form posted for a round saved since (Back after Save, then Save,
    the browser having put back half of what was typed; or another phone saved it
    first): not saved again (the same save sent again went to the scoreboard above, as
    its first did) and not checked either, its numbers being no longer what counts:
    "Round N is already saved", with a link to correct it and what was typed kept."""
    for field in form:
        field.errors = []
    form.form_errors.clear()
    screen.preview, screen.confirm_empty, screen.clash = None, False, None
    screen.already_saved, screen.status = screen.number, 409


def filled_form(
    screen: round_screen.Screen, variant: Variant, rules: Any, members: dict[str, list[str]]
) -> Any:
    """The round form: as posted; on a GET, the stored round (a correction) or the
    phones' parts of this round (a new one); with "Use their numbers", as posted
    but with that side's part from its phone. Also the side taken, if any."""
    game, sides = screen.game, screen.game["sides"]
    data, more = None, {}
    if request.method == "GET":
        data = {"number": str(screen.number)}
        if screen.stored:
            entries = round_form.form_data_from(screen.stored["entries"], sides, members)
            data.update(entries, version=screen.stored["version"])
        else:
            prefilled, screen.out_claims = table_view.prefilled(game, screen.number)
            data.update(prefilled)  # with the parts it was filled from
            if not screen.out_claims:  # the scoreboard's "who went out?" (?out=N)
                number = game.get("start", {}).get("rounds", 0) + screen.number
                data.update(
                    round_form.went_out_data(
                        variant, rules, sides, members, round_phones.out_chosen(), number
                    )
                )
    take = table_parts.taking() if screen.stored is None else None
    if take is not None:
        more["formdata"] = taken(game, screen.number, take)
    elif screen.stored is None and request.method == "POST":  # a phone's number chosen
        chosen = overrides.with_phone_values(game, screen.number, request.form)
        if chosen is not None:
            more["formdata"] = chosen
    # a save of the round screen alone leaves out adjustments posted empty: where
    # phones enter their parts, each field is compared with theirs (``overrides``)
    alone = request.method == "POST" and not more and not game["phones_enter"]
    adjusting = None if alone else True
    form = round_form.round_form(
        variant, sides, rules, members, adjusting=adjusting, data=data, **more
    )
    if take is not None:  # filled from the phones as they are now
        form.parts.data = table_view.parts_seen(game, screen.number)
    return form, take


def submit(screen: round_screen.Screen, form: Any, entries: dict[str, Any]) -> Response | None:
    """Preview or save a valid form; None (with what to show on ``screen``) to show
    the form again. A plain save is checked once, by the engine inside the write:
    only when it refuses the round (or the form is to be shown again anyway) are
    every one of the round's problems listed at once."""
    sides = screen.game["sides"]
    previewing = "preview" in request.form
    confirming = round_form.is_empty(entries) and form.confirm_empty.data != "1"
    if previewing or confirming:
        if every_problem(screen, form, entries):
            return None
        if not previewing:
            screen.confirm_empty, screen.status = True, 400
            return None
        try:  # a check across fields (more canastas from hand than canastas) is the score's
            screen.preview = round_screen.preview_scores(
                screen.game, screen.played, screen.number, entries
            )
        except ScoringError as error:
            round_errors.show_error(form, error, sides)
        return None
    if round_phones.phones_differ(screen, form):
        every_problem(screen, form, entries)  # the engine's problems beside the phones'
        return None
    try:
        return save(screen, form, entries)
    except ScoringError as error:
        if not every_problem(screen, form, entries):
            round_errors.show_error(form, error, sides)
    except rounds.RoundAlreadySaved as taken:
        screen.already_saved, screen.status = taken.number, 409
    except rounds.KeyReused:  # saved from this very screen, then changed and sent again
        screen.already_saved, screen.status = screen.number, 409
    except rounds.StaleEdit as error:
        current = games.rounds_of(get_db(), screen.game["id"])
        screen.clash = current[screen.number - 1] if screen.number <= len(current) else None
        form.version.data = str(screen.clash["version"]) if screen.clash else ""
        form.form_errors.append(sentence(say(error)))
        screen.status = 409
    return None


def every_problem(screen: round_screen.Screen, form: Any, entries: dict[str, Any]) -> bool:
    """Every problem the engine finds in the round by itself, each beside its field;
    whether there was one."""
    problems = round_screen.engine_problems(screen, entries)
    for problem in problems:
        round_errors.show_error(form, problem, screen.game["sides"])
    return bool(problems)


def show_engine_problems(screen: round_screen.Screen, form: Any, entries: dict[str, Any]) -> None:
    """With some fields refused, the engine's problems with the rest, so that every
    problem shows at once (a field already marked keeps its own message)."""
    for problem in round_screen.engine_problems(screen, entries):
        field = round_errors.error_field(form, problem, screen.game["sides"])
        if field is None or not field.errors:
            round_errors.show_error(form, problem, screen.game["sides"])


def save(screen: round_screen.Screen, form: Any, entries: dict[str, Any]) -> Response | None:
    """Store the round (or the correction) and go back to the scoreboard; None
    (with the problem on the form) when a correction's form is out of date."""
    game_id, db = screen.game["id"], get_db()
    if screen.stored is None:
        number = rounds.add_round(db, game_id, entries, form.key.data or None, screen.number)
        round_phones.keep_in_history(screen, number)
        return redirect(url_for("games.scoreboard", game_id=game_id, saved=number))
    if not form.version.data:
        form.form_errors.append(str(round_form.STALE_FORM))
        return None
    rounds.edit_round(db, game_id, screen.number, entries, int(form.version.data))
    number = round_screen.label(screen.game, screen.number)
    flash(_("Round %(n)s corrected; the rounds after it are scored again.", n=number))
    return redirect(url_for("games.scoreboard", game_id=game_id))


@bp.route("/games/<int:game_id>/rounds/<int:number>/preview", methods=["POST"])
def preview(game_id: int, number: int) -> Response | tuple[Response, int]:
    """The live preview's JSON: each side's score for the round being typed, the
    totals before and after it, or every problem with the reason."""
    game, played, answer = games.scored(get_db(), game_id)
    security.guard(game)
    if game["removed_at"]:  # JSON, as app.js reads it (not the app's page for a 409)
        return jsonify(error=_("This game was removed")), 409
    variant, sides = get_variant(game["variant"]), game["sides"]
    rules = variant.rules(game["options"])
    number = max(1, min(number, len(played) + 1))  # a round of this game
    board_ = board.build(game, played, answer)
    form = round_form.round_form(variant, sides, rules, board_.members)
    form.validate() or round_form.spare_the_out_side(form, variant, rules)
    entries = round_form.entries_from(form, variant, sides, rules)
    problems = (
        [] if form.errors else round_screen.round_form_problems(game, played, number, entries)
    )
    if form.errors:  # every problem at once, as the form's save lists them
        show_engine_problems(round_screen.Screen.of(game, played, number), form, entries)
    listed = round_errors.error_list(form, sides) + problems
    if listed:
        first = listed[0]
        return jsonify(
            error=first["text"], side=first.get("side"), field=first.get("field"), problems=listed
        ), 400
    before = round_screen.totals_before(board_, number)
    result = round_screen.preview_scores(game, played, number, entries)
    after = {s: before[s] + result["scores"][s] for s in sides}
    return jsonify({**result, "before": before, "after": after})


@bp.route("/games/<int:game_id>/rounds/<int:number>/undo", methods=["POST"])
def undo_round(game_id: int, number: int) -> Page:
    """Take back the round just saved (the scoreboard offers it for a few seconds)."""
    game = games.get_game(get_db(), game_id)
    security.guard_change(game)
    form = general.UndoRoundForm()
    if not form.validate_on_submit():
        message = _("The form had expired or came from elsewhere: nothing was undone.")
        return render_template("error.html", title=_("Not undone"), message=message), 400
    try:  # a form that does not say which saving of the round it undoes, undoes nothing
        saving = digits(form.saving.data or "", 18)
        rounds.undo_round(get_db(), game_id, number, int(form.version.data), saving or -1)
    except (rounds.TooLateToUndo, rounds.StaleEdit, ScoringError) as problem:
        flash(sentence(say(problem)) + ".", "error")  # shown as an alert, not as news
    else:
        flash(_("Round %(n)s undone: nothing of it was kept.", n=round_screen.label(game, number)))
    return redirect(url_for("games.scoreboard", game_id=game_id))


@bp.route("/games/<int:game_id>/rounds/<int:number>/delete", methods=["GET", "POST"])
def delete_round(game_id: int, number: int) -> Response | tuple[str, int]:
    game, played, answer = games.scored(get_db(), game_id)
    security.guard_change(game)
    if not 1 <= number <= len(played):
        abort(404)
    form = general.DeleteRoundForm(version=played[number - 1]["version"])
    error = None
    if form.validate_on_submit():
        try:
            rounds.delete_round(get_db(), game_id, number, int(form.version.data))
        except (ScoringError, rounds.StaleEdit) as problem:
            error = sentence(say(problem))
        else:
            flash(
                _(
                    "Round %(n)s deleted; the rounds after it are scored again.",
                    n=round_screen.label(game, number),
                )
            )
            return redirect(url_for("games.scoreboard", game_id=game_id))
    board_ = board.build(game, played, answer)
    page = render_template(
        "delete.html", game=game, board=board_, number=number, form=form, error=error
    )
    return page, (409 if error else 400 if request.method == "POST" else 200)


def taken(game: games.Game, number: int, side: int) -> Any:
    """The posted round form with one side's part replaced by its phone's draft."""
    draft = phones.drafts(get_db(), game["id"], number).get(side)
    return table_parts.formdata([draft["fields"]] if draft else [], request.form)
