"""The faces of the dice in a conflict, for the log: drawn once the result is known.

A conflict draws each attack's result in one draw (:func:`~explorer.asylum.combat.attack_dist`),
so that exact analysis counts two or three outcomes, not every pair of faces.  A
player still wants to see the dice: once the result is drawn, the faces are drawn
here from their exact distribution *given that result* (a tie goes to the
defender, "Mental Attack"), so an attack that lands shows the higher total and
one that fails a total no higher, each pair of faces as likely as the dice make it.

The faces are no second roll of the game: their random stream is named after the
step (the teams, the point of the conflict, who rolls against whom, which roll), so a seed
and its actions show the same faces on every machine, exact analysis lists the
very events the stepper shows, and the game's own random stream is untouched.
The price: the same point of the same conflict with the same result shows the
same faces in any game, whatever its seed.

>>> from explorer.core.dist import d6
>>> lands = given(5, 4, d6, d6, True)   # d6 + 5 beat d6 + 4: 21 of the 36 pairs of faces
>>> len(lands), lands.prob(lambda f: f[0] + 5 > f[1] + 4)
(21, Fraction(1, 1))
>>> draw(5, 4, d6, d6, True, "an example") == draw(5, 4, d6, d6, True, "an example")
True
"""

from __future__ import annotations

import bisect
import hashlib
import math
from fractions import Fraction
from functools import lru_cache

from ..core.dist import Dist, best_of, d6
from ..core.events import Event, RuleRef, event
from ..core.numbers import fraction_text, probability_text
from . import sections as R
from .combat import Attack, AttackResult, beats, beats_target, maneuver_value, needs_catch, roll_contest
from .conflict_state import ConflictSetup, ConflictState
from .params import AsylumRules
from .villains import Villain

#: each roll, as a player names it (the hit by its attack: "the mental attack")
ROLL_NAMES = {"catch": "the catch", "maneuver": "the maneuver"}


def given(bonus: int, rival_bonus: int, die: Dist[int], rival_die: Dist[int] | None, won: bool) -> Dist[tuple[int, ...]]:
    """The faces of ``die + bonus`` against ``rival_die + rival_bonus`` (or, with no
    rival die, against the number ``rival_bonus``) given who won: ``won`` when the
    roller's total is strictly higher ("Mental Attack": a tie goes to the defender)."""
    faces, cumulative, total = _table(bonus, rival_bonus, die, rival_die, won)
    if not total:
        raise ValueError(f"these dice cannot give that result ({'a win' if won else 'a loss'} for the roller)")
    weights = (b - a for a, b in zip((0,) + cumulative, cumulative))
    return Dist({f: Fraction(w, total) for f, w in zip(faces, weights)})


def draw(bonus: int, rival_bonus: int, die: Dist[int], rival_die: Dist[int] | None, won: bool,
         stream: str) -> tuple[int, ...]:
    """One draw of :func:`given` from the random stream named ``stream``: a 128-bit
    hash of the name picks among the faces by their exact weights (the same faces
    for the same name on every machine; a bias below 2**-100)."""
    faces, cumulative, total = _table(bonus, rival_bonus, die, rival_die, won)
    value = int.from_bytes(hashlib.blake2b(stream.encode(), digest_size=16).digest(), "big")
    return faces[bisect.bisect_right(cumulative, value % total)]


@lru_cache(maxsize=4096)
def _table(bonus: int, rival_bonus: int, die: Dist[int], rival_die: Dist[int] | None,
           won: bool) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int]:
    """The faces consistent with the result, each with its integer weight (the dice's
    probabilities over a common denominator), summed in order, and the total."""
    faces, cumulative, acc = [], [], 0
    theirs = ((None, 1),) if rival_die is None else _weights(rival_die)
    for a, wa in _weights(die):
        for b, wb in theirs:
            if (a + bonus > rival_bonus + (0 if b is None else b)) == won:
                acc += wa * wb
                faces.append((a,) if b is None else (a, b))
                cumulative.append(acc)
    return tuple(faces), tuple(cumulative), acc


def _weights(die: Dist[int]) -> tuple[tuple[int, int], ...]:
    """Each face of ``die`` with its probability as an integer over a common denominator."""
    den = math.lcm(*(p.denominator for _, p in die.pairs))
    return tuple((face, p.numerator * (den // p.denominator)) for face, p in die.pairs)


def _face(value: int, die: Dist[int]) -> str:
    """A face as read off its die: a d6 plainly, another die named."""
    if die is d6 or die == d6:
        return str(value)
    return f"{value} ({'the better of two d6' if die == best_of(2) else 'a special die'})"


def _roll_event(rule: RuleRef, roll: str, label: str, who: str, rival: str, contest: tuple, won: bool,
                stream: str) -> Event:
    """One roll in words and as data: the faces, the totals, who won and the chance."""
    bonus, rival_bonus, die, rival_die = contest
    faces = draw(bonus, rival_bonus, die, rival_die, won, stream)
    total = faces[0] + bonus
    if rival_die is None:
        against, totals = f"{rival_bonus} to beat", (total, rival_bonus)
    else:
        totals = (total, faces[1] + rival_bonus)
        against = f"{rival}'s {_face(faces[1], rival_die)} + {rival_bonus} = {totals[1]}"
    verdict = ("lands" if roll == "hit" else "succeeds") if won else "fails"
    tie = ", a tie, which goes to the defender" if rival_die is not None and totals[0] == totals[1] else ""
    shown, exact = _chance(*contest)
    article = "an" if shown.startswith(("8", "11", "18")) else "a"  # "an 83.3% chance", "an 11.1% chance"
    odds = f"{article} {shown} chance" if won else f"it had {article} {shown} chance"
    text = f"{who} rolled {_face(faces[0], die)} + {bonus} = {total} against {against}{tie}: {label} {verdict} ({odds})"
    return event(rule, text, roll=roll, faces=faces, totals=totals, success=won, chance=exact)


@lru_cache(maxsize=4096)
def _chance(bonus: int, rival_bonus: int, die: Dist[int], rival_die: Dist[int] | None) -> tuple[str, str]:
    """The roller's chance to win, as a person reads it and as an exact fraction."""
    won = beats_target(bonus, rival_bonus, die) if rival_die is None else beats(bonus, rival_bonus, die, rival_die)
    return probability_text(won.prob(True)), fraction_text(won.prob(True))


def attack_rolls(state: ConflictState, attacker: Villain, defender: Villain, attack: Attack, rules: AsylumRules,
                 blocked: bool, result: AttackResult, hit_rule: RuleRef) -> tuple[Event | None, Event | None]:
    """The catch and the hit of an attack whose ``result`` is drawn, with their faces
    (``None`` for a roll not made: no catch for a blocker, no hit once the catch failed)."""
    stream = (f"{_conflict_name(state.setup)}/{state.turn}/{state.acted}/{state.fallen}/{state.vp}/"
              f"{attacker.name}/{defender.name}")
    catch = hit = None
    if needs_catch(attack, rules, blocked):
        catch = _roll_event(R.PHYSICAL, "catch", ROLL_NAMES["catch"], attacker.name, defender.name,
                            tuple(roll_contest(attacker, defender, attack, "catch")), result.caught, stream + "/catch")
    if result.caught:
        hit = _roll_event(hit_rule, "hit", attack.called("the"), attacker.name, defender.name,
                          tuple(roll_contest(attacker, defender, attack, "hit")), result.success, stream + "/hit")
    return catch, hit


@lru_cache(maxsize=1024)
def _conflict_name(setup: ConflictSetup) -> str:
    """The conflict in a stream's name: both teams with their levels and masterminds."""
    teams = " vs ".join(", ".join(f"{v.name} L{v.level}" for v in team) for team in setup.teams)
    return f"asylum-faces/{teams}/{setup.masterminds}"


def maneuver_roll(state: ConflictState, villain: Villain, stat: str, rules: AsylumRules, success: bool) -> Event:
    """A tactical maneuver whose result is drawn, with the face of its die ("Tactical Maneuvers")."""
    contest = (maneuver_value(villain, stat, rules), rules.maneuver_target, d6, None)
    stream = f"{_conflict_name(state.setup)}/{state.turn}/{state.acted}/{state.fallen}/{state.vp}/{villain.name}/{stat}"
    return _roll_event(R.MANEUVER, "maneuver", ROLL_NAMES["maneuver"], villain.name, "", contest, success, stream)


__all__ = ["ROLL_NAMES", "attack_rolls", "draw", "given", "maneuver_roll"]
