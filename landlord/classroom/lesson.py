"""A lesson: one class's tables, kept in a store, with one writer per table.

:class:`Lesson` is what the class server's handlers call. It imports nothing
of the web: every action goes through :meth:`Lesson.act`, which reads what
other servers may have written (:meth:`Lesson.catch_up`), checks the entry,
writes it under the table's next number and only then applies it. The store
refuses a number written twice, so a race between two students, two tabs or
two server machines leaves one history: the loser is told the table moved on.

Lesson-wide marks (paused, resumed, ended) are kept the same way.

While the store cannot be reached (its database restarts), :meth:`Lesson.act`
answers :data:`~landlord.classroom.store.UNAVAILABLE` and the other methods
raise :class:`~landlord.classroom.store.StoreUnavailable`; nothing is applied
that was not written, and the lesson goes on once the store is back.

Examples
--------
>>> from landlord.classroom.store import open_store
>>> lesson = Lesson.start(open_store(":memory:"), key="k7m2x9pq")
>>> tables = lesson.add_tables(2, seats=2, rules=("landlords_game", "single_tax"))
>>> [table.spec["rules"] for table in tables], tables[0].spec["seed"] == tables[1].spec["seed"]
(['landlords_game', 'single_tax'], True)
>>> lesson.act(tables[0].code, {"kind": "start"})
'Waiting for 2 more players.'
"""

from __future__ import annotations

import secrets
from typing import Any

from landlord.classroom.store import Store, StoreUnavailable
from landlord.classroom.tables import ClassTable, check_spec, new_code

__all__ = ["MOST_TABLES", "MOVED_ON", "Lesson"]

#: Tables a lesson may have (a class of 64 at tables of 4; the server's load was measured at 8).
MOST_TABLES = 16
#: The class a lesson belongs to when none is named.
GROUP = "class"
#: What a player whose move came too late is told.
MOVED_ON = "The table moved on before your move arrived; look again."
#: The shortest class password the server accepts.
SHORTEST_KEY = 8


class Lesson:
    """One class's lesson, read from (and written to) a store.

    Make one with :meth:`start` (a new lesson) or :meth:`resume`.
    """

    def __init__(self, store: Store, code: str, settings: dict[str, Any]) -> None:
        self.store = store
        self.code = code
        self.settings = settings
        self.tables: dict[str, ClassTable] = {}
        self.paused = False
        self.ended = False
        self._marks = 0

    @classmethod
    def start(cls, store: Store, key: str, title: str = "", group: str = GROUP) -> Lesson:
        """A new lesson of the class ``group`` with class password ``key`` (and a fresh
        teacher's key). Several classes can share one store, each under its own name."""
        if len(key) < SHORTEST_KEY:
            raise ValueError(f"a class password needs {SHORTEST_KEY} characters at least")
        taken = [code for code, _, _ in store.lessons()]
        code = new_code(6, taken)
        settings = {
            "class": group,
            "title": title,
            "key": key,
            "teacher": secrets.token_urlsafe(18),
            "secret": secrets.token_urlsafe(32),
        }
        store.new_lesson(code, settings)
        return cls(store, code, settings)

    @classmethod
    def resume(cls, store: Store, code: str | None = None, group: str = GROUP) -> Lesson | None:
        """The lesson ``code`` (by default the class ``group``'s newest, if it has not
        ended) with its tables played again from the store; None if there is none."""
        lessons = store.lessons()
        for found, _, settings in reversed(lessons):
            if found == code or (code is None and settings.get("class", GROUP) == group):
                lesson = cls(store, found, settings)
                lesson.catch_up()
                if code is None and lesson.ended:
                    return None
                return lesson
        return None

    # --- keys ------------------------------------------------------------------

    @property
    def key(self) -> str:
        """The class password students type (or scan)."""
        return self.settings["key"]

    @property
    def teacher_key(self) -> str:
        return self.settings["teacher"]

    # --- reading what was written ----------------------------------------------------

    def catch_up(self) -> list[str]:
        """Read what was written since (by this server or another); return the codes of
        the tables that changed. A table the store holds but this lesson does not is added.

        Raises
        ------
        StoreUnavailable
            The store cannot be reached: what was read before is kept.
        """
        changed: list[str] = []
        for code, spec in self.store.tables(self.code):
            if code not in self.tables:
                self.tables[code] = ClassTable(code, spec)
                changed.append(code)
        last = self.store.last_seqs(self.code)
        for code, table in self.tables.items():
            if last.get(code, -1) >= table.seq:
                self._read(table)
                if code not in changed:
                    changed.append(code)
        self._read_marks()
        return changed

    def _read_marks(self) -> None:
        marks = self.store.marks(self.code)
        for mark in marks[self._marks :]:
            self._mark(mark)
        self._marks = len(marks)

    @property
    def marks_read(self) -> int:
        """How many lesson marks (pause, resume, end) this lesson has read: it grows when
        one is read, whoever wrote it."""
        return self._marks

    def _read(self, table: ClassTable) -> None:
        for seq, entry in self.store.entries(self.code, table.code, after=table.seq - 1):
            if seq != table.seq:
                raise ValueError(f"table {table.code}: entry {table.seq} is missing")
            table.apply(entry)

    def _mark(self, mark: dict[str, Any]) -> None:
        what = mark.get("kind")
        if what == "pause":
            self.paused = True
        elif what == "resume":
            self.paused = False
        elif what == "end":
            self.ended, self.paused = True, False

    # --- acting -----------------------------------------------------------------------

    def act(self, code: str, entry: dict[str, Any], seen: int | None = None) -> str | None:
        """Write and apply ``entry`` at table ``code``; return why not (a sentence), or None.

        ``seen``: the entry number the player's screen showed when the player
        chose. A move chosen on an older screen is refused even if it would
        fit the question asked now (two questions in a row may both offer
        "decline"): a click answers the question it was shown with, or none.
        While the store cannot be reached the answer is
        :data:`~landlord.classroom.store.UNAVAILABLE` and the table is as it was.
        """
        try:
            return self._act(code, entry, seen)
        except StoreUnavailable as error:
            return str(error)

    def _act(self, code: str, entry: dict[str, Any], seen: int | None) -> str | None:
        table = self.tables.get(code)
        if table is None:
            self.catch_up()
            table = self.tables.get(code)
            if table is None:
                return f"There is no table {code}."
        self._read_marks()  # another server may have paused or ended the lesson
        if self.ended:
            return "The lesson has ended."
        if self.paused and entry.get("kind") in {"throw", "move", "start"}:
            return "The teacher has paused the game."
        self._read(table)
        if seen is not None and seen != table.seq:
            return MOVED_ON
        why = table.refusal(entry)
        if why is not None:
            return why
        if not self.store.append(self.code, code, table.seq, entry):
            self._read(table)  # another writer was first: show what it wrote
            return MOVED_ON
        table.apply(entry)  # only once it is written
        return None

    def set_mark(self, kind: str) -> None:
        """Pause, resume or end the lesson (``kind``), for every server of the class.

        Raises
        ------
        StoreUnavailable
            The store cannot be reached: the mark is neither kept nor applied.
        """
        self.catch_up()
        while not self.store.mark(self.code, self._marks, {"kind": kind}):
            self.catch_up()
        self._mark({"kind": kind})
        self._marks += 1

    def add_tables(
        self,
        count: int,
        seats: int,
        rules: tuple[str, ...] = ("landlords_game",),
        bot: str = "eager_landlord",
        options: dict[str, Any] | None = None,
        seed: int | None = None,
    ) -> list[ClassTable]:
        """Add ``count`` tables of ``seats`` players, going through ``rules`` in turn.

        With two rule sets or more, each group of consecutive tables (one per
        rule set) plays on the same dice: they share a seed and a pair label,
        so the class can compare them as the experiments do. The seeds are
        drawn fresh unless ``seed`` is given: then the n-th seed this call
        draws is ``seed + n`` (another class given the same seed plays the
        same dice).

        Raises
        ------
        StoreUnavailable
            The store cannot be reached: the tables written before it failed
            (none, unless it failed half-way) are added, the others are not.
        """
        self.catch_up()
        if not isinstance(count, int) or not 1 <= count <= MOST_TABLES - len(self.tables):
            room = MOST_TABLES - len(self.tables)
            raise ValueError(f"{room} more tables at most (a lesson has {MOST_TABLES} at most).")
        for rules_id in rules:  # every table checked before any is added
            check_spec({"rules": rules_id, "seats": seats, "seed": 0, "options": options or {}})
        seeds = {table.spec.get("pair"): table.spec["seed"] for table in self.tables.values()}
        made = []
        drawn = 0
        for _ in range(count):
            group, which = divmod(len(self.tables), len(rules))
            pair = f"pair {group + 1}" if len(rules) > 1 else None
            table_seed = seeds.get(pair) if pair else None
            if table_seed is None:
                table_seed = secrets.randbelow(2**31) if seed is None else seed + drawn
                drawn += 1
                seeds[pair] = table_seed
            spec = {
                "rules": rules[which],
                "seed": table_seed,
                "seats": seats,
                "bot": bot,
                "plan": list(rules),
                "options": dict(options or {}),
            }
            if pair:
                spec["pair"] = pair
            code = new_code(4, list(self.tables))
            table = ClassTable(code, spec)  # checks the spec before it is kept
            self.store.new_table(self.code, code, spec)
            self.tables[code] = table
            made.append(table)
        return made
