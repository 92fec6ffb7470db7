"""The pieces of a combat ("Attack") as values: the table a combat works on, a
combatant's ratings and the terms they add up from, the combat's state and its
actions, and the hooks through which the expansions' rules join a combat."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from ...core.deck import Multiset
from ...core.events import RuleRef
from ...core.rounds import RoundsState
from ...core.tuples import builder, quick_replace, record
from ..state import Trooper

#: More parts of a combatant's ratings, from the expansions' rules: each
#: ``f(combat, table, trooper) -> iterable of Term`` (Paradise Lost: a Beast's new base
#: ratings; first-edition Sergeants: the Sergeant's bonus to his group).  A part only some
#: rules use says which in ``actions.WHEN``, as every hook does (``actions.switched_on``).
EXTRA_RATINGS: list[Any] = []

#: Areas of Influence (Paradise Lost): each ``f(combat, area, trooper) -> bool`` says whether
#: a card working on ``area`` (a fortification, a caster's place) reaches ``trooper`` in another area.
AREA_REACH: list[Any] = []

_object_new = object.__new__  # a record built without its __init__ (CombatState.begun), filled in before anyone sees it

UNHURT, WOUNDED, KILLED = "unhurt", "wounded", "killed"
STATUSES = (UNHURT, WOUNDED, KILLED)


# -- the pieces of a combat -------------------------------------------------------------------------

class Ratings(NamedTuple):
    """A combatant's final ratings for one combat: its attack (Fight or Shoot),
    Armor and Value, and how it strikes (``first``: strikes first; ``ends``: a
    hit ends the combat; ``always``: first even against another striker)."""

    attack: int
    armor: int
    value: int
    first: bool = False
    ends: bool = False
    always: bool = False


@quick_replace
class Term(NamedTuple):
    """One part of a combatant's ratings: where it comes from, the rule that makes it
    count, and what it adds to the attack rating (Fight or Shoot), Armor and Value."""

    source: str
    rule: Any
    attack: int
    armor: int
    value: int
    note: str = ""


@quick_replace
class Played(NamedTuple):
    """A card played in the modify step and what it does to which warrior."""

    seat: int
    card: str
    kind: str  # "special" or "art"
    uid: int = -1
    fight: int = 0
    shoot: int = 0
    armor: int = 0
    value: int = 0
    strike: bool = False
    grows: str = ""  # a spell that may be fed: the rating each Destiny Point raises
    boost: int = 0
    fed: int = 0
    cancelled: bool = False


@record
class Table:
    """Everything a combat works on: the tactic, who fights, the warriors and
    fortifications in play when it began, the seats in modify order, the cards
    played, and the hands and Destiny pools cards are played and paid from.
    A record (read far more often than copied: see :func:`~explorer.core.tuples.record`)."""

    tactic: str
    attacker: int
    defender: int
    troopers: tuple[Trooper, ...]
    fortifications: tuple[tuple[str, ...], ...]
    purse_of: tuple[int, ...]
    order: tuple[int, ...]
    hands: tuple[Multiset, ...]
    purses: tuple[int, ...]
    plays: tuple[Played, ...] = ()
    weapons: tuple[tuple[int, str], ...] = ()  # (uid, weapon card) for each combatant that has one
    in_play: tuple[tuple[Any, ...], ...] = ()  # each seat's Seat.in_play (Warzones, Alliances); () when none has any
    warzone: str = ""  # the Warzone the Defender defends from ("": none)

    def trooper(self, uid: int) -> Trooper:
        for t in self.troopers:
            if t.uid == uid:
                return t
        raise KeyError(uid)

    def weapon(self, uid: int) -> str:
        for u, w in self.weapons:
            if u == uid:
                return w
        return ""

    def find(self, uid: Any) -> Trooper | None:
        """The combatant ``uid`` if he is at the table, else ``None`` (:meth:`trooper` refuses)."""
        for t in self.troopers:
            if t.uid == uid:
                return t
        return None

    def with_hands(self, hands: tuple[Multiset, ...]) -> Table:
        """The table with its hands replaced in one copy: a card played, a card a bot weighs."""
        out = self._copy()
        out.hands = hands
        return out

    seen = builder("hands", "troopers", doc="""The table with its hands and warriors replaced in one
        copy: what a viewer sees (:func:`~explorer.doomtrooper.views.masked_combat`).""")

    def with_weapons(self, weapons: tuple[tuple[int, str], ...]) -> Table:
        """The table with the combatants' weapons replaced in one copy: the weapons chosen."""
        out = self._copy()
        out.weapons = weapons
        return out

    def with_plays(self, plays: tuple[Played, ...]) -> Table:
        """The table with its cards played replaced in one copy: a card's effect (a card weighed by
        the bot is one)."""
        out = self._copy()
        out.plays = plays
        return out

    def with_combatants(self, tactic: str, attacker: int, defender: int, weapons: tuple[tuple[int, str], ...]) -> Table:
        """The table with its tactic, combatants and weapons replaced in one copy: an attack a
        bot weighs on a table it built once."""
        out = self._copy()
        out.tactic = tactic
        out.attacker = attacker
        out.defender = defender
        out.weapons = weapons
        return out

    def played_from(self, seat: int, card: str) -> Table:
        """The table with ``card`` gone from ``seat``'s hand, in one copy: every card played,
        and every card a bot weighs."""
        hands = self.hands
        return self.with_hands(hands[:seat] + (hands[seat].remove(card),) + hands[seat + 1:])

    def spend(self, seat: int, amount: int) -> Table:
        """The table after ``seat`` pays ``amount`` Destiny Points from his pool."""
        purses = list(self.purses)
        purses[self.purse_of[seat]] -= amount
        return self._replace(purses=tuple(purses))

    def fed(self, seat: int, index: int) -> Table:
        """The table after ``seat`` feeds a Destiny Point into the card played at ``index``."""
        p = self.plays[index]
        return self.spend(seat, 1)._replace(plays=self.plays[:index] + (p._replace(fed=p.fed + 1),)
                                            + self.plays[index + 1:])


class Kill(NamedTuple):
    killer: int
    victim: int


class Earned(NamedTuple):
    """Points a seat took from a combat: Promotion and Destiny."""

    seat: int
    promotion: int
    destiny: int


class Due(NamedTuple):
    """Points a seat must still split: ``promotion``: may it take Promotion?"""

    seat: int
    points: int
    promotion: bool
    victim: int


@record
class CombatState:
    """Where a combat stands: its step (``weapons``, ``modify``, ``resolve``,
    ``award``, ``done``), the table (inside ``rounds`` during the modify step),
    who still picks a weapon, the statuses, the kills and the points.  A record
    (see :func:`~explorer.core.tuples.record`)."""

    step: str
    table: Table
    rounds: RoundsState | None = None
    choosing: tuple[int, ...] = ()
    statuses: tuple[tuple[int, str], ...] = ()
    kills: tuple[Kill, ...] = ()
    due: tuple[Due, ...] = ()
    earned: tuple[Earned, ...] = ()
    ended: str = ""  # why the combat stopped early ("" when it was fought)
    announced: int = 0  # the announcements (ANNOUNCEMENTS) already answered

    @property
    def live(self) -> Table:
        """The table as it is now (inside the rounds during the modify step)."""
        return self.rounds.table if self.rounds is not None else self.table

    def status(self, uid: int) -> str | None:
        for u, s in self.statuses:
            if u == uid:
                return s
        return None

    @staticmethod
    def begun(step: str, table: Table, rounds: RoundsState | None) -> CombatState:
        """A combat at ``step`` on ``table`` (``rounds``: its round of card play), nothing else yet
        (every other field its default): the modify step opened, or a combat on to its resolution
        at once.  Its fields set as :meth:`_copy` sets them (a dataclass's ``__init__`` costs twice that)."""
        out = _object_new(CombatState)
        out.step = step
        out.table = table
        out.rounds = rounds
        out.choosing = out.statuses = out.kills = out.due = out.earned = ()
        out.ended = ""
        out.announced = 0
        return out

    with_rounds = builder("rounds", "table", doc="""The combat with its round of card play and its table
        replaced in one copy: every step of the modify step, and what a viewer sees
        (:func:`~explorer.doomtrooper.views.masked_combat`).""")

    # the combat's steps, each one copy (see :func:`~explorer.core.tuples.record`)
    def resolving(self, table: Table) -> CombatState:
        """On to step 5 (Resolve Combat), the cards played on ``table``."""
        out = self._copy()
        out.step = "resolve"
        out.table = table
        out.rounds = None
        return out

    def resolved(self, statuses: tuple[tuple[int, str], ...], kills: tuple[Kill, ...],
                 due: tuple[Due, ...]) -> CombatState:
        """Resolved (steps 5 and 6): on to the points ``due`` (step 7), done if there are none."""
        out = self._copy()
        out.step = "award" if due else "done"
        out.statuses = statuses
        out.kills = kills
        out.due = due
        return out

    def took(self, earned: Earned) -> CombatState:
        """The first points due taken as ``earned``: done once nothing more is due."""
        out = self._copy()
        out.due = due = self.due[1:]
        out.earned = self.earned + (earned,)
        if not due:
            out.step = "done"
        return out


# -- actions ------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ChooseWeapon:
    """Step 3: the weapon ``uid`` uses in this combat."""

    uid: int
    card: str

    def __str__(self) -> str:
        return f"#{self.uid} uses {self.card}"


@dataclass(frozen=True, slots=True)
class Play:
    """Step 4: play ``card`` from hand on warrior ``target`` (``None``: no
    target); an Art spell names its ``caster``."""

    card: str
    target: int | None = None
    caster: int | None = None

    def __str__(self) -> str:
        return f"play {self.card}" + (f" on #{self.target}" if self.target is not None else "") + (f" (cast by #{self.caster})" if self.caster is not None else "")


@dataclass(frozen=True, slots=True)
class Feed:
    """Step 4: one more Destiny Point into the spell played ``index``-th in this combat."""

    index: int

    def __str__(self) -> str:
        return f"feed a Destiny Point to the spell played {self.index + 1}."


@dataclass(frozen=True, slots=True)
class Resolve:
    """Steps 5 and 6: the rules compare the ratings (rolling under the dice variant)."""

    def __str__(self) -> str:
        return "resolve the combat"


@dataclass(frozen=True, slots=True)
class TakePoints:
    """Step 7: take ``promotion`` of the points as Promotion Points, the rest as Destiny."""

    promotion: int

    def __str__(self) -> str:
        return f"take {self.promotion} as Promotion Points, the rest as Destiny"


@lru_cache(maxsize=64)
def splits(points: int) -> tuple[TakePoints, ...]:
    """The ways to take ``points`` points: 0 to all of them as Promotion Points, the
    rest as Destiny (built once per number: actions are frozen values)."""
    return tuple(TakePoints(k) for k in range(points + 1))


ACTIONS = (ChooseWeapon, Play, Feed, Resolve, TakePoints)


# -- hooks for the expansions' rules -------------------------------------------------------------------

class Announcement(NamedTuple):
    """Something a player announces after the battle tactic, before the standing (the
    Warzone expansion: the Defender may defend from a Warzone).  ``options(combat,
    table)``: the actions offered (empty: nothing to announce); ``seat(table)``: who
    decides; ``apply(combat, table, action)``: ``(table, events)``."""

    rule: Any
    types: tuple[type, ...]
    options: Any
    seat: Any
    apply: Any
    prompt: str = "Announce"


class RoundPlay(NamedTuple):
    """A card the expansions let any player put into play during the modify step
    (the Golgotha expansion: an Alliance, played at any time): ``options(combat,
    table, seat)``, ``apply(combat, table, seat, action)`` -> ``(table, events)``,
    ``explain(combat, table, seat, action)`` -> :class:`IllegalAction`.  Played only under
    some rules: its ``options`` says which in ``actions.WHEN``."""

    type: type
    options: Any
    apply: Any
    explain: Any


#: Announcements, in order (registered by :mod:`explorer.doomtrooper.expansions.warzones`).
ANNOUNCEMENTS: list[Announcement] = []
#: action type -> the play (registered by :mod:`explorer.doomtrooper.expansions.alliances`).
ROUND_PLAYS: dict[type, RoundPlay] = {}
#: card type -> the rule that makes a card of that type count when attached to a warrior
#: (Relics, Ki Powers): its Fight or Shoot (by the tactic), Armor and Value add to the
#: warrior's, and its ``strike_first`` works as a warrior's.
ATTACHED_RATINGS: dict[str, RuleRef] = {}
#: ``(combat, table, seat, card) -> (rule, reason) | None``: why a Special with keywords may
#: not be played in this combat (the Mortificator expansion's Poisons); ``None``: it may.
PLAY_LIMITS: list[Any] = []


def play_limit(combat: Any, table: Any, seat: int, card: Any) -> tuple[Any, str] | None:
    """The first reason a registered limit gives against playing ``card``, or ``None``."""
    for limit in PLAY_LIMITS:
        why = limit(combat, table, seat, card)
        if why is not None:
            return why
    return None



__all__ = ["ACTIONS", "ANNOUNCEMENTS", "AREA_REACH", "ATTACHED_RATINGS", "Announcement", "ChooseWeapon", "CombatState",
           "Due", "EXTRA_RATINGS", "Earned", "Feed", "KILLED", "Kill", "PLAY_LIMITS", "Play", "Played", "ROUND_PLAYS",
           "Ratings", "Resolve", "RoundPlay", "STATUSES", "Table", "TakePoints", "Term", "UNHURT", "WOUNDED",
           "play_limit", "splits"]
