"""What the new-game page says of the seats: who partners whom and who deals, from
the names typed (the same sentences seats.js writes as they are typed), and which
side is which for a score carried on from paper."""

from __future__ import annotations

import json
from dataclasses import dataclass

from ...scoring import Variant
from ...scoring.seating import side_choices, side_count, teams
from ..forms.new_game import unnamed_sides
from ..http.i18n import _, ngettext


@dataclass(frozen=True)
class Preview:
    """The preview's sentence now, and what seats.js needs to write it again."""

    text: str
    data: dict[str, str]


def preview(variant: Variant, names: list[str], sides: int | None, dealer: int) -> Preview:
    """ "Ann & Bea against Cat & Dee. Round the table: Ann, Cat, Bea, Dee. Ann deals
    first." from the seats as typed ("Us against Them." while none is)."""
    players = len(names)
    count = sides or side_count(variant, players)
    named = any(names)
    shown = [name or "?" for name in names]  # a seat not named yet
    said = []
    if count < players or not named:
        sides_ = [" & ".join(t) for t in teams(variant, shown, count)] if named else None
        said.append(against(sides_ or unnamed_sides(count, players)))
    if named:
        said.append(_("Round the table: %(names)s.", names=", ".join(shown)))
        if variant.has_dealer and names[dealer % players]:
            said.append(_("%(name)s deals first.", name=names[dealer % players]))
    counts = {*side_choices(variant, players), side_count(variant, players)}
    data = {
        "data-sides": str(side_count(variant, players)),
        "data-unnamed": json.dumps({n: unnamed_sides(n, players) for n in sorted(counts)}),
        "data-against": _("%(seats)s against %(others)s", seats="%(seats)s", others="%(others)s"),
        "data-order": _("Round the table: %(names)s.", names="%(names)s"),
        "data-deals": _("%(name)s deals first.", name="%(name)s") if variant.has_dealer else "",
    }
    return Preview(" ".join(said), data)


def against(sides: list[str], end: str = ".") -> str:
    """The sides, each against the next: "Us against Them."."""
    said = sides[0]
    for side in sides[1:]:
        said = _("%(seats)s against %(others)s", seats=said, others=side)
    return said + end


def seats_of(team: list[str]) -> str:
    """A team by its seats: ``seat 1``, ``seats 1 & 3``."""
    return ngettext("seat %(seats)s", "seats %(seats)s", len(team), seats=" & ".join(team))


def paper_sides(seating: list[list[str]]) -> str:
    """Which side is which, for the totals carried over from paper: "side 1 is
    seats 1 & 3; side 2 is seats 2 & 4"."""
    return "; ".join(
        ngettext(
            "side %(side)s is seat %(seats)s",
            "side %(side)s is seats %(seats)s",
            len(team),
            side=i,
            seats=" & ".join(team),
        )
        for i, team in enumerate(seating, start=1)
    )
