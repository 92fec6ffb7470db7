"""What an option that rolls leads to, before it is chosen: the table roll's terms and exact odds.

Every modified roll of the game (a Track, Combat, Showdown, Assassin, Healing or
Spy Roll) is one or two dice plus terms read from the table: ratings, weapons, vehicles,
locations, wounds, the attacks already made.  Before a player chooses an option
that makes such a roll, :func:`option_odds` gives the roll's terms (each with its
card and rule: "explain this number") and the exact chance of each result of the
roll's table, *as things stand*: no card played in answer.  For an attack on a
thwarted Mastermind it adds the whole chain: how the hero's attack ends if he
presses on while he may (every Combat Roll, then the Showdown).

Everything is read from the deciding side's view (:meth:`VictorianGame.observe`):
the terms come from cards in play, which both sides see.

>>> from explorer.victorian.game import VictorianGame
>>> from explorer.victorian.actions import Track
>>> from explorer.victorian.state import Phase
>>> g = VictorianGame()
>>> s = g.scenario(heroes=["Sherlock Holmes"], villains=["Professor Moriarty"], at=Phase.INTERCEPT)
>>> odds = option_odds(g, g.observe(s, "heroes"), Track("Sherlock Holmes", "Professor Moriarty"))
>>> odds.roll.sentence()
"Track Roll, 2D6 + 4 (Sherlock Holmes's Track +4): thwarted 58.3% (7/12), dead end 27.8% (5/18), foiled 13.9% (5/36)"
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from ..core.numbers import probability_text
from .actions import Attack, Facilitate, Heal, Roll, Send, Showdown, Strike, Track
from .state import Fighting, HealRoll, SpyRoll, VicState


class RollOdds(NamedTuple):
    """A roll about to be made: its ``kind``, who rolls (``actor``) against whom
    (``target``), the ``terms`` (label, value, card, rule), their sum
    (``modifier``) and the exact chance of each result (``odds``)."""

    kind: str
    actor: str
    target: str | None
    terms: tuple[dict, ...]
    modifier: int
    odds: dict[str, Fraction]
    dice: int = 2

    def sentence(self) -> str:
        """The roll in one line: its dice and terms, then each possible result."""
        terms = ", ".join(f"{t['label']} {t['value']:+d}" for t in self.terms) or "no modifier"
        sign = "+" if self.modifier >= 0 else "-"
        results = ", ".join(f"{k.replace('_', ' ')} {probability_text(p)}"
                            for k, p in sorted(self.odds.items(), key=lambda kp: -kp[1]) if p)
        return f"{self.kind.capitalize()} Roll, {self.dice}D6 {sign} {abs(self.modifier)} ({terms}): {results}"


class OptionOdds(NamedTuple):
    """What an option leads to: the roll it makes now (``roll``) and, for an
    attack, how the whole attack ends (``chain``: result -> chance)."""

    roll: RollOdds | None
    chain: dict[str, Fraction] | None = None


def _roll(game: Any, view: VicState, kind: str, actor: str, target: str | None = None, attacks: int = 0,
          helper: str | None = None) -> RollOdds:
    from .odds import explain_roll

    e = explain_roll(view, kind, actor, target, attacks, helper=helper, game=game)
    return RollOdds(kind, actor, target, tuple(e["terms"]), e["modifier"], dict(e["odds"]),
                    game.tables.banded(kind).dice)


def option_odds(game: Any, view: VicState, action: Any) -> OptionOdds | None:
    """The odds of ``action`` before it is chosen in ``view`` (the deciding side's
    view); ``None`` for an option that rolls nothing."""
    item = view.pending[0] if view.pending else None
    if isinstance(action, Track):
        return OptionOdds(_roll(game, view, "track", action.hero, action.target))
    if isinstance(action, Send):
        return OptionOdds(_roll(game, view, "assassin", action.minion, action.target))
    if isinstance(action, Strike) and isinstance(item, Fighting):
        return OptionOdds(_roll(game, view, "combat", item.hero, action.minion, item.attacks))
    if isinstance(action, Showdown) and isinstance(item, Fighting):
        return OptionOdds(_roll(game, view, "showdown", item.hero, item.target, item.attacks))
    if isinstance(action, Heal) and isinstance(item, HealRoll):
        return OptionOdds(_roll(game, view, "healing", item.unit, helper=action.helper))
    if isinstance(item, SpyRoll) and isinstance(action, (Roll, Facilitate)):
        helper = action.helper if isinstance(action, Facilitate) else None
        return OptionOdds(_roll(game, view, "spy", item.spy, helper=helper))
    if isinstance(action, Attack):
        return OptionOdds(None, attack_chain(game, view, action))
    return None


def attack_chain(game: Any, view: VicState, action: Attack) -> dict[str, Fraction]:
    """How ``action``'s attack ends if the hero presses on after every roll that
    lets him (:data:`explorer.victorian.odds.ATTACK_RESULTS`, summing to 1)."""
    from .odds import _attack, attack_results

    return attack_results(_attack(game, view, action.hero, action.target, True))


__all__ = ["OptionOdds", "RollOdds", "attack_chain", "option_odds"]
