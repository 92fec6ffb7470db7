"""Card effects, registered by name: the data names the function, nothing is evaluated.

An effect has a *timing* (when its card is played) and a model of its
parameters, checked when the pool loads:

* ``combat``: played in the modify step of a combat (Specials, Combat and
  Personal Combat Spells).  ``targets(ctx, table, seat, params)`` lists the
  warriors it may be played on (``None`` for no target); ``apply(...)`` asks the
  combat (``ctx``, see :class:`explorer.doomtrooper.base.combat.Context`) to do it;
* ``turn``: played in its owner's actions step without using an action
  (Specials, Art spells cast outside combat); ``host`` is the game;
* ``response``: played when an opponent does something the card answers (here:
  a sabotage);
* ``mission``: a mission's terms, checked when something happens that could
  fulfil it (:class:`Kill`, the end of a turn).

The next issue adds more effects (and timings: Warzones, Relics, Ki Powers)
with :func:`register`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, ValidationError

TIMINGS = ("combat", "turn", "response", "mission")


class EffectError(ValueError):
    """A card names an unknown effect or gives it bad parameters."""

    def __init__(self, field: str, problem: str):
        self.field = field
        self.problem = problem
        super().__init__(f"{field}: {problem}")


class Effect:
    """Base class of a registered effect."""

    name = "effect"
    timing = "combat"

    class Params(BaseModel):
        model_config = ConfigDict(extra="forbid", strict=True)

    def targets(self, ctx: Any, table: Any, seat: int, p: Any) -> tuple[Any, ...]:
        return (None,)

    def apply(self, ctx: Any, table: Any, seat: int, card: str, p: Any, target: Any) -> tuple[Any, str]:
        raise NotImplementedError

    def change(self, ctx: Any, table: Any, seat: int, card: str, p: Any, target: Any) -> Any:
        """What :meth:`apply` does, without its words (the greedy bot weighs every card it may play
        with this; an effect it meets often says it without building the words)."""
        return self.apply(ctx, table, seat, card, p, target)[0]


#: name -> the effect
REGISTRY: dict[str, Effect] = {}


def register(cls: type[Effect]) -> type[Effect]:
    """Class decorator: add an effect to :data:`REGISTRY` under its ``name``."""
    if cls.name in REGISTRY:
        raise ValueError(f"effect {cls.name!r} registered twice")
    if cls.timing not in TIMINGS:
        raise ValueError(f"effect {cls.name!r}: unknown timing {cls.timing!r}")
    REGISTRY[cls.name] = cls()
    return cls


def get(name: str) -> Effect:
    return REGISTRY[name]


def check(name: str, timing: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """The parameters of effect ``name`` played at ``timing``, checked."""
    effect = REGISTRY.get(name)
    if effect is None:
        raise EffectError("effect", f"unknown effect {name!r} (known: {', '.join(sorted(REGISTRY))})")
    if effect.timing != timing:
        raise EffectError("effect", f"{name!r} is a {effect.timing} effect; this card is played at {timing} timing")
    try:
        return effect.Params.model_validate(dict(params)).model_dump()
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err["loc"])
        raise EffectError(f"params.{where}" if where else "params", err["msg"]) from None


class Checked:
    """A card's parameters, checked by its effect's model, as plain read-only attributes (the
    model's fields and values): the combat reads them at every option list and every card it
    weighs, and a pydantic model's field read costs more than twice a plain attribute's."""

    def __init__(self, model: BaseModel):
        self.__dict__.update(dict(model))  # its fields, as the model holds them

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a card's parameters are read-only ({name})")

    def __repr__(self) -> str:
        return f"Checked({', '.join(f'{k}={v!r}' for k, v in self.__dict__.items())})"


def params(card: Any) -> Checked:
    """A card's checked parameters (:class:`Checked`; remembered by its effect and parameters)."""
    key = (card.effect, card.params)
    hit = _PARAMS.get(key)
    if hit is None:
        hit = _PARAMS[key] = Checked(REGISTRY[card.effect].Params.model_validate(dict(card.params)))
    return hit


_PARAMS: dict[tuple, Checked] = {}

On = Literal["own", "foe", "either"]


def _side_ok(ctx: Any, table: Any, seat: int, uid: int, on: str) -> bool:
    mine = ctx.owner(uid) == seat
    return on == "either" or (on == "own") == mine


def _is(ctx: Any, uid: int, cls: str) -> bool:
    return cls == "any" or cls in ctx.classes(uid)


# -- combat effects ------------------------------------------------------------------------------

@register
class RatingBonus(Effect):
    """Adds to (or takes from) a combatant's ratings for this combat.  ``on``: a
    combatant of the player (``own``), of an opponent (``foe``) or either; ``who``:
    the class the combatant must have; ``against``: the class its opponent must have."""

    name = "rating_bonus"

    class Params(BaseModel):
        model_config = ConfigDict(extra="forbid", strict=True)
        fight: int = 0
        shoot: int = 0
        armor: int = 0
        value: int = 0
        on: On = "own"
        who: str = "any"
        against: str = "any"

    def targets(self, ctx, table, seat, p):
        on, who, against = p.on, p.who, p.against
        attacker, defender = table.attacker, table.defender
        for t in table.troopers:  # the two combatants in one pass (no table.trooper calls)
            uid = t.uid
            if uid == attacker:
                ta = t
            elif uid == defender:
                td = t
        if who == "any" and against == "any":  # most cards: the sides alone say (no classes read)
            if on == "either":
                return attacker, defender
            own = on == "own"
            if (ta.owner == seat) == own:
                return (attacker, defender) if (td.owner == seat) == own else (attacker,)
            return (defender,) if (td.owner == seat) == own else ()
        out = ()
        for t, foe in ((ta, td), (td, ta)):  # the attacker, then the defender
            if (on == "either" or (on == "own") == (t.owner == seat)) \
                    and (who == "any" or who in ctx.combat.classes_of(t)) \
                    and (against == "any" or against in ctx.combat.classes_of(foe)):
                out += (t.uid,)
        return out

    def change(self, ctx, table, seat, card, p, target):
        return ctx.add_mod(table, seat, card, target, p.fight, p.shoot, p.armor, p.value)

    def apply(self, ctx, table, seat, card, p, target):
        return self.change(ctx, table, seat, card, p, target), f"{ctx.label(target)} gets {_signed(p)}"


@register
class StrikeFirst(Effect):
    """A combatant strikes first in this combat ("Striking First")."""

    name = "strike_first"

    class Params(BaseModel):
        model_config = ConfigDict(extra="forbid", strict=True)
        on: On = "own"
        who: str = "any"

    def targets(self, ctx, table, seat, p):
        return tuple(uid for uid in (table.attacker, table.defender)
                     if _side_ok(ctx, table, seat, uid, p.on) and _is(ctx, uid, p.who))

    def apply(self, ctx, table, seat, card, p, target):
        return ctx.add_mod(table, seat, card, target, strike="first"), f"{ctx.label(target)} strikes first"


@register
class CancelLast(Effect):
    """Cancels the last card an opponent played in this combat that still works
    ("Timing": a later card may counter an earlier one in the modify step)."""

    name = "cancel_last"

    def targets(self, ctx, table, seat, p):
        return (None,) if ctx.last_play(table, seat) is not None else ()

    def apply(self, ctx, table, seat, card, p, target):
        play = ctx.last_play(table, seat)
        return ctx.cancel(table, play), f"cancels {play.card}"


@register
class ReplaceDefender(Effect):
    """When your warrior is the Defender: another warrior of the attacking player
    becomes the Defender (the attacking player's warriors then fight each other)."""

    name = "replace_defender"

    def targets(self, ctx, table, seat, p):
        attacker, defender = table.attacker, table.defender
        if ctx.owner(defender) != seat:
            return ()
        them = ctx.owner(attacker)
        out = ()  # a loop over the table's warriors in order (a generator is a call, and a resume per item)
        for t in table.troopers:
            uid = t.uid
            if t.owner == them and uid != attacker and uid != defender and ctx.can_fight(uid) \
                    and ctx.meets(attacker, uid):
                out += (uid,)
        return out

    def apply(self, ctx, table, seat, card, p, target):
        return ctx.replace(table, "defender", target), f"{ctx.label(target)} becomes the Defender"


@register
class Bodyguard(Effect):
    """When your warrior is the Defender: another of your warriors out of cover
    takes its place."""

    name = "bodyguard"

    def targets(self, ctx, table, seat, p):
        attacker, defender = table.attacker, table.defender
        if ctx.owner(defender) != seat:
            return ()
        out = ()  # (a loop over the table's warriors in order, as ReplaceDefender's)
        for t in table.troopers:
            uid = t.uid
            if t.owner == seat and uid != attacker and uid != defender and not t.cover and ctx.can_fight(uid) \
                    and ctx.meets(attacker, uid):
                out += (uid,)
        return out

    def apply(self, ctx, table, seat, card, p, target):
        return ctx.replace(table, "defender", target), f"{ctx.label(target)} steps in as the Defender"


# -- effects played in a turn ---------------------------------------------------------------------

@register
class ForceCover(Effect):
    """A warrior out of cover is forced into cover (out of its vehicle too)."""

    name = "force_cover"
    timing = "turn"

    class Params(BaseModel):
        model_config = ConfigDict(extra="forbid", strict=True)
        who: str = "any"
        own_only: bool = False

    def targets(self, host, state, seat, p):
        out = []  # a loop: in Python 3.11 a generator is a call, and a resume per item
        for t in state.troopers:
            if not t.cover and host.has_class(t, p.who) and (not p.own_only or t.owner == seat):
                out.append(t.uid)
        return tuple(out)

    def apply(self, host, state, seat, card, p, target):
        return host.force_cover(state, target)


@register
class DiscardVehicle(Effect):
    """A vehicle attached to a warrior is discarded (the warrior inside is wounded)."""

    name = "discard_vehicle"
    timing = "turn"

    def targets(self, host, state, seat, p):
        return tuple([t.uid for t in state.troopers if host.vehicle_of(t) is not None])

    def apply(self, host, state, seat, card, p, target):
        return host.discard_vehicle(state, target)


@register
class AttachBonus(Effect):
    """An Art spell cast in a turn stays on its target while it is in play and
    adds to its ratings (``on = "self"``: the caster only)."""

    name = "attach_bonus"
    timing = "turn"

    class Params(BaseModel):
        model_config = ConfigDict(extra="forbid", strict=True)
        fight: int = 0
        shoot: int = 0
        armor: int = 0
        value: int = 0
        on: Literal["self", "doomtrooper"] = "self"


# -- responses -------------------------------------------------------------------------------------

@register
class StopSabotage(Effect):
    """Stops a sabotage aimed at its player ("Optional Rule: Sabotage")."""

    name = "stop_sabotage"
    timing = "response"


# -- missions --------------------------------------------------------------------------------------

class Kill(NamedTuple):
    """A warrior killed in combat: who killed it (warrior and player) and who died."""

    killer: int
    killer_owner: int
    victim: int
    victim_owner: int
    victim_classes: frozenset


class Reward(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    promotion: int = Field(default=0, ge=0)
    destiny: int = Field(default=0, ge=0)


class MissionEffect(Effect):
    timing = "mission"
    trigger = "kill"  # or "end_of_turn"

    def fulfilled(self, p: Any, owner: int, holder: Any, what: Any, host: Any, state: Any) -> bool:
        """Whether the mission's terms are met.  ``holder``: the warrior's uid or
        the player's seat it is assigned to; ``what``: the :class:`Kill` or the seat
        whose turn ends."""
        raise NotImplementedError


@register
class KillBonus(MissionEffect):
    """Assigned to your warrior: fulfilled when it kills a warrior in combat."""

    name = "kill_bonus"
    Params = Reward

    def fulfilled(self, p, owner, holder, what, host, state):
        return what.killer == holder


@register
class Bounty(MissionEffect):
    """Assigned to an opponent's warrior: fulfilled when one of your warriors kills it."""

    name = "bounty"
    Params = Reward

    def fulfilled(self, p, owner, holder, what, host, state):
        return what.victim == holder and what.killer_owner == owner


@register
class Assassination(MissionEffect):
    """Assigned to an opponent: fulfilled when one of your warriors kills one of
    his warriors of class ``victim`` (a Personality, say)."""

    name = "assassination"

    class Params(Reward):
        victim: str = "Personality"

    def fulfilled(self, p, owner, holder, what, host, state):
        return what.victim_owner == holder and what.killer_owner == owner and p.victim in what.victim_classes


@register
class HoldTheLine(MissionEffect):
    """Assigned to yourself: fulfilled at the end of your turn when you have at
    least ``count`` warriors in play."""

    name = "hold_the_line"
    trigger = "end_of_turn"

    class Params(Reward):
        count: int = Field(default=3, ge=1)

    def fulfilled(self, p, owner, holder, what, host, state):
        if not what == holder == owner:
            return False
        n = 0  # his warriors (a loop: in Python 3.11 a generator is a call, and a resume per item)
        for t in state.troopers:
            n += t.owner == owner
        return n >= p.count


def _signed(p: Any) -> str:
    parts = [f"{getattr(p, r):+d} {r.capitalize()}" for r in ("fight", "shoot", "armor", "value") if getattr(p, r)]
    return ", ".join(parts) or "nothing"


__all__ = ["Checked", "Effect", "EffectError", "Kill", "MissionEffect", "REGISTRY", "TIMINGS", "check", "get", "params", "register"]
