"""A whole game of Doomtrooper, for two or more players, one rule at a time.

:class:`DoomtrooperGame` implements the engine protocol: ``decision(state)``
says whose choice it is and lists the legal options, ``resolve(state, action,
chance)`` applies one rule (every shuffle and draw, every die of the dice
variant asked of ``chance``), ``result(state)`` says who won, ``illegal(state,
action)`` names the rule an action breaks, and ``observe(state, seat)`` is what
a seat can see.

This module only dispatches; each rulebook topic has its own module.  The basic
rules (:mod:`explorer.doomtrooper.base`):

* :mod:`~.base.turn`: setting up, the Cardinal's Gift, the order of play, No
  Warriors in Play, Meditate, the discard, the end of the game;
* :mod:`~.base.muster`: Muster Warrior (in cover too), Personalities;
* :mod:`~.base.cover`: Seek Cover, Exit Cover;
* :mod:`~.base.equip`: Equip Warrior and the Advanced Vehicle Rules;
* :mod:`~.base.fortify`: Build Fortification, Bestow Gift;
* :mod:`~.base.missions`: Assign Mission and fulfilment;
* :mod:`~.base.spells`: Art spells and Specials played in a turn;
* :mod:`~.base.attack`: who may attack whom, the attack action;
* :mod:`~.base.combat`: the combat itself, a game of its own kept in the
  state (its players are the seats: its decisions are asked of it directly),
  its modify step a round of card play (:class:`~explorer.core.rounds.Rounds`);
* :mod:`~.base.sabotage`: the optional Sabotage rules.

The expansions (:mod:`explorer.doomtrooper.expansions`), each a switch:
:mod:`~.expansions.outpost` and :mod:`~.expansions.beasts` (Paradise Lost: the
Outpost, Tribal warriors, Transfer, Beasts); :mod:`~.expansions.first_edition`
and :mod:`~.expansions.sergeants` (the 1st Edition Rule Additions: direct
attacks, vehicles, Sergeants); :mod:`~.expansions.relics` (Inquisition),
:mod:`~.expansions.warzones` (Warzone, both printings),
:mod:`~.expansions.mortificator` (the Poisons), :mod:`~.expansions.alliances`
(Golgotha), :mod:`~.expansions.ki_powers` (Apocalypse).

The variant played (:mod:`explorer.doomtrooper.variants`) is ``self.variant``,
whose hooks the game calls at fixed points.

>>> game = DoomtrooperGame()
>>> state = game.setup(seed=1)
>>> [s.hand.size for s in state.seats], state.purses
([7, 7], (5, 5))
>>> from explorer.core.engine import RandomPolicy, simulate
>>> simulate(game, game.new_game(), RandomPolicy(), seed=3).result.ending.text in (
...     "promotion goal", "draw piles exhausted", "no warriors", "turn cap")
True
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from ..core.engine import Chance, Decision, Game, IllegalAction, SampledChance, Step, Stepper, derived_rng
from ..core.events import Event, RuleRef, event
from ..core.numbers import counted
from ..core.rounds import Pass, Rounds
# the rule modules register their action kinds on import, and the options are listed in that order
from .base import attack, cover, equip, fortify, missions, muster, sabotage, spells, turn  # noqa: F401
from .expansions import beasts, first_edition, outpost, sergeants  # noqa: F401 (Paradise Lost, first edition)
from . import variants  # the seven variants; those with places register their kinds
from .expansions import alliances, ki_powers, mortificator, relics, warzones  # noqa: F401 (the expansions' kinds)
from . import asked, worlds
from . import sections as R
from .base.actions import (ACTION_TYPES, AFTER_STEP, FORCED, KINDS, ClaimGift, Deal, DeclineGift, Discard, Draw,
                           EndActions, KeepHand, meeting_rules, ordered, switched_on)
from .cards import Pool, load_pool
from .base.combat import Combat
from .base.combat_state import ACTIONS as COMBAT_ACTIONS
from .base.combat_state import ANNOUNCEMENTS, ROUND_PLAYS, CombatState, splits
from .decks import check_deck, load_decks
from .describe import describe_table
from .params import DoomtrooperRules, load_rules
from .state import IN_ACTIONS, IN_COMBAT, IN_DISCARD, IN_DRAW, Award, DTState, Phase, Trooper, put_seat
from .base.warriors import must_exit_cover
from .views import hidden, masked_combat, masked_seats, masked_troopers, unseen
from .words import said


_DEAL = Decision(None, (Deal(),), R.SETUP, "Shuffle and deal the opening hands")
_DRAW = Decision(None, (Draw(),), R.DRAW, "Draw up to seven cards")
_GIFT = (ClaimGift(), DeclineGift())
_END = EndActions()  # the last option of every actions step
#: a Step or a Decision built as the tuple it is (a named tuple's own constructor is a Python function)
_new = tuple.__new__


def _known(kind: Any, cost: int) -> tuple[Any, int, Any, bool, bool]:
    """What ``_act`` reads of an action kind: the kind, its cost under the game's rules, its ``do``,
    whether that tells, whether it ends the actions."""
    return kind, cost, kind.do, kind.tells, kind.ends_actions


@lru_cache(maxsize=256)
def _action_prompt(seat: int, left: int) -> str:
    """The actions step's prompt (the same words every time: made once)."""
    return f"Seat {seat}: an action ({left} left), or end the actions"


@lru_cache(maxsize=64)
def _discard_prompt(seat: int) -> str:
    """The discard's prompt (the same words every time: made once)."""
    return f"Seat {seat}: discard a card face down, or keep your hand"


class DoomtrooperGame(Game):
    """The rules of a whole game: the card pool, the rules (numbers and switches)
    and the default decks are fixed per game object; states carry the rest."""

    name = R.GAME

    def __init__(self, pool: Pool | str | os.PathLike | None = None,
                 rules: DoomtrooperRules | str | os.PathLike | None = None,
                 decks: Mapping[str, Any] | str | os.PathLike | None = None,
                 seat_decks: Sequence[Any] | None = None) -> None:
        self.pool: Pool = pool if isinstance(pool, Pool) else load_pool(pool)
        self.rules: DoomtrooperRules = rules if isinstance(rules, DoomtrooperRules) else load_rules(rules)
        self.decks = dict(decks) if isinstance(decks, Mapping) else dict(load_decks(decks))
        #: the deck of each seat a new game deals when none are given (None: the variant's, else
        #: the sample decks in turn); see :meth:`with_decks`
        self.seat_decks = tuple(seat_decks) if seat_decks is not None else None
        self._with_decks: dict[tuple[str, ...], DoomtrooperGame] = {}
        self._checked: dict[str, Any] = {}  # a sample deck's cards checked against this game's pool and rules
        self.aff = self.pool.affiliations
        self.combat = Combat(self.pool, self.rules)
        #: answering a sabotage, a round of card play whose players are the seats (asked directly, as the combat is)
        self.answer_round = Rounds(*sabotage.answer_plays(self), R.SABOTAGE, prompt="Stop the sabotage, or pass")
        self._card_classes: dict[str, frozenset[str]] = {}
        self.type_of = {name: c.type for name, c in self.pool.items()}  # each card's type (the pool is read-only)
        #: the personalities of the pool (read-only): a warrior looked for in play before he is mustered (base.muster)
        self.personalities = frozenset([name for name, c in self.pool.items() if c.type == "warrior" and c.personality])
        self.muster_checks = muster.checks(self)  # each muster check with the warriors it may refuse (read-only)
        self._may: dict[tuple[str, str], bool] = {}
        #: (hand, its cards by type, the types), (warriors, seat, what his have), the kinds asked: see .asked
        self._hand_index: tuple[Any, dict[str, tuple[str, ...]], frozenset[str]] | None = None
        self._troops: tuple[Any, Any, tuple[bool, ...]] = ((), None, (False, False, False, False))
        self._asks: dict[tuple[frozenset[str], int, tuple[bool, ...]], tuple[Any, ...]] = {}
        self._musterable: tuple | None = None  # (hand, troopers, seat, warriors it may muster): base.muster
        self._unsettled: tuple[Any, Any] | None = None  # (seats, purse_of) that end nothing: turn.settle
        self._attacks: tuple | None = None  # (troopers, (seat, turn, targets), attacks): base.attack
        self._hidden: tuple[Any, bool] = ((), False)  # (troopers, any of them hidden): observe
        #: the variant played (``rules.variant``): its hooks, or None for the basic game
        self.variant = variants.for_game(self)
        #: the same object when the variant has places (Warzone Variant, Home Turf Advantage, Colonization), else None
        self.places = self.variant if self.variant is not None and self.variant.has_places else None
        if self.places is not None:
            self.combat.place_terms = self.places.combat_terms
        # the kinds of the expansions only with their switches on; those of the variants with places
        # only when one is played; those a variant offers itself never in the loop
        kinds = [k for k in ordered() if k.options is not None and (k.enabled is None or k.enabled(self.rules))
                 and (self.places is not None or k.type not in variants.PLACE_KINDS)]
        self._free = [k for k in kinds if k.cost(self.rules) == 0]
        self._priced = [(k, k.cost(self.rules), k.hand) for k in kinds]  # with its cost, the cards it plays
        self._kinds = {k.type: _known(k, cost) for k, cost, _ in self._priced}  # for _act (the rules are fixed)
        replaced = self.variant.replaces if self.variant is not None else ()
        #: the kinds an actions step lists (:mod:`.asked`): a variant lists some in its own way
        self._listed = [(k, cost, plays) for k, cost, plays in self._priced if k.type not in replaced]
        #: the rules on who may meet in a combat that may bar a meeting in this game (attack options)
        self.meeting = meeting_rules(self.rules)
        self.forced, self.after_step = switched_on(FORCED, self.rules), switched_on(AFTER_STEP, self.rules)  # likewise
        if self.variant is not None:
            self.variant.install(self)

    # -- setting up -------------------------------------------------------------------------------
    def dealt(self, players: int | None = None, decks: Sequence[Any] | None = None) -> list[Any]:
        """The deck of each seat a new game deals (:meth:`new_game`'s ``players`` and
        ``decks``): sample decks by name, or the ``{card: copies}`` given."""
        if decks is None:
            decks = self.seat_decks
        from_data = decks is None  # the variant's own decks (variants.toml), or the sample decks in turn
        if self.variant is not None:
            players = self.variant.players(self, players)
            if decks is None:
                decks = self.variant.decks(self, players)
        elif players is None:
            players = 2
        if type(players) is not int or players < 2:
            raise ValueError(f"a game needs at least 2 players, not {players!r}")
        if self.variant is not None:
            self.variant.check_players(players)
        if decks is None:
            decks = variants.default_decks(self.rules.variant, players)
        names = list(self.decks)
        # an expansion's deck is chosen by name, and a variant's own deck is not cycled either
        own = variants.own_decks()
        plain = [n for n in names if not getattr(self.decks[n], "expansion", "") and n not in own] or names
        chosen = list(decks) if decks is not None else [plain[i % len(plain)] for i in range(players)]
        if len(chosen) != players:
            raise ValueError(f"{len(chosen)} decks given for {players} players")
        if from_data:
            variants.check_dealt(self.rules.variant, chosen, self.decks)
        return chosen

    def with_decks(self, decks: Sequence[Any] | None) -> DoomtrooperGame:
        """This game dealing ``decks`` (one per seat: names or ``{card: copies}``) when a new game is dealt
        without decks; ``self`` for ``None``.  A search plays such a game through it: the worlds it imagines
        are dealt from the deck lists a new game of its game deals (:func:`.worlds.deck_lists`), the decks
        this game was dealt.  Remembered per list of deck names (a game's bots keep what they learn per game)."""
        if decks is None:
            return self
        key = tuple(decks) if all(isinstance(d, str) for d in decks) else None
        hit = self._with_decks.get(key) if key is not None else None
        if hit is None:
            hit = DoomtrooperGame(pool=self.pool, rules=self.rules, decks=self.decks, seat_decks=decks)
            if key is not None:
                self._with_decks[key] = hit
        return hit

    def new_game(self, players: int | None = None, decks: Sequence[Any] | None = None) -> DTState:
        """A game before the deal (the state runners start from, so the deal is a step of the game).
        ``decks``: one per seat, each a sample deck's name or a ``{card: copies}`` mapping, checked against
        the deck rules; by default seat ``i`` plays the ``i``-th sample deck (cycling).  ``players``: by
        default 2, or the number the variant played needs (which refuses others)."""
        chosen = self.dealt(players, decks)
        names = list(self.decks)
        cards = []
        for i, d in enumerate(chosen):
            if not isinstance(d, str):
                cards.append(check_deck(d, name=f"seat {i}'s deck", pool=self.pool, rules=self.rules))
                continue
            if d not in self._checked:  # a sample deck: checked against this game's pool and rules once
                if d not in self.decks:
                    raise ValueError(f"no sample deck named {d!r} (known: {', '.join(names)})")
                sample = self.decks[d].cards if hasattr(self.decks[d], "cards") else self.decks[d]
                self._checked[d] = check_deck(sample, name=f"seat {i}'s deck", pool=self.pool, rules=self.rules)
            cards.append(self._checked[d])
        state = turn.new_game(self, cards)
        # a variant sets out its table (Home Turf: the bases; Beat Down: C's army)
        return state if self.variant is None else self.variant.prepare(self, chosen, state)

    def setup(self, players: int | None = None, seed: int | str = 0, decks: Sequence[Any] | None = None) -> DTState:
        """The state after the deal (the shuffles answered by a stream derived from
        ``seed``): for teaching and tests.  Runners start from :meth:`new_game`."""
        state = self.new_game(players, decks)
        return self.resolve(state, Deal(), SampledChance(derived_rng(seed, "setup"))).state

    def new_stepper(self, players: int | None = None, seed: int | str = 0, policies=None, decks=None) -> Stepper:
        game = self.with_decks(decks)  # "Ask a good player" deals its worlds from these decks
        return Stepper(game, game.new_game(players), seed, policies)

    # -- helpers for the rules and the card effects ---------------------------------------------------
    def classes_of(self, t: Trooper) -> frozenset[str]:
        return self.combat.classes_of(t)

    def classes_of_card(self, name: str) -> frozenset[str]:
        hit = self._card_classes.get(name)
        if hit is None:
            c = self.pool[name]
            hit = self._card_classes[name] = self.aff.classes(c.affiliation, c.keywords, c.considered)
        return hit

    def hand_cards(self, state: DTState) -> Mapping[str, tuple[str, ...]]:
        """The distinct cards in the current player's hand by type, in its order (kept with the hand)."""
        return asked.indexed_hand(self, state)[1]

    def in_hand(self, state: DTState, kind: str) -> Sequence[str]:
        """The distinct cards of type ``kind`` in the current player's hand (:meth:`hand_cards`)."""
        index = self._hand_index  # the hand indexed last, most often this one (no call to asked.indexed_hand)
        if index is None or index[0] is not state.seats[state.current].hand:
            index = asked.indexed_hand(self, state)
        return index[1].get(kind, ())

    def may_attack(self, attacker: str, defender: str) -> bool:
        """May a warrior of card ``attacker`` attack one of card ``defender`` (of
        another player)?  The attack rules, cached by card names."""
        key = (attacker, defender)
        hit = self._may.get(key)
        if hit is None:
            hit = self._may[key] = self.aff.decide(self.classes_of_card(attacker), self.classes_of_card(defender),
                                                   False)[0]
        return hit

    def has_class(self, t: Trooper, cls: str) -> bool:
        return cls == "any" or cls in self.classes_of(t)

    def vehicle_of(self, t: Trooper) -> Any:
        return self.combat.vehicle(t)

    def force_cover(self, state: DTState, uid: int) -> tuple[DTState, list[Event]]:
        return cover.force_cover(self, state, uid)

    def discard_vehicle(self, state: DTState, uid: int) -> tuple[DTState, list[Event]]:
        return equip.discard_vehicle(self, state, uid)

    def section(self, section_id: str) -> RuleRef:
        return RuleRef(R.GAME, section_id)

    # -- the protocol -------------------------------------------------------------------------------------
    def decision(self, state: DTState) -> Decision | None:
        if self.variant is not None:
            d = self.variant.decision(self, state)
            if d is not None:
                return d
        phase = state.phase
        if phase is IN_ACTIONS:
            return _new(Decision, (state.current, self.action_options(state), R.ACTIONS,
                                   _action_prompt(state.current, state.actions)))
        if phase is IN_COMBAT:  # the combat's players are the seats: its decision is the game's as it is
            return self.combat.decision(state.combat)
        if phase is IN_DRAW:
            return _DRAW
        if phase is IN_DISCARD:
            return _new(Decision, (state.current, turn.discard_options(state), R.DISCARD,
                                   _discard_prompt(state.current)))
        if phase is Phase.RESPONSE:
            return self.answer_round.decision(state.response)  # its players are the seats
        if phase is Phase.AWARD:
            a = state.pending[0]
            return Decision(a.seat, splits(a.points), a.rule,
                            f"Seat {a.seat}: how many of the {a.points} points as Promotion Points?")
        if phase is Phase.GIFT:
            return Decision(state.current, _GIFT, R.CARDINALS_GIFT,
                            f"Seat {state.current}: claim the Cardinal's Gift (a fresh hand), or keep this one")
        if phase is Phase.SETUP:
            return _DEAL
        return None

    def action_options(self, state: DTState) -> tuple[Any, ...]:
        """Every legal action of the current player, in registry order, then
        :class:`EndActions`.  While all his warriors are in cover his next action
        must bring one out ("Seek Cover")."""
        left = state.actions  # (none of his warriors in cover, asked.troops: none must exit it)
        if left > 0 and asked.troops(self, state)[0] and must_exit_cover(state, state.current):
            return tuple(KINDS[cover.ExitCover].options(self, state))
        if left > 0 and self.forced:
            for forced in self.forced:
                got = forced(self, state)
                if got is not None:  # the forced action, and the cards played as no action
                    return tuple(got[1]) + tuple(o for k in self._free for o in k.options(self, state))
        out: list[Any] = []
        for options in asked.asked(self, state, left):
            out += options(self, state)
        if self.variant is not None:
            out = self.variant.options(self, state, out)
            out = [a for a in out if self.variant.refuse(self, state, a) is None]
        out.append(_END)
        return tuple(out)

    def result(self, state: DTState):
        return state.result

    def resolve(self, state: DTState, action: Any, chance: Chance) -> Step:
        told: list[Event] = []
        state = self.next_state(state, action, chance, told)
        return _new(Step, (state, tuple(told)))

    def next_state(self, state: DTState, action: Any, chance: Chance, told: list[Event] | None = None) -> DTState:
        """One rule applied: the next state, and its events appended to ``told`` when given
        (:meth:`resolve`).  Without it the rules that tell the most (the draw, the combat) are
        asked for no events, and none are gathered (the same rolls, the same state)."""
        tell = told is not None
        if self.variant is not None:
            done = self.variant.resolve(self, state, action, chance)
            if done is not None:
                state, more = self.variant.settle(self, done[0])
                if tell:
                    told += done[1]
                    told += more
                return state
        phase = state.phase
        if phase is IN_COMBAT:
            combat, events = self.combat.resolve(state.combat, action, chance, tell)  # its players are the seats
            done = self.combat.result(combat)
            if done is None:
                if tell:
                    told += events
                return state.with_combat(combat)
            state, more = attack.finish(self, state, done, tell)
            state = self._after_attack(state)
            events = list(events) + more
        elif phase is IN_ACTIONS:
            state, events = self._act(state, action, chance, tell)
        elif phase is IN_DRAW:
            events = []
            if self.variant is not None:
                state, events = self.variant.begin_turn(self, state, chance)
            if state.phase is IN_DRAW:
                state, more = turn.do_draw(self, state, action, chance, tell)
                events = events + more
        elif phase is IN_DISCARD:
            if not isinstance(action, (Discard, KeepHand)):
                raise self.illegal(state, action)
            state, events = turn.do_discard(self, state, action, chance, tell)
        elif phase is Phase.RESPONSE:
            response, events = self.answer_round.resolve(state.response, action, chance)  # its players are the seats
            answer = self.answer_round.result(response)
            if answer is None:
                if tell:
                    told += events
                return state._replace(response=response)
            state, events = sabotage.answered(self, state, answer, list(events))
        elif phase is Phase.AWARD:
            state, events = self._take_points(state, action)
        elif phase is Phase.GIFT:
            if not isinstance(action, (ClaimGift, DeclineGift)):
                raise self.illegal(state, action)
            state, events = turn.do_gift(self, state, action, chance)
        elif phase is Phase.SETUP:
            state, events = turn.do_deal(self, state, action, chance)
            if self.variant is not None:
                state, more = self.variant.after_deal(self, state, chance)
                events = events + more
        else:
            raise self.illegal(state, action)
        if tell:
            told += events
        if self.after_step:
            for rule in self.after_step:
                state, extra = rule(self, state)
                if tell:
                    told += extra
        if self.variant is not None:
            state, more = self.variant.settle(self, state)
        else:  # seats settle last found to end nothing (the same objects) end nothing: it is not asked again
            last = self._unsettled
            if last is not None and last[0] is state.seats and last[1] is state.purse_of:
                return state
            state, more = turn.settle_seats(self, state)
        if tell:
            told += more
        return state

    def _act(self, state: DTState, action: Any, chance: Chance, tell: bool) -> tuple[DTState, list[Event]]:
        if isinstance(action, EndActions):
            return state._replace(phase=IN_DISCARD, actions=0), [
                event(R.ACTIONS, f"seat {state.current} ends his actions", seat=state.current)] if tell else []
        known = self._kinds.get(type(action))  # a kind of this game's: read once (a named tuple's fields are slow)
        if known is None:
            kind = KINDS.get(type(action))
            if kind is None:
                raise self.illegal(state, action)
            known = _known(kind, kind.cost(self.rules))
        kind, cost, do, tells, ends = known
        before = state.actions
        if not ends:  # (one that ends them spends them all in its own copy: the attack)
            state = state.with_actions(before - cost)
        # a kind that tells (Attack), told nothing, builds no words (the same state)
        state, events = do(self, state, action, chance, tell) if tells else do(self, state, action, chance)
        if self.variant is not None:
            state, events = self.variant.after_action(self, state, action, events)
            state = self.variant.spent(self, state, kind, cost, before)
        if state.phase is IN_ACTIONS and state.actions == 0 and not self._free_plays(state):
            state = state.with_phase(IN_DISCARD)
        if ends:
            state = self._after_attack(state)
        return state, events

    def _after_attack(self, state: DTState) -> DTState:
        """After the turn's attack: the discard, or, under ``play_after_attack`` (the
        reading ``no-play-after-attack``), the actions step again with no action
        left while a card that costs no action can be played."""
        if self.rules.play_after_attack and state.phase is IN_DISCARD and state.actions == 0 and self._free_plays(state):
            return state._replace(phase=IN_ACTIONS)
        return state

    def _free_plays(self, state: DTState) -> bool:
        """Does any kind that costs no action offer anything now?"""
        for options in asked.asked(self, state, 0):
            if options(self, state):
                return True
        return False

    def _take_points(self, state: DTState, action: Any) -> tuple[DTState, list[Event]]:
        a: Award = state.pending[0]
        destiny = a.points - action.promotion
        s = state.seats[a.seat]
        state = put_seat(state, a.seat, s._replace(promotion=s.promotion + action.promotion),
                         pending=state.pending[1:])
        purses = list(state.purses)
        purses[state.purse_of[a.seat]] += destiny
        state = state._replace(purses=tuple(purses))
        if not state.pending:
            state = state._replace(phase=Phase.ACTIONS)
            if state.actions == 0:
                state = self._after_attack(state._replace(phase=Phase.DISCARD))
        return state, [event(a.rule, f"seat {a.seat} takes {action.promotion} Promotion and "
                                     f"{counted(destiny, 'Destiny Point')} "
                                     f"for {a.why}", seat=a.seat, promotion=action.promotion, destiny=destiny)]

    # -- what a seat sees ----------------------------------------------------------------------------------
    def observe(self, state: DTState, player: Any) -> DTState:
        """``state`` as seat ``player`` sees it: other hands, every draw pile, every discard and
        annihilated pile show only their size (face-down cards are seen by nobody, not even their
        owner, who may not look through them), and another player's warrior mustered in cover shows
        neither its card nor its area until it is revealed.  ``None`` sees everything."""
        if player is None:
            return state
        seats = masked_seats(state.seats, player)
        warriors, seen = state.troopers, self._hidden  # is a warrior hidden? kept for the last warriors asked of
        if seen[0] is not warriors:  # (immutable: a combat's steps keep them) most tables have none hidden
            seen = self._hidden = (warriors, hidden(warriors))
        troopers = masked_troopers(warriors, player) if seen[1] else warriors  # (else seen as they are)
        combat = state.combat  # its table's warriors, the state's own, seen as these are
        if combat is not None:
            combat = masked_combat(combat, player, warriors, troopers)
        if state.response is None:  # most steps: one copy
            view = state.seen(seats, troopers, combat)
        else:  # a sabotaged player answers
            changes: dict[str, Any] = {"seats": seats, "troopers": troopers, "combat": combat}
            r, t = state.response, state.response.table
            hand = t.hand if t.seat == player else unseen(t.hand.size)
            changes["response"] = r._replace(table=t._replace(hand=hand))
            view = state._replace(**changes)
        return view if self.variant is None else self.variant.observe(self, view, player)

    def determinize(self, view: DTState, player: Any, rng: Any) -> DTState:
        """One full state consistent with seat ``player``'s view, every arrangement
        of the cards it has not seen equally likely (:func:`.worlds.deal`: the
        default decks' lists; :class:`.worlds.OtherDecks` for a game dealt others)."""
        return worlds.deal(self, view, player, rng)

    # -- reading a state ------------------------------------------------------------------------------------
    def describe(self, state: DTState, seat: Any = None) -> str:
        """The table as ``seat`` sees it (``None``: everything), in words
        (:func:`explorer.doomtrooper.describe.describe_table`)."""
        return describe_table(self, state, seat)

    # -- why not --------------------------------------------------------------------------------------------
    def illegal(self, state: DTState, action: Any) -> IllegalAction:
        phase = state.phase
        if phase is Phase.OVER:
            return IllegalAction(R.OVERVIEW, "the game is over")
        if self.variant is not None:
            why = self.variant.illegal(self, state, action)
            if why is not None:
                return why
        if phase is Phase.SETUP:
            return IllegalAction(R.SETUP, "the game has not begun: first the decks are shuffled and the hands dealt")
        if isinstance(action, (ClaimGift, DeclineGift)) and phase is not Phase.GIFT:
            return turn.explain_gift(self, state, action)
        if phase is Phase.GIFT:
            return IllegalAction(R.CARDINALS_GIFT, f"seat {state.current} first answers the Cardinal's Gift")
        if phase is Phase.COMBAT:
            if isinstance(action, COMBAT_ACTIONS + (Pass,)) or type(action) in ROUND_PLAYS or any(
                    isinstance(action, a.types) for a in ANNOUNCEMENTS):
                return self.combat.illegal(state.combat, action)
            return IllegalAction(R.ATTACK, f"a combat is under way: {action!r} must wait until it is over")
        if phase is Phase.RESPONSE:
            return IllegalAction(R.SABOTAGE, f"seat {state.response.player} is answering a sabotage")
        if phase is Phase.AWARD:
            a = state.pending[0]
            return IllegalAction(a.rule, f"seat {a.seat} first splits {a.points} points (Promotion from 0 to {a.points})")
        if phase is Phase.DRAW:
            return IllegalAction(R.DRAW, "the turn begins with the draw")
        kind = KINDS.get(type(action))
        if phase is Phase.DISCARD:
            if kind is not None:
                return IllegalAction(R.ACTIONS, f"seat {state.current}'s actions are over for this turn (three actions, "
                                                "the attack always the last)")
            if isinstance(action, (Discard, KeepHand)):
                return turn.explain_discard(self, state, action)
            return IllegalAction(R.DISCARD, f"{action!r} is not a discard")
        # the actions step
        if self.variant is not None:
            why = self.variant.explain(self, state, action)
            if why is not None:
                return why
        if isinstance(action, (Discard, KeepHand)):
            return IllegalAction(R.DISCARD, "the discard comes after the actions: end them first")
        if isinstance(action, EndActions) and state.actions > 0:
            if must_exit_cover(state, state.current):
                return IllegalAction(R.COVER, "all your warriors are in cover: your next action must bring one out, "
                                              "so the actions may not end yet")
            for forced in FORCED:  # a forced action may not be skipped
                got = forced(self, state)
                if got is not None:
                    return IllegalAction(got[0], f"{got[2]}: your next action must be one of "
                                                 f"{', '.join(said(state, o) for o in got[1])}")
        if kind is None:
            return IllegalAction(R.ACTIONS, f"{action!r} is not an action of Doomtrooper")
        if (need := kind.cost(self.rules)) > state.actions:
            return IllegalAction(R.ACTIONS if need == 1 else kind.rule,
                                 f"{said(state, action)} takes {need} action{'s' if need > 1 else ''}; "
                                 f"seat {state.current} has {state.actions} left")
        if state.actions > 0 and must_exit_cover(state, state.current) and not isinstance(action, cover.ExitCover):
            return IllegalAction(R.COVER, "all your warriors are in cover: your next action must bring one out")
        if state.actions > 0 and kind.cost(self.rules) > 0:
            for forced in FORCED:
                got = forced(self, state)
                if got is not None and action not in got[1]:
                    return IllegalAction(got[0], f"{got[2]}: your next action must be one of "
                                                 f"{', '.join(said(state, o) for o in got[1])}")
        return kind.explain(self, state, action)


def setup(players: int | None = None, seed: int | str = 0, **kwargs: Any) -> tuple[DoomtrooperGame, DTState]:
    """A game and its state after the deal (see :meth:`DoomtrooperGame.setup`)."""
    game = DoomtrooperGame(**kwargs)
    return game, game.setup(players, seed)


__all__ = ["ACTION_TYPES", "DoomtrooperGame", "setup"]
