"""What the what-if page's text boxes take: a rule's values ("6, 7, 8"; a switch's
true or false; a choice by its name in the rules file or in the rulebook) and the other rules changed
for every value ("variant = colonization, relics = true"), each read as the rule takes
it or refused with a reason a designer can act on.

>>> spec = {"kind": "number", "value": 8, "min": 2, "max": 12}
>>> default_values(spec), parse_values("7, 9", spec)
('7, 8, 9', [7, 9])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def default_values(spec: dict[str, Any]) -> str:
    """A few values around the current one, inside the declared range (a choice: the
    current one and the next)."""
    if spec["kind"] == "switch":
        return "false, true"
    if spec["kind"] == "choice":
        values = list(spec["choices"])
        i = values.index(spec["value"])
        return ", ".join(dict.fromkeys([values[i], values[(i + 1) % len(values)]]))
    v, lo, hi = spec["value"], spec["min"], spec["max"]
    return ", ".join(str(x) for x in range(max(lo, v - 1), min(hi, v + 1) + 1))


def allowed_text(spec: dict[str, Any], titles: Mapping[Any, str] | None = None) -> str:
    """What the values box accepts for a rule, in words (``titles``: a choice's values
    by the names the rulebook gives them, which the box takes too)."""
    if spec["kind"] == "switch":
        return "true or false"
    if spec["kind"] == "choice":
        named = [titles[c] for c in spec["choices"] if c in (titles or {}) and titles[c].lower() != c.lower()]
        return "one of " + ", ".join(spec["choices"]) + (f", or by rulebook name (such as {named[-1]})" if named else "")
    return f"whole numbers {spec['min']} to {spec['max']}"


def parse_values(text: str, spec: dict[str, Any], titles: Mapping[Any, str] | None = None) -> list[Any]:
    """The values typed in the box, as the rule takes them (ValueError with a reason);
    a choice may also be typed by its title (``titles``: "Beat Down" for ``beat_down``)."""
    items = _items(text)
    if not items:
        raise ValueError("type at least one value, e.g. 6, 7, 8")
    out = []
    for t in items:
        if spec["kind"] == "switch":
            if t.lower() not in ("true", "false"):
                raise ValueError(f"{t!r}: this rule is a switch, true or false")
            out.append(t.lower() == "true")
        elif spec["kind"] == "choice":
            match = [c for c in spec["choices"] if t.lower() in (c.lower(), (titles or {}).get(c, c).lower())]
            if not match:
                raise ValueError(f"{t!r} is not one of {', '.join(spec['choices'])}")
            out.append(match[0])
        else:
            try:
                out.append(int(t))
            except ValueError:
                raise ValueError(f"{t!r} is not a whole number") from None
            if not spec["min"] <= out[-1] <= spec["max"]:
                raise ValueError(f"{t} is outside the allowed range, {spec['min']} to {spec['max']}")
    if len(set(out)) != len(out):
        raise ValueError("each value once, please")
    return out


def _items(text: str) -> list[str]:
    """A box's entries: split at commas (or semicolons), blanks left out."""
    return [t.strip() for t in text.replace(";", ",").split(",") if t.strip()]


def parse_with(text: str, spec_of: Callable[[str], dict[str, Any] | None],
               titles: Mapping[str, Mapping[Any, str]] | None = None, swept: str | None = None) -> dict[str, Any]:
    """The other rules typed in the "With" box, ``name = value`` joined by commas, as
    the rules take them (an empty box: none).  ``spec_of(name)``: the rule's range, or
    ``None`` for no such rule; a rule may be typed by its words ("colony goal") too.
    ``swept``: the rule the page sweeps, which takes its values from the values box.
    ValueError with a reason otherwise.

    >>> specs = {"variant": {"kind": "choice", "value": "standard", "choices": ("standard", "colonization")},
    ...          "relics": {"kind": "switch", "value": False}}
    >>> parse_with("variant = colonization; relics = true", specs.get)
    {'variant': 'colonization', 'relics': True}
    >>> parse_with("relic = true", specs.get)
    Traceback (most recent call last):
    ...
    ValueError: 'relic' is not a rule of this game
    """
    out: dict[str, Any] = {}
    for part in _items(text):
        name, eq, value = (x.strip() for x in part.partition("="))
        if not eq or not name or not value:
            raise ValueError(f"{part!r}: write each rule as name = value, e.g. variant = colonization")
        key = name if spec_of(name) is not None else name.replace(" ", "_")
        rule = spec_of(key)
        if rule is None:
            raise ValueError(f"{name!r} is not a rule of this game")
        if key == swept:
            raise ValueError(f"{name} is the rule swept: its values go in the values box")
        if key in out:
            raise ValueError(f"{name} is given twice")
        values = parse_values(value, rule, (titles or {}).get(key))
        if len(values) != 1:
            raise ValueError(f"{name}: one value here, not {len(values)}")
        out[key] = values[0]
    return out


__all__ = ["allowed_text", "default_values", "parse_values", "parse_with"]
