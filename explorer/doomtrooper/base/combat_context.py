"""What card effects may ask of a combat and do to it (see
:mod:`explorer.doomtrooper.effects`): the combat's side of an effect."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .combat_state import Played, Table

if TYPE_CHECKING:
    from .combat import Combat

#: a card played with what it does, built once per those values (immutable: the bots weigh the same
#: play again and again, and the one played is the one weighed)
_played = lru_cache(maxsize=4096)(Played)


class Context:
    """What card effects may ask of a combat (see :mod:`explorer.doomtrooper.effects`)."""

    __slots__ = ("combat", "table")

    def __init__(self, combat: Combat, table: Table):
        self.combat = combat
        self.table = table

    def owner(self, uid: int) -> int:
        return self.table.trooper(uid).owner

    def classes(self, uid: int) -> frozenset[str]:
        return self.combat.classes_of(self.table.trooper(uid))

    def warriors(self, seat: int) -> tuple[int, ...]:
        out = []  # a loop: in Python 3.11 a generator is a call, and a resume per item
        for t in self.table.troopers:
            if t.owner == seat:
                out.append(t.uid)
        return tuple(out)

    def in_cover(self, uid: int) -> bool:
        return self.table.trooper(uid).cover

    def can_fight(self, uid: int) -> bool:
        """A warrior a card may bring into the combat: shown, and able to fight at all."""
        t = self.table.trooper(uid)
        return not t.hidden and self.combat.pool[t.card].combat

    def meets(self, uid: int, other: int) -> bool:
        """May ``uid`` face ``other`` in a combat at all (Paradise Lost: never across the
        Outpost's edge, whatever a card says)?"""
        return self.combat.meets(self.table.trooper(uid), self.table.trooper(other), self.table.tactic)

    def label(self, uid: int) -> str:
        return self.table.trooper(uid).card

    def add_mod(self, table: Table, seat: int, card: str, uid: int, fight: int = 0, shoot: int = 0, armor: int = 0,
                value: int = 0, strike: Any = False) -> Table:
        """``table`` with ``card`` played by ``seat`` on warrior ``uid``, adding what it adds (remembered
        by position: a cheaper key than by name)."""
        kind = self.combat.pool[card].type
        return table.with_plays(table.plays + (_played(seat, card, kind, uid, fight, shoot, armor, value, strike),))

    def last_play(self, table: Table, seat: int) -> Played | None:
        for p in reversed(table.plays):
            if p.seat != seat and not p.cancelled:
                return p
        return None

    def cancel(self, table: Table, play: Played) -> Table:
        i = table.plays.index(play)
        return table._replace(plays=table.plays[:i] + (play._replace(cancelled=True),) + table.plays[i + 1:])

    def replace(self, table: Table, role: str, uid: int) -> Table:
        """A new Attacker or Defender: it takes up its best weapon for the tactic.  No
        effect makes a combatant of a warrior that may not take part in combat ("No
        Warriors in Play") or is hidden in cover (register: ``brought-in``)."""
        if not self.can_fight(uid):
            raise ValueError(f"{self.label(uid)} may not be brought into a combat")
        table = table._replace(**{role: uid}, weapons=tuple((u, w) for u, w in table.weapons if u != getattr(table, role)))
        options = self.combat.weapon_options(table, uid)
        if options:
            pool = self.combat.pool
            best = max(options, key=lambda w: (getattr(pool[w], table.tactic) - pool[w].foe_armor, -options.index(w)))
            table = table._replace(weapons=table.weapons + ((uid, best),))
        return table



__all__ = ["Context"]
