"""The variants ("Some Cool Optional Rules From Jon Goosens"), chosen with
``rules.variant``: one registry, and the hooks a variant gives the game.

A variant is a :class:`Variant` registered under its name (the choice in
``data/doomtrooper/rules.toml``); :class:`~explorer.doomtrooper.game.DoomtrooperGame`
asks :func:`of` for the one its rules name and calls its hooks at fixed points:

* ``install``: once per game object (e.g. a condition on casters in combat);
* ``players``/``decks``/``prepare``: the player count the variant needs (refusing
  another with the rule's words), its default decks, its banned cards, and the
  table before the deal;
* ``decision``/``resolve``: a variant may own steps (the phase
  :attr:`~explorer.doomtrooper.state.Phase.VARIANT`, or any step it takes over),
  returning ``None`` where the basic rules apply;
* ``refuse``: an action of the actions step the variant forbids (filters the
  options and explains the refusal);
* ``spent``: after each action, what it cost (Limited Resources counts markers);
* ``settle``: the end conditions after every step (default: the basic ones);
* ``observe``/``describe``: what the variant keeps that a seat may see.

What a variant keeps between steps lives in ``DTState.variant_state``.  The
variants' own data (banned cards, Beat Down's army, its C deck) is
``data/doomtrooper/variants.toml``.  With ``variant = "standard"`` (or a variant
that registers no hooks) :func:`of` is ``None`` and the basic game runs untouched.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ..core.data import DataError, cached_file, data_path, read_toml, validate
from ..core.deck import Multiset
from ..core.engine import IllegalAction
from ..core.events import Event, RuleRef
from . import sections as R
from .state import DTState, Phase

#: name -> the variant's hooks (the modules of the variants register themselves)
REGISTRY: dict[str, Variant] = {}


class Variant:
    """The hooks of one variant; every default is the basic game's behaviour."""

    #: the value of ``rules.variant``
    name = ""
    #: its heading in the rulebook, and the section ids of its rules
    title = ""
    rule: RuleRef = R.COOL_RULES
    #: the player counts it is played with (``None``: two or more), the first is the default
    counts: tuple[int, ...] | None = None
    #: the section naming the player count (cited when a wrong count is refused)
    count_rule: RuleRef = R.COOL_RULES

    # -- setting up -----------------------------------------------------------------------
    def install(self, game: Any) -> None:
        """Called once by the game using the variant (set hooks of its sub-games)."""

    def players(self, game: Any, players: int | None) -> int:
        """The number of players (``None``: the variant's own); a count the variant
        is not played with is a ValueError naming the variant's rule."""
        if players is None:
            return self.counts[0] if self.counts else 2
        if self.counts is not None and players not in self.counts:
            allowed = " or ".join(str(c) for c in self.counts)
            raise ValueError(f"{self.title} is played by {allowed} players (its rule '# of players'), not "
                             f"{players!r}")
        return players

    def decks(self, game: Any, players: int) -> list[Any] | None:
        """The default decks, one per seat (``None``: the sample decks, cycling)."""
        return None

    def banned(self, game: Any) -> tuple[frozenset[str], frozenset[str]]:
        """(banned card names, banned effect names) from ``variants.toml``."""
        row = load_variant_data().get(self.name)
        if row is None:
            return frozenset(), frozenset()
        return frozenset(row.banned_cards), frozenset(row.banned_effects)

    def banned_card(self, game: Any, name: str) -> bool:
        names, effects = self.banned(game)
        return name in names or getattr(game.pool[name], "effect", None) in effects

    def prepare(self, game: Any, state: DTState) -> DTState:
        """The table before the deal; refuses a deck holding a banned card."""
        for i, s in enumerate(state.seats):
            for card in s.deck.cards.distinct:
                if self.banned_card(game, card):
                    raise ValueError(f"seat {i}'s deck holds {card}, a card banned in {self.title} "
                                     f"({self.ban_rule().section})")
        return state

    def ban_rule(self) -> RuleRef:
        return self.rule

    # -- the steps -----------------------------------------------------------------------------
    def decision(self, game: Any, state: DTState):
        return None

    def resolve(self, game: Any, state: DTState, action: Any, chance: Any) -> tuple[DTState, list[Event]] | None:
        return None

    def refuse(self, game: Any, state: DTState, action: Any) -> IllegalAction | None:
        """Why the variant forbids ``action`` in the actions step (``None``: it does not)."""
        return None

    def spent(self, game: Any, state: DTState, kind: Any, cost: int, before: int) -> DTState:
        return state

    def settle(self, game: Any, state: DTState) -> tuple[DTState, list[Event]]:
        from .turn import settle
        return settle(game, state)

    def illegal(self, game: Any, state: DTState, action: Any) -> IllegalAction | None:
        if state.phase is Phase.ACTIONS:
            return self.refuse(game, state, action)
        return None

    def observe(self, game: Any, view: DTState, player: Any) -> DTState:
        return view

    def describe(self, game: Any, view: DTState) -> list[str]:
        return []


def register(variant: type[Variant]) -> type[Variant]:
    """Class decorator: register a variant's hooks under its ``name``."""
    from .params import VARIANTS
    if variant.name not in VARIANTS:
        raise ValueError(f"unknown variant {variant.name!r} (the rules know {', '.join(VARIANTS)})")
    if variant.name in REGISTRY:
        raise ValueError(f"variant {variant.name!r} registered twice")
    REGISTRY[variant.name] = variant()
    return variant


def of(name: str) -> Variant | None:
    """The hooks of variant ``name``; ``None`` for the basic game (``standard``)."""
    return REGISTRY.get(name)


# -- the variants' data ----------------------------------------------------------------------

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
    from .params import VARIANTS
    raw = read_toml(path)
    out = {}
    for name, row in raw.items():
        if name not in VARIANTS or name == "standard":
            raise DataError(path, name, None, f"unknown variant (known: {', '.join(VARIANTS[1:])})")
        out[name] = validate(_VariantRow, row, path, name)
        for card, n in out[name].force.items():
            if n < 1:
                raise DataError(path, name, f"force.{card}", f"copies must be at least 1, not {n}")
    return MappingProxyType(out)


def check_variant_data(pool: Any, path: str | os.PathLike | None = None, decks: Mapping[str, Any] | None = None) -> str:
    """Cross-check the file against the pool and the sample decks (the ``check``
    command): a force names warriors of the pool, a C deck is a sample deck
    without warriors; a summary line."""
    from .effects import REGISTRY
    data = load_variant_data(path)
    where = path or variants_path()
    for name, row in data.items():
        for card in row.force:
            if card not in pool or pool[card].type != "warrior":
                raise DataError(where, name, f"force.{card}", "not a warrior of the pool")
        for effect in row.banned_effects:
            if effect not in REGISTRY:
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
    """Sample decks made for one variant (Beat Down's C deck, the Warzone Variant's
    decks): never dealt by default to the seats of another game."""
    rows = load_variant_data().values()
    return frozenset(row.c_deck for row in rows if row.c_deck) | frozenset(d for row in rows for d in row.decks)


def default_decks(variant: str, players: int) -> list[str] | None:
    """The decks ``variants.toml`` deals to the seats of ``variant`` (cycling), or ``None``."""
    row = load_variant_data().get(variant)
    if row is None or not row.decks:
        return None
    return [row.decks[i % len(row.decks)] for i in range(players)]


def force_multiset(name: str = "beat_down") -> Multiset:
    return Multiset.of(dict(load_variant_data()[name].force))


# the variants of this part register themselves on import
from . import beat_down, front_lines, limited_resources, vortex  # noqa: E402,F401

__all__ = ["REGISTRY", "Variant", "check_variant_data", "load_variant_data", "of", "own_decks", "register",
           "variants_path"]
