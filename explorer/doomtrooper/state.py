"""Where a game of Doomtrooper stands: every player's piles and pools, the
warriors in play, the phase of the turn, and what waits to be decided.
Immutable and hashable, copied with ``_replace``: named tuples, and the records
read most (a warrior, a seat, the state) as ``__slots__`` records that read as named
tuples do, and faster (:func:`explorer.core.tuples.record`).

Hidden information is part of the state and leaves it only through
:meth:`explorer.doomtrooper.game.DoomtrooperGame.observe`: hands, the order and
contents of draw piles, face-down discard and annihilated piles, and the
identity of a warrior mustered in cover until it is revealed.
"""

from __future__ import annotations

from enum import Enum
from operator import attrgetter
from typing import Any, NamedTuple

from ..core import results
from ..core.results import GameResult
from ..core.tuples import builder, record
from ..core.deck import Deck, Multiset
from ..core.numbers import counted
from . import sections as R

#: What an observer sees instead of a card he may not look at.
UNSEEN = "?"


class Phase(Enum):
    """The parts of a game ("Setting Up", "The Order of Play")."""

    SETUP = "setup"  # before the opening deal
    GIFT = "gift"  # the Cardinal's Gift, each player in turn
    DRAW = "draw"  # step one: draw up to seven
    ACTIONS = "actions"  # step two
    COMBAT = "combat"  # an attack under way (a sub-game)
    RESPONSE = "response"  # a sabotaged player may answer (a round of card play)
    AWARD = "award"  # points waiting to be split between Promotion and Destiny
    DISCARD = "discard"  # step three
    OVER = "over"
    # the variants (explorer.doomtrooper.variants): a step the variant played owns
    VARIANT = "variant"

    def __str__(self) -> str:
        return self.value


#: the phases most steps ask of, under plain names (a member read off an Enum class is about ten
#: times a module name's cost): imported by the step, the turn and the bots
IN_DRAW, IN_ACTIONS, IN_COMBAT, IN_DISCARD = Phase.DRAW, Phase.ACTIONS, Phase.COMBAT, Phase.DISCARD


class Attached(NamedTuple):
    """A card attached to a warrior or assigned to a player, and whose card it is."""

    card: str
    owner: int


#: an attached card's name (read by map: in Python 3.11 a comprehension is a call)
_CARD = attrgetter("card")


@record
class Trooper:
    """A warrior in play.  ``uid`` tells copies apart; ``hidden``: mustered in
    cover and not yet revealed (its ``card`` is known to its owner only);
    ``unpaid``: its Value is still due; ``inside``: inside its vehicle;
    ``exited``: the game turn in which it last came out of cover; ``moved``: the
    game turn of its last voluntary Transfer (Paradise Lost); ``leads``: for a
    Sergeant, the warrior card whose group he is assigned to (first-edition
    Sergeants; "" none)."""

    uid: int
    card: str
    owner: int
    area: str
    wounded: bool = False
    cover: bool = False
    hidden: bool = False
    unpaid: bool = False
    attached: tuple[Attached, ...] = ()
    inside: bool = False
    exited: int = -1
    moved: int = -1
    leads: str = ""
    # the variants with places (Warzone Variant, Home Turf Advantage, Colonization): where it stands
    place: str = ""

    def cards(self) -> tuple[str, ...]:
        return tuple(map(_CARD, self.attached))

    def with_attached(self, attached: tuple[Attached, ...], inside: bool | None = None) -> Trooper:
        """The warrior with its attached cards, and whether it is inside its vehicle when given,
        replaced in one copy: a card attached to it (Equip, a gift, a mission)."""
        out = self._copy()
        out.attached = attached
        if inside is not None:
            out.inside = inside
        return out

    def hurt(self) -> Trooper:
        """The warrior wounded ("Change Warrior Status"), in one copy."""
        out = self._copy()
        out.wounded = True
        return out


@record
class Seat:
    """One player's side of the table ("The Table Layout")."""

    deck: Deck
    hand: Multiset = Multiset()
    discard: Multiset = Multiset()
    annihilated: Multiset = Multiset()
    promotion: int = 0
    fortifications: tuple[str, ...] = ()
    missions: tuple[Attached, ...] = ()  # missions assigned to this player
    turns: int = 0  # turns begun
    gift: bool = False  # has answered the Cardinal's Gift
    bare_since: int = -1  # his turn in which the No Warriors in Play countdown began (-1: none)
    out: bool = False  # lost (multi-player games go on without him)
    in_play: tuple[Placed, ...] = ()  # the expansions' cards in play before him (Warzones, Alliances)

    def with_hand(self, hand: Multiset, discard: Multiset | None = None) -> Seat:
        """The seat with his hand, and his discard pile when given, replaced in one copy: a
        combat's hands and cards played back from its table."""
        out = self._copy()
        out.hand = hand
        if discard is not None:
            out.discard = discard
        return out

    def with_discard(self, discard: Multiset) -> Seat:
        """The seat with his discard pile replaced in one copy: a warrior, or a card attached to
        it, leaving play."""
        out = self._copy()
        out.discard = discard
        return out

    def mustered(self, hand: Multiset, bare_since: int) -> Seat:
        """The seat having mustered a warrior from ``hand``, in one copy: ``bare_since`` is -1
        when it may take part in combat (it ends the No Warriors in Play countdown)."""
        out = self._copy()
        out.hand = hand
        out.bare_since = bare_since
        return out

    seen = builder("deck", "hand", "discard", "annihilated", doc="""The seat with its four piles replaced
        in one copy: as a player sees it (views), at most decisions.""")

    def drawn(self, turns: int, deck: Deck, hand: Multiset) -> Seat:
        """The seat at the start of his ``turns``-th turn, having drawn from ``deck`` up to
        ``hand``, in one copy."""
        out = self._copy()
        out.turns = turns
        out.deck = deck
        out.hand = hand
        return out


class Placed(NamedTuple):
    """A card a player put into play that is neither a warrior nor attached to one
    (the expansions: a Warzone in his Squad or Kohort, an Alliance); ``area`` is
    where it stands ("" for a card of the whole player)."""

    card: str
    area: str = ""


class Award(NamedTuple):
    """Points seat ``seat`` earned and must split: ``promotion`` says whether any
    may be Promotion Points (never for killing your own warriors)."""

    seat: int
    points: int
    promotion: bool
    rule: Any
    why: str


class Ending(results.Ending):
    """How a game of Doomtrooper ends: the basic rules' endings, then the variants'.
    A result's ``scores`` are every seat's Promotion Points."""

    PROMOTION_GOAL = ("promotion goal", R.OVERVIEW)
    DRAW_PILES_EXHAUSTED = ("draw piles exhausted", R.EXHAUSTED)
    NO_WARRIORS = ("no warriors", R.NO_WARRIORS)
    TURN_CAP = ("turn cap", R.TURN_CAP)
    ACTIONS_SPENT = ("actions spent", R.LIMITED_END)
    C_BEATEN = ("C beaten", R.BEAT_DOWN_END)
    C_HOLDS_OUT = ("C holds out", R.BEAT_DOWN_END)
    BASES_FLIPPED = ("bases flipped", R.HOME_FLIP)
    OUT_OF_CARDS = ("out of cards", R.VORTEX_END)
    COLONY_POINTS = ("colony points", R.COLONY_POINTS)

    def why(self, winner: int | None = None) -> str:
        """What ended the game, as a clause of its own ("player C's last warrior left
        play"), the same whoever won (the sentence names the winners beside it); the
        short name (``text``) names metric columns and log data."""
        return _WHY[self]

    def sentence(self, result: GameResult) -> str:
        if result.draw:
            return f"A draw after {counted(result.turns, 'turn')}: {self.why()}."
        who = " and ".join(map(str, result.winners))
        who = f"Seats {who} win" if result.shared else f"Seat {who} wins"
        return f"{who} after {counted(result.turns, 'turn')}: {self.why()}."


#: what ended the game, said whoever won (the winners are said beside it)
_WHY = {Ending.PROMOTION_GOAL: "the Promotion goal was reached",
        Ending.DRAW_PILES_EXHAUSTED: "every draw pile ran out",
        Ending.NO_WARRIORS: "the others went too long without a warrior in play and lost",
        Ending.TURN_CAP: "the turn cap was reached",
        Ending.ACTIONS_SPENT: "every action marker was spent",
        Ending.C_BEATEN: "player C's last warrior left play",
        Ending.C_HOLDS_OUT: "player C held out until the draw piles of A and B ran out",
        Ending.BASES_FLIPPED: "all of the winner's bases were flipped",
        Ending.OUT_OF_CARDS: "nobody had a card left",
        Ending.COLONY_POINTS: "the Colony Point goal was reached"}


@record
class DTState:
    """Where a game stands.  ``purses`` are Destiny pools (one per player, or one
    per team), ``purse_of[seat]`` the pool a seat uses."""

    seats: tuple[Seat, ...]
    purses: tuple[int, ...]
    purse_of: tuple[int, ...]
    troopers: tuple[Trooper, ...] = ()
    phase: Phase = Phase.SETUP
    current: int = 0  # whose turn (or, in GIFT, who answers)
    turn: int = 0  # turns begun, all players together
    actions: int = 0  # actions left in this turn
    sabotaged: tuple[int, ...] = ()  # players the current player has sabotaged this turn
    next_uid: int = 0
    combat: Any = None  # CombatState while an attack is under way
    response: Any = None  # RoundsState while a sabotaged player may answer
    pending: tuple[Award, ...] = ()  # points waiting to be split
    result: GameResult | None = None
    outpost_opened: bool = False  # Paradise Lost: some warrior has entered play in an Outpost
    # the variants with places: their board (explorer.doomtrooper.variants.places), None in the standard game
    board: Any = None
    # the variants: what the variant played keeps (its own NamedTuple; None in the basic game)
    variant_state: Any = None

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def seat(self) -> Seat:
        return self.seats[self.current]

    def destiny(self, seat: int) -> int:
        return self.purses[self.purse_of[seat]]

    def trooper(self, uid: int) -> Trooper:
        for t in self.troopers:
            if t.uid == uid:
                return t
        raise KeyError(f"no warrior {uid} in play")

    def find(self, uid: Any) -> Trooper | None:
        for t in self.troopers:
            if t.uid == uid:
                return t
        return None

    def warriors(self, seat: int) -> tuple[Trooper, ...]:
        return tuple(t for t in self.troopers if t.owner == seat)

    def with_seats(self, seats: tuple[Seat, ...], troopers: tuple[Trooper, ...] | None = None) -> DTState:
        """The state with its seats, and its warriors when given, replaced in one copy: a step
        that changes a seat (:func:`put_seat`) and what a viewer sees
        (:meth:`~.game.DoomtrooperGame.observe`), at nearly every step."""
        out = self._copy()
        out.seats = seats
        if troopers is not None:
            out.troopers = troopers
        return out

    def with_purses(self, seats: tuple[Seat, ...], purses: tuple[int, ...]) -> DTState:
        """The state with its seats and Destiny pools replaced in one copy: a Meditate, a
        warrior's points taken."""
        out = self._copy()
        out.seats = seats
        out.purses = purses
        return out

    with_turn = builder("seats", "phase", "current", "turn", "actions", "sabotaged", doc="""The state with
        its seats and where the turn stands (the phase, whose turn, the turns begun, the actions left,
        who was sabotaged) replaced in one copy: the start and the end of every turn.""")

    def with_combat(self, combat: Any) -> DTState:
        """The state with its combat replaced in one copy: every step of a combat."""
        out = self._copy()
        out.combat = combat
        return out

    def with_troopers(self, troopers: tuple[Trooper, ...]) -> DTState:
        """The state with its warriors replaced in one copy: a warrior changed (:func:`put_trooper`)."""
        out = self._copy()
        out.troopers = troopers
        return out

    def combat_begun(self, combat: Any) -> DTState:
        """The attack action's end in one copy: the actions spent (the attack is the turn's
        last) and ``combat`` under way."""
        out = self._copy()
        out.actions = 0
        out.phase = Phase.COMBAT
        out.combat = combat
        return out

    def combat_over(self, seats: tuple[Seat, ...], purses: tuple[int, ...], troopers: tuple[Trooper, ...]) -> DTState:
        """A finished combat's hands, cards played and Destiny back in the game (``seats``,
        ``purses``, ``troopers``), the combat gone and on to the discard, in one copy."""
        out = self._copy()
        out.seats = seats
        out.purses = purses
        out.troopers = troopers
        out.combat = None
        out.phase = Phase.DISCARD
        return out

    def with_actions(self, actions: int) -> DTState:
        """The state with its actions left replaced in one copy: every action."""
        out = self._copy()
        out.actions = actions
        return out

    def with_phase(self, phase: Phase) -> DTState:
        """The state with its phase replaced in one copy: the actions step over."""
        out = self._copy()
        out.phase = phase
        return out

    def with_muster(self, seats: tuple[Seat, ...], purses: tuple[int, ...], troopers: tuple[Trooper, ...],
                    next_uid: int) -> DTState:
        """A warrior into play in one copy: the seats (his hand), the Destiny pools (paid for
        it), the warriors and the next uid."""
        out = self._copy()
        out.seats = seats
        out.purses = purses
        out.troopers = troopers
        out.next_uid = next_uid
        return out

    seen = builder("seats", "troopers", "combat", doc="""The state with its seats, warriors and combat
        replaced in one copy: what a viewer sees (:meth:`~.game.DoomtrooperGame.observe`, at every
        decision).""")


def put_seat(state: DTState, index: int, seat: Seat, **changes: Any) -> DTState:
    """``state`` with ``seat`` at ``index`` (and any other ``changes``), in one copy."""
    seats = state.seats
    seats = seats[:index] + (seat,) + seats[index + 1:]
    return state._replace(seats=seats, **changes) if changes else state.with_seats(seats)


def _replaced(troopers: tuple[Trooper, ...], trooper: Trooper) -> tuple[Trooper, ...]:
    """``troopers`` with ``trooper`` in place of the warrior of the same uid."""
    uid = trooper.uid
    out = []  # a loop: in Python 3.11 a comprehension is a call
    for t in troopers:
        out.append(trooper if t.uid == uid else t)
    return tuple(out)


def put_trooper(state: DTState, trooper: Trooper, **changes: Any) -> DTState:
    """``state`` with ``trooper`` replacing the warrior of the same uid."""
    troopers = _replaced(state.troopers, trooper)
    return state._replace(troopers=troopers, **changes) if changes else state.with_troopers(troopers)


def put_seat_trooper(state: DTState, index: int, seat: Seat, trooper: Trooper) -> DTState:
    """``state`` with ``seat`` at ``index`` and ``trooper`` replacing the warrior of the same uid,
    in one copy (a card from a hand onto a warrior)."""
    seats = state.seats
    return state.with_seats(seats[:index] + (seat,) + seats[index + 1:], _replaced(state.troopers, trooper))


def attach_from_hand(state: DTState, seat: int, uid: int, card: str) -> tuple[DTState, Trooper]:
    """Seat ``seat`` takes ``card`` from his hand and attaches it to warrior ``uid``
    (Equip, Bestow Gift, Relics, Ki Powers, Beasts: the caller checked it may).
    Returns the new state and the warrior as it was, for the log."""
    t = state.trooper(uid)
    s = state.seats[seat]
    return put_seat_trooper(state, seat, s.with_hand(s.hand.remove(card)),
                            t.with_attached(t.attached + (Attached(card, seat),))), t


def paid(state: DTState, seat: int, amount: int) -> tuple[int, ...]:
    """The purses once ``seat`` pays ``amount`` Destiny Points from his pool (the caller
    checked it can): for a rule that changes more in the same copy."""
    purses = list(state.purses)
    purses[state.purse_of[seat]] -= amount
    return tuple(purses)


def pay(state: DTState, seat: int, amount: int) -> DTState:
    """Take ``amount`` Destiny Points from ``seat``'s pool (the caller checked it can)."""
    return state._replace(purses=paid(state, seat, amount))


__all__ = ["Attached", "attach_from_hand", "Award", "Placed", "DTState", "Ending", "GameResult", "Phase", "Seat", "Trooper", "UNSEEN", "paid", "pay", "put_seat", "put_seat_trooper",
           "put_trooper"]
