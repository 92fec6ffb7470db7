"""How the greedy bot (:mod:`explorer.doomtrooper.bots`) weighs a combat: the outcomes its
combatants' ratings lead to, each as its chance and the harm it does each side, and how good
they are for a seat.  The modify step weighs every card a seat may play against the combat as
it stands, the same two warriors rated again only where a card changes them."""

from __future__ import annotations

from functools import lru_cache

from ..core.engine import outcomes
from .base.clash import clash
from .base.combat_state import KILLED, WOUNDED, Ratings, Table
from .base.standing import _plus_played
from .state import UNSEEN


def harm(before_wounded: bool, status: str) -> float:
    """How much worse off a warrior is after a combat, as a share of its Value."""
    if status == KILLED:
        return 1.0
    if status == WOUNDED and not before_wounded:
        return 0.4
    return 0.0


def outlook(game, table: Table, seat: int) -> float:
    """How good the combat's printed (or expected, with dice) outcome is for
    ``seat``: the Value it stands to win minus the Value it stands to lose."""
    pair = pair_of(game, table)
    return outlook_of(game, pair, rated(game, table, pair), seat)


def pair_of(game, table: Table) -> tuple | None:
    """The attacker and the defender at ``table``, the powers switched off between them
    and their rating keys (:meth:`.Standing.rating_key`); ``None`` when either is hidden."""
    a, d = table.trooper(table.attacker), table.trooper(table.defender)
    if UNSEEN in (a.card, d.card):
        return None
    combat = game.combat
    return a, d, combat.off_between(a.card, d.card), combat.rating_key(table, a), combat.rating_key(table, d)


def rated(game, table: Table, pair: tuple | None) -> tuple[Ratings, Ratings] | None:
    """The ratings of the combatants :func:`pair_of` found at ``table`` (``None`` without them)."""
    if pair is None:
        return None
    a, d, off, seen_a, seen_d = pair
    combat = game.combat
    return combat.pair(table, a, d, off, seen_a, seen_d)


def rerated(game, table: Table, after: Table, pair: tuple | None, ratings: tuple | None) -> tuple | None:
    """:func:`rated` at ``after``, a table the modify step's card left with the same pair, given
    the ``ratings`` at ``table``: when the card only added one card play (the tactic and
    the weapons as they were), the warrior it was played on gets what it adds, the other keeps
    his: :meth:`.Standing.fighter` adds the cards played on a warrior, the last of his parts, to
    his ratings without them (:func:`.standing._plus_played`, card by card, sums and a flag), and
    a warrior's ratings read no card played on another."""
    if pair is None:
        return None
    plays, before = after.plays, table.plays
    n = len(before)
    if len(plays) != n + 1 or after.weapons is not table.weapons or after.tactic != table.tactic \
            or (n and plays[:n] != before):
        return rated(game, after, pair)
    a, d, off, _, _ = pair
    p = plays[n]
    uid = p.uid
    if uid == a.uid:
        return _plus_played(ratings[0], (p,), after.tactic, off), ratings[1]
    if uid == d.uid:
        return ratings[0], _plus_played(ratings[1], (p,), after.tactic, off)
    return ratings


def outlook_of(game, pair: tuple | None, ratings: tuple | None, seat: int) -> float:
    """:func:`outlook` of the combatants :func:`pair_of` found, with their ``ratings``
    (:func:`rated`: the modify step weighs every card against the same two).  Their
    :func:`statuses` looked up here, without the call: each Ratings unpacked in one go (a
    named tuple's six fields read one by one cost several times more)."""
    if pair is None:
        return 0.0
    a_attack, a_armor, value_a, a_first, a_ends, a_always = ratings[0]
    d_attack, d_armor, value_d, d_first, d_ends, d_always = ratings[1]
    a, d = pair[0], pair[1]
    a_wounded, d_wounded = a.wounded, d.wounded
    combat = game.combat
    if combat.roll is None:  # the printed rules: their case (_case and _strikes written out: no calls, it is hot)
        i = (8 if a_attack >= d_armor else 0) + (4 if d_attack >= a_armor else 0) + (2 if a_wounded else 0) \
            + (1 if d_wounded else 0)
        if a_first or d_first:  # (neither striking first, most often: how each strikes adds nothing)
            i += (((1 if a_first else 0) + (2 if a_ends else 0) + (4 if a_always else 0)) * 8
                  + (1 if d_first else 0) + (2 if d_ends else 0) + (4 if d_always else 0)) * 16
        cases = _PRINTED[i]
    else:
        cases = blows(combat, a_attack, a_armor, (a_first, a_ends, a_always), d_attack, d_armor,
                      (d_first, d_ends, d_always), (a_wounded, d_wounded))
    # what each stands to lose (at least 1; max() is a call), negative for the seat's own warrior
    if value_a < 1:
        value_a = 1
    if value_d < 1:
        value_d = 1
    if a.owner == seat:
        value_a = -value_a
    if d.owner == seat:
        value_d = -value_d
    total = 0.0
    for p, ha, hd in cases:
        total += p * (ha * value_a)
        total += p * (hd * value_d)
    return total


def statuses(combat, ra: Ratings, rd: Ratings, wounded) -> tuple[tuple[float, float, float], ...]:
    """The combat's outcomes, each as its chance (a float) and how much worse off it
    leaves the attacker and the defender (:func:`harm`, worked out once with the
    outcomes): one certain outcome under the
    printed rules, the exact table (the rule enumerated) under the dice variant.
    Asked of the ratings without their Values, which no blow reads (:func:`.clash`);
    under the printed rules a blow wounds when its attack reaches the Armor, so only
    whether each would wound and how each strikes count (:data:`_PRINTED`).  The bots
    rate many attacks alike."""
    return plain_statuses(combat, plain(ra), plain(rd), wounded[0], wounded[1])


def plain(r: Ratings) -> tuple[int, int, int, int]:
    """``r``'s attack, Armor and Value and how it strikes as one number (its index in
    :data:`STRIKES`) in a plain tuple: read again and again far more cheaply than a
    named tuple's fields (the greedy bot remembers its attacks' ratings so)."""
    attack, armor, value, first, ends, always = r  # unpacked in one go
    return attack, armor, value, _strikes(first, ends, always)


def plain_statuses(combat, a: tuple, d: tuple, a_wounded: bool, d_wounded: bool) -> tuple[tuple[float, float, float], ...]:
    """:func:`statuses` of the attacker's and the defender's :func:`plain` ratings."""
    a_attack, a_armor, _, a_strikes = a
    d_attack, d_armor, _, d_strikes = d
    if combat.roll is None:
        return _PRINTED[_case(a_attack, a_armor, a_strikes, d_attack, d_armor, d_strikes, a_wounded, d_wounded)]
    return blows(combat, a_attack, a_armor, STRIKES[a_strikes], d_attack, d_armor, STRIKES[d_strikes],
                 (a_wounded, d_wounded))


def plain_score(combat, a: tuple, d: tuple, a_wounded: bool, d_wounded: bool) -> float:
    """An attack's score from the attacker's and the defender's :func:`plain` ratings and wounds
    (the greedy bot's): the Value the attacker expects to win (the defender's, weighed 1.2) less
    the Value it risks.  :func:`plain_statuses` looked up here under the printed rules (no call)."""
    a_attack, a_armor, value_a, a_strikes = a
    d_attack, d_armor, value_d, d_strikes = d
    if combat.roll is None:
        cases = _PRINTED[(a_strikes * 8 + d_strikes) * 16 + (8 if a_attack >= d_armor else 0)  # _case, without
                         + (4 if d_attack >= a_armor else 0) + (2 if a_wounded else 0) + (1 if d_wounded else 0)]  # the call
    else:
        cases = plain_statuses(combat, a, d, a_wounded, d_wounded)
    total = 0  # summed in order, as sum() would
    for p, ha, hd in cases:
        total += p * (hd * value_d * 1.2 - ha * value_a)
    return total


def _case(a_attack: int, a_armor: int, a_strikes: int, d_attack: int, d_armor: int, d_strikes: int,
          a_wounded: bool, d_wounded: bool) -> int:
    """A combat's case in :data:`_PRINTED` under the printed rules: how each strikes (its number
    in :data:`STRIKES`), whether each wounds (its attack reaches the other's Armor), the wounds
    before (added up by conditions: a bool times an int takes the slow way in Python 3.11)."""
    return ((a_strikes * 8 + d_strikes) * 16 + (8 if a_attack >= d_armor else 0) + (4 if d_attack >= a_armor else 0)
            + (2 if a_wounded else 0) + (1 if d_wounded else 0))


def _strikes(first: bool, ends: bool, always: bool) -> int:
    """How a combatant strikes (Ratings' first, ends and always) as its number in :data:`STRIKES`."""
    return (1 if first else 0) + (2 if ends else 0) + (4 if always else 0)


#: how a combatant strikes (Ratings' first, ends and always), by its number in :func:`plain`
STRIKES = tuple((n & 1 != 0, n & 2 != 0, n & 4 != 0) for n in range(8))


def _printed(i: int) -> tuple[tuple[float, float, float]]:
    """:func:`statuses` under the printed rules, case ``i``: 128 * how the attacker strikes + 16 * how the
    defender strikes (:data:`STRIKES`) + 8 * whether the attacker wounds + 4 * whether the defender wounds
    + 2 * the attacker wounded before + the defender wounded before (a wound is an attack of 1 against Armor 1)."""
    wounded = (i & 2 != 0, i & 1 != 0)
    ra = Ratings(1 if i & 8 else 0, 1, 0, *STRIKES[i >> 7])
    rd = Ratings(1 if i & 4 else 0, 1, 0, *STRIKES[(i >> 4) & 7])
    sa, sd = clash(ra, rd, wounded, None, None)
    return ((1.0, harm(wounded[0], sa), harm(wounded[1], sd)),)


#: :func:`_printed` of every case, worked out once (a look-up by position is cheaper than a cache's by
#: eight values; the first 16 are the combats where neither strikes first)
_PRINTED = tuple(_printed(i) for i in range(1024))


@lru_cache(maxsize=4096)  # small: it holds the combats it was asked about
def blows(combat, a_attack: int, a_armor: int, a_strikes: tuple, d_attack: int, d_armor: int, d_strikes: tuple,
          wounded) -> tuple[tuple[float, float, float], ...]:
    """:func:`statuses`, remembered by each rating's attack, Armor and how it strikes as
    plain values (cheaper to pass than :class:`Ratings`, which is made only when the
    outcomes are worked out)."""
    ra, rd = Ratings(a_attack, a_armor, 0, *a_strikes), Ratings(d_attack, d_armor, 0, *d_strikes)
    if combat.roll is None:
        pairs = ((clash(ra, rd, wounded, None, None), 1.0),)
    else:
        pairs = outcomes(lambda chance: clash(ra, rd, wounded, chance, combat.roll)).pairs
    return tuple([(float(p), harm(wounded[0], sa), harm(wounded[1], sd)) for (sa, sd), p in pairs])


__all__ = ["STRIKES", "blows", "harm", "outlook", "outlook_of", "pair_of", "plain", "plain_score", "plain_statuses",
           "rated", "rerated", "statuses"]
