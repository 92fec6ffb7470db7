"""Variants: a named set of overrides of a game's rules and data.

A variant names rule numbers and switches as the game's rules file does
(``maneuver_target = 7``) and card or villain stats by their name
(``"villain.Doctor Cortex.mental_attack" = 6``).  It comes from a dict or a TOML
file::

    name = "easier maneuvers"
    [overrides]
    maneuver_target = 7

An unknown name or a value outside its declared range is a
:class:`~explorer.core.data.DataError` (file, variant, override), never a
silent no-op: the game builds the variant once, up front, to check it.  A file
without a name or without overrides is refused too: it would play the base game
and call it a variant.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

from ..core.data import DataError, read_toml
from ..games import GAMES, spec


class Variant(NamedTuple):
    """A named set of overrides; ``source`` says where it came from (for errors)."""

    name: str
    overrides: tuple[tuple[str, Any], ...]
    source: str = "the rules given in code"

    @property
    def mapping(self) -> dict[str, Any]:
        return dict(self.overrides)

    def describe(self) -> str:
        """The variant as people read it: its name, unless the name only repeats its overrides,
        then each override as a rules file writes it (text unquoted).

        >>> variant({"dice": "2d6"}).describe(), variant({"dice": "2d6"}, name="rolled").describe()
        ('dice = 2d6', 'rolled: dice = 2d6')
        >>> BASE.describe()
        'base (the data as it is)'
        """
        if not self.overrides:
            return f"{self.name} (the data as it is)"
        rules = ", ".join(f"{k} = {value_text(v)}" for k, v in self.overrides)
        return rules if self.name == label(self.overrides) else f"{self.name}: {rules}"


def value_text(value: Any) -> str:
    """A rule's value as a rules file writes it: ``true``, ``7``, ``2d6`` (no quotes, no Python spelling)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def label(overrides: tuple[tuple[str, Any], ...]) -> str:
    """The name of a variant given as a dict without one: its overrides, ``dice=2d6, sabotage=true``."""
    return ", ".join(f"{k}={value_text(v)}" for k, v in overrides)


BASE = Variant("base", ())


def rules_of(text: Any) -> dict[str, Any]:
    """The overrides a variant's description names (:meth:`Variant.describe`, read back).

    >>> rules_of("base (the data as it is)"), rules_of("rolled: dice = 2d6, sabotage = true")
    ({}, {'dice': '2d6', 'sabotage': True})
    """
    text = str(text)
    if text.endswith("(the data as it is)"):
        return {}
    head, sep, tail = text.partition(": ")
    if sep and " = " not in head:
        text = tail
    out = {}
    for part in text.split(", "):
        name, eq, value = part.partition(" = ")
        if not eq or not name.strip():
            raise ValueError(f"cannot read the rules of {text!r}")
        out[name.strip()] = _typed(value.strip())
    return out


def _typed(text: str) -> Any:
    """A value as :func:`value_text` wrote it, read back (``true``, ``7``, ``0.5``, ``2d6``)."""
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def variant(spec: Variant | Mapping[str, Any] | str | os.PathLike | None, name: str | None = None) -> Variant:
    """A :class:`Variant` from a dict of overrides, a TOML file, or a variant."""
    if spec is None:
        return BASE
    if isinstance(spec, Variant):
        return spec
    if isinstance(spec, Mapping):
        items = tuple(sorted(spec.items()))
        return Variant(name or label(items) or "base", items)
    path = Path(spec)
    raw = read_toml(path)
    unknown = set(raw) - {"name", "overrides"}
    if unknown:
        raise DataError(path, None, sorted(unknown)[0], "unknown key (a variant file has 'name' and [overrides])")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise DataError(path, None, "name", 'missing: a variant file names its variant (name = "...")')
    overrides = raw.get("overrides")
    if not isinstance(overrides, dict):
        raise DataError(path, name, "overrides", "missing: a variant file has an [overrides] table of name = value")
    if not overrides:
        raise DataError(path, name, "overrides", "empty: a variant changes at least one rule or stat")
    for key, value in overrides.items():
        if isinstance(value, dict):
            raise DataError(path, name, key, f'is a table: quote a dotted name ("{_dotted(key, value)}" = ...)')
        if not isinstance(value, (bool, int, float, str)):
            raise DataError(path, name, key, f"must be a number, true/false or text, not {value!r}")
    return Variant(name.strip(), tuple(sorted(overrides.items())), str(path))


def _dotted(key: str, table: dict) -> str:
    """The first name a TOML table's unquoted dots made: ``villain.Oscar.mental_attack``."""
    while isinstance(table, dict) and table:
        inner, table = next(iter(table.items()))
        key = f"{key}.{inner}"
    return key


def check(game: str, v: Variant) -> None:
    """Build the variant's game once: a bad override raises DataError naming it.  The
    game as the data is comes first: a data file that cannot be read is named itself
    (its file, entry and field), not taken for the variant's override."""
    if game not in GAMES:
        raise DataError(v.source, v.name, "game", f"unknown game {game!r}; the games are {', '.join(GAMES)}")
    game_for = spec(game).metrics.game_for
    game_for({})
    try:
        game_for(v.mapping)
    except DataError as exc:
        raise DataError(v.source, v.name, exc.field, exc.problem) from None


__all__ = ["BASE", "Variant", "check", "rules_of", "variant"]
