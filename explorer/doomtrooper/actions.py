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

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from ..core.events import RuleRef

# -- setting up and the steps of a turn -------------------------------------------------------------


class Deal(NamedTuple):
    """Setting Up: shuffle and deal every player an opening hand (a chance step)."""


class ClaimGift(NamedTuple):
    """The Cardinal's Gift: take a fresh hand of seven."""


class DeclineGift(NamedTuple):
    """Keep the opening hand."""


class Draw(NamedTuple):
    """Step One: draw up to seven cards (a chance step)."""


class EndActions(NamedTuple):
    """Step Two is over: on to the discard."""


class Discard(NamedTuple):
    """Step Three: put ``card`` face down on the discard pile; the turn ends."""

    card: str


class KeepHand(NamedTuple):
    """Step Three: discard nothing; the turn ends."""


# -- the actions ------------------------------------------------------------------------------------


class Muster(NamedTuple):
    card: str


class MusterInCover(NamedTuple):
    card: str


class SeekCover(NamedTuple):
    uid: int


class ExitCover(NamedTuple):
    uid: int


class Meditate(NamedTuple):
    pass


class Equip(NamedTuple):
    """Attach equipment ``card`` to warrior ``uid``; for a vehicle, ``inside`` says
    where the warrior starts."""

    card: str
    uid: int
    inside: bool = False


class EnterVehicle(NamedTuple):
    uid: int


class ExitVehicle(NamedTuple):
    uid: int


class Build(NamedTuple):
    card: str


class Bestow(NamedTuple):
    card: str
    uid: int


class Assign(NamedTuple):
    """Assign mission ``card`` to a warrior (``uid``) or to a player (``seat``)."""

    card: str
    uid: int | None = None
    seat: int | None = None


class Cast(NamedTuple):
    """Cast Art spell ``card`` in your turn (no action) with ``caster`` on ``target``."""

    card: str
    caster: int
    target: int


class PlaySpecial(NamedTuple):
    """Play Special ``card`` in your turn (no action) on ``target``."""

    card: str
    target: int | None = None


class Attack(NamedTuple):
    """Warrior ``attacker`` attacks warrior ``defender`` with ``tactic`` (fight or shoot)."""

    attacker: int
    defender: int
    tactic: str


class Sabotage(NamedTuple):
    """Optional rule: warrior ``uid`` sabotages player ``seat``."""

    uid: int
    seat: int


class DiscardCard(NamedTuple):
    """Optional rule, Discard as One Action: discard ``card`` from hand."""

    card: str


class Respond(NamedTuple):
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


#: Every action type, for logs and JSON.
ACTION_TYPES: dict[str, type] = {cls.__name__: cls for cls in (
    Deal, ClaimGift, DeclineGift, Draw, EndActions, Discard, KeepHand, Muster, MusterInCover, SeekCover, ExitCover,
    Meditate, Equip, EnterVehicle, ExitVehicle, Build, Bestow, Assign, Cast, PlaySpecial, Attack, Sabotage,
    DiscardCard, Respond)}

__all__ = [name for name in ACTION_TYPES] + ["ACTION_TYPES", "ActionKind", "KINDS", "register"]
