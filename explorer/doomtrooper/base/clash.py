"""Resolve Combat and Change Warrior Status ("Attack", steps 5 and 6), with
"Striking First": the one rule the game and the odds share."""

from __future__ import annotations

from ...core.dist import contest
from ...core.engine import Chance
from .combat_state import KILLED, UNHURT, WOUNDED, Ratings


def wounds(attack: int, armor: int, chance: Chance | None, roll, rolls: list | None = None) -> bool:
    """Does ``attack`` wound ``armor``?  Equal or greater wounds ("Determine Combat
    Standing"); under the dice variant each side adds its own ``roll``.  Given a
    list ``rolls``, the two dice are rolled one by one and ``(attack roll, armor
    roll)`` appended, for the log; else the contest is one chance step (the odds
    enumerate it)."""
    if roll is None:
        return attack >= armor
    if rolls is None:
        return chance.roll(contest(attack, armor, roll, roll, ties="roller"))
    mine, theirs = chance.roll(roll), chance.roll(roll)
    rolls.append((mine, theirs))
    return attack + mine >= armor + theirs


def first_striker(a: Ratings, d: Ratings) -> int | None:
    """0 (attacker) or 1 (defender) strikes first, or ``None`` when they strike at
    once ("Striking First": two strikers cancel out unless one strikes first even
    then)."""
    if a.first and d.first:
        if a.always != d.always:
            return 0 if a.always else 1
        return None
    if a.first:
        return 0
    if d.first:
        return 1
    return None


def clash(a: Ratings, d: Ratings, wounded: tuple[bool, bool], chance: Chance | None, roll=None,
          rolls: list | None = None) -> tuple[str, str]:
    """Resolve a combat: the statuses of the attacker and the defender after it.

    Simultaneous blows unless one strikes first; a warrior struck first strikes
    back only if it lives (and not at all when the striker's hit ends the
    combat).  A wounded warrior hit again is killed.  Given a list ``rolls``,
    each blow's dice are appended as ``(striker, attack roll, armor roll)``,
    striker 0 being the attacker."""
    if roll is None and not a.first and not d.first:  # the printed rules' blows at once (most combats)
        return _after(d.attack >= a.armor, wounded[0]), _after(a.attack >= d.armor, wounded[1])
    first = first_striker(a, d)
    hit = [False, False]  # hit[i]: warrior i was hit
    ratings = (a, d)

    def blow(x: int) -> bool:
        y = 1 - x
        seen = [] if rolls is not None else None
        out = wounds(ratings[x].attack, ratings[y].armor, chance, roll, seen)
        if seen:
            rolls.append((x,) + seen[0])
        return out

    if first is None:
        hit[1] = blow(0)
        hit[0] = blow(1)
    else:
        x, y = first, 1 - first
        hit[y] = blow(x)
        dead = hit[y] and wounded[y]
        if not dead and not (hit[y] and ratings[x].ends):
            hit[x] = blow(y)
    return _after(hit[0], wounded[0]), _after(hit[1], wounded[1])


def _after(hit: bool, wounded: bool) -> str:
    if hit:
        return KILLED if wounded else WOUNDED
    return WOUNDED if wounded else UNHURT



__all__ = ["clash", "first_striker", "wounds"]
