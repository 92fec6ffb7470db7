"""The mastermind ("Mastermind"): who leads each party.

A player may hand the role to another villain of his party (our reading of "at any
point": at the start of his own turn); the villain who gave it up is *unmade* and
may not lead again until the mastermind who replaced him is defeated.  A party
whose mastermind is lost in a conflict names a new one from those left.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.engine import Chance, Decision, IllegalAction
from ..core.events import Event, event
from . import sections as R
from .state import AsylumState, Party, PendingHeir, Phase, put

if TYPE_CHECKING:
    from .conflict import ConflictResult
    from .game import AsylumGame


@dataclass(frozen=True, slots=True)
class MakeMastermind:
    """Hand the mastermind role to ``villain`` (the old mastermind is 'unmade')."""

    villain: str

    def __str__(self) -> str:
        return f"make {self.villain} the mastermind"


@dataclass(frozen=True, slots=True)
class NameMastermind:
    """After the mastermind is lost: name ``villain`` the new mastermind."""

    villain: str

    def __str__(self) -> str:
        return f"name {self.villain} the new mastermind"


def options(game: AsylumGame, state: AsylumState) -> list[MakeMastermind]:
    """Villains the player whose turn it is may make mastermind now."""
    party = state.parties[state.current]
    if len(party.villains) < 2:
        return []
    return [MakeMastermind(v.name) for v in party.villains if v.name != party.mastermind and v.name not in party.unmade]


def do_make(game: AsylumGame, state: AsylumState, action: MakeMastermind,
            chance: Chance) -> tuple[AsylumState, list[Event]]:
    if action not in options(game, state):
        raise explain(game, state, action)
    seat = state.current
    party = state.parties[seat]
    old = party.mastermind
    changes: dict[str, Any] = {"mastermind": action.villain, "unmade": party.unmade + (old,)}
    if party.doom_ready and not game.rules.switch_ends_doom_ready:
        changes["doom_ready"] = action.villain
    state = put(state, party._replace(**changes))
    ev = event(R.MASTERMIND_SWITCH, f"seat {seat} makes {action.villain} the mastermind; {old} is unmade and may "
               f"not lead again until {action.villain} is defeated", seat=seat, mastermind=action.villain, unmade=old)
    return state, [ev]


def heir_decision(game: AsylumGame, state: AsylumState, item: PendingHeir) -> Decision:
    party = state.parties[item.seat]
    return Decision(item.seat, tuple(NameMastermind(v.name) for v in party.villains), R.MASTERMIND_SWITCH,
                    f"Seat {item.seat}: name the new mastermind")


def do_name(game: AsylumGame, state: AsylumState, item: PendingHeir, action: NameMastermind,
            chance: Chance) -> tuple[AsylumState, list[Event]]:
    party = state.parties[item.seat]
    if not isinstance(action.villain, str) or action.villain not in party.names:
        raise IllegalAction(R.MASTERMIND_SWITCH, f"{action.villain!r} is not in seat {item.seat}'s party")
    state = put(state, party._replace(mastermind=action.villain))
    return state, [event(R.MASTERMIND_SWITCH, f"seat {item.seat} names {action.villain} the new mastermind",
                         seat=item.seat, mastermind=action.villain)]


def after_conflict(game: AsylumGame, party: Party, result: ConflictResult, side: int,
                   changes: dict[str, Any], todo: list, events: list[Event]) -> None:
    """What a finished conflict does to a party's mastermind ("Mastermind",
    "Defeated villains"): a defeated mastermind frees the unmade villains (our
    readings unmade-release and oscar-slips-as-mastermind, each with its switch); a lost
    one is replaced (named by the player when there is a choice).  Adds to
    ``changes`` (the party's new fields), ``todo`` and ``events``."""
    seat = party.seat
    lost = result.lost[side]
    rules = game.rules
    if rules.any_defeat_frees_unmade:
        defeated = result.defeated[side] + (result.slipped if rules.slipped_mastermind_frees_unmade else ())
    else:
        defeated = lost
    if party.mastermind in defeated and party.unmade:
        changes["unmade"] = ()
        events.append(event(R.MASTERMIND_SWITCH, f"seat {seat}'s mastermind {party.mastermind} was defeated: "
                            f"{', '.join(party.unmade)} may be made mastermind again", seat=seat))
    if party.mastermind in lost:
        keep = changes["villains"]
        heir = keep[0].name
        changes["mastermind"] = heir
        changes["unmade"] = ()
        if len(keep) > 1:
            todo.append(PendingHeir(seat))
            text = f"seat {seat}'s mastermind {party.mastermind} is lost: the player must name a new one"
        else:
            text = f"seat {seat}'s mastermind {party.mastermind} is lost: {heir}, the only one left, leads now"
        events.append(event(R.MASTERMIND_SWITCH, text, seat=seat, mastermind=heir, lost=True))


def explain(game: AsylumGame, state: AsylumState, action: MakeMastermind | NameMastermind) -> IllegalAction:
    """Why a mastermind change is not allowed now."""
    if isinstance(action, NameMastermind):
        if state.todo and isinstance(state.todo[0], PendingHeir):
            party = state.parties[state.todo[0].seat]
            return IllegalAction(R.MASTERMIND_SWITCH, f"{action.villain!r} is not in seat {party.seat}'s party")
        return IllegalAction(R.MASTERMIND_SWITCH, "a new mastermind is named only when the mastermind is lost, "
                             "from the villains left in the party")
    if state.phase is not Phase.START:
        return IllegalAction(R.MASTERMIND_SWITCH, "the mastermind is changed at the start of the player's own "
                             "turn (our reading of 'at any point')")
    party = state.parties[state.current]
    if not isinstance(action.villain, str) or action.villain not in party.names:
        return IllegalAction(R.MASTERMIND_SWITCH, f"{action.villain!r} is not in seat {party.seat}'s party")
    if action.villain == party.mastermind:
        return IllegalAction(R.MASTERMIND_SWITCH, f"{action.villain} is already the mastermind")
    if action.villain in party.unmade:
        return IllegalAction(R.MASTERMIND_SWITCH, f"{action.villain} was unmade mastermind and may not be made "
                             f"mastermind again until the current mastermind, {party.mastermind}, is defeated")
    return IllegalAction(R.MASTERMIND_SWITCH, f"{action} is not a legal option now")


__all__ = ["MakeMastermind", "NameMastermind", "after_conflict", "do_make", "do_name", "explain", "heir_decision",
           "options"]
