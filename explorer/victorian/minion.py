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
from .state import HEROES, VILLAINS, Phase
from .units import add_tokens
from .words import article


def generators(game, state, side):
    """``(source uid, token kind, master uid or None)`` for each generator of ``side``."""
    s = state.sides[side]
    makers = generator_cards(game)
    out = []  # (in a loop: a comprehension costs a call)
    for u in s.units:
        if u.card in makers and not u.token:  # (the name first: most units make nothing)
            out.append((u.uid, makers[u.card], u.uid if side == VILLAINS else None))
    for loc in s.locations:
        card = game.card(loc.card)
        if card.effect == "generate" and (loc.master is not None or side != VILLAINS):
            out.append((loc.uid, card.params.token, loc.master))
    return out


def generator_cards(game) -> dict[str, str]:
    """The game's cards whose effect is ``generate``: card name -> the token kind it makes.
    Read from the cards alone: remembered by the game (a finite set)."""
    makers = game.memo.get("generator cards")
    if makers is None:
        makers = game.memo["generator cards"] = {
            name: c.params.token for side in (HEROES, VILLAINS) for name, c in game.cards_of(side).items()
            if c.effect == "generate"}
    return makers


#: The event that a side has no generator in play, one for each side: it holds nothing but the side
#: (no turn, no data), so it is made once here rather than at every turn.
_NO_GENERATOR = tuple(public(R.MINION, f"{title(side)} have no generator in play") for side in range(2))


@pending.enter(Phase.MINION)
def enter(game, state, side, events):
    found = generators(game, state, side)  # (the tokens they make are no generators: the list stays as it is)
    if found:  # (their tokens in one copy of the state: the same tokens, numbered in the same order)
        wanted = []  # (in a loop: a comprehension costs a call)
        for _, kind, master in found:
            wanted.append((kind, master))
        state, made = add_tokens(state, side, wanted)
        if events is not None:
            for (source, kind, master), token in zip(found, made):
                fight = game.tokens[kind].fight
                events.append(public(R.MARTIANS if fight != 1 else R.MINION,
                                     f"{source} generates {article(kind)} {kind} token ({token}, Fight {fight})"
                                     + (f" for {master}" if master and master != source else ""),
                                     source=source, token=token, master=master))
    if not found:
        if events is not None:
            events.append(_NO_GENERATOR[side])
    return state
