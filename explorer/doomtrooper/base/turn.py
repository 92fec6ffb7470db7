"""Setting up, the order of play, and the end of the game.

* "Setting Up": every player shuffles his deck and draws seven, a chance step
  of the game (:class:`~explorer.doomtrooper.base.actions.Deal`); Destiny Points go
  to each pool (or, playing Teams, to each team's pool).
* "The Cardinal's Gift": each player in turn may take a fresh seven, once.
* "Step One: Draw" begins a turn: No Warriors in Play is checked, then the
  player draws up to seven.
* "Step Two: Actions": Meditate, Discard as One Action (optional), the end of the
  actions step; the other actions live in their own modules.
* "Step Three: Discard", then the end-of-turn missions and the next player.
* The end: the Promotion goal (a team's goal playing Teams), every draw pile
  empty with one player ahead, a player's loss under No Warriors in Play, or our
  turn cap.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...core.deck import Deck, Draw, Multiset
from ...core.dist import Dist
from ...core.engine import IllegalAction
from ...core.events import Event, event
from ...core.numbers import counted
from . import missions
from .. import sections as R
from .actions import ClaimGift, Discard, DiscardCard, KeepHand, Meditate, register
from ..state import IN_ACTIONS, IN_DRAW, DTState, Ending, GameResult, Phase, Seat, put_seat
from .warriors import able, discard_from_hand, remove

_new = tuple.__new__  # (a named tuple built as the tuple it is: its constructor is a Python function)
_NOBODY = frozenset()  # a draw pile's order known to nobody

# -- setting up --------------------------------------------------------------------------------------------


def new_game(game: Any, decks: list[Multiset]) -> DTState:
    """A game before the deal: each seat's deck shuffled, the Destiny pools filled."""
    rules = game.rules
    n = len(decks)
    if rules.style == "teams":
        size = rules.team_size
        if n % size or n < 2 * size:
            raise ValueError(f"playing Teams needs the players to split evenly into teams of {size} "
                             f"(at least two teams): {n} players do not")
        teams = n // size
        purse_of = tuple(i % teams for i in range(n))
        purses = (rules.team_destiny,) * teams
    else:
        purse_of = tuple(range(n))
        purses = (rules.destiny_start,) * n
    return DTState(tuple(Seat(Deck((), d, frozenset())) for d in decks), purses, purse_of)  # shuffled: no order known


def do_deal(game: Any, state: DTState, action: Any, chance: Any) -> tuple[DTState, list[Event]]:
    seats = []
    events = [event(R.SETUP, "every player shuffles his deck and takes "
                             f"{'a team pool of ' + str(game.rules.team_destiny) if game.rules.style == 'teams' else str(game.rules.destiny_start)}"
                             " Destiny Points")]
    for i, s in enumerate(state.seats):
        k = min(game.rules.hand_size, len(s.deck))
        dealt = chance.roll(s.deck.draw(k))
        seats.append(s._replace(deck=dealt.deck, hand=Multiset.of(dealt.cards)))
        events.append(event(R.SETUP, f"seat {i} draws an opening hand of {counted(k, 'card')}", seat=i))
        events.append(event(R.SETUP, f"seat {i}'s opening hand: {', '.join(sorted(dealt.cards))}", visible_to=i,
                            seat=i, cards=tuple(sorted(dealt.cards))))
    return state._replace(seats=tuple(seats), phase=Phase.GIFT, current=0), events


def do_gift(game: Any, state: DTState, action: Any, chance: Any) -> tuple[DTState, list[Event]]:
    seat = state.current
    s = state.seats[seat]
    events: list[Event] = []
    if isinstance(action, ClaimGift):
        old = s.hand
        warriors = any(game.pool[c].type == "warrior" for c in old.distinct)
        k = min(game.rules.hand_size, len(s.deck))
        dealt = chance.roll(s.deck.draw(k))
        if warriors:
            s = s._replace(deck=dealt.deck, hand=Multiset.of(dealt.cards), discard=s.discard + old)
            events.append(event(R.CARDINALS_GIFT, f"seat {seat} claims the Cardinal's Gift: his seven go to his "
                                                  f"discard pile unseen, and he draws {k} new cards", seat=seat))
        else:
            s = s._replace(deck=dealt.deck.shuffle_in(old), hand=Multiset.of(dealt.cards))
            events.append(event(R.CARDINALS_GIFT, f"seat {seat} has no warrior and claims the Cardinal's Gift, "
                                                  f"showing his hand ({', '.join(old)}); he draws {k} new cards and "
                                                  "shuffles the old ones back", seat=seat, shown=tuple(old)))
        events.append(event(R.CARDINALS_GIFT, f"seat {seat}'s new hand: {', '.join(sorted(dealt.cards))}",
                            visible_to=seat, seat=seat, cards=tuple(sorted(dealt.cards))))
    else:
        events.append(event(R.CARDINALS_GIFT, f"seat {seat} keeps his opening hand", seat=seat))
    state = put_seat(state, seat, s._replace(gift=True))
    if seat + 1 < len(state.seats):
        return state._replace(current=seat + 1), events
    first = first_player(game, state, chance)
    if game.rules.first_player_by_lot:
        events.append(event(R.FIRST_PLAYER, f"seat {first} is drawn by lot to take the first turn", first=first))
    else:
        events.append(event(R.FIRST_PLAYER, "seat 0 takes the first turn"))
    return state._replace(phase=Phase.DRAW, current=first), events


def first_player(game: Any, state: DTState, chance: Any) -> int:
    """Who takes the first turn (the rulebook leaves it to the players; reading
    ``first-player``): seat 0, or with ``first_player_by_lot`` a seat drawn by lot,
    each as likely as any other (a chance step)."""
    if not game.rules.first_player_by_lot:
        return 0
    return chance.roll(Dist.uniform(range(len(state.seats))))


def explain_gift(game: Any, state: DTState, action: Any) -> IllegalAction:
    if state.phase is Phase.SETUP:
        return IllegalAction(R.CARDINALS_GIFT, "the Cardinal's Gift comes after the opening draw")
    return IllegalAction(R.CARDINALS_GIFT, "the Cardinal's Gift may be claimed only right after the opening draw, "
                                           "once per player")


# -- step one: draw -------------------------------------------------------------------------------------

def do_draw(game: Any, state: DTState, action: Any, chance: Any, tell: bool = True) -> tuple[DTState, list[Event]]:
    """Step one of a turn: the draw up to the hand size (``tell=False``: the cards drawn not told).
    The actions step is set with the turn's start, in the same copy (no rule of the draw reads the
    phase; losing the game or the turn sets another).  Most turns No Warriors in Play has nothing
    to do (:func:`_no_count`): the turn begun and the draw are then one copy of the seat and the state."""
    seat = state.current
    rules = game.rules
    s = state.seats[seat]
    turns = s.turns + 1
    events = [_begins(seat, turns)]
    if _no_count(game, state, seat, s):
        s = _drawn(game, seat, s, turns, chance, tell, events)
        return state.with_turn(state.seats[:seat] + (s,) + state.seats[seat + 1:], IN_ACTIONS, seat,
                               state.turn + 1, rules.actions_per_turn, ()), events
    s = s.drawn(turns, s.deck, s.hand)  # (his turn begun: nothing drawn yet)
    state = state.with_turn(state.seats[:seat] + (s,) + state.seats[seat + 1:], IN_ACTIONS, seat, state.turn + 1,
                            rules.actions_per_turn, ())
    state, more = no_warriors(game, state, seat)
    events += more
    if state.phase is Phase.OVER:
        return state, events
    if state.seats[seat].out:
        return next_turn(game, state), events
    s = state.seats[seat]
    drawn = _drawn(game, seat, s, turns, chance, tell, events)
    return (put_seat(state, seat, drawn) if drawn is not s else state), events


def _no_count(game: Any, state: DTState, seat: int, s: Seat) -> bool:
    """Does No Warriors in Play leave ``seat`` (his seat ``s``, in the game) and the game as they are
    at the start of his turn: his draw pile not empty under the optional Sabotage rules, or no
    countdown running and a warrior of his able to fight (:func:`no_warriors`'s ways out that
    change nothing)?"""
    if s.out:
        return False
    deck = s.deck
    if game.rules.any_sabotage and (deck.top or deck.pile.size):  # (len(deck) without a call to Deck.__len__)
        return True
    if s.bare_since >= 0:
        return False
    pool = game.pool
    for t in state.troopers:  # able(game, t, seat) of his own: his hidden warriors are no secret to him
        if t.owner == seat and pool[t.card].combat:
            return True
    return False


def _drawn(game: Any, seat: int, s: Seat, turns: int, chance: Any, tell: bool, events: list[Event]) -> Seat:
    """Seat ``seat``'s ``s`` at the start of his ``turns``-th turn, once he draws up to the hand
    size (the draw told in ``events``, the cards drawn only when ``tell``).  With no card known on
    top of his draw pile (most turns) the draw is the shuffled pile's, what it leaves the pile: the
    same roll as the deck's draw, without its wrapping."""
    deck = s.deck
    size = len(deck.top) + deck.pile.size  # (len(deck) without a call to Deck.__len__)
    k = min(max(0, game.rules.hand_size - s.hand.size), size)
    if k:
        if deck.top:
            dealt = chance.roll(deck.draw(k))
            cards, deck = dealt.cards, dealt.deck
        else:  # (k fits the pile: its draw made without Multiset.draw's check)
            cards, rest = chance.roll(Draw(deck.pile, k))
            deck = _new(Deck, ((), rest, _NOBODY))  # (nobody knows the order of a shuffled pile)
        if tell:
            events.append(_draws(seat, k, k == size))
            events.append(event(R.DRAW, f"seat {seat} draws {', '.join(cards)}", visible_to=seat, seat=seat,
                                cards=tuple(cards)))
        return s.drawn(turns, deck, s.hand + cards)
    if not size:
        events.append(event(R.DRAW, f"seat {seat}'s draw pile is empty: he draws nothing and plays on", seat=seat))
    return s if s.turns == turns else s.drawn(turns, deck, s.hand)


@lru_cache(maxsize=1024)
def _begins(seat: int, turn: int) -> Event:
    """``seat`` begins his ``turn``-th turn (the same words in every game: made once, events are immutable)."""
    return event(R.TURN, f"seat {seat} begins turn {turn}", seat=seat, turn=turn)


@lru_cache(maxsize=256)
def _draws(seat: int, k: int, emptied: bool) -> Event:
    """What everybody sees of a draw: how many cards, and whether the pile is now empty
    (the same words every time: made once, events are immutable)."""
    return event(R.DRAW, f"seat {seat} draws {k} card{'s' if k > 1 else ''}"
                         f"{' (his draw pile is now empty)' if emptied else ''}", seat=seat, drawn=k)


def no_warriors(game: Any, state: DTState, seat: int) -> tuple[DTState, list[Event]]:
    """"No Warriors in Play": a player with no warrior able to fight at the start
    of his turn has that turn and the next two to muster one, or he loses.  With
    the optional Sabotage rules it applies only once his draw pile is empty."""
    rules = game.rules
    s = state.seats[seat]
    if rules.any_sabotage and len(s.deck):
        return state, []
    for t in state.troopers:
        if t.owner == seat and able(game, t, seat):  # he has a warrior able to fight
            return (put_seat(state, seat, s._replace(bare_since=-1)) if s.bare_since >= 0 else state), []
    if s.bare_since < 0:
        if s.turns == 1 and not rules.no_warriors_from_start:
            return state, []
        state = put_seat(state, seat, s._replace(bare_since=s.turns))
        n = rules.no_warriors_turns
        return state, [event(R.NO_WARRIORS, f"seat {seat} has no warrior in play: this turn and the next {n - 1} to "
                                            "muster one, or he loses", seat=seat)]
    if s.turns - s.bare_since >= rules.no_warriors_turns:
        return eliminate(game, state, seat, f"seat {seat} still has no warrior in play after "
                                            f"{rules.no_warriors_turns} turns and loses")
    return state, []


def eliminate(game: Any, state: DTState, seat: int, why: str) -> tuple[DTState, list[Event]]:
    """``seat`` loses: he is out, his warriors leave play; the last player (or
    team) standing wins."""
    events = [event(R.NO_WARRIORS, why, seat=seat)]
    state = put_seat(state, seat, state.seats[seat]._replace(out=True))
    for t in [t for t in state.troopers if t.owner == seat]:
        state, more = remove(game, state, t.uid, R.NO_WARRIORS, "leaves play with its player")
        events += more
    sides = {state.purse_of[i] if game.rules.style == "teams" else i for i, s in enumerate(state.seats) if not s.out}
    if len(sides) == 1:
        state = over(state, _members(game, state, sides.pop()), Ending.NO_WARRIORS)
    return state, events


# -- step two: actions of this module -------------------------------------------------------------------

_MEDITATE = Meditate()


def meditate_options(game: Any, state: DTState) -> list[Meditate]:
    return [_MEDITATE]


def do_meditate(game: Any, state: DTState, action: Meditate, chance: Any) -> tuple[DTState, list[Event]]:
    seat = state.current
    gain = game.rules.meditate_destiny
    purses = list(state.purses)
    purses[state.purse_of[seat]] += gain
    return state.with_purses(state.seats, tuple(purses)), [_meditated(seat, gain)]


@lru_cache(maxsize=256)
def _meditated(seat: int, gain: int) -> Event:
    """A Meditate's event (the same words every time: made once, events are immutable)."""
    return event(R.MEDITATE, f"seat {seat} meditates: +{counted(gain, 'Destiny Point')}", seat=seat)


def explain_meditate(game: Any, state: DTState, action: Any) -> IllegalAction:
    return IllegalAction(R.ACTIONS, "no actions left this turn")


def discard_action_options(game: Any, state: DTState) -> list[DiscardCard]:
    if not game.rules.discard_as_action:
        return []
    return [DiscardCard(c) for c in state.seat.hand.distinct]


def do_discard_action(game: Any, state: DTState, action: DiscardCard, chance: Any) -> tuple[DTState, list[Event]]:
    seat = state.current
    state = discard_from_hand(state, seat, action.card)
    return state, [event(R.DISCARD_ACTION, f"seat {seat} spends an action to discard a card face down", seat=seat),
                   event(R.DISCARD_ACTION, f"seat {seat} discards {action.card}", visible_to=seat, card=action.card)]


def explain_discard_action(game: Any, state: DTState, action: Any) -> IllegalAction:
    if not game.rules.discard_as_action:
        return IllegalAction(R.DISCARD_ACTION, "Discard as One Action is an optional rule that is off")
    return IllegalAction(R.DISCARD_ACTION, f"{action.card!r} is not in seat {state.current}'s hand")


register(Meditate, R.MEDITATE, 1, meditate_options, do_meditate, explain_meditate)
register(DiscardCard, R.DISCARD_ACTION, 1, discard_action_options, do_discard_action, explain_discard_action,
         enabled=lambda rules: rules.discard_as_action)


# -- step three: discard, and the end of the turn ---------------------------------------------------------

#: the discard of a card, built once per card (actions are frozen values: one object serves every turn)
_discard = lru_cache(maxsize=1024)(Discard)
KEEP_HAND = KeepHand()


def discard_options(state: DTState) -> tuple[Any, ...]:
    return tuple(map(_discard, state.seats[state.current].hand.distinct)) + (KEEP_HAND,)


def do_discard(game: Any, state: DTState, action: Any, chance: Any, tell: bool = True) -> tuple[DTState, list[Event]]:
    """Step three of a turn: a card discarded face down, or none (``tell=False``: the card not told)."""
    seat = state.current
    events = []
    if isinstance(action, Discard):
        state = discard_from_hand(state, seat, action.card)
        if tell:
            events += [_discards(seat, True),
                       event(R.DISCARD, f"seat {seat} discards {action.card}", visible_to=seat, card=action.card)]
    else:
        events.append(_discards(seat, False))
    state, more = missions.check(game, state, "end_of_turn", seat)
    events += more
    return next_turn(game, state), events


@lru_cache(maxsize=64)
def _discards(seat: int, card: bool) -> Event:
    """What everybody sees of ``seat``'s discard: a card face down, or nothing (the same
    words every time: made once, events are immutable)."""
    return event(R.DISCARD, f"seat {seat} discards {'a card face down' if card else 'nothing'}", seat=seat)


def next_turn(game: Any, state: DTState) -> DTState:
    """The next player still in the game begins his turn (or the turn cap ends it)."""
    seats = state.seats
    n = len(seats)
    current = state.current
    nxt = current + 1 if current + 1 < n else 0  # the next seat round the table
    if seats[nxt].out:  # (rarely: a seat out passed over, and the next, once round the table at most)
        for step in range(2, n + 1):
            nxt = (current + step) % n
            if not seats[nxt].out:
                break
    state = state.with_turn(seats, IN_DRAW, nxt, state.turn, 0, ())
    if seats[nxt].turns >= game.rules.turn_cap:
        return over(state, leaders(game, state), Ending.TURN_CAP)
    return state


def turn_number(state: DTState) -> int:
    """The current player's turn as the log counts it ("seat 1 begins turn 3"):
    each player counts his own turns (as the turn cap does), the one about to
    begin included, before his draw; 0 before the first turn.  ``state.turn``
    counts every player's turns together: how long a game was, not which turn."""
    if state.phase in (Phase.SETUP, Phase.GIFT):
        return 0
    return state.seats[state.current].turns + (state.phase is Phase.DRAW)


#: a step of the turn, as the table's heading names it (:func:`turn_heading`)
STEPS = {Phase.DRAW: "draw step", Phase.ACTIONS: "actions step", Phase.COMBAT: "a combat",
         Phase.RESPONSE: "an answer to sabotage", Phase.AWARD: "points to split", Phase.DISCARD: "discard step"}


def turn_heading(game: Any, view: DTState) -> str:
    """Where the game stands, the turn counted as the log counts it: "Seat 1's turn 3
    (actions step, 2 actions left)"; a step a variant owns by the variant's name."""
    if view.result is not None:
        return str(view.result)
    if view.phase in (Phase.SETUP, Phase.GIFT):
        return "Setting up: the opening hands" + (" and the Cardinal's Gift" if view.phase is Phase.GIFT else "")
    step = STEPS.get(view.phase) or (game.variant.title if game.variant is not None else str(view.phase))
    if view.phase is Phase.ACTIONS:
        step += f", {counted(view.actions, 'action')} left"
    return f"Seat {view.current}'s turn {turn_number(view)} ({step})"


def explain_discard(game: Any, state: DTState, action: Any) -> IllegalAction:
    if state.phase is not Phase.DISCARD:
        return IllegalAction(R.DISCARD, "the discard comes at the end of the turn, after the actions")
    return IllegalAction(R.DISCARD, f"{getattr(action, 'card', action)!r} is not in seat {state.current}'s hand")


# -- the end of the game ------------------------------------------------------------------------------------

def scores(game: Any, state: DTState) -> dict[int, int]:
    """Promotion Points by side still in the game: by seat, or playing Teams by team:
    every member's points, those of a member who is out too (the team won them),
    while one member still plays (reading ``team-out``)."""
    out: dict[int, int] = {}
    if game.rules.style == "teams":
        playing = {state.purse_of[i] for i, s in enumerate(state.seats) if not s.out}
        for i, s in enumerate(state.seats):
            key = state.purse_of[i]
            if key in playing:
                out[key] = out.get(key, 0) + s.promotion
        return out
    for i, s in enumerate(state.seats):
        if not s.out:
            out[i] = s.promotion
    return out


def seats_do(seats: tuple[int, ...], one: str, several: str) -> str:
    """The seats doing something, the verb agreeing: "seat 0 leads", "seat 0 and seat 1 lead"."""
    return f"{' and '.join(f'seat {w}' for w in seats)} {one if len(seats) == 1 else several}"


def leaders(game: Any, state: DTState) -> tuple[int, ...]:
    """The seats of the side with the most Promotion Points; none if sides tie."""
    by = scores(game, state)
    if not by:
        return ()
    best = max(by.values())
    top = [k for k, v in by.items() if v == best]
    if len(top) > 1:
        return ()
    return _members(game, state, top[0])


def _members(game: Any, state: DTState, side: int) -> tuple[int, ...]:
    """The seats of a side: the seat, or playing Teams every member of the team, a member
    who is out too: the team wins as a whole (reading ``team-out``)."""
    if game.rules.style == "teams":
        return tuple(i for i in range(len(state.seats)) if state.purse_of[i] == side)
    return (side,)


def over(state: DTState, winners: tuple[int, ...], ending: Ending) -> DTState:
    result = GameResult(ending, tuple(winners), state.turn, tuple(s.promotion for s in state.seats))
    return state._replace(phase=Phase.OVER, result=result, combat=None, response=None, pending=())


#: the phases after which something may be settled, the most frequent first (the rest: the game over or
#: not begun, a combat or an answer under way); a Phase is found in it by identity, no comparisons
_SETTLED = (Phase.ACTIONS, Phase.DISCARD, Phase.DRAW, Phase.AWARD, Phase.VARIANT)


def settle(game: Any, state: DTState) -> tuple[DTState, list[Event]]:
    """After every step: has a side reached its Promotion goal, or has every draw
    pile run out with one side ahead?  Only the seats (and the teams' purses) are
    read: the seats last found to end nothing are kept (states are immutable, and
    most steps leave the seats the same object), and asked first, whatever the phase
    (in any phase those seats settle nothing)."""
    last = game._unsettled
    if last is not None and last[0] is state.seats and last[1] is state.purse_of:
        return state, []
    return settle_seats(game, state)


def settle_seats(game: Any, state: DTState) -> tuple[DTState, list[Event]]:
    """:func:`settle` for seats not last found to end nothing (the game asks this after
    its own look at the seats kept, without a second look)."""
    seats = state.seats
    if state.phase not in _SETTLED:
        return state, []
    rules = game.rules
    drawing = False  # a player still in the game has cards in his draw pile: a known top or a shuffled rest
    if rules.style == "teams":
        by = scores(game, state)
        goal, best = rules.team_goal, max(by.values(), default=0)
        for s in seats:
            deck = s.deck
            if not s.out and (deck.top or deck.pile.size):  # (read without a call to Deck.__len__)
                drawing = True
                break
    else:  # each side one seat: its Promotion Points (the sums only when a game ends), in one loop with the piles
        goal, best = rules.promotion_goal, None  # the most of a seat still in, as max(default=0) (a loop: no call)
        for s in seats:
            if not s.out:
                if best is None or s.promotion > best:
                    best = s.promotion
                if not drawing:
                    deck = s.deck
                    if deck.top or deck.pile.size:
                        drawing = True
        if best is None:
            best = 0
    if best >= goal:
        by = scores(game, state)
        top = [k for k, v in by.items() if v == best]
        winners = tuple(i for k in top for i in _members(game, state, k))
        rule = R.TEAMS if game.rules.style == "teams" else R.OVERVIEW
        text = f"{seats_do(winners, 'reaches', 'reach')} the Promotion goal of {goal}"
        return over(state, winners, Ending.PROMOTION_GOAL), [event(rule, text, winners=winners)]
    if not drawing:
        win = leaders(game, state)
        if win:
            return over(state, win, Ending.DRAW_PILES_EXHAUSTED), [
                event(R.EXHAUSTED, "every draw pile is empty: " + seats_do(
                    win, "leads on Promotion Points and wins", "lead on Promotion Points and win"), winners=win)]
    game._unsettled = (seats, state.purse_of)
    return state, []


__all__ = ["KEEP_HAND", "STEPS", "do_deal", "do_discard", "do_draw", "do_gift", "eliminate", "leaders", "new_game", "next_turn", "over",
           "scores", "seats_do", "settle", "settle_seats", "turn_heading", "turn_number"]
