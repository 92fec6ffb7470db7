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

from ...core.events import RuleRef

# -- setting up and the steps of a turn -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deal:
    """Setting Up: shuffle and deal every player an opening hand (a chance step)."""

    def __str__(self) -> str:
        return "shuffle and deal the opening hands"


@dataclass(frozen=True, slots=True)
class ClaimGift:
    """The Cardinal's Gift: take a fresh hand of seven."""

    def __str__(self) -> str:
        return "claim the Cardinal's Gift (a fresh hand)"


@dataclass(frozen=True, slots=True)
class DeclineGift:
    """Keep the opening hand."""

    def __str__(self) -> str:
        return "keep this hand"


@dataclass(frozen=True, slots=True)
class Draw:
    """Step One: draw up to seven cards (a chance step)."""

    def __str__(self) -> str:
        return "draw up to seven"


@dataclass(frozen=True, slots=True)
class EndActions:
    """Step Two is over: on to the discard."""

    def __str__(self) -> str:
        return "end the actions"


@dataclass(frozen=True, slots=True)
class Discard:
    """Step Three: put ``card`` face down on the discard pile; the turn ends."""

    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class KeepHand:
    """Step Three: discard nothing; the turn ends."""

    def __str__(self) -> str:
        return "discard nothing"


# -- the actions ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Muster:
    card: str

    def __str__(self) -> str:
        return f"muster {self.card}"


@dataclass(frozen=True, slots=True)
class MusterInCover:
    card: str

    def __str__(self) -> str:
        return f"muster {self.card} in cover"


@dataclass(frozen=True, slots=True)
class SeekCover:
    uid: int

    def __str__(self) -> str:
        return f"#{self.uid} seeks cover"


@dataclass(frozen=True, slots=True)
class ExitCover:
    uid: int

    def __str__(self) -> str:
        return f"#{self.uid} exits cover"


@dataclass(frozen=True, slots=True)
class Meditate:
    """Add a Destiny Point to your pool."""

    def __str__(self) -> str:
        return "meditate"


@dataclass(frozen=True, slots=True)
class Equip:
    """Attach equipment ``card`` to warrior ``uid``; for a vehicle, ``inside`` says
    where the warrior starts."""

    card: str
    uid: int
    inside: bool = False

    def __str__(self) -> str:
        return f"equip #{self.uid} with {self.card}" + (" (inside it)" if self.inside else "")


@dataclass(frozen=True, slots=True)
class EnterVehicle:
    uid: int

    def __str__(self) -> str:
        return f"#{self.uid} enters its vehicle"


@dataclass(frozen=True, slots=True)
class ExitVehicle:
    uid: int

    def __str__(self) -> str:
        return f"#{self.uid} leaves its vehicle"


@dataclass(frozen=True, slots=True)
class Build:
    card: str

    def __str__(self) -> str:
        return f"build {self.card}"


@dataclass(frozen=True, slots=True)
class Bestow:
    card: str
    uid: int

    def __str__(self) -> str:
        return f"bestow {self.card} on #{self.uid}"


@dataclass(frozen=True, slots=True)
class Assign:
    """Assign mission ``card`` to a warrior (``uid``) or to a player (``seat``)."""

    card: str
    uid: int | None = None
    seat: int | None = None

    def __str__(self) -> str:
        return f"assign {self.card} to " + (f"#{self.uid}" if self.uid is not None else f"seat {self.seat}")


@dataclass(frozen=True, slots=True)
class Cast:
    """Cast Art spell ``card`` in your turn (no action) with ``caster`` on ``target``."""

    card: str
    caster: int
    target: int

    def __str__(self) -> str:
        return f"cast {self.card} with #{self.caster} on #{self.target}"


@dataclass(frozen=True, slots=True)
class PlaySpecial:
    """Play Special ``card`` in your turn (no action) on ``target``."""

    card: str
    target: int | None = None

    def __str__(self) -> str:
        return f"play {self.card}" + (f" on #{self.target}" if self.target is not None else "")


@dataclass(frozen=True, slots=True)
class Attack:
    """Warrior ``attacker`` attacks warrior ``defender`` with ``tactic`` (fight or shoot)."""

    attacker: int
    defender: int
    tactic: str

    def __str__(self) -> str:
        return f"#{self.attacker} attacks #{self.defender} ({self.tactic.capitalize()})"


@dataclass(frozen=True, slots=True)
class Sabotage:
    """Optional rule: warrior ``uid`` sabotages player ``seat``."""

    uid: int
    seat: int

    def __str__(self) -> str:
        return f"#{self.uid} sabotages seat {self.seat}"


@dataclass(frozen=True, slots=True)
class DiscardCard:
    """Optional rule, Discard as One Action: discard ``card`` from hand."""

    card: str

    def __str__(self) -> str:
        return f"discard {self.card} (an action)"


@dataclass(frozen=True, slots=True)
class Respond:
    """Play ``card`` in answer to what an opponent does (stop a sabotage)."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


# -- the registry ---------------------------------------------------------------------------------

class ActionKind(NamedTuple):
    """One kind of action: its ``cost`` (actions; a function of the rules), its
    rule, the options it offers, what it does, and why it is refused.  ``hand``: the
    type of the cards in hand its options play, when they play nothing else (a game
    does not ask for its options while the hand holds none); ``troops``: what the
    player's warriors must have for its options to list anything (a warrior in cover,
    with cards attached, inside, or two out of cover: a game does not ask while not)."""

    type: type
    rule: RuleRef
    cost: Callable[[Any], int]
    options: Callable[[Any, Any], Iterable[Any]] | None  # None: its variant offers them (Variant.options)
    do: Callable[..., tuple[Any, list]]
    explain: Callable[[Any, Any, Any], Any]
    ends_actions: bool = False  # it ends the actions step: its ``do`` sets the actions left to none itself
    enabled: Callable[[Any], bool] | None = None  # rules -> is this kind in the game? (None: always)
    hand: str | None = None  # the card type its options are played from (None: not only from the hand)
    tells: bool = False  # its ``do`` takes ``tell`` (False: the same state, fewer or no events)
    troops: str | None = None  # what its options act on, one of asked.TROOP_FIELDS (None: not only that)


#: action type -> its kind, in the order options are listed
KINDS: dict[type, ActionKind] = {}


def register(type_: type, rule: RuleRef, cost: int | Callable[[Any], int], options, do, explain,
             ends_actions: bool = False, enabled: Callable[[Any], bool] | None = None,
             hand: str | None = None, tells: bool = False, troops: str | None = None) -> None:
    """Add an action kind.  ``enabled(rules)``: whether the kind is in a game at all (an
    expansion's switch); a game leaves a disabled kind out of its options.  ``options``
    ``None``: the variant the kind belongs to offers its options itself.  ``hand``: see
    :class:`ActionKind`; ``troops``: likewise; ``tells``: its ``do`` takes a last argument ``tell`` (a runner that
    keeps no events asks it for none)."""
    if type_ in KINDS:
        raise ValueError(f"action kind {type_.__name__} registered twice")
    price = cost if callable(cost) else (lambda rules, c=cost: c)
    KINDS[type_] = ActionKind(type_, rule, price, options, do, explain, ends_actions, enabled, hand, tells, troops)


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


# -- Paradise Lost and the first-edition additions ---------------------------------------------------

@dataclass(frozen=True, slots=True)
class OutpostTransfer:
    """Paradise Lost, "Transfer": move warrior ``uid`` into your Outpost, or out of it
    back to its Squad or Kohort (the direction follows from where it stands)."""

    uid: int

    def __str__(self) -> str:
        return f"#{self.uid} transfers"


@dataclass(frozen=True, slots=True)
class GiveBeast:
    """Paradise Lost, "Beasts": give Beast ``card`` to warrior ``uid`` in your Outpost."""

    card: str
    uid: int

    def __str__(self) -> str:
        return f"give {self.card} to #{self.uid}"


@dataclass(frozen=True, slots=True)
class AttackPlayer:
    """First edition, "Attacking a Player Directly": warrior ``uid`` attacks player ``seat``."""

    uid: int
    seat: int

    def __str__(self) -> str:
        return f"#{self.uid} attacks seat {self.seat} directly"


@dataclass(frozen=True, slots=True)
class AssignSergeant:
    """First edition, "Sergeants": Sergeant ``uid`` takes command of the group of ``group`` (a warrior card)."""

    uid: int
    group: str

    def __str__(self) -> str:
        return f"#{self.uid} becomes the Sergeant of the {self.group}"


@dataclass(frozen=True, slots=True)
class BoardVehicle:
    """First edition, the optional many-vehicles rule: warrior ``uid`` enters its vehicle ``card``."""

    uid: int
    card: str

    def __str__(self) -> str:
        return f"#{self.uid} enters {self.card}"


ACTION_TYPES.update({cls.__name__: cls for cls in (OutpostTransfer, GiveBeast, AttackPlayer, AssignSergeant,
                                                   BoardVehicle)})
__all__ += ["OutpostTransfer", "GiveBeast", "AttackPlayer", "AssignSergeant", "BoardVehicle", "AFTER_STEP", "FORCED",
            "MEETING", "WHEN", "MUSTER_CHECKS", "meeting_rules", "switched_on"]

#: Rules that force the current player's next action (Paradise Lost: answer an opponent's
#: Outpost; move a turned Doomtrooper out): each ``f(game, state) -> (rule, options, why) | None``;
#: the first that returns options decides what the player may do (like "Seek Cover").
FORCED: list[Callable[[Any, Any], Any]] = []

#: Rules run after every step of the whole game, before the end is checked: each
#: ``f(game, state) -> (state, events)`` (Paradise Lost: an Outpost has been entered;
#: first-edition Sergeants: an assignment lapses when its group is gone).
AFTER_STEP: list[Callable[[Any, Any], Any]] = []

#: Rules on who may be mustered where: each ``(cls, f)``, ``f(game, state, seat, card) -> IllegalAction | None``
#: (Paradise Lost: Tribal warriors only into an Outpost, never two Tribal affiliations together),
#: reading of ``state`` only the warriors in play (the musterable warriors are remembered by them),
#: and refusing only warriors of class ``cls`` (no other is asked: :func:`.muster.checks`).
MUSTER_CHECKS: list[tuple[str, Callable[[Any, Any, int, str], Any]]] = []

#: Rules on which two warriors may meet in a combat, whatever the attack rules say: each
#: ``f(game, attacker, defender, tactic) -> (rule, reason) | None`` on warriors in play
#: (Paradise Lost: never across the Outpost's edge; first edition: no Fight with an airship).
MEETING: list[Callable[[Any, Any, Any, str], Any]] = []

#: When a rule of :data:`MEETING`, :data:`FORCED` or :data:`AFTER_STEP` may do anything at all:
#: ``rule -> f(rules) -> bool`` (its switch); a game leaves the others out (:func:`switched_on`).
WHEN: dict[Callable[..., Any], Callable[[Any], bool]] = {}


def switched_on(hooks: list[Callable[..., Any]], rules: Any) -> tuple[Callable[..., Any], ...]:
    """The rules of ``hooks`` (:data:`MEETING`, :data:`FORCED`, :data:`AFTER_STEP`) that
    may do anything under ``rules`` (those without a :data:`WHEN` always may): a game
    asks only these at every step."""
    return tuple(r for r in hooks if r not in WHEN or WHEN[r](rules))


def meeting_rules(rules: Any) -> tuple[Callable[[Any, Any, Any, str], Any], ...]:
    """The rules of :data:`MEETING` that may bar a meeting under ``rules``."""
    return switched_on(MEETING, rules)
