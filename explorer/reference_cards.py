"""The card texts each rule section names, for the rules reference's search: typing a
card's name or a word of its text finds the sections about it.

The card games' lists hang under the sections that describe them: every Victorian
card under its side's card list (``cards.heroes``, ``cards.villains``), and under
the rule of its type (an Event under ``events``, a Plot under ``plot``, ...);
every Doomtrooper card under ``cards`` and under the action or rule that plays its
type (an Art spell under ``art``, a fortification under ``actions.fortification``,
...).  Doom Asylum's villains come from its roster, under ``villains`` (with their
abilities and upgrades).

>>> texts = card_texts("doomtrooper")
>>> [c for c in texts["art"] if c.name == "Kinetic Blast"][0].words
'Kinetics +2 Shoot to a Doomtrooper combatant; +1 more per Destiny Point fed to it.'
>>> len(texts["cards"])
128
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple


class CardText(NamedTuple):
    """A card as the search reads it: its name, and its other words (affiliation or
    aspect, traits or keywords, our text)."""

    name: str
    words: str

#: per game, the section each kind of card is played under (besides the whole card list)
BY_TYPE: dict[str, dict[str, str]] = {
    "victorian": {"E": "events", "P": "plot", "L": "recruit", "W": "recruit.attach", "V": "recruit.attach",
                  "M": "plot", "C": "recruit"},
    "doomtrooper": {"warrior": "actions.muster", "equipment": "actions.equip", "fortification": "actions.fortification",
                    "dark_symmetry": "actions.gift", "mission": "actions.mission", "special": "combat.modify",
                    "art": "art", "beast": "outpost.beasts", "relic": "relics", "warzone": "warzones",
                    "alliance": "alliances", "ki_power": "ki_powers"},
}


def _victorian() -> dict[str, list[CardText]]:
    from .victorian.game import VictorianGame

    game = VictorianGame()
    out: dict[str, list[CardText]] = {}
    for side, listed in (("heroes", "cards.heroes"), ("villains", "cards.villains")):
        for card in game.cards_of(side).values():
            text = CardText(card.name, " ".join([*sorted(card.traits), card.text, card.note]).strip())
            out.setdefault(listed, []).append(text)
            out.setdefault(BY_TYPE["victorian"][card.type], []).append(text)
    return out


def _doomtrooper() -> dict[str, list[CardText]]:
    from .doomtrooper.game import DoomtrooperGame

    out: dict[str, list[CardText]] = {}
    for card in DoomtrooperGame().pool.values():
        kind = getattr(card, "affiliation", "") or getattr(card, "aspect", "")
        text = CardText(card.name, " ".join([kind, *getattr(card, "keywords", ()), card.text]).strip())
        out.setdefault("cards", []).append(text)
        out.setdefault(BY_TYPE["doomtrooper"][card.type], []).append(text)
    return out


def _asylum() -> dict[str, list[CardText]]:
    from .asylum import load_roster

    def words(v: Any) -> str:
        abilities = [a.replace("_", " ") for a in (*v.abilities, *(u.ability for u in v.upgrades if u.ability))]
        return " ".join([v.flavour, *abilities, *(u.text for u in v.upgrades)]).strip()

    return {"villains": [CardText(v.name, words(v)) for v in load_roster().values()]}


@lru_cache(maxsize=None)
def _texts(game: str) -> tuple[tuple[str, tuple[CardText, ...]], ...]:
    made: Any = {"asylum": _asylum, "victorian": _victorian, "doomtrooper": _doomtrooper}[game]()
    return tuple((section, tuple(texts)) for section, texts in made.items())


def card_texts(game: str) -> dict[str, list[CardText]]:
    """Section id -> each card listed under it, with its words."""
    return {section: list(texts) for section, texts in _texts(game)}


__all__ = ["BY_TYPE", "CardText", "card_texts"]
