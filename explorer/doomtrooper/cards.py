"""Doomtrooper cards: the seven card types of the basic set as immutable values,
and the sample card pool from ``data/doomtrooper/cards.toml``.

The card values are records (:func:`explorer.core.tuples.record`): they read,
compare, hash, print and copy (``_replace``) as named tuples do, and their fields
are read faster, as the rules read them all the time (``game.pool[t.card].value``).

Card types are a registry (:data:`CARD_TYPES`): each has its value class, the
model its data rows are checked against, and the action that puts it into play.
The next expansions add rows (Relics, Warzones, Ki Powers, Alliances, Beasts)
rather than new code paths.  Card effects are functions registered by name in
:mod:`explorer.doomtrooper.effects`; the data names them, nothing is evaluated.

The sample pool is ours: the rulebook prints no card list.  The two warriors
its examples rate keep those ratings (Sean Gallagher: Fight 10, Shoot 5,
Armor 8; the Nepharite of Ilian: 8, 8, 7).

>>> pool = load_pool()
>>> sean = pool["Sean Gallagher"]
>>> sean.fight, sean.shoot, sean.armor, sean.value
(10, 5, 8, 6)
>>> pool["Violator Sword"].kind
'fight weapon'
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from ..core.data import (DataError, Range, cached_file, check_range, companion, data_path, read_range, read_toml,
                         validate)
from ..core.tuples import record
from . import effects as E
from .affiliations import Affiliations, load_affiliations

RATINGS = ("fight", "shoot", "armor", "value")
TACTICS = ("fight", "shoot")
STRIKES = ("", "first", "ends", "always")  # none; strikes first; ends the combat if it hits; even against a striker
IMMUNITIES = ("art", "gifts", "dark_symmetry")  # the three kinds ("Immunity")
ASPECTS = ("Changeling", "Elements", "Exorcism", "Kinetics", "Manipulation", "Mentalism", "Premonition")
WEAPONS = ("fight weapon", "shoot weapon", "fight/shoot weapon", "special weapon")
EQUIPMENT_KINDS = ("equipment", "armor", "vehicle") + WEAPONS


# -- the card values ---------------------------------------------------------------------------

def _copy_card(card: Any) -> Any:
    """A copy of ``card``, field by field (a record's ``_copy``): cards are built once per pool
    and copied only by ``_replace`` (a warrior described for the odds), never in a game."""
    return type(card)(**card._asdict())


@record
class Warrior:
    """A warrior card (or any warrior you describe for the odds).

    ``keywords`` are its designations (``Personality``, ``Mortificator``,
    ``Heretic``, ``Infantry``; a keyword naming an affiliation is one it has
    gained); ``considered`` what it is "considered a", by name only.
    ``wounded`` and ``equipment`` (names of pool cards, or :class:`Equipment`
    values) describe a warrior's situation for :mod:`explorer.doomtrooper.odds`;
    cards in the pool have neither.
    """

    name: str
    fight: int
    shoot: int
    armor: int
    value: int
    affiliation: str
    keywords: tuple[str, ...] = ()
    strike_first: str = ""
    immune: tuple[str, ...] = ()
    aspects: tuple[str, ...] = ()
    follower_of: str = ""
    considered: tuple[str, ...] = ()
    combat: bool = True
    wounded: bool = False
    equipment: tuple[Any, ...] = ()
    text: str = ""
    command: tuple[tuple[str, int], ...] = ()  # first-edition Sergeants: what the Sergeant gives his group

    type = "warrior"
    _copy = _copy_card

    @property
    def personality(self) -> bool:
        return "Personality" in self.keywords

    def rating(self, name: str) -> int:
        return getattr(self, name)


@record
class Equipment:
    """Equipment: plain, a weapon (Fight, Shoot, Fight/Shoot or Special), armor, or
    a vehicle.  Ratings are what it adds; ``foe_armor`` what it does to the
    opponent's Armor; ``who`` the class of warrior that may carry it;
    ``restricts`` (vehicles) what other equipment it stops working inside it."""

    name: str
    kind: str
    fight: int = 0
    shoot: int = 0
    armor: int = 0
    value: int = 0
    foe_armor: int = 0
    who: str = "any"
    restricts: str = "none"
    vehicle_type: str = ""
    text: str = ""

    type = "equipment"
    _copy = _copy_card

    @property
    def weapon(self) -> bool:
        return self.kind in WEAPONS

    def usable_in(self, tactic: str) -> bool:
        """A weapon works only in its own kind of combat ("Equip Warrior")."""
        k = self.kind
        return k == "fight/shoot weapon" or k == "special weapon" or k == f"{tactic} weapon"


@record
class Fortification:
    """A fortification, built in an area; it helps that area's warriors of class ``applies_to``."""

    name: str
    area: str
    fight: int = 0
    shoot: int = 0
    armor: int = 0
    value: int = 0
    applies_to: str = "any"
    text: str = ""

    type = "fortification"
    _copy = _copy_card


@record
class Art:
    """An Art spell of an ``aspect``: a ``combat`` spell (any caster), a ``personal``
    combat spell (a caster fighting in the combat), or a ``turn`` spell (cast in
    your turn, attached to its target).  ``cost`` in Destiny Points; ``boost``:
    how much each further Destiny Point fed to it in combat adds (0: none)."""

    name: str
    aspect: str
    spell: str
    cost: int
    effect: str
    params: tuple[tuple[str, Any], ...] = ()
    boost: int = 0
    text: str = ""

    type = "art"
    _copy = _copy_card


@record
class Gift:
    """A Dark Symmetry card: every one is a gift, ``lesser`` or of an ``apostle``."""

    name: str
    level: str
    apostle: str = ""
    fight: int = 0
    shoot: int = 0
    armor: int = 0
    value: int = 0
    strike_first: str = ""
    text: str = ""

    type = "dark_symmetry"
    _copy = _copy_card


@record
class Mission:
    """A mission, assigned to an ``own warrior``, an ``opponent warrior``, ``self``
    or an ``opponent``; ``effect`` names the trigger, ``params`` its terms."""

    name: str
    assign: str
    effect: str
    params: tuple[tuple[str, Any], ...] = ()
    text: str = ""

    type = "mission"
    _copy = _copy_card


@record
class Special:
    """A Special card played at its ``timing``: ``combat`` (the modify step),
    ``turn`` (your actions step, costing no action) or ``response`` (when an
    opponent does something the card answers)."""

    name: str
    timing: str
    effect: str
    params: tuple[tuple[str, Any], ...] = ()
    text: str = ""
    keywords: tuple[str, ...] = ()  # designations (the Mortificator expansion's "Poison")

    type = "special"
    _copy = _copy_card


Card = Warrior | Equipment | Fortification | Art | Gift | Mission | Special


# -- the data models -----------------------------------------------------------------------------

def _not_blank(text: str) -> str:
    if not text.strip():
        raise ValueError("empty")
    return text


_Text = Annotated[str, AfterValidator(_not_blank)]
_Strings = Annotated[tuple[str, ...], Field(strict=False)]


class _Base(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: _Text
    type: str
    text: str = ""


class _ModifierRow(_Base):
    """A card whose ratings add to a warrior's (0: leaves that rating alone)."""

    fight: int = 0
    shoot: int = 0
    armor: int = 0
    value: int = 0


class _WarriorRow(_Base):
    fight: int
    shoot: int
    armor: int
    value: int = Field(ge=0)
    affiliation: _Text
    keywords: _Strings = ()
    strike_first: Literal[STRIKES] = ""  # type: ignore[valid-type]
    immune: tuple[Literal[IMMUNITIES], ...] = Field(default=(), strict=False)  # type: ignore[valid-type]
    aspects: _Strings = ()
    follower_of: str = ""
    considered: _Strings = ()
    combat: bool = True
    command: dict[Literal[RATINGS], int] = {}  # type: ignore[valid-type]


class _EquipmentRow(_ModifierRow):
    kind: Literal[EQUIPMENT_KINDS]  # type: ignore[valid-type]
    foe_armor: int = 0
    who: str = "any"
    restricts: Literal["none", "weapons", "equipment"] = "none"
    vehicle_type: str = ""


class _FortificationRow(_ModifierRow):
    area: _Text
    applies_to: str = "any"


class _ArtRow(_Base):
    aspect: Literal[ASPECTS]  # type: ignore[valid-type]
    spell: Literal["combat", "personal", "turn"]
    cost: int = Field(ge=0)
    effect: _Text
    params: dict[str, Any] = {}
    boost: int = Field(default=0, ge=0)


class _GiftRow(_ModifierRow):
    level: Literal["lesser", "apostle"]
    apostle: str = ""
    strike_first: Literal[STRIKES] = ""  # type: ignore[valid-type]


class _MissionRow(_Base):
    assign: Literal["own warrior", "opponent warrior", "self", "opponent"]
    effect: _Text
    params: dict[str, Any] = {}


class _SpecialRow(_Base):
    timing: Literal["combat", "turn", "response"]
    effect: _Text
    params: dict[str, Any] = {}
    keywords: _Strings = ()


class CardType(NamedTuple):
    """One card type: its value class, its data model, and the action that puts
    it into play (``None``: it is played as the card says, not as an action);
    ``build(data, path, affiliations)``, if given, makes the card from its checked
    row (the expansions' types: Beasts, ...)."""

    name: str
    value: type
    row: type[BaseModel]
    action: str | None
    build: Any = None


#: The card types, by the ``type`` their data rows carry.
CARD_TYPES: dict[str, CardType] = {}


def register_card_type(name: str, value: type, row: type[BaseModel], action: str | None, build: Any = None) -> None:
    """Add a card type (the next expansions add Relics, Warzones, Ki Powers, ...)."""
    if name in CARD_TYPES:
        raise ValueError(f"card type {name!r} registered twice")
    CARD_TYPES[name] = CardType(name, value, row, action, build)


register_card_type("warrior", Warrior, _WarriorRow, "Muster")
register_card_type("equipment", Equipment, _EquipmentRow, "Equip")
register_card_type("fortification", Fortification, _FortificationRow, "Build")
register_card_type("art", Art, _ArtRow, None)
register_card_type("dark_symmetry", Gift, _GiftRow, "Bestow")
register_card_type("mission", Mission, _MissionRow, "Assign")
register_card_type("special", Special, _SpecialRow, None)


# -- the pool ------------------------------------------------------------------------------------

class Pool(dict):
    """The card pool: name -> card, in file order, with where it came from.  A
    read-only dict: the rules look cards up all the time, and a plain dict
    lookup is the cheapest there is."""

    def __init__(self, cards: Mapping[str, Card], origin: str, affiliations: Affiliations,
                 absent: frozenset[str] = frozenset()):
        super().__init__(cards)
        self.origin = origin
        self.affiliations = affiliations
        self.absent = absent  # cards the rulebook names that the pool lacks (a ban may name them)

    def __hash__(self) -> int:
        return id(self)

    def __reduce__(self):
        return Pool, (dict(self), self.origin, self.affiliations, self.absent)

    def _read_only(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("the card pool is read-only (make a new one: with_cards)")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _read_only

    def of_type(self, kind: str) -> tuple[Card, ...]:
        return tuple(c for c in self.values() if c.type == kind)

    def with_cards(self, extra: Mapping[str, Card]) -> Pool:
        """This pool with more cards (described warriors for the odds)."""
        return Pool({**self, **extra}, self.origin, self.affiliations, self.absent)

    def make_up(self) -> dict[str, Counter]:
        """Cards per type, and warriors per affiliation (the report's "make-up")."""
        return {"types": Counter(c.type for c in self.values()),
                "affiliations": Counter(c.affiliation for c in self.values() if c.type == "warrior")}


def pool_path() -> Path:
    return data_path("doomtrooper", "cards.toml")


def load_pool(path: str | os.PathLike | None = None, affiliations: str | os.PathLike | None = None) -> Pool:
    """Read and check the card pool (default ``data/doomtrooper/cards.toml``)."""
    path = Path(path) if path is not None else pool_path()
    aff = Path(affiliations) if affiliations is not None else companion(path, "doomtrooper", "affiliations.toml")
    return _load(path, aff)


def _params(raw: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in raw.items()))


class _PoolMeta(BaseModel):
    """``[pool]``: where the cards come from, the names they may cite, the ranges of their numbers."""

    model_config = ConfigDict(extra="forbid", strict=True)
    origin: _Text
    apostles: _Strings
    vehicle_types: _Strings
    ranges: dict[Literal["rating", "modifier", "cost"], Any]
    absent: _Strings = ()


class Declared(NamedTuple):
    """What ``[pool]`` declares: the Apostles, the vehicle types, the number ranges,
    the rulebook's cards the pool lacks."""

    apostles: frozenset[str]
    vehicle_types: frozenset[str]
    ranges: Mapping[str, Range]
    absent: frozenset[str]


#: The vehicle types the rules read by name (first-edition vehicles: no Fight combat inside).
VEHICLE_TYPES_READ = ("airship", "submarine")
#: No number on a card goes beyond this, whatever range the file declares.
RATING_CEILING = 100

#: The fields naming a class of warrior (an affiliation, a group, doomtrooper, any, a keyword).
CLASS_FIELDS = ("who", "applies_to", "against")


@cached_file
def _load(path: Path, aff_path: Path) -> Pool:
    raw = read_toml(path)
    unknown = set(raw) - {"pool", "card"}
    if unknown:
        raise DataError(path, sorted(unknown)[0], None, "unknown table (expected [pool] and [[card]])")
    if not isinstance(raw.get("pool"), dict) or "origin" not in raw["pool"]:
        raise DataError(path, "pool", "origin", "say where the cards come from ([pool] origin = \"...\")")
    declared = _declared(validate(_PoolMeta, raw["pool"], path, "pool"), path)
    aff = load_affiliations(aff_path)
    rows = raw.get("card")
    if not rows or not isinstance(rows, list):
        raise DataError(path, None, "card", "no [[card]] entries")
    cards: dict[str, Card] = {}
    seen: dict[str, int] = {}
    for i, row in enumerate(rows):
        name = row.get("name") if isinstance(row, dict) else None
        label = str(name) if name else f"#{i + 1}"
        kind = row.get("type") if isinstance(row, dict) else None
        if kind not in CARD_TYPES:
            raise DataError(path, label, "type", f"unknown card type {kind!r} (known: {', '.join(CARD_TYPES)})")
        if isinstance(name, str) and name.casefold() in seen:
            raise DataError(path, label, "name", f"duplicate name {name!r} (entry #{seen[name.casefold()] + 1} has it)")
        model = validate(CARD_TYPES[kind].row, row, path, label)
        _check_numbers(row, kind, declared.ranges, path, label)
        _check_names(model.model_dump(), declared, aff, path, label)
        seen[model.name.casefold()] = i
        cards[model.name] = _card(model, kind, path, aff)
    for name in declared.absent:
        if name in cards:
            raise DataError(path, "pool", "absent", f"{name!r} is a card of the pool, not an absent one")
    return Pool(cards, raw["pool"]["origin"].strip(), aff, declared.absent)


def _declared(meta: _PoolMeta, path: Path) -> Declared:
    missing = {"rating", "modifier", "cost"} - set(meta.ranges)
    if missing:
        raise DataError(path, "pool", f"ranges.{sorted(missing)[0]}", "missing: every number on a card has a range")
    floors = {"rating": 0, "modifier": -RATING_CEILING, "cost": 0}
    ranges = {k: read_range(v, path, "pool", f"ranges.{k}", floor=floors[k], ceiling=RATING_CEILING)
              for k, v in meta.ranges.items()}
    for kind in VEHICLE_TYPES_READ:
        if kind not in meta.vehicle_types:
            raise DataError(path, "pool", "vehicle_types", f"missing {kind!r}: the first-edition vehicle rules tell "
                                                           "it apart")
    return Declared(frozenset(meta.apostles), frozenset(meta.vehicle_types), MappingProxyType(ranges),
                    frozenset(meta.absent))


def _check_numbers(row: Mapping[str, Any], kind: str, ranges: Mapping[str, Range], path: Path, name: str) -> None:
    """Every whole number of a card row, and of its ``params``, inside its declared range."""
    def allowed(field: str) -> Range:
        if field in ("cost", "boost"):
            return ranges["cost"]
        return ranges["rating"] if kind == "warrior" and field in RATINGS else ranges["modifier"]

    for field, value in row.items():
        if type(value) is int:
            check_range(value, allowed(field), path, name, field)
    for field, value in (row.get("params") or {}).items():
        if type(value) is int:
            check_range(value, ranges["modifier"], path, name, f"params.{field}")
    for field, value in (row.get("command") or {}).items():
        check_range(value, ranges["modifier"], path, name, f"command.{field}")


def _check_names(data: Mapping[str, Any], declared: Declared, aff: Affiliations, path: Path,
                 name: str) -> None:
    """Every name a card row cites is one that exists: its Apostle, its vehicle type,
    its keywords (declared in affiliations.toml) and the classes it names."""
    for field in ("follower_of", "apostle"):
        if data.get(field) and data[field] not in declared.apostles:
            raise DataError(path, name, field, f"no Apostle named {data[field]!r} (declared in [pool] apostles: "
                                               f"{', '.join(sorted(declared.apostles))})")
    if data.get("vehicle_type") and data["vehicle_type"] not in declared.vehicle_types:
        raise DataError(path, name, "vehicle_type", f"unknown vehicle type {data['vehicle_type']!r} (declared in "
                                                    f"[pool] vehicle_types: {', '.join(sorted(declared.vehicle_types))})")
    for field in ("keywords", "considered"):
        for word in data.get(field) or ():
            if word not in aff.keywords and word not in aff.of:
                raise DataError(path, name, field, f"unknown keyword {word!r} (declared in affiliations.toml "
                                                   f"[[keyword]]: {', '.join(aff.keywords)}; or an affiliation)")
    for field in CLASS_FIELDS:
        if isinstance(data.get(field), str):
            _check_class(data[field], aff, path, name, field)
    areas = [a for a, _ in aff.areas]
    if isinstance(data.get("area"), str) and data["area"] not in areas + ["any"]:
        raise DataError(path, name, "area", f"unknown area {data['area']!r} (known: {', '.join(areas)}, any)")


def _card(model: BaseModel, kind: str, path: Path, aff: Affiliations) -> Card:
    data = model.model_dump()
    data.pop("type")
    name = data["name"]
    build = CARD_TYPES[kind].build
    if build is not None:
        return build(data, path, aff)
    if kind == "warrior":
        if data["affiliation"] not in aff.of:
            raise DataError(path, name, "affiliation", f"unknown affiliation {data['affiliation']!r} "
                                                       f"(known: {', '.join(aff.of)})")
        for a in data["aspects"]:
            if a != "all" and a not in ASPECTS:
                raise DataError(path, name, "aspects", f"unknown aspect of the Art {a!r} (known: all, "
                                                       f"{', '.join(ASPECTS)})")
        data["command"] = tuple(sorted(data["command"].items()))
        return Warrior(**{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()})
    if kind == "equipment":
        if data["kind"] != "vehicle" and (data["restricts"] != "none" or data["vehicle_type"]):
            raise DataError(path, name, "restricts", "only a vehicle restricts other equipment or has a vehicle type")
        return Equipment(**data)
    if kind == "fortification":
        if data["area"] not in {a for a, _ in aff.areas}:
            raise DataError(path, name, "area", f"unknown area {data['area']!r} (known: "
                                                f"{', '.join(a for a, _ in aff.areas)})")
        return Fortification(**data)
    if kind == "dark_symmetry":
        if (data["level"] == "apostle") != bool(data["apostle"]):
            raise DataError(path, name, "apostle", "a Gift of an Apostle names its Apostle; a lesser gift names none")
        return Gift(**data)
    # the card types whose effect is a registered function
    timing = {"art": lambda d: "turn" if d["spell"] == "turn" else "combat",
              "mission": lambda d: "mission", "special": lambda d: d["timing"]}[kind](data)
    try:
        params = E.check(data["effect"], timing, data["params"])
    except E.EffectError as exc:
        raise DataError(path, name, exc.field, exc.problem) from None
    for key in ("who", "against", "victim"):
        if key in params:
            _check_class(params[key], aff, path, name, f"params.{key}")
    data["params"] = _params(params)
    return CARD_TYPES[kind].value(**data)


def _check_class(cls: str, aff: Affiliations, path: Path, name: str, field: str) -> None:
    if cls != "any" and cls not in aff.known_classes:
        raise DataError(path, name, field, f"unknown class {cls!r} (an affiliation, a group, doomtrooper, any, "
                                           "or a keyword declared in affiliations.toml)")


__all__ = ["ASPECTS", "Art", "CARD_TYPES", "Card", "CardType", "EQUIPMENT_KINDS", "Equipment", "Fortification", "Gift",
           "IMMUNITIES", "Declared", "Mission", "Pool", "RATINGS", "STRIKES", "Special", "TACTICS", "WEAPONS", "Warrior",
           "load_pool", "pool_path", "register_card_type"]
