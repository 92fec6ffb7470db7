"""The pieces of a Doom Asylum conflict: the actions a villain can take (and the
defending side's block), who fights under which rules (:class:`ConflictSetup`),
where the conflict stands (:class:`ConflictState`) and how it ended
(:class:`ConflictResult`).  The rules that move from one state to the next are in
:mod:`explorer.asylum.conflict` (rulebook, "Conflicts", "Blocking", "Concluding a
Conflict").
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import NamedTuple

from ..core.tuples import quick_replace
from .combat import Attack, ability_title
from .params import AsylumRules, load_rules
from .villains import Villain, _rebuild

ATTACKER, DEFENDER = 0, 1


# -- actions ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class MentalAttack:
    actor: str
    target: str

    def __str__(self) -> str:
        return f"{self.actor}: mental attack on {self.target}"


@dataclass(frozen=True, slots=True)
class PhysicalAttack:
    actor: str
    target: str

    def __str__(self) -> str:
        return f"{self.actor}: physical attack on {self.target}"


@dataclass(frozen=True, slots=True)
class UseAbility:
    actor: str
    ability: str
    target: str

    def __str__(self) -> str:
        return f"{self.actor}: {ability_title(self.ability)} on {self.target}"


@dataclass(frozen=True, slots=True)
class TacticalManeuver:
    actor: str
    stat: str

    def __str__(self) -> str:
        return f"{self.actor}: tactical maneuver ({self.stat.replace('_', ' ')})"


@dataclass(frozen=True, slots=True)
class Block:
    """The defending side's answer to a declared physical attack: ``blocker`` stands
    in, or ``None`` to let the attack through."""

    blocker: str | None

    def __str__(self) -> str:
        return f"{self.blocker} blocks" if self.blocker else "no block"


@dataclass(frozen=True, slots=True)
class Conclude:
    def __str__(self) -> str:
        return "conclude the conflict"


Action = MentalAttack | PhysicalAttack | UseAbility | TacticalManeuver | Block | Conclude


# -- setup, state and result -----------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class ConflictSetup:
    """Who fights: two teams, their masterminds, who acts first, and the rules.

    Compared by value; the hash is computed once since every state carries it.
    """

    teams: tuple[tuple[Villain, ...], tuple[Villain, ...]]
    masterminds: tuple[str | None, str | None]
    first: int = ATTACKER
    ambush: bool = False
    doom_ready: bool = False  # someone in the game is Doom Ready: the winner's bonus grows
    rules: AsylumRules = field(default_factory=load_rules)
    index: dict[str, tuple[int, int]] = field(init=False, repr=False)
    _key: tuple = field(init=False, repr=False)
    _hash: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        index = {}
        for side, team in enumerate(self.teams):
            if not team:
                raise ValueError(f"the {('attacking', 'defending')[side]} team has no villains")
            for i, v in enumerate(team):
                if v.name in index:
                    raise ValueError(f"villain {v.name!r} appears twice in the conflict")
                index[v.name] = (side, i)
        for side, mm in enumerate(self.masterminds):
            if mm is not None and index.get(mm, (None,))[0] != side:
                raise ValueError(f"mastermind {mm!r} is not on side {side}")
        key = (self.teams, self.masterminds, self.first, self.ambush, self.doom_ready, self.rules)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "_key", key)
        object.__setattr__(self, "_hash", hash(key))

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, ConflictSetup) and self._key == other._key)

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self):
        # rebuilt by the constructor, so the cached hash is recomputed where it is unpickled
        return (_rebuild, (type(self), {f.name: getattr(self, f.name) for f in fields(self) if f.init}))

    def villain(self, name: str) -> Villain:
        side, i = self.index[name]
        return self.teams[side][i]

    def is_mastermind(self, side: int, i: int) -> bool:
        return self.masterminds[side] == self.teams[side][i].name

    @cached_property
    def packing(self) -> Packing:
        """How the exact analysis packs an outcome into one int (made on first use)."""
        return Packing.of(self)


class Packing(NamedTuple):
    """The bit layout of a conflict outcome *relative to a state*, for the exact
    analyzer (see :meth:`Conflict.memo_key`).  From the lowest bits up: for each
    villain, his place in his side's order of defeat plus one (0: not defeated from
    here on) and how many of his aftermath rolls succeeded; then the VP each side
    gains from here (side 1, then side 0), each plus ``vp_zero``.  Places count from
    the start of the conflict, so carrying an outcome back one step only ever adds
    a number."""

    place: tuple[tuple[int, ...], tuple[int, ...]]  # bit offset of each villain's place
    slips: tuple[tuple[int, ...], tuple[int, ...]]  # bit offset of each villain's successful aftermath rolls
    place_mask: int
    slip_mask: int
    vp1: int  # bit offset of side 1's VP
    vp0: int  # bit offset of side 0's VP
    vp_mask: int
    vp_zero: int  # a VP field holds this plus the VP gained
    rollers: tuple[frozenset[int], frozenset[int]]  # villains with aftermath rolls, on a side with two or more

    @classmethod
    def of(cls, setup: ConflictSetup) -> Packing:
        teams, rules = setup.teams, setup.rules
        place_bits = max(len(t) for t in teams).bit_length()
        slip_bits = max(1, max(len(v.aftermath) for t in teams for v in t).bit_length())
        place: list[tuple[int, ...]] = []
        slips: list[tuple[int, ...]] = []
        at = 0
        for team in teams:
            place.append(tuple(range(at, at + len(team) * place_bits, place_bits)))
            at += len(team) * place_bits
            slips.append(tuple(range(at, at + len(team) * slip_bits, slip_bits)))
            at += len(team) * slip_bits
        # each villain acts once, and an action scores a maneuver or a defeat and the mastermind point
        most = max(len(t) for t in teams) * (abs(rules.vp_maneuver) + abs(rules.vp_defeat) + abs(rules.vp_attack_mastermind))
        vp_bits = max(32, most.bit_length() + 8)
        rollers = [frozenset(i for i, v in enumerate(team) if v.aftermath) for team in teams]
        rollers = [r if len(r) > 1 else frozenset() for r in rollers]
        return cls((place[0], place[1]), (slips[0], slips[1]), (1 << place_bits) - 1, (1 << slip_bits) - 1,
                   at, at + vp_bits, (1 << vp_bits) - 1, 1 << (vp_bits - 1), (rollers[0], rollers[1]))

    @property
    def zero(self) -> int:
        """No VP gained, nobody defeated, no aftermath roll made good."""
        return (self.vp_zero << self.vp0) + (self.vp_zero << self.vp1)


class Pending(NamedTuple):
    """A declared physical attack waiting for the defending side's block decision."""

    actor: int
    target: int
    attack: Attack


@dataclass(frozen=True)
class ConflictResult:
    """How a conflict ended ("Concluding a Conflict", "Defeated villains")."""

    vp: tuple[int, int]
    winner: int | None  # 0 attacker, 1 defender, None a draw
    doomsday: tuple[int, int]  # Doomsday points won by each side
    defeated: tuple[tuple[str, ...], tuple[str, ...]]  # in order of defeat, after aftermath rolls
    lost: tuple[tuple[str, ...], tuple[str, ...]]  # defeated villains who leave their party
    slipped: tuple[str, ...] = ()  # saved by an aftermath ability (Oscar)
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # hashed millions of times when the analyzer merges outcomes: compute once
        object.__setattr__(self, "_hash", hash((self.vp, self.winner, self.doomsday, self.defeated, self.lost, self.slipped)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self):
        return (_rebuild, (type(self), {f.name: getattr(self, f.name) for f in fields(self) if f.init}))

    @property
    def margin(self) -> int:
        """Attacker's victory points minus the defender's."""
        return self.vp[0] - self.vp[1]


@quick_replace
class ConflictState(NamedTuple):
    """Where a conflict stands.  A named tuple: immutable, and cheap to hash and
    to copy with ``_replace``, which the exact analyzer does a great deal."""

    setup: ConflictSetup
    turn: int = ATTACKER
    acted: tuple[int, int] = (0, 0)  # bitmasks over each team
    fallen: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())  # defeated, in order
    vp: tuple[int, int] = (0, 0)
    pending: Pending | None = None
    result: ConflictResult | None = None

    # -- reading ----------------------------------------------------------------------
    def villain(self, side: int, i: int) -> Villain:
        return self.setup.teams[side][i]

    def has_acted(self, side: int, i: int) -> bool:
        return bool(self.acted[side] >> i & 1)

    def is_defeated(self, side: int, i: int) -> bool:
        return i in self.fallen[side]

    def can_act(self, side: int, i: int) -> bool:
        """Has his action left ("Conflicts"); a defeated villain has none unless the
        ``defeated_villains_act`` option says otherwise."""
        if self.acted[side] >> i & 1:
            return False
        return self.setup.rules.defeated_villains_act or i not in self.fallen[side]

    def ready(self, side: int) -> list[int]:
        """The villains of ``side`` who can act, in order (:meth:`can_act` for each, read
        without a call per villain: every new decision asks)."""
        mask, down = self.acted[side], self.fallen[side]
        anyone = self.setup.rules.defeated_villains_act
        return [i for i in range(len(self.setup.teams[side])) if not mask >> i & 1 and (anyone or i not in down)]

    def standing(self, side: int) -> list[int]:
        """Villains not yet defeated: the only ones that can be targeted or block."""
        return [i for i in range(len(self.setup.teams[side])) if i not in self.fallen[side]]

    def describe(self) -> str:
        lines = []
        for side, team in enumerate(self.setup.teams):
            marks = []
            for i, v in enumerate(team):
                tags = [t for t, on in (("MM", self.setup.is_mastermind(side, i)), ("acted", self.has_acted(side, i)),
                                         ("defeated", self.is_defeated(side, i))) if on]
                marks.append(v.name + (f" ({', '.join(tags)})" if tags else ""))
            lines.append(f"{('Attackers', 'Defenders')[side]} [{self.vp[side]} VP]: " + "; ".join(marks))
        return "\n".join(lines)
