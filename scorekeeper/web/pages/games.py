"""The table: the game list, a new game, the scoreboard and a game's history."""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    get_flashed_messages,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.wrappers import Response

from ...data.connection import get_db
from ...data.events import events
from ...data.games import evenings, games, players as people, rounds, rule_sets as saved
from ...data.table import table as phones
from ...scoring import VARIANTS, ScoringError, Variant, get_variant
from ...scoring.seating import teams
from ..forms import general, new_game as start_form, option_form
from ..http import i18n, page_cache, security
from ..http.i18n import _, lazy_gettext as _l
from ..shown import board, labels, overrides, seating, table_view
from . import rule_sets
from .rules import variant_or_404

bp = Blueprint("games", __name__)
# why a club night's table is not offered "Play again with the same players"
NEXT_TURN = _l(
    "At a club night the director starts each table's games, turn by turn: this "
    "table's next game comes with the next turn."
)


@bp.route("/")
def index() -> str:
    recent = games.recent_games(get_db())
    return render_template("index.html", games=recent, again=again_offer(recent))


def again_offer(recent: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The latest finished game this browser may play again (its players, its rules,
    the deal moving on), for the home page's one tap; None if there is none."""
    last = next((g for g in recent if g["finished"]), None)
    if last is None or not security.may_create():
        return None
    game = games.get_game(get_db(), last["id"])
    if not security.may_score(game) or security.event_seat(game) is not None:
        return None  # a club night's table: its next game is the director's next turn
    return {
        "game": last,
        "form": general.AgainForm(),
        "sides": seating.against(last["sides"], end=""),
    }


@bp.route("/games/new")
def choose() -> str | Response:
    if not security.may_create():
        abort(403)
    form = general.ChooseVariantForm(request.args)
    changes = {  # each saved rule set said as what it changes of its variant
        rule_sets.choice(s["id"]): board.topics_changed(VARIANTS[s["variant"]], s["options"])
        for s in rule_sets.offer(form)
        if s["variant"] in VARIANTS
    }
    if request.args and form.validate():
        chosen = form.variant.data.removeprefix("set-") if form.variant.data in form.sets else None
        return redirect(
            url_for(
                ".new_game",
                variant_id=form.variant_id(),
                players=form.players.data,
                rule_set=chosen,
            )
        )
    return render_template("choose.html", form=form, changes=changes)


@bp.route("/games/new/<variant_id>/<int:players>", methods=["GET", "POST"])
def new_game(variant_id: str, players: int) -> str | Response | tuple[str, int]:
    variant = variant_or_404(variant_id)
    if players not in variant.players:
        abort(404)
    if not security.may_create():
        abort(403)
    chosen = rule_sets.chosen(variant)  # a saved rule set fills in the house rules
    values = variant.rules(chosen["options"] if chosen else {})
    state = option_form.editor(variant, request.form if request.method == "POST" else None, values)
    form = start_form.new_game_form(variant, players, values, state.rows, state.formdata)
    started = evenings.with_players(get_db(), evenings.evenings_on(get_db(), str(form.date.data)))
    form.evening.choices = labels.evening_choices(started)
    submitted = state.changed_rows is None and form.validate_on_submit()  # not a row button
    if submitted and option_form.check(form, variant, state):
        try:
            game_id = start_game(form, variant, players, state, chosen)
        except ScoringError as error:
            form.form_errors.append(i18n.error_text(error))
        except saved.NameTaken as error:
            form.save_as.errors.append(i18n.say(error))
        else:
            security.remember(game_id, games.get_game(get_db(), game_id)["passphrase_hash"])
            return redirect(url_for(".scoreboard", game_id=game_id))
    names = [form[f"seat{i}"].data or "" for i in range(players)]
    sides = int(form.sides.data) if form.sides.data else None
    page = render_template(
        "new_game.html",
        form=form,
        variant=variant,
        players=players,
        rule_set=chosen,
        rule_sets=[s for s in saved.rule_sets(get_db()) if s["variant"] == variant.id],
        known=people.names(get_db()),
        groups=start_form.seat_groups(variant, players),
        preview=seating.preview(variant, names, sides, form.first_dealer.data or 0),
        paper_sides=seating.paper_sides(teams(variant, [str(i + 1) for i in range(players)])),
        sides_count=len(variant.arrangement(players)),
        folded_errors=[name for name in form.errors if not name.startswith("seat")],
        editor=option_form.layout(form, variant, state, players),
        state=state,
        problems=general.problems_of(form) if request.method == "POST" else [],
    )
    failed = request.method == "POST" and state.changed_rows is None
    return (page, 400) if failed else page


def start_game(
    form: Any, variant: Variant, count: int, state: Any, chosen: dict[str, Any] | None
) -> int:
    """Store the game the new-game form describes (in the chosen evening, a new one,
    or by default that of the same players that day), started from the chosen rule
    set and/or saving its rules as a new one."""
    db = get_db()
    save_as = (form.save_as.data or "").strip() or None
    if save_as:
        saved.check_name(db, save_as)  # before anything is stored
    seats, sides = start_form.seats_and_sides(form, variant, count)
    evening = evenings.evening_for(db, str(form.date.data), seats, form.evening.data)
    secret = form.passphrase.data and security.hash_passphrase(form.passphrase.data)
    game = dict(
        evening_id=evening,
        variant=variant.id,
        sides=sides,
        players=count,
        options=option_form.house_rules(form, variant, state.rows),
        seats=seats,
        first_dealer=form.first_dealer.data,
        passphrase_hash=secret or None,
        start=start_form.paper_start(form, sides),
    )
    return saved.start_game(db, game, chosen["id"] if chosen else None, save_as)


@bp.route("/games/<int:game_id>")
def scoreboard(game_id: int) -> str | Response:
    db = get_db()
    saved = general.query_id("saved")
    if saved or get_flashed_messages():  # this browser's own: rendered for it alone
        return scoreboard_page(game_id, saved)
    made_of, at_table = phones.game_and_phones(db, game_id)  # its answer and stamp too
    if not made_of["join_code"] and security.may_score(made_of):  # made before the key
        phones.join_code_if_writable(db, game_id)
        made_of = games.game_row(db, game_id)
    scorer = security.may_score(made_of)
    # the scorer's panel shows the phones (last seen) and an absolute join link
    seen = at_table if scorer else None
    link = (request.scheme, request.host)
    query = request.query_string  # the language links go back to the page as asked for
    game = page_cache.made_of(made_of)
    # the links shown besides scoring: a club night's table scores its game, but only
    # the director removes it, and only one who may start games plays again
    rights = scorer and (security.may_remove(made_of), creates(made_of))
    key = page_cache.page_key("scoreboard", db_path(), game, scorer, rights, seen, link, query)
    response = page_cache.conditional(
        key, lambda: PAGES.get_or_render(key, lambda: scoreboard_page(game_id, None))
    )
    if scorer:  # the join code, the phones: this browser's alone, never kept offline
        response.headers["Cache-Control"] = "private, no-cache"
    return response


PAGES = page_cache.PageCache()


def scoreboard_page(game_id: int, saved: int | None) -> str:
    db = get_db()
    game, played, answer = games.scored(db, game_id)
    board_ = board.build(game, played, answer)
    # removed, or a club night's table closed to its phone: read-only
    closed = security.closed_to(game)
    scores = security.may_score(game) and not game["removed_at"]  # its scorer, or director
    editable = scores and not closed
    undo = None
    saving = rounds.undoable(db, game_id, saved) if editable and saved else None
    if saving:
        undo = {"number": saved, "form": general.UndoRoundForm(version=1, saving=str(saving))}
    seat = security.event_seat(game)  # a club night's table plays the director's turns
    offered = board_.finished and editable and seat is None and creates(game)
    again = general.AgainForm() if offered else None
    table = table_view.panel(game, editable, board_)
    event_id = events.event_of_game(db, game_id)  # a club night's table: the turn's clock
    clock_url = url_for("events.clock_json", event_id=event_id) if event_id else None
    return render_template(
        "scoreboard.html",
        game=game,
        board=board_,
        editable=editable,
        undo=undo,
        again=again,
        table=table,
        clock_url=clock_url,
        next_turn=NEXT_TURN if seat and board_.finished and scores else None,
        seat=seat,
        removes=editable and security.may_remove(game),
        # a club night's table with no app passphrase: no passphrase opens it, and the
        # read-only line says who scores it instead
        table_only=seat is not None and not game.get("app_passphrase_hash"),
        closed=security.closed_words(seat) if closed and seat else None,
    )


def creates(game: dict[str, Any]) -> bool:
    """Whether this request may start a game (``security.may_create``), by the
    app-wide passphrase's hash read with ``game`` (read now if it was not)."""
    if "app_passphrase_hash" not in game:
        return security.may_create()
    return security.may_create_under(game["app_passphrase_hash"])


@bp.route("/games/<int:game_id>/again", methods=["POST"])
def again(game_id: int) -> Response | tuple[str, int]:
    """Play again with the same players: a new game in this evening, the deal moving on."""
    db = get_db()
    game, _played, answer = games.scored(db, game_id)
    security.guard(game)
    if not security.may_create():
        abort(403)
    if security.event_seat(game) is not None:  # the table's next game: the next turn's
        return render_template("error.html", title=_("Not started"), message=str(NEXT_TURN)), 409
    form = general.AgainForm()
    if not answer["finished"] or game["removed_at"] or not form.validate_on_submit():
        message = (
            _("This game is not over yet.") if not answer["finished"] else str(general.STALE_FORM)
        )
        return render_template("error.html", title=_("Not started"), message=message), 400
    new_id = games.play_again(db, game_id)
    security.remember(new_id, game["passphrase_hash"])
    return redirect(url_for(".scoreboard", game_id=new_id))


@bp.route("/games/<int:game_id>/rename", methods=["GET", "POST"])
def rename(game_id: int) -> str | Response | tuple[str, int]:
    db = get_db()
    game = games.get_game(db, game_id)
    security.guard_change(game)
    form = general.GameNameForm(data={"name": game["name"]})
    if form.validate_on_submit():
        games.rename_game(db, game_id, form.name.data or "")
        flash(_("Name saved.") if form.name.data else _("Name removed."))
        return redirect(url_for(".scoreboard", game_id=game_id))
    page = render_template("rename_game.html", game=game, form=form)
    return (page, 400) if request.method == "POST" else page


def db_path() -> str:
    return str(current_app.config["DATABASE"])


@bp.route("/games/<int:game_id>/history")
def history(game_id: int) -> str:
    db = get_db()
    game = games.get_game(db, game_id)
    variant = get_variant(game["variant"])
    events = phones.events(db, game_id)
    for happened in events:
        if "override" in happened:
            happened["override"] = overrides.in_words(happened["override"], variant)
    return render_template(
        "history.html", game=game, changes=rounds.changes(db, game_id), events=events
    )
