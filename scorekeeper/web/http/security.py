"""Who may change scores.

A game (or the whole app) may have a scorer passphrase, stored hashed. Whoever
types it is remembered in the signed session cookie; everyone else sees the
game read-only. The API takes the passphrase in the ``X-Scorer-Passphrase``
header instead. The session remembers each unlock with a fingerprint of the
hash it was unlocked with: a new passphrase (a new hash, with a new salt, even
for the same words) ends every session unlocked with the old one. Wrong
passphrases are limited by ``throttle``.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from flask import Flask, abort, current_app, request, session
from werkzeug.exceptions import Conflict, Forbidden, TooManyRequests
from werkzeug.security import check_password_hash, generate_password_hash

from ...data import settings
from ...data.connection import get_db
from ...data.events import cards, events
from ...data.games import games
from .i18n import _
from .throttle import Key, SharedThrottle, Throttle

# With 5 wrong tries a minute per game (7,200 a day), 8 characters keep even
# digits alone (10^8) out of reach for years; see docs/security.md.
MIN_PASSPHRASE = 8
KNOWN_KEYS = {"", "dev", "development", "secret", "change-me", "changeme", "test-only", "x"}


class WeakSecretKey(RuntimeError):
    """The configured secret key is well known or short: what to do, in one line."""


def check_secret_key(app: Flask) -> None:
    """Refuse to serve for real with a well-known or short secret key."""
    key = str(app.config.get("SECRET_KEY") or "")
    if app.testing or app.debug:
        return
    if key.lower() in KNOWN_KEYS or len(key) < 16:
        raise WeakSecretKey(
            f"refusing to run with a default or short secret key ({len(key)} characters, "
            "from FLASK_SECRET_KEY or the instance folder's config.py): unset it to use the "
            "key kept in the instance folder, or set at least 16 random characters "
            """(python3 -c "import secrets; print(secrets.token_hex(32))")"""
        )


def hash_passphrase(passphrase: str) -> str:
    return generate_password_hash(passphrase)


def matches(stored_hash: str | None, given: str | None) -> bool:
    return bool(stored_hash and given) and check_password_hash(stored_hash or "", given or "")


def fingerprint(passphrase_hash: str | None) -> str:
    """A short digest of a stored hash: the cookie (signed, not secret) names the
    passphrase it was unlocked with without carrying anything to guess from."""
    return hashlib.sha256((passphrase_hash or "").encode()).hexdigest()[:16]


def remember(game_id: int | str, passphrase_hash: str | None) -> None:
    """This browser may score ``game_id`` ("*" for every game) from now on, as
    long as its passphrase is still the one with ``passphrase_hash``."""
    mine = f"{game_id}:"
    allowed = {e for e in session.get("scorer", []) if not str(e).startswith(mine)}
    allowed.add(mine + fingerprint(passphrase_hash))
    session["scorer"] = sorted(allowed)


def remembered(game_id: int | str, passphrase_hash: str | None) -> bool:
    return f"{game_id}:{fingerprint(passphrase_hash)}" in session.get("scorer", [])


def counted(name: str, tries: int = 5) -> Throttle | SharedThrottle:
    """The app's throttle ``name``: in this process's memory, or in the database when
    several processes serve the app (``WORKERS``), so that their tries add up."""
    found: Throttle | SharedThrottle | None = current_app.extensions.get(f"scorekeeper.{name}")
    if found is None:
        shared = current_app.config.get("WORKERS", 1) > 1
        made = SharedThrottle(name, tries) if shared else Throttle(tries)
        found = current_app.extensions.setdefault(f"scorekeeper.{name}", made)
    return found


def throttle() -> Throttle | SharedThrottle:
    return counted("throttle")


ANSWERS_A_MINUTE = 12  # a phone's confirmations and queries: a whole table's rounds, and more


def answers_throttle() -> Throttle | SharedThrottle:
    """Every confirmation and query a phone sends counts here (not only failures): one
    phone sent 1,025 queries in 10 s, and every screen fetched the table again."""
    return counted("answers", ANSWERS_A_MINUTE)


JOINS_A_MINUTE = 30  # phones joining one table, or asking for a seat there: a room's worth
WRONG_CODES_A_MINUTE = 60  # from one address, however many browsers behind it


def joins_throttle() -> Throttle | SharedThrottle:
    """Every join and seat request at a table counts here, by the table."""
    return counted("joins", JOINS_A_MINUTE)


def wrong_code_keys() -> tuple[list[Key], list[Key]]:
    """What a wrong join code counts against: this browser at its address (5 a
    minute: a guest's typos shut out that guest alone, not the club's wifi, whose
    phones share one address behind its router), and the address as a whole (a
    higher bound, so that a guest dropping its cookies guesses no faster)."""
    browser = session.setdefault("browser", secrets.token_hex(8))
    address = request.remote_addr or "?"
    return [("join", f"{address}|{browser}")], [("join-address", address)]


def wrong_codes_throttle() -> Throttle | SharedThrottle:
    return counted("wrong_codes", WRONG_CODES_A_MINUTE)


def try_keys(game_id: int | str, app_wide: bool = False) -> list[Key]:
    """What a wrong passphrase counts against: this client, and the game ("*": the app);
    the app too when the guess was tried against the app-wide passphrase, so that
    guessing it through many games (or from many addresses) is no faster."""
    keys = [("client", request.remote_addr or "?"), ("game", str(game_id))]
    return keys + [("game", "*")] if app_wide and str(game_id) != "*" else keys


def refuse_if_throttled(keys: list[Key]) -> None:
    wait = throttle().wait(keys)
    if wait:
        raise TooManyRequests(
            f"too many wrong passphrases: try again in {wait} seconds", retry_after=wait
        )


def header_matches(hashes: list[str], game_id: int | str, app_wide: bool = False) -> bool:
    """Whether the X-Scorer-Passphrase header matches; a wrong one is a failed try
    (``app_wide``: the app-wide passphrase is among ``hashes``)."""
    given = request.headers.get("X-Scorer-Passphrase")
    if given is None:
        return False
    keys = try_keys(game_id, app_wide)
    refuse_if_throttled(keys)
    if any(matches(h, given) for h in hashes):
        return True
    throttle().failed(keys)
    return False


def app_hash() -> str | None:
    """The app-wide scorer passphrase's hash, if one is set."""
    return settings.app_passphrase_hash(get_db())


def may_score(game: dict[str, Any]) -> bool:
    """Whether this request may change ``game``: no passphrase guards it, or the
    browser typed it, or the API request carries it. The app-wide passphrase's hash
    comes with the game when it was read with it (``games.game_row``), and so does
    the club night's table the game is played at, if any: such a game is its
    director's and its table's (``may_score_at``)."""
    seat = event_seat(game)
    if seat is not None:
        return may_score_at(seat)
    everything = game["app_passphrase_hash"] if "app_passphrase_hash" in game else app_hash()
    pairs = ((game["id"], game.get("passphrase_hash")), ("*", everything))
    guards = [(k, h) for k, h in pairs if h]
    if not guards:
        return True
    if any(remembered(k, h) for k, h in guards):
        return True
    return header_matches([h for _, h in guards], game["id"], bool(everything))


def event_seat(game: dict[str, Any]) -> dict[str, Any] | None:
    """The club night's table ``game`` is played at (None: no event's), as read with
    the game's row, else read now."""
    if "event_seat" in game:
        seat: dict[str, Any] | None = game["event_seat"]
        return seat
    return cards.seat_of_game(get_db(), int(game["id"]))


def event_of(seat: dict[str, Any]) -> dict[str, Any]:
    """The event of a table's ``seat`` (``event_seat``), as ``may_direct`` reads it:
    under its own id, with its passphrase's hash."""
    return {**seat, "id": seat["event_id"]}


def event_of_game(game: dict[str, Any], seat: dict[str, Any]) -> dict[str, Any]:
    """``event_of`` the ``seat`` of ``game``, with the app-wide passphrase's hash when it
    was read with the game (``may_direct`` then asks no second time)."""
    event = event_of(seat)
    if "app_passphrase_hash" in game:
        event["app_passphrase_hash"] = game["app_passphrase_hash"]
    return event


def may_create() -> bool:
    """Whether this request may start a game, import, or change an evening: the
    app-wide passphrase, if one is set (they concern no one game)."""
    return may_create_under(app_hash())


def may_create_under(everything: str | None) -> bool:
    """``may_create`` with the app-wide passphrase's hash already read (a game's row
    carries it: a kept scoreboard asks nothing more of the database)."""
    if not everything or remembered("*", everything):
        return True
    return header_matches([everything], "*")


def guard_app() -> None:
    """Stop a change outside any one game by a browser without the app passphrase."""
    if not may_create():
        abort(403)


class EventRefused(Forbidden):
    """A club night's 403: what only its director may do (``table`` False), or the
    scoring of a table's game, which its card's browser and the director may do. The
    refusal page names who may, and a passphrase only when there is one to type:
    with none set, the advice to type it was advice nobody could follow."""

    def __init__(self, event: dict[str, Any], *, table: bool = False) -> None:
        super().__init__()
        self.event = event  # as ``may_direct`` reads it: its id and passphrase hash
        self.table = table


def guard(game: dict[str, Any]) -> None:
    """Stop a change to a game guarded by a passphrase this browser has not typed
    (a club night's game: by a browser neither its table's nor its director's)."""
    if not may_score(game):
        seat = event_seat(game)
        if seat is not None:
            raise EventRefused(event_of(seat), table=True)
        abort(403)


def may_remove(game: dict[str, Any]) -> bool:
    """Whether this request may remove ``game``: a club night's game only its
    director (its table may score it, not take it out of the event), any other
    whoever may score it."""
    seat = event_seat(game)
    if seat is None:
        return may_score(game)
    return may_direct(event_of_game(game, seat))


def guard_removal(game: dict[str, Any]) -> None:
    """Stop a removal by a browser that may not (``may_remove``)."""
    seat = event_seat(game)
    if seat is not None:
        guard_direct(event_of(seat))
    guard(game)


def guard_change(game: dict[str, Any]) -> None:
    """``guard``, and a removed game is read-only (GameRemoved: 409) until its
    removal is undone: its rounds, name and table stay as they were; and a club
    night's table may no longer change a game closed to it (``TableClosed``: 409)."""
    guard(game)
    games.check_kept(game)
    guard_open(game)


def guard_open(game: dict[str, Any]) -> None:
    """Stop a club night's table changing a game closed to it (``closed_to``)."""
    seat = event_seat(game)
    if seat is not None and closed_to(game):
        raise TableClosed(seat)


class TableClosed(Conflict):
    """A club night's table changing a game closed to it: its turn is over (a later
    one started: the standings count its result), or an entry at it withdrew before
    it finished (its opponents have a bye). Its director may still change it, or
    reopen the table for it to correct its rounds."""

    def __init__(self, seat: dict[str, Any]) -> None:
        super().__init__(description=closed_words(seat))
        self.seat = seat


def closed_words(seat: dict[str, Any]) -> str:
    """Why a table's game is closed to it, and who can still change it."""
    if seat["closed"] == "withdrawn":
        return _(
            "An entry at this table withdrew: its game is over, and its opponents have a "
            "bye. The director can still adjust its score."
        )
    return _(
        "Turn %(n)s is over, and the standings count this game as it stands. To correct "
        "it, ask the director to reopen the table.",
        n=seat["turn"],
    )


def closed_to(game: dict[str, Any]) -> str | None:
    """Why this request may not change ``game``, a club night's table's game closed to
    its table (``games.TABLE_CLOSED``: "settled" or "withdrawn"); None when it is open,
    no event's, or this request may direct the event."""
    seat = event_seat(game)
    if seat is None or not seat.get("closed"):
        return None
    return None if may_direct(event_of_game(game, seat)) else str(seat["closed"])


# -- a club night's roles ---------------------------------------------------------------


def director_key(event: dict[str, Any]) -> str:
    """What a director's session remembers for the event (its uid: ids are reused
    by another database, uids are not)."""
    return f"event:{event['uid']}"


def may_direct(event: dict[str, Any]) -> bool:
    """Whether this request may run the event (start turns, swap, withdraw, adjust,
    reopen, run the clock, print or replace the cards): the browser that made it,
    or one that typed the event's passphrase or the app's (or an API request that
    carries either). Without the app passphrase nobody else may: a guest's phone
    on the club's wifi only watches. The app-wide passphrase's hash comes with
    ``event`` when it was read with it."""
    everything = event["app_passphrase_hash"] if "app_passphrase_hash" in event else app_hash()
    if everything and remembered("*", everything):
        return True
    own = event.get("passphrase_hash")
    if remembered(director_key(event), own):
        return True
    hashes = [h for h in (own, everything) if h]
    return bool(hashes) and header_matches(hashes, director_key(event), bool(everything))


def guard_direct(event: dict[str, Any]) -> None:
    if not may_direct(event):
        raise EventRefused(event)


def directed(event_id: int) -> dict[str, Any]:
    """The event, for its director only (403 for anyone else, 404 if none)."""
    found = events.event(get_db(), event_id)
    guard_direct(found)
    return found


def remember_director(event: dict[str, Any]) -> None:
    remember(director_key(event), event.get("passphrase_hash"))


def card_key(seat: dict[str, Any]) -> str:
    return f"card:{seat['uid']}:{seat['table_no']}"


def remember_card(card: dict[str, Any]) -> None:
    """This browser opened the table's card: it may score the table's games, for
    as long as the card is not replaced."""
    remember(card_key(card), card["token"])


def may_score_at(seat: dict[str, Any]) -> bool:
    """Whether this request may change the game of an event's table: its director,
    or a browser that opened that table's card (no passphrase to type)."""
    if seat.get("card") and remembered(card_key(seat), seat["card"]):
        return True
    return may_direct(event_of(seat))
