"""Helpers for the Doomtrooper tests: a game, and states built by hand ("what if
seat 0 had these warriors..."), imported by the test modules by name."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from explorer.core.deck import Deck, Multiset
from explorer.core.engine import SampledChance
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.state import Attached, DTState, Phase, Seat, Trooper

GAME = DoomtrooperGame()

#: Filler cards for draw piles (so "every draw pile is empty" does not end a test game).
FILLER = {"Undead Legionnaire": 4, "Imperial Trencher": 4}


def W(card: str, owner: int = 0, *, uid: int | None = None, attached: Sequence[Any] = (), **kw: Any) -> dict:
    """A warrior spec for :func:`make_state`: ``attached`` are card names (owned by
    the warrior's owner) or ``(card, owner)`` pairs."""
    return {"card": card, "owner": owner, "uid": uid, "attached": attached, **kw}


def make_state(game: DoomtrooperGame = GAME, *, warriors: Sequence[dict] = (), hands: Sequence[Sequence[str]] = ((), ()),
               destiny: Sequence[int] | None = None, promotion: Sequence[int] | None = None, turns: Sequence[int] | None = None,
               current: int = 0, actions: int | None = None, phase: Phase = Phase.ACTIONS,
               fortifications: Sequence[Sequence[str]] | None = None, decks: Sequence[Any] | None = None,
               purse_of: Sequence[int] | None = None, **changes: Any) -> DTState:
    """A game state in the middle of seat ``current``'s turn (second turn by default)."""
    n = len(hands)
    destiny = tuple(destiny) if destiny is not None else (10,) * n
    promotion = tuple(promotion) if promotion is not None else (0,) * n
    turns = tuple(turns) if turns is not None else (2,) * n
    forts = fortifications or ((),) * n
    decks = decks or [FILLER] * n
    seats = tuple(Seat(Deck.of(decks[i]), Multiset.of(list(hands[i])), promotion=promotion[i], turns=turns[i],
                       fortifications=tuple(forts[i]), gift=True) for i in range(n))
    troopers = []
    for i, spec in enumerate(warriors):
        spec = dict(spec)
        uid = spec.pop("uid")
        uid = i if uid is None else uid
        card = spec.pop("card")
        owner = spec.pop("owner")
        attached = tuple(Attached(a, owner) if isinstance(a, str) else Attached(*a) for a in spec.pop("attached"))
        area = spec.pop("area", None) or game.aff.area_for(game.classes_of_card(card))
        troopers.append(Trooper(uid, card, owner, area, attached=attached, **spec))
    purse_of = tuple(purse_of) if purse_of is not None else tuple(range(n))
    if len(destiny) != len(set(purse_of)):
        destiny = tuple(destiny[:len(set(purse_of))])
    state = DTState(seats, destiny, purse_of, tuple(troopers), phase, current,
                    turn=sum(turns), actions=game.rules.actions_per_turn if actions is None else actions,
                    next_uid=max((t.uid for t in troopers), default=-1) + 1)
    return state._replace(**changes)


def step(game, state, action, seed: int | str = 0):
    """Check ``action`` and apply it with a seeded chance: ``(state, events)``."""
    import random

    game.check(state, action)
    return game.resolve(state, action, SampledChance(random.Random(seed)))


def run_out(game, state, answers=()):
    """Answer the combat: each decision from ``answers`` in turn (else pass, the most
    points offered, or the first option); stop when the combat is over.  Returns the
    state and every event."""
    from explorer.core.rounds import PASS
    from explorer.doomtrooper.base.combat_state import TakePoints

    answers = list(answers)
    events = []
    while state.phase is Phase.COMBAT:
        dec = game.decision(state)
        if answers:
            action = answers.pop(0)
        elif PASS in dec.options:
            action = PASS
        else:
            action = dec.options[-1] if isinstance(dec.options[0], TakePoints) else dec.options[0]
        state, ev = step(game, state, action)
        events += ev
    return state, events


def greedy_steps(game, seeds, limit: int = 400, bot: Any = None):
    """(state, decision, action) at every step of two-player greedy games from the deal, one per
    seed (``bot``, one greedy bot for all, or a fresh one, chooses from its seat's view; ``limit``
    steps at most)."""
    import random

    from explorer.doomtrooper.bots import GreedyBot

    bot = bot if bot is not None else GreedyBot()
    for seed in seeds:
        state, chance, steps = game.new_game(2), SampledChance(random.Random(seed)), 0
        while (dec := game.decision(state)) is not None and steps < limit:
            action = dec.options[0] if dec.player is None else bot.choose(game, game.observe(state, dec.player),
                                                                             dec, None)
            yield state, dec, action
            state, steps = game.next_state(state, action, chance), steps + 1


def texts(events) -> list[str]:
    return [e.text for e in events]


def rules_of(events) -> list[str]:
    return [e.rule.section for e in events]
