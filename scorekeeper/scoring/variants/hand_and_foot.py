"""Hand and Foot: a deck per player, four rounds with rising openings, and the
house rules families play (teams of two, extra decks, rising going-out numbers,
perfect draws, books of sevens, of wild cards and of black threes, a target)."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import option_error
from ..i18n import N_, problem as P_
from ..melds import ALL_WILD, NATURAL_AND_MIXED, WILD_RATIOS, Canasta, MeldRules
from ..packs import BLACK_THREES, SEVENS, WILD_CARDS, Scarce
from ..rules import (
    STANDARD_CARDS,
    AfterRounds,
    AtLeast,
    ByRound,
    CardValue,
    Each,
    Fields,
    Flag,
    Option,
    Points,
    Rules,
)
from ..variant import Variant, round_error

# The house rules that may rise by round: a number, or one per round.
RISING = ("going_out", "out_natural_canastas", "out_mixed_canastas")
# Six, eight or ten players may also play as sides of two (partners opposite).
PAIRS = (6, 8, 10)
# What one deck holds of the cards the house books use up.
SEVENS_PER_DECK, WILDS_PER_DECK, BLACK_THREES_PER_DECK = 4, 6, 2


class HandAndFoot(Variant):
    id = "hand-and-foot"
    name = "Hand and Foot"
    seed = "001_85234c199684ab4e.txt"
    summary = (
        "One deck with jokers per player; each player has a hand and a foot. An odd "
        "number of players play alone, an even number in two teams or each alone. Four "
        "rounds; the opening meld rises each round."
    )
    players = tuple(range(2, 13))
    fields = (
        "natural_canastas",
        "mixed_canastas",
        "sevens_canastas",
        "wild_canastas",
        "black_threes_canastas",
        "red_threes",
        "perfect_draws",
        "went_out",
        "meld_points",
        "hand_points",
        "foot_points",
    )
    options = (
        Option("natural_canasta", "clean pile (natural canasta)", 500),
        Option("mixed_canasta", "dirty pile (mixed canasta)", 300),
        Option("sevens_canasta", "canasta of seven natural sevens (0: not played)", 0),
        Option("wild_canasta", "canasta of twos and jokers only (0: not played)", 0),
        Option("black_threes_canasta", "canasta of seven black threes (0: not played)", 0),
        Option("red_three", "red three laid, each", 100),
        Option("perfect_draw", "player who picked exactly their hand and foot (0: off)", 0),
        Option("going_out", "going out", 100, kind="rising"),
        Option("out_natural_canastas", "clean piles a side needs to go out", 1, kind="rising"),
        Option("out_mixed_canastas", "dirty piles a side needs to go out", 1, kind="rising"),
        Option("opening", "opening meld by round", [50, 90, 120, 150], kind="by_round"),
        Option("rounds", "rounds in a game", 4, kind="positive"),
        Option(
            "target",
            "game ends when a side reaches, instead of after the rounds (0: off)",
            0,
            group="game",
            fill="the sheet plays its rounds; with a target, equal highest totals share the "
            "win as the sheet's do, and round 5 and later open at the last by-round value",
        ),
        Option("extra_decks", "decks in play beyond one per player", 0, most=4, group="game"),
        Option(
            "wild_ratio",
            "wild cards a meld may hold",
            "one_more_natural",
            kind="choice",
            choices=tuple(WILD_RATIOS),
            group="canastas",
        ),
    )
    field_words = {  # the sheet's words for the form's fields
        "natural_canastas": "Clean piles",
        "mixed_canastas": "Dirty piles",
    }
    lines = (
        Each("natural_canastas", "natural_canasta", "clean pile"),
        Each("mixed_canastas", "mixed_canasta", "dirty pile"),
        Each("sevens_canastas", "sevens_canasta", "canasta of sevens"),
        Each("wild_canastas", "wild_canasta", "wild-card canasta"),
        Each("black_threes_canastas", "black_threes_canasta", "black-threes canasta"),
        Each("red_threes", "red_three", "red three"),
        Each("perfect_draws", "perfect_draw", "perfect draw"),
        Flag("went_out", "going_out", "going out"),
        Points("meld_points", "meld points"),
        Points("hand_points", "cards in hand", sign=-1, spare_went_out=True),
        Points("foot_points", "foot not picked up", sign=-1),
    )
    card_values = (CardValue("red_three", "red three", 100), *STANDARD_CARDS)
    going_out = "Going out needs the side to have at least one clean and one dirty pile."
    opening = ByRound()
    end = AfterRounds(target="target")
    out_needs = (  # books of sevens, of wild cards and of black threes do not count
        AtLeast("out_natural_canastas", ("natural_canastas",), "clean pile"),
        AtLeast("out_mixed_canastas", ("mixed_canastas",), "dirty pile"),
    )
    has_dealer = False  # each player picks their hand and foot from the pile
    notes = ("Once a side has opened, it has no minimum for the rest of that round.",)
    fill_notes = (
        "Books of sevens, of wild cards and of black threes do not count toward going "
        "out (score sheets that rise by hand check only clean and dirty books).",
    )
    # Each house book is played while its value is above 0; on the round screen,
    # folded under More, as a typical round has none.
    rare_fields = frozenset(
        {"sevens_canastas", "wild_canastas", "black_threes_canastas", "perfect_draws"}
    )
    # Each house book is played while its value is above 0.
    field_switches = {
        "sevens_canastas": "sevens_canasta",
        "wild_canastas": "wild_canasta",
        "black_threes_canastas": "black_threes_canasta",
        "perfect_draws": "perfect_draw",
    }
    # The sheet: "at least one more normal card than wild cards" (option wild_ratio);
    # no set of threes, nor of jokers or twos, unless the table plays such books.
    meld_rules = MeldRules(
        kinds=(
            Canasta("sevens_canastas", "none", ranks=("7",)),
            Canasta("black_threes_canastas", "none", ranks=("3",)),
            *NATURAL_AND_MIXED,
            ALL_WILD,
        ),
        share_option="wild_ratio",
        barred=("3",),
    )

    counter_excludes = {"meld_points": ("red_three",)}  # laid red threes score apart

    def arrangement(self, players: int) -> tuple[int, ...]:
        if players % 2:
            return (1,) * players
        return (players // 2, players // 2)

    def arrangements(self, players: int) -> list[tuple[int, ...]]:
        """An even number "can" play in two teams: they may also each play alone
        (a document with as many sides as players), and six, eight or ten as sides
        of two (a house rule)."""
        usual, alone = self.arrangement(players), (1,) * players
        found = [usual] if usual == alone else [usual, alone]
        pairs = (2,) * (players // 2)
        return [*found, pairs] if players in PAIRS and pairs not in found else found

    def decks(self, players: int, rules: Rules | None) -> int:
        """One deck per player, and the game's extra decks."""
        return players + int(self.rules(rules)["extra_decks"])

    def cards_in_play(self, players: int, rules: Rules | None = None) -> int:
        return 54 * self.decks(players, rules)

    def red_threes_in_play(self, players: int, rules: Rules | None = None) -> int:
        return 2 * self.decks(players, rules)

    def scarce_cards(self, players: int, rules: Rules | None = None) -> Sequence[Scarce]:
        """The house books use up sevens, wild cards and black threes, of which a
        deck holds 4, 6 (4 twos, 2 jokers) and 2."""
        decks = self.decks(players, rules)
        return (
            (("sevens_canastas",), 7, SEVENS_PER_DECK * decks, SEVENS),
            (("wild_canastas",), 7, WILDS_PER_DECK * decks, WILD_CARDS),
            (("black_threes_canastas",), 7, BLACK_THREES_PER_DECK * decks, BLACK_THREES),
        )

    def check_side(self, number: int, side: str, f: Fields, rules: Rules, team_size: int) -> None:
        """A house book or perfect draw counts only in a game that plays it; a side
        has at most as many perfect draws as players."""
        for name, option in self.field_switches.items():
            if f[name] and not rules[option]:
                template = N_("not played in this game (the %(option)s option is 0)")
                raise round_error(number, side, name, P_(template, option=option))
        if f["perfect_draws"] > team_size:
            template = N_("%(n)s is more than the %(most)s players on a side")
            problem = P_(template, n=f["perfect_draws"], most=team_size)
            raise round_error(number, side, "perfect_draws", problem)

    def check_options(self, rules: Rules) -> None:
        """A going-out number that rises by round has one value per round."""
        for key in RISING:
            value = rules[key]
            if isinstance(value, list) and len(value) != rules["rounds"]:
                template = N_("must list one value per round (%(rounds)s), not %(n)s")
                raise option_error(key, P_(template, rounds=rules["rounds"], n=len(value)))
