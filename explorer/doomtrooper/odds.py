"""Odds of a Doomtrooper combat: who is wounded or killed, exactly.

Under the printed rules a combat is certain (an attack equal to or above the
Armor wounds); under "Doomtrooper with Dice" each rating gets its own roll, so
an attack wounds with probability P(attack + dice >= armor + dice).  The odds
are not a second copy of the rules: :func:`combat` builds the combat the game
would fight and enumerates :func:`explorer.doomtrooper.base.combat.clash`, the rule
itself, with :func:`explorer.core.engine.outcomes`.

>>> from explorer.doomtrooper.cards import Warrior
>>> sean = Warrior("Sean Gallagher", 10, 5, 8, 6, "Imperial")
>>> nepharite = Warrior("Nepharite of Ilian", 8, 8, 7, 5, "Dark Legion")
>>> combat(sean, nepharite)            # the rulebook's example: both are wounded
{('wounded', 'wounded'): Fraction(1, 1)}
>>> wound_chance(10, 7, dice="2d6")
Fraction(545, 648)
>>> wound_chance(7, 10, dice=None)
Fraction(0, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..core.deck import Multiset
from ..core.dist import Dist, contest
from ..core.engine import outcomes
from .cards import Equipment, Pool, Warrior, load_pool
from .base.clash import clash
from .base.combat import Combat
from .base.combat_state import Ratings, Table, Term
from .params import DoomtrooperRules, load_rules
from .seat_odds import draw_chance as draw_chance, opponent_holds as opponent_holds  # odds from a seat's view
from .state import Attached, Placed, Trooper

_ATTACKER, _DEFENDER = "\x00attacker", "\x00defender"  # pool keys of the warriors described


def dice_roll(dice: str | Dist[int] | None, rules: DoomtrooperRules | None = None) -> Dist[int] | None:
    """The roll added to each rating: a name from the rules' dice table ("2d6",
    "3d6", "d20"), a distribution, or ``None`` for the printed rules."""
    if dice is None or isinstance(dice, Dist):
        return dice
    rules = load_rules() if rules is None else rules
    return rules.dice_roll(dice)


def wound_chance(attack: int, armor: int, dice: str | Dist[int] | None = "2d6",
                 rules: DoomtrooperRules | None = None) -> Fraction:
    """P(``attack`` wounds ``armor``): each side adds its own roll of ``dice``, equal
    or greater wounds.  Without dice, 1 or 0."""
    roll = dice_roll(dice, rules)
    if roll is None:
        return Fraction(int(attack >= armor))
    return contest(attack, armor, roll, roll, ties="roller").prob(True)


def combat(attacker: Warrior, defender: Warrior, tactic: str = "fight", dice: str | Dist[int] | None = None,
           cover: bool = False, *, weapons: Sequence[str | None] | None = None, pool: Pool | None = None,
           rules: DoomtrooperRules | None = None, warzone: str | None = None) -> dict[tuple[str, str], Fraction]:
    """``{(attacker status, defender status): probability}`` for ``attacker``
    attacking ``defender`` with ``tactic``, under ``dice`` (``None``: the printed
    rules), the defender in ``cover`` or not.  Statuses are ``"unhurt"``,
    ``"wounded"`` and ``"killed"``; each warrior's ``wounded`` and ``equipment``
    count (Relics and Ki Powers too, named in ``equipment``).  ``weapons``: the
    weapon each side uses when it carries several (default: the one adding most
    to its attack).  ``warzone``: a Warzone card the defender defends from (its
    F, S, A, V for the defender, its text for both, no fortifications)."""
    f = fight(attacker, defender, tactic, cover, weapons=weapons, pool=pool, rules=rules, warzone=warzone)
    roll = dice_roll(dice, f.rules)
    ra, rd = f.ratings
    wounded = (attacker.wounded, defender.wounded)
    dist = outcomes(lambda chance: clash(ra, rd, wounded, chance, roll))
    return {o: p for o, p in dist.pairs}


def status_text(status: str, wounded_before: bool) -> str:
    """A warrior's status after a combat (from :func:`combat`) as a person reads it:
    a warrior that came in wounded and was not hit is "still wounded", not
    "wounded", which reads as hurt in this combat.

    >>> status_text("wounded", False), status_text("wounded", True), status_text("killed", True)
    ('wounded', 'still wounded', 'killed')
    """
    return "still wounded" if wounded_before and status == "wounded" else status


class Fight:
    """A combat set up from two described warriors: the :class:`Combat` rules,
    the table, and each side's final ratings (no cards played), with the terms
    each rating adds up from (:meth:`Combat.explain`)."""

    def __init__(self, game: Combat, table: Table):
        self.game = game
        self.table = table
        self.rules = game.rules
        explained = (game.explain(table, 0), game.explain(table, 1))
        self.ratings: tuple[Ratings, Ratings] = (explained[0][0], explained[1][0])
        self.terms: tuple[tuple[Term, ...], tuple[Term, ...]] = (explained[0][1], explained[1][1])
        self.off = game.off(table)

    def label(self, term: Term) -> Term:
        """A term with the described warriors' own names."""
        for key, side in ((_ATTACKER, 0), (_DEFENDER, 1)):
            if term.source.startswith(key):
                name = self.names[side]
                return term._replace(source=name + term.source[len(key):])
        if term.source.startswith("\x00"):
            return term._replace(source=term.source.split(":", 2)[-1])
        return term


def fight(attacker: Warrior, defender: Warrior, tactic: str = "fight", cover: bool = False, *,
          weapons: Sequence[str | None] | None = None, pool: Pool | None = None,
          rules: DoomtrooperRules | None = None, warzone: str | None = None) -> Fight:
    """The combat :func:`combat` enumerates, with its ratings (for explanations)."""
    if tactic not in ("fight", "shoot"):
        raise ValueError(f"the battle tactic is 'fight' or 'shoot', not {tactic!r}")
    base = load_pool() if pool is None else pool
    rules = load_rules() if rules is None else rules
    extra: dict[str, Any] = {_ATTACKER: attacker._replace(name=_ATTACKER, equipment=(), wounded=False),
                             _DEFENDER: defender._replace(name=_DEFENDER, equipment=(), wounded=False)}
    attached = []
    for side, w in enumerate((attacker, defender)):
        cards = []
        for i, e in enumerate(w.equipment):
            if isinstance(e, str):
                if e not in base:
                    raise ValueError(f"no card named {e!r} in the pool")
                if base[e].type not in _ATTACHABLE:
                    raise ValueError(f"{e!r} is {base[e].type}, not equipment, a gift, a Relic or a Ki Power")
                cards.append(e)
            elif isinstance(e, Equipment):
                key = f"\x00{side}:{i}:{e.name}"
                extra[key] = e
                cards.append(key)
            else:
                raise ValueError(f"equipment is given by card name or as an Equipment, not {e!r}")
        attached.append(tuple(Attached(c, side) for c in cards))
    game = _combat(base.with_cards(extra), rules)
    area = lambda w: game.aff.area_for(game.aff.classes(w.affiliation, w.keywords, w.considered))  # noqa: E731
    troopers = (Trooper(0, _ATTACKER, 0, area(attacker), attacker.wounded, False, attached=attached[0]),
                Trooper(1, _DEFENDER, 1, area(defender), defender.wounded, cover, attached=attached[1]))
    table = Table(tactic, 0, 1, troopers, ((), ()), (0, 1), (0, 1), (Multiset(), Multiset()), (0, 0))
    if warzone is not None:
        table = _defend_from(game, table, warzone)
    chosen = []
    for uid in (0, 1):
        options = game.weapon_options(table, uid)
        pick = weapons[uid] if weapons is not None else None
        if pick is not None:
            name = next((a.card for a in troopers[uid].attached if game.pool[a.card].name == pick), None)
            if name is None or name not in options:
                raise ValueError(f"{pick!r} is not a weapon side {uid} can use in a {tactic} combat "
                                 f"(usable: {', '.join(game.pool[o].name for o in options) or 'none'})")
            chosen.append((uid, name))
        elif options:
            chosen.append((uid, best_weapon(game, options, tactic)))
    f = Fight(game, table._replace(weapons=tuple(chosen)))
    f.names = (attacker.name, defender.name)
    return f


def best_weapon(combat: Combat, options: Sequence[str], tactic: str) -> str:
    """The weapon a player would pick among ``options``: the one adding most to its
    attack against the foe's armor (the first offered on a tie)."""
    return max(options, key=lambda w: (getattr(combat.pool[w], tactic) - combat.pool[w].foe_armor, -options.index(w)))


#: The card types a described warrior may carry (``Warrior.equipment``).
_ATTACHABLE = ("equipment", "dark_symmetry", "relic", "ki_power")


def _defend_from(game: Combat, table: Table, warzone: str) -> Table:
    """The table with the defender defending from ``warzone`` (a Warzone of its area)."""
    from .expansions.warzones import areas_for

    card = game.pool.get(warzone) if isinstance(warzone, str) else None
    if card is None or card.type != "warzone":
        raise ValueError(f"{warzone!r} is not a Warzone card of the pool")
    area = table.trooper(1).area
    if area not in areas_for(game, card):
        raise ValueError(f"{warzone} may be put only into: {', '.join(areas_for(game, card))}; the defender stands in "
                         f"the {area}")
    return table._replace(in_play=((), (Placed(warzone, area),)), warzone=warzone)


def kit_problems(warrior: Warrior, pool: Pool | None = None, rules: DoomtrooperRules | None = None) -> list[str]:
    """What the rules say against ``warrior`` carrying its ``equipment`` (cards of
    the pool): one armor, one vehicle, cards limited to some warriors ("Equip
    Warrior"), gifts only on Dark Legion warriors and Gifts of an Apostle only on
    his Followers ("Bestow Gift"), Relics only on the class their card names
    ("Relics"), Ki Powers only on Mishima warriors, one copy each ("Ki Powers").
    Empty when the kit is legal."""
    from .base.equip import may_carry
    from .base.fortify import gift_problem
    from .expansions.ki_powers import ki_problem
    from .expansions.relics import holder_problem

    base = load_pool() if pool is None else pool
    game = _combat(base.with_cards({_ATTACKER: warrior._replace(name=_ATTACKER, equipment=())}),
                   load_rules() if rules is None else rules)
    problems: list[str] = []
    t = Trooper(0, _ATTACKER, 0, "Squad")
    for name in warrior.equipment:
        if not isinstance(name, str) or name not in base:
            continue
        card = base[name]
        if card.type == "equipment":
            why = may_carry(game, t, card)
            if why in ("armor", "vehicle"):
                why = f"{warrior.name} may have only one {why}: {name} is one too many"
            elif why is not None:
                why = why.replace(_ATTACKER, warrior.name)
        elif card.type == "dark_symmetry":
            found = gift_problem(game, t, card)
            why = None if found is None else found[1].replace(_ATTACKER, warrior.name)
        elif card.type == "relic":
            why = holder_problem(game, t, card)
            why = why if why is not None or name not in t.cards() else f"{name} is unique: one copy in play"
        elif card.type == "ki_power":
            found = ki_problem(game, t, name)
            why = None if found is None else found.replace(_ATTACKER, warrior.name)
        else:
            why = f"{name} is {card.type}, not equipment, a gift, a Relic or a Ki Power"
        if why is not None:
            problems.append(why)
        t = t._replace(attached=t.attached + (Attached(name, 0),))
    return problems


#: What a cell of :func:`edge_grid` can give the chance of.
GRID_OUTCOMES = {
    "you wound, they do not": lambda a, d: a == "unhurt" and d != "unhurt",
    "both wounded": lambda a, d: a != "unhurt" and d != "unhurt",
    "they wound, you do not": lambda a, d: a != "unhurt" and d == "unhurt",
    "nobody wounded": lambda a, d: a == "unhurt" and d == "unhurt",
}


def edge_grid(dice: str | Dist[int] | None = "2d6", edges: Sequence[int] = tuple(range(-8, 9)),
              outcome: str = "you wound, they do not",
              rules: DoomtrooperRules | None = None) -> list[list[Fraction]]:
    """The chance of ``outcome`` (a key of :data:`GRID_OUTCOMES`) in a combat, for
    every pair of edges: ``grid[i][j]`` has the attacker's attack rating minus the
    defender's Armor equal to ``edges[j]`` and the defender's attack minus the
    attacker's Armor equal to ``edges[i]`` (nobody strikes first, nobody wounded
    before).  Under the printed rules (``dice=None``) every cell is 0 or 1."""
    if outcome not in GRID_OUTCOMES:
        raise ValueError(f"unknown outcome {outcome!r} (known: {', '.join(GRID_OUTCOMES)})")
    roll = dice_roll(dice, rules)
    want = GRID_OUTCOMES[outcome]
    grid = []
    for theirs in edges:
        row = []
        for mine in edges:
            a, d = Ratings(mine, 0, 0), Ratings(theirs, 0, 0)
            dist = outcomes(lambda chance: clash(a, d, (False, False), chance, roll))
            row.append(sum((p for (sa, sd), p in dist.pairs if want(sa, sd)), Fraction(0)))
        grid.append(row)
    return grid


@lru_cache(maxsize=64)
def _combat(pool: Pool, rules: DoomtrooperRules) -> Combat:
    return Combat(pool, rules)


__all__ = ["Fight", "GRID_OUTCOMES", "combat", "dice_roll", "edge_grid", "fight", "kit_problems", "wound_chance"]
