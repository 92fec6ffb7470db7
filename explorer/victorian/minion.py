"""MINION PHASE: every generator puts one token of its kind into play.

A generator is a card whose effect is ``generate`` (most Masterminds; the Secret
Society, a Location, for the Mastermind it is attached to).  The token hangs on
the Mastermind (a Location's on the Mastermind it is attached to); a Heroes'
generator, if a deck file gave them one, makes unattached tokens.  Tokens of
most kinds have Fight 1; the Martians' Tripods have Fight 2 (``tokens.toml``).
Generating is automatic: there is never a reason to refuse a token.
"""

from __future__ import annotations

from . import pending
from . import sections as R
from .reports import public
from .sides import title
from .state import VILLAINS, Phase
from .units import make_tokens
from .words import article


def generators(game, state, side):
    """``(source uid, token kind, master uid or None)`` for each generator of ``side``."""
    s = state.sides[side]
    out = []
    for u in s.units:
        if not u.token:
            card = game.card(u.card)
            if card.effect == "generate":
                out.append((u.uid, card.params.token, u.uid if side == VILLAINS else None))
    for loc in s.locations:
        card = game.card(loc.card)
        if card.effect == "generate" and (loc.master is not None or side != VILLAINS):
            out.append((loc.uid, card.params.token, loc.master))
    return out


#: The event that a side has no generator in play, one for each side: it holds nothing but the side
#: (no turn, no data), so it is made once here rather than at every turn.
_NO_GENERATOR = tuple(public(R.MINION, f"{title(side)} have no generator in play") for side in range(2))


@pending.enter(Phase.MINION)
def enter(game, state, side, events):
    found = generators(game, state, side)  # (the tokens they make are no generators: the list stays as it is)
    for source, kind, master in found:
        state, made = make_tokens(game, state, side, kind, 1, master)
        rule = R.MARTIANS if game.tokens[kind].fight != 1 else R.MINION
        if events is not None:
            events.append(public(rule, f"{source} generates {article(kind)} {kind} token ({made[0]}, "
                                       f"Fight {game.tokens[kind].fight})"
                                 + (f" for {master}" if master and master != source else ""),
                                 source=source, token=made[0], master=master))
    if not found:
        if events is not None:
            events.append(_NO_GENERATOR[side])
    return state
