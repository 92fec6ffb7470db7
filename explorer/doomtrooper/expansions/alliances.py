"""Alliances (the Golgotha expansion; switch ``alliances``).

An Alliance card costs no action and may be played at any time: here, in its
player's actions step (:class:`PlayAlliance`, a kind of cost 0) and, out of
turn, in the modify step of any combat, where every player takes his turns of
card play (a :class:`~explorer.doomtrooper.base.combat.RoundPlay` of the combat's
:class:`~explorer.core.rounds.Rounds`; register: ``alliance-any-time``).  It
stays before its player (:attr:`~explorer.doomtrooper.state.Seat.in_play`):
one per player, never while an identical Alliance is in play, and it never
leaves play except through a card that says it removes Alliances (ours:
the ``discard_alliance`` effect).  Its bonus (ours: ``who``, a class, and
rating changes) goes to its player's warriors of that class in every combat.

>>> from explorer.doomtrooper.cards import load_pool
>>> load_pool()["Accord of the Iron Throne"].who
'Imperial'
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from ...core.engine import IllegalAction
from ...core.events import Event, event
from .. import effects as E
from .. import sections as R
from ..base.actions import ACTION_TYPES, WHEN, register
from ..cards import _ModifierRow, _check_class, register_card_type
from ..base.combat_state import EXTRA_RATINGS, ROUND_PLAYS, RoundPlay, Table, Term
from ..state import DTState, Placed, put_seat
from ..words import said


class Alliance(NamedTuple):
    """An Alliance card: its player's warriors of class ``who`` get the ratings."""

    name: str
    who: str = "any"
    fight: int = 0
    shoot: int = 0
    armor: int = 0
    value: int = 0
    text: str = ""

    type = "alliance"


class _AllianceRow(_ModifierRow):
    who: str = "any"


def _build(data: dict, path: Path, aff: Any) -> Alliance:
    _check_class(data["who"], aff, path, data["name"], "who")
    return Alliance(**data)


register_card_type("alliance", Alliance, _AllianceRow, "PlayAlliance", _build)


@dataclass(frozen=True, slots=True)
class PlayAlliance:
    """Play Alliance ``card`` (no action; in your turn or in any combat's modify step)."""

    card: str

    def __str__(self) -> str:
        return f"play the Alliance {self.card}"


def alliance_of(in_play: tuple[Placed, ...], pool: Any) -> str:
    """The Alliance among these cards in play ("" none)."""
    return next((p.card for p in in_play if pool[p.card].type == "alliance"), "")


def _problem(rules: Any, pool: Any, hand: Any, in_play: tuple, seat: int, card: Any) -> tuple[Any, str] | None:
    """Why ``seat`` may not play ``card`` now, given every seat's cards in play."""
    if not rules.alliances:
        return R.GOLGOTHA, "the Golgotha expansion's Alliances are not in play (switch: alliances)"
    c = pool.get(card) if isinstance(card, str) else None
    if c is None or c.type != "alliance":
        return R.ALLIANCES, f"{card!r} is not an Alliance card"
    if card not in hand:
        return R.ALLIANCES, f"{card} is not in seat {seat}'s hand"
    mine = alliance_of(in_play[seat], pool) if in_play else ""
    if mine:
        return R.ALLIANCES, f"seat {seat} already has the Alliance {mine} in play: one per player"
    if in_play and any(p.card == card for cards in in_play for p in cards):
        return R.ALLIANCES, f"{card} is already in play: every Alliance is unique"
    return None


def _playable(rules: Any, pool: Any, hand: Any, in_play: tuple, seat: int) -> list[PlayAlliance]:
    if not rules.alliances or (in_play and alliance_of(in_play[seat], pool)):
        return []
    return [PlayAlliance(n) for n in hand.distinct
            if pool[n].type == "alliance" and _problem(rules, pool, hand, in_play, seat, n) is None]


def _seats_in_play(state: DTState) -> tuple:
    return tuple(s.in_play for s in state.seats)


# -- in a turn ----------------------------------------------------------------------------------------------

def alliance_options(game: Any, state: DTState) -> list[PlayAlliance]:
    if not game.rules.alliances:
        return []
    return _playable(game.rules, game.pool, state.seat.hand, _seats_in_play(state), state.current)


def do_alliance(game: Any, state: DTState, action: PlayAlliance, chance: Any) -> tuple[DTState, list[Event]]:
    seat = state.current
    s = state.seats[seat]
    state = put_seat(state, seat, s._replace(hand=s.hand.remove(action.card),
                                             in_play=s.in_play + (Placed(action.card),)))
    return state, [event(R.ALLIANCES, f"seat {seat} plays the Alliance {action.card} (no action)", seat=seat,
                         card=action.card)]


def explain_alliance(game: Any, state: DTState, action: Any) -> IllegalAction:
    why = _problem(game.rules, game.pool, state.seat.hand, _seats_in_play(state), state.current, action.card)
    return IllegalAction(*(why or (R.ALLIANCES, f"{said(state, action)} is not possible now")))


register(PlayAlliance, R.ALLIANCES, 0, alliance_options, do_alliance, explain_alliance,
         enabled=lambda rules: rules.alliances)
ACTION_TYPES["PlayAlliance"] = PlayAlliance


# -- out of turn: in a combat's modify step ------------------------------------------------------------------

def _round_options(combat: Any, table: Table, seat: int) -> list[PlayAlliance]:
    if not combat.rules.alliances:
        return []
    return _playable(combat.rules, combat.pool, table.hands[seat], table.in_play, seat)


def _round_apply(combat: Any, table: Table, seat: int, action: PlayAlliance) -> tuple[Table, list[Event]]:
    why = _problem(combat.rules, combat.pool, table.hands[seat], table.in_play, seat, action.card)
    if why is not None:
        raise ValueError(why[1])
    hands = list(table.hands)
    hands[seat] = hands[seat].remove(action.card)
    in_play = list(table.in_play or ((),) * len(table.hands))
    in_play[seat] = in_play[seat] + (Placed(action.card),)
    table = table._replace(hands=tuple(hands), in_play=tuple(in_play))
    return table, [event(R.ALLIANCES, f"seat {seat} plays the Alliance {action.card} during the combat (no action)",
                         seat=seat, card=action.card)]


def _round_explain(combat: Any, table: Table, seat: int, action: Any) -> IllegalAction:
    why = _problem(combat.rules, combat.pool, table.hands[seat], table.in_play, seat, action.card)
    return IllegalAction(*(why or (R.ALLIANCES, f"{said(table, action)} is not possible now")))


ROUND_PLAYS[PlayAlliance] = RoundPlay(PlayAlliance, _round_options, _round_apply, _round_explain)
WHEN[_round_options] = lambda rules: rules.alliances


# -- what an Alliance does in combat ---------------------------------------------------------------------------

def terms(combat: Any, table: Table, t: Any) -> list[Term]:
    """The bonus of ``t``'s player's Alliance, when ``t`` is of its class."""
    if not table.in_play:
        return []
    tactic = table.tactic
    pool = combat.pool
    out = []
    for p in table.in_play[t.owner]:
        c = pool[p.card]
        if c.type != "alliance" or (c.who != "any" and c.who not in combat.classes_of(t)):
            continue
        da = c.fight if tactic == "fight" else c.shoot
        if da or c.armor or c.value:
            out.append(Term(f"{c.name} (his Alliance)", R.ALLIANCES, da, c.armor, c.value))
    return out


EXTRA_RATINGS.append(terms)
WHEN[terms] = lambda rules: rules.alliances  # no Alliance is played without the switch


# -- the cards that remove Alliances ----------------------------------------------------------------------------

@E.register
class DiscardAlliance(E.Effect):
    """In your turn, no action: an opponent's Alliance is discarded (the one kind of
    card that may remove an Alliance from play).  The target is the seat."""

    name = "discard_alliance"
    timing = "turn"

    def targets(self, host, state, seat, p):
        pool = host.pool
        return tuple(i for i, s in enumerate(state.seats) if i != seat and alliance_of(s.in_play, pool))

    def apply(self, host, state, seat, card, p, target):
        s = state.seats[target]
        gone = alliance_of(s.in_play, host.pool)
        rest = tuple(x for x in s.in_play if x.card != gone)
        state = put_seat(state, target, s._replace(in_play=rest, discard=s.discard.add(gone)))
        return state, [event(R.ALLIANCES, f"{card} discards seat {target}'s Alliance {gone}", seat=target, card=gone)]


__all__ = ["Alliance", "DiscardAlliance", "PlayAlliance", "alliance_of"]
