"""Where the scorer's round screen and a side's phone disagree: each field whose value
typed here differs from the phone's part is named with both numbers, and the scorer
chooses which to keep, field by field. Nothing is saved over a phone's number without
being shown; a number kept over a phone's is written in the game's history
("changed by the scorer from the phone's 60", ``pages/rounds.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from ...data.connection import get_db
from ...data.table import table as phones
from ...scoring import Variant
from ..forms import table_parts
from ..forms.round_form import label_of
from ..http.i18n import _

KEEP = "keep_"  # the form's choice per field: "phone", or "here:<the phone's value>"


@dataclass
class Difference:
    side: int
    name: str  # the form field ("s1_hand_points", "went_out")
    label: str
    who: str  # who sent the part
    phone_id: int
    phone: str  # the phone's value, as shown
    here: str  # the value typed here, as shown
    out: tuple[bool, bool] | None = None  # who went out: the phone's word and this one's

    @property
    def kept_here(self) -> str:
        return f"here:{self.phone}"


def shown(value: Any) -> str:
    """A field's value as the form holds it, in words: empty, 0 and unticked alike."""
    if value in (None, "", False, [], 0, "0"):
        return ""
    if value is True:
        return _("yes")
    if isinstance(value, list):
        return ", ".join(sorted(str(v) for v in value))
    return str(value).strip()


def unset(value: Any, field: Any) -> Any:
    """``value``, or None where it is the field's default (a sign left at +)."""
    return None if field.default is not None and value == field.default else value


def differences(
    game: dict[str, Any], number: int, form: Any, out_chosen: bool = False
) -> list[Difference]:
    """Every field of a side whose phone sent a part of round ``number`` where the
    bound ``form`` (what the scorer is saving) says otherwise; who went out only when
    the scorer has not chosen it already among phones that all said so
    (``out_chosen``)."""
    drafts = phones.drafts(get_db(), game["id"], number) if game["phones_enter"] else {}
    found = []
    for side, draft in sorted(drafts.items()):
        found += part_differences(side, draft, form, out_chosen)
    return found


def part_differences(
    side: int, part: dict[str, Any], form: Any, out_chosen: bool = False
) -> list[Difference]:
    """Where one side's ``part`` (a phone's draft, or the numbers of its correction:
    ``fields``, ``who``, ``phone_id``) differs from the bound ``form``, field by field."""
    theirs, found = part["fields"], []
    for field in form:
        if not field.name.startswith(f"s{side}_") or "__" in field.name:
            continue  # another side's, or a card counter (its sum is the field)
        phone, here = (
            shown(unset(theirs.get(field.name), field)),
            shown(unset(field.data, field)),
        )
        if phone != here:
            label = str(field.label.text)
            found.append(
                Difference(
                    side,
                    field.name,
                    label,
                    part["who"],
                    part["phone_id"],
                    phone or "0",
                    here or "0",
                )
            )
    says_out = theirs.get("went_out") == str(side)
    out_here = form.went_out.data == str(side)
    if says_out != out_here and not out_chosen:
        yes_no = (_("yes") if says_out else _("no"), _("yes") if out_here else _("no"))
        found.append(
            Difference(
                side,
                "went_out",
                _("Went out"),
                part["who"],
                part["phone_id"],
                *yes_no,
                out=(says_out, out_here),
            )
        )
    return found


def noted(difference: Difference) -> dict[str, Any]:
    """A number kept over a phone's, as the game's history keeps it: the field's form
    name and its label, both values, and who went out as true or false, so that each
    reader is told it in their own language (``in_words``)."""
    d = difference
    note = {"field": d.label, "name": d.name, "phone": d.phone, "saved": d.here}
    return note | ({"out": list(d.out)} if d.out else {})


def in_words(note: dict[str, Any], variant: Variant) -> dict[str, Any]:
    """A kept override (``noted``) in the reader's language: the field named by the
    variant, who went out as yes or no. A note kept before the form name was keeps the
    words of the scorer who saved it."""
    name = str(note.get("name") or "")
    if name == "went_out" and "out" in note:
        phone, saved = (_("yes") if out else _("no") for out in note["out"])
        return {**note, "field": _("Went out"), "phone": phone, "saved": saved}
    field = name.partition("_")[2]  # "s1_hand_points": the side's hand points
    if name.startswith("s") and field in variant.fields:
        return {**note, "field": label_of(variant, field)}
    return note


def correction_differences(query: dict[str, Any] | None, form: Any) -> list[Difference]:
    """Where a phone's correction of a saved round (its query carrying the numbers it
    was still typing when the round was saved) differs from the Correct screen's form."""
    side = table_parts.side_of(query["fields"]) if query and query.get("fields") else None
    if query is None or side is None:
        return []
    part = {"fields": query["fields"], "who": query["who"], "phone_id": query["phone_id"]}
    return part_differences(side, part, form)


def unresolved(found: list[Difference], posted: MultiDict[str, str]) -> list[Difference]:
    """Those the scorer has not chosen for (a choice of the number typed here counts
    only while the phone still says what it said when the choice was made)."""
    return [d for d in found if posted.get(KEEP + d.name) != d.kept_here]


def with_phone_values(game: dict[str, Any], number: int, posted: MultiDict[str, str]) -> Any:
    """The posted form data with the phone's value wherever the scorer chose it; None
    when no such choice was posted."""
    chosen = [k[len(KEEP) :] for k, v in posted.items() if k.startswith(KEEP) and v == "phone"]
    if not chosen:
        return None
    data: MultiDict[str, str] = MultiDict(posted)
    drafts = phones.drafts(get_db(), game["id"], number)
    for side, draft in drafts.items():
        theirs = table_parts.formdata([draft["fields"]])
        for name in chosen:
            if name.startswith(f"s{side}_"):
                data.setlist(name, theirs.getlist(name))
            elif name == "went_out" and table_parts.side_of(draft["fields"]) == side:
                says_out = draft["fields"].get("went_out") == str(side)
                if says_out:
                    data.setlist("went_out", [str(side)])
                    data.setlist("concealed", theirs.getlist("concealed"))
                elif data.get("went_out") == str(side):
                    data.setlist("went_out", [])
    for name in chosen:
        data.poplist(KEEP + name)
    return data


def phone_values(drafts: dict[int, dict[str, Any]]) -> dict[str, str]:
    """What each field would read beside it where a phone sent it ("Tina's phone:
    60"), for the round screen's script to show while the scorer types otherwise."""
    said = {}
    for side, draft in drafts.items():
        for name, value in draft["fields"].items():
            if name.startswith(f"s{side}_") and "__" not in name:
                said[name] = _(
                    "%(who)s's phone: %(value)s", who=draft["who"], value=shown(value) or "0"
                )
    return said
