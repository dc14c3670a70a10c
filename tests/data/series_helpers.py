"""Two sessions of four pairs, worked by hand for the series, carry-over and
player's results tests (data, pages and browser alike)."""

from scorekeeper.data.events import carry_over, events, turns
from scorekeeper.data.games import rounds

WDL = {"kind": "wdl", "win": 2, "draw": 1, "loss": 0}


def pairs(*names):
    return [{"name": name, "players": players} for name, players in names]


FIRST = pairs(
    ("Ann & Bea", ["Ann", "Bea"]),
    ("Cy & Di", ["Cy", "Di"]),
    ("Ed & Flo", ["Ed", "Flo"]),
    ("Gus & Hal", ["Gus", "Hal"]),
)
# The final: the Bees are Ann and Bea under a new name (matched by their players);
# Ivy and Jo are new (nothing carried); Ed and Flo did not qualify.
FINAL = pairs(
    ("Cy & Di", ["Cy", "Di"]),
    ("The Bees", ["Bea", "ann"]),
    ("Ivy & Jo", ["Ivy", "Jo"]),
    ("Gus & Hal", ["Gus", "Hal"]),
)


def session(db, name, date, entries):
    """An event of four pairs: a Mitchell of two turns at two tables."""
    return events.create_event(
        db,
        name=name,
        date=date,
        variant="hand-and-foot",
        options={},
        movement="mitchell",
        turns=2,
        entries=entries,
        deals=1,
        scale=WDL,
    )


def play_turn(db, event_id, scores):
    """The next turn started and each table's one deal played: (North-South's meld
    points, East-West's)."""
    turn = turns.start_turn(db, event_id)
    for table, (ns, ew) in zip(events.tables(db, event_id, turn), scores, strict=True):
        one, other = table["sides"]
        sides = {one: {"meld_points": ns}, other: {"meld_points": ew}}
        rounds.add_round(db, table["game_id"], sides)


def two_sessions(db):
    """The first session, played, and the final carrying half its points, its first
    turn played."""
    # First session. Turn 1: Ann & Bea 100 - Ed & Flo 50, Cy & Di 50 - Gus & Hal 150.
    # Turn 2: Ann & Bea 100 - Gus & Hal 100 (a draw), Cy & Di 200 - Ed & Flo 0.
    # Gus & Hal 3 points +100, Ann & Bea 3 +50, Cy & Di 2 +100, Ed & Flo 0 -250.
    first = session(db, "First session", "2026-11-03", FIRST)
    play_turn(db, first, [(100, 50), (50, 150)])
    play_turn(db, first, [(100, 100), (200, 0)])
    # The final, half the points carried: Cy & Di 1, the Bees 1.5, Ivy & Jo 0,
    # Gus & Hal 1.5. Its turn 1: Cy & Di 50 - Ivy & Jo 100, the Bees 50 - Gus & Hal 50.
    final = session(db, "Final", "2026-11-10", FINAL)
    carry_over.set_carry(db, final, first, 50, "the top pairs go on")
    play_turn(db, final, [(50, 100), (50, 50)])
    return first, final
