"""Bots for whole games of Doomtrooper, registered by name (and ``search``, which
thinks ahead with the greedy bot: :mod:`explorer.doomtrooper.search`).

* ``random``: every legal option equally likely (from the runner's policy RNG).
* ``greedy`` (ours): decides only from what its seat sees
  (:meth:`~explorer.doomtrooper.game.DoomtrooperGame.observe`).  It claims the
  Cardinal's Gift without a warrior; musters the strongest warrior it can pay
  for, arms and armors it, bestows gifts, builds, assigns missions, casts
  lasting spells; attacks last, when the printed (or dice) odds of the combat
  favour it, preferring the attack worth most; in the modify step plays a card
  only when it changes the outcome for the better; takes every point as
  Promotion; stops sabotage; discards a card it cannot use.  With the
  expansions on it plays its Alliance at once, attaches Relics and Ki Powers
  to its strongest warriors, puts Warzones where its warriors stand, defends
  from the Warzone that leaves the combat best for it, and discards an
  opponent's Alliance when it can.

Both are deterministic given the seed: the only randomness is the ``rng`` the
runner passes to ``choose``.
"""

from __future__ import annotations

from typing import Any

from ..core.bots import BotInfo, BotRegistry
from ..core.engine import DeterministicPolicy, RandomPolicy
from ..core.rounds import PASS, Pass
from .base.actions import (
    Assign,
    AssignSergeant,
    Attack,
    AttackPlayer,
    GiveBeast,
    Bestow,
    Build,
    Cast,
    ClaimGift,
    DeclineGift,
    Discard,
    EndActions,
    Equip,
    ExitCover,
    Meditate,
    Muster,
    MusterInCover,
    PlaySpecial,
    Respond,
    Sabotage,
)
from .expansions.alliances import PlayAlliance
from .base.combat_state import ChooseWeapon, Feed, Play, Ratings, Table, TakePoints
from .base.turn import KEEP_HAND
from .bot_memo import GameMemo, KeptPair, Side
from .cards import TACTICS
from .expansions.ki_powers import AttachKiPower
from .expansions.relics import PlayRelic
from .expansions.warzones import DefendFromWarzone, PlayWarzone
from .outlook import outlook, outlook_of, pair_of, plain, plain_score, rated, rerated
from .state import IN_ACTIONS, IN_COMBAT, IN_DISCARD, UNSEEN, DTState, Phase
from .search import PLAYOUTS, search_bot


#: Every named bot of Doomtrooper.
REGISTRY = BotRegistry()
register = REGISTRY.register
#: a fresh bot by name (a policy object is returned as it is)
get_bot = REGISTRY.get_bot


# -- the greedy bot -------------------------------------------------------------------------------------



#: the options of the modify step (a constant: not built again at every combat decision)
_MODIFY_PLAYS = (Play, Feed, Pass, PlayAlliance)

#: the kinds of action the greedy bot takes when its score for the best of them is positive, in order,
#: with the name of its score (a constant: not built again at every actions step)
_SCORED = ((Equip, "equip_score"), (Bestow, "bestow_score"), (Cast, "cast_score"), (PlayRelic, "attach_score"),
           (AttachKiPower, "attach_score"))


class GreedyBot(DeterministicPolicy):
    """The plan above, from the observation of the deciding seat."""

    name = "greedy"
    #: what it keeps between decisions, none until it is asked (:meth:`best_attack`, :meth:`_memo_for`,
    #: :meth:`_pair_at`): read as attributes, without a getattr call
    _last_attack: tuple | None = None
    _memo: GameMemo | None = None
    _last_pair: KeptPair | None = None

    def pick(self, game, state: DTState, decision):
        options = decision.options
        if len(options) == 1:
            return options[0]
        phase = state.phase
        if phase is IN_ACTIONS:
            return self.action(game, state, options)
        if phase is IN_COMBAT:
            return self.combat(game, state, decision.player, options)
        if phase is IN_DISCARD:
            return self.discard(game, state, options)
        if phase is Phase.GIFT:
            warriors = any(game.pool[c].type == "warrior" for c in state.seat.hand.distinct)
            return DeclineGift() if warriors else ClaimGift()
        if phase is Phase.AWARD:
            return max(options, key=lambda o: o.promotion)
        if phase is Phase.RESPONSE:
            return next((o for o in options if isinstance(o, Respond)), options[-1])
        if game.variant is not None:  # a step the variant owns (The Vortex: the Deployment Phase)
            pick = game.variant.greedy(game, state, options)
            if pick is not None:
                return pick
        return options[0]

    # -- the actions step ---------------------------------------------------------------------------------
    def action(self, game, state: DTState, options) -> Any:
        by: dict[type, list] = {}  # the options by type, in order
        last = same = None  # the last option's type and its list: a kind's options come together
        for o in options:
            kind = type(o)  # (asked once)
            if kind is not last:  # a new run of one type: its list found (or made) once
                last, same = kind, by.setdefault(kind, [])
            same.append(o)
        seat, pool = state.current, game.pool
        if ExitCover in by and len(by) == 1:
            return by[ExitCover][0]
        if game.variant is not None:  # a variant's own objective first (Add Warrior into a place, ...)
            pick = game.variant.greedy(game, state, options)
            if pick is not None:
                return pick
        if Sabotage in by:
            return by[Sabotage][0]
        if AssignSergeant in by:  # first-edition Sergeants: take command at once (no action)
            return by[AssignSergeant][0]
        if AttackPlayer in by and state.actions == 1:  # first edition: the attack of the turn on a bare player
            return max(by[AttackPlayer], key=lambda o: _strength(game.pool[state.trooper(o.uid).card]))
        if GiveBeast in by:  # Paradise Lost: a Beast raises its rider's base ratings
            return max(by[GiveBeast], key=lambda o: (_strength(game.pool[state.trooper(o.uid).card]), o.card))
        destiny = state.purses[state.purse_of[seat]]  # his Destiny (read without a method call)
        mine = []  # his warriors (a loop: in Python 3.11 a comprehension is a call)
        for t in state.troopers:
            if t.owner == seat:
                mine.append(t)
        left = state.actions
        # setting up comes first; the attack is the last action
        if Muster in by and (len(mine) < 3 or destiny >= 6):  # the strongest (the first, as max(): no lambda)
            best, best_key = None, None
            for o in by[Muster]:
                key = (_strength(pool[o.card]), o.card)
                if best is None or key > best_key:
                    best, best_key = o, key
            return best
        if not mine and MusterInCover in by and left >= game.rules.muster_in_cover_actions:
            return by[MusterInCover][0]
        attack = self.best_attack(game, state, by[Attack]) if Attack in by and left == 1 else None
        if attack is not None:
            return attack
        if PlayAlliance in by:  # the expansions: an Alliance costs no action
            return by[PlayAlliance][0]
        for kind, name in _SCORED:
            if kind in by:
                score = getattr(self, name)
                best, best_score = None, 0.0  # the first of the highest score, each scored once (as max() would)
                for o in by[kind]:
                    s = score(game, state, o)
                    if best is None or s > best_score:
                        best, best_score = o, s
                if best_score > 0:
                    return best
        if Build in by:
            return by[Build][0]
        if PlayWarzone in by:
            best = max(by[PlayWarzone], key=lambda o: sum(t.area == o.area for t in mine))
            if any(t.area == best.area for t in mine):
                return best
        if Assign in by:
            best = max(by[Assign], key=lambda o: self.assign_score(game, state, o))
            if self.assign_score(game, state, best) > 0:
                return best
        if PlaySpecial in by:
            best = self.special(game, state, by[PlaySpecial])
            if best is not None:
                return best
        if Attack in by and left > 1:
            attack = self.best_attack(game, state, by[Attack])
        if attack is not None:
            return attack
        frugal = game.rules.variant == "limited_resources"  # each action is one of a few for the whole game
        if Meditate in by and ((left > 1 and not frugal) or destiny < 4):
            return by[Meditate][0]
        return by[EndActions][0] if EndActions in by else options[-1]  # the first EndActions offered

    def best_attack(self, game, state: DTState, attacks) -> Any:
        """The attack worth most, if any is worth anything.  The last answer is kept
        with the warriors, fortifications, cards in play and attacks it was for (all the
        scores read; a variant's places add terms by the warriors' places, in the warriors):
        a turn that meditates asks again of the same (the same seats: the same fortifications
        and cards in play)."""
        last = self._last_attack
        if last is not None and last[0] is game and last[1] is state.troopers and last[2] is state.seats \
                and last[3] == attacks:
            return last[4]
        best = self._best_attack(game, state, attacks, _table(state, -1, -1, "fight"))
        self._last_attack = (game, state.troopers, state.seats, attacks, best)
        return best

    def _best_attack(self, game, state: DTState, attacks, base: Table) -> Any:
        memo = self._memo_for(game)
        rating_key, kinds, seats = game.combat.rating_key, memo.kinds, state.seats
        known: dict[int, Any] = {}  # uid -> the warrior and his sides (None: hidden)
        for t in state.troopers:  # each keyed once, in one pass (no state.find for each)
            uid = t.uid
            if t.card == UNSEEN:  # (scored without his kind)
                known[uid] = (t, None)
            elif kinds is None:
                known[uid] = (t, self._sides(game, memo, t, rating_key(base, t)))
            else:  # the warrior and his seat's cards in play as they were: his kind as it was
                seat = seats[t.owner]
                forts, placed = seat.fortifications, seat.in_play
                hit = kinds.get(uid)
                if hit is not None and hit[0] is t and hit[1] is forts and hit[2] is placed:
                    known[uid] = (t, hit[3])
                else:
                    sides = self._sides(game, memo, t, rating_key(base, t))
                    kinds[uid] = (t, forts, placed, sides)
                    known[uid] = (t, sides)
        best, best_score = None, 0.0
        for o in attacks:
            a, sides_a = known[o.attacker]
            d, sides_d = known[o.defender]
            if sides_a is None or sides_d is None:  # a hidden defender
                score = self._attack_score(game, o, a, d, base)
            else:
                tactic = o.tactic
                score = self._sides_score(game, o, a, d, sides_a[tactic], sides_d[tactic], base)
            if score > best_score:
                best, best_score = o, score
        return best

    @staticmethod
    def _sides(game, memo: GameMemo, t, kind: int) -> dict[str, Side]:
        """The :class:`Side` of each tactic of ``t``'s ``kind`` (:meth:`.Standing.rating_key`)."""
        sides = memo.sides.get(kind)
        if sides is None:
            sides = memo.sides[kind] = {}
            for tactic in TACTICS:
                sides[tactic] = Side(kind, _armed(game, t, tactic))
        return sides

    def _memo_for(self, game) -> GameMemo:
        """What this bot worked out in ``game`` (see :class:`GameMemo`), kept for one game object
        at a time (a reloaded pool or rules make a new one).  A side's ratings and the cards' looks
        are bounded (cards are data), so bounding the kinds bounds them all."""
        memo = self._memo
        if memo is None or memo.game is not game or len(memo.sides) > 20_000:
            memo = self._memo = GameMemo(game, {}, None if game.rules.first_edition_sergeants else {}, {})
        return memo

    def attack_score(self, game, state: DTState, o: Attack, base: Table | None = None) -> float:
        return self._attack_score(game, o, state.find(o.attacker), state.find(o.defender),
                                  base if base is not None else _table(state, -1, -1, "fight"))

    def _attack_score(self, game, o: Attack, a, d, base: Table) -> float:
        """:meth:`attack_score` of the two warriors found (``_best_attack`` has them at hand)."""
        if d.card == UNSEEN:
            return 0.1  # a warrior hidden in cover: worth a look only when nothing better
        combat = game.combat
        ra, rd = _ratings(combat, o, a, d, _weapon(game, a, o.tactic), _weapon(game, d, o.tactic),
                          combat.off_between(a.card, d.card), base)
        return plain_score(combat, plain(ra), plain(rd), a.wounded, d.wounded)

    def _sides_score(self, game, o: Attack, a, d, sa: Side, sd: Side, base: Table) -> float:
        """:meth:`_attack_score` of two warriors seen, attacker ``a`` of side ``sa`` and defender ``d``
        of side ``sd`` (:class:`Side`: a side's weapon and ratings read nothing but what its kind
        holds, the foe's weapon and the powers off).  The attack's table differs from ``base`` only
        in fields a rating key does not read (the tactic, the combatants, the weapons; no Warzone):
        each side's kind is theirs."""
        combat = game.combat
        # the powers off: none between two warriors immune to nothing (most), without a call
        off = combat.off_between(a.card, d.card) if sa.immune or sd.immune else _NONE_OFF
        # a foe's weapon counts only by what it takes from the Armor (Standing.fighter)
        takes_a, takes_d = sa.takes, sd.takes
        if off or takes_a or takes_d:  # a power off, or a weapon that takes Armor: by the two
            ra, rd = sa.ratings.get((takes_d, off)), sd.ratings.get((takes_a, off))
        else:  # (most)
            ra, rd = sa.bare, sd.bare
        if ra is None or rd is None:  # most often one is remembered: only the other is worked out
            table = _attack_table(o, a, d, sa.weapon, sd.weapon, base)
            if ra is None:
                ra = sa.keep(takes_d, off, plain(combat.fighter(table, a, d, off, seen=sa.kind, missed=True)))
            if rd is None:
                rd = sd.keep(takes_a, off, plain(combat.fighter(table, d, a, off, seen=sd.kind, missed=True)))
        return plain_score(combat, ra, rd, a.wounded, d.wounded)

    def equip_score(self, game, state, o: Equip) -> float:
        c = game.pool[o.card]
        t = state.find(o.uid)
        for a in t.attached:
            if a.card == o.card:  # it has one already
                return -1.0
        weapons = game.combat.weapon_cards
        if o.card in weapons:  # one weapon is enough
            for a in t.attached:
                if a.card in weapons:
                    return -1.0
        fight, shoot = c.fight, c.shoot
        gain = (shoot if shoot > fight else fight) + c.armor - c.foe_armor  # as max(), without the call
        if c.kind == "vehicle":
            gain += 0.5 if o.inside else -10
        return gain + _strength(game.pool[t.card]) / 20 if t.card != UNSEEN else gain

    def bestow_score(self, game, state, o: Bestow) -> float:
        c = game.pool[o.card]
        return c.fight + c.shoot + c.armor + (2 if c.strike_first else 0) + 0.1

    def attach_score(self, game, state, o: Any) -> float:
        """A Relic or a Ki Power: what it adds, on the strongest warrior that may have it."""
        c = game.pool[o.card]
        t = state.find(o.uid)
        if t.owner != state.current:  # a rule that lets it go on anyone's warrior: never help an opponent
            return -1.0
        gain = max(c.fight, c.shoot) + c.armor + (2 if c.strike_first else 0) + 0.1
        return gain + (_strength(game.pool[t.card]) / 20 if t.card != UNSEEN else 0)

    def cast_score(self, game, state, o: Cast) -> float:
        t = state.find(o.target)
        return 1.0 if t.owner == state.current else -1.0

    def assign_score(self, game, state, o: Assign) -> float:
        if o.uid is not None:
            t = state.find(o.uid)
            return 1.0 + (game.pool[t.card].value / 10 if t.card != UNSEEN else 0)
        return 1.0

    def special(self, game, state, plays) -> Any:
        for o in plays:
            effect = game.pool[o.card].effect
            if o.target is None:
                continue
            t = state.find(o.target)
            if effect == "force_cover" and t.owner != state.current:
                return o
            if effect == "discard_vehicle" and t.owner != state.current:
                return o
            if effect == "discard_alliance":  # the target is an opponent's seat
                return o
        return None

    # -- the combat ------------------------------------------------------------------------------------
    def combat(self, game, state: DTState, seat: int, options) -> Any:
        for o in options:  # (asked first: the modify step's decisions are most of a combat's)
            if not isinstance(o, _MODIFY_PLAYS):
                break
        else:  # every option a play of the modify step (or a pass)
            return self.modify(game, state, seat, options)
        first = options[0]
        if isinstance(first, ChooseWeapon):
            table = state.combat.table
            return max(options, key=lambda o: getattr(game.pool[o.card], table.tactic) - game.pool[o.card].foe_armor)
        if isinstance(first, TakePoints):  # the first of the most Promotion, as max() (a loop: no lambda call)
            best = first
            for o in options:
                if o.promotion > best.promotion:
                    best = o
            return best
        if isinstance(first, DefendFromWarzone):  # the Warzone that leaves the combat best for its seat
            table = state.combat.live
            return max(options, key=lambda o: (outlook(game, table._replace(warzone=o.card), seat), o.card))
        return options[0]

    def modify(self, game, state: DTState, seat: int, options) -> Any:
        table = state.combat.live
        pair, ratings, kept = self._pair_at(game, table)  # the combatants, found, keyed and rated once for every card
        # the outlook before any card: kept when this seat's last card left the table so (and the foe passed)
        base = kept[1] if kept is not None and kept[0] == seat else outlook_of(game, pair, ratings, seat)
        best, best_gain, best_after, best_now, best_value = PASS, 0.0, None, None, 0.0
        play = game.combat.weighed  # the table after the card as the ratings read it (no words, hands or Destiny)
        # what the pair as found reads of the table, read once for every card
        attacker, defender, troopers = table.attacker, table.defender, table.troopers
        forts, in_play, warzone = table.fortifications, table.in_play, table.warzone
        for o in options:
            if isinstance(o, Pass):
                continue
            try:
                after = play(table, seat, o)
            except (KeyError, ValueError):
                continue
            # the same combatants, warriors, fortifications, cards in play and Warzone: the pair as found,
            # its rating keys alike (most cards leave the very same objects: asked first by identity)
            if after.attacker == attacker and after.defender == defender and \
                    ((x := after.troopers) is troopers or x == troopers) and \
                    ((x := after.fortifications) is forts or x == forts) and \
                    ((x := after.in_play) is in_play or x == in_play) and after.warzone == warzone:
                now = rerated(game, table, after, pair, ratings)
                value = outlook_of(game, pair, now, seat)
            else:
                value, after, now = outlook(game, after, seat), None, None  # (not kept: another pair)
            gain = value - base
            cost = 0.05 if isinstance(o, Feed) else 0.1  # keep cards and points for later
            if gain - cost > best_gain:
                best, best_gain, best_after, best_now, best_value = o, gain - cost, after, now, value
        if best_after is not None:  # the card played: the next decision (the foe's) asks of the table after it
            self._last_pair.keep(best_after, best_now, (seat, best_value))  # (_pair_at's record: the pair as found)
        return best

    def _pair_at(self, game, table: Table) -> tuple:
        """:func:`.pair_of` at ``table``, their ratings (:func:`.rated`) and the outlook kept with them (a seat
        and its :func:`.outlook_of`, or ``None``); the last answer is kept (:class:`.KeptPair`)
        with the warriors, fortifications, cards in play, combatants and Warzone the pair read, and
        the tactic, weapons and cards played the ratings read (a combat's next decision asks of the same;
        after a card the bot plays, :meth:`modify` keeps the ratings it weighed the card by, for the
        same pair with the cards, weapons and tactic of the table after it, and the outlook they gave its seat)."""
        last = self._last_pair
        if last is not None and last.game is game and last.troopers is table.troopers and \
                last.fortifications is table.fortifications and last.in_play is table.in_play and \
                last.attacker == table.attacker and last.defender == table.defender and last.warzone == table.warzone:
            pair = last.pair
            if last.plays == table.plays and last.weapons == table.weapons and last.tactic == table.tactic:
                return pair, last.ratings, last.outlook
            ratings = rated(game, table, pair)  # the same pair at another table: rated again
            last.keep(table, ratings)
        else:
            pair = pair_of(game, table)
            ratings = rated(game, table, pair)
            self._last_pair = KeptPair(game, table, pair, ratings)
        return pair, ratings, None

    # -- the discard -------------------------------------------------------------------------------------
    def discard(self, game, state: DTState, options) -> Any:
        seat = state.current
        hand = state.seats[seat].hand  # (not the property state.seat: a call)
        if hand.size < 6:
            return KEEP_HAND
        pool = game.pool
        troopers = state.troopers
        worst = worst_key = None  # the weakest warrior it may discard (the first, as min(): no lambda call)
        warriors = 0
        casters = None  # has he a warrior shown of an aspect of the Art (asked at the first spell)
        known = self._memo_for(game).looks  # each card's look, by name
        for o in options:
            if isinstance(o, Discard):
                card = o.card
                try:
                    kind, key = known[card]
                except KeyError:
                    kind, key = known[card] = _sort(game, card)
                if key is not None:  # a warrior
                    if kind:  # a personality: a copy is in play (shown)? (a loop: no generator call)
                        for t in troopers:
                            if t.card == card:
                                return o
                    warriors += 1
                    if worst is None or key < worst_key:
                        worst, worst_key = o, key
                elif kind:  # a spell of the Art
                    if casters is None:
                        casters = any([t.owner == seat and t.card != UNSEEN and pool[t.card].aspects
                                       for t in troopers])
                    if not casters:
                        return o
        return worst if warriors >= 4 else KEEP_HAND


def _sort(game, card: str) -> tuple[bool, tuple[float, str] | None]:
    """What the discard reads of ``card`` (cards are data: the greedy bot remembers it by name for
    the game): for a warrior, whether he is a personality and his key among the warriors, his
    :func:`_strength` and name; else whether it is an Art card, and ``None``."""
    if game.type_of[card] == "warrior":
        return card in game.personalities, (_strength(game.pool[card]), card)
    return game.type_of[card] == "art", None


def _weapon(game, t, tactic: str) -> str:
    """The strongest weapon ``t`` may use with ``tactic`` (``""``: none): the one the bot
    expects each combatant to choose."""
    pool = game.pool
    best, most = "", None  # the first of the strongest, as max() (a loop: no lambda made and called)
    for w in game.combat.weapons_of(t, tactic):
        rating = getattr(pool[w], tactic)
        if most is None or rating > most:
            best, most = w, rating
    return best


def _armed(game, t, tactic: str) -> tuple[str, int, tuple[str, ...]]:
    """:func:`_weapon`, what it takes from the foe's Armor (0 without one) and ``t``'s
    immunities (what :meth:`.Standing.off_between` reads of him)."""
    w = _weapon(game, t, tactic)
    pool = game.pool
    return w, pool[w].foe_armor if w else 0, pool[t.card].immune


#: the powers off between two warriors immune to nothing (:meth:`.Standing.off_between`'s answer)
_NONE_OFF: frozenset[str] = frozenset()


def _ratings(combat, o: Attack, a, d, wa: str, wd: str, off, base: Table) -> tuple[Ratings, Ratings]:
    """The ratings of attacker ``a`` and defender ``d`` in attack ``o``, each with the weapon
    the bot expects him to choose (``wa``, ``wd``; ``""``: none), ``off``: the powers off."""
    table = _attack_table(o, a, d, wa, wd, base)
    return combat.fighter(table, a, d, off), combat.fighter(table, d, a, off)


def _attack_table(o: Attack, a, d, wa: str, wd: str, base: Table) -> Table:
    """``base`` made the table of attack ``o``, attacker ``a`` choosing weapon ``wa`` and
    defender ``d`` weapon ``wd`` (``""``: none)."""
    chosen = ((a.uid, wa),) if wa else ()  # the weapons chosen, the attacker's first
    if wd:
        chosen += ((d.uid, wd),)
    return base.with_combatants(o.tactic, o.attacker, o.defender, base.weapons + chosen)


def _strength(w) -> float:
    """A warrior card's best attack, Armor and 2 for striking first (the better of Fight and Shoot
    as max() gives it, without the call)."""
    fight, shoot = w.fight, w.shoot
    return (shoot if shoot > fight else fight) + w.armor + (2 if w.strike_first else 0)


def _table(state: DTState, attacker: int, defender: int, tactic: str) -> Table:
    """A combat's table as it begins in ``state`` (no card, weapon or Warzone)."""
    seats = state.seats
    n = len(seats)
    forts, hands, placed = [], [], []  # each seat's, in one loop (cheaper than a map for each)
    for s in seats:
        forts.append(s.fortifications)
        hands.append(s.hand)
        placed.append(s.in_play)
    return Table(tactic, attacker, defender, state.troopers, tuple(forts), state.purse_of,
                 _ORDERS[n] if n < len(_ORDERS) else tuple(range(n)), tuple(hands), state.purses,
                 in_play=tuple(placed) if any(placed) else ())  # () when nobody has any (as attack.in_play)


#: the seats in order, by their number (made once, not at every attack the bot weighs)
_ORDERS = tuple(tuple(range(n)) for n in range(9))


register("random", RandomPolicy, "every legal option equally likely")
register("greedy", GreedyBot, "musters, arms and attacks when the odds favour it; plays combat cards that help")
register("search", lambda playouts=PLAYOUTS: search_bot(GreedyBot(), playouts),
         f"thinks ahead: plays imagined games on with the greedy bot ({PLAYOUTS} per decision; 'search:400' "
         "for 400)", sized=True)

__all__ = ["BotInfo", "GreedyBot", "REGISTRY", "get_bot", "register"]
