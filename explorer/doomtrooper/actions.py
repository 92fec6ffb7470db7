"""The actions of a Doomtrooper turn ("Step Two: Actions") as values, and the
registry of action kinds.

Each kind says what it costs (actions of the turn; 0 for cards played in a turn
as no action), which options it offers in a state, what it does, and why an
action of that kind is refused.  The topic modules (``muster``, ``cover``,
``equip``, ...) register their kinds; the game lists options in registry order.
The next expansions register theirs (Play a Relic, Play a Warzone, Transfer,
Attach a Ki Power, ...).
"""

from __future__ import annotations

from dataclasses import dataclass

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from ..core.events import RuleRef

# -- setting up and the steps of a turn -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deal:
    """Setting Up: shuffle and deal every player an opening hand (a chance step)."""


@dataclass(frozen=True, slots=True)
class ClaimGift:
    """The Cardinal's Gift: take a fresh hand of seven."""


@dataclass(frozen=True, slots=True)
class DeclineGift:
    """Keep the opening hand."""


@dataclass(frozen=True, slots=True)
class Draw:
    """Step One: draw up to seven cards (a chance step)."""


@dataclass(frozen=True, slots=True)
class EndActions:
    """Step Two is over: on to the discard."""


@dataclass(frozen=True, slots=True)
class Discard:
    """Step Three: put ``card`` face down on the discard pile; the turn ends."""

    card: str


@dataclass(frozen=True, slots=True)
class KeepHand:
    """Step Three: discard nothing; the turn ends."""


# -- the actions ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Muster:
    card: str


@dataclass(frozen=True, slots=True)
class MusterInCover:
    card: str


@dataclass(frozen=True, slots=True)
class SeekCover:
    uid: int


@dataclass(frozen=True, slots=True)
class ExitCover:
    uid: int


@dataclass(frozen=True, slots=True)
class Meditate:
    pass


@dataclass(frozen=True, slots=True)
class Equip:
    """Attach equipment ``card`` to warrior ``uid``; for a vehicle, ``inside`` says
    where the warrior starts."""

    card: str
    uid: int
    inside: bool = False


@dataclass(frozen=True, slots=True)
class EnterVehicle:
    uid: int


@dataclass(frozen=True, slots=True)
class ExitVehicle:
    uid: int


@dataclass(frozen=True, slots=True)
class Build:
    card: str


@dataclass(frozen=True, slots=True)
class Bestow:
    card: str
    uid: int


@dataclass(frozen=True, slots=True)
class Assign:
    """Assign mission ``card`` to a warrior (``uid``) or to a player (``seat``)."""

    card: str
    uid: int | None = None
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Cast:
    """Cast Art spell ``card`` in your turn (no action) with ``caster`` on ``target``."""

    card: str
    caster: int
    target: int


@dataclass(frozen=True, slots=True)
class PlaySpecial:
    """Play Special ``card`` in your turn (no action) on ``target``."""

    card: str
    target: int | None = None


@dataclass(frozen=True, slots=True)
class Attack:
    """Warrior ``attacker`` attacks warrior ``defender`` with ``tactic`` (fight or shoot)."""

    attacker: int
    defender: int
    tactic: str


@dataclass(frozen=True, slots=True)
class Sabotage:
    """Optional rule: warrior ``uid`` sabotages player ``seat``."""

    uid: int
    seat: int


@dataclass(frozen=True, slots=True)
class DiscardCard:
    """Optional rule, Discard as One Action: discard ``card`` from hand."""

    card: str


@dataclass(frozen=True, slots=True)
class Respond:
    """Play ``card`` in answer to what an opponent does (stop a sabotage)."""

    card: str


# -- the registry ---------------------------------------------------------------------------------

class ActionKind(NamedTuple):
    """One kind of action: its ``cost`` (actions; a function of the rules), its
    rule, the options it offers, what it does, and why it is refused."""

    type: type
    rule: RuleRef
    cost: Callable[[Any], int]
    options: Callable[[Any, Any], Iterable[Any]]
    do: Callable[..., tuple[Any, list]]
    explain: Callable[[Any, Any, Any], Any]
    ends_actions: bool = False


#: action type -> its kind, in the order options are listed
KINDS: dict[type, ActionKind] = {}


def register(type_: type, rule: RuleRef, cost: int | Callable[[Any], int], options, do, explain,
             ends_actions: bool = False) -> None:
    if type_ in KINDS:
        raise ValueError(f"action kind {type_.__name__} registered twice")
    price = cost if callable(cost) else (lambda rules, c=cost: c)
    KINDS[type_] = ActionKind(type_, rule, price, options, do, explain, ends_actions)


def ordered() -> list[ActionKind]:
    """The registered kinds in the rulebook's order of the actions ("Step Two:
    Actions"), then cards played as no action, then kinds registered later."""
    order = (Muster, MusterInCover, SeekCover, ExitCover, Meditate, Equip, EnterVehicle, ExitVehicle, Build, Bestow,
             Assign, Attack, Sabotage, DiscardCard, Cast, PlaySpecial)
    first = [KINDS[t] for t in order if t in KINDS]
    return first + [k for t, k in KINDS.items() if t not in order]


#: Every action type, for logs and JSON.
ACTION_TYPES: dict[str, type] = {cls.__name__: cls for cls in (
    Deal, ClaimGift, DeclineGift, Draw, EndActions, Discard, KeepHand, Muster, MusterInCover, SeekCover, ExitCover,
    Meditate, Equip, EnterVehicle, ExitVehicle, Build, Bestow, Assign, Cast, PlaySpecial, Attack, Sabotage,
    DiscardCard, Respond)}

__all__ = [name for name in ACTION_TYPES] + ["ACTION_TYPES", "ActionKind", "KINDS", "ordered", "register"]
