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
from .turn import advance
from .units import fresh_uid, is_martian, make_tokens, replace_unit, unit_on
from .victory import check

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
    table = _Table(game, VicState(sides=(Side(Pile()), Side(Pile())), turn=turn))
    table.characters(heroes, villains, minions or {})
    table.gear(gear or {})
    table.counters(wounds or {}, markers or {})
    table.plots(plots or {})
    table.locations(locations or {})
    table.hands(hands or {})
    table.decks(decks or {})
    state = table.state
    for uid in thwarted:
        state = state._replace(thwarted=state.thwarted | {uid})
    return _begin(game, state, at, side)


class _Table:
    """The state being laid out, and the cards used so far on each side (taken
    out of the decks at the end)."""

    def __init__(self, game: VictorianGame, state: VicState):
        self.game, self.state = game, state
        self.used: dict[int, list[str]] = {HEROES: [], VILLAINS: []}

    def unit(self, side: int, name: str, master: str | None = None) -> None:
        """A character card, or a token, in play on ``side`` (for ``master``)."""
        game = self.game
        if name in game.tokens:
            self.state, _ = make_tokens(game, self.state, side, name, 1, master)
            return
        card = game.card_or_none(name)
        if card is None or not card.is_unit:
            raise ValueError(f"{name!r} is neither a character nor a kind of token")
        uid = fresh_uid(self.state, name)
        s = self.state.sides[side]
        self.state = _put(self.state, side, s._replace(units=s.units + (Unit(uid, name, game.owner(name),
                                                                              master=master),)))
        self.used[game.owner(name)].append(name)

    def characters(self, heroes: Iterable[str], villains: Iterable[str],
                   minions: Mapping[str, Iterable[str]]) -> None:
        """The heroes, the Masterminds, then each Mastermind's minions."""
        for name in heroes:
            self.unit(HEROES, name)
        for name in villains:
            card = self.game.card_or_none(name)
            if card is None or card.type != "M":
                raise ValueError(f"{name!r} is not a Mastermind")
            self.unit(VILLAINS, name)
        for master, names in minions.items():
            self.mastermind(master)
            for name in names:
                self.unit(VILLAINS, name, master)

    def mastermind(self, master: str) -> None:
        if unit_on(self.state, VILLAINS, master) is None:
            raise ValueError(f"{master!r} is not one of the Masterminds given")

    def find(self, uid: str, what: str) -> tuple[int, Unit]:
        """The side and the unit ``uid`` (the Heroes' first)."""
        found = [(s, unit_on(self.state, s, uid)) for s in (HEROES, VILLAINS) if unit_on(self.state, s, uid)]
        if not found:
            raise ValueError(f"no unit {uid!r}{what}")
        return found[0]

    def gear(self, gear: Mapping[str, Iterable[str]]) -> None:
        """Weapons and Vehicles on the units."""
        game = self.game
        for uid, cards in gear.items():
            s, u = self.find(uid, " to carry gear")
            for c in cards:
                if game.card_or_none(c) is None or game.card(c).type not in "WV":
                    raise ValueError(f"{c!r} is not a weapon or vehicle")
                self.used[game.owner(c)].append(c)
            self.state = replace_unit(self.state, s, u._replace(gear=u.gear + tuple(cards)))

    def counters(self, wounds: Mapping[str, int], markers: Mapping[str, int]) -> None:
        """Wound counters and Invention markers on the units."""
        for field, values in (("wounds", wounds), ("markers", markers)):
            for uid, n in values.items():
                s, u = self.find(uid, "")
                self.state = replace_unit(self.state, s, u._replace(**{field: n}))

    def plots(self, plots: Mapping[str, Iterable[Any]]) -> None:
        """Plot cards on the Masterminds, with their Plot counters."""
        game = self.game
        for master, entries in plots.items():
            self.mastermind(master)
            for entry in entries:
                name, counters = (entry, 0) if isinstance(entry, str) else entry
                card = game.card_or_none(name)
                if card is None or card.type != "P":
                    raise ValueError(f"{name!r} is not a plot card")
                major = card.params.major or is_martian(game, unit_on(self.state, VILLAINS, master))
                s = self.state.sides[VILLAINS]
                plot = Plot(fresh_uid(self.state, name), name, master, counters, major)
                self.state = _put(self.state, VILLAINS, s._replace(plots=s.plots + (plot,)))
                self.used[VILLAINS].append(name)

    def locations(self, locations: Mapping[str | None, Iterable[str]]) -> None:
        """Locations of the Masterminds, or the Heroes' (``None``)."""
        game = self.game
        for master, names in locations.items():
            where = HEROES if master is None else VILLAINS
            for name in names:
                card = game.card_or_none(name)
                if card is None or card.type != "L":
                    raise ValueError(f"{name!r} is not a Location")
                s = self.state.sides[where]
                loc = Location(fresh_uid(self.state, name), name, game.owner(name), master)
                self.state = _put(self.state, where, s._replace(locations=s.locations + (loc,)))
                self.used[game.owner(name)].append(name)

    def hands(self, hands: Mapping[str, Iterable[str]]) -> None:
        for name, cards in hands.items():
            index = SIDE_INDEX[name]
            cards = tuple(sorted(cards))
            self.used[index] += list(cards)
            self.state = _put(self.state, index, self.state.sides[index]._replace(hand=cards))

    def decks(self, decks: Mapping[str, Any]) -> None:
        """Each side's deck: the cards given, or every card of the deck not used above."""
        for index, name in enumerate(("heroes", "villains")):
            given = decks.get(name)
            if given is None:
                rest = self.game.deck_multiset(index)
                for c in self.used[index]:
                    if c in rest:
                        rest = rest.remove(c)
            else:
                rest = given if isinstance(given, Multiset) else Multiset.of(given)
            self.state = _put(self.state, index, self.state.sides[index]._replace(deck=Pile((), rest.cards)))


def _begin(game: VictorianGame, state: VicState, at: Phase, side: str | None) -> VicState:
    """The start of ``at`` (``side``'s part): its entry rules run, then victory
    is checked, and a part with nothing to do passes on."""
    slot = next(i for i, (p, s) in enumerate(game.slots)
                if p is at and (side is None or s == SIDE_INDEX[side]))
    phase, active = game.slots[slot]
    state = state._replace(slot=slot, phase=phase, active=active)
    state = pending.ENTER[phase](game, state, active, [])
    state = check(game, state, [])
    if not state.pending and state.result is None:
        state = advance(game, state, [])
    return state


def _put(state: VicState, side: int, s: Side, **kw) -> VicState:
    sides = (s, state.sides[1]) if side == 0 else (state.sides[0], s)
    return state._replace(sides=sides, **kw)


__all__ = ["build"]
