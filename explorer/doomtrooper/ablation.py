"""Blank cards, and the cards a player drew: what the designer's card statistics
need (:func:`explorer.whatif.card_stats`).  Ours, not the rulebook's.

A *blank* keeps a card's name and its place in the deck, so a game seeded the same
deals and draws exactly as before; only what the card does is gone.  Here a blank
is a Special card with a timing no step of the game plays, so it can never be
played: it waits in the hand until its player discards it.  (It names the
parameterless effect of Special cards that stop a sabotage, only so that the
checks that read a card's parameters find some; its timing keeps it unplayed.)  The pool holds a card
once whatever deck it is in: a card both players' decks hold is blanked in both.

>>> from explorer.doomtrooper.game import DoomtrooperGame
>>> game = DoomtrooperGame()
>>> start = game.new_game()
>>> seat_label(game, start, 1)
'seat 1 (Legion of Algeroth)'
>>> blanked = blank(game, start, 0, "Violator Sword")[0]
>>> blanked.pool["Violator Sword"].type, game.pool["Violator Sword"].type
('special', 'equipment')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .cards import Special
from .state import DTState

if TYPE_CHECKING:
    from .game import DoomtrooperGame

#: the timing of a blank: none the game knows, so no step offers it (ours)
BLANK_TIMING = "never"
#: a registered effect without parameters (never applied: see the timing)
BLANK_EFFECT = "stop_sabotage"
#: what a blank says of itself, where a card's text is shown
BLANK_TEXT = "a blank (ours, for the designer's card statistics): it does nothing"


def deck_of(game: DoomtrooperGame, state: DTState, seat: int) -> dict[str, int]:
    """The cards of ``seat``'s deck at the start of a game, by name, with their copies."""
    return dict(state.seats[seat].deck.cards.items)


def seat_label(game: DoomtrooperGame, state: DTState, seat: int) -> str:
    """A seat and, when it plays one of the sample decks, the deck's name."""
    cards = deck_of(game, state, seat)
    name = next((d.name for d in game.decks.values() if dict(d.cards.items) == cards), None)
    return f"seat {seat} ({name})" if name else f"seat {seat}"


def dealt_names(game: DoomtrooperGame, players: int) -> list[str | None]:
    """The sample decks (``decks.toml``) a new game of ``game`` deals the seats, by
    name (its own, :meth:`~.game.DoomtrooperGame.with_decks`, else the variant's or
    the sample decks in turn); ``None`` for a deck given card by card.

    >>> from explorer.doomtrooper.game import DoomtrooperGame
    >>> dealt_names(DoomtrooperGame(), 2)
    ['Imperial Crusade', 'Legion of Algeroth']
    """
    return [d if isinstance(d, str) else None for d in game.dealt(players)]


def drawn(events: Iterable[Any], seat: int) -> set[str]:
    """The cards ``seat`` drew in a game (the opening hand among them): each draw is
    told to its player alone, naming the cards."""
    who = frozenset({seat})
    out: set[str] = set()
    for e in events:
        if e.visible_to == who and {k for k, _ in e.data} == {"seat", "cards"} and dict(e.data)["seat"] == seat:
            out.update(dict(e.data)["cards"])
    return out


def blank(game: DoomtrooperGame, state: DTState, seat: int, name: str) -> tuple[DoomtrooperGame, DTState]:
    """A game like ``game`` whose pool holds a blank named ``name`` (the state is
    unchanged: the decks hold the same names).  A card not in ``seat``'s deck is a
    ValueError."""
    from .game import DoomtrooperGame

    if name not in deck_of(game, state, seat):
        raise ValueError(f"seat {seat}'s deck holds no card named {name!r}")
    pool = game.pool.with_cards({name: Special(name, BLANK_TIMING, BLANK_EFFECT, (), BLANK_TEXT)})
    return DoomtrooperGame(pool=pool, rules=game.rules, decks=game.decks), state


__all__ = ["BLANK_EFFECT", "BLANK_TEXT", "BLANK_TIMING", "blank", "dealt_names", "deck_of", "drawn", "seat_label"]
