"""The one interface every Doomtrooper variant implements ("Doomtrooper Optional
Rules and Variants", "Some Cool Optional Rules From Jon Goosens"), chosen with
``rules.variant``.

:class:`~explorer.doomtrooper.game.DoomtrooperGame` makes one :class:`Variant`
object per game (``game.variant``; ``None`` for ``standard``) and calls its hooks
at fixed points; every default is the basic game's behaviour:

* setting up: ``install`` (once; e.g. a condition on casters in combat),
  ``players``/``check_players`` (the player count, refusing another with the
  rule's words), ``decks`` (its default decks), ``prepare`` (the table before the
  deal; by default it refuses a deck holding a banned card);
* the steps: ``decision``/``resolve`` (a variant may own steps, the phase
  :attr:`~explorer.doomtrooper.state.Phase.VARIANT` or any it takes over;
  ``None`` where the basic rules apply), ``begin_turn`` and ``after_deal``;
* the actions step: ``options`` (the options as the variant changes them),
  ``refuse`` (an action it forbids, filtered out and explained),
  ``after_action`` and ``spent`` (what an action did and cost), ``explain``
  (why an action of its own is refused);
* combat: ``meets`` (the one place rule: may two warriors face each other in
  a combat of a tactic from where they stand; asked by the attack options, by
  "why not?" and by every card that makes or changes a pairing),
  ``allows_attack`` (an attack the attack rules forbid that the variant
  allows), ``combat_terms``, ``combat_fortifications``, ``earned``, ``killed``;
* the end: ``settle`` (the end conditions after every step);
* reading a state: ``observe``/``describe``; the greedy bot: ``greedy``.

The variants with places (the Warzone Variant, Home Turf Advantage,
Colonization) set ``has_places``: the game then also keeps the object as
``game.places`` and offers the actions that name a place
(:mod:`~explorer.doomtrooper.variants.places`).  What a variant keeps between
steps lives in the state (``DTState.variant_state``, ``DTState.board``).
"""

from __future__ import annotations

from typing import Any, Iterable

from ...core.engine import IllegalAction
from ...core.events import Event, RuleRef
from .. import sections as R
from ..base.actions import MEETING, WHEN
from ..base.turn import settle as basic_settle
from ..state import DTState, Phase, Trooper
from .data import load_variant_data


#: the variants (by name) with a place rule of their own (:meth:`Variant.meets`): a game asks it in those only
PLACE_RULED: set[str] = set()


class Variant:
    """The hooks of one variant, one object per game; every default is the basic
    game's behaviour."""

    #: the value of ``rules.variant``
    name = ""
    #: its heading in the rulebook, and the section cited for the variant as a whole
    title = ""
    rule: RuleRef = R.COOL_RULES
    #: the player counts it is played with (``None``: two or more), the first is the default
    counts: tuple[int, ...] | None = None
    #: the section naming the player count (cited when a wrong count is refused)
    count_rule: RuleRef = R.COOL_RULES
    #: whether warriors stand somewhere (a warzone, a base, a planet's warzone)
    has_places = False
    #: the plain actions the variant offers in its own way (or not at all): the game does not list them
    replaces: tuple[type, ...] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A variant class overriding :meth:`meets` has a place rule (:data:`PLACE_RULED`)."""
        super().__init_subclass__(**kwargs)
        if cls.meets is not Variant.meets and cls.name:
            PLACE_RULED.add(cls.name)

    def __init__(self, game: Any):
        self.rules = game.rules
        game.combat.variant = self  # the combat asks the place rule too (cards that swap a combatant)

    # -- setting up -----------------------------------------------------------------------
    def install(self, game: Any) -> None:
        """Called once by the game using the variant (set hooks of its sub-games)."""

    def players(self, game: Any, players: int | None) -> int:
        """The number of players (``None``: the variant's own); a count the variant
        is not played with is a ValueError naming the variant's rule."""
        if players is None:
            return self.counts[0] if self.counts else 2
        if self.counts is not None and players not in self.counts:
            allowed = " or ".join(str(c) for c in self.counts)
            raise ValueError(f"{self.title} is played by {allowed} players (its rule '# of players'), not "
                             f"{players!r}")
        return players

    def check_players(self, players: int) -> None:
        """Raise ``ValueError`` if the variant cannot be played by ``players`` (at least two)."""

    def decks(self, game: Any, players: int) -> list[Any] | None:
        """The default decks, one per seat (``None``: the sample decks, cycling)."""
        return None

    def banned(self, game: Any) -> tuple[frozenset[str], frozenset[str]]:
        """(banned card names, banned effect names) from ``variants.toml``."""
        row = load_variant_data().get(self.name)
        if row is None:
            return frozenset(), frozenset()
        return frozenset(row.banned_cards), frozenset(row.banned_effects)

    def banned_card(self, game: Any, name: str) -> bool:
        names, effects = self.banned(game)
        return name in names or getattr(game.pool[name], "effect", None) in effects

    def ban_rule(self) -> RuleRef:
        return self.rule

    def prepare(self, game: Any, decks: list[Any], state: DTState) -> DTState:
        """The table before the deal, once the decks are checked (``decks``: each
        seat's deck as given); refuses a deck holding a banned card."""
        for i, s in enumerate(state.seats):
            for card in s.deck.cards.distinct:
                if self.banned_card(game, card):
                    raise ValueError(f"seat {i}'s deck holds {card}, a card banned in {self.title} "
                                     f"({self.ban_rule().section})")
        return state

    def after_deal(self, game: Any, state: DTState, chance: Any) -> tuple[DTState, list[Event]]:
        return state, []

    # -- the steps -----------------------------------------------------------------------------
    def decision(self, game: Any, state: DTState):
        return None

    def resolve(self, game: Any, state: DTState, action: Any, chance: Any) -> tuple[DTState, list[Event]] | None:
        return None

    def begin_turn(self, game: Any, state: DTState, chance: Any) -> tuple[DTState, list[Event]]:
        """At the start of the current player's turn, before his draw (the game
        ends here if ``state.phase`` becomes OVER)."""
        return state, []

    def settle(self, game: Any, state: DTState) -> tuple[DTState, list[Event]]:
        return basic_settle(game, state)

    # -- the actions step ----------------------------------------------------------------------
    def options(self, game: Any, state: DTState, out: list[Any]) -> list[Any]:
        """The actions step's options (before End Actions), as the variant changes them."""
        return out

    def refuse(self, game: Any, state: DTState, action: Any) -> IllegalAction | None:
        """Why the variant forbids ``action`` in the actions step (``None``: it does not)."""
        return None

    def attack_targets(self, game: Any, state: DTState, targets: list[int]) -> list[int]:
        """The players whose warriors the current player may attack (and pay for), as the
        variant narrows them: attacks on the others are not even listed (:meth:`refuse` says why)."""
        return targets

    def after_action(self, game: Any, state: DTState, action: Any, events: list[Event]) -> tuple[DTState, list[Event]]:
        return state, events

    def spent(self, game: Any, state: DTState, kind: Any, cost: int, before: int) -> DTState:
        """After each action, what it cost (``before``: the actions left before it)."""
        return state

    def illegal(self, game: Any, state: DTState, action: Any) -> IllegalAction | None:
        """Asked first by the game's "why not?": the variant's refusals."""
        if state.phase is Phase.ACTIONS:
            return self.refuse(game, state, action)
        return None

    def explain(self, game: Any, state: DTState, action: Any) -> IllegalAction | None:
        """Why ``action`` is refused in the actions step under this variant, once
        the basic rules' steps are ruled out (``None``: ask the basic rules)."""
        return None

    # -- combat and its aftermath ----------------------------------------------------------------
    def meets(self, a: Trooper, d: Trooper, tactic: str) -> tuple[RuleRef, str] | None:
        """Why ``a`` and ``d`` may not face each other in a ``tactic`` combat from
        where they stand, as ``(rule, reason)``; ``None``: they may.  One rule for
        every path that pairs two combatants (an attack, a card that swaps the
        Attacker or the Defender)."""
        return None

    def allows_attack(self, game: Any, a: Trooper, d: Trooper, section: str) -> bool:
        """May ``a`` attack ``d`` although the attack rules forbid it (``section``:
        the rule that forbids it)?  Asked also once a warrior in cover is turned over."""
        return False

    def combat_terms(self, table: Any, t: Trooper) -> Iterable[Any]:
        """What ``t``'s place adds to its ratings (``Term``s)."""
        return ()

    def combat_fortifications(self, game: Any, state: DTState, a: Trooper, d: Trooper,
                              forts: tuple[tuple[str, ...], ...]) -> tuple[tuple[str, ...], ...]:
        """Each seat's fortifications that count in a combat between ``a`` and ``d``."""
        return forts

    def earned(self, game: Any, state: DTState, done: Any) -> tuple[DTState, list[Event]]:
        """After a combat's points are taken (``done``: the finished combat)."""
        return state, []

    def killed(self, game: Any, state: DTState, dead: Trooper) -> tuple[DTState, list[Event]]:
        return state, []

    # -- a seat's view, the greedy bot ----------------------------------------------------------------
    def observe(self, game: Any, view: DTState, player: Any) -> DTState:
        return view

    def describe(self, game: Any, view: DTState) -> list[str]:
        return []

    def greedy(self, game: Any, state: DTState, options: Any) -> Any:
        """The greedy bot's choice among the variant's own options (``None``: let
        its standard play choose); ``state`` is the bot's observation."""
        return None


def variant_meeting(host: Any, a: Trooper, d: Trooper, tactic: str) -> tuple[RuleRef, str] | None:
    """The variant's place rule (:meth:`Variant.meets`) among the rules on who may
    meet in a combat; ``host`` is the game or its combat (``variant``: ``None`` in
    the basic game)."""
    variant = getattr(host, "variant", None)
    return None if variant is None else variant.meets(a, d, tactic)


MEETING.append(variant_meeting)
WHEN[variant_meeting] = lambda rules: rules.variant in PLACE_RULED  # a variant without a place rule: nothing to ask

__all__ = ["Variant", "PLACE_RULED", "variant_meeting"]
