"""The cards: both card lists as data, the token kinds, and the decks.

``data/victorian/heroes.toml`` and ``villains.toml`` hold every card of the
rulebook's two lists (name, type, Fight, Track, traits, and the registered
effect with its parameters); ``tokens.toml`` the kinds of token; ``decks.toml``
how many copies of each card a deck holds (one of each unless it says otherwise:
the rulebook's "unique deck").  Every file is checked as it is read; a problem is
a :class:`~explorer.core.data.DataError` naming the file, the card and the field.

>>> cards = load_cards("heroes")
>>> holmes = cards["Sherlock Holmes"]
>>> holmes.type, holmes.fight, holmes.track, sorted(holmes.traits)
('C', 1, 4, ['Detective', 'Scholar', 'Swordsman'])
>>> deck = load_deck("heroes")
>>> len(deck), sum(c.type == "C" for c in deck)
(59, 18)
>>> card_text(None, "Sherlock Holmes")
'Sherlock Holmes: Character of the Heroes, Fight 1, Track 4; Detective, Scholar, Swordsman. Rule: RECRUIT PHASE (recruit).'
>>> card_text(None, "Saber")
'Saber: Weapon of the Heroes, Fight +1. Attached to a unit with Swordsman, adds its Fight and Track. Rule: RECRUIT PHASE: attachments (recruit.attach).'
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..core.data import DataError, cached_file, companion, data_path, read_toml, validate, validate_entries
from ..core.events import RuleRef
from ..core.rulebook import rule_name
from . import sections as R
from .effects import EFFECTS, Params

SIDES = ("heroes", "villains")

#: Card types (the rulebook's "CARD TYPE NOTATION") and which side's list may hold them.
TYPES: Mapping[str, str] = MappingProxyType({
    "C": "Character", "M": "Mastermind", "L": "Location", "E": "Event", "W": "Weapon", "V": "Vehicle", "P": "Plot",
})
SIDE_TYPES: Mapping[str, frozenset[str]] = MappingProxyType({
    "heroes": frozenset("CLEWV"),
    "villains": frozenset("MCLEWVP"),
})
#: Types that are units when in play (characters and masterminds).
UNIT_TYPES = frozenset("CM")

#: The traits the rules give a meaning to, with what each is: the rulebook's "CARD
#: TRAITS", plus the ones its card lists use (Vampire; Martian, ours: marks the card the
#: Martian rules speak of).  The data declares the traits cards may carry
#: (``data/victorian/traits.toml``): every one of these, and any more descriptors.
TRAITS: Mapping[str, str] = MappingProxyType({
    "Minor Character": "rank", "Major Character": "rank", "Mastermind": "rank",
    "Brawler": "descriptor", "Marksman": "descriptor", "Swordsman": "descriptor", "Brute": "descriptor",
    "Detective": "descriptor", "Hunter": "descriptor", "Scholar": "descriptor", "Traveler": "descriptor",
    "Vampire": "descriptor",
    "Inventor": "invention", "Scientist": "invention",
    "Vehicle": "vehicle",
    "Genius": "genius",
    "Spy": "spy",
    "Immortal": "healing",
    "Holy": "combat",
    "Doctor": "healing",
    "Underling": "assassin",
    "Facilitator": "rolls",
    "Captain": "recruit",
    "Martian": "martians",
})

#: The range of every number an effect of a card is given (a bonus, a count): each
#: effect may narrow it (a count is at least 1).
PARAM_RANGE = (-10, 20)

#: Where a card of each type goes when it is put into play (see recruit.attach).
ATTACH = {"W": "unit", "V": "unit"}


@dataclass(frozen=True)
class Card:
    """One card of a list.  ``fight``/``track``: for a character its own, for a
    weapon or vehicle what it adds to the unit it is attached to."""

    name: str
    type: str
    side: str
    fight: int = 0
    track: int = 0
    traits: frozenset[str] = frozenset()
    effect: str | None = None
    params: Params | None = None
    note: str = ""
    ours: tuple[str, ...] = ()
    pronoun: str = "he"
    text: str = ""
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.name, self.side)))

    def __hash__(self) -> int:
        return self._hash

    def has(self, *traits: str) -> bool:
        """Whether the card has any of ``traits``."""
        return not self.traits.isdisjoint(traits)

    @property
    def is_unit(self) -> bool:
        return self.type in UNIT_TYPES

    @property
    def kind(self) -> str:
        return TYPES[self.type]

    def describe(self) -> str:
        bits = [f"{self.name} ({self.kind}"]
        if self.type in "CMWV":
            stats = []
            if self.fight or self.type in "CM":
                stats.append(f"Fight {self.fight:+d}" if self.type in "WV" else f"Fight {self.fight}")
            if self.track or self.side == "heroes" and self.type == "C":
                stats.append(f"Track {self.track:+d}" if self.type in "WV" else f"Track {self.track}")
            bits.append(", " + ", ".join(stats) if stats else "")
        bits.append(")")
        text = "".join(bits)
        if self.traits:
            text += " " + ", ".join(sorted(self.traits))
        if self.note:
            text += f": {self.note}"
        return text


@dataclass(frozen=True)
class TokenKind:
    """A kind of token: its name, the side whose units they are, their Fight."""

    name: str
    side: str
    fight: int
    ours: bool = False


# -- the files --------------------------------------------------------------------------------

class _EffectSpec(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True)
    name: str


class _CardSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str
    type: str
    fight: int | None = Field(default=None, ge=0, le=20)
    track: int | None = Field(default=None, ge=0, le=20)
    traits: tuple[str, ...] = Field(default=(), strict=False)
    effect: _EffectSpec | None = None
    note: str = ""
    ours: tuple[str, ...] = Field(default=(), strict=False)
    pronoun: Literal["he", "she", "it"] = "he"
    text: str = ""


class _TokenSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str
    side: str
    fight: int = Field(ge=0, le=20)
    ours: bool = False


def list_path(side: str) -> Path:
    """The card list of ``side`` in the data folder."""
    _check_side(side)
    return data_path("victorian", f"{side}.toml")


def _check_side(side: Any) -> None:
    if side not in SIDES:
        raise ValueError(f"the sides are 'heroes' and 'villains', not {side!r}")


def load_tokens(path: str | os.PathLike | None = None) -> Mapping[str, TokenKind]:
    """The token kinds (default ``data/victorian/tokens.toml``), by name."""
    return _tokens(Path(path) if path is not None else data_path("victorian", "tokens.toml"))


@cached_file
def _tokens(path: Path) -> Mapping[str, TokenKind]:
    raw = read_toml(path)
    for key in raw:
        if key != "token":
            raise DataError(path, key, None, "unknown table or key (expected [[token]] entries)")
    specs = validate_entries(_TokenSpec, raw.get("token", []), path, kind="token")
    out = {}
    for s in specs:
        if s.side not in SIDES:
            raise DataError(path, s.name, "side", f"{s.side!r} is not a side (heroes or villains)")
        out[s.name] = TokenKind(s.name, s.side, s.fight, s.ours)
    return MappingProxyType(out)


def load_traits(path: str | os.PathLike | None = None) -> Mapping[str, str]:
    """The traits cards may carry (default ``data/victorian/traits.toml``), each
    with what it is; every trait the rules give a meaning to must be declared."""
    return _traits(Path(path) if path is not None else data_path("victorian", "traits.toml"))


@cached_file
def _traits(path: Path) -> Mapping[str, str]:
    raw = read_toml(path)
    for key in raw:
        if key != "traits":
            raise DataError(path, key, None, "unknown table or key (expected [traits])")
    table = raw.get("traits")
    if not isinstance(table, dict) or not table:
        raise DataError(path, "traits", None, "missing table [traits]: name = what the trait is")
    kinds = sorted(set(TRAITS.values()))
    seen: dict[str, str] = {}
    for name, kind in table.items():
        if name.casefold() in seen or not name.strip():
            raise DataError(path, "traits", name, f"an empty name or one given twice (as {seen.get(name.casefold())!r})")
        seen[name.casefold()] = name
        if kind not in kinds:
            raise DataError(path, "traits", name, f"{kind!r} is not a kind of trait (the kinds: {', '.join(kinds)})")
        if name in TRAITS and TRAITS[name] != kind:
            raise DataError(path, "traits", name, f"the rules read {name} as a {TRAITS[name]} trait, not {kind!r}")
    for name in TRAITS:
        if name not in table:
            raise DataError(path, "traits", name, "missing: the rules give this trait a meaning, so it is declared")
    return MappingProxyType(dict(table))


def load_cards(side: str, path: str | os.PathLike | None = None) -> Mapping[str, Card]:
    """Every card of ``side``'s list (default ``data/victorian/<side>.toml``), by
    name in file order.  Checked against the token kinds beside it."""
    _check_side(side)
    path = Path(path) if path is not None else list_path(side)
    return _cards(path, companion(path, "victorian", "tokens.toml"), companion(path, "victorian", "traits.toml"), side)


@cached_file
def _cards_file(path: Path) -> tuple[Any, ...]:
    raw = read_toml(path)
    for key in raw:
        if key != "card":
            raise DataError(path, key, None, "unknown table or key (expected [[card]] entries)")
    if not raw.get("card"):
        raise DataError(path, None, "card", "no cards: a card list needs its [[card]] entries")
    return tuple(validate_entries(_CardSpec, raw["card"], path, kind="card"))


def _cards(path: Path, tokens_path: Path, traits_path: Path, side: str) -> Mapping[str, Card]:
    return _built(path, tokens_path, traits_path, side, _stamp_key(path, tokens_path, traits_path))


def _stamp_key(*paths: Path) -> tuple:
    out = []
    for p in paths:
        try:
            st = os.stat(p)
            out.append((os.path.abspath(p), st.st_mtime_ns, st.st_size))
        except OSError:
            out.append((os.path.abspath(p), 0, 0))
    return tuple(out)


_BUILT: dict[tuple, Mapping[str, Card]] = {}


def _built(path: Path, tokens_path: Path, traits_path: Path, side: str, key: tuple) -> Mapping[str, Card]:
    full = (key, side)
    hit = _BUILT.get(full)
    if hit is None:
        if len(_BUILT) > 32:
            _BUILT.clear()
        hit = _BUILT[full] = _build(path, tokens_path, traits_path, side)
    return hit


def _build(path: Path, tokens_path: Path, traits_path: Path, side: str) -> Mapping[str, Card]:
    specs = _cards_file(path)
    tokens = load_tokens(tokens_path)
    traits = load_traits(traits_path)
    cards: dict[str, Card] = {}
    for s in specs:
        cards[s.name] = _card(s, side, path, tokens, traits)
    _cross_check(cards, side, path)
    return MappingProxyType(cards)


def _card(s: _CardSpec, side: str, path: Path, tokens: Mapping[str, TokenKind], traits: Mapping[str, str]) -> Card:
    name = s.name
    if s.type not in TYPES:
        raise DataError(path, name, "type", f"unknown card type {s.type!r} (the types: "
                                            f"{', '.join(f'{k} {v}' for k, v in TYPES.items())})")
    if s.type not in SIDE_TYPES[side]:
        raise DataError(path, name, "type", f"the {side.title()}' list has no {TYPES[s.type]} cards "
                                            f"(allowed: {', '.join(sorted(SIDE_TYPES[side]))})")
    if s.type in UNIT_TYPES and s.fight is None:
        raise DataError(path, name, "fight", f"missing: every {TYPES[s.type]} has a Fight (write 0 for none)")
    if s.type in "ELP" and (s.fight or s.track):
        raise DataError(path, name, "fight" if s.fight else "track",
                        f"a {TYPES[s.type]} has no Fight or Track of its own")
    for t in s.traits:
        if t not in traits:
            raise DataError(path, name, "traits", f"unknown trait {t!r} (the traits declared in traits.toml: "
                                                  f"{', '.join(traits)})")
    if len(set(s.traits)) != len(s.traits):
        raise DataError(path, name, "traits", "a trait is listed twice")
    effect = params = None
    if s.effect is not None:
        effect = s.effect.name
        spec = EFFECTS.get(effect)
        if spec is None:
            known = ", ".join(sorted(n for n, e in EFFECTS.items() if e.on - {"table"}))
            raise DataError(path, name, "effect.name", f"no effect named {effect!r} (registered: {known})")
        if s.type not in spec.on:
            raise DataError(path, name, "effect.name", f"{effect!r} is not an effect a {TYPES[s.type]} can have "
                                                       f"(it goes on: {', '.join(sorted(spec.on))})")
        extra = {k: v for k, v in (s.effect.model_extra or {}).items()}
        params = validate(spec.params, extra, path, name)
        for key, value in extra.items():
            if type(value) is int and not PARAM_RANGE[0] <= value <= PARAM_RANGE[1]:
                raise DataError(path, name, f"effect.{key}", f"{value} is out of range: allowed {PARAM_RANGE[0]}.."
                                                             f"{PARAM_RANGE[1]}")
        for trait in getattr(params, "needs", ()):
            if trait not in traits:
                raise DataError(path, name, "effect.needs", f"unknown trait {trait!r}")
        token = getattr(params, "token", None)
        if token is not None:
            kind = tokens.get(token)
            if kind is None:
                raise DataError(path, name, "effect.token", f"no token kind {token!r} in tokens.toml "
                                                            f"(known: {', '.join(tokens)})")
            if kind.side != side:
                raise DataError(path, name, "effect.token", f"{token} tokens are the {kind.side}' units, not "
                                                            f"the {side}'")
        for t in getattr(params, "types", ()):
            if t not in TYPES:
                raise DataError(path, name, "effect.types", f"unknown card type {t!r}")
    elif s.type == "P":
        raise DataError(path, name, "effect", "missing: a plot card needs effect = { name = \"plot\", major = ... }")
    elif s.type in "WV":
        raise DataError(path, name, "effect", "missing: a weapon or vehicle needs effect = { name = \"gear\" } "
                                              "(or \"vessel\")")
    for f in s.ours:
        if f not in _CardSpec.model_fields:
            raise DataError(path, name, "ours", f"{f!r} is not a field of a card")
    if s.text and (not s.text.strip() or "\n" in s.text or len(s.text) > 200):
        raise DataError(path, name, "text", "a card's text is one line of our words, at most 200 characters")
    return Card(name, s.type, side, s.fight or 0, s.track or 0, frozenset(s.traits), effect, params, s.note,
                tuple(s.ours), s.pronoun, s.text)


def _cross_check(cards: Mapping[str, Card], side: str, path: Path) -> None:
    """Attachments must have a possible target in the deck."""
    traits = Counter(t for c in cards.values() if c.is_unit for t in c.traits)
    for c in cards.values():
        if c.effect == "gear" and c.params.needs and not any(traits[t] for t in c.params.needs):
            raise DataError(path, c.name, "effect.needs", f"no unit on the {side}' list has "
                                                          f"{' or '.join(c.params.needs)}: this card could never be "
                                                          "attached")
        if c.effect == "gear" and c.params.on == "vehicle" and c.type != "W":
            raise DataError(path, c.name, "effect.on", "only a weapon can go on a vehicle")
        if c.effect == "vessel":
            captain = cards.get(c.params.captain)
            if captain is None:
                raise DataError(path, c.name, "effect.captain", f"no card {c.params.captain!r} on the {side}' list to "
                                                                "carry this vessel")
            if "Captain" not in captain.traits or not captain.is_unit:
                raise DataError(path, c.name, "effect.captain", f"{captain.name} is not a Captain: a vessel goes "
                                                                "only on its own captain")
        if c.type == "C" and side == "villains" and not any(x.type == "M" for x in cards.values()):
            raise DataError(path, c.name, "type", "a minor villain goes on a Mastermind, and the list has none")
        if c.type == "L" and side == "villains" and not any(x.type == "M" for x in cards.values()):
            raise DataError(path, c.name, "type", "a villain Location goes on a Mastermind, and the list has none")
        if "Mastermind" in c.traits and c.type != "M":
            raise DataError(path, c.name, "traits", "only a Mastermind card (type M) can have the Mastermind trait")


# -- decks ------------------------------------------------------------------------------------

class _DeckSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    counts: dict[str, int] = {}


def decks_path() -> Path:
    return data_path("victorian", "decks.toml")


def deck_counts(side: str, path: str | os.PathLike | None = None, cards_path: str | os.PathLike | None = None) \
        -> Mapping[str, int]:
    """How many copies of each card ``side``'s deck holds, in list order."""
    _check_side(side)
    path = Path(path) if path is not None else decks_path()
    cards_path = Path(cards_path) if cards_path is not None else companion(path, "victorian", f"{side}.toml")
    cards = load_cards(side, cards_path)
    spec = _decks(path).get(side)
    counts = dict.fromkeys(cards, 1)
    if spec is not None:
        for name, n in spec.counts.items():
            if name not in cards:
                raise DataError(path, side, f"counts.{name}", f"no card {name!r} on the {side}' list")
            if not 0 <= n <= 20:
                raise DataError(path, side, f"counts.{name}", f"{n} copies: allowed 0 to 20")
            counts[name] = n
    if not any(counts.values()):
        raise DataError(path, side, "counts", "the deck would be empty")
    needed = "M" if side == "villains" else "C"
    if not any(n and cards[name].type == needed for name, n in counts.items()):
        raise DataError(path, side, "counts", f"the deck holds no {TYPES[needed]}: the {side} could never put a "
                                              "unit into play")
    return MappingProxyType({n: k for n, k in counts.items() if k})


@cached_file
def _decks(path: Path) -> Mapping[str, _DeckSpec]:
    raw = read_toml(path)
    out = {}
    for key, table in raw.items():
        if key not in SIDES:
            raise DataError(path, key, None, "unknown table (expected [heroes] and [villains])")
        out[key] = validate(_DeckSpec, table, path, key)
    return out


def load_deck(side: str, path: str | os.PathLike | None = None) -> list[Card]:
    """The cards of ``side``'s deck (``"heroes"`` or ``"villains"``), one entry per
    copy, in list order; each has ``.name`` and ``.type`` (one of C, L, E, W, V,
    M, P)."""
    counts = deck_counts(side, path)
    cards = load_cards(side, companion(Path(path) if path is not None else decks_path(), "victorian", f"{side}.toml"))
    return [cards[name] for name, n in counts.items() for _ in range(n)]


# -- a card's text -----------------------------------------------------------------------------------

#: The rule a card of each type is played under.
TYPE_RULES: Mapping[str, RuleRef] = MappingProxyType({
    "C": R.RECRUIT, "M": R.RECRUIT, "L": R.RECRUIT, "W": R.ATTACH, "V": R.ATTACH, "E": R.EVENTS, "P": R.PLOT})
_PLACEHOLDERS = re.compile(r"\b(amount|count|markers|cards)\b")


def effect_text(card: Card) -> str:
    """What the card's registered effect does (its summary), the numbers, token
    kinds, card types and traits filled in from the card's data."""
    if card.effect is None:
        return ""
    params = card.params.model_dump() if card.params is not None else {}
    text = EFFECTS[card.effect].summary
    if "token" in params:
        count = params.get("count", 1)
        token = f"{params['token']} token" + ("" if count == 1 else "s")
        text = text.replace("count tokens", f"{count} {token}").replace("one token of its kind", f"one {token}")
        text = text.replace(f"1 {token} join ", f"1 {token} joins ")
    if "types" in params:
        text = text.replace("a card of the given types", f"a {' or '.join(TYPES[t] for t in params['types'])} card")
    if card.effect == "plot":
        text = f"a {'major' if params['major'] else 'minor'} plot: gathers Plot counters on a Mastermind"
    text = text.replace(" (or - for a penalty)", " (on an opposing unit)" if params.get("against") else "")
    when = " in the Assassin Phase" if params.get("phase") == "assassin" else " this turn"
    text = text.replace(" this turn (or in the Assassin Phase)", when)
    needs = params.get("needs") or ()
    text = text.replace(" (with one of the traits, if any are named)", f" with {' or '.join(needs)}" if needs else "")
    text = _PLACEHOLDERS.sub(lambda m: str(params.get(m.group(1), m.group(1))), text).replace("+-", "-")
    if needs and " with " not in text:
        text += f" (a unit with {' or '.join(needs)})"
    return text + (" (every unit of the side)" if params.get("all") else "")


def card_text(game: Any, name: str) -> str:
    """The card ``name`` in our words: its type and side, Fight and Track, traits,
    what it does (our ``text``, else our ``note``, else its effect's summary) and
    the rule it is played under.  ``game``: whose cards (``None``: the loaded lists).
    A token kind's text says whose units they are and their Fight."""
    card = game.card_or_none(name) if game is not None else _loaded_card(name)
    if card is None:
        token = (game.tokens if game is not None else load_tokens()).get(name)
        if token is None:
            return f"{name}: not a card of this game."
        return (f"{name}: a token of the {token.side.title()}, Fight {token.fight}: a unit and a minion. "
                f"Rule: {rule_name(R.TOKENS)}.")
    stats = []
    if card.type in "CMWV" and (card.fight or card.type in "CM"):
        stats.append(f"Fight {card.fight:+d}" if card.type in "WV" else f"Fight {card.fight}")
    if card.type in "CMWV" and (card.track or (card.side == "heroes" and card.type == "C")):
        stats.append(f"Track {card.track:+d}" if card.type in "WV" else f"Track {card.track}")
    text = ", ".join([f"{name}: {card.kind} of the {card.side.title()}", *stats])
    if card.traits:
        text += "; " + ", ".join(sorted(card.traits))
    does = card.text or card.note or effect_text(card)
    text += "." + (f" {does[:1].upper()}{does[1:]}" + ("" if does.endswith(".") else ".") if does else "")
    rule = TYPE_RULES[card.type]
    return text + f" Rule: {rule_name(rule)}."


def _loaded_card(name: str) -> Card | None:
    for side in SIDES:
        card = load_cards(side).get(name)
        if card is not None:
            return card
    return None


__all__ = ["ATTACH", "Card", "TYPE_RULES", "card_text", "effect_text",
           "SIDES", "SIDE_TYPES", "TRAITS", "TYPES", "TokenKind", "UNIT_TYPES", "deck_counts",
           "load_cards", "load_traits", "load_deck", "load_tokens"]
