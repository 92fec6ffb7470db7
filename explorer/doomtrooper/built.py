"""A Doomtrooper table set by hand ("The Table Layout"): what is in each hand, which
warriors stand where, with what attached, whose turn it is.  For the positions no
simulated game reaches, to show a rule at work (the live examples of
:mod:`explorer.core.examples`), and for teaching.

A table is plain data, so a game log can store it in its header (``setup``:
``{"table": ...}``, see :mod:`explorer.doomtrooper.log`) and replay from it:

* ``decks``: one per seat, as :meth:`DoomtrooperGame.new_game` takes them (sample
  deck names or ``{card: copies}``); every card set out below comes out of its
  seat's deck, the rest stays in the draw pile;
* ``seats``: per seat, ``hand`` (card names), and optionally ``destiny`` and
  ``promotion`` (points);
* ``warriors``: each ``{"card", "seat"}``, optionally ``area`` (default: where it
  would be mustered), ``cover``, ``hidden`` (mustered in cover, face down: also
  in cover and not yet paid for), ``attached`` (card names from its seat's deck) and,
  in a variant with places, ``place`` (where it stands);
* ``turn``: the game turn under way (default 1); its player, the next seat in
  turn, is at the start of his actions (Step Two).

A variant's own table (Colonization's starting warzones, ...) is laid out as after
the deal, by a stream of chance fixed for every table.

>>> from explorer.doomtrooper.game import DoomtrooperGame
>>> game = DoomtrooperGame()
>>> table = {"decks": ["Imperial Crusade", "Legion of Algeroth"],
...          "seats": [{"hand": ["Inquisitor Majoris"], "destiny": 6}, {"hand": []}],
...          "warriors": [{"card": "Legion Sharpshooter", "seat": 1}]}
>>> state = build(game, table)
>>> state.phase.value, state.current, state.actions, state.destiny(0)
('actions', 0, 3, 6)
>>> [(t.card, t.area) for t in state.troopers]
[('Legion Sharpshooter', 'Kohort')]
>>> description(state) == table
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..core.deck import Deck
from ..core.engine import SampledChance, derived_rng
from .expansions.outpost import OUTPOST
from .state import Attached, DTState, Phase, Trooper, put_seat

#: the fields a table, a seat and a warrior may give
TABLE_FIELDS = {"decks", "seats", "warriors", "turn"}
SEAT_FIELDS = {"hand", "destiny", "promotion"}
WARRIOR_FIELDS = {"card", "seat", "area", "cover", "hidden", "attached", "place"}
#: the tables built lately, by the state they start (so a log can tell how its game began)
_BUILT: dict[DTState, str] = {}
_KEEP = 64


def _fields(given: Any, allowed: set[str], what: str, needed: tuple[str, ...] = ()) -> Mapping[str, Any]:
    if not isinstance(given, Mapping):
        raise ValueError(f"{what} must be an object")
    unknown = sorted(set(given) - allowed)
    if unknown:
        raise ValueError(f"{what}: no field {unknown[0]!r} (known: {', '.join(sorted(allowed))})")
    missing = [n for n in needed if n not in given]
    if missing:
        raise ValueError(f"{what}: {missing[0]!r} is missing")
    return given


def _take(state: DTState, seat: int, card: str, what: str) -> DTState:
    """``card`` out of ``seat``'s draw pile (``ValueError`` if his deck has no copy left)."""
    s = state.seats[seat]
    if s.deck.pile.count(card) < 1:
        raise ValueError(f"{what}: seat {seat}'s deck has no {card!r} left")
    deck = s.deck
    return put_seat(state, seat, s._replace(deck=Deck(deck.top, deck.pile.remove(card), deck.seen_by)))


def _seats(game: Any, state: DTState, seats: Any) -> DTState:
    if not isinstance(seats, list) or len(seats) != len(state.seats):
        raise ValueError(f"seats must list the {len(state.seats)} seats")
    purses = list(state.purses)
    for i, row in enumerate(seats):
        row = _fields(row, SEAT_FIELDS, f"seat {i}", ("hand",))
        for card in row["hand"]:
            state = _take(state, i, card, f"seat {i}'s hand")
            s = state.seats[i]
            state = put_seat(state, i, s._replace(hand=s.hand.add(card)))
        if "destiny" in row:
            purses[state.purse_of[i]] = int(row["destiny"])
        s = state.seats[i]
        state = put_seat(state, i, s._replace(promotion=int(row.get("promotion", 0)), gift=True))
    return state._replace(purses=tuple(purses))


def _warriors(game: Any, state: DTState, warriors: Any) -> DTState:
    if not isinstance(warriors, list):
        raise ValueError("warriors must be a list")
    troopers = []
    for uid, row in enumerate(warriors):
        row = _fields(row, WARRIOR_FIELDS, f"warrior {uid}", ("card", "seat"))
        card, seat = row["card"], row["seat"]
        if not isinstance(seat, int) or not 0 <= seat < len(state.seats):
            raise ValueError(f"warrior {uid}: no seat {seat!r}")
        if card not in game.pool or game.pool[card].type != "warrior":
            raise ValueError(f"warrior {uid}: {card!r} is not a warrior card")
        state = _take(state, seat, card, f"warrior {uid}")
        for extra in row.get("attached", ()):
            state = _take(state, seat, extra, f"warrior {uid}'s attached cards")
        hidden = bool(row.get("hidden", False))
        area = row.get("area", game.aff.area_for(game.classes_of_card(card)))
        troopers.append(Trooper(uid, card, seat, area, cover=hidden or bool(row.get("cover", False)), hidden=hidden,
                                unpaid=hidden, attached=tuple(Attached(c, seat) for c in row.get("attached", ())),
                                place=row.get("place", "")))
    return state._replace(troopers=tuple(troopers), next_uid=len(troopers),
                          outpost_opened=any(t.area == OUTPOST for t in troopers))


def build(game: Any, table: Mapping[str, Any]) -> DTState:
    """The state ``table`` describes (see the module's text); ``ValueError`` naming
    the field for a table that cannot be laid out."""
    table = _fields(table, TABLE_FIELDS, "the table", ("decks", "seats"))
    decks = table["decks"]
    if not isinstance(decks, list):
        raise ValueError("decks must list one deck per seat")
    state = game.new_game(len(decks), decks)
    if game.variant is not None:
        state, _ = game.variant.after_deal(game, state, SampledChance(derived_rng("table", "after the deal")))
    state = _warriors(game, _seats(game, state, table["seats"]), table.get("warriors", []))
    turn = table.get("turn", 1)
    if not isinstance(turn, int) or turn < 1:
        raise ValueError(f"turn must be a number from 1, not {turn!r}")
    n = len(state.seats)
    current = (turn - 1) % n
    seats = tuple(s._replace(turns=(turn - i + n - 1) // n) for i, s in enumerate(state.seats))
    state = state._replace(seats=seats, phase=Phase.ACTIONS, current=current, turn=turn,
                           actions=game.rules.actions_per_turn)
    if len(_BUILT) >= _KEEP:
        _BUILT.pop(next(iter(_BUILT)))
    _BUILT[state] = json.dumps(table)
    return state


def description(state: DTState) -> dict[str, Any] | None:
    """The table a state was built from by :func:`build` (``None``: not a built state)."""
    text = _BUILT.get(state)
    return None if text is None else json.loads(text)


__all__ = ["build", "description"]
