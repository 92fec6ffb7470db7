"""A whole game of the Victorian heroes-versus-villains card game, one rule at a time.

:class:`VictorianGame` implements the engine protocol
(:class:`~explorer.core.engine.Game`).  It only dispatches: the first pending
item of the state (:mod:`explorer.victorian.state`) says whose decision it is,
and the module of its rulebook topic handles it (:mod:`explorer.victorian.pending`
is the registry):

* :mod:`~explorer.victorian.setup`: "SETUP" (the deal and the mulligan);
* :mod:`~explorer.victorian.turn`: "TURN SEQUENCE" (the phases in order);
* :mod:`~explorer.victorian.new_day`, :mod:`~explorer.victorian.genius`,
  :mod:`~explorer.victorian.healing`, :mod:`~explorer.victorian.minion`,
  :mod:`~explorer.victorian.invention`, :mod:`~explorer.victorian.recruit`,
  :mod:`~explorer.victorian.plot`, :mod:`~explorer.victorian.spy`,
  :mod:`~explorer.victorian.assassin`, :mod:`~explorer.victorian.intercept`,
  :mod:`~explorer.victorian.track`, :mod:`~explorer.victorian.attack`: one module
  per phase;
* :mod:`~explorer.victorian.phase_actions`: a side's own part of a phase (what it
  may do until it says it is done);
* :mod:`~explorer.victorian.tables.faces`: the Plot, Invention and Villain Tables;
* :mod:`~explorer.victorian.cardplay` and :mod:`~explorer.victorian.responses`:
  event cards, and answers before a roll;
* :mod:`~explorer.victorian.wounds`: "WOUND COUNTERS", and the Underling;
* :mod:`~explorer.victorian.victory`: "VICTORY".

The players are named by their side, ``"heroes"`` and ``"villains"``; a player
sees his own hand and the table, not the other hand nor the order of the decks
(:meth:`VictorianGame.observe`).

>>> from explorer.core.engine import simulate
>>> from explorer.core.engine import RandomPolicy
>>> game = VictorianGame()
>>> result = simulate(game, game.new_game(), RandomPolicy(), seed=1).result
>>> result.ending in Ending
True
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.data import DataError, data_path
from ..core.deck import Multiset
from ..core.engine import Chance, Decision, Game, IllegalAction, SampledChance, Step, Stepper, derived_rng
from ..core.events import Event
# every rule module registers its rules with pending as it is imported
from . import (assassin, attack, cardplay, draw, genius, healing, intercept, invention,  # noqa: F401
               minion, new_day, pending, phase_actions, plot, recruit, responses, spy, track, turn, victory, wounds)
from . import sections as R
from . import setup as _setup
from .actions import ACTION_TYPES
from .cards import SIDES, TYPES, Card, TokenKind, deck_counts, load_cards, load_tokens
from .decisions import refuse
from .params import VictorianRules, load_rules
from .state import (HEROES, SIDE_INDEX, VILLAINS, Deal, Draw, Ending, GameResult, Main, Phase, Pile, PlotDraw, Reveal,
                    RollNow, Side, TableRoll, VicState)
from .tables import faces  # noqa: F401 (registers the Plot, Invention and Villain Tables)
from .tables.data import Tables, load_tables
from .zones import deck_view, remove_card, with_deck
from .words import said


class VictorianGame(Game):
    """The rules of a whole game.  Card lists, decks, tokens, tables and rules are
    fixed per game object (defaults: the data files); states carry the rest."""

    name = "victorian"

    def __init__(self, rules: VictorianRules | str | os.PathLike | None = None,
                 tables: Tables | str | os.PathLike | None = None,
                 decks: str | os.PathLike | None = None) -> None:
        self.rules: VictorianRules = rules if isinstance(rules, VictorianRules) else load_rules(rules)
        self.tables: Tables = tables if isinstance(tables, Tables) else load_tables(tables)
        base = data_path("victorian", "decks.toml") if decks is None else decks
        from ..core.data import companion

        self.decks_path = base
        lists = tuple(companion(base, "victorian", f"{s}.toml") for s in SIDES)
        self._lists: tuple[Mapping[str, Card], ...] = tuple(load_cards(s, p) for s, p in zip(SIDES, lists))
        self.tokens: Mapping[str, TokenKind] = load_tokens(companion(base, "victorian", "tokens.toml"))
        self.counts = tuple(deck_counts(s, base, p) for s, p in zip(SIDES, lists))
        #: each side's deck as a multiset, and as the sorted tuple of its cards a new game shuffles: made
        #: once, as every game of this object deals from the same counts (a multiset is immutable)
        self._decks = tuple(Multiset.of(dict(counts)) for counts in self.counts)
        self._deck_cards = tuple(deck.cards for deck in self._decks)
        self._cards: dict[str, Card] = {}
        self._owner: dict[str, int] = {}
        for index, cards in enumerate(self._lists):
            for name, card in cards.items():
                if name in self._cards:
                    raise DataError(lists[index], name, "name", f"{name!r} is on both card lists: a card name must "
                                                                "say whose card it is")
                self._cards[name] = card
                self._owner[name] = index
        #: :meth:`card` as the dict's own lookup: the rules ask for a card at almost every line,
        #: and a bound ``dict.__getitem__`` answers without a Python call (same answers, same ``KeyError``)
        self.card = self._cards.__getitem__
        self.slots = turn.slots(self.rules)
        self._forget()

    def _forget(self) -> None:
        """Start what the game remembers of its cards and rules empty (from ``__init__``, and
        when a card is replaced): every such cache is made here, so none is missed."""
        self._views: dict[tuple[int, str], tuple[Side, Side]] = {}
        self._unseen_cache: dict[tuple[int, int, int, str], tuple[Any, ...]] = {}
        self._distinct: dict[int, tuple[Any, tuple[Card, ...]]] = {}
        self._decisions: dict[Any, Decision] = {}
        #: what the rules work out again and again from the same values (a unit's Fight and Track terms:
        #: :mod:`explorer.victorian.units`); held here, as it holds for this game's cards and rules only
        self.memo: dict[Any, Any] = {}
        #: id of a units tuple -> (the tuple, its Masterminds): :func:`explorer.victorian.units.masterminds`
        self.masterminds_of: dict[int, tuple[Any, Any]] = {}
        #: a unit's Fight sum, by the ids of the unit and the modifiers: :func:`explorer.victorian.units.fight`
        self.fight_sums: dict[tuple[Any, ...], tuple[Any, Any, int]] = {}
        #: id of a unit -> (the unit, his lasting Fight): :func:`explorer.victorian.units.lasting_fight`
        self.lasting_fights: dict[int, tuple[Any, int]] = {}
        #: a unit's Track terms, likewise: :func:`explorer.victorian.units.track_terms`
        self.track_terms_of: dict[tuple[Any, ...], tuple[Any, ...]] = {}
        #: (id of a units tuple, traits) -> (the tuple, its units with them):
        #: :func:`explorer.victorian.units.with_trait`
        self.trait_holders: dict[tuple[int, tuple[str, ...]], tuple[Any, Any]] = {}
        #: traits -> the names of the cards with one of them: :func:`explorer.victorian.units.trait_cards`
        self.trait_cards: dict[tuple[str, ...], frozenset[str]] = {}
        #: (a weapon's or vehicle's fit kind, a unit's card, token, gear, Martian master) -> whether it may
        #: go on him: :func:`explorer.victorian.recruit.gear_fits`
        self.gear_fits: dict[tuple[Any, ...], bool] = {}
        #: a weapon or vehicle card's name -> what decides the units it may go on (one entry per card
        #: of this game: a finite set): :func:`explorer.victorian.recruit.fit_kind`
        self.fit_kinds: dict[str, tuple[Any, ...]] = {}
        #: (id of a deck, card types) -> (the deck, its distinct cards of those types):
        #: :func:`explorer.victorian.cardplay.search_choices`
        self.deck_choices: dict[tuple[int, Any], tuple[Any, tuple[str, ...]]] = {}
        #: per side, a card's name -> what it offers in the Recruit Phase (one entry per card of this
        #: game: a finite set): :func:`explorer.victorian.recruit.recruit_role`
        self.recruit_roles: tuple[dict[str, tuple[Any, ...]], dict[str, tuple[Any, ...]]] = ({}, {})
        #: (a window's kind, phase, answered roll's kind) -> an event card's name -> its ``targets`` hook
        #: when it may be played then, else None (finite): :func:`explorer.victorian.cardplay.options`
        self.event_plays: dict[tuple[Any, ...], dict[str, Any]] = {}
        #: a card name (or lumped label) -> its type, as :meth:`label_type` answers (the game's cards and
        #: the card types: a finite set): :func:`explorer.victorian.cardplay.search_choices`
        self.label_types: dict[str, str] = {}

    # -- cards -----------------------------------------------------------------------------------
    def card(self, name: str) -> Card:
        """The card named ``name`` (``KeyError`` if no list has it; each game object
        answers with its dict's lookup, set in ``__init__``)."""
        return self._cards[name]

    def replace_card(self, seat: int, card: Card) -> None:
        """Put ``card`` in place of the card of its name on side ``seat``'s list (a blank:
        :func:`explorer.victorian.ablation.blank`).  For a game not yet played: it sets
        :meth:`card`'s lookup again and forgets what it remembered of its cards."""
        lists = [dict(one) for one in self._lists]
        lists[seat][card.name] = card
        self._lists = tuple(lists)
        self._cards = {**self._cards, card.name: card}
        self.card = self._cards.__getitem__
        self._forget()

    def distinct_cards(self, names: tuple[str, ...]) -> tuple[Card, ...]:
        """The distinct cards among ``names`` (a hand, say), in order: remembered for
        the last few tuples, as the rules go through the same hand (the same tuple)
        at every step until it changes."""
        hit = self._distinct.get(id(names))
        if hit is not None and hit[0] is names:
            return hit[1]
        cards = tuple(map(self._cards.__getitem__, dict.fromkeys(names)))  # (map: no call of Python code)
        if len(self._distinct) > 64:
            self._distinct.clear()
        self._distinct[id(names)] = (names, cards)
        return cards

    def card_or_none(self, name: Any) -> Card | None:
        return self._cards.get(name) if isinstance(name, str) else None

    def cards_of(self, side: int | str) -> Mapping[str, Card]:
        """Every card of a side's list, by name."""
        return self._lists[SIDE_INDEX[side] if isinstance(side, str) else side]

    def owner(self, name: str) -> int:
        """The side whose list holds the card ``name``."""
        return self._owner[name]

    def label_type(self, label: str) -> str:
        """The type of a card name, or of a *lumped* label that is itself a type
        (the exact questions about a deal lump the deck by type)."""
        card = self._cards.get(label)
        if card is not None:
            return card.type
        if label in TYPES or label == "*":
            return label  # "*": a lumped card the question does not look at (not a character)
        raise KeyError(f"{label!r} is neither a card nor a card type")

    def player(self, side: int) -> str:
        return SIDES[side]

    def deck_multiset(self, side: str | int) -> Multiset:
        """A side's deck as a multiset of card names (the counts of ``decks.toml``)."""
        return self._decks[SIDE_INDEX[side] if isinstance(side, str) else side]

    def deck_cards(self, side: str | int) -> tuple[str, ...]:
        """A side's deck as the sorted tuple of its cards, repeats included (``deck_multiset(side).cards``)."""
        return self._deck_cards[SIDE_INDEX[side] if isinstance(side, str) else side]

    # -- setting up ----------------------------------------------------------------------------------
    def new_game(self, decks: Mapping[str, Multiset] | None = None, deal: Sequence[str] = SIDES) -> VicState:
        """A game before the deal (see :mod:`explorer.victorian.setup`): the state
        the runners start from, so the deal is a step of the game."""
        return _setup.new_game(self, decks, deal)

    def setup(self, seed: int | str = 0) -> VicState:
        """The state after the deal and any mulligans, answered by a stream derived
        from ``seed`` (``"setup"``): for teaching and tests."""
        state = self.new_game()
        chance = SampledChance(derived_rng(seed, "setup"))
        while state.phase is Phase.SETUP and state.pending:
            dec = self.decision(state)
            state, _ = self.resolve(state, dec.options[0], chance)
        return state

    def new_stepper(self, seed: int | str = 0, policies=None) -> Stepper:
        return Stepper(self, self.new_game(), seed, policies)

    def scenario(self, **kw: Any) -> VicState:
        """A state built by hand (see :func:`explorer.victorian.scenario.build`)."""
        from .scenario import build

        return build(self, **kw)

    # -- protocol --------------------------------------------------------------------------------------
    def decision(self, state: VicState) -> Decision | None:
        queue = state.pending  # (read once: a state's fields are read by name at a cost)
        if not queue or state.result is not None:
            return None
        item = queue[0]
        kind = type(item)
        if kind in _BY_ITEM:  # a step decided by its item alone: asked once
            dec = self._decisions.get(item)
            if dec is None:
                if len(self._decisions) > 4096:
                    self._decisions.clear()
                dec = self._decisions[item] = pending.ITEMS[kind].decision(self, state, item)
            return dec
        return pending.ITEMS[kind].decision(self, state, item)

    def result(self, state: VicState) -> GameResult | None:
        return state.result

    def resolve(self, state: VicState, action: Any, chance: Chance) -> Step:
        events: list[Event] = []
        state = self._play(state, action, chance, events)
        return _new(Step, (state, tuple(events)))  # Step(state, events), built directly: once a step

    def next_state(self, state: VicState, action: Any, chance: Chance) -> VicState:
        """:meth:`resolve`'s state alone: the rules are told no events sink (``None``), so they
        format no texts and build no events (the same rolls, the same state)."""
        return self._play(state, action, chance, None)

    def _play(self, state: VicState, action: Any, chance: Chance, events: list[Event] | None) -> VicState:
        """The state after ``action``; its events go to ``events`` (``None``: nobody reads them)."""
        queue = state.pending
        if not queue or state.result is not None:
            raise refuse(R.VICTORY, "the game is over")
        item = queue[0]
        kind = type(item)
        # a side's own part of a phase: its phase's handler, looked up here rather than by
        # phase_actions.dispatch (one call fewer at most steps); none: dispatch says why not
        handler = _PHASE_HANDLERS.get((item.phase, type(action))) if kind is Main else None
        if handler is None:
            handler = pending.ITEMS[kind].handlers.get(type(action))
            if handler is None:
                raise self.illegal(state, action)
        before = state.sides
        state = handler(self, state, item, action, chance, events)
        now = state.sides
        if now is not before:
            # a side changed; if its units did, one may have lost his last Fight, a side its last major
            # character (the state the step began in was checked, and in the same turn: without a unit
            # changed, it stands; a side whose units did not change holds no fallen unit)
            moved = _MOVED[now[0].units is not before[0].units, now[1].units is not before[1].units]
            if moved:
                state = wounds.fall(self, state, events, moved)
                state = victory.check(self, state, events)
        if not state.pending and state.result is None:
            state = turn.advance(self, state, events)
        return state

    def illegal(self, state: VicState, action: Any) -> IllegalAction:
        """Name the rule ``action`` breaks now."""
        if state.result is not None or not state.pending:
            return refuse(R.VICTORY, "the game is over")
        item = state.pending[0]
        rules = pending.ITEMS[type(item)]
        if type(action) in rules.handlers:
            why = rules.why_not(self, state, item, action) if rules.why_not is not None else None
            if why is not None:
                return why
            dec = self.decision(state)
            return IllegalAction(dec.rule, f"{said(state, action)} is not one of the options now: {dec.prompt}")
        explain = pending.EXPLAIN.get(type(action))
        if explain is not None:
            return explain(self, state, action)
        dec = self.decision(state)
        what = said(state, action) if type(action).__name__ in ACTION_TYPES else repr(action)
        return IllegalAction(dec.rule, f"{what} is not an action of this game now: {dec.prompt}")

    # -- what a player sees ---------------------------------------------------------------------------
    def observe(self, state: VicState, player: Any) -> VicState:
        """What ``player`` (``"heroes"`` or ``"villains"``; ``None``: everything)
        knows: his own hand and deck contents (in the order he has seen), the
        table, both discard piles; of the other hand only the cards he has seen
        there and how many others; of the other deck only what he has seen on
        top, the rest mixed with the unseen hand cards."""
        if player is None:
            return state
        both = state.sides
        me = SIDE_INDEX[player]
        own = both[me]
        if not own.deck.known:  # (his own side with nothing seen on top of its deck is the side itself: most)
            other = self._view(both[1 - me], player, False)
            sides = (own, other) if me == HEROES else (other, own)
        else:
            sides = (self._view(both[HEROES], player, me == HEROES), self._view(both[VILLAINS], player, me == VILLAINS))
        return tuple.__new__(VicState, (sides, *state[1:]))  # ``sides`` is the first field

    def _view(self, side: Side, player: str, own: bool) -> Side:
        """One side as ``player`` sees it.  His own side with nothing seen on top of
        its deck is the side itself (most of them); the others are remembered for the
        last few side objects (sides are immutable, and one that did not change is the
        same object)."""
        if own and not side.deck.known:
            return side
        key = (id(side), player)
        hit = self._views.get(key)
        if hit is not None and hit[0] is side:
            return hit[1]
        if own:
            view = with_deck(side, deck_view(side.deck, player))
        else:
            hidden, deck = self._unseen(side, player)
            # side._replace(deck=deck, hand=side.exposed, hidden=hidden), built directly from its fields
            view = _new(Side, (deck, side[6], *side[2:7], hidden, side[8]))
        if len(self._views) > 64:
            self._views.clear()
        self._views[key] = (side, view)
        return view

    def _unseen(self, side: Side, player: str) -> tuple[int, Pile]:
        """How many of the opponent's hand cards ``player`` cannot see, and the
        opponent's deck as he knows it (those cards mixed in): remembered while
        the deck, hand and exposed cards are the same objects (a side whose units
        change keeps them)."""
        deck, hand, exposed = side.deck, side.hand, side.exposed
        key = (id(deck), id(hand), id(exposed), player)
        hit = self._unseen_cache.get(key)
        if hit is not None and hit[0] is deck and hit[1] is hand and hit[2] is exposed:
            return hit[3]
        extra = hand
        for card in exposed:
            extra = remove_card(extra, card)
        found = (len(extra), deck_view(deck, player, extra))
        if len(self._unseen_cache) > 64:
            self._unseen_cache.clear()
        self._unseen_cache[key] = (deck, hand, exposed, found)
        return found

    def worlds(self, view: VicState, player: Any):
        """The full states consistent with ``player``'s view, as a distribution: the
        opponent's unseen hand cards drawn from what he cannot place (see
        :func:`explorer.core.belief.over_unseen`)."""
        from .belief import Worlds

        return Worlds(view, SIDE_INDEX[player])

    def determinize(self, view: VicState, player: Any, rng: Any) -> VicState:
        """One full state consistent with ``player``'s view, drawn from :meth:`worlds`
        (the decks' unseen cards stay an unordered pile: drawing from it is chance)."""
        return self.worlds(view, player).sample(rng)


_new = tuple.__new__
_PHASE_HANDLERS = phase_actions.HANDLERS
assert Side._fields[6:9] == ("exposed", "hidden", "leads") and Side._fields[:3] == ("deck", "hand", "discard")
#: pending items whose decision depends on the item alone (steps the rules take on their own)
_BY_ITEM = frozenset({Deal, Draw, Reveal, TableRoll, RollNow, PlotDraw})
#: (whether the Heroes' units changed, whether the Villains') -> the sides a fallen unit may be on
_MOVED = {(False, False): (), (True, False): (HEROES,), (False, True): (VILLAINS,), (True, True): (HEROES, VILLAINS)}


def setup(seed: int | str = 0, **kw: Any) -> tuple[VictorianGame, VicState]:
    """A game and its state after the deal."""
    game = VictorianGame(**kw)
    return game, game.setup(seed)


__all__ = ["ACTION_TYPES", "Ending", "GameResult", "VicState", "VictorianGame", "setup"]
