"""Odds from a seat's view: the chance to draw a card, and what another player holds.

Both answers come from what the seat sees (:meth:`DoomtrooperGame.observe`, the
game's ``observe`` in its :class:`~explorer.core.spec.GameSpec`), never from the
hidden state, and from the deck lists, which every player knows: by default the
sample decks a new game deals (the same choice :meth:`DoomtrooperGame.new_game`
makes), or the ``decks`` given (one a seat: a sample deck's name, or its
cards).  In Doomtrooper nobody looks at a face-down card, not even its owner:
a seat sees no card of its draw pile (so no top card counts as known), and its
discard and annihilated piles are face down too.  So the cards of a player the
seat has not seen are his deck list minus every card of his it sees (hand,
warriors, what is attached, fortifications, missions, cards in play, warzones);
a hidden zone holds a uniform draw of them, every arrangement consistent with
what the seat saw equally likely (:mod:`explorer.core.seat_odds`), and a warrior
mustered in cover and not yet revealed is one of that player's unseen warriors.

A seat is its number; a key is a card type as the card pool names it
(``"warrior"``, ``"equipment"``, ...) or a card's name.

>>> from explorer.doomtrooper.game import setup
>>> game, state = setup(2, seed=3)
>>> p = draw_chance(state, 0, at_least={"warrior": 1}, draws=1, game=game)
>>> p == draw_chance(state, 0, at_least={"warrior": 1}, draws=1, game=game, decks=deck_lists(game, 2))
True
>>> 0 < opponent_holds(state, 0, at_least={"warrior": 2}, game=game) < 1
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..core import seat_odds
from ..core.deck import Multiset
from .cards import CARD_TYPES
from .game import DoomtrooperGame
from .state import UNSEEN, DTState
from .worlds import cards_by_owner, deck_lists, unseen


@lru_cache(maxsize=1)
def _default_game() -> DoomtrooperGame:
    return DoomtrooperGame()


def _deck_list(game: DoomtrooperGame, deck: Any) -> Multiset:
    """A deck list from a sample deck's name, or from cards (``{card: copies}``)."""
    if isinstance(deck, str):
        if deck not in game.decks:
            raise ValueError(f"no sample deck named {deck!r} (known: {', '.join(game.decks)})")
        return game.decks[deck].cards
    return deck if isinstance(deck, Multiset) else Multiset.of(deck)


class _Seen:
    """What seat ``me`` sees of a game: the view, and each player's cards it has not seen."""

    def __init__(self, state: DTState, seat: Any, game: DoomtrooperGame | None, decks: Sequence[Any] | None):
        self.game = game = game or _default_game()
        players = len(state.seats)
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"no seat {seat!r}: the seats of this game are 0 to {players - 1}")
        self.me = seat
        self.view = DoomtrooperGame.observe(game, state, seat)
        lists = deck_lists(game, players) if decks is None else tuple(_deck_list(game, d) for d in decks)
        if len(lists) != players:
            raise ValueError(f"{len(lists)} deck lists given for a game of {players} players")
        self.unseen = unseen(self.view, lists, seat)

    def wants(self, at_least: Mapping[str, int]) -> seat_odds.Wants:
        pool = self.game.pool

        def type_of(name: str) -> str | None:
            return pool[name].type if name in pool else None

        return seat_odds.wants(at_least, type_of, types=tuple(CARD_TYPES))


def draw_chance(state: DTState, seat: int, at_least: Mapping[str, int] | None = None, draws: int = 1, *,
                game: DoomtrooperGame | None = None, decks: Sequence[Any] | None = None) -> Fraction:
    """P(seat ``seat`` draws at least ``at_least[key]`` cards of every key in its
    next ``draws`` cards), from its view and the deck lists only: its draw pile
    is a uniform draw of the cards of its own it has not seen, every arrangement
    consistent with what it saw equally likely.  A ``ValueError`` names a bad
    seat, key or number of draws."""
    seen = _Seen(state, seat, game, decks)
    w = seen.wants({"warrior": 1} if at_least is None else at_least)
    pile = len(seen.view.seats[seat].deck)
    return seat_odds.chance(*seat_odds.pile_draw((), seen.unseen[seat], draws, below=pile), w)


def opponent_holds(state: DTState, seat: int, at_least: Mapping[str, int] | None = None, *,
                   opponent: int | None = None, game: DoomtrooperGame | None = None,
                   decks: Sequence[Any] | None = None) -> Fraction:
    """P(``opponent``'s hand holds at least ``at_least[key]`` cards of every key),
    as seat ``seat`` can know it: his hand a uniform draw of his cards the seat
    has not seen (after his unrevealed warriors in cover, each one of his unseen
    warriors), every arrangement consistent with what it saw equally likely.
    ``opponent``: by default the other player of a two-player game.  A
    ``ValueError`` names a bad seat, opponent or key."""
    seen = _Seen(state, seat, game, decks)
    w = seen.wants({"warrior": 1} if at_least is None else at_least)
    players = len(state.seats)
    if opponent is None:
        if players != 2:
            raise ValueError(f"a game of {players} players: name the opponent whose hand is asked about")
        opponent = 1 - seat
    if type(opponent) is not int or not 0 <= opponent < players or opponent == seat:
        raise ValueError(f"no opponent {opponent!r} of seat {seat}: the seats of this game are 0 to {players - 1}")
    pool = seen.unseen[opponent]
    covered = sum(1 for t in seen.view.troopers if t.owner == opponent and t.card == UNSEEN)
    warriors = Multiset((c, n) for c, n in pool.items if seen.game.pool[c].type == "warrior")
    hand = seen.view.seats[opponent].hand.size
    return seat_odds.chance((), pool, hand, w, aside=(warriors, covered))


def keys(game: DoomtrooperGame | None = None) -> tuple[tuple[str, str], ...]:
    """What a person may ask about, as ``(label, key)``: each card type of the
    pool, then every card of the pool by name."""
    game = game or _default_game()
    present = {game.pool[name].type for name in game.pool}
    types = tuple((f"any {t.replace('_', ' ')}", t) for t in CARD_TYPES if t in present)
    return types + tuple((n, n) for n in sorted(game.pool))


def opponents(state: DTState, seat: int) -> tuple[int, ...]:
    """The seats still in the game other than ``seat``: whose hands it may ask about."""
    return tuple(i for i, s in enumerate(state.seats) if i != seat and not s.out)


SEAT_ODDS = seat_odds.SeatOdds(draw_chance, opponent_holds, keys, opponents)

__all__ = ["opponents", "SEAT_ODDS", "cards_by_owner", "deck_lists", "draw_chance", "keys", "opponent_holds"]
