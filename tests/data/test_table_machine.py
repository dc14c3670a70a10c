"""The table as a state machine: random phones send parts, confirmations,
queries and corrections, some of them lost on the way (before the server, or the
answer after it) and sent again with the same key, as static/table.js's outbox does;
the scorer saves (a save sent twice under one key), undoes and answers queries.
Afterwards every round is stored once, every send stored once, and every phone sees
its own numbers on the server, or is told why not (the round moved on)."""

import json
import secrets
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from scorekeeper.data.connection import migrate
from scorekeeper.data.games import rounds as stored_rounds
from scorekeeper.data.games.evenings import create_evening
from scorekeeper.data.games.games import create_game
from scorekeeper.data.table import answers as table_answers, table

SEATS = ["Ann", "Cat", "Bea", "Dee"]
SIDES = ["Ann & Bea", "Cat & Dee"]
DELIVERY = st.sampled_from(["delivered", "lost before the server", "answer lost"])


class Table(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.folder = tempfile.TemporaryDirectory()
        self.db = migrate(Path(self.folder.name) / "table.sqlite")
        self.db.execute("PRAGMA synchronous = OFF")  # a throwaway file: no waiting on the disk
        evening = create_evening(self.db, "2026-11-26")
        self.game = create_game(self.db, evening_id=evening, variant="classic", players=4,
                                sides=SIDES, options={}, seats=SEATS)  # fmt: skip
        table.set_settings(self.db, self.game, phones_enter=True, confirm_rounds=True)
        self.phones = []
        for who, side in (("Ann", 0), ("Cat", 1)):
            table.join(self.db, self.game, who, side)
            phone = table.phones(self.db, self.game)[-1]
            self.phones.append({"row": phone, "version": 0, "part": None, "outbox": []})
        self.rounds = []  # the entries the scorer saved, in order
        self.keys = set()  # every key a send was stored under (the server said so)
        self.told = []  # (phone, round) a phone was told had moved on

    def teardown(self):
        self.db.close()
        self.folder.cleanup()

    def current(self):
        return len(self.rounds) + 1

    # -- what a phone sends, through its outbox -------------------------------------

    def send(self, phone, item, delivery):
        """One try of an outbox item: kept on the phone unless its answer came back."""
        if delivery == "lost before the server":
            return
        try:
            stored = self.deliver(phone, item)
        except table.RoundMovedOn:
            self.told.append((phone["row"]["id"], item["round"]))
            stored = None
        except (table_answers.RoundChanged, table_answers.AlreadyQueried):
            stored = None  # refused, and said so: nothing stored
        except table.DraftClash as clash:  # the phone is shown the stored part's version
            phone["version"] = clash.current["version"]
            stored = None
        if delivery == "answer lost":
            return
        phone["outbox"].remove(item)
        if item["kind"] == "part" and stored is not None:
            phone["version"] = stored

    def deliver(self, phone, item):
        if item["kind"] == "part":
            version = table.save_draft(self.db, phone["row"], item["round"], item["fields"],
                                       item["version"], item["key"])  # fmt: skip
            self.keys.add(("part", item["key"]))
            phone["part"] = (item["round"], item["fields"])
            return version
        done = table_answers.answer_round(self.db, phone["row"], item["round"], item["version"],
                                  item["action"], item.get("note", ""), item["key"],
                                  item.get("fields"))  # fmt: skip
        if done:
            assert ("answer", item["key"]) not in self.keys  # sent again: never stored twice
            self.keys.add(("answer", item["key"]))
        return None

    @rule(which=st.integers(0, 1), points=st.integers(0, 40).map(lambda n: n * 5),
          delivery=DELIVERY)  # fmt: skip
    def type_a_part(self, which, points, delivery):
        phone = self.phones[which]
        side = phone["row"]["side"]
        item = {"kind": "part", "round": self.current(), "key": secrets.token_hex(8),
                "fields": {f"s{side}_meld_points": points}, "version": phone["version"]}  # fmt: skip
        phone["outbox"] = [o for o in phone["outbox"] if o["kind"] != "part"]  # the newest
        phone["outbox"].append(item)
        self.send(phone, item, delivery)

    @precondition(lambda self: self.rounds)
    @rule(which=st.integers(0, 1), action=st.sampled_from(["confirmed", "queried", "correction"]),
          delivery=DELIVERY)  # fmt: skip
    def answer_the_last_round(self, which, action, delivery):
        phone = self.phones[which]
        number = len(self.rounds)
        version = next(self.db.query("SELECT version FROM rounds WHERE game_id = ? AND number = ?",
                                     [self.game, number]))["version"]  # fmt: skip
        item = {"kind": "answer", "round": number, "version": version, "key": secrets.token_hex(8),
                "action": "queried" if action != "confirmed" else "confirmed"}  # fmt: skip
        if action == "queried":
            item["note"] = "we had more"
        if action == "correction":
            item["fields"] = {f"s{phone['row']['side']}_meld_points": 95}
        phone["outbox"].append(item)
        self.send(phone, item, delivery)

    @precondition(lambda self: any(p["outbox"] for p in self.phones))
    @rule(which=st.integers(0, 1))
    def connection_back(self, which):
        phone = self.phones[which]
        for item in list(phone["outbox"]):  # in order, each under its own key
            self.send(phone, item, "delivered")

    # -- the scorer -------------------------------------------------------------------

    @rule(points=st.integers(0, 40).map(lambda n: n * 5), twice=st.booleans())
    def scorer_saves(self, points, twice):
        drafts = table.drafts(self.db, self.game, self.current())
        entries = {SIDES[0]: {"meld_points": points}}
        for side, draft in drafts.items():
            entries.setdefault(SIDES[side], {})["meld_points"] = draft["fields"][
                f"s{side}_meld_points"
            ]
        key = secrets.token_hex(8)
        number = stored_rounds.add_round(self.db, self.game, entries, key=key)
        if twice:  # the answer lost: the same save sent again stores nothing more
            assert stored_rounds.add_round(self.db, self.game, entries, key=key) == number
        self.rounds.append(entries)
        for phone in self.phones:  # the saved round's drafts are gone (m0011's trigger)
            if phone["part"] and phone["part"][0] <= number:
                phone["part"], phone["version"] = None, 0

    @precondition(lambda self: self.rounds)
    @rule()
    def scorer_undoes(self):
        number = len(self.rounds)
        saving = stored_rounds.undoable(self.db, self.game, number)
        if saving is not None:
            stored_rounds.undo_round(self.db, self.game, number, 1, saving)
            self.rounds.pop()
            for phone in self.phones:  # the next round's parts go with it (m0019)
                if phone["part"] and phone["part"][0] > number:
                    phone["part"], phone["version"] = None, 0

    # -- what must always hold ------------------------------------------------------

    @invariant()
    def every_round_is_stored_once(self):
        sql = "SELECT number, entries FROM rounds WHERE game_id = ? ORDER BY number"
        found = list(self.db.query(sql, [self.game]))
        assert [r["number"] for r in found] == list(range(1, len(self.rounds) + 1))
        assert [json.loads(r["entries"]) for r in found] == self.rounds

    @invariant()
    def every_send_is_stored_once(self):
        sql = "SELECT request_key FROM table_events WHERE request_key IS NOT NULL"
        keys = [r["request_key"] for r in self.db.query(sql)]
        assert len(keys) == len(set(keys))
        assert set(keys) == {k for kind, k in self.keys if kind == "answer"}

    @invariant()
    def every_phone_sees_its_numbers_or_why_not(self):
        drafts = table.drafts(self.db, self.game, self.current())
        for phone in self.phones:
            side = phone["row"]["side"]
            if phone["part"] and phone["part"][0] == self.current():
                assert drafts[side]["fields"] == phone["part"][1]
                assert drafts[side]["version"] == phone["version"] or any(
                    o["kind"] == "part" for o in phone["outbox"]
                )  # its answer is still on the way
            for item in phone["outbox"]:  # what waits for an older round will be told so
                if item["kind"] == "part" and item["round"] < self.current():
                    with pytest.raises(table.RoundMovedOn):
                        self.db.execute("SAVEPOINT look")
                        try:
                            table.save_draft(self.db, phone["row"], item["round"],
                                             item["fields"], item["version"], None)  # fmt: skip
                        finally:
                            self.db.execute("ROLLBACK TO look")
                            self.db.execute("RELEASE look")


Table.TestCase.settings = settings(
    max_examples=25, stateful_step_count=25, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)  # fmt: skip
test_the_table = Table.TestCase


@pytest.mark.fuzz
def test_the_table_longer():
    """The same machine, far longer: pytest -m fuzz."""
    longer = settings(max_examples=400, stateful_step_count=40, deadline=None,
                      suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
    run_state_machine_as_test(Table, settings=longer)
