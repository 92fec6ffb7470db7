"""What cards and table results do: effects registered by name.

A card in ``data/victorian/*.toml`` names its effect (``effect = { name =
"fight_bonus", amount = 2, needs = ["Brawler"] }``), and so does each face of
the Plot, Invention and Villain Tables (``tables.toml``).  This module is the
registry: for each effect, the card types that may carry it (``"table"`` for a
table result), the schema of its parameters (a pydantic model: a bad parameter
is a :class:`~explorer.core.data.DataError` naming the file, the card and the
field) and a one-line summary.  Nothing is ever evaluated: data only names
functions.

The behaviour lives with the rulebook topic it belongs to; each topic module
attaches its functions to the effects it implements with :func:`hook`:

* ``play(game, state, side, card, params, action, chance)``: an event card
  being played (:mod:`~explorer.victorian.cardplay`);
* ``targets(game, state, side, card, params)``: the ways an event card can be
  played now (each a :class:`~explorer.victorian.actions.PlayEvent`);
* ``rolled(game, state, side, source, params, chance)``: a table result
  (:mod:`~explorer.victorian.tables.faces`).

Static effects (gear, the Museum's Track bonus, generators...) are read by the
rules that need them (:mod:`~explorer.victorian.units`, :mod:`~explorer.victorian.minion`).

>>> EFFECTS["fight_bonus"].on
frozenset({'E'})
>>> sorted(EFFECTS["draw"].on)
['E', 'table']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Params(BaseModel):
    """Base of every effect's parameters: strict, unknown keys refused, frozen."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class NoParams(Params):
    pass


class GearParams(Params):
    needs: tuple[str, ...] = Field(default=(), strict=False)  # any one of these traits
    on: Literal["unit", "vehicle"] = "unit"


class VesselParams(Params):
    captain: str


class AmountNeeds(Params):
    amount: int
    needs: tuple[str, ...] = Field(default=(), strict=False)


class TrackBonusParams(AmountNeeds):
    all: bool = False  # every unit of the side (that meets needs), not one
    against: bool = False  # played on an opposing unit (a penalty)


class FightBonusParams(AmountNeeds):
    all: bool = False
    phase: Literal["any", "assassin"] = "any"  # "assassin": counts only in the Assassin Phase


class TokenParams(Params):
    token: str
    count: int = Field(ge=1, le=20)


class GenerateParams(Params):
    token: str


class CountParams(Params):
    count: int = Field(ge=1, le=20)


class TypesParams(Params):
    types: tuple[str, ...] = Field(strict=False, min_length=1)


class LookDeckParams(Params):
    cards: int = Field(ge=1, le=20)
    either: bool = False  # either deck (else the roller's own)


class BuildParams(Params):
    markers: int = Field(ge=1, le=5)


class PlotParams(Params):
    major: bool


class AssassinParams(Params):
    amount: int = Field(ge=0, le=10)


def param(params: Params | None, name: str, default: Any) -> Any:
    """``getattr(params, name, default)``: a parameter some effects have, read
    without the model's slow miss (an exception raised and caught for each effect
    that lacks it)."""
    if isinstance(params, Params):
        kind = type(params)
        fields = _FIELDS.get(kind)
        if fields is None:
            fields = _FIELDS[kind] = frozenset(kind.model_fields)
        return getattr(params, name) if name in fields else default
    return getattr(params, name, default)


#: each parameters class's field names (the classes are code, fixed once imported)
_FIELDS: dict[type, frozenset[str]] = {}


@dataclass
class Effect:
    """One registered effect: where it may appear, its parameters, and (hooked
    in by the topic modules) what it does."""

    name: str
    on: frozenset[str]
    params: type[Params]
    summary: str
    hooks: dict[str, Callable[..., Any]] = field(default_factory=dict)

    def hook(self, kind: str) -> Callable[..., Any]:
        try:
            return self.hooks[kind]
        except KeyError:
            raise LookupError(f"effect {self.name!r} has no {kind!r} rule") from None


#: Every effect, by name.
EFFECTS: dict[str, Effect] = {}

#: The hooks a topic module may attach.
HOOKS = ("play", "targets", "rolled")


def declare(name: str, on: str, params: type[Params], summary: str) -> None:
    """Add an effect to the registry (``on``: card types and/or ``table``, by spaces)."""
    if name in EFFECTS:
        raise ValueError(f"effect {name!r} declared twice")
    EFFECTS[name] = Effect(name, frozenset(on.split()), params, summary)


def hook(name: str, kind: str) -> Callable[[Callable], Callable]:
    """Decorator: attach ``fn`` as the ``kind`` rule of effect ``name``."""
    if kind not in HOOKS:
        raise ValueError(f"unknown hook {kind!r} (known: {', '.join(HOOKS)})")

    def deco(fn: Callable) -> Callable:
        effect = EFFECTS[name]
        if kind in effect.hooks:
            raise ValueError(f"effect {name!r} has two {kind!r} rules")
        effect.hooks[kind] = fn
        return fn

    return deco


# -- the registry (what data may name) ----------------------------------------------------------

# static: read by the rules while the card is in play
declare("noncombatant", "C", NoParams, "may neither make Track rolls nor attack")
declare("assassin_bonus", "C", AssassinParams, "fights at +amount when sent as an assassin")
declare("generate", "M L", GenerateParams, "puts one token of its kind into play each Minion Phase")
declare("comes_with", "L", TokenParams, "brings count tokens into play with it")
declare("side_track", "L", AmountNeeds, "every unit of its side with one of the traits tracks at +amount")
declare("gear", "W V", GearParams, "attached to a unit (with one of the traits, if any are named), adds its Fight "
                                   "and Track")
declare("vessel", "V", VesselParams, "a Captain's own vessel: gear, which the captain can call from anywhere")
declare("plot", "P", PlotParams, "a plot card: gathers counters on a Mastermind")
# event cards
declare("track_bonus", "E", TrackBonusParams, "Track +amount (or - for a penalty) this turn")
declare("fight_bonus", "E", FightBonusParams, "Fight +amount this turn (or in the Assassin Phase)")
declare("draw", "E table", CountParams, "draw count cards")
declare("search", "E table", TypesParams, "take a card of the given types from your deck into your hand")
declare("recover", "E", TypesParams, "take a card of the given types from your discard pile into your hand")
declare("look_hand", "E table", NoParams, "look at the opponent's hand")
declare("tokens", "E", TokenParams, "put count tokens into play")
declare("mob", "E", TokenParams, "count tokens join a Mastermind and must be sent as assassins this phase")
declare("control", "E table", NoParams, "gain control of an opposing character")
declare("wound", "E", NoParams, "put a Wound counter on an opposing hero")
declare("return_to_hand", "E", NoParams, "an opposing hero goes back to his owner's hand")
declare("random_discard", "E", CountParams, "the opponent discards count cards at random")
declare("negate_showdown", "E", NoParams, "a Showdown Roll just made does nothing")
# table results
declare("opponent_discards", "table", CountParams, "the opponent discards count cards of his choice")
declare("look_deck", "table", LookDeckParams, "look at the next cards of a deck")
declare("build", "table", BuildParams, "Invention markers on one of your units")
declare("blueprints", "table", TypesParams, "a card of the given types from your deck into play")
declare("nothing", "table", NoParams, "nothing happens")
declare("explosion", "table", NoParams, "the inventor is wounded (a Location is shut for some turns)")
declare("hirelings", "table", CountParams, "count minion tokens join the Mastermind")
declare("wheels", "table", CountParams, "draw count cards, or add count counters to one plot")

#: The effects whose rules are read while their card is in play (no hook needed).
STATIC = frozenset({"noncombatant", "assassin_bonus", "generate", "comes_with", "side_track", "gear", "vessel", "plot"})


__all__ = ["EFFECTS", "Effect", "HOOKS", "Params", "STATIC", "declare", "hook"]
