"""The Event Table: what happens when a party enters an ordinary room.

The rulebook ("Gameplay overview") says that a party moving into a space that is
not occupied, not a plot room it has yet to visit and not the Yard generates an
event, and that the roll on the Event Table "could generate an Ambush, Cunning
Trick or Calculated Risk".  It prints no table.  Ours is
``data/asylum/events.toml``: a roll (2d6) read on bands, each band naming one of
the three kinds of result and an *effect*, a function registered here by name,
with its parameters.  Numbers live in the data file, behaviour here.

Every effect has the same shape::

    effect(game, state, seat, params, chance, choice=None, memo=None) -> Outcome

It is called once when the event is rolled (``choice=None``).  If the player
must choose (take a risk or not, fight an ambusher or not, where to sneak), the
outcome lists ``options`` and a ``memo`` to keep; the game then asks the player
and calls the effect again with his ``choice`` and the ``memo``.  ``game`` is the
:class:`~explorer.asylum.game.AsylumGame`, whose helper methods (``gain``,
``level_up``, ``relocate``, ``begin_ambush``, ...) do the state changes.

>>> table = load_event_table()
>>> table.source, table.roll.outcomes[0], table.roll.outcomes[-1]
('ours', 2, 12)
>>> sorted({r.kind for r in table.results})
['ambush', 'calculated_risk', 'cunning_trick']
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from ..core.data import (
    DataError,
    Range,
    cached_file,
    check_range,
    companion,
    data_path,
    read_range,
    read_toml,
    validate,
    validate_entries,
)
from ..core.dist import Dist, dice, table
from ..core.events import Event, event
from ..core.numbers import counted
from . import sections as R
from .combat import beats_target, maneuver_stat
from .params import load_rules
from .villains import load_roster

KINDS = ("ambush", "cunning_trick", "calculated_risk")
KIND_RULES = {"ambush": R.AMBUSH, "cunning_trick": R.CUNNING_TRICK, "calculated_risk": R.CALCULATED_RISK}
KIND_TITLES = {"ambush": "Ambush", "cunning_trick": "Cunning Trick", "calculated_risk": "Calculated Risk"}


# -- the answers a player gives to an event ----------------------------------------------------

@dataclass(frozen=True, slots=True)
class Fight:
    """Fight the ambusher (to claim him if he is defeated)."""

    def __str__(self) -> str:
        return "fight the ambusher"


@dataclass(frozen=True, slots=True)
class Decline:
    """Do not bother fighting an ambusher you do not want: he escapes."""

    def __str__(self) -> str:
        return "let the ambusher go without a fight"


@dataclass(frozen=True, slots=True)
class TakeRisk:
    def __str__(self) -> str:
        return "take the risk"


@dataclass(frozen=True, slots=True)
class DeclineRisk:
    def __str__(self) -> str:
        return "decline the risk"


@dataclass(frozen=True, slots=True)
class Sneak:
    """Take the secret passage to ``room``, or stay (``room=None``)."""

    room: str | None

    def __str__(self) -> str:
        return f"sneak to the {self.room}" if self.room else "stay where you are"


ACTIONS = (Fight, Decline, TakeRisk, DeclineRisk, Sneak)
_RISK = (TakeRisk(), DeclineRisk())  # the answers to a calculated risk
_AMBUSHED = (Fight(), Decline())  # the answers to an ambush that may be declined


class Outcome(NamedTuple):
    """What an effect did: the new state, its events, and (when the player must
    choose next) the options and a memo the game keeps until the choice."""

    state: Any
    events: tuple[Event, ...]
    options: tuple[Any, ...] = ()
    memo: Any = None


def outcome(state: Any, events: tuple[Event, ...], options: tuple[Any, ...] = (), memo: Any = None) -> Outcome:
    """An :class:`Outcome`, built as the tuple it is: the named tuple's own constructor is
    a Python function called from C, dear at most rolls on the table."""
    return _new(Outcome, (state, events, options, memo))


_new = tuple.__new__


# -- the registry ------------------------------------------------------------------------------

class NoParams(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


@dataclass(frozen=True)
class Effect:
    """A registered effect: its kind, a one-line summary, the model its parameters
    must match, the function, and (for risks) the expected Doomsday change if taken."""

    name: str
    kind: str
    summary: str
    params: type[BaseModel]
    fn: Callable[..., Outcome]
    expected: Callable[..., Fraction] | None = None


EFFECTS: dict[str, Effect] = {}


def register(name: str, kind: str, summary: str, params: type[BaseModel] = NoParams,
             expected: Callable[..., Fraction] | None = None) -> Callable[[Callable], Callable]:
    """Decorator: register ``fn`` as the effect called ``name`` (data refers to it by name)."""
    if kind not in KINDS:
        raise ValueError(f"unknown event kind {kind!r} (known: {', '.join(KINDS)})")

    def deco(fn: Callable) -> Callable:
        if name in EFFECTS:
            raise ValueError(f"event effect {name!r} registered twice")
        EFFECTS[name] = Effect(name, kind, summary, params, fn, expected)
        return fn

    return deco


def get(name: str) -> Effect:
    try:
        return EFFECTS[name]
    except KeyError:
        raise KeyError(f"unknown event effect {name!r} (known: {', '.join(sorted(EFFECTS))})") from None


@lru_cache(maxsize=256)
def _uniform(pool: tuple[str, ...]) -> Dist[str]:
    return Dist.uniform(pool)


# -- Ambush (rulebook: "Ambushes and Recruiting Henchmen") ----------------------------------

@register(
    "ambush", "ambush",
    "A villain who is in no party (defeated and lost villains included) turns up at random and "
    "ambushes the party.  The player fights him, hoping to claim him, or lets him go.",
)
def ambush(game, state, seat, params, chance, choice=None, memo=None) -> Outcome:
    if choice is None:
        pool = state.pool
        if not pool:
            return outcome(state, (event(R.AMBUSH, "every villain is already in a party: nobody turns up"),))
        name = chance.roll(_uniform(pool))
        n = len(pool)
        key = ("ambusher", seat, name, n)
        revealed = game.memo.get(key)  # as game.said, without building a closure at every ambush
        if revealed is None:
            revealed = game.remember(key, event(R.AMBUSH, f"{name} (level 1, from the {n} villains in no party) "
                                                f"ambushes seat {seat}'s party", seat=seat, ambusher=name))
        if not game.rules.ambush_may_be_declined:  # our reading ambush-decline, switched: always fought
            fight = game.begin_ambush(state, seat, name)
            return outcome(fight.state, (revealed, *fight.events))
        return outcome(state, (revealed,), _AMBUSHED, name)
    if isinstance(choice, Decline):
        who = game.roster[memo]
        return outcome(state, (game.said(("let go", seat, memo), lambda: event(
            R.AMBUSH_DECLINE, f"seat {seat} does not want {memo} and lets {who.him} go without a fight: {who.he} "
            "escapes", seat=seat, ambusher=memo)),))
    return game.begin_ambush(state, seat, memo)


# -- Cunning Tricks (ours) -------------------------------------------------------------------

class FreeLevelParams(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


@register(
    "free_level", "cunning_trick",
    "The mastermind gains one level for free (or, if he is at his top level, the first villain of "
    "the party who can still rise).  Nobody can rise: nothing happens.",
    FreeLevelParams,
)
def free_level(game, state, seat, params, chance, choice=None, memo=None) -> Outcome:
    party = state.parties[seat]
    top = game.rules.max_level
    order = sorted(party.villains, key=lambda v: v.name != party.mastermind)
    for v in order:
        if v.level < min(top, v.max_level):
            new, events = game.level_up(state, seat, v.name, R.CUNNING_TRICK, "for free")
            return outcome(new, events)
    return outcome(state, (event(R.CUNNING_TRICK, "nobody in the party can rise another level: nothing happens"),))


class PassageParams(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    reach: int = Field(2, ge=1)


@register(
    "secret_passage", "cunning_trick",
    "The party may slip through a secret passage to any ordinary room (not a plot room, not the "
    "Yard) within `reach` moves that no party occupies.  Nothing happens in the room it reaches.",
    PassageParams,
)
def secret_passage(game, state, seat, params, chance, choice=None, memo=None) -> Outcome:
    party = state.parties[seat]
    if choice is None:
        taken = {p.room for p in state.parties}
        near = game.rooms_within(party.room, params.reach)
        rooms = [r for r in near if game.room_kind(r) == "room" and r not in taken]
        if not rooms:
            return outcome(state, (event(R.CUNNING_TRICK, "a secret passage, but every room it leads to is occupied"),))
        rooms = tuple(rooms)
        reach = params.reach
        said, options = game.said(("passage", seat, rooms, reach), lambda: (
            (event(R.CUNNING_TRICK, f"a secret passage: seat {seat} may move to one of {len(rooms)} empty rooms "
                   f"within {reach} moves", seat=seat),),
            (Sneak(None),) + tuple(Sneak(r) for r in rooms)))
        return outcome(state, said, options)
    here, there = party.room, choice.room
    if there is None:
        return outcome(state, (game.said(("stay", seat, here), lambda: event(
            R.CUNNING_TRICK, f"seat {seat} stays in the {here}")),))
    new = game.relocate(state, seat, there)
    return outcome(new, (game.said(("sneak", seat, here, there), lambda: event(
        R.CUNNING_TRICK, f"seat {seat} slips through the secret passage from the {here} to the {there} (nothing "
        "happens there)", seat=seat, room=there)),))


class FrameParams(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    points: int = Field(1, ge=1)


@register(
    "frame_rival", "cunning_trick",
    "The rival with the most Doomsday points (ties: the next in turn order) is framed and loses "
    "`points` of them; that can cost him Doom Ready status.",
    FrameParams,
)
def frame_rival(game, state, seat, params, chance, choice=None, memo=None) -> Outcome:
    n = len(state.parties)
    rivals = [state.parties[(seat + k) % n] for k in range(1, n)]
    best = max(rivals, key=lambda p: p.doomsday)
    if best.doomsday == 0:
        return outcome(state, (event(R.CUNNING_TRICK, "no rival has a Doomsday point to lose: nothing happens"),))
    new, events = game.gain(state, best.seat, -params.points, R.CUNNING_TRICK, f"framed by seat {seat}")
    return outcome(new, events)


# -- Calculated Risks (the kind is the rulebook's; the stakes are ours) ---------------------

class GambleParams(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    target: int = Field(ge=1, le=7)  # a d6 must roll at least this
    win: int = Field(ge=1)
    lose: int = Field(ge=0)


@lru_cache(maxsize=64)
def _beats(bonus: int, target: int) -> Fraction:
    """P(a die + ``bonus`` beats ``target``), exact (cached)."""
    return beats_target(bonus, target).prob(True)


def _gamble_odds(game, state, seat, params) -> Fraction:
    return _beats(0, params.target - 1)


def _gamble_expected(game, state, seat, params) -> Fraction:
    p = _gamble_odds(game, state, seat, params)
    return p * params.win - (1 - p) * params.lose


@register(
    "gamble", "calculated_risk",
    "The player may take a gamble: a d6 of `target` or more wins `win` Doomsday points, anything "
    "less costs `lose` points.  Declined, nothing happens.",
    GambleParams, _gamble_expected,
)
def gamble(game, state, seat, params, chance, choice=None, memo=None) -> Outcome:
    if choice is None:
        def offer() -> tuple[Event, ...]:
            p = _gamble_odds(game, state, seat, params)
            text = (f"a calculated risk: roll {params.target}+ on a die ({p} chance) to win "
                    f"{counted(params.win, 'Doomsday point')}, or lose {params.lose}")
            return (event(R.CALCULATED_RISK, text, seat=seat),)
        said = game.said(("gamble", seat, params.target, params.win, params.lose), offer)
        return outcome(state, said, _RISK)
    if isinstance(choice, DeclineRisk):
        return outcome(state, (event(R.CALCULATED_RISK, f"seat {seat} declines the risk"),))
    ok = chance.roll(beats_target(0, params.target - 1))
    head = event(R.CALCULATED_RISK, f"seat {seat} takes the risk and " + ("succeeds" if ok else "fails"), success=ok)
    new, events = game.gain(state, seat, params.win if ok else -params.lose, R.CALCULATED_RISK,
                            "the risk pays off" if ok else "the risk goes wrong")
    return outcome(new, (head,) + events)


class NerveParams(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    target: int = Field(ge=0)  # die + the mastermind's best stat must beat this
    win: int = Field(ge=1)
    lose: int = Field(ge=0)


def _nerve_odds(game, state, seat, params) -> Fraction:
    party = state.parties[seat]
    mm = party.villain(party.mastermind)
    return _beats(mm.stat(maneuver_stat(mm, game.rules)), params.target)


def _nerve_expected(game, state, seat, params) -> Fraction:
    p = _nerve_odds(game, state, seat, params)
    return p * params.win - (1 - p) * params.lose


@register(
    "test_of_nerve", "calculated_risk",
    "The player may have his mastermind try a daring stunt: a die plus his best of Physical "
    "Attack, Mental Attack and Quickness must beat `target` (like a tactical maneuver) to win "
    "`win` Doomsday points; failing costs `lose`.",
    NerveParams, _nerve_expected,
)
def nerve(game, state, seat, params, chance, choice=None, memo=None) -> Outcome:
    party = state.parties[seat]
    mm = party.villain(party.mastermind)
    stat = maneuver_stat(mm, game.rules)
    if choice is None:
        def offer() -> tuple[Event, ...]:
            p = _nerve_odds(game, state, seat, params)
            text = (f"a calculated risk: {mm.name} may try a stunt, die + {stat.replace('_', ' ')} "
                    f"({mm.stat(stat)}) to beat {params.target} ({p} chance), for "
                    f"{counted(params.win, 'Doomsday point')} or a loss of {params.lose}")
            return (event(R.CALCULATED_RISK, text, seat=seat),)
        said = game.said(("nerve", seat, mm.name, stat, mm.stat(stat), params.target, params.win, params.lose), offer)
        return outcome(state, said, _RISK)
    if isinstance(choice, DeclineRisk):
        return outcome(state, (event(R.CALCULATED_RISK, f"seat {seat} declines the risk"),))
    ok = chance.roll(beats_target(mm.stat(stat), params.target))
    head = event(R.CALCULATED_RISK, f"{mm.name} tries the stunt and " + ("succeeds" if ok else "fails"), success=ok)
    new, events = game.gain(state, seat, params.win if ok else -params.lose, R.CALCULATED_RISK,
                            "the stunt pays off" if ok else "the stunt goes wrong")
    return outcome(new, (head,) + events)


# -- the table file ----------------------------------------------------------------------------

class EventResult(NamedTuple):
    """One band of the table: rolls ``low``..``high`` give this result."""

    name: str
    low: int
    high: int
    kind: str
    effect: str
    params: BaseModel
    text: str

    @property
    def title(self) -> str:
        kind = KIND_TITLES[self.kind]
        return self.name if self.name == kind else f"{kind}: {self.name}"


@dataclass(frozen=True)
class EventTable:
    """The whole table: the dice, the bands, and the distribution of the roll."""

    source: str
    dice: int
    sides: int
    results: tuple[EventResult, ...]
    roll: Dist[int]  # the roll itself
    lookup: dict[int, int]  # roll -> index of its result

    @property
    def distribution(self) -> Dist[str]:
        """The chance of each result, by name (exact)."""
        return table(self.roll, [(r.low, r.high, r.name) for r in self.results])

    def kind_odds(self) -> Dist[str]:
        """The chance of each of the three kinds."""
        return table(self.roll, [(r.low, r.high, r.kind) for r in self.results])


class _Header(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    source: str = Field(min_length=1)
    dice: int = Field(ge=1, le=4)
    sides: int = Field(ge=2, le=20)
    limits: dict[str, Any]
    result: list[Any]


class _ResultSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(min_length=1)
    low: int
    high: int
    kind: str
    effect: str
    params: dict[str, Any] = {}
    text: str = ""


def load_event_table(path: str | os.PathLike | None = None) -> EventTable:
    """Read and check an Event Table file (default ``data/asylum/events.toml``).

    Problems raise :class:`~explorer.core.data.DataError` naming the file, the
    result and the field: an unknown effect, a kind that does not match the
    effect, bad parameters or parameters outside the ranges the file's
    ``[limits]`` declare, bands that leave a roll out or overlap, or a Calculated
    Risk nobody can win (checked against the rules and roster beside the file).
    """
    path = Path(path) if path is not None else data_path("asylum", "events.toml")
    rules_path = companion(path, "asylum", "rules.toml")
    load_rules(rules_path)  # the rules and the roster they are checked with come first
    return _load_checked(path, rules_path, companion(path, "asylum", "villains.toml"))


@cached_file
def _load_checked(path: Path, rules_path: Path, roster_path: Path) -> EventTable:
    table = _load(path)
    rules = load_rules(rules_path)
    for r, problem in unwinnable(table, rules, load_roster(roster_path)):
        raise DataError(path, r.name, "params.target", f"{problem} (checked against {roster_path.name} and "
                                                       f"max_level {rules.max_level})")
    return table


def unwinnable(table: EventTable, rules, roster) -> Iterator[tuple[EventResult, str]]:
    """Each Calculated Risk of ``table`` that nobody could ever win under ``rules``
    with ``roster``, and why: a gamble's target beyond the die, a Test of Nerve
    no mastermind can pass."""
    for r in table.results:
        if r.effect == "gamble" and _gamble_odds(None, None, None, r.params) == 0:
            yield r, f"{r.params.target} cannot be rolled on a die: a gamble needs a target of 1 to 6"
        if r.effect == "test_of_nerve" and not _nerve_possible(r.params, rules, roster):
            yield r, f"no mastermind can beat {r.params.target}: a die and his best stat never get past it"


def _nerve_possible(params: NerveParams, rules, roster) -> bool:
    """Some villain, at a level the rules let him reach, could pass the Test of
    Nerve as the mastermind (any villain of a party can take the role)."""
    for v in roster.values():
        for level in range(1, min(rules.max_level, v.max_level) + 1):
            mm = v.at_level(level)
            if _beats(mm.stat(maneuver_stat(mm, rules)), params.target) > 0:
                return True
    return False


@cached_file
def _load(path: Path) -> EventTable:
    raw = read_toml(path)
    for key in raw:
        if key not in _Header.model_fields:
            raise DataError(path, key, None, "unknown key or table (expected source, dice, sides, [limits] and "
                                             "[[result]])")
    if "limits" not in raw:
        raise DataError(path, "limits", None, "missing table [limits]: the allowed range of dice, sides and "
                                              "every effect parameter")
    head = validate(_Header, raw, path, None)
    limits = _limits(head.limits, path)
    check_range(head.dice, limits["dice"], path, None, "dice")
    check_range(head.sides, limits["sides"], path, None, "sides")
    specs = validate_entries(_ResultSpec, head.result, path, kind="result")
    results = []
    for spec in specs:
        if spec.kind not in KINDS:
            raise DataError(path, spec.name, "kind",
                            f"unknown kind {spec.kind!r} (the rulebook's three: {', '.join(KINDS)})")
        if spec.effect not in EFFECTS:
            raise DataError(path, spec.name, "effect",
                            f"unknown effect {spec.effect!r} (known: {', '.join(sorted(EFFECTS))})")
        eff = EFFECTS[spec.effect]
        if eff.kind != spec.kind:
            raise DataError(path, spec.name, "kind", f"effect {spec.effect!r} is a {eff.kind}, not a {spec.kind}")
        try:
            params = validate(eff.params, spec.params, path, spec.name)
        except DataError as exc:
            field = f"params.{exc.field}" if exc.field else "params"
            raise DataError(path, spec.name, field, exc.problem) from None
        for name, value in params.model_dump().items():
            if type(value) is int:
                allowed = limits.get(f"{spec.effect}.{name}")
                if allowed is None:
                    raise DataError(path, "limits", f"{spec.effect}.{name}",
                                    f"missing: {spec.name!r} uses it, and every number needs its range")
                check_range(value, allowed, path, spec.name, f"params.{name}")
        if spec.low > spec.high:
            raise DataError(path, spec.name, "high", f"band {spec.low}-{spec.high} is empty (high below low)")
        results.append(EventResult(spec.name, spec.low, spec.high, spec.kind, spec.effect, params, spec.text))
    roll = dice(head.dice, head.sides)
    lookup: dict[int, int] = {}
    for i, r in enumerate(results):
        for total in range(r.low, r.high + 1):
            if total not in roll:
                raise DataError(path, r.name, "low" if total == r.low else "high",
                                f"{total} cannot be rolled on {head.dice}d{head.sides}")
            if total in lookup:
                other = results[lookup[total]].name
                raise DataError(path, r.name, "low", f"roll {total} is already on the band of {other!r}")
            lookup[total] = i
    for total in roll:
        if total not in lookup:
            raise DataError(path, None, "result", f"roll {total} is on no band of the table")
    return EventTable(head.source, head.dice, head.sides, tuple(results), roll, lookup)


def _limits(raw: dict[str, Any], path: Path) -> dict[str, Range]:
    """The declared ranges: ``dice``, ``sides`` and, per effect, each numeric
    parameter (``limits.gamble.target``).  A range must stay inside what the
    code accepts (the pydantic bounds of the header and of the effect's
    parameters)."""
    out: dict[str, Range] = {}
    for key, value in raw.items():
        if key in ("dice", "sides"):
            out[key] = read_range(value, path, "limits", key, *_bounds(_Header, key))
        elif key in EFFECTS:
            model = EFFECTS[key].params
            if not isinstance(value, dict):
                raise DataError(path, "limits", key, f"expected a table of ranges, one per parameter of {key!r}")
            for name, spec in value.items():
                field = model.model_fields.get(name)
                if field is None or field.annotation is not int:
                    known = [n for n, f in model.model_fields.items() if f.annotation is int]
                    raise DataError(path, "limits", f"{key}.{name}",
                                    f"{key!r} has no numeric parameter {name!r} (its numbers: "
                                    f"{', '.join(known) or 'none'})")
                out[f"{key}.{name}"] = read_range(spec, path, "limits", f"{key}.{name}", *_bounds(model, name))
        else:
            raise DataError(path, "limits", key, f"unknown limit: expected dice, sides or an effect "
                                                 f"({', '.join(sorted(EFFECTS))})")
    for key in ("dice", "sides"):
        if key not in out:
            raise DataError(path, "limits", key, "missing: every number needs its range { min = ..., max = ... }")
    return out


def _bounds(model: type[BaseModel], name: str) -> tuple[int | None, int | None]:
    """The least and greatest value a model's field accepts (its ``ge``/``le``)."""
    lo = hi = None
    for m in model.model_fields[name].metadata:
        lo = getattr(m, "ge", lo)
        hi = getattr(m, "le", hi)
    return lo, hi
