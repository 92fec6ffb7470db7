"""The variants' own data, ``data/doomtrooper/variants.toml``: each variant's
banned cards and effects, its sample decks, and Beat Down's army and C deck."""

from __future__ import annotations

import os
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ...core.data import DataError, cached_file, data_path, read_toml, validate
from ...core.deck import Multiset
from ..effects import REGISTRY as EFFECTS
from ..params import VARIANTS

class _VariantRow(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    banned_cards: list[str] = Field(default_factory=list)
    banned_effects: list[str] = Field(default_factory=list)
    c_deck: str | None = None
    force: dict[str, int] = Field(default_factory=dict)
    decks: list[str] = Field(default_factory=list)


def variants_path() -> Path:
    return data_path("doomtrooper", "variants.toml")


def load_variant_data(path: str | os.PathLike | None = None) -> Mapping[str, _VariantRow]:
    """``data/doomtrooper/variants.toml``: each variant's banned cards and effects,
    and Beat Down's army and C deck, by variant name."""
    return _load(Path(path) if path is not None else variants_path())


@cached_file
def _load(path: Path) -> Mapping[str, _VariantRow]:
    raw = read_toml(path)
    out = {}
    for name, row in raw.items():
        if name not in VARIANTS or name == "standard":
            raise DataError(path, name, None, f"unknown variant (known: {', '.join(VARIANTS[1:])})")
        out[name] = validate(_VariantRow, row, path, name)
        for key in ("c_deck", "force"):
            if name != "beat_down" and key in row:
                raise DataError(path, name, key, "only Beat Down has player C's army and deck")
        for card, n in out[name].force.items():
            if n < 1:
                raise DataError(path, name, f"force.{card}", f"copies must be at least 1, not {n}")
    return MappingProxyType(out)


def check_variant_data(pool: Any, path: str | os.PathLike | None = None, decks: Mapping[str, Any] | None = None,
                       rules: Any = None) -> str:
    """Cross-check the file against the pool, the sample decks and the rules (the
    ``check`` command): a force names warriors of the pool and is worth at most
    ``beat_down_force`` Value, a C deck is a sample deck without warriors; a
    summary line."""
    data = load_variant_data(path)
    where = path or variants_path()
    for name, row in data.items():
        for card in row.force:
            if card not in pool or pool[card].type != "warrior":
                raise DataError(where, name, f"force.{card}", "not a warrior of the pool")
        value = sum(pool[card].value * n for card, n in row.force.items())
        if rules is not None and value > rules.beat_down_force:
            raise DataError(where, name, "force", f"the army is worth {value} Value: at most beat_down_force "
                                                  f"({rules.beat_down_force}, rules.toml)")
        for card in row.banned_cards:
            if card not in pool and card not in pool.absent:
                raise DataError(where, name, "banned_cards", f"no card {card!r} in the pool nor among the rulebook's "
                                                             "cards it lacks (cards.toml [pool] absent)")
        for effect in row.banned_effects:
            if effect not in EFFECTS:
                raise DataError(where, name, "banned_effects", f"unknown effect {effect!r}")
        if row.c_deck is not None and decks is not None:
            if row.c_deck not in decks:
                raise DataError(where, name, "c_deck", f"no sample deck named {row.c_deck!r} in decks.toml")
            if any(pool[c].type == "warrior" for c in decks[row.c_deck].cards.distinct):
                raise DataError(where, name, "c_deck", f"{row.c_deck} holds warriors")
        for deck in row.decks:
            if decks is not None and deck not in decks:
                raise DataError(where, name, "decks", f"no sample deck named {deck!r} in decks.toml")
    extra = ", Beat Down's army and C deck" if "beat_down" in data else ""
    return f"{len(data)} variants with their own data (banned cards and effects{extra})"


def own_decks() -> frozenset[str]:
    """Sample decks made for one variant's seat (Beat Down's C deck): never dealt by
    default to the seats of another game.  A variant's ``decks`` may name the plain
    sample decks (Front Lines) or decks of its own, which ``decks.toml`` marks with an
    ``expansion`` (the Warzone Variant's), left out of the cycle as every expansion's is."""
    return frozenset(row.c_deck for row in load_variant_data().values() if row.c_deck)


def default_decks(variant: str, players: int) -> list[str] | None:
    """The decks ``variants.toml`` deals to the seats of ``variant`` (cycling), or ``None``."""
    row = load_variant_data().get(variant)
    if row is None or not row.decks:
        return None
    return [row.decks[i % len(row.decks)] for i in range(players)]


def check_dealt(variant: str, chosen: Sequence[Any], known: Collection[str]) -> None:
    """A deck ``variant`` deals (``chosen``, by seat) that the sample decks (``known``)
    lack is this file's mistake: a :class:`DataError` naming the variant and its field."""
    for i, d in enumerate(chosen):
        if isinstance(d, str) and d not in known:
            row = load_variant_data().get(variant)
            field = "c_deck" if row is not None and row.c_deck == d else "decks"
            raise DataError(variants_path(), variant, field,
                            f"seat {i}'s deck {d!r}: no sample deck of that name in decks.toml")


def force_multiset(name: str = "beat_down") -> Multiset:
    return Multiset.of(dict(load_variant_data()[name].force))


__all__ = ["check_dealt", "check_variant_data", "default_decks", "force_multiset", "load_variant_data", "own_decks",
           "variants_path"]
