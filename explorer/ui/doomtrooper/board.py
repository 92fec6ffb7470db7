"""Doomtrooper's table, drawn ("The Table Layout"): each player's Destiny and
Promotion, hand, draw, discard and annihilated piles, his warriors by area (the
Squad, the Kohort, an Outpost; in a variant with places, by place) with what is
attached to them, his fortifications, the cards he has in play and the
missions on him; below, a combat under way (who attacks whom, the cards played
into it) and what a variant keeps on the table (bases, planets).

Built from :meth:`~explorer.doomtrooper.game.DoomtrooperGame.observe` only: a
hand another player holds is drawn as card backs, the piles as counted backs
(discard and annihilated piles are face down, for their owner too, but in the
all-seeing view), and another player's warrior mustered in cover as a back
until it is revealed.  Each card opens to its text and the rule it plays under
(:mod:`explorer.ui.tiles`); the two warriors of a combat under way are outlined.

>>> from explorer.doomtrooper.game import setup
>>> game, state = setup(2, seed=1)
>>> html = board_html(game, state, 0)
>>> mine = game.observe(state, 0).seats[0].hand.distinct
>>> all(f'data-card="{c}"' in html for c in mine), html.count("xp-card-back") >= 7
(True, True)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from explorer.core.numbers import counted
from explorer.doomtrooper import sections as R
from explorer.doomtrooper.base.turn import turn_heading
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.state import UNSEEN, DTState, Trooper
from explorer.doomtrooper.words import CARD_TYPES, card_text

from ..common import esc
from ..tiles import Tile, back_html, board_html as draw_board, side_html, tile_html, zone_html

RATINGS = (("fight", "Fight"), ("shoot", "Shoot"), ("armor", "Armor"), ("value", "Value"))


def card_tile(game: DoomtrooperGame, name: str) -> Tile:
    """A card of the pool face up: its type, ratings (a warrior's own, a bonus
    signed), and its text from the data."""
    card = game.pool[name]
    kind, rule = CARD_TYPES.get(card.type, (card.type.replace("_", " ").capitalize(), R.CARDS))
    warrior = card.type == "warrior"
    ratings = [(label, str(getattr(card, f)) if warrior else f"{getattr(card, f):+d}")
               for f, label in RATINGS if warrior or getattr(card, f, 0)]
    if card.type == "art":
        ratings.append(("Cost", str(card.cost)))
    detail = getattr(card, "affiliation", "") or getattr(card, "kind", "") or getattr(card, "aspect", "")
    shown = kind if not detail or detail == kind.lower() else f"{kind}: {detail}"
    return Tile(name, shown, tuple(ratings), text=card_text(game, name), rule=rule)


@lru_cache(maxsize=4096)
def card_html(game: DoomtrooperGame, name: str) -> str:
    """A card face up as HTML, as it stands in a hand or a pile (kept: the same
    card draws the same way all game)."""
    return tile_html(card_tile(game, name))


def warrior_html(game: DoomtrooperGame, t: Trooper, marked: frozenset) -> str:
    """A warrior in play, or its back while the view may not see it."""
    if t.card == UNSEEN:
        return back_html(label="in cover", note="a warrior mustered in cover, face down until it is revealed")
    counters = tuple(c for c, on in (("wounded", t.wounded), ("in cover", t.cover),
                                     ("face down", t.hidden), ("not paid yet", t.unpaid),
                                     ("inside its vehicle", t.inside)) if on)
    counters += (f"Sergeant of the {t.leads} group",) if t.leads else ()
    attached = tuple(card_tile(game, a.card)._replace(counters=(f"seat {a.owner}'s",) if a.owner != t.owner else ())
                     for a in t.attached)
    return tile_html(card_tile(game, t.card)._replace(counters=counters, attached=attached, marked=t.uid in marked))


def pile_html(game: DoomtrooperGame, cards: Any, title: str, key: str, face_up: bool) -> str:
    """A pile (a multiset of cards): face up when the view may see it, else one
    counted back."""
    if face_up and UNSEEN not in cards:
        tiles = [card_html(game, c) for c in cards]
    else:
        tiles = [back_html(cards.size, note=f"the {title}, face down")] if cards.size else []
    return zone_html(title, tiles, cards.size, key=key, empty="empty")


def areas(game: DoomtrooperGame, view: DTState, seat: int, marked: frozenset) -> list[str]:
    """A player's warriors, one zone per area (and, in a variant with places, per place)."""
    places = game.places
    groups: dict[str, list[str]] = {a: [] for a, _ in game.aff.areas if a != "Outpost"}
    for t in view.troopers:
        if t.owner != seat:
            continue
        name = t.area if t.area != "between" else "in cover, area not known"  # what observe leaves of a hidden one
        if places is not None and places.where(t):
            name += f" at {places.where(t)}"
        groups.setdefault(name, []).append(warrior_html(game, t, marked))
    return [zone_html(name, tiles, len(tiles), key=f"seat{seat}-{name}") for name, tiles in groups.items()]


def seat_zones(game: DoomtrooperGame, view: DTState, seat: int, viewer: Any) -> list[str]:
    """A player's zones as ``viewer`` sees them (``None``: everything)."""
    s = view.seats[seat]
    live = view.combat.live if view.combat is not None else None  # cards in a combat come from these hands
    hand = live.hands[seat] if live is not None else s.hand
    marked = frozenset((live.attacker, live.defender)) if live is not None else frozenset()
    held = [back_html(note="a card this view may not see") if c == UNSEEN else card_html(game, c)
            for c in hand]
    zones = areas(game, view, seat, marked)
    zones.append(zone_html("hand", held, hand.size, key=f"seat{seat}-hand"))
    zones.append(pile_html(game, s.deck.cards, "draw pile", f"seat{seat}-draw", False))
    zones.append(pile_html(game, s.discard, "discard pile", f"seat{seat}-discard", viewer is None))
    if s.annihilated.size:
        zones.append(pile_html(game, s.annihilated, "annihilated pile", f"seat{seat}-annihilated", viewer is None))
    extra = [("fortifications", [card_tile(game, c) for c in s.fortifications]),
             ("in play", [card_tile(game, p.card)._replace(counters=(p.area,) if p.area else ()) for p in s.in_play]),
             ("missions on him", [card_tile(game, m.card)._replace(counters=(f"seat {m.owner}'s",))
                                  for m in s.missions])]
    zones += [zone_html(title, [tile_html(t) for t in tiles], len(tiles), key=f"seat{seat}-{title}")
              for title, tiles in extra if tiles]
    return zones


def head(game: DoomtrooperGame, view: DTState) -> str:
    """Where the game stands (the rules' own words for it, :func:`~explorer.doomtrooper.base.turn.turn_heading`);
    of a finished game, which table this is (the result itself is the stepper's last line, just above)."""
    if view.result is not None:
        return f"The table as the game ended, after {counted(view.result.turns, 'turn')}"
    return turn_heading(game, view)


def variant_name(game: DoomtrooperGame) -> str:
    """The variant played, as the rulebook heads it."""
    return game.variant.title


def variant_html(game: DoomtrooperGame, view: DTState) -> str:
    """What the variant played keeps on the table (its places, bases, markers), in words."""
    if game.variant is None:
        return ""
    lines = game.variant.describe(game, view)
    if not lines:
        return ""
    rows = "".join(f"<div>{esc(line)}</div>" for line in lines)
    return (f"<div class='xp-side' data-side=\"variant\"><div class='xp-side-head'>{esc(variant_name(game))}</div>"
            f"{rows}</div>")


def combat_html(game: DoomtrooperGame, view: DTState) -> str:
    """A combat under way: who attacks whom with which tactic, and the cards played into it."""
    if view.combat is None:
        return ""
    table = view.combat.live
    a, d = table.trooper(table.attacker), table.trooper(table.defender)
    names = [t.card if t.card != UNSEEN else "a warrior in cover" for t in (a, d)]
    played = [tile_html(card_tile(game, p.card)._replace(
        counters=(f"seat {p.seat}'s",) + (("cancelled",) if p.cancelled else ()))) for p in table.plays]
    return side_html(f"A combat: {names[0]} (seat {a.owner}) attacks {names[1]} (seat {d.owner})",
                     [zone_html("cards played", played, len(played), key="combat-played")],
                     f"{table.tactic.capitalize()}, the {view.combat.step} step", key="combat")


def board_html(game: DoomtrooperGame, state: DTState, viewer: Any = None) -> str:
    """The table as seat ``viewer`` sees it (``None``: everything)."""
    view = game.observe(state, viewer)
    live = view.combat.live if view.combat is not None else None
    sides = []
    for i, s in enumerate(view.seats):
        destiny = live.purses[view.purse_of[i]] if live is not None else view.destiny(i)
        note = f"{destiny} Destiny, {s.promotion} Promotion" + (" (out of the game)" if s.out else "")
        who = [w for w, on in (("this view", viewer == i), ("to play", i == view.current and not view.over)) if on]
        title = f"Seat {i}" + (f" ({', '.join(who)})" if who else "")
        sides.append(side_html(title, seat_zones(game, view, i, viewer), note, key=f"seat{i}"))
    return draw_board(head(game, view), sides, combat_html(game, view) + variant_html(game, view))


__all__ = ["areas", "board_html", "card_html", "card_tile", "combat_html", "head", "pile_html",
           "seat_zones", "variant_html", "variant_name", "warrior_html"]
