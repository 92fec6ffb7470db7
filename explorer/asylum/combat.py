"""The dice of a Doom Asylum conflict: attacks, the catch, and tactical maneuvers.

Each function is the rule itself, written once: it asks ``chance`` for every roll,
so the conflict stepper samples it and the odds functions enumerate it exactly.
All comparisons are strict: to *beat* is to roll a higher total (rulebook,
"Mental Attack", "Physical Attack", "Tactical Maneuvers").
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from ..core.dist import Dist, against_target, contest, d6
from ..core.engine import Chance, outcomes

if TYPE_CHECKING:
    from .params import AsylumRules
    from .villains import Villain


def beats(bonus: int, rival_bonus: int, die_a: Dist[int] = d6, die_b: Dist[int] = d6) -> Dist[bool]:
    """Doom Asylum's contest: ``die_a + bonus`` *beats* ``die_b + rival_bonus`` only by
    rolling strictly higher; a tie goes to the defender ("Mental Attack")."""
    return contest(bonus, rival_bonus, die_a, die_b, ties="rival")


def beats_target(bonus: int, target: int, die: Dist[int] = d6) -> Dist[bool]:
    """A die (a d6) + ``bonus`` must beat ``target``: strictly higher ("Tactical Maneuvers")."""
    return against_target(bonus, target, die, ties="rival")


class Attack(NamedTuple):
    """What an attack is, independent of who makes it.

    Standard mental and physical attacks are two of these; action abilities
    return their own (see :mod:`explorer.asylum.abilities`).
    """

    kind: str  # "mental" or "physical": physical attacks can be blocked and need a catch
    attack_stat: str
    defense_stat: str
    bonus: int = 0  # added to the attacker's roll
    catch: bool = False  # a quickness contest comes first
    ranged: bool = False  # may reach flyers
    blockable: bool = False
    effect: str = "defeat"  # "defeat", or "stun": the target loses his action
    ability: str | None = None  # the special ability used, if any

    def called(self, article: str = "") -> str:
        """How the log names the attack: an ability by its name ("Hypnotise"), a
        plain attack with ``article`` ("a mental attack", "the physical attack")."""
        if self.ability:
            return ability_title(self.ability)
        return f"{article} {self.kind} attack".lstrip()


#: names a title made from the id would misspell
SPELLED = {"citizens_arrest": "Citizen's Arrest"}


def ability_title(name: str) -> str:
    """A special ability's name as the roster prints it ("mind_blast" -> "Mind Blast",
    "citizens_arrest" -> "Citizen's Arrest")."""
    return SPELLED.get(name) or name.replace("_", " ").title()


def mental_attack_spec(attacker: Villain) -> Attack:
    """A standard mental attack: Mental Attack against Mental Defense."""
    return _MENTAL


def physical_attack_spec(attacker: Villain) -> Attack:
    """A standard physical attack: catch first, then Physical Attack against
    Physical Defense.  Ranged when Ranged is the attacker's level-1 ability."""
    return _PHYSICAL[attacker.ranged]


# the standard attacks, built once (values: the same for every attacker, asked for at every attack)
_MENTAL = Attack("mental", "mental_attack", "mental_defense")
_PHYSICAL = {ranged: Attack("physical", "physical_attack", "physical_defense", catch=True, ranged=ranged,
                            blockable=True) for ranged in (False, True)}


def can_reach(attacker: Villain, defender: Villain, attack: Attack) -> bool:
    """Flyers can only be reached by ranged attacks or by other flyers
    (rulebook, "Flying & Ranged Attacks"); mental attacks reach anyone."""
    if attack.kind != "physical" or not defender.flying:
        return True
    return attack.ranged or attacker.flying


def defence(defender: Villain, roll: str, attack: Attack, base: int) -> tuple[int, Dist[int]]:
    """The defender's total bonus and die for one roll of an attack (``roll`` is
    ``"catch"`` or ``"hit"``), after his automatic abilities ("Automatic Special
    Abilities").  Each ability is given the attack itself, so it can tell a mental
    attack from a physical one, melee from ranged, whatever stat defends."""
    bonus, die = base, d6
    for hook in defender.defence_hooks:
        extra, new_die = hook(roll, attack)
        bonus += extra
        if new_die is not None:
            die = new_die
    return bonus, die


def blockable(attack: Attack, rules: AsylumRules) -> bool:
    """Whether the defending side may block the attack ("Blocking"): physical attacks,
    and physical special abilities unless ``ability_attacks_blockable`` is off (our
    reading blockable-attacks)."""
    return attack.blockable and (attack.ability is None or rules.ability_attacks_blockable)


def needs_catch(attack: Attack, rules: AsylumRules, blocked: bool) -> bool:
    """Whether the attack starts with a catch roll: physical attacks do, except on a
    blocker ("Blocking") and, when ``ranged_attacks_need_catch`` is off, ranged ones."""
    return attack.catch and not blocked and (rules.ranged_attacks_need_catch or not attack.ranged)


class Contest(NamedTuple):
    """One opposed roll as numbers: each side's bonus and die."""

    bonus: int
    rival_bonus: int
    die: Dist[int]
    rival_die: Dist[int]

    @property
    def numbers(self) -> tuple[int, Dist[int], Dist[int]]:
        """All its odds depend on: the difference of the bonuses and the two dice (a
        key for odds remembered across pairs of villains with the same numbers)."""
        return self.bonus - self.rival_bonus, self.die, self.rival_die


#: a Contest built as the tuple it is (its own constructor is a Python function called from C):
#: every new pair of villains in a conflict makes some
_new = tuple.__new__


def roll_contest(attacker: Villain, defender: Villain, attack: Attack, roll: str) -> Contest:
    """The numbers of one roll of ``attack``: the catch (die + Quickness each) or the
    hit (attacker's stat + the attack's bonus + die against the defender's stat +
    die), the defender's automatic abilities applied."""
    if roll == "catch":
        bonus, die = defence(defender, "catch", attack, defender.stat("quickness"))
        return _new(Contest, (attacker.stat("quickness"), bonus, d6, die))
    bonus, die = defence(defender, "hit", attack, defender.stat(attack.defense_stat))
    return _new(Contest, (attacker.stat(attack.attack_stat) + attack.bonus, bonus, d6, die))


def attack_contests(attacker: Villain, defender: Villain, attack: Attack,
                    catch: bool) -> tuple[Contest | None, Contest, tuple]:
    """The catch (``None`` when ``catch`` is false) and the hit of ``attack`` as numbers,
    and the key of their odds: both rolls' :attr:`Contest.numbers`, all that the odds of
    :func:`resolve_attack` read (new pairs of villains and attacks come far more often
    than new numbers, so odds kept on this key are found again)."""
    catch_contest = roll_contest(attacker, defender, attack, "catch") if catch else None
    hit = roll_contest(attacker, defender, attack, "hit")
    return catch_contest, hit, (None if catch_contest is None else catch_contest.numbers, hit.numbers)


def catch_roll(attacker: Villain, defender: Villain, attack: Attack, chance: Chance) -> bool:
    """The catch: die + Quickness each, attacker must roll higher."""
    return chance.roll(beats(*roll_contest(attacker, defender, attack, "catch")))


def hit_roll(attacker: Villain, defender: Villain, attack: Attack, chance: Chance) -> bool:
    """The attack roll proper: attacker's stat + bonus + die must beat the
    defender's stat + die."""
    return chance.roll(beats(*roll_contest(attacker, defender, attack, "hit")))


class AttackResult(NamedTuple):
    caught: bool  # True when no catch was needed
    success: bool  # the target is defeated (or stunned)


def resolve_attack(
    attacker: Villain,
    defender: Villain,
    attack: Attack,
    chance: Chance,
    rules: AsylumRules,
    *,
    blocked: bool = False,
) -> AttackResult:
    """An attack from declaration to result.  A blocker is never caught first
    (rulebook, "Blocking"); ranged attacks skip the catch only when the rules
    option ``ranged_attacks_need_catch`` is off."""
    if needs_catch(attack, rules, blocked) and not catch_roll(attacker, defender, attack, chance):
        return AttackResult(False, False)
    return AttackResult(True, hit_roll(attacker, defender, attack, chance))


@lru_cache(maxsize=65536)
def attack_dist(attacker: Villain, defender: Villain, attack: Attack, rules: AsylumRules,
                blocked: bool = False) -> Dist[AttackResult]:
    """Every way :func:`resolve_attack` can end, exactly (cached).  A conflict
    rolls this once per attack: the same rule, one draw instead of two.  Worked out
    once per set of numbers its rolls are made with (:func:`attack_contests`):
    listing the rule's outcomes is dear."""
    key = attack_contests(attacker, defender, attack, needs_catch(attack, rules, blocked))[2]
    dist = _ATTACK_DISTS.get(key)
    if dist is None:
        if len(_ATTACK_DISTS) > 10_000:
            _ATTACK_DISTS.clear()
        dist = _ATTACK_DISTS[key] = outcomes(lambda chance: resolve_attack(attacker, defender, attack, chance, rules,
                                                                           blocked=blocked))
    return dist


#: the rolls' numbers -> :func:`attack_dist`, as it keys them
_ATTACK_DISTS: dict[tuple, Dist[AttackResult]] = {}


#: the stats a tactical maneuver may use, "either" of them ("Tactical Maneuvers")
MANEUVER_STATS = ("physical_attack", "mental_attack", "quickness")


def maneuver_stat(villain: Villain, rules: AsylumRules) -> str:
    """The best of Physical Attack, Mental Attack and Quickness (first on ties)."""
    value = villain.stat if rules.maneuver_counts_upgrades else villain.base_stat
    return max(MANEUVER_STATS, key=value)


def maneuver_stats(villain: Villain, rules: AsylumRules) -> tuple[str, ...]:
    """The stats ``villain`` may make a tactical maneuver with, his best first: any of
    the three (the rulebook's "either"), or only the best when the option
    ``maneuver_any_stat`` is off (our reading maneuver-stat-choice)."""
    best = maneuver_stat(villain, rules)
    if not rules.maneuver_any_stat:
        return (best,)
    return (best, *(s for s in MANEUVER_STATS if s != best))


def tactical_maneuver(villain: Villain, stat: str, chance: Chance, rules: AsylumRules) -> bool:
    """Die + the chosen stat must beat the target (8); special abilities do not
    help (rulebook, "Tactical Maneuvers")."""
    return chance.roll(beats_target(maneuver_value(villain, stat, rules), rules.maneuver_target))


def maneuver_value(villain: Villain, stat: str, rules: AsylumRules) -> int:
    """The stat a tactical maneuver adds to its die: with upgrades, or at level 1 when
    ``maneuver_counts_upgrades`` is off."""
    return villain.stat(stat) if rules.maneuver_counts_upgrades else villain.base_stat(stat)
