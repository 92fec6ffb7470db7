"""States built by hand: "what if Allan Quatermain, with his Elephant Gun, went
after Dr Fu-Man-Chu and three of his Chinese Horde?"  For teaching, tests and the
chain odds (:mod:`explorer.victorian.odds`), which run the game's own rules from
such a state.

>>> from explorer.victorian.game import VictorianGame
>>> from explorer.victorian.state import Phase
>>> game = VictorianGame()
>>> s = build(game, heroes=["Allan Quatermain"], gear={"Allan Quatermain": ["Elephant Gun"]},
...           villains=["Dr Fu-Man-Chu"], minions={"Dr Fu-Man-Chu": ["Chinese Horde", "Chinese Horde"]},
...           thwarted=["Dr Fu-Man-Chu"], at=Phase.ATTACK)
>>> [u.uid for u in s.villains.units]
['Dr Fu-Man-Chu', 'Chinese Horde 1', 'Chinese Horde 2']
>>> game.decision(s).options[0]
Attack(hero='Allan Quatermain', target='Dr Fu-Man-Chu')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ..core.deck import Multiset
from . import pending
from .state import HEROES, SIDE_INDEX, VILLAINS, Location, Phase, Pile, Plot, Side, Unit, VicState
from .units import fresh_uid, make_tokens, replace_unit, unit_on

if TYPE_CHECKING:
    from .game import VictorianGame


def build(game: VictorianGame, *, heroes: Iterable[str] = (), villains: Iterable[str] = (),
          minions: Mapping[str, Iterable[str]] | None = None, gear: Mapping[str, Iterable[str]] | None = None,
          wounds: Mapping[str, int] | None = None, markers: Mapping[str, int] | None = None,
          plots: Mapping[str, Iterable[Any]] | None = None, locations: Mapping[str | None, Iterable[str]] | None = None,
          hands: Mapping[str, Iterable[str]] | None = None, decks: Mapping[str, Any] | None = None,
          thwarted: Iterable[str] = (), turn: int = 1, at: Phase = Phase.NEW_DAY, side: str | None = None) -> VicState:
    """A state at the start of ``at`` (its entry rules run; ``side``: whose part,
    default the first side that takes part) in turn ``turn``.

    ``heroes``: hero cards (or Soldier tokens) on the Heroes' side; ``villains``:
    their Masterminds; ``minions``: per Mastermind, minor villains, heroes they
    hold, or token kinds; ``gear``, ``wounds``, ``markers``: per unit;
    ``plots``: per Mastermind, plot names or ``(name, counters)``;
    ``locations``: per Mastermind (``None``: the Heroes'); ``hands``: per side;
    ``decks``: per side, the cards left (default: every card of the deck not used
    above); ``thwarted``: Masterminds thwarted this turn.  Unknown names raise
    ``ValueError``."""
    state = VicState(sides=(Side(Pile()), Side(Pile())), turn=turn)
    used: dict[int, list[str]] = {HEROES: [], VILLAINS: []}

    def card_unit(side: int, name: str, master: str | None = None) -> None:
        nonlocal state
        if name in game.tokens:
            state, _ = make_tokens(game, state, side, name, 1, master)
            return
        card = game.card_or_none(name)
        if card is None or not card.is_unit:
            raise ValueError(f"{name!r} is neither a character nor a kind of token")
        uid = fresh_uid(state, name)
        s = state.sides[side]
        state = _put(state, side, s._replace(units=s.units + (Unit(uid, name, game.owner(name), master=master),)))
        used[game.owner(name)].append(name)

    for name in heroes:
        card_unit(HEROES, name)
    for name in villains:
        card = game.card_or_none(name)
        if card is None or card.type != "M":
            raise ValueError(f"{name!r} is not a Mastermind")
        card_unit(VILLAINS, name)
    for master, names in (minions or {}).items():
        if unit_on(state, VILLAINS, master) is None:
            raise ValueError(f"{master!r} is not one of the Masterminds given")
        for name in names:
            card_unit(VILLAINS, name, master)
    for uid, cards in (gear or {}).items():
        found = [(s, unit_on(state, s, uid)) for s in (HEROES, VILLAINS) if unit_on(state, s, uid)]
        if not found:
            raise ValueError(f"no unit {uid!r} to carry gear")
        s, u = found[0]
        for c in cards:
            if game.card_or_none(c) is None or game.card(c).type not in "WV":
                raise ValueError(f"{c!r} is not a weapon or vehicle")
            used[game.owner(c)].append(c)
        state = replace_unit(state, s, u._replace(gear=u.gear + tuple(cards)))
    for field, values in (("wounds", wounds or {}), ("markers", markers or {})):
        for uid, n in values.items():
            found = [(s, unit_on(state, s, uid)) for s in (HEROES, VILLAINS) if unit_on(state, s, uid)]
            if not found:
                raise ValueError(f"no unit {uid!r}")
            s, u = found[0]
            state = replace_unit(state, s, u._replace(**{field: n}))
    for master, entries in (plots or {}).items():
        if unit_on(state, VILLAINS, master) is None:
            raise ValueError(f"{master!r} is not one of the Masterminds given")
        from .units import is_martian

        for entry in entries:
            name, counters = (entry, 0) if isinstance(entry, str) else entry
            card = game.card_or_none(name)
            if card is None or card.type != "P":
                raise ValueError(f"{name!r} is not a plot card")
            major = card.params.major or is_martian(game, unit_on(state, VILLAINS, master))
            s = state.sides[VILLAINS]
            state = _put(state, VILLAINS, s._replace(plots=s.plots + (Plot(fresh_uid(state, name), name, master,
                                                                             counters, major),)))
            used[VILLAINS].append(name)
    for master, names in (locations or {}).items():
        where = HEROES if master is None else VILLAINS
        for name in names:
            card = game.card_or_none(name)
            if card is None or card.type != "L":
                raise ValueError(f"{name!r} is not a Location")
            s = state.sides[where]
            state = _put(state, where, s._replace(locations=s.locations + (Location(fresh_uid(state, name), name,
                                                                                   game.owner(name), master),)))
            used[game.owner(name)].append(name)
    for name, cards in (hands or {}).items():
        index = SIDE_INDEX[name]
        cards = tuple(sorted(cards))
        used[index] += list(cards)
        state = _put(state, index, state.sides[index]._replace(hand=cards))
    for index, name in enumerate(("heroes", "villains")):
        given = (decks or {}).get(name)
        if given is None:
            rest = game.deck_multiset(index)
            for c in used[index]:
                if c in rest:
                    rest = rest.remove(c)
        else:
            rest = given if isinstance(given, Multiset) else Multiset.of(given)
        state = _put(state, index, state.sides[index]._replace(deck=Pile((), rest.cards)))
    for uid in thwarted:
        state = state._replace(thwarted=state.thwarted | {uid})
    slot = next(i for i, (p, s) in enumerate(game.slots)
                if p is at and (side is None or s == SIDE_INDEX[side]))
    phase, active = game.slots[slot]
    state = state._replace(slot=slot, phase=phase, active=active)
    state = pending.ENTER[phase](game, state, active, [])
    from .victory import check

    state = check(game, state, [])
    if not state.pending and state.result is None:
        from .turn import advance

        state = advance(game, state, [])
    return state


def _put(state: VicState, side: int, s: Side, **kw) -> VicState:
    sides = (s, state.sides[1]) if side == 0 else (state.sides[0], s)
    return state._replace(sides=sides, **kw)


__all__ = ["build"]
