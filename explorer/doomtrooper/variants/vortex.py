"""The Vortex ("Some Cool Optional Rules From Jon Goosens"): a game of rounds.

Each round: the Draw Phase (every player draws ``vortex_hand`` (12) cards, a
random player goes first; a chance step), the Deployment Phase (from the first
player around the table, each places one base card (a warrior or a
fortification) or one attachment (equipment, a Dark Symmetry gift, a mission)
for free, even on an opponent's warrior, until a whole round passes with
nothing placed), the Action Phase (each player, from the first, takes
``vortex_actions`` (3) actions; no discard), the Revealment Phase (hands shown; a
player who kept back a card he could have placed loses all his Promotion and
Destiny), and the Vortex Phase (every card in a hand or in play is shuffled back
into its owner's draw pile; discard piles stay).  The game ends when a player goes
beyond ``vortex_goal`` Promotion (ours, 15: the rulebook's 40 is out of reach, see
the reading ``vortex-ending``), or when nobody has a card left (most Promotion
wins).

A player may keep a card back (:class:`KeepBack`): the rule says he must place
everything he can, and the Revealment Phase is how it is enforced, so the
choice is modelled and punished rather than forbidden (``vortex-keep-back``).

>>> from explorer.doomtrooper.game import DoomtrooperGame
>>> from explorer.doomtrooper.params import override_rules
>>> game = DoomtrooperGame(rules=override_rules({"variant": "vortex"}))
>>> state = game.setup(seed=1)
>>> [s.hand.size for s in state.seats], state.phase.value, state.variant_state.step
([12, 12], 'variant', 'deploy')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ...core.deck import Multiset
from ...core.dist import Dist
from ...core.engine import Decision, IllegalAction
from ...core.events import Event, event
from ...core.numbers import counted
from ..base import missions, turn
from .. import sections as R
from ..base.actions import ACTION_TYPES, Assign, Bestow, Build, Deal, Equip, Muster
from ..base.equip import do_equip, may_carry
from ..base.fortify import do_bestow, do_build, gift_problem
from ..base.missions import _targets, do_assign
from ..base.muster import _place, known_copy
from ..state import UNSEEN, DTState, Ending, Phase, put_seat
from .variant import Variant

#: the card types placed in the Deployment Phase: base cards, then attachments
BASE_TYPES = ("warrior", "fortification")
ATTACHMENT_TYPES = ("equipment", "dark_symmetry", "mission")


@dataclass(frozen=True, slots=True)
class Deploy:
    """The Vortex, Deployment Phase: place ``play`` (a Muster, Build, Equip,
    Bestow or Assign) for free: no action, no Destiny."""

    play: Any

    def __str__(self) -> str:
        return f"deploy for free: {self.play}"


@dataclass(frozen=True, slots=True)
class KeepBack:
    """The Vortex, Deployment Phase: place nothing this time round (keeping back a
    card that could be placed is punished in the Revealment Phase)."""

    def __str__(self) -> str:
        return "place nothing"


@dataclass(frozen=True, slots=True)
class VortexShuffle:
    """The Vortex Phase and the next Draw Phase (a chance step): hands and cards
    in play shuffled back, twelve drawn, a first player drawn by lot."""

    def __str__(self) -> str:
        return "shuffle hands and cards in play back, draw, and pick the first player"


for _cls in (Deploy, KeepBack, VortexShuffle):
    ACTION_TYPES[_cls.__name__] = _cls


class VortexState(NamedTuple):
    """Where the round stands: ``step`` ("deploy", "actions", "vortex"), the
    round's first player, how many seats have had their Action Phase, how many
    seats in a row placed nothing, each seat's cards kept back while they could
    be placed, the round number and the punishments so far."""

    step: str
    first: int
    acted: int = 0
    idle: int = 0
    kept: tuple[Multiset, ...] = ()
    round: int = 1
    punished: int = 0


_SHUFFLE = Decision(None, (VortexShuffle(),), R.VORTEX_SHUFFLE, "Shuffle back, draw twelve, pick the first player")
_DEAL = Decision(None, (Deal(),), R.VORTEX_DRAW, "Shuffle and draw twelve cards each")


#: The last answer of :func:`deployments`, with the game, seats, warriors and seat it was for (compared by
#: identity; held, so their identities are not reused): a deployment step asks it to find the next
#: seat with something to place, to list his options, and to check his choice.
_LAST_DEPLOYED: tuple[Any, Any, Any, int, tuple[Deploy, ...]] = (None, None, None, -1, ())


def deployments(game: Any, state: DTState, seat: int) -> tuple[Deploy, ...]:
    """Every card ``seat`` could place now for free, and where: his own plays
    first (warriors, fortifications, then attachments on his warriors), then
    attachments on opponents' warriors.  They read the seats and the warriors alone."""
    global _LAST_DEPLOYED
    last_game, seats, troopers, last_seat, found = _LAST_DEPLOYED
    if last_game is game and seats is state.seats and troopers is state.troopers and last_seat == seat:
        return found
    found = _deployments(game, state, seat)
    _LAST_DEPLOYED = (game, state.seats, state.troopers, seat, found)
    return found


def _deployments(game: Any, state: DTState, seat: int) -> tuple[Deploy, ...]:
    view = state._replace(current=seat)
    hand = state.seats[seat].hand
    pool = game.pool
    own: list[Any] = []
    theirs: list[Any] = []
    for name in hand.distinct:
        c = pool[name]
        if c.type == "warrior":
            if known_copy(game, view, seat, name) is None:
                own.append(Muster(name))
        elif c.type == "fortification":
            if name not in state.seats[seat].fortifications:
                own.append(Build(name))
        elif c.type == "equipment":
            for t in state.troopers:
                if (t.hidden and t.owner != seat) or may_carry(game, t, c) is not None:
                    continue
                (own if t.owner == seat else theirs).append(Equip(name, t.uid))
        elif c.type == "dark_symmetry":
            for t in state.troopers:
                if (t.hidden and t.owner != seat) or gift_problem(game, t, c) is not None:
                    continue
                (own if t.owner == seat else theirs).append(Bestow(name, t.uid))
        elif c.type == "mission":
            own += _targets(game, view, c)
    return tuple([Deploy(p) for p in own + theirs])


_DO = {Muster: None, Build: do_build, Equip: do_equip, Bestow: do_bestow, Assign: do_assign}


def _place_free(game: Any, state: DTState, seat: int, play: Any, chance: Any) -> tuple[DTState, list[Event]]:
    """Place ``play`` as ``seat`` with no action and no Destiny spent."""
    purses = state.purses
    view = state._replace(current=seat)
    if isinstance(play, Muster):
        view, events = _place(game, view, seat, play.card, cover=False, events=[])
    else:
        view, events = _DO[type(play)](game, view, play, chance)
    return view._replace(current=state.current, purses=purses), [
        e._replace(text=e.text.split(", paying")[0] + " (deployed for free)") if "paying" in e.text else e
        for e in events]


class Vortex(Variant):
    name = "vortex"
    title = "The Vortex"
    rule = R.VORTEX

    # -- the steps the variant owns --------------------------------------------------------------
    def decision(self, game: Any, state: DTState):
        phase = state.phase
        if phase is Phase.SETUP:
            return _DEAL
        if phase is not Phase.VARIANT:
            return None
        v = state.variant_state
        if v.step == "vortex":
            return _SHUFFLE
        seat = state.current
        return Decision(seat, deployments(game, state, seat) + (KeepBack(),), R.VORTEX_DEPLOY,
                        f"Seat {seat}: place a base or attachment card for free, or place nothing")

    def resolve(self, game: Any, state: DTState, action: Any, chance: Any):
        phase = state.phase
        if phase is Phase.SETUP:
            if not isinstance(action, Deal):
                raise game.illegal(state, action)
            n = len(state.seats)
            state = state._replace(variant_state=VortexState("deploy", 0, kept=(Multiset(),) * n))
            return self._draw(game, state, chance, [])
        if phase is not Phase.VARIANT:
            return None
        v = state.variant_state
        if v.step == "vortex":
            if not isinstance(action, VortexShuffle):
                raise game.illegal(state, action)
            return self._vortex(game, state, chance)
        seat = state.current
        if isinstance(action, KeepBack):
            options = deployments(game, state, seat)
            kept = v.kept
            if options:
                names = {_card(d.play) for d in options}
                hand = state.seats[seat].hand
                held = Multiset.of({c: hand.count(c) for c in names})
                kept = kept[:seat] + (_union(kept[seat], held),) + kept[seat + 1:]
            state = state._replace(variant_state=v._replace(idle=v.idle + 1, kept=kept))
            events = [event(R.VORTEX_DEPLOY, f"seat {seat} places nothing this time round", seat=seat)]
        elif isinstance(action, Deploy) and action in deployments(game, state, seat):
            state, events = _place_free(game, state, seat, action.play, chance)
            state = state._replace(variant_state=state.variant_state._replace(idle=0))
        else:
            raise game.illegal(state, action)
        state, more = self._next_deployer(game, state, (seat + 1) % len(state.seats))
        return state, events + more

    def _draw(self, game: Any, state: DTState, chance: Any, events: list[Event]) -> tuple[DTState, list[Event]]:
        """The Draw Phase: twelve each (fewer from a short pile), a random first player."""
        k_rule = game.rules.vortex_hand
        seats = []
        for i, s in enumerate(state.seats):
            k = min(k_rule, len(s.deck))
            if k:
                dealt = chance.roll(s.deck.draw(k))
                s = s._replace(deck=dealt.deck, hand=s.hand + dealt.cards)
                events.append(event(R.VORTEX_DRAW, f"seat {i} draws {counted(k, 'card')}", seat=i, drawn=k))
                events.append(event(R.VORTEX_DRAW, f"seat {i} draws {', '.join(sorted(dealt.cards))}", visible_to=i,
                                    seat=i, cards=tuple(sorted(dealt.cards))))
            else:
                events.append(event(R.VORTEX_END, f"seat {i} has no cards left and sits the round out", seat=i))
            seats.append(s)
        n = len(seats)
        first = chance.roll(Dist.uniform(range(n)))
        events.append(event(R.VORTEX_DRAW, f"seat {first} is drawn by lot to go first this round", first=first))
        v = state.variant_state._replace(step="deploy", first=first, acted=0, idle=0)
        state = state._replace(seats=tuple(seats), phase=Phase.VARIANT, current=first, actions=0, variant_state=v)
        more_state, more = self._next_deployer(game, state, first)
        return more_state, events + more

    def _next_deployer(self, game: Any, state: DTState, seat: int) -> tuple[DTState, list[Event]]:
        """The next seat (from ``seat`` round the table) with something to place;
        after a whole round with nothing placed, the Action Phase."""
        n = len(state.seats)
        v = state.variant_state
        idle = v.idle
        while idle < n:
            if deployments(game, state, seat):
                return state._replace(current=seat, variant_state=v._replace(idle=idle)), []
            idle += 1
            seat = (seat + 1) % n
        state = state._replace(variant_state=v._replace(idle=idle, step="actions", acted=0))
        return self._start_actions(game, state, [event(R.VORTEX_DEPLOY, "nothing more can be placed: the "
                                                                        "Deployment Phase is over")])

    def _start_actions(self, game: Any, state: DTState, events: list[Event]) -> tuple[DTState, list[Event]]:
        """The next seat's Action Phase (skipping seats with no cards at all), or,
        once every seat has had one, the Revealment Phase."""
        n = len(state.seats)
        v = state.variant_state
        acted = v.acted
        while acted < n:
            seat = (v.first + acted) % n
            s = state.seats[seat]
            if s.hand.size or len(s.deck) or state.warriors(seat):
                s = s._replace(turns=s.turns + 1)
                state = put_seat(state, seat, s, current=seat, phase=Phase.ACTIONS, turn=state.turn + 1,
                                 actions=game.rules.vortex_actions, sabotaged=(),
                                 variant_state=v._replace(acted=acted))
                events.append(event(R.VORTEX_ACTIONS, f"seat {seat} takes his {game.rules.vortex_actions} actions",
                                    seat=seat))
                return state, events
            acted += 1
        return self._reveal(game, state._replace(variant_state=v._replace(acted=acted)), events)

    def _reveal(self, game: Any, state: DTState, events: list[Event]) -> tuple[DTState, list[Event]]:
        """The Revealment Phase: hands shown, players who kept back a placeable card punished."""
        v = state.variant_state
        punished = v.punished
        for i, s in enumerate(state.seats):
            shown = tuple(sorted(s.hand))
            events.append(event(R.VORTEX_REVEAL, f"seat {i} shows his hand: {', '.join(shown) or 'nothing'}", seat=i,
                                shown=shown))
            caught = sorted(c for c in v.kept[i].distinct if c in s.hand)
            if caught:
                punished += 1
                purses = list(state.purses)
                purses[state.purse_of[i]] = 0
                state = put_seat(state, i, s._replace(promotion=0), purses=tuple(purses))
                events.append(event(R.VORTEX_REVEAL, f"seat {i} kept back {', '.join(caught)}, which he could have "
                                                     "placed: his Promotion and Destiny are lost", seat=i,
                                    caught=tuple(caught), punished=True))
        n = len(state.seats)
        v = v._replace(step="vortex", kept=(Multiset(),) * n, punished=punished)
        return state._replace(phase=Phase.VARIANT, variant_state=v, actions=0), events

    def _vortex(self, game: Any, state: DTState, chance: Any) -> tuple[DTState, list[Event]]:
        """The Vortex Phase (hands and cards in play back into the draw piles), the
        end when nobody has a card, else the next round's Draw Phase."""
        back: list[list[str]] = [list(s.hand) for s in state.seats]
        for t in state.troopers:
            back[t.owner].append(t.card)
            for a in t.attached:
                back[a.owner].append(a.card)
        for i, s in enumerate(state.seats):
            back[i] += s.fortifications
            back[i] += [p.card for p in s.in_play]  # the expansions' Warzones and Alliances (vortex-in-play)
            for m in s.missions:
                back[m.owner].append(m.card)
        seats = tuple(s._replace(deck=s.deck.shuffle_in(back[i]), hand=Multiset(), fortifications=(), missions=(),
                                 in_play=(), bare_since=-1)
                      for i, s in enumerate(state.seats))
        v = state.variant_state
        state = state._replace(seats=seats, troopers=(), variant_state=v._replace(round=v.round + 1))
        events = [event(R.VORTEX_SHUFFLE, "every hand and every card in play is shuffled back into its owner's draw "
                                          "pile (discard piles stay)")]
        if all(not len(s.deck) for s in seats):
            winners = turn.leaders(game, state)
            text = turn.seats_do(winners, "wins", "win") if winners else "a tie: a draw"
            events.append(event(R.VORTEX_END, f"nobody has a card left: the most Promotion decides, {text}",
                                winners=winners))
            return turn.over(state, winners, Ending.OUT_OF_CARDS), events
        if max(s.turns for s in seats) >= game.rules.turn_cap:
            return turn.over(state, turn.leaders(game, state), Ending.TURN_CAP), events
        return self._draw(game, state, chance, events)

    # -- the greedy bot ----------------------------------------------------------------------------
    def greedy(self, game: Any, state: DTState, options: Any) -> Any:
        """The Deployment Phase toward Promotion: the strongest warriors first, then
        fortifications, then attachments spread over his own strongest warriors
        (the fewest attachments first), opponents' warriors only when nothing of
        his own is left to place; never a card kept back."""
        deploys = [o for o in options if isinstance(o, Deploy)]
        if not deploys:
            return None
        pool = game.pool
        seat = state.current  # the seat placing now

        def strength(card: str) -> int:
            c = pool[card]
            return max(c.fight, c.shoot) + c.armor

        def worth(o: Deploy) -> tuple:
            p = o.play
            if isinstance(p, Muster):
                return (3, strength(p.card), p.card)
            if isinstance(p, Build):
                return (2, 0, p.card)
            uid = getattr(p, "uid", None)
            t = state.find(uid) if uid is not None else None
            if t is None:
                return (1, 0, str(p))
            if t.owner == seat:
                return (1, strength(t.card) - 3 * len(t.attached), str(p))
            return (0, -strength(t.card), str(p))

        return max(deploys, key=worth)

    # -- after the basic steps -------------------------------------------------------------------
    def settle(self, game: Any, state: DTState) -> tuple[DTState, list[Event]]:
        events: list[Event] = []
        if state.phase is Phase.DISCARD and state.variant_state is not None:
            # no discard step: the end-of-turn missions, then the next seat's Action Phase
            seat = state.current
            state, events = missions.check(game, state, "end_of_turn", seat)
            v = state.variant_state
            state = state._replace(variant_state=v._replace(acted=v.acted + 1))
            state, events = self._start_actions(game, state, list(events))
        if state.phase in (Phase.OVER, Phase.SETUP, Phase.COMBAT, Phase.RESPONSE, Phase.AWARD):
            return state, events
        rules = game.rules
        best = max(s.promotion for s in state.seats)
        goal = rules.vortex_goal
        if best > goal or (best == goal and not rules.goal_exceeded):
            winners = tuple(i for i, s in enumerate(state.seats) if s.promotion == best)
            words = ("goes beyond", "go beyond") if rules.goal_exceeded else ("reaches", "reach")
            events.append(event(R.VORTEX_END, f"{turn.seats_do(winners, *words)} {goal} Promotion Points",
                                winners=winners))
            return turn.over(state, winners, Ending.PROMOTION_GOAL), events
        return state, events

    def illegal(self, game: Any, state: DTState, action: Any) -> IllegalAction | None:
        phase = state.phase
        if phase is Phase.SETUP and not isinstance(action, Deal):
            return IllegalAction(R.VORTEX_DRAW, "the game begins with the Draw Phase: twelve cards each")
        if phase is not Phase.VARIANT:
            return None
        v = state.variant_state
        if v.step == "vortex":
            return IllegalAction(R.VORTEX_SHUFFLE, "the round is over: the Vortex Phase shuffles everything back first")
        if isinstance(action, Deploy):
            return IllegalAction(R.VORTEX_DEPLOY, f"seat {state.current} cannot place {action.play} now: only a base "
                                                  "or attachment card from his hand, where it may legally go")
        return IllegalAction(R.VORTEX_DEPLOY, f"the Deployment Phase: seat {state.current} places one base or "
                                              "attachment card for free, or places nothing")

    def observe(self, game: Any, view: DTState, player: Any) -> DTState:
        v = view.variant_state
        if v is None or not v.kept:
            return view
        kept = tuple(k if i == player or not k.size else Multiset(((UNSEEN, k.size),)) for i, k in enumerate(v.kept))
        return view._replace(variant_state=v._replace(kept=kept))

    def describe(self, game: Any, view: DTState) -> list[str]:
        v = view.variant_state
        if v is None:
            return []
        return [f"the Vortex: round {v.round}, {v.step} phase, seat {v.first} first this round"]


def _card(play: Any) -> str:
    return play.card


def _union(a: Multiset, b: Multiset) -> Multiset:
    """The larger count of each card of ``a`` and ``b``."""
    counts = dict(a.items)
    for c, k in b.items:
        counts[c] = max(counts.get(c, 0), k)
    return Multiset.of(counts)


__all__ = ["ATTACHMENT_TYPES", "BASE_TYPES", "Deploy", "KeepBack", "Vortex", "VortexShuffle", "VortexState",
           "deployments"]
