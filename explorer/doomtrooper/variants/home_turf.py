"""Home Turf Advantage ("Doomtrooper Optional Rules and Variants"): each player
defends three bases, each with its battlefield, and wins when all three are
flipped by the Promotion his warriors carry home.

* Setting up (:meth:`HomeTurf.prepare`): fortification and warzone cards
  (and Specials that give Promotion directly) leave the decks; each player lays
  out three bases (fortification cards), a battlefield (a warzone) before each,
  and a warrior of base Value 3 or less inside each (``data/doomtrooper/home_turf.toml``).
* Destiny per base: each base starts with 5; meditating gives every standing
  base one; a warrior is paid for by the base it enters; Destiny a warrior earns
  goes to its base.  The player's Destiny pool is the sum over his bases.
* Promotion is carried (:class:`Bank`): a warrior that earns Promotion carries it
  (5 at most, the rest is lost) and, back inside the base it came from, hands it
  over one point per action.  A base with 15 flips face down: the cards it
  brought into play are discarded.  All three flipped: that player wins.
* An empty draw pile is refilled from its discard pile, as in Colonization
  (``home_turf_refill``, the reading ``home-turf-draw-pile``; switched off, the
  basic rules end the game when every draw pile is empty).
* A base holds warriors of one affiliation at a time; one action moves a warrior
  between its base and that base's battlefield.  Inside a base a warrior takes
  part only in shoot combats and gains 3 Armor; on a battlefield it gets the
  warzone's modifiers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from ...core.deck import Deck, Multiset
from ...core.engine import IllegalAction
from ...core.events import Event, event
from .. import sections as R
from ..words import warrior_name
from ..base.actions import Attack, Build, Meditate, Muster, MusterInCover
from ..base.combat_state import Term
from ..base.muster import known_copy
from .places import MusterAt, MusterInCoverAt, PlaceVariant, Transfer, place_muster, register_place_kind
from ..state import DTState, Ending, Phase, Trooper, put_seat
from ..base.turn import over
from ..base.warriors import out_of_cover, remove
from .colonization import draw_refilling, refill
from .home_bases import Base, HomeBoard, check_setups, is_base, load_home_turf


def _put_base(board: HomeBoard, i: int, base: Base) -> HomeBoard:
    return board._replace(bases=board.bases[:i] + (base,) + board.bases[i + 1:])


def _set(pairs: tuple[tuple[int, int], ...], key: int, value: int) -> tuple[tuple[int, int], ...]:
    rest = tuple(p for p in pairs if p[0] != key)
    return rest + ((key, value),) if value else rest


@dataclass(frozen=True, slots=True)
class Bank:
    """Warrior ``uid``, inside its own base, hands one carried Promotion Point to it."""

    uid: int

    def __str__(self) -> str:
        return f"#{self.uid} hands a Promotion Point to its base"


def _bank_options(game: Any, state: DTState) -> list[Bank]:
    rules = game.places
    if not isinstance(rules, HomeTurf) or state.board is None:
        return []
    board = state.board
    return [Bank(t.uid) for t in state.troopers if t.owner == state.current and board.carry(t.uid)
            and rules.inside_own_base(board, t)]


def _do_bank(game: Any, state: DTState, action: Bank, chance: Any) -> tuple[DTState, list[Event]]:
    board = state.board
    t = state.trooper(action.uid)
    i = board.home(t.uid)
    base = board.bases[i]
    board = _put_base(board, i, base._replace(promotion=base.promotion + 1))
    board = board._replace(carried=_set(board.carried, t.uid, board.carry(t.uid) - 1))
    return state._replace(board=board), [event(R.HOME_CARRY, f"{t.card} hands a Promotion Point to {base.place}: "
                                                             f"{base.promotion + 1} there", uid=t.uid,
                                               base=base.place, promotion=base.promotion + 1)]


def _explain_bank(game: Any, state: DTState, action: Any) -> IllegalAction:
    rules = game.places
    if not isinstance(rules, HomeTurf):
        return IllegalAction(R.HOME_CARRY, "carried Promotion belongs to Home Turf Advantage")
    t = state.find(action.uid)
    if t is None or t.owner != state.current:
        return IllegalAction(R.HOME_CARRY, f"seat {state.current} has no warrior {action.uid!r} in play")
    if not state.board.carry(t.uid):
        return IllegalAction(R.HOME_CARRY, f"{t.card} carries no Promotion")
    return IllegalAction(R.HOME_CARRY, f"{t.card} must be inside the base it came from to hand over its Promotion")


register_place_kind(Bank, R.HOME_CARRY, 1, _bank_options, _do_bank, _explain_bank)


class HomeTurf(PlaceVariant):
    """The hooks of Home Turf Advantage (see the module docstring)."""

    name = "home_turf"
    title = "Home Turf Advantage"
    rule = R.HOME_TURF
    transfer_rule = R.HOME_BASES

    def __init__(self, game: Any):
        super().__init__(game)
        self.data = load_home_turf()
        self.pool = game.pool
        check_setups(self.data, self.pool, self.rules)

    # -- places -------------------------------------------------------------------------------------------
    def base_at(self, board: HomeBoard, place: str) -> int | None:
        for i, b in enumerate(board.bases):
            if b.place == place and not b.flipped:
                return i
        return None

    def field_at(self, board: HomeBoard, place: str) -> int | None:
        for i, b in enumerate(board.bases):
            if b.field_place == place and not b.flipped:
                return i
        return None

    def inside_own_base(self, board: HomeBoard, t: Trooper) -> bool:
        i = board.home(t.uid)
        return i is not None and board.bases[i].place == t.place and not board.bases[i].flipped

    def affiliation_ok(self, state: DTState, card: str, place: str, mover: int | None = None) -> bool:
        """A base holds one affiliation at a time."""
        return self.affiliations_at(state, place, mover) <= {self.pool[card].affiliation}

    def affiliations_at(self, state: DTState, place: str, mover: int | None = None) -> set[str]:
        """The affiliations of the warriors standing on ``place`` (but ``mover``)."""
        pool = self.pool
        return {pool[t.card].affiliation for t in state.troopers if t.place == place and t.uid != mover}

    def score(self, board: HomeBoard, seat: int) -> int:
        """Promotion banked in ``seat``'s bases (a flipped base counts its full 15)."""
        flip = self.rules.base_flip
        return sum(flip if b.flipped else min(b.promotion, flip) for b in board.bases if b.seat == seat)

    # -- setting up ---------------------------------------------------------------------------------------
    def check_players(self, players: int) -> None:
        if self.rules.style == "teams":
            raise ValueError("Home Turf Advantage keeps each player's Destiny on his own bases: it is not played "
                             "in Teams (choose style free_for_all or primary_targets)")

    def prepare(self, game: Any, decks: list[Any], state: DTState) -> DTState:
        data = self.data
        rules = self.rules
        seats = list(state.seats)
        bases: list[Base] = []
        troopers: list[Trooper] = []
        origin = []
        uid = state.next_uid
        for i, s in enumerate(seats):
            name = decks[i] if isinstance(decks[i], str) and decks[i] in data.setups else data.default
            setup = data.setups[name]
            cards = s.deck.cards
            kept = Multiset.of({c: n for c, n in cards.items
                                if self.pool[c].type not in data.banned_types and c not in data.banned_cards})
            seats[i] = s._replace(deck=Deck.of(kept), fortifications=setup.bases)
            for fort, field, starter in zip(setup.bases, setup.battlefields, setup.starters):
                base = Base(i, fort, field, rules.base_destiny)
                origin.append((uid, len(bases)))
                area = game.aff.area_for(game.classes_of_card(starter))
                troopers.append(Trooper(uid, starter, i, area, place=base.place))
                bases.append(base)
                uid += 1
        purses = tuple(rules.base_destiny * rules.home_bases for _ in state.purses)
        board = HomeBoard(tuple(bases), tuple(origin), (), tuple(0 for _ in seats))
        return state._replace(seats=tuple(seats), troopers=tuple(troopers), next_uid=uid, purses=purses, board=board)

    def after_deal(self, game: Any, state: DTState, chance: Any) -> tuple[DTState, list[Event]]:
        events = []
        for b in state.board.bases:
            here = [t.card for t in state.troopers if t.place == b.place]
            events.append(event(R.HOME_BASES, f"seat {b.seat}'s base {b.fort} ({b.destiny} Destiny) faces the "
                                              f"battlefield {b.field}; inside: {', '.join(here)}", seat=b.seat,
                                base=b.fort, battlefield=b.field))
        return state, events

    # -- the draw and the end ---------------------------------------------------------------------------
    def resolve(self, game: Any, state: DTState, action: Any, chance: Any) -> tuple[DTState, list[Event]] | None:
        """The draw step, when an empty draw pile is refilled from the discard pile
        (``home_turf_refill``, the reading ``home-turf-draw-pile``)."""
        if state.phase is not Phase.DRAW or not self.rules.home_turf_refill:
            return None
        return draw_refilling(game, state, action, chance, R.HOME_TURF)

    def settle(self, game: Any, state: DTState) -> tuple[DTState, list[Event]]:
        board = state.board
        if board is None or state.phase.value in ("setup", "gift", "combat", "response"):
            return state, []
        events: list[Event] = []
        if self.rules.home_turf_refill and state.phase.value != "over":
            for seat, s in enumerate(state.seats):
                if not len(s.deck) and s.discard.size:
                    state, more = refill(state, seat, R.HOME_TURF)
                    events += more
        state, board, more = self._reconcile(game, state, board)
        events += more
        for i, b in enumerate(board.bases):
            if not b.flipped and b.promotion >= self.rules.base_flip:
                state, board, more = self._flip(game, state, board, i)
                events += more
        if board is not state.board:
            state = state._replace(board=board)
        if state.phase.value == "over":
            r = state.result
            if r is not None and r.ending in (Ending.TURN_CAP, Ending.DRAW_PILES_EXHAUSTED):
                state = state._replace(result=r._replace(winners=self._leaders(state)))
            return state, events
        for seat in range(len(state.seats)):
            mine = [board.bases[i] for i in board.of(seat)]
            if mine and all(b.flipped for b in mine):
                events.append(event(R.HOME_TURF, f"all of seat {seat}'s bases are flipped: he wins", winners=(seat,)))
                return over(state, (seat,), Ending.BASES_FLIPPED), events
        if all(not len(s.deck) for s in state.seats if not s.out):
            win = self._leaders(state)
            if win:
                events.append(event(R.EXHAUSTED, f"every draw pile is empty: seat {win[0]} has banked the most "
                                                 "Promotion and wins", winners=win))
                return over(state, win, Ending.DRAW_PILES_EXHAUSTED), events
        return state, events

    def _leaders(self, state: DTState) -> tuple[int, ...]:
        live = [i for i, s in enumerate(state.seats) if not s.out]
        scores = {i: self.score(state.board, i) for i in live}
        best = max(scores.values(), default=0)
        top = tuple(i for i in live if scores[i] == best)
        return top if len(top) == 1 else ()

    def _reconcile(self, game: Any, state: DTState, board: HomeBoard):
        """Keep each seat's Destiny pool equal to the sum of his bases' (spending
        not tied to a base comes out of his bases left to right; gains not tied to
        a warrior go to his first standing base), and bank Promotion no warrior
        earned (a mission's reward, say) on his first standing base."""
        events: list[Event] = []
        routed = list(board.routed)
        for seat, s in enumerate(state.seats):
            mine = [i for i in board.of(seat) if not board.bases[i].flipped]
            if not mine:
                continue
            diff = state.destiny(seat) - sum(board.bases[i].destiny for i in mine)
            if diff > 0:
                b = board.bases[mine[0]]
                board = _put_base(board, mine[0], b._replace(destiny=b.destiny + diff))
            k = 0
            while diff < 0 and k < len(mine):
                b = board.bases[mine[k]]
                take = min(b.destiny, -diff)
                board = _put_base(board, mine[k], b._replace(destiny=b.destiny - take))
                diff += take
                k += 1
            extra = s.promotion - routed[seat]
            if extra > 0:
                b = board.bases[mine[0]]
                board = _put_base(board, mine[0], b._replace(promotion=b.promotion + extra))
                events.append(event(R.HOME_CARRY, f"{extra} Promotion earned by no warrior goes to {b.place}",
                                    seat=seat, promotion=extra))
            routed[seat] = s.promotion
        live = {t.uid for t in state.troopers}
        carried = tuple(p for p in board.carried if p[0] in live)
        origin = tuple(p for p in board.origin if p[0] in live)
        routed = tuple(routed)
        if routed != board.routed or len(carried) < len(board.carried) or len(origin) < len(board.origin):
            board = board._replace(routed=routed, carried=carried, origin=origin)  # (most steps: the same board)
        return state, board, events

    def _flip(self, game: Any, state: DTState, board: HomeBoard, i: int):
        b = board.bases[i]
        events = [event(R.HOME_FLIP, f"{b.place} holds {b.promotion} Promotion: it is flipped face down", seat=b.seat,
                        base=b.fort)]
        state = state._replace(board=board)
        for t in [t for t in state.troopers if board.home(t.uid) == i or t.place in (b.place, b.field_place)]:
            state, more = remove(game, state, t.uid, R.HOME_FLIP, f"came into play with {b.fort}")
            events += more
        s = state.seats[b.seat]
        forts = list(s.fortifications)
        if b.fort in forts:
            forts.remove(b.fort)
        state = put_seat(state, b.seat, s._replace(fortifications=tuple(forts), discard=s.discard.add(b.fort)))
        purses = list(state.purses)
        purses[state.purse_of[b.seat]] -= b.destiny
        state = state._replace(purses=tuple(purses))
        board = _put_base(state.board, i, b._replace(flipped=True, destiny=0))
        return state, board, events

    # -- actions ------------------------------------------------------------------------------------------
    def meets(self, a: Trooper, d: Trooper, tactic: str) -> tuple[Any, str] | None:
        """A warrior inside a base takes part only in shoot combats, whatever
        brings it into one (an attack, a card that swaps a combatant)."""
        if tactic == "fight" and (is_base(a.place) or is_base(d.place)):
            return R.HOME_COMBAT, "a warrior inside a base takes part only in shoot combats"
        return None

    def muster_options(self, game: Any, state: DTState, cover: bool) -> list[Any]:
        seat = state.current
        board = state.board
        if board is None or (cover and not self.rules.muster_in_cover_alone and out_of_cover(state, seat) == 0):
            return []
        out: list[Any] = []
        bases = [board.bases[i] for i in board.of(seat)]
        there = [self.affiliations_at(state, b.place) for b in bases]  # each base's, read once for every card
        for name in state.seat.hand.distinct:
            c = self.pool[name]
            if c.type != "warrior" or known_copy(game, state, seat, name) is not None:
                continue
            for b, held in zip(bases, there):
                if b.flipped or not held <= {c.affiliation}:
                    continue
                if cover:
                    out.append(MusterInCoverAt(name, b.place))
                elif c.value <= b.destiny:
                    out.append(MusterAt(name, b.place))
        return out

    def do_muster(self, game: Any, state: DTState, action: Any, chance: Any) -> tuple[DTState, list[Event]]:
        cover = isinstance(action, MusterInCoverAt)
        board = state.board
        i = self.base_at(board, action.place)
        state, events, uid = place_muster(game, state, action.card, action.place, cover, chance, R.HOME_BASES)
        board = state.board
        if uid >= 0:
            board = board._replace(origin=board.origin + ((uid, i),))
            if not cover:
                b = board.bases[i]
                board = _put_base(board, i, b._replace(destiny=b.destiny - self.pool[action.card].value))
        return state._replace(board=board), events

    def transfer_options(self, game: Any, state: DTState) -> list[Transfer]:
        board = state.board
        if board is None:
            return []
        out = []
        for t in state.troopers:
            if t.owner != state.current or t.hidden:
                continue
            dest = self.destination(board, t)
            if dest is not None and self.affiliation_ok(state, t.card, dest, t.uid):
                out.append(Transfer(t.uid, dest))
        return out

    def destination(self, board: HomeBoard, t: Trooper) -> str | None:
        """Between a base and its battlefield: where ``t`` may move."""
        i = self.base_at(board, t.place)
        if i is not None:
            return board.bases[i].field_place
        i = self.field_at(board, t.place)
        if i is not None:
            return board.bases[i].place
        return None

    def after_action(self, game: Any, state: DTState, action: Any, events: list[Event]) -> tuple[DTState, list[Event]]:
        if isinstance(action, Meditate) and state.board is not None:
            seat = state.current
            board = state.board
            mine = [i for i in board.of(seat) if not board.bases[i].flipped]
            for i in mine:
                b = board.bases[i]
                board = _put_base(board, i, b._replace(destiny=b.destiny + 1))
            purses = list(state.purses)
            purses[state.purse_of[seat]] += len(mine) - self.rules.meditate_destiny
            state = state._replace(board=board, purses=tuple(purses))
            events = list(events) + [event(R.HOME_BASES, f"each of seat {seat}'s {len(mine)} standing bases gains a "
                                                         "Destiny Point", seat=seat)]
        return state, events

    # -- combat ----------------------------------------------------------------------------------------------
    def combat_terms(self, table: Any, t: Trooper) -> Iterable[Term]:
        place = t.place
        if not place:
            return ()
        if is_base(place):
            return (Term("inside its base", R.HOME_COMBAT, 0, self.rules.base_armor, 0),) if self.rules.base_armor \
                else ()
        if place.endswith("'s battlefield)"):
            f, s, a, v = self.data.battlefields[place.rsplit(" (seat ", 1)[0]]
            da = f if table.tactic == "fight" else s
            if da or a or v:
                return (Term(f"the battlefield {place}", R.HOME_BASES, da, a, v),)
        return ()

    def combat_fortifications(self, game: Any, state: DTState, a: Trooper, d: Trooper,
                              forts: tuple[tuple[str, ...], ...]) -> tuple[tuple[str, ...], ...]:
        """A base's fortification helps only the warriors inside it."""
        board = state.board
        out = [()] * len(forts)
        for t in (a, d):
            i = self.base_at(board, t.place)
            if i is not None and board.bases[i].seat == t.owner:
                out[t.owner] = (board.bases[i].fort,)
        return tuple(out)

    def earned(self, game: Any, state: DTState, done: Any) -> tuple[DTState, list[Event]]:
        """Promotion earned in a combat rides on the warrior that earned it (up to
        the limit), Destiny goes to its base."""
        board = state.board
        table = done.table
        events: list[Event] = []
        routed = list(board.routed)
        limit = self.rules.carry_limit
        for e in done.earned:
            who = table.trooper(table.attacker)
            if who.owner != e.seat:
                who = table.trooper(table.defender)
            routed[e.seat] += e.promotion
            i = board.home(who.uid)
            if e.destiny and i is not None and not board.bases[i].flipped:
                b = board.bases[i]
                board = _put_base(board, i, b._replace(destiny=b.destiny + e.destiny))
            if e.promotion:
                if state.find(who.uid) is None:
                    events.append(event(R.HOME_CARRY, f"{who.card} is gone: its {e.promotion} Promotion is lost",
                                        uid=who.uid))
                    continue
                have = board.carry(who.uid)
                new = min(limit, have + e.promotion)
                board = board._replace(carried=_set(board.carried, who.uid, new))
                lost = have + e.promotion - new
                events.append(event(R.HOME_CARRY, f"{who.card} carries {new} Promotion"
                                                  f"{f' ({lost} lost: at most {limit})' if lost else ''}",
                                    uid=who.uid, carried=new))
        return state._replace(board=board._replace(routed=tuple(routed))), events

    # -- why not -------------------------------------------------------------------------------------------------
    def explain(self, game: Any, state: DTState, action: Any) -> IllegalAction | None:
        board = state.board
        if isinstance(action, (Muster, MusterInCover)):
            return IllegalAction(R.HOME_BASES, f"in Home Turf Advantage a warrior enters on one of your bases: muster "
                                               f"{action.card!r} naming the base")
        if isinstance(action, Build):
            return IllegalAction(R.HOME_TURF, "Home Turf Advantage bans fortification cards: your bases are all")
        if isinstance(action, (MusterAt, MusterInCoverAt)):
            if not isinstance(action.card, str) or action.card not in state.seat.hand:
                return IllegalAction(R.MUSTER, f"{action.card!r} is not in seat {state.current}'s hand")
            if self.pool[action.card].type != "warrior":
                return IllegalAction(R.MUSTER, f"{action.card} is not a warrior card")
            i = self.base_at(board, action.place)
            if i is None or board.bases[i].seat != state.current:
                return IllegalAction(R.HOME_BASES, f"{action.place!r} is not a standing base of seat {state.current}")
            if not self.affiliation_ok(state, action.card, action.place):
                return IllegalAction(R.HOME_BASES, f"{action.place} holds warriors of another affiliation: one "
                                                   "affiliation per base at a time")
            if isinstance(action, MusterAt) and self.pool[action.card].value > board.bases[i].destiny:
                return IllegalAction(R.HOME_BASES, f"{action.card} costs {self.pool[action.card].value} Destiny; "
                                                   f"{action.place} holds {board.bases[i].destiny}")
        if isinstance(action, Transfer):
            t = state.find(action.uid)
            if t is None or t.owner != state.current:
                return IllegalAction(R.HOME_BASES, f"seat {state.current} has no warrior {action.uid!r} in play")
            if action.place != self.destination(board, t):
                return IllegalAction(R.HOME_BASES, f"{t.card} moves only between its base and that base's "
                                                   "battlefield")
            return IllegalAction(R.HOME_BASES, f"{action.place} holds warriors of another affiliation")
        if isinstance(action, Attack):
            a, d = state.find(action.attacker), state.find(action.defender)
            why = self.meets(a, d, action.tactic) if a is not None and d is not None else None
            if why is not None:
                return IllegalAction(*why)
        return None

    # -- the greedy bot -------------------------------------------------------------------------------------
    def greedy(self, game: Any, state: DTState, options: Any) -> Any:
        banks = [o for o in options if isinstance(o, Bank)]
        if banks:
            return banks[0]
        board = state.board
        home = [o for o in options if isinstance(o, Transfer) and board.carry(o.uid)
                and self.base_at(board, o.place) is not None]
        if home:
            return home[0]
        musters = [o for o in options if isinstance(o, MusterAt)]
        mine = sum(1 for t in state.troopers if t.owner == state.current)
        if musters and (mine < 5 or state.destiny(state.current) >= 10):
            pool = self.pool
            # the strongest warrior, on the base farthest from flipping (a flip discards the warriors it brought)
            return max(musters, key=lambda o: (max(pool[o.card].fight, pool[o.card].shoot) + pool[o.card].armor,
                                               o.card, -board.bases[self.base_at(board, o.place)].promotion,
                                               o.place))
        out = [o for o in options if isinstance(o, Transfer) and not board.carry(o.uid)
               and self.field_at(board, o.place) is not None]
        if out and state.actions > 1:
            return out[0]
        return None

    # -- reading a state -------------------------------------------------------------------------------------
    def describe(self, game: Any, view: DTState) -> list[str]:
        board = view.board
        if board is None:
            return []
        lines = ["the bases (Home Turf Advantage):"]
        for i, b in enumerate(board.bases):
            if b.flipped:
                lines.append(f"  {b.place}: flipped face down")
                continue
            def said(t):
                return warrior_name(view, t.uid, None, game) + (f" carrying {board.carry(t.uid)}"
                                                                if board.carry(t.uid) else "")
            inside = [said(t) for t in view.troopers if t.place == b.place]
            field = [said(t) for t in view.troopers if t.place == b.field_place]
            lines.append(f"  {b.place}: {b.destiny} Destiny, {b.promotion} Promotion; inside: "
                         f"{', '.join(inside) or 'nobody'}; battlefield {b.field}: {', '.join(field) or 'nobody'}")
        return lines


__all__ = ["Bank", "HomeTurf"]
