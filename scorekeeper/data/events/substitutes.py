"""A substitute for one of an entry's players, for one turn or for the rest of the
event: the entry's results stay the entry's (its sides keep its name), but the
substitute's name is the one seated in the games of those turns, so those games
count in the substitute's own statistics and rating, not the absent player's. A
turn whose table has entered no round yet takes the substitute at once; otherwise
the substitute plays from the next turn."""

from __future__ import annotations

import json
from typing import Any

from sqlite_utils import Database

from ...scoring.i18n import N_, problem as P_
from .. import checks
from ..connection import insert, now, row, rows, writing
from ..games import players, tallies
from ..table import table as phones
from . import changes, events
from .late import optional_reason
from .planning import EventProblem


def substitutes(db: Database, event_id: int) -> list[dict[str, Any]]:
    """Every substitute of the event, in the order they were named."""
    sql = "SELECT * FROM event_substitutes WHERE event_id = ? ORDER BY id"
    return rows(db, sql, [event_id])


def covers(sub: dict[str, Any], turn: int) -> bool:
    """Whether substitute ``sub`` plays turn ``turn``."""
    until = sub["until_turn"]
    return bool(sub["from_turn"] <= turn and (until is None or turn <= until))


def seated(
    people: list[dict[str, Any]], subs: list[dict[str, Any]], turn: int
) -> list[dict[str, Any]]:
    """The entries as they sit in turn ``turn``: each absent player's name replaced
    by their substitute's (the entry's own name, its sides' name, stays).

    >>> people = [{"number": 0, "name": "Ann & Bea", "players": ["Ann", "Bea"]}]
    >>> sub = {"entry": 0, "player": "Bea", "substitute": "Cy", "from_turn": 2, "until_turn": 2}
    >>> [seated(people, [sub], t)[0]["players"] for t in (1, 2, 3)]
    [['Ann', 'Bea'], ['Ann', 'Cy'], ['Ann', 'Bea']]
    """
    instead = {(s["entry"], s["player"]): s["substitute"] for s in subs if covers(s, turn)}
    return [
        {**e, "players": [instead.get((e["number"], p), p) for p in e["players"]]} for e in people
    ]


def substitute(
    db: Database, event_id: int, entry: int, player: str, name: str, *, rest: bool, reason: str
) -> int:
    """``name`` plays for ``entry``'s ``player`` from the turn being played when its
    table has entered no round yet (seated in that game now), else from the next;
    for that turn only, or (``rest``) to the end of the event. Kept in the event's
    history with the director's ``reason`` (optional). The first turn it covers.
    Sent twice, the second changes nothing."""
    reason = optional_reason(reason)
    name = " ".join(name.split())
    with writing(db):
        found = events.event(db, event_id)
        people = events.entries_of(db, event_id)
        if not 0 <= entry < len(people) or player not in people[entry]["players"]:
            raise EventProblem(P_("choose a player of this event"), "player")
        first, table = first_turn(db, found, entry)
        sub = {"entry": entry, "player": player, "substitute": name, "from_turn": first}
        sub["until_turn"] = None if rest else first
        subs = substitutes(db, event_id)
        if any(all(s[k] == v for k, v in sub.items()) for s in subs):
            return first
        check_name(people, subs, sub)
        ends_before(db, subs, entry, player, first)
        insert(
            db, "event_substitutes", {"event_id": event_id, **sub, "reason": reason, "at": now()}
        )
        if first == found["turn"] and table is not None:
            reseat(db, table["game_id"], player, name, reason)
        detail = {"entry": entry, "name": people[entry]["name"], "player": player}
        changes.record(
            db,
            event_id,
            "substitute",
            reason,
            **detail,
            substitute=name,
            turn=first,
            until=sub["until_turn"],
        )
    return first


def first_turn(db: Database, found: dict[str, Any], entry: int) -> tuple[int, Any]:
    """The first turn a substitute for ``entry`` can play, and the entry's game of
    the turn being played (None: a bye, or no turn started): the turn being played
    while that game has no round, else the next. EventProblem when none is left."""
    turn = int(found["turn"])
    table = entry_table(db, found["id"], turn, entry) if turn else None
    first = max(turn if table is not None and not table["round_count"] else turn + 1, 1)
    if first > found["turns"]:
        said = N_("the last turn's table has entered a round: there is no turn left to play")
        raise EventProblem(P_(said), "player")
    return first, table


def check_name(
    people: list[dict[str, Any]], subs: list[dict[str, Any]], sub: dict[str, Any]
) -> None:
    """A substitute's name: one a seat can show, nobody's already playing, and no
    one's sitting in for another player in those turns."""
    name = sub["substitute"]
    if not name:
        raise EventProblem(P_("substitute: give the name of who sits in"), "substitute")
    if problem := checks.name_problem(name, checks.SEAT_NAME_LENGTH):
        raise EventProblem(P_("substitute: %(problem)s", problem=problem), "substitute")
    key = checks.name_key(name)
    elsewhere = [
        s["substitute"]
        for s in subs
        if (s["entry"], s["player"]) != (sub["entry"], sub["player"])
        and covers_from(s, sub["from_turn"])
    ]
    playing = [p for e in people for p in e["players"]]
    if any(checks.name_key(p) == key for p in [*playing, *elsewhere]):
        said = N_("%(name)s plays in this event already: name someone who does not")
        raise EventProblem(P_(said, name=name), "substitute")


def ends_before(
    db: Database, subs: list[dict[str, Any]], entry: int, player: str, first: int
) -> None:
    """A new substitute for ``player`` from turn ``first`` takes over: an earlier one
    for the same player ends the turn before (or is dropped if it had not begun)."""
    for s in subs:
        if (s["entry"], s["player"]) != (entry, player) or not covers_from(s, first):
            continue
        if s["from_turn"] >= first:
            db.execute("DELETE FROM event_substitutes WHERE id = ?", [s["id"]])
        else:
            sql = "UPDATE event_substitutes SET until_turn = ? WHERE id = ?"
            db.execute(sql, [first - 1, s["id"]])


def covers_from(sub: dict[str, Any], turn: int) -> bool:
    """Whether ``sub`` plays turn ``turn`` or any after it."""
    return sub["until_turn"] is None or sub["until_turn"] >= turn


TABLE = """
SELECT eg.game_id, eg.entries, g.round_count FROM event_games eg JOIN games g ON g.id = eg.game_id
WHERE eg.event_id = ? AND eg.turn = ? AND g.removed_at IS NULL
"""


def entry_table(db: Database, event_id: int, turn: int, entry: int) -> dict[str, Any] | None:
    """The game ``entry`` plays in turn ``turn`` (None: a bye, or not made)."""
    for t in rows(db, TABLE, [event_id, turn]):
        if any(entry in side for side in json.loads(t["entries"])):
            return t
    return None


def reseat(db: Database, game_id: int, player: str, name: str, reason: str) -> None:
    """Seat ``name`` where ``player`` sat at a game without a round yet, its
    players' tallies moved with it (inside the write)."""
    old = tallies.contributions(db, game_id)
    seat = row(
        db,
        "SELECT s.seat FROM seats s JOIN players p ON p.id = s.player_id "
        "WHERE s.game_id = ? AND p.name_key = ?",
        [game_id, checks.name_key(player)],
    )
    if seat is None:
        return
    db.execute(
        "UPDATE seats SET player_id = ? WHERE game_id = ? AND seat = ?",
        [players.remember(db, name), game_id, seat["seat"]],
    )
    tallies.apply(db, old, tallies.contributions(db, game_id))
    db.execute("UPDATE games SET table_stamp = table_stamp + 1 WHERE id = ?", [game_id])
    phones.event(db, game_id, {"id": None, "who": name}, "sat in", note=reason or None)
