"""Decks ("Designing a Deck"): at least 60 cards, at most five copies of any one
card (both numbers in ``rules.toml``), every card from the pool.  The sample
decks live in ``data/doomtrooper/decks.toml``.

>>> decks = load_decks()
>>> [(d.name, len(d.cards)) for d in decks.values()][:2]
[('Imperial Crusade', 60), ('Legion of Algeroth', 60)]
>>> check_deck({"Razide": 6, "Necromutant": 60}, name="mine")
Traceback (most recent call last):
...
explorer.core.data.DataError: deck, entry 'mine', field 'Razide': 6 copies: a deck may hold at most 5 copies of a card (Designing a Deck)
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from ..core.data import DataError, cached_file, companion, data_path, read_toml, validate_entries
from ..core.deck import Multiset
from .cards import Pool, load_pool
from .params import DoomtrooperRules, load_rules


class Deck(NamedTuple):
    """A named deck: the faction it plays and its cards."""

    name: str
    faction: str
    cards: Multiset
    expansion: str = ""  # an expansion's deck (needs its rules): not dealt by default


class _DeckRow(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str
    faction: str
    cards: dict[str, int] = Field(strict=False)
    expansion: str = ""


def check_deck(cards: Mapping[str, int] | Multiset, *, name: str = "deck", pool: Pool | None = None,
               rules: DoomtrooperRules | None = None, file: str | os.PathLike = "deck",
               pool_file: str | os.PathLike | None = None) -> Multiset:
    """``cards`` as a :class:`Multiset` once they keep the deck rules; otherwise a
    :class:`DataError` naming the deck (``entry``) and the card (``field``).
    ``pool_file``: the file ``pool`` was read from, named when a card is not in it
    (the data in use when no pool is given)."""
    if pool is None:
        pool, pool_file = load_pool(), data_path("doomtrooper", "cards.toml")
    rules = load_rules() if rules is None else rules
    counts = dict(cards.items) if isinstance(cards, Multiset) else dict(cards)
    for card, n in counts.items():
        if card not in pool:
            raise DataError(file, name, card, "no such card in the pool" + (f" ({pool_file})" if pool_file else ""))
        if type(n) is not int or n < 1:
            raise DataError(file, name, card, f"the number of copies must be a whole number of at least 1, not {n!r}")
        if n > rules.copies_maximum:
            raise DataError(file, name, card, f"{n} copies: a deck may hold at most {rules.copies_maximum} copies of "
                                              "a card (Designing a Deck)")
    total = sum(counts.values())
    if total < rules.deck_minimum:
        raise DataError(file, name, None, f"{total} cards: a deck must hold at least {rules.deck_minimum} "
                                          "(Designing a Deck)")
    return Multiset.of(counts)


def decks_path() -> Path:
    return data_path("doomtrooper", "decks.toml")


def load_decks(path: str | os.PathLike | None = None) -> Mapping[str, Deck]:
    """The sample decks, by name in file order, each checked against the deck rules."""
    path = Path(path) if path is not None else decks_path()
    return _load(path, companion(path, "doomtrooper", "cards.toml"), companion(path, "doomtrooper", "rules.toml"))


@cached_file
def _load(path: Path, pool_path: Path, rules_path: Path) -> Mapping[str, Deck]:
    raw = read_toml(path)
    unknown = set(raw) - {"deck"}
    if unknown:
        raise DataError(path, sorted(unknown)[0], None, "unknown table (expected [[deck]] entries)")
    if not raw.get("deck"):
        raise DataError(path, None, "deck", "no [[deck]] entries")
    pool, rules = load_pool(pool_path), load_rules(rules_path)
    out = {}
    for row in validate_entries(_DeckRow, raw["deck"], path, kind="deck"):
        out[row.name] = Deck(row.name, row.faction, check_deck(row.cards, name=row.name, pool=pool, rules=rules,
                                                               file=path, pool_file=pool_path), row.expansion)
        if not row.expansion:
            _basic_only(row.name, row.cards, pool, path)
    return MappingProxyType(out)


def _basic_only(name: str, cards: Mapping[str, int], pool: Pool, path: Path) -> None:
    """A deck with no ``expansion`` is dealt to the seats of a basic game, so it holds
    only the basic set's card types and affiliations."""
    for card in cards:
        c = pool[card]
        if c.type not in BASIC_TYPES:
            raise DataError(path, name, card, f"a {c.type} card: a deck of the basic game holds only "
                                              f"{', '.join(BASIC_TYPES)} (name its expansion)")
        if c.type == "warrior" and pool.affiliations.expansion_of.get(c.affiliation):
            raise DataError(path, name, card, f"a warrior of {c.affiliation} ("
                                              f"{pool.affiliations.expansion_of[c.affiliation]}): a deck of the basic "
                                              "game holds none (name its expansion)")


#: The card types of the basic set.
BASIC_TYPES = ("warrior", "equipment", "fortification", "art", "dark_symmetry", "mission", "special")


__all__ = ["Deck", "check_deck", "decks_path", "load_decks"]
