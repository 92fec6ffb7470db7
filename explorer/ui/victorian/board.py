"""The Victorian card game's table, drawn: each side's hand, deck, discard pile
and cards in play, as one side (or the all-seeing eye) may see them.

Built from :meth:`~explorer.victorian.game.VictorianGame.observe` only, so a
view never holds what its side may not see: the other hand is drawn as card
backs (but for the cards seen there), a deck as a counted back under the cards
seen on its top.  Units in play carry their gear, a Mastermind his minions,
Locations and plots; each unit shows its Fight now (and a hero his Track), its
Wound counters and Invention markers; the bonuses that last until the turn
ends are listed with the cards that gave them.  Every card opens to its text and the
rule it plays under (:mod:`explorer.ui.tiles`).

>>> from explorer.victorian.game import VictorianGame
>>> from explorer.victorian.state import Phase
>>> g = VictorianGame()
>>> s = g.scenario(heroes=["Tarzan"], gear={"Tarzan": ["Machete"]}, villains=["Dr Moreau"],
...                hands={"villains": ["Guards"]}, at=Phase.RECRUIT)
>>> html = board_html(g, s, "heroes")
>>> 'data-card="Tarzan"' in html and 'data-card="Machete"' in html and "Guards" not in html
True
>>> 'data-card="Guards"' in board_html(g, s, None)
True
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any

from explorer.core.events import RuleRef
from explorer.victorian import sections as R
from explorer.victorian.cards import TYPE_RULES, card_text
from explorer.victorian.game import VictorianGame
from explorer.victorian.sides import Title
from explorer.victorian.state import HEROES, SIDES, VILLAINS, Phase, Side, Unit, VicState
from explorer.victorian.units import fight, track_terms
from explorer.victorian.words import counted

from ..common import heading
from ..tiles import Tile, back_html, board_html as draw_board, side_html, tile_html, zone_html

def card_tile(game: VictorianGame, card_name: str, **more: Any) -> Tile:
    """A card face up, as its list gives it: type, printed ratings, its text in our words
    (``more``: fields of the :class:`~explorer.ui.tiles.Tile` to change)."""
    card = game.card(card_name)
    ratings = []
    if card.type in "CMWV":
        plus = card.type in "WV"
        if card.fight or card.type in "CM":
            ratings.append(("Fight", f"{card.fight:+d}" if plus else str(card.fight)))
        if card.track or (card.side == "heroes" and card.type == "C"):
            ratings.append(("Track", f"{card.track:+d}" if plus else str(card.track)))
    tile = Tile(card_name, card.kind, tuple(ratings), text=card_text(game, card_name), rule=TYPE_RULES[card.type])
    return tile._replace(**more) if more else tile


@lru_cache(maxsize=4096)
def card_html(game: VictorianGame, card_name: str) -> str:
    """A card face up as HTML, as it stands in a hand or a discard pile (kept:
    the same card draws the same way all game)."""
    return tile_html(card_tile(game, card_name))


def unit_tile(game: VictorianGame, view: VicState, index: int, u: Unit, attached: tuple[Tile, ...] = ()) -> Tile:
    """A unit in play: its Fight now (in the Assassin Phase with the bonuses that count
    only there, such as a Gentleman's Club's; and a hero's Track), counters, its gear
    and whatever else hangs on it (``attached``)."""
    ratings = [("Fight", str(fight(game, view, index, u, assassin=view.phase is Phase.ASSASSIN)))]
    if index == HEROES:
        ratings.append(("Track", str(sum(t.value for t in track_terms(game, view, index, u)))))
    counters = tuple(c for c in (counted(u.wounds, "wound") if u.wounds else "",
                                 counted(u.markers, "marker") if u.markers else "",
                                 "must attack" if u.mob else "") if c)
    gear = tuple(card_tile(game, g) for g in u.gear)
    if u.token:
        kind = game.tokens[u.card]
        return Tile(u.uid, "token", tuple(ratings), counters, f"A {kind.name} token: a unit with Fight {kind.fight}.",
                    R.TOKENS, gear + attached, card=u.card)
    base = card_tile(game, u.card)
    return base._replace(name=u.uid, ratings=tuple(ratings), counters=counters, attached=gear + attached,
                         card=u.card)


def in_action(view: VicState) -> frozenset[str]:
    """The units the next step is about: the one that rolls or attacks and its target."""
    item = view.pending[0] if view.pending else None
    roll = getattr(item, "roll", None)
    if roll is not None:
        return frozenset((roll.actor, roll.target))
    if hasattr(item, "hero") and hasattr(item, "target"):
        return frozenset((item.hero, item.target))
    return frozenset()


def in_play(game: VictorianGame, view: VicState, index: int) -> list[str]:
    """The tiles of a side's units (each Mastermind with his minions, Locations and
    plots on him) and its Locations of its own."""
    s = view.sides[index]
    busy = in_action(view)
    tiles = []
    for u in s.units:
        if u.master is not None:
            continue
        on = [unit_tile(game, view, index, m)._replace(marked=m.uid in busy) for m in s.units if m.master == u.uid]
        on += [card_tile(game, loc.card, name=loc.uid, card=loc.card) for loc in s.locations if loc.master == u.uid]
        on += [card_tile(game, p.card, name=p.uid, card=p.card,
                         counters=(counted(p.counters, "Plot counter"), "major" if p.major else "minor"))
               for p in s.plots if p.master == u.uid]
        tiles.append(tile_html(unit_tile(game, view, index, u, tuple(on))._replace(marked=u.uid in busy)))
    tiles += [tile_html(card_tile(game, loc.card, name=loc.uid, card=loc.card))
              for loc in s.locations if loc.master is None]
    return tiles


def bonuses(game: VictorianGame, view: VicState, index: int) -> list[str]:
    """The side's lasting bonuses this turn (event cards, Wrong Tracks, help), each
    with what it gives to whom; they end with the turn."""
    tiles = []
    for m in view.mods:
        if m.side != index:
            continue
        who = f"on {m.unit}" if m.unit else ("every unit with " + " or ".join(m.needs) if m.needs else "every unit")
        counters = (f"{m.stat.title()} {m.value:+d}", who) + (("Assassin Phase only",) if m.phase == "assassin" else ())
        rule = RuleRef(R.GAME, m.rule)
        tile = (card_tile(game, m.card, counters=counters) if m.card else
                Tile(heading(rule), "bonus", counters=counters, text="A bonus until the turn ends.", rule=rule))
        tiles.append(tile_html(tile))
    return tiles


def side_zones(game: VictorianGame, view: VicState, index: int, viewer: Any) -> list[str]:
    """A side's zones as ``viewer`` sees them: hand, deck, discard pile, in play."""
    s: Side = view.sides[index]
    key = SIDES[index]
    seen_there = Counter(s.exposed)  # hand cards the other side has seen (its view: all it shows of that hand)
    seen_by = (f"{Title(1 - index)} have seen it",)
    shown = []
    for c in s.hand:
        shown.append(tile_html(card_tile(game, c, counters=seen_by)) if seen_there[c] else card_html(game, c))
        seen_there[c] -= 1
    backs = [back_html(note="a card this view may not see") for _ in range(s.hidden)]
    hand = zone_html("hand", shown + backs, s.hand_size, key=f"{key}-hand")
    seen = s.deck.seen(viewer) if viewer is not None else tuple(c for c, _ in s.deck.known)
    rest = s.deck_size - len(seen)
    pile = [tile_html(card_tile(game, c, counters=("seen on top",))) for c in seen]
    pile += [back_html(rest, " face down", note="cards in no known order")] if rest else []
    deck = zone_html("deck", pile, s.deck_size, key=f"{key}-deck", empty="empty")
    discard = zone_html("discard pile", [card_html(game, c) for c in s.discard], len(s.discard),
                        key=f"{key}-discard", empty="empty")
    table = zone_html("in play", in_play(game, view, index), key=f"{key}-play")
    lasting = bonuses(game, view, index)
    return [table, hand, deck, discard] + ([zone_html("until the turn ends", lasting, key=f"{key}-bonuses")]
                                           if lasting else [])


def head(state: VicState) -> str:
    """Where the game stands, in one line (of a finished game, which table this is:
    the result itself is the stepper's last line, just above)."""
    if state.result is not None:
        return f"The table as the game ended, in turn {state.turn}"
    if state.turn == 0:
        return "Setup: the opening hands are being dealt"
    return f"Turn {state.turn}, {state.phase} ({Title(state.active).replace('The', 'the')}' part)"


def board_html(game: VictorianGame, state: VicState, viewer: Any = None) -> str:
    """The table as ``viewer`` (``"heroes"``, ``"villains"``, ``None``: all) sees it."""
    view = game.observe(state, viewer)
    sides = []
    for index in (HEROES, VILLAINS):
        s = view.sides[index]
        note = f"{counted(s.hand_size, 'card')} in hand, {s.deck_size} in the deck, {len(s.discard)} discarded"
        if s.leads:
            note += f", {counted(s.leads, 'lead')} for the next Track Roll"
        who = " (this view)" if viewer == SIDES[index] else ""
        sides.append(side_html(Title(index) + who, side_zones(game, view, index, viewer), note, key=SIDES[index]))
    return draw_board(head(state), sides)


__all__ = ["board_html", "bonuses", "card_html", "card_tile", "head", "in_action", "in_play",
           "side_zones", "unit_tile"]
