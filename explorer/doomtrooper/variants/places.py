"""The variants with places ("Doomtrooper Optional Rules and Variants"): the
Warzone Variant, Home Turf Advantage and Colonization put warriors *somewhere*
on the table (a warzone, a base, a planet's warzone), and where a warrior
stands decides whom it may attack, what it may do and what it is worth.

This module holds what the three share:

* :class:`PlaceVariant`: the :class:`~explorer.doomtrooper.variants.variant.Variant`
  the three derive from (``has_places``; the game keeps it as ``game.places``,
  ``None`` in every other game, where none of this runs).
* The actions that name a place: :class:`MusterAt` / :class:`MusterInCoverAt`
  (Add Warrior into a place) and :class:`Transfer` (move a warrior to another
  place); a variant replaces the plain Muster options with these.
* ``Trooper.place`` (the warrior's place, ``""`` for "the default place") and
  ``DTState.board`` (the variant's board, an immutable named tuple).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.engine import IllegalAction
from ...core.events import Event, event
from .. import sections as R
from ..base.actions import ACTION_TYPES, Build, Muster, MusterInCover, register
from ..base.muster import do_muster, do_muster_in_cover
from ..state import DTState, Trooper, put_trooper
from .variant import Variant
from ..words import said


# -- the actions that name a place -------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class MusterAt:
    """Add Warrior ``card`` from hand into ``place`` (paying its Value)."""

    card: str
    place: str

    def __str__(self) -> str:
        return f"muster {self.card} into {self.place}"


@dataclass(frozen=True, slots=True)
class MusterInCoverAt:
    """Add Warrior ``card`` into ``place`` in cover (face down, paid when shown)."""

    card: str
    place: str

    def __str__(self) -> str:
        return f"muster {self.card} in cover into {self.place}"


@dataclass(frozen=True, slots=True)
class Transfer:
    """Move warrior ``uid`` to ``place`` (one action; more for a vehicle or, in
    Colonization, for Venus: the variant says)."""

    uid: int
    place: str

    def __str__(self) -> str:
        return f"#{self.uid} transfers to {self.place}"


@dataclass(frozen=True, slots=True)
class BuildAt:
    """Build fortification ``card`` in ``place`` (it stays there)."""

    card: str
    place: str

    def __str__(self) -> str:
        return f"build {self.card} in {self.place}"


class PlaceVariant(Variant):
    """A variant with places: where warriors stand, and the options that name a
    place (none by default); one object per game (it may cache what the rules fix)."""

    has_places = True
    rule = R.OVERVIEW
    #: mustering and building name a place: :meth:`muster_options` and :meth:`build_options`
    replaces = (Muster, MusterInCover, Build)
    #: the place a warrior with ``place == ""`` stands in
    default_place = ""

    def where(self, t: Trooper) -> str:
        """``t``'s place (``""`` reads as the variant's default place)."""
        return t.place or self.default_place

    def muster_options(self, game: Any, state: DTState, cover: bool) -> list[Any]:
        """:class:`MusterAt` (or, ``cover``, :class:`MusterInCoverAt`) options."""
        return []

    def transfer_options(self, game: Any, state: DTState) -> list[Transfer]:
        return []

    def transfer_cost(self, game: Any, state: DTState, t: Trooper, place: str) -> int:
        return 1

    def build_options(self, game: Any, state: DTState) -> list[BuildAt]:
        return []

    # the greedy bot
    def greedy(self, game: Any, state: DTState, options: Any) -> Any:
        """The greedy bot's choice among the variant's own options (``None``: let
        its standard play choose); ``state`` is the bot's observation.  By
        default it plays as with the basic actions, at the default place: the
        strongest warrior it can pay for while it has fewer than three (or six
        Destiny), then a fortification."""
        seat = state.current
        home = self.default_place
        musters = [o for o in options if isinstance(o, MusterAt) and o.place == home]
        mine = sum(1 for t in state.troopers if t.owner == seat)
        if musters and (mine < 3 or state.destiny(seat) >= 6):
            pool = game.pool
            return max(musters, key=lambda o: (max(pool[o.card].fight, pool[o.card].shoot) + pool[o.card].armor,
                                               o.card))
        builds = [o for o in options if isinstance(o, BuildAt) and o.place == home]
        return builds[0] if builds else None


# -- the kinds of the place actions ------------------------------------------------------------------

def place_muster(game: Any, state: DTState, card: str, place: str, cover: bool, chance: Any,
                 rule: Any) -> tuple[DTState, list[Event], int]:
    """Muster ``card`` (in cover or not) with the standard rules, then stand it in
    ``place``; returns the new warrior's uid too (-1 if it is not in play)."""
    uid = state.next_uid
    if cover:
        state, events = do_muster_in_cover(game, state, MusterInCover(card), chance)
    else:
        state, events = do_muster(game, state, Muster(card), chance)
    t = state.find(uid)
    if t is None:
        return state, events, -1
    state = put_trooper(state, t._replace(place=place))
    who = "a warrior" if cover else card
    events = list(events) + [event(rule, f"{who} (seat {t.owner}) stands in {place}", uid=uid, place=place)]
    return state, events, uid


def _muster_options(game: Any, state: DTState) -> list[Any]:
    return game.places.muster_options(game, state, False) if game.places is not None else []


def _cover_options(game: Any, state: DTState) -> list[Any]:
    return game.places.muster_options(game, state, True) if game.places is not None else []


def _do_muster_at(game: Any, state: DTState, action: Any, chance: Any):
    return game.places.do_muster(game, state, action, chance)


def _explain_place(game: Any, state: DTState, action: Any) -> IllegalAction:
    if game.places is None:
        return IllegalAction(R.ACTIONS, f"{type(action).__name__} names a place: only the variants with places "
                                        "(warzone, home_turf, colonization) have places")
    why = game.places.explain(game, state, action)
    return why if why is not None else IllegalAction(game.places.rule, f"{said(state, action)} is not possible now")


def _transfer_options(game: Any, state: DTState) -> list[Transfer]:
    return game.places.transfer_options(game, state) if game.places is not None else []


def _do_transfer(game: Any, state: DTState, action: Transfer, chance: Any) -> tuple[DTState, list[Event]]:
    places = game.places
    t = state.trooper(action.uid)
    cost = places.transfer_cost(game, state, t, action.place)
    state = state._replace(actions=state.actions - (cost - 1))  # the kind's one action is spent already
    old = places.where(t)
    state = put_trooper(state, t._replace(place=action.place))
    return state, [event(places.transfer_rule, f"{t.card} (seat {t.owner}) transfers from {old} to {action.place} "
                                               f"({cost} action{'s' if cost > 1 else ''})", uid=t.uid, place=action.place,
                         actions=cost)]


def _build_options(game: Any, state: DTState) -> list[BuildAt]:
    return game.places.build_options(game, state) if game.places is not None else []


def _do_build_at(game: Any, state: DTState, action: BuildAt, chance: Any):
    return game.places.do_build(game, state, action, chance)


#: the action kinds only the variants with places offer (a game without places leaves them out)
PLACE_KINDS: set[type] = set()


def register_place_kind(type_: type, *args: Any) -> None:
    """Register an action kind (the arguments of :func:`~explorer.doomtrooper.base.actions.register`)
    that only a variant with places offers; its type is known to the logs."""
    register(type_, *args)
    PLACE_KINDS.add(type_)
    ACTION_TYPES[type_.__name__] = type_


register_place_kind(MusterAt, R.MUSTER, 1, _muster_options, _do_muster_at, _explain_place)
register_place_kind(MusterInCoverAt, R.MUSTER_IN_COVER, lambda rules: rules.muster_in_cover_actions, _cover_options,
                    _do_muster_at, _explain_place)
register_place_kind(Transfer, R.ACTIONS, 1, _transfer_options, _do_transfer, _explain_place)
register_place_kind(BuildAt, R.FORTIFICATION, 1, _build_options, _do_build_at, _explain_place)


def has_vehicle(game: Any, t: Trooper) -> bool:
    """``t`` has a vehicle, inside it or not, or is considered one (a Transfer
    then takes more actions)."""
    return game.vehicle_of(t) is not None or "Vehicle" in game.classes_of(t)


__all__ = ["BuildAt", "MusterAt", "MusterInCoverAt", "PLACE_KINDS", "PlaceVariant", "Transfer", "has_vehicle",
           "place_muster", "register_place_kind"]
