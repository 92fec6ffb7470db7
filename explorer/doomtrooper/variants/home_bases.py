"""The bases of Home Turf Advantage: the setups and battlefields of
``data/doomtrooper/home_turf.toml`` (checked against the pool and the rules), and
the board a game keeps (each player's bases, where each warrior came from, the
Promotion it carries)."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping, NamedTuple

from pydantic import BaseModel, ConfigDict

from ...core.data import DataError, cached_file, data_path, read_toml, validate, validate_entries
from ..cards import CARD_TYPES

# -- data ----------------------------------------------------------------------------------------------


class Setup(NamedTuple):
    deck: str
    bases: tuple[str, ...]
    battlefields: tuple[str, ...]
    starters: tuple[str, ...]


class HomeTurfData(NamedTuple):
    banned_types: frozenset[str]
    banned_cards: frozenset[str]
    battlefields: Mapping[str, tuple[int, int, int, int]]  # name -> F, S, A, V
    setups: Mapping[str, Setup]
    default: str


class _Field(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str
    fight: int = 0
    shoot: int = 0
    armor: int = 0
    value: int = 0


class _Setup(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    deck: str
    bases: list[str]
    battlefields: list[str]
    starters: list[str]


class _Top(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    banned_types: list[str]
    banned_cards: list[str]
    default: str
    battlefield: list[dict]
    setup: list[dict]


#: What a battlefield may add to or take from a rating of its warriors.
BATTLEFIELD = (-5, 5)


def home_turf_path() -> Path:
    return data_path("doomtrooper", "home_turf.toml")


def load_home_turf(path: str | os.PathLike | None = None) -> HomeTurfData:
    """Read the variant's file (default ``data/doomtrooper/home_turf.toml``); the
    cards it names are checked against the pool by :class:`HomeTurf`."""
    return _load(Path(path) if path is not None else home_turf_path())


@cached_file
def _load(path: Path) -> HomeTurfData:
    try:
        top = validate(_Top, read_toml(path), path, None)
    except DataError as exc:  # a top-level key is the entry the error names
        if exc.entry is not None or not exc.field:
            raise
        key, _, rest = exc.field.partition(".")
        raise DataError(path, key, rest or None, exc.problem) from None
    fields = {f.name: (f.fight, f.shoot, f.armor, f.value)
              for f in validate_entries(_Field, top.battlefield, path, kind="battlefield")}
    for name, ratings in fields.items():
        for rating, n in zip(("fight", "shoot", "armor", "value"), ratings):
            if not BATTLEFIELD[0] <= n <= BATTLEFIELD[1]:
                raise DataError(path, name, rating, f"{n} is out of range: a battlefield gives {BATTLEFIELD[0]} to "
                                                    f"{BATTLEFIELD[1]}")
    setups = {}
    for s in validate_entries(_Setup, top.setup, path, key="deck", kind="setup"):
        for what in ("bases", "battlefields", "starters"):
            items = getattr(s, what)
            if len(items) != len(set(items)) or not items:
                raise DataError(path, s.deck, what, f"each of the {what} must be a different card, at least one")
        if not len(s.bases) == len(s.battlefields) == len(s.starters):
            raise DataError(path, s.deck, "bases", "one battlefield and one starting warrior per base")
        for f in s.battlefields:
            if f not in fields:
                raise DataError(path, s.deck, "battlefields", f"no [[battlefield]] named {f!r}")
        setups[s.deck] = Setup(s.deck, tuple(s.bases), tuple(s.battlefields), tuple(s.starters))
    if top.default not in setups:
        raise DataError(path, "default", None, f"no [[setup]] for the deck {top.default!r}")
    return HomeTurfData(frozenset(top.banned_types), frozenset(top.banned_cards), MappingProxyType(fields),
                        MappingProxyType(setups), top.default)


def check_setups(data: HomeTurfData, pool: Any, rules: Any, path: str | os.PathLike | None = None,
                 decks: Mapping[str, Any] | None = None) -> None:
    """Each setup against the pool, the sample decks and the rules: banned types
    that are card types; ``home_bases`` bases, each a fortification card; starting
    warriors of base Value ``home_starter_value`` or less; a setup's deck a sample
    deck (a :class:`DataError` names the setup and the card)."""
    path = home_turf_path() if path is None else path
    for t in sorted(data.banned_types):
        if t not in CARD_TYPES:
            raise DataError(path, "banned_types", None, f"unknown card type {t!r} (known: {', '.join(CARD_TYPES)})")
    for card in sorted(data.banned_cards):
        if card not in pool and card not in pool.absent:
            raise DataError(path, "banned_cards", None, f"no card {card!r} in the pool nor among the rulebook's "
                                                        "cards it lacks (cards.toml [pool] absent)")
    limit = rules.home_starter_value
    for s in data.setups.values():
        if decks is not None and s.deck not in decks:
            raise DataError(path, s.deck, "deck", f"no sample deck named {s.deck!r} in decks.toml")
        if len(s.bases) != rules.home_bases:
            raise DataError(path, s.deck, "bases", f"{len(s.bases)} bases: the rules say {rules.home_bases}")
        for b in s.bases:
            if b not in pool or pool[b].type != "fortification":
                raise DataError(path, s.deck, "bases", f"{b!r} is not a fortification card of the pool")
        for w in s.starters:
            if w not in pool or pool[w].type != "warrior" or pool[w].value > limit:
                raise DataError(path, s.deck, "starters", f"{w!r} is not a warrior of base Value {limit} or less")


# -- the board -------------------------------------------------------------------------------------------


#: how the name of a place inside a base ends (:attr:`Base.place`)
BASE_SUFFIX = "'s base)"


def is_base(place: str) -> bool:
    """Is ``place`` inside a base?  (A flipped base holds nobody: its warriors are
    discarded with it.)"""
    return place.endswith(BASE_SUFFIX)


class Base(NamedTuple):
    """One base: its owner, fortification card, battlefield, Destiny, Promotion
    banked, and whether it is flipped face down."""

    seat: int
    fort: str
    field: str
    destiny: int
    promotion: int = 0
    flipped: bool = False

    @property
    def place(self) -> str:
        return _place_name(self.fort, self.seat, BASE_SUFFIX)

    @property
    def field_place(self) -> str:
        return _place_name(self.field, self.seat, "'s battlefield)")


@lru_cache(maxsize=1024)
def _place_name(card: str, seat: int, suffix: str) -> str:
    """A base's or a battlefield's name as a place (asked at every step of a game: made once)."""
    return f"{card} (seat {seat}{suffix}"


class HomeBoard(NamedTuple):
    """The bases (every player's, in seat order, left to right), each warrior's
    base (``(uid, base index)``), the Promotion warriors carry (``(uid, points)``),
    and per seat the Promotion already put somewhere (to route new points)."""

    bases: tuple[Base, ...]
    origin: tuple[tuple[int, int], ...] = ()
    carried: tuple[tuple[int, int], ...] = ()
    routed: tuple[int, ...] = ()

    def carry(self, uid: int) -> int:
        return dict(self.carried).get(uid, 0)

    def home(self, uid: int) -> int | None:
        return dict(self.origin).get(uid)

    def of(self, seat: int) -> list[int]:
        return [i for i, b in enumerate(self.bases) if b.seat == seat]


__all__ = ["BASE_SUFFIX", "Base", "is_base", "HomeBoard", "HomeTurfData", "Setup", "check_setups", "home_turf_path", "load_home_turf"]
