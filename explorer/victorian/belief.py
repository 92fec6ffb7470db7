"""The worlds a player cannot tell apart: every full state consistent with his view.

The opponent's hidden hand cards are among the cards the viewer cannot place
(the ``rest`` of the opponent's deck in the view); a world deals them out of
that multiset (:meth:`~explorer.core.deck.Multiset.draw`, exact and lazy), the
rest staying in the deck.  :func:`explorer.core.belief.over_unseen` averages over
them.
"""

from __future__ import annotations

from typing import Any

from ..core.deck import Multiset
from .state import Pile, VicState
from .zones import add_cards


class Worlds:
    """A distribution over full states (a lazy :class:`~explorer.core.deck.Draw`
    mapped to states): ``sample(rng)``, ``pairs``, ``len``."""

    def __init__(self, view: VicState, viewer: int):
        self.view = view
        self.opp = 1 - viewer
        side = view.sides[self.opp]
        self.side = side
        self.draw = Multiset.of(side.deck.rest).draw(side.hidden)

    def _world(self, drawn) -> VicState:
        side = self.side
        full = side._replace(hand=add_cards(side.hand, drawn.cards), hidden=0,
                             deck=Pile(side.deck.known, drawn.rest.cards))
        sides = list(self.view.sides)
        sides[self.opp] = full
        return self.view._replace(sides=tuple(sides))

    def sample(self, rng: Any) -> VicState:
        return self._world(self.draw.sample(rng))

    @property
    def pairs(self):
        return tuple((self._world(d), p) for d, p in self.draw.pairs)

    def __len__(self) -> int:
        return len(self.draw)


__all__ = ["Worlds"]
