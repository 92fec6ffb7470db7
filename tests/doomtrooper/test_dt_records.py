"""The records read faster than named tuples (``explorer.core.tuples.record``: a
warrior in play, a seat, the game's state, a combat's table and state, the cards) are ``__slots__``
classes, so nothing in the language stops a field being set after a record is built.
Rules are pure functions over immutable states: these tests hold the convention that
only a record's own builders set fields, on the fresh copy they return, and that a
record reads, compares, hashes, prints and pickles as the named tuple it replaced."""

from __future__ import annotations

import ast
import pickle
from pathlib import Path
from typing import NamedTuple

import pytest

import explorer
from explorer.core.tuples import record
from explorer.doomtrooper.base.combat_state import CombatState, Table
from explorer.doomtrooper.cards import Art, Equipment, Fortification, Gift, Mission, Special, Warrior
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.state import DTState, Seat, Trooper

RECORDS = (Trooper, Seat, DTState, Table, CombatState)
CARDS = (Warrior, Equipment, Fortification, Art, Gift, Mission, Special)
PACKAGE = Path(explorer.__file__).parent


def _is_record(node: ast.ClassDef) -> bool:
    return any(isinstance(d, ast.Name) and d.id == "record" for d in node.decorator_list)


def _field_writes(tree: ast.AST, fields: frozenset[str]):
    """(line, text) of every ``x.field = ...`` (or ``+=``, or ``setattr``) outside a record's own
    class body, ``x`` not ``self``: a field of a record set after it was built."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and _is_record(node):
            inside |= {id(n) for n in ast.walk(node)}
    for node in ast.walk(tree):
        if id(node) in inside:
            continue
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for t in targets:
            for sub in ast.walk(t):
                if isinstance(sub, ast.Attribute) and sub.attr in fields and isinstance(sub.ctx, ast.Store) \
                        and not (isinstance(sub.value, ast.Name) and sub.value.id == "self"):
                    yield node.lineno, ast.unparse(sub)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr" and \
                not (isinstance(node.args[0], ast.Name) and node.args[0].id in ("self", "args")):
            yield node.lineno, ast.unparse(node)  # (an object of the UI's own, or the command line's arguments)


def test_only_a_records_own_builders_set_its_fields():
    """The states' records anywhere in the package; the cards' (whose fields share names with the
    widgets', ``value``, ``name``) anywhere but the UI, which sets its widgets' fields."""
    states = frozenset(name for cls in RECORDS for name in cls._fields)
    cards = states | frozenset(name for cls in CARDS for name in cls._fields)
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel == "core/tuples.py":  # the record's own _replace: a fresh copy before anyone sees it
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        fields = states if rel.startswith("ui/") else cards
        found += [f"{rel}:{line}: {text}" for line, text in _field_writes(tree, fields)]
    assert not found, "fields set outside a record's builders:\n" + "\n".join(found)


def test_a_record_builder_never_changes_the_record_it_copies():
    """Every builder of every record, at every step of greedy games, leaves the record it was
    called on as it was (compared with a copy of its fields taken before)."""
    from explorer.core.engine import simulate
    from explorer.doomtrooper.bots import get_bot

    game = DoomtrooperGame()
    seen: list = []
    original = {}
    for cls in RECORDS:  # wrap every builder to check the record it copies is untouched
        for name, fn in list(vars(cls).items()):
            if callable(fn) and (name.startswith("with_") or name == "_replace"):
                original[(cls, name)] = fn
    try:
        for (cls, name), fn in original.items():
            def wrapped(self, *args, __fn=fn, **kwargs):
                before = tuple(getattr(self, f) for f in self._fields)
                out = __fn(self, *args, **kwargs)
                assert tuple(getattr(self, f) for f in self._fields) == before
                assert out is not self
                seen.append(1)
                return out
            setattr(cls, name, wrapped)
        for i in range(3):
            simulate(game, game.new_game(2), get_bot("greedy"), seed=f"records#{i}")
    finally:
        for (cls, name), fn in original.items():
            setattr(cls, name, fn)
    assert len(seen) > 100


class _Point(NamedTuple):
    x: int
    y: tuple = ()
    name: str = "p"


@record
class _Spot:
    x: int
    y: tuple = ()
    name: str = "p"

    def _copy(self) -> "_Spot":
        return _Spot(self.x, self.y, self.name)


def test_a_record_reads_as_the_named_tuple_it_replaces():
    p, s = _Point(1, (2, 3)), _Spot(1, (2, 3))
    assert repr(s) == repr(p).replace("_Point", "_Spot")
    assert hash(s) == hash(p) and s == _Spot(1, (2, 3)) and s != _Spot(2)
    assert s._fields == p._fields and s._asdict() == p._asdict()
    assert s._replace(name="q") == _Spot(1, (2, 3), "q") and s.name == "p"
    with pytest.raises(ValueError, match="unexpected field"):
        s._replace(z=1)
    assert pickle.loads(pickle.dumps(s)) == s


def test_a_records_copy_and_declared_builders_are_made_from_its_fields():
    """``record`` makes ``_copy`` and every :func:`~explorer.core.tuples.builder` from the class's
    fields (stated once, in the class): each equals the named ``_replace``, leaves the record it
    copies as it was, and a builder naming a field the class lacks is refused at once."""
    from explorer.core.tuples import builder

    @record
    class Spot:
        x: int
        y: tuple = ()
        name: str = "p"
        moved = builder("name", "x", doc="The spot renamed and moved.")

    s = Spot(1, (2, 3))
    assert s._copy() == s and s._copy() is not s
    assert s.moved("q", 5) == s._replace(x=5, name="q") and s == Spot(1, (2, 3))
    assert Spot.moved.__doc__ == "The spot renamed and moved." and Spot.moved.__qualname__.endswith("Spot.moved")
    with pytest.raises(TypeError, match="z"):
        @record
        class Bad:
            x: int
            wrong = builder("z", doc="A field Bad does not have.")


def test_the_games_records_pickle_and_compare_by_their_fields():
    """States cross to a cluster's workers by pickle: a state comes back equal, with its hash."""
    game = DoomtrooperGame()
    state = game.new_game(2)
    back = pickle.loads(pickle.dumps(state))
    assert back == state and hash(back) == hash(state) and repr(back) == repr(state)
    for card in game.pool.values():  # the cards too (records: Warrior, Equipment, ...)
        again = pickle.loads(pickle.dumps(card))
        assert again == card and hash(again) == hash(card) and again._replace() == card
