"""Blank cards, and the cards a side drew: what the designer's card statistics need
(:func:`explorer.whatif.card_stats`).  Ours, not the rulebook's.

A *blank* keeps a card's name and its place in the deck, so a game seeded the same
deals and draws exactly as before; only what the card does is gone.  Here a blank
is an Event with no effect: it can never be played (see
:func:`explorer.victorian.cardplay.usable`) and sits in the hand.

>>> from explorer.victorian.game import VictorianGame
>>> game = VictorianGame()
>>> blanked = blank(game, game.new_game(), 0, "Saber")[0]
>>> blanked.card("Saber").type, blanked.card("Saber").effect, game.card("Saber").type
('E', None, 'W')
>>> sorted(deck_of(game, game.new_game(), 0).items())[:2]
[('Agents of the Crown', 1), ('Air Pirate Captain Mors', 1)]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .cards import Card
from .state import SIDES, VicState

if TYPE_CHECKING:
    from .game import VictorianGame

#: what a blank says of itself, where a card's note is shown
BLANK_NOTE = "a blank (ours, for the designer's card statistics): it does nothing"


def deck_of(game: VictorianGame, state: VicState, seat: int) -> dict[str, int]:
    """The cards of side ``seat``'s deck (``decks.toml``), by name, with their copies."""
    return dict(game.counts[seat])


def seat_label(game: VictorianGame, state: VicState, seat: int) -> str:
    """A side as the rulebook names it: "Heroes", "Villains"."""
    return SIDES[seat].title()


def drawn(events: Iterable[Any], seat: int) -> set[str]:
    """The cards side ``seat`` drew in a game (the deal among them): each draw is
    told to its side alone, naming the card."""
    who = frozenset({SIDES[seat]})
    return {dict(e.data)["card"] for e in events
            if e.visible_to == who and {k for k, _ in e.data} == {"side", "card"} and dict(e.data)["side"] == seat}


def blank(game: VictorianGame, state: VicState, seat: int, name: str) -> tuple[VictorianGame, VicState]:
    """A game like ``game`` where the card ``name`` of side ``seat`` is a blank (the
    state is unchanged: the deck holds the same names).  An unknown card is a ValueError."""
    from .game import VictorianGame

    cards = game.cards_of(seat)
    if name not in cards:
        raise ValueError(f"the {SIDES[seat]} have no card named {name!r}")
    out = VictorianGame(rules=game.rules, tables=game.tables, decks=game.decks_path)
    old = cards[name]
    new = Card(name, "E", old.side, note=BLANK_NOTE, ours=("type", "note"), pronoun=old.pronoun)
    out.replace_card(seat, new)
    return out, state


__all__ = ["BLANK_NOTE", "blank", "deck_of", "drawn", "seat_label"]
