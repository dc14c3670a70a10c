"""What the phones at the table said, settled on the round screen before a save: who
went out when several phones said their side did, and each field where the scorer's
number and a side's phone differ."""

from __future__ import annotations

import json
from typing import Any

from flask import request

from ...data.connection import get_db
from ...data.table import answers as table_answers
from ..forms.whole_numbers import digits
from ..shown import overrides, round_screen, table_view

OUT_ASKED = "went_out_asked"  # posted back while several phones said they went out


def out_choice_missing(screen: round_screen.Screen, form: Any) -> bool:
    """Whether the scorer still has to say who went out, several phones having said
    their side did (the choice is left empty for that, and a save without one is
    refused beside it); the message is put on the form."""
    asked = request.method == "POST" and request.form.get(OUT_ASKED) == "1"
    if asked:  # posted back: the sides that claimed it, as the page listed them
        posted = request.form.getlist("went_out_claim")
        whole = [n for s in posted if (n := digits(s, 3)) is not None]
        screen.out_claims = sorted({i for i in whole if i < len(screen.game["sides"])})
    if len(screen.out_claims) < 2:  # a clash takes two
        screen.out_claims = []
        return False
    missing = asked and "went_out" not in request.form
    if missing or request.method == "GET":
        clash = table_view.out_clash_text(screen.game, screen.out_claims)
        form.went_out.errors = [*form.went_out.errors, clash]
    return missing


def out_chosen() -> int | None:
    """The side the scoreboard's "who went out?" link chose (``?out=N``), if any."""
    return digits(request.args.get("out", ""), 2)


def phones_differ(screen: round_screen.Screen, form: Any) -> bool:
    """Whether a field of this new round differs from what a side's phone sent, and
    the scorer has not yet chosen which to keep (a scorer's 65 had been
    saved over Tina's 60 without a word; a phone tester's part sent again after the
    screen was filled had been saved over with the old numbers): then the form is shown
    again with what is typed kept, each such field named with both numbers and a
    choice between them. What the scorer kept is in ``screen.kept`` for the history."""
    if screen.stored is not None:
        return False
    chosen = len(screen.out_claims) > 1  # the phones' clash over who went out, settled
    found = overrides.differences(screen.game, screen.number, form, out_chosen=chosen)
    open_ = overrides.unresolved(found, request.form)
    screen.kept = [d for d in found if d not in open_]
    if not open_:
        return False
    now = table_view.parts_seen(screen.game, screen.number)
    moved = "parts" in request.form and (form.parts.data or "") != now
    form.parts.data = now
    form.form_errors.append(str(table_view.PARTS_MOVED if moved else table_view.PHONES_DIFFER))
    screen.differences, screen.status = open_, 409
    return True


def keep_in_history(screen: round_screen.Screen, number: int) -> None:
    """Each number the scorer kept over a phone's, in the game's history."""
    for d in screen.kept:
        note = json.dumps(overrides.noted(d))
        table_answers.overridden(get_db(), screen.game["id"], d.phone_id, d.who, number, note)
