"""The table in words: what a side (or the all-seeing eye) can see of a game.

>>> from explorer.victorian.game import VictorianGame
>>> from explorer.victorian.state import Phase
>>> g = VictorianGame()
>>> s = g.scenario(heroes=["Tarzan"], gear={"Tarzan": ["Machete"]}, villains=["Dr Moreau"],
...                plots={"Dr Moreau": [("Start War", 2)]}, hands={"villains": ["Guards"]}, at=Phase.RECRUIT)
>>> print(describe_state(g, s, "heroes"))  # doctest: +NORMALIZE_WHITESPACE
Turn 1, Recruit Phase (the Heroes' part)
The Heroes: 0 cards in hand, 57 in the deck, 0 discarded
  hand: (empty)
  Tarzan: Fight 3, Track 2 [Machete]
The Villains: 1 card in hand, 67 in the deck, 0 discarded
  hand: 1 hidden
  Dr Moreau (Mastermind): Fight 1
    plot Start War (major): 2 counters
"""

from __future__ import annotations

from typing import Any

from .sides import Title
from .state import HEROES, SIDES, VILLAINS, VicState
from .units import fight, is_mastermind, track_terms
from .words import counted


def describe_unit(game, state: VicState, side: int, u) -> str:
    bits = [f"Fight {fight(game, state, side, u)}"]
    if side == HEROES:
        bits.append(f"Track {sum(t.value for t in track_terms(game, state, side, u))}")
    if u.wounds:
        bits.append(counted(u.wounds, "wound"))
    if u.markers:
        bits.append(counted(u.markers, "marker"))
    name = u.uid + (" (Mastermind)" if is_mastermind(game, u) else " (token)" if u.token else "")
    text = f"{name}: {', '.join(bits)}"
    if u.gear:
        text += f" [{', '.join(u.gear)}]"
    if u.mob:
        text += " (must attack)"
    return text


def describe_state(game, state: VicState, viewer: Any = None) -> str:
    """``state`` as ``viewer`` (``"heroes"``, ``"villains"`` or ``None``, all) sees it."""
    view = game.observe(state, viewer)
    if state.result is not None:
        head = str(state.result)
    elif state.turn == 0:
        head = "Setup: the opening hands are being dealt"
    else:
        head = f"Turn {state.turn}, {state.phase} ({Title(state.active).replace('The', 'the')}' part)"
    lines = [head]
    for index in (HEROES, VILLAINS):
        s = view.sides[index]
        lines.append(f"{Title(index)}: {counted(s.hand_size, 'card')} in hand, {s.deck_size} in the deck, "
                     f"{len(s.discard)} discarded")
        if viewer is None or viewer == SIDES[index]:
            lines.append("  hand: " + (", ".join(s.hand) or "(empty)"))
        else:
            known = f"{', '.join(s.hand)} and " if s.hand else ""
            lines.append(f"  hand: {known}{s.hidden} hidden")
        seen = s.deck.seen(viewer) if viewer is not None else tuple(c for c, _ in s.deck.known)
        if seen:
            lines.append(f"  top of the deck (seen): {', '.join(seen)}")
        masters = [u for u in s.units if u.master is None]
        for u in masters:
            lines.append("  " + describe_unit(game, view, index, u))
            for m in s.units:
                if m.master == u.uid:
                    lines.append("    minion " + describe_unit(game, view, index, m))
            for loc in s.locations:
                if loc.master == u.uid:
                    lines.append(f"    Location {loc.uid}")
            for p in s.plots:
                if p.master == u.uid:
                    kind = "major" if p.major else "minor"
                    lines.append(f"    plot {p.uid} ({kind}): {counted(p.counters, 'counter')}")
        for loc in s.locations:
            if loc.master is None:
                lines.append(f"  Location {loc.uid}")
    return "\n".join(lines)


__all__ = ["describe_state", "describe_unit"]
