"""What an attack option leads to, before it is chosen: the combat's exact odds as a seat sees them.

An attack starts a combat whose end depends on the cards both players will
play; before choosing, a player can know what the combat comes to *as things
stand*: the two warriors with everything attached to them, the fortifications
where they meet, cover, the weapons each would pick, and no card played from a
hand.  Under the printed rules the outcome is then certain (step 6, "Status");
under the dice rule (``dice = "2d6"``) every blow rolls, and the answer is an
exact distribution.  Each rating comes with its terms, each citing the rule
that makes it count ("explain this number" for the whole combat).

Everything here is read from the seat's observation: a face-down defender (a
warrior mustered in cover) is unknown until the attack turns it over, and
:func:`attack_odds` says so instead of guessing.

>>> import random
>>> from explorer.doomtrooper.game import DoomtrooperGame
>>> from explorer.doomtrooper.bots import get_bot
>>> game, rng, bot = DoomtrooperGame(), random.Random(3), get_bot("greedy")
>>> state = game.new_game()
>>> while not any(isinstance(o, Attack) for o in game.decision(state).options):   # play to a first attack
...     d = game.decision(state)
...     choice = d.options[0] if d.forced else bot.choose(game, game.observe(state, d.player), d, rng)
...     state = game.play(state, choice, rng).state
>>> attack = next(o for o in game.decision(state).options if isinstance(o, Attack))
>>> attack_odds(game, game.observe(state, 0), attack).sentence()
'Freelance Mercenary (Fight 6, Armor 7) against Pretorian Stalker (Fight 8, Armor 6): Freelance Mercenary is wounded and Pretorian Stalker is wounded (certain under the printed rules)'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from ..core.dist import Dist
from ..core.numbers import probability_text
from ..core.protocol import outcomes
from .base.actions import Attack
from .base.attack import combat_table
from .base.clash import clash
from .base.combat_state import KILLED, WOUNDED, Table, Term
from .odds import best_weapon, status_text
from .state import DTState


class CombatOdds(NamedTuple):
    """An attack's combat as things stand: each side's name, final ratings and
    their terms, the weapon each uses, and the exact distribution of
    ``(attacker's status, defender's status)``; ``wounded_before``: whether
    each came into the combat wounded."""

    names: tuple[str, str]
    tactic: str
    ratings: tuple[Any, Any]
    terms: tuple[tuple[Term, ...], tuple[Term, ...]]
    weapons: tuple[str | None, str | None]
    outcomes: Dist
    dice: str | None
    wounded_before: tuple[bool, bool] = (False, False)

    def chance(self, side: int, status: str) -> Fraction:
        """The chance that side 0 (the attacker) or 1 (the defender) ends ``status``."""
        return self.outcomes.prob(lambda o: o[side] == status)

    def status(self, side: int, status: str) -> str:
        """Side ``side``'s ``status`` as a person reads it ("still wounded" for one
        that came in wounded and was not hit: :func:`~explorer.doomtrooper.odds.status_text`)."""
        return status_text(status, self.wounded_before[side])

    def sentence(self) -> str:
        """The combat in one line: the ratings, then each status that may happen."""
        word = self.tactic.capitalize()
        sides = [f"{n} ({word} {r.attack}, Armor {r.armor})" for n, r in zip(self.names, self.ratings)]
        head = f"{sides[0]} against {sides[1]}: "
        if len(self.outcomes) == 1:
            (a, d), = self.outcomes.support
            how = "certain under the printed rules" if self.dice is None else "certain"
            return head + self._statuses(a, d) + f" ({how})"
        pairs = sorted(self.outcomes.pairs, key=lambda ap: -ap[1])
        parts = [f"{self._statuses(a, d)} {probability_text(p)}" for (a, d), p in pairs]
        return head + "; ".join(parts) + f" (each rating adds {self.dice})"

    def _statuses(self, a: str, d: str) -> str:
        """Who the combat hurts (one that came in wounded and was not hit is not hurt by it)."""
        hurt = [f"{n} is {s}" for n, s, before in zip(self.names, (a, d), self.wounded_before)
                if s == KILLED or s == WOUNDED and not before]
        return " and ".join(hurt) if hurt else "neither is hurt"


def attack_odds(game: Any, view: DTState, action: Attack) -> CombatOdds | None:
    """The combat ``action`` would start, from ``view`` (what the attacking seat
    sees); ``None`` when the defender is face down (its card is unknown)."""
    a, d = view.find(action.attacker), view.find(action.defender)
    if a is None or d is None:
        raise ValueError(f"no warrior {action.attacker if a is None else action.defender} on the table")
    if d.hidden or a.hidden:
        return None
    seat = a.owner
    table = combat_table(game, view, seat, a, d, action.tactic)
    table = table._replace(hands=tuple(() for _ in table.hands))  # no card played from a hand
    table = _pick_weapons(game.combat, table)
    combat = game.combat
    (ra, terms_a), (rd, terms_d) = combat.explain(table, a.uid), combat.explain(table, d.uid)
    wounded = (a.wounded, d.wounded)
    dist = outcomes(lambda chance: clash(ra, rd, wounded, chance, combat.roll))
    weapons = dict(table.weapons)
    return CombatOdds((a.card, d.card), action.tactic, (ra, rd), (terms_a, terms_d),
                      (weapons.get(a.uid), weapons.get(d.uid)), dist, None if combat.roll is None else game.rules.dice,
                      wounded)


def _pick_weapons(combat: Any, table: Table) -> Table:
    """Each side's weapon: its only one, or the one adding most to its attack
    against the foe's armor (what a player would pick)."""
    chosen = []
    for uid in (table.attacker, table.defender):
        options = combat.weapon_options(table, uid)
        if options:
            chosen.append((uid, best_weapon(combat, options, table.tactic)))
    return table._replace(weapons=tuple(chosen))


def option_odds(game: Any, view: DTState, action: Any) -> CombatOdds | None:
    """The odds of an option before it is chosen, for the options that start a
    combat (``None`` for the others and for a face-down defender)."""
    if isinstance(action, Attack):
        return attack_odds(game, view, action)
    return None


__all__ = ["CombatOdds", "attack_odds", "option_odds"]
