"""A Doomtrooper table in words, as a seat sees it: the text view the stepper's
"describe" and the command line print (:meth:`DoomtrooperGame.describe`)."""

from __future__ import annotations

from typing import Any

from .base.turn import turn_heading
from .state import UNSEEN, Phase, Trooper
from .words import warrior_name


def describe_table(game: Any, state: Any, seat: Any = None) -> str:
    """The table as ``seat`` sees it (``None``: everything), in words: the turn,
    each player's pools and piles, his warriors by area (wounded, in cover,
    hidden, inside a vehicle, with what is attached), fortifications and
    missions, and a combat under way."""
    view = game.observe(state, seat)
    if view.phase is Phase.SETUP:
        return f"A new game for {len(view.seats)} players: the decks are not dealt yet."
    who = "everything shown" if seat is None else f"as seat {seat} sees it"
    lines = [f"{turn_heading(game, view)}; {who}"]
    live = view.combat.live if view.combat is not None else None  # cards and points in play in a combat
    for i, s in enumerate(view.seats):
        cards = live.hands[i] if live is not None else s.hand
        hand = ", ".join(cards) if UNSEEN not in cards else f"{cards.size} cards"
        destiny = live.purses[view.purse_of[i]] if live is not None else view.destiny(i)
        out = " (out of the game)" if s.out else ""
        lines.append(f"seat {i}{out}: {destiny} Destiny, {s.promotion} Promotion; hand: {hand or 'none'}; "
                     f"draw pile {len(s.deck)}, discard pile {s.discard.size}")
        for area in [a for a, _ in game.aff.areas] + ["between"]:
            here = [t for t in view.troopers if t.owner == i and t.area == area]
            if here:
                lines.append(f"  {area}: " + "; ".join(_trooper_text(t, warrior_name(view, t.uid, seat, game))
                                                       for t in here))
        if s.fortifications:
            lines.append("  fortifications: " + ", ".join(s.fortifications))
        if s.in_play:
            lines.append("  in play: " + ", ".join(p.card + (f" ({p.area})" if p.area else "") for p in s.in_play))
        if s.missions:
            lines.append("  missions on him: " + ", ".join(f"{m.card} (seat {m.owner}'s)" for m in s.missions))
    if game.variant is not None:
        lines += game.variant.describe(game, view)
    if view.combat is not None:
        table = view.combat.live
        a, d = table.trooper(table.attacker), table.trooper(table.defender)
        ra, rd = game.combat.ratings(table, a.uid), game.combat.ratings(table, d.uid)
        word = table.tactic.capitalize()
        lines.append(f"combat ({view.combat.step}): {a.card} {word} {ra.attack} / Armor {ra.armor} against "
                     f"{d.card} {word} {rd.attack} / Armor {rd.armor}")
        played = [p.card + (" (cancelled)" if p.cancelled else "") for p in table.plays]
        if played:
            lines.append("  cards played: " + ", ".join(played))
    return "\n".join(lines)


def _trooper_text(t: Trooper, name: str) -> str:
    """One warrior in the text view: its name as the viewer reads it (copies told apart), its state."""
    tags = [x for x, on in (("wounded", t.wounded), ("in cover", t.cover), ("hidden", t.hidden and t.card != UNSEEN),
                            ("not paid for", t.unpaid), ("inside its vehicle", t.inside)) if on]
    text = name + (f" ({', '.join(tags)})" if tags else "")
    if t.place:  # the variants with places: where it stands
        text += f" at {t.place}"
    return text + (f" with {', '.join(t.cards())}" if t.attached else "")


__all__ = ["describe_table"]
