"""Sharing a game: the scorer passphrase, and the spectator link with its QR code."""

from __future__ import annotations

import io

import segno
from flask import (
    Blueprint,
    current_app,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.wrappers import Response

from ...data.connection import get_db
from ...data.games import games
from ..forms import general
from ..http import hosts, page_cache, security
from ..http.i18n import _
from ..shown import board

bp = Blueprint("sharing", __name__)
SECRET = "private, no-store"  # a page or image holding a link that lets someone in


@bp.route("/unlock", methods=["GET", "POST"], defaults={"game_id": None})
@bp.route("/games/<int:game_id>/unlock", methods=["GET", "POST"])
def unlock(game_id: int | None) -> str | Response | tuple[str, int, dict[str, str]]:
    """Type the scorer passphrase once; this browser may score from then on.
    Five wrong tries a minute (per client, per game) and the form says wait."""
    game = games.get_game(get_db(), game_id) if game_id else None
    form = general.PassphraseForm()
    wait = 0
    if form.validate_on_submit():
        given, everything = form.passphrase.data, security.app_hash()
        keys = security.try_keys(game_id or "*", app_wide=bool(everything))
        wait = security.throttle().wait(keys)
        if wait:
            form.passphrase.errors.append(_("Too many wrong tries: wait %(n)s seconds.", n=wait))
        elif security.matches(everything, given):
            security.remember("*", everything)
        elif game and security.matches(game["passphrase_hash"], given):
            security.remember(game["id"], game["passphrase_hash"])
        else:
            security.throttle().failed(keys)
            form.passphrase.errors.append(_("That is not the scorer passphrase."))
        if not form.passphrase.errors:
            target = (
                url_for("games.scoreboard", game_id=game_id) if game else url_for("games.index")
            )
            return redirect(target)
    page = render_template("unlock.html", form=form, game=game)
    if wait:
        return page, 429, {"Retry-After": str(wait)}
    return (page, 400, {}) if request.method == "POST" else page


@bp.route("/games/<int:game_id>/share")
def share(game_id: int) -> Response:
    """The spectator link and its QR code, for the players' own phones."""
    game = games.get_game(get_db(), game_id)
    security.guard(game)
    link = hosts.phone_url(".watch", token=game["watch_token"])
    page = make_response(render_template("share.html", game=game, link=link))
    page.headers["Cache-Control"] = SECRET  # the spectator link is a capability
    return page


@bp.route("/games/<int:game_id>/qr.svg")
def qr(game_id: int) -> Response:
    game = games.get_game(get_db(), game_id)
    security.guard(game)
    link = hosts.phone_url(".watch", token=game["watch_token"])
    return Response(qr_svg(link), mimetype="image/svg+xml", headers={"Cache-Control": SECRET})


def qr_svg(text: str, scale: int = 6, *, fit: bool = False) -> str:
    """A link as a QR code, drawn by segno (``scale`` px a module). ``fit``: with a
    viewBox in place of its size, for a page whose style sizes it: a code of fixed
    size wider than a phone's screen was cut off, its corner square with it, and
    could not be scanned from the screen."""
    out = io.BytesIO()
    segno.make(text, error="m").save(
        out, kind="svg", scale=scale, border=2, xmldecl=False, omitsize=fit
    )
    return out.getvalue().decode()


@bp.route("/watch/<token>")
def watch(token: str) -> Response:
    """The read-only scoreboard behind a spectator link; it refreshes by itself."""
    db = get_db()
    game_id = games.id_by_token(db, token)
    made_of = games.game_row(db, game_id)  # its stored answer and stamp included
    key = page_cache.page_key(
        "watch", current_app.config["DATABASE"], page_cache.made_of(made_of), request.query_string
    )  # the language links go back to the page as asked for
    return page_cache.conditional(
        key, lambda: WATCH_PAGES.get_or_render(key, lambda: watch_page(token, game_id))
    )


WATCH_PAGES = page_cache.PageCache()


def watch_page(token: str, game_id: int) -> str:
    db = get_db()
    game, played, answer = games.scored(db, game_id)
    board_ = board.build(game, played, answer)
    stamp = games.game_stamp(db, game_id)
    return render_template("watch.html", game=game, board=board_, token=token, stamp=stamp)


@bp.route("/watch/<token>/stamp")
def watch_stamp(token: str) -> Response:
    """The game's stamp, as a conditional response: a phone that sends the ETag it
    has gets 304 until something changes (one indexed row read, no cookie)."""
    stamp = games.stamp_by_token(get_db(), token)
    response = jsonify(stamp=stamp)
    response.set_etag(f"s{stamp}", weak=True)
    response.headers["Cache-Control"] = "no-cache"  # always ask, with If-None-Match
    return response.make_conditional(request)
