"""What the table's pages show: the phone's page (scores, its part of the round,
rounds to confirm), the scorer's panel on the scoreboard, the phones' parts on
the round screen, and each round's agreement. Views in ``table.py`` call these."""

from __future__ import annotations

from typing import Any

from ...data.connection import get_db
from ...data.events import desk as event_desk, events
from ...data.games import games
from ...data.table import (
    agreement as table_agreement,
    answers as table_answers,
    seats as table_seats,
    table as phones,
)
from ...scoring import FIELDS, get_variant
from ..forms import (
    event_desk as desk_forms,
    round_errors,
    round_form,
    table_parts,
    table_phones,
    table_sends,
)
from ..http import hosts
from ..http.i18n import _, lazy_gettext as _l, ngettext
from . import board, overrides, round_screen

WATCH = "watch"


def join_choices(game: games.Game) -> list[tuple[str, str]]:
    """Who a joining phone may be: each seated player (or side), or a watcher."""
    sides = game["sides"]
    enter = bool(game["phones_enter"])
    if game["seats"]:
        people = [(f"p{n}", name, n % len(sides)) for n, name in enumerate(game["seats"])]
    else:
        people = [(f"s{n}", name, n) for n, name in enumerate(sides)]
    choices = [(value, join_choice(name, sides[side], enter)) for value, name, side in people]
    return [*choices, (WATCH, _("Just watching"))]  # made SelectChoices by table_phones.join_form


def join_choice(name: str, side: str, enter: bool) -> str:
    if enter:
        return _("%(name)s — enters %(side)s’s part", name=name, side=side)
    return _("%(name)s — watches (%(side)s’s part: entering is off)", name=name, side=side)


def side_in(game: games.Game, phone: phones.Phone) -> int | None:
    """The side a phone enters for in ``game``, the next at its table: its player's
    (seats may have been drawn afresh), or its side's by name; else it watches.

    >>> drawn = {"seats": ["Bo", "Al", "Cy"], "sides": ["Bo", "Al", "Cy"]}
    >>> side_in(drawn, {"who": "Al", "side": 0})
    1
    >>> side_in({"seats": [], "sides": ["Us", "Them"]}, {"who": "Them", "side": 1})
    1
    >>> side_in({"seats": [], "sides": ["Us", "Them"]}, {"who": "Watcher", "side": None}) is None
    True
    """
    if phone["side"] is None:
        return None
    if phone["who"] in (game["seats"] or []):
        return int(game["seats"].index(phone["who"]) % len(game["sides"]))
    if phone["who"] in game["sides"]:
        return int(game["sides"].index(phone["who"]))
    return None


def chosen(game: games.Game, value: str) -> tuple[str, int | None]:
    """The joining phone's name and side (None: a watcher)."""
    if value.startswith("p"):
        n = int(value[1:])
        return game["seats"][n], n % len(game["sides"])
    if value.startswith("s"):
        n = int(value[1:])
        return game["sides"][n], n
    return _("Watcher"), None  # a name, kept as the joining phone said it


def to_confirm(rounds: list[Any], states: dict[int, dict[str, Any]], latest: int = 5) -> list[Any]:
    """The rounds a phone lists to confirm, newest first: the latest few, and every
    older one still waiting or queried (a phone tester's round 1, still waiting, had
    dropped off the list of the last five)."""
    newest = list(reversed(rounds))
    return [
        r for n, r in enumerate(newest) if n < latest or states[r["number"]]["state"] != "confirmed"
    ]


def confirmers(game: games.Game) -> list[set[int]]:
    """For each side, the sides whose phones may confirm its numbers
    (``table_agreement.confirmers``)."""
    return table_agreement.confirmers(game)


def agreement(game: games.Game, played: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """Each round's state at its current version (``table_agreement.agreement``), from the
    table's answers and the phones at it."""
    db = get_db()
    at_table = game["phones"] if "phones" in game else phones.phones(db, game["id"])
    return table_agreement.agreement(game, played, table_answers.answers(db, game["id"]), at_table)


def panel(game: games.Game, editable: bool, board_: board.Board) -> dict[str, Any]:
    """The scoreboard's table panel: join code, settings and phones for the scorer
    while the game is on (not once it is over or removed); each round's agreement
    for everyone when rounds are confirmed."""
    db = get_db()
    shown: dict[str, Any] = {"confirm": bool(game["confirm_rounds"])}
    if shown["confirm"]:  # the board's rounds carry each one's number and version
        shown["agreement"] = agreement(game, board_.rounds)
        if editable:  # a query answered with "stands as entered"
            shown["stands"] = table_phones.StandsForm()
    if editable and not game["removed_at"] and not board_.finished:
        code = phones.join_code_if_writable(db, game["id"])
        settings = {
            "phones_enter": bool(game["phones_enter"]),
            "confirm_rounds": bool(game["confirm_rounds"]),
        }
        shown.update(
            code=code,
            link=hosts.phone_url("table.join", code=code) if code else None,
            settings=table_phones.TableSettingsForm(data=settings),
            phones=phones.phones(db, game["id"]),
            seat_requests=table_seats.waiting(db, game["id"]),
            seat_form=table_sends.SeatAnswerForm(),
        )
    if game["phones_enter"]:
        shown["corrections"] = corrections(game, board_.rounds)
        if editable and "stands" not in shown:
            shown["stands"] = table_phones.StandsForm()
    return shown


def round_parts(game: games.Game, played: list[games.Round], number: int, members: Any) -> Any:
    """The phones' drafts of round ``number`` for the scorer's round screen, with
    each side's score when they are scored together (or why they cannot be yet)."""
    drafts = phones.drafts(get_db(), game["id"], number)
    if not drafts and not game["phones_enter"]:
        return None
    parts = [d["fields"] for d in drafts.values()]
    form = table_parts.bound(game, members, table_parts.formdata(parts))
    form.validate()
    scores, shares, problem = None, {}, None
    claims = table_parts.out_claims(parts)
    if len(claims) > 1:  # not scored together: one of them did not go out
        problem = out_clash_text(game, claims)
    elif drafts:
        entries = table_parts.entries_of(game, form)
        listed = round_errors.error_list(form, game["sides"]) or round_screen.round_form_problems(
            game, played, number, entries
        )
        if listed:
            problem = listed[0]["text"]
        else:
            scored = round_screen.preview_scores(game, played, number, entries)
            scores, shares = scored["scores"], scored["shares"]
    said = overrides.phone_values(drafts)
    return {
        "drafts": drafts,
        "scores": scores,
        "shares": shares,
        "problem": problem,
        "number": number,
        "said": said,
    }


def prefilled(game: games.Game, number: int) -> tuple[dict[str, Any], list[int]]:
    """The new round form's values from the phones' drafts (the scorer has typed
    nothing), and the sides whose phones say they went out when more than one
    does: then who went out is left for the scorer to choose."""
    drafts = phones.drafts(get_db(), game["id"], number)
    data: dict[str, Any] = {"parts": seen(game, drafts)}  # what the form was filled from
    parts = [draft["fields"] for draft in drafts.values()]
    for part in parts:
        data.update(part)
    claims = table_parts.out_claims(parts)
    if len(claims) <= 1:
        return data, []
    data.pop("concealed", None)
    return {**data, "went_out": ""}, claims  # no choice ticked: the scorer picks one


def parts_seen(game: games.Game, number: int) -> str:
    """Which of the phones' parts of round ``number`` a round screen was filled from:
    each side's draft and its version ("0:2,1:1"); empty when phones do not enter."""
    if not game["phones_enter"]:  # nothing to read: no phone may send a part
        return ""
    return seen(game, phones.drafts(get_db(), game["id"], number))


def seen(game: games.Game, drafts: dict[int, dict[str, Any]]) -> str:
    """``parts_seen`` of drafts already read (the new round form's prefill reads them)."""
    if not game["phones_enter"]:
        return ""
    return ",".join(f"{side}:{drafts[side]['version']}" for side in sorted(drafts))


PARTS_MOVED = _l(
    "A phone sent its part again after this screen was filled: choose below which "
    "numbers to keep, then save again."
)


PHONES_DIFFER = _l(
    "Some numbers here differ from what a side's phone sent: choose below which to keep "
    "for each, then save again."
)


def out_clash_text(game: games.Game, claims: list[int]) -> str:
    """What the scorer reads when several phones say their side went out."""
    sides = ", ".join(game["sides"][i] for i in claims)
    return _("The phones disagree: %(sides)s each say they went out. Choose who did.", sides=sides)


def check_in(game: games.Game) -> dict[str, Any] | None:
    """For a phone's page at a club night's table: the turn's seating, who has
    checked in, and the form to tap a name (None for a home game)."""
    db = get_db()
    if events.event_of_game(db, game["id"]) is None:
        return None
    here = event_desk.checked_in(db, [game["id"]]).get(game["id"], [])
    return {
        "names": game["seats"] or game["sides"],
        "here": here,
        "form": desk_forms.CheckInForm(),
    }


def saved_parts(
    game: games.Game, played: list[games.Round], board_: board.Board, side: int, form: Any
) -> dict[str, Any]:
    """The last rounds as saved, for the phone's side, as its part form names and
    shows them: a phone that was still typing when the scorer saved a round shows
    the saved numbers beside its own (static/table.js)."""
    mine = f"s{side}_"
    labels = {
        f.name: str(f.label.text)
        for f in form
        if f.name.startswith(mine) and not round_form.COUNTER.fullmatch(f.name)
    }
    labels["went_out"] = _("Went out")
    rounds = {}
    for r in played[-3:]:
        data = round_form.form_data_from(r["entries"], game["sides"], board_.members)
        fields = {k: overrides.shown(v) for k, v in data.items() if k.startswith(mine)}
        if data.get("went_out") == str(side):
            fields["went_out"] = _("yes")
        rounds[str(r["number"])] = {"version": r["version"], "fields": fields}
    return {"labels": labels, "rounds": rounds, "yes": _("yes")}


def outbox_words() -> dict[str, dict[str, str]]:
    """What the phone says of the sends waiting for the connection, one and several
    of each kind ("{n}" is the count): static/table.js picks the form by the
    language's plural rules."""

    def forms(say: Any) -> dict[str, str]:
        return {"one": say(1), "other": say(2)}

    return {
        "part": forms(
            lambda n: ngettext(
                "%(num)s part waiting for the connection",
                "%(num)s parts waiting for the connection",
                n,
                num="{n}",
            )
        ),
        "confirmation": forms(
            lambda n: ngettext(
                "%(num)s confirmation waiting for the connection",
                "%(num)s confirmations waiting for the connection",
                n,
                num="{n}",
            )
        ),
        "query": forms(
            lambda n: ngettext(
                "%(num)s query waiting for the connection",
                "%(num)s queries waiting for the connection",
                n,
                num="{n}",
            )
        ),
        "correction": forms(
            lambda n: ngettext(
                "%(num)s correction waiting for the connection",
                "%(num)s corrections waiting for the connection",
                n,
                num="{n}",
            )
        ),
    }


def corrections(game: games.Game, played: list[Any]) -> dict[int, dict[str, Any]]:
    """Each round's open correction from a phone (a query with the numbers it was
    still typing when the round was saved), by round number: the scorer sees them
    at the top of the scoreboard with the numbers, confirming on or off."""
    found: dict[int, dict[str, Any]] = {}
    versions = {r["number"]: r["version"] for r in played}
    for number, said in table_answers.answers(get_db(), game["id"]).items():
        now = [a for a in said if a["version"] == versions.get(number)]
        says = [a for a in now if a["action"] in ("queried", "answered")]
        if says and says[0]["action"] == "queried" and says[0]["fields"]:
            found[number] = {**says[0], "shown": fields_shown(game, says[0]["fields"])}
    return found


def fields_shown(game: games.Game, fields: dict[str, Any]) -> list[tuple[str, str]]:
    """A part's fields as the scorer reads them: label and value."""
    variant = get_variant(game["variant"])
    shown = []
    for name, value in fields.items():
        bare = table_parts.SIDE_FIELD.sub("", name, count=1)
        label = _("Went out") if name == "went_out" else bare
        label = round_form.label_of(variant, bare) if bare in FIELDS else label
        shown.append((str(label), overrides.shown(value)))
    return shown
