"""The paper a club night hands out, each for A4 or Letter (``?paper=letter``;
A4 otherwise): a guide card per table (who sits where each turn, and where each
goes next), a scorecard per pair or player, and the results sheet to pin up
(``events.printed``). Everyone who may watch the event may print them: they show
names and scores, and no link to a table."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request

from ...data.connection import get_db
from ...data.events import events, paper as event_paper
from ...scoring import get_variant
from ..forms.events import BYES, FIRST_TURNS, MOVEMENTS
from ..http.i18n import _

bp = Blueprint("event_paper", __name__)

PAPERS = ("a4", "letter")


def paper() -> str:
    """The paper asked for: ``a4`` (the default) or ``letter``."""
    chosen = request.args.get("paper", "")
    return chosen if chosen in PAPERS else PAPERS[0]


def movement_words(found: dict[str, Any]) -> str:
    """How the event ``found`` moves, in the words of the form that made it."""
    words = [str(c.label) for c in MOVEMENTS if c.value == found["movement"]]
    if found["movement"] == "mitchell" and found["skip"]:
        words.append(_("East-West skip a table halfway"))
    if found["movement"] == "swiss":
        first = "list" if found["draw"] is None else "draw"
        turn = [str(c.label) for c in FIRST_TURNS if c.value == first]
        words.append(_("the first turn %(how)s", how=turn[0]))
    return "; ".join(words)


def bye_words() -> dict[str, str]:
    """What a bye counts as, by its stored value, in the form's words."""
    return {c.value: str(c.label) for c in BYES}


@bp.route("/events/<int:event_id>/guide-cards")
def guide_cards(event_id: int) -> str:
    """A guide card per table, several to a page with lines to cut along."""
    db = get_db()
    found = events.event(db, event_id)
    cards, out = event_paper.guides(db, found)
    return render_template(
        "print_guide_cards.html",
        event=found,
        entries=events.entries_of(db, event_id),
        cards=cards,
        sitting_out=out,
        # North-South and East-West at tables of two sides; five alone have none
        directions=all(len(table) == 2 for turn in found["plan"] for table in turn.tables),
        paper=paper(),
    )


@bp.route("/events/<int:event_id>/scorecards")
def scorecards(event_id: int) -> str:
    """A scorecard per entry: blank lines for the turns not played yet."""
    db = get_db()
    found = events.event(db, event_id)
    return render_template(
        "print_scorecards.html",
        event=found,
        entries=events.entries_of(db, event_id),
        cards=event_paper.cards(db, found),
        over=events.over(db, found),
        variant=get_variant(found["variant"]),
        paper=paper(),
    )
