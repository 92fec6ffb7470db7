"""Special abilities: functions registered by name, named by the villain data.

The rulebook names only a few (Flying, Ranged attack, Oscar's roll) and says how
they work in general ("Flying & Ranged Attacks", "Automatic Special Abilities",
"Defeated villains"); the rest are our own design for the sample roster.

Four kinds:

* ``action``: used as the villain's action against an opposing villain; the
  function ``(actor, target, mastermind)`` returns the
  :class:`~explorer.asylum.combat.Attack` it makes (``mastermind``: the target
  is the rival mastermind).
* ``automatic``: defensive, works by itself; the function ``(roll, attack)`` is
  told which roll of an attack the villain defends (``"catch"`` or ``"hit"``) and
  the attack itself (its kind, mental or physical, and whether it is ranged), and
  returns a bonus and optionally a different die.
* ``trait``: a fact the rules read (``flying``; ``ranged_attack`` at level 1).
* ``aftermath``: rolled when the conflict ends, before defeated villains are
  counted (Oscar's ``slip_away``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..core.dist import Dist, best_of
from .combat import Attack, ability_title, beats_target

if TYPE_CHECKING:
    from .villains import Villain

KINDS = ("action", "automatic", "trait", "aftermath")


@dataclass(frozen=True)
class Ability:
    name: str
    kind: str
    summary: str
    effect: Callable[..., Any] | None = None

    @property
    def title(self) -> str:
        return ability_title(self.name)


ABILITIES: dict[str, Ability] = {}


def register(name: str, kind: str, summary: str) -> Callable[[Callable], Callable]:
    """Decorator: register ``fn`` as the effect of ability ``name``."""
    if kind not in KINDS:
        raise ValueError(f"unknown ability kind {kind!r}")

    def deco(fn: Callable) -> Callable:
        if name in ABILITIES:
            raise ValueError(f"ability {name!r} registered twice")
        ABILITIES[name] = Ability(name, kind, summary, fn)
        return fn

    return deco


def trait(name: str, summary: str) -> None:
    ABILITIES[name] = Ability(name, "trait", summary)


def get(name: str) -> Ability:
    try:
        return ABILITIES[name]
    except KeyError:
        known = ", ".join(sorted(ABILITIES))
        raise KeyError(f"unknown ability {name!r} (known: {known})") from None


@lru_cache(maxsize=4096)
def automatic_defences(defender: Villain, attack: Attack, catch: bool) -> tuple[str, ...]:
    """The defender's automatic abilities that change a roll of ``attack`` (``catch``:
    whether a catch roll is made), for the log: they work without an action
    ("Automatic Special Abilities")."""
    rolls = ("catch", "hit") if catch else ("hit",)
    used = []
    for name in defender.active_abilities:
        ability = ABILITIES[name]
        if ability.kind == "automatic" and any(ability.effect(roll, attack) != (0, None) for roll in rolls):
            used.append(name)
    return tuple(used)


# -- traits ------------------------------------------------------------------------------

trait("flying", "Flies: ordinary melee physical attacks cannot reach him (rulebook).")


@register(
    "ranged_attack",
    "action",
    "Ranged attack (rulebook).  As a level-1 ability every standard physical attack he makes is "
    "ranged; gained by upgrade, it is a special action: a physical attack that can reach flyers.",
)
def ranged_attack(actor, target, mastermind: bool) -> Attack:
    return _RANGED_ATTACK


# Each action's attack is built once, a value per case (its effect is asked for at every
# option listed and every attack declared, and a named tuple's constructor is dear).
_RANGED_ATTACK = Attack("physical", "physical_attack", "physical_defense", catch=True, ranged=True, blockable=True,
                        ability="ranged_attack")


# -- actions (ours) ----------------------------------------------------------------------

@register("mind_blast", "action", "A mental attack with +2 on the attacker's roll (ours).")
def mind_blast(actor, target, mastermind: bool) -> Attack:
    return _MIND_BLAST


_MIND_BLAST = Attack("mental", "mental_attack", "mental_defense", bonus=2, ability="mind_blast")


@register(
    "hypnotise",
    "action",
    "Mental Attack against Mental Defense; if it beats, the target loses his action in this "
    "conflict instead of being defeated (ours).",
)
def hypnotise(actor, target, mastermind: bool) -> Attack:
    return _HYPNOTISE


_HYPNOTISE = Attack("mental", "mental_attack", "mental_defense", effect="stun", ability="hypnotise")


@register(
    "energy_bolt",
    "action",
    "A ranged bolt: Mental Attack against Physical Defense, no catch needed; it can be "
    "blocked like a physical attack (ours).",
)
def energy_bolt(actor, target, mastermind: bool) -> Attack:
    return _ENERGY_BOLT


_ENERGY_BOLT = Attack("physical", "mental_attack", "physical_defense", ranged=True, blockable=True, ability="energy_bolt")


@register("pounce", "action", "A melee physical attack that needs no catch roll (ours).")
def pounce(actor, target, mastermind: bool) -> Attack:
    return _POUNCE[actor.ranged]


#: ranged when the pouncer's standard attacks are
_POUNCE = {ranged: Attack("physical", "physical_attack", "physical_defense", ranged=ranged, blockable=True,
                          ability="pounce") for ranged in (False, True)}


@register(
    "terrify",
    "action",
    "Mental Attack against the target's Quickness: the target panics and is defeated (ours).",
)
def terrify(actor, target, mastermind: bool) -> Attack:
    return _TERRIFY


_TERRIFY = Attack("mental", "mental_attack", "quickness", ability="terrify")


@register(
    "citizens_arrest",
    "action",
    "Corporal Union's grab: a physical attack at +1, or +3 against a mastermind (ours).",
)
def citizens_arrest(actor, target, mastermind: bool) -> Attack:
    return _CITIZENS_ARREST[3 if mastermind else 1, actor.ranged]


#: (bonus, ranged) -> the grab: +3 against a mastermind, ranged when his standard attacks are
_CITIZENS_ARREST = {(bonus, ranged): Attack("physical", "physical_attack", "physical_defense", bonus=bonus, catch=True,
                                            ranged=ranged, blockable=True, ability="citizens_arrest")
                    for bonus in (1, 3) for ranged in (False, True)}


# -- automatic defences (ours) ------------------------------------------------------------

@register("iron_will", "automatic",
          "Defends mental attacks (mental special abilities too) with the better of two dice (ours).")
def iron_will(roll: str, attack: Attack) -> tuple[int, Dist[int] | None]:
    return (0, best_of(2)) if roll == "hit" and attack.kind == "mental" else (0, None)


@register("armoured", "automatic", "+1 to his defence against melee (not ranged) physical attacks (ours).")
def armoured(roll: str, attack: Attack) -> tuple[int, Dist[int] | None]:
    return (1, None) if roll == "hit" and attack.kind == "physical" and not attack.ranged else (0, None)


@register("elusive", "automatic", "+2 Quickness when someone tries to catch him (ours).")
def elusive(roll: str, attack: Attack) -> tuple[int, Dist[int] | None]:
    return (2, None) if roll == "catch" else (0, None)


# -- aftermath --------------------------------------------------------------------------

@register(
    "slip_away",
    "aftermath",
    "Oscar's escape act: when a conflict in which he was defeated ends, roll a die before "
    "defeated villains are counted; on 4 or more he slipped away and does not count as "
    "defeated (the victory points for defeating him stand).  The rulebook names Oscar's roll; "
    "the effect is ours.",
)
def slip_away(chance) -> bool:
    return chance.roll(beats_target(0, 3))
