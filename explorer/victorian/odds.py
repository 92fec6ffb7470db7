"""Exact odds of the Victorian card game: deals, chains of rolls, and the terms
behind every number.

Everything here runs the game's own rules (:class:`~explorer.victorian.game.VictorianGame`)
from a state, cut short with :class:`~explorer.core.until.Until` and enumerated
exactly by the :class:`~explorer.core.engine.Analyzer`:

* :func:`opening_hand`, :func:`mulligan`, :func:`turns_until`: the game's own
  setup step (deal and mulligan) on a deck *lumped* by what the question asks
  (:meth:`~explorer.core.deck.Multiset.lump`), so "P(no Character in the opening
  seven)" is an ordinary analysis; :func:`no_major_in_time`: the deals a side
  loses to its deck alone;
* :func:`attack`: how one hero's attack on a Mastermind and his minions ends;
* :func:`thwart`: P(a set of heroes thwarts a Mastermind in one Intercept Phase);
* :func:`plot_matures`: P(a plot on the table pays out before it is foiled),
  played by the bots (greedy by default) on a bare table;
* :func:`explain_roll`: the terms of a modified roll about to be made, as data,
  with its exact odds ("explain this number").

The single-roll tables are in :mod:`explorer.victorian.tables`.

>>> opening_hand("heroes", at_least={"C": 1})
Fraction(1, 1)
>>> mulligan("heroes") == Fraction(comb(41, 7), comb(59, 7))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb  # noqa: F401 (the examples count with it)
from typing import Any, NamedTuple

from ..core.deck import Multiset
from ..core.dist import Dist
from ..core.engine import Analyzer, DeterministicPolicy, RandomPolicy
from ..core.until import Until
from . import tables
from .actions import Attack, Done, Heal, Pass, Showdown, Stop, Strike, TakeWound, Track
from .cards import TYPES
from .game import VictorianGame
from .state import SIDE_INDEX, Draw, Ending, Fighting, Main, Phase, VicState
from .seat_odds import draw_chance as draw_chance, opponent_holds as opponent_holds  # odds from a seat's view

_GAMES: dict[Any, VictorianGame] = {}


def _game(game: VictorianGame | None) -> VictorianGame:
    if game is not None:
        return game
    hit = _GAMES.get(None)
    if hit is None:
        hit = _GAMES[None] = VictorianGame()
    return hit


# -- deals ------------------------------------------------------------------------------------------

#: The label of a lumped deck for every card a question neither asks about nor
#: needs for the mulligan (a character).
OTHER = "*"


def _lumped(game: VictorianGame, side: str, keys: Iterable[str]) -> Multiset:
    """``side``'s deck seen only as far as the question asks: a named card keeps
    its name, a card of an asked type its type, a character (which the mulligan
    looks for: a Mastermind counts) ``"C"`` unless its own type is asked, every other
    card ``"*"``.  The fewer the kinds, the fewer the deal's states: lumping the
    Villains' Masterminds with their characters when neither is asked made the
    exact deal several times faster."""
    keys = set(keys)
    characters = "C" if "M" in keys or "C" not in keys else "M"  # the label the unasked characters share

    def label(card: str) -> str:
        if card in keys:
            return card
        t = game.card(card).type
        return t if t in keys else characters if t in "CM" else OTHER

    return game.deck_multiset(side).lump(label)


def _check_keys(game: VictorianGame, side: str, keys: Iterable[str]) -> tuple[str, ...]:
    if side not in SIDE_INDEX:
        raise ValueError(f"the sides are 'heroes' and 'villains', not {side!r}")
    names = []
    cards = game.cards_of(side)
    for k in keys:
        if k in TYPES:
            continue
        if k not in cards:
            raise ValueError(f"{k!r} is neither a card type ({', '.join(TYPES)}) nor a card of the {side}' list")
        names.append(k)
    return tuple(names)


@lru_cache(maxsize=64)
def _deal(game: VictorianGame, side: str, keys: tuple[str, ...], draws: int = 0) -> Dist:
    """The deal of ``side``'s lumped deck (kept: a page asks it again at every "at least")."""
    return deal_distribution(side, _lumped(game, side, keys), draws, game=game)


def deal_distribution(side: str, deck: Multiset, draws: int = 0, *, game: VictorianGame | None = None) -> Dist:
    """The exact distribution of ``(hand, cards discarded)`` for ``side`` dealt
    from ``deck`` (card names, or labels: card types, ``"*"`` for cards that are
    not characters), after the mulligans and ``draws`` more cards, from the
    game's own setup rules.

    >>> d = deal_distribution("heroes", Multiset.of({"C": 10, "W": 5}))
    >>> d.prob(lambda out: out[0].count("W") == 5)  # C(5,5) C(10,2) / C(15,7)
    Fraction(1, 143)
    """
    game = _game(game)
    if side not in SIDE_INDEX:
        raise ValueError(f"the sides are 'heroes' and 'villains', not {side!r}")
    index = SIDE_INDEX[side]
    other = "villains" if side == "heroes" else "heroes"
    start = game.new_game(decks={side: deck, other: Multiset()}, deal=(side,))
    if draws:
        start = start._replace(pending=start.pending + (Draw(index, draws, "new_day"),))
    until = Until(game, done=lambda s: s.phase is not Phase.SETUP or s.result is not None,
                  value=lambda s: (s.sides[index].hand, len(s.sides[index].discard)))
    return Analyzer(until, RandomPolicy()).outcome(start)


def _count(game: VictorianGame, hand: tuple[str, ...], key: str) -> int:
    if key in TYPES:
        return sum(1 for c in hand if c != OTHER and game.label_type(c) == key)
    return sum(1 for c in hand if c == key)


def opening_hand(side: str, at_least: Mapping[str, int] | None = None, *, game: VictorianGame | None = None) \
        -> Fraction:
    """P(``side``'s opening hand, after any mulligans, holds at least ``n`` cards
    of each key): keys are card types (``"C"``) or card names.

    >>> opening_hand("villains", at_least={"M": 1}) > opening_hand("villains", at_least={"M": 2})
    True
    """
    game = _game(game)
    at_least = dict(at_least or {})
    _check_keys(game, side, at_least)
    return _hand_chance(game, side, tuple(sorted(at_least)), tuple(sorted(at_least.items())), 0)


def _hand_chance(game, side, keys, wanted, draws) -> Fraction:
    """P(the kept hand holds ``wanted``), read off the kept deal (a millisecond)."""
    dist = _deal(game, side, keys, draws)
    return dist.prob(lambda out: all(_count(game, out[0], k) >= n for k, n in wanted))


def mulligan(side: str, *, game: VictorianGame | None = None) -> Fraction:
    """P(``side`` has to mulligan at least once)."""
    game = _game(game)
    return _deal(game, side, ()).prob(lambda out: out[1] > 0)


def turns_until(side: str, card: str, turns: int = 10, *, game: VictorianGame | None = None) -> list[Fraction]:
    """``[P(card in hand by turn t) for t in 0..turns]``: turn 0 is the opening
    hand; each turn adds the New Day draw (cards played meanwhile aside).

    The deal and its mulligans come from the game's own setup rules, analysed
    exactly on the deck seen as the card, the other characters (the mulligan
    looks for them) and the rest; after it, the card is in the hand, in the
    discard pile (a mulligan threw it away) or somewhere in the shuffled deck of
    ``n`` cards, where ``t`` draws find it with probability ``min(t, n) / n``."""
    game = _game(game)
    if not _check_keys(game, side, [card]):
        raise ValueError(f"{card!r} is a card type: name a card")
    after = _after_deal(game, side, card)
    per_turn = game.rules.new_day_draw
    out = []
    for t in range(turns + 1):
        p = Fraction(0)
        for (where, n), q in after.items():
            if where == "hand":
                p += q
            elif where == "deck" and n:
                p += q * Fraction(min(t * per_turn, n), n)
        out.append(p)
    return out


def no_major_in_time(side: str, *, game: VictorianGame | None = None) -> Fraction:
    """P(``side`` draws no major character before the victory check begins): none in
    its opening hand, after any mulligans, nor in the New Day draws of the turns
    before it ("VICTORY": the check begins with turn ``victory_after_turn + 1``).

    A side's major characters are, in our reading ("major-characters"), every hero
    character and the Villains' Masterminds.  A side dealt none in time has none in
    play when the check begins, and loses then (or draws, if the other side has none
    either), whatever either side plays: one minus this bounds its win rate under
    any bots.  Nothing else brings the Villains a Mastermind: the rolls and cards that
    draw or fetch need one in play, and no Mastermind changes sides
    ("control-targets").  The Heroes' mulligan keeps a character, so theirs is 0.

    >>> no_major_in_time("heroes")
    Fraction(0, 1)
    >>> round(float(no_major_in_time("villains")), 3)   # one deal in six lost to the deck
    0.163
    """
    game = _game(game)
    _check_keys(game, side, ())
    major = "C" if side == "heroes" else "M"
    draws = game.rules.victory_after_turn * game.rules.new_day_draw
    return 1 - _hand_chance(game, side, (major,), ((major, 1),), draws)


@lru_cache(maxsize=256)
def _after_deal(game: VictorianGame, side: str, card: str) -> Dist:
    """Where ``card`` is once ``side``'s opening hand is settled: ``("hand" | "discard"
    | "deck", cards left in the deck)``, exactly."""
    index = SIDE_INDEX[side]

    def label(c: str) -> str:
        return c if c == card else "C" if game.card(c).type in "CM" else OTHER  # a Mastermind: a character too

    other = "villains" if side == "heroes" else "heroes"
    start = game.new_game(decks={side: game.deck_multiset(side).lump(label), other: Multiset()}, deal=(side,))

    def value(s: VicState):
        mine = s.sides[index]
        where = "hand" if card in mine.hand else "discard" if card in mine.discard else "deck"
        return where, mine.deck.size

    until = Until(game, done=lambda s: s.phase is not Phase.SETUP or s.result is not None, value=value)
    return Analyzer(until, RandomPolicy()).outcome(start)


# -- scripted play for the chains ------------------------------------------------------------------------

class _Script(DeterministicPolicy):
    """The choices a chain assumes: ``hero`` attacks ``target`` (or the heroes
    track it in order), presses on while he may, takes wounds as wounds; every
    other question is answered with no, done, or pass."""

    name = "script"

    def __init__(self, hero: str | None = None, target: str | None = None, order: Sequence[str] = (),
                 press: bool = True):
        self.hero, self.target, self.order, self.press = hero, target, tuple(order), press

    def pick(self, game, view, decision):
        opts = decision.options
        item = view.pending[0]
        if isinstance(item, Main) and item.phase is Phase.ATTACK:
            a = Attack(self.hero, self.target)
            return a if a in opts else Done()
        if isinstance(item, Main) and item.phase is Phase.INTERCEPT:
            for h in self.order:
                if Track(h, self.target) in opts:
                    return Track(h, self.target)
            return Done()
        if isinstance(item, Fighting):
            if not self.press and item.attacks:
                from .bots import GreedyBot

                return GreedyBot().pick(game, view, decision)
            strikes = [o for o in opts if isinstance(o, Strike)]
            if strikes:
                return strikes[0]
            return Showdown() if Showdown() in opts else Stop()
        for default in (TakeWound(), Pass(), Done(), Heal()):
            if default in opts:
                return default
        return opts[0]

    def memo_key(self, game, state):
        return None  # reads only the decision and the state the game's key covers


class AttackEnd(NamedTuple):
    """How one hero's attack ended, and how many minions he killed on the way."""

    result: str  # hero_killed, hero_wounded, stopped, destroy_base, villain_wounded, villain_killed
    minions_killed: int


ATTACK_RESULTS = ("hero_killed", "hero_wounded", "stopped", "destroy_base", "villain_wounded", "villain_killed")


def attack_detail(hero: str, mastermind: str, minions: Sequence[str] = (), *, gear: Sequence[str] = (),
                  wounds: int = 0, mastermind_gear: Sequence[str] = (), locations: Sequence[str] = (),
                  press: bool = True, game: VictorianGame | None = None) -> Dist[AttackEnd]:
    """The exact distribution of how ``hero``'s attack on a thwarted ``mastermind``
    guarded by ``minions`` (minor villains or token kinds) ends.  ``press``: he
    goes on after every 7+ (else the greedy bot decides)."""
    game = _game(game)
    state = game.scenario(heroes=[hero], gear={hero: list(gear), mastermind: list(mastermind_gear)},
                          wounds={hero: wounds} if wounds else None, villains=[mastermind],
                          minions={mastermind: list(minions)},
                          locations={mastermind: list(locations)} if locations else None,
                          decks={"heroes": [], "villains": []}, thwarted=[mastermind], at=Phase.ATTACK)
    return _attack(game, state, hero, mastermind, press)


def _attack(game: VictorianGame, state: VicState, hero: str, mastermind: str, press: bool) -> Dist[AttackEnd]:
    h0 = state.heroes.unit(hero)
    m0 = state.villains.unit(mastermind)
    if h0 is None or m0 is None:
        raise ValueError("the hero and the Mastermind must both be in play")
    n0 = sum(1 for u in state.villains.units if u.master == mastermind)

    def value(s: VicState) -> AttackEnd:
        h = s.heroes.unit(hero)
        m = s.villains.unit(mastermind)
        # a Mastermind can be killed only in the Showdown, once every minion has fallen
        killed = n0 if m is None else n0 - sum(1 for u in s.villains.units if u.master == mastermind)
        if h is None:
            r = "hero_killed"
        elif m is None:
            r = "villain_killed"
        elif (h.wounds, h.gear) != (h0.wounds, h0.gear):
            r = "hero_wounded"
        elif (m.wounds, m.gear) != (m0.wounds, m0.gear):
            r = "villain_wounded"
        elif ("showdown", hero) in s.used:
            r = "destroy_base"  # the only Showdown result that leaves both standing unhurt
        else:
            r = "stopped"
        return AttackEnd(r, killed)

    def done(s: VicState) -> bool:
        # the attack is over when the Heroes' own part of the phase is back in front (this turn's
        # bookkeeping, such as the Showdown made, still there to read), or the phase or game has ended
        return (s.result is not None or s.phase is not Phase.ATTACK
                or ("attacked", hero) in s.used and isinstance(s.pending[0], Main))

    until = Until(game, done=done, value=value)
    return Analyzer(until, _Script(hero, mastermind, press=press)).outcome(state)


def attack(hero: str, mastermind: str, minions: Sequence[str] = (), **kw: Any) -> dict[str, Fraction]:
    """How ``hero``'s attack on ``mastermind`` and his ``minions`` ends: a dict over
    :data:`ATTACK_RESULTS` summing to exactly 1 (see :func:`attack_detail`).

    >>> r = attack("Allan Quatermain", "Dr Fu-Man-Chu", ["Chinese Horde"])
    >>> sum(r.values())
    Fraction(1, 1)
    """
    return attack_results(attack_detail(hero, mastermind, minions, **kw))


def attack_results(dist: Dist[AttackEnd]) -> dict[str, Fraction]:
    """How attacks end, over :data:`ATTACK_RESULTS` (minions killed on the way summed out)."""
    out = dict.fromkeys(ATTACK_RESULTS, Fraction(0))
    for end, p in dist.items():
        out[end.result] += p
    return out


def thwart(heroes: Sequence[str], mastermind: str, *, plots: Sequence[Any] = (),
           gear: Mapping[str, Sequence[str]] | None = None, game: VictorianGame | None = None) -> dict[str, Fraction]:
    """One Intercept Phase: ``heroes`` (in this order) each make a Track Roll
    against ``mastermind`` until he is thwarted.  Returns P(thwarted), P(foiled:
    a plot discarded but no thwart) and P(neither), summing to exactly 1.

    >>> thwart(["Sherlock Holmes"], "Professor Moriarty")["thwarted"]
    Fraction(7, 12)
    """
    game = _game(game)
    state = game.scenario(heroes=list(heroes), villains=[mastermind],
                          plots={mastermind: list(plots)} if plots else None,
                          gear=dict(gear) if gear else None, decks={"heroes": [], "villains": []}, at=Phase.INTERCEPT)
    n_plots = len(state.villains.plots)

    def value(s: VicState) -> str:
        if mastermind in s.thwarted:
            return "thwarted"
        return "foiled" if len(s.villains.plots) < n_plots else "neither"

    until = Until(game, done=lambda s: s.phase is not Phase.INTERCEPT or s.result is not None, value=value)
    dist = Analyzer(until, _Script(target=mastermind, order=[h for h in heroes])).outcome(state)
    return {k: dist[k] for k in ("thwarted", "foiled", "neither")}


def plot_matures(plot: str, mastermind: str, heroes: Sequence[str], *, counters: int = 0,
                 minions: Sequence[str] = (), bots: str = "greedy", turns: int = 8,
                 game: VictorianGame | None = None) -> dict[str, Fraction]:
    """A plot with ``counters`` on ``mastermind``, at the start of the Intercept
    Phase, against ``heroes``; both sides played by ``bots`` on a bare table (no
    cards in hand or deck).  Returns P(matured: paid out or won), P(foiled: discarded
    by a Foiled or Thwarted roll, or with its Mastermind), P(other: the game ended
    first, or ``turns`` turns passed), summing to exactly 1."""
    from .bots import get_bot
    from .state import PlotDraw

    game = _game(game)
    state = game.scenario(heroes=list(heroes), villains=[mastermind], minions={mastermind: list(minions)},
                          plots={mastermind: [(plot, counters)]}, decks={"heroes": [], "villains": []},
                          at=Phase.INTERCEPT)
    uid = state.villains.plots[0].uid
    last = state.turn + turns

    def gone(s: VicState) -> bool:
        return all(p.uid != uid for p in s.villains.plots)

    def value(s: VicState) -> str:
        if s.result is not None and s.result.ending is Ending.MAJOR_PLOT:
            return "matured"
        if gone(s):
            return "matured" if any(isinstance(i, PlotDraw) and i.plot == uid for i in s.pending) else "foiled"
        return "other"

    until = Until(game, done=lambda s: s.result is not None or gone(s) or s.turn > last, value=value)
    dist = Analyzer(until, {"heroes": get_bot(bots), "villains": get_bot(bots)}).outcome(state)
    return {k: dist[k] for k in ("matured", "foiled", "other")}


# -- explain this number ------------------------------------------------------------------------------------

def explain_roll(state: VicState, kind: str, actor: str, target: str | None = None, attacks: int = 0, *,
                 helper: str | None = None, game: VictorianGame | None = None) -> dict[str, Any]:
    """The terms of a modified roll about to be made in ``state``, as data: each
    term with its label, value, card and rule section; their sum; and the exact
    odds of each result.  ``kind``: track (``actor`` a hero), combat or showdown
    (``actor`` a hero, ``target`` a minion or the Mastermind; ``attacks`` made
    before), assassin (``actor`` a minion, ``target`` a hero), healing (``actor``
    the wounded unit, ``helper`` a Doctor or Facilitator), spy (``actor`` a Spy,
    ``helper`` a Facilitator helping a hero spy).

    >>> g = VictorianGame()
    >>> s = g.scenario(heroes=["Sherlock Holmes"], villains=["Professor Moriarty"], at=Phase.INTERCEPT)
    >>> e = explain_roll(s, "track", "Sherlock Holmes", game=g)
    >>> [(t["label"], t["value"]) for t in e["terms"]], e["modifier"], e["odds"]["thwarted"]
    ([("Sherlock Holmes's Track", 4)], 4, Fraction(7, 12))
    >>> s = g.scenario(heroes=["James T. West", "Campion Bond"], at=Phase.SPY)
    >>> e = explain_roll(s, "spy", "James T. West", helper="Campion Bond", game=g)
    >>> [(t["label"], t["value"], t["rule"]) for t in e["terms"]], e["odds"]["caught"], e["odds"]["discovery"]
    ([("Campion Bond's help", 1, 'traits.facilitator')], Fraction(0, 1), Fraction(1, 2))
    """
    from .assassin import assassin_terms
    from .attack import combat_terms
    from .healing import heal_terms
    from .units import find_unit, track_terms

    game = _game(game)
    if kind == "track":
        side, u = find_unit(state, actor)
        terms = track_terms(game, state, side, u)
        odds = tables.track_roll(sum(t.value for t in terms), game.tables)
    elif kind in ("combat", "showdown"):
        terms = combat_terms(game, state, actor, target, attacks)
        odds = getattr(tables, f"{kind}_roll")(sum(t.value for t in terms), game.tables)
    elif kind == "assassin":
        terms = assassin_terms(game, state, actor, target)
        odds = tables.assassin_roll(sum(t.value for t in terms), game.tables)
    elif kind == "healing":
        side, _ = find_unit(state, actor)
        terms = heal_terms(game, state, side, actor, helper)
        p = tables.healing_roll(sum(t.value for t in terms), game.tables)
        odds = {"removed": p, "stays": 1 - p}
    elif kind == "spy":
        terms = _spy_terms(game, state, actor, helper)
        odds = tables.spy_roll(sum(t.value for t in terms), game.tables)
    else:
        raise ValueError(f"unknown roll {kind!r}: track, combat, showdown, assassin, healing or spy")
    return {"kind": kind, "terms": [t.as_dict() for t in terms], "modifier": sum(t.value for t in terms),
            "odds": odds}


def _spy_terms(game: VictorianGame, state: VicState, spy: str, helper: str | None) -> tuple[Any, ...]:
    """The terms of ``spy``'s Spy Roll (SPY PHASE), checked as the game checks them:
    a Spy in play, and a ``helper`` free to help him (CARD TRAITS: Facilitator)."""
    from .actions import Facilitate
    from .genius import rollers
    from .spy import spy_terms, why_not
    from .state import SpyRoll

    side = next((s for s in SIDE_INDEX.values() if spy in rollers(game, state, s, "Spy")), None)
    if side is None:
        raise ValueError(f"{spy!r} is not a Spy in play: a Spy Roll is made by a unit or Location with the trait")
    refused = helper is not None and why_not(game, state, SpyRoll(side, spy), Facilitate(helper, spy))
    if refused:
        raise ValueError(refused.message)
    return spy_terms(game, helper)


__all__ = ["ATTACK_RESULTS", "AttackEnd", "attack", "attack_detail", "attack_results", "deal_distribution",
           "explain_roll", "mulligan", "no_major_in_time",
           "opening_hand",
           "plot_matures", "thwart", "turns_until"]
