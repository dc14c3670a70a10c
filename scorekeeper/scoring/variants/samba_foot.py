"""Hand and Foot with Sambas: five decks, sambas and wild canastas, three rounds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import option_error
from ..i18n import N_, problem as P_
from ..melds import ALL_WILD, NATURAL_AND_MIXED, Canasta, MeldRules
from ..packs import SEVENS, WILD_CARDS, Scarce
from ..rules import (
    STANDARD_CARDS,
    AfterRounds,
    AtLeast,
    ByRound,
    Each,
    Fields,
    Flag,
    Option,
    Points,
    RedThrees,
    Rules,
    Switch,
)
from ..variant import Variant, round_error

RED_SEVENS = N_("%(n)s makes %(seen)s red sevens this round, more than the %(most)s in play")
# A seven canasta of any colour (option sevens_any_colour), counted by the meld counter.
SEVENS_ANY = Canasta("red_sevens_canastas", "none", ranks=("7",))


class SambaFoot(Variant):
    id = "samba-foot"
    name = "Hand and Foot with Sambas"
    seed = "004_467312a6598beb3c.txt"
    summary = (
        "Four players in two teams with five decks (six players with seven). Each "
        "player has a hand and a foot of 13. Sambas and wild-card canastas pay 1500; "
        "going out takes two red, two black and one wild canasta. Three rounds."
    )
    players = (4, 6)
    fields = (
        "natural_canastas",
        "mixed_canastas",
        "wild_canastas",
        "sambas",
        "red_sevens_canastas",
        "red_threes",
        "went_out",
        "meld_points",
        "hand_points",
        "foot_points",
    )
    options = (
        Option("natural_canasta", "red canasta (natural)", 500),
        Option("mixed_canasta", "black canasta (mixed, at most 3 wilds)", 300),
        Option("wild_canasta", "wild-card canasta", 1500),
        Option("samba", "samba", 1500),
        Option("red_sevens", "red-sevens canastas allowed", False, kind="flag"),
        Option("red_sevens_canasta", "red-sevens canasta", 1500),
        Option("red_three", "red three laid, each", 100),
        Option("red_threes_many", "red threes that earn the flat bonus", 5, kind="positive"),
        Option("red_threes_many_bonus", "flat bonus for that many red threes", 1000),
        Option("going_out", "going out", 500),
        Option("out_natural_canastas", "red canastas a side needs to go out", 2),
        Option("out_mixed_canastas", "black canastas a side needs to go out", 2),
        Option("out_wild_canastas", "wild-card canastas a side needs to go out", 1),
        Option("out_sambas", "sambas a side needs to go out", 0),
        Option(
            "sevens_any_colour",
            "the red-sevens canasta may be sevens of any colour",
            False,
            kind="flag",
            group="canastas",
        ),
        Option(
            "count_out_side_hands",
            "hand points count against the side that went out too",
            True,
            kind="flag",
        ),
        Option("opening", "opening meld by round", [50, 90, 120], kind="by_round"),
        Option(
            "rounds",
            "rounds in a game",
            3,
            kind="positive",
            fill="the sheet's opening thresholds name three games",
        ),
    )
    field_words = {  # the sheet's words for the form's fields
        "natural_canastas": "Red canastas",
        "mixed_canastas": "Black canastas",
    }
    lines = (
        Each("natural_canastas", "natural_canasta", "red canasta"),
        Each("mixed_canastas", "mixed_canasta", "black canasta"),
        Each("wild_canastas", "wild_canasta", "wild-card canasta"),
        Each("sambas", "samba", "samba"),
        Each("red_sevens_canastas", "red_sevens_canasta", "red-sevens canasta"),
        RedThrees("red_threes", "red_three", "red_threes_many", "red_threes_many_bonus"),
        Flag("went_out", "going_out", "going out"),
        Points("meld_points", "meld points"),
        Points(
            "hand_points",
            "cards in hand",
            sign=-1,
            spare_went_out=Switch("count_out_side_hands", when=False),
        ),
        Points("foot_points", "foot not picked up", sign=-1),
    )
    card_values = STANDARD_CARDS
    card_fill = {"black_three": "the sheet gives no value; standard Hand and Foot's"}
    going_out = (
        "Going out needs at least 2 red canastas, 2 black canastas and 1 wild-card "
        "canasta, with every player of the side in their foot."
    )
    opening = ByRound()
    end = AfterRounds()
    out_needs = (  # sambas and red-sevens canastas do not count toward these
        AtLeast("out_natural_canastas", ("natural_canastas",), "red canasta"),
        AtLeast("out_mixed_canastas", ("mixed_canastas",), "black canasta"),
        AtLeast("out_wild_canastas", ("wild_canastas",), "wild canasta"),
        AtLeast("out_sambas", ("sambas",), "samba"),
    )
    fill_notes = (
        "Six players play in two teams of three, with seven decks.",
        "Hand and foot points count against every side, the side that went out included "
        "(the sheet is silent; standard Hand and Foot).",
    )
    # A black canasta holds at most 3 wilds; seven wild cards make a wild-card
    # canasta; a samba is seven cards of one suit in sequence, 4 to A, no wilds. A
    # red-sevens canasta needs the sevens' colour, which the counter does not ask:
    # it is typed as a total, unless any colour will do (sevens_any_colour).
    meld_rules = MeldRules(
        kinds=(SEVENS_ANY, *NATURAL_AND_MIXED, ALL_WILD, Canasta("sambas", "none", run=True)),
        most_wilds=3,
        runs=("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"),
        uncounted=("red_sevens_canastas",),
        counted_when=(("red_sevens_canastas", "sevens_any_colour"),),
    )
    notes = (
        "A samba is 7 cards of one suit in sequence, no wilds, no threes.",
        "Going out needs every player of the side in their foot.",
    )

    field_switches = {"red_sevens_canastas": "red_sevens"}

    def arrangement(self, players: int) -> tuple[int, ...]:
        return (players // 2, players // 2)

    def cards_in_play(self, players: int, rules: Rules | None = None) -> int:
        return 54 * (players + 1)

    def red_threes_in_play(self, players: int, rules: Rules | None = None) -> int:
        return 2 * (players + 1)

    def scarce_cards(self, players: int, rules: Rules | None = None) -> Sequence[Scarce]:
        """A deck more than the players, 6 wild cards (4 twos, 2 jokers) in each, and
        2 red sevens (4 sevens, when a sevens canasta may be of any colour)."""
        decks, any_colour = players + 1, self.rules(rules)["sevens_any_colour"]
        sevens = (4, SEVENS) if any_colour else (2, RED_SEVENS)
        return (
            (("wild_canastas",), 7, 6 * decks, WILD_CARDS),
            (("red_sevens_canastas",), 7, sevens[0] * decks, sevens[1]),
        )

    def going_out_problem(
        self,
        side: str,
        entries: Mapping[str, Fields],
        rules: Rules,
        team_size: int,
        number: int = 1,
    ) -> str | None:
        problem = super().going_out_problem(side, entries, rules, team_size, number)
        if problem is None and entries[side]["foot_points"]:
            problem = P_("going out needs every player of the side in their foot (foot points 0)")
        return problem

    def check_round(
        self, number: int, entries: Mapping[str, Fields], rules: Rules, players: int
    ) -> None:
        for side, f in entries.items():
            if f["red_sevens_canastas"] and not rules["red_sevens"]:
                raise round_error(
                    number,
                    side,
                    "red_sevens_canastas",
                    P_("red-sevens canastas are off in this game (the red_sevens option)"),
                )

    def check_options(self, rules: Rules) -> None:
        """Sevens of any colour change the red-sevens canasta, so need it played."""
        if rules["sevens_any_colour"] and not rules["red_sevens"]:
            problem = P_("only with red-sevens canastas on (the red_sevens option)")
            raise option_error("sevens_any_colour", problem)
