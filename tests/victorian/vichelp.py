"""Helpers for the Victorian tests: dice that roll what a test says, stepping a
state with them, and the invariants every state keeps."""

from __future__ import annotations

from collections import Counter
from typing import Any

from explorer.core.engine import IllegalAction
from explorer.victorian.game import VictorianGame
from explorer.victorian.state import HEROES, SIDE_INDEX, VILLAINS, Choose, Main, VicState

GAME = VictorianGame()


class Dice:
    """A chance that answers each roll with the next value given: a number for a
    die roll (the outcome equal to it), a card name for a card drawn (from a deck
    or a hand), or a callable picking an outcome.  Running out of values, or a
    value the roll cannot give, is an error: the test said what it expected."""

    def __init__(self, *values: Any):
        self.values = list(values)
        self.asked = 0

    def roll(self, dist: Any) -> Any:
        if not self.values:
            raise AssertionError(f"an unexpected roll ({dist!r}): the test gave no more values")
        want = self.values.pop(0)
        self.asked += 1
        pairs = dist.pairs
        for outcome, _ in pairs:
            if callable(want) and want(outcome):
                return outcome
            if outcome == want:
                return outcome
            if isinstance(outcome, tuple) and outcome and outcome[0] == want:  # a card drawn: (card, rest)
                return outcome
            if hasattr(outcome, "cards") and tuple(outcome.cards) == (want if isinstance(want, tuple) else (want,)):
                return outcome
        raise AssertionError(f"the roll cannot give {want!r}: it gives {[o for o, _ in pairs][:12]!r}")

    @property
    def done(self) -> bool:
        return not self.values


def step(state: VicState, action: Any, *rolls: Any, game: VictorianGame = GAME) -> tuple[VicState, list]:
    """Check and apply ``action`` with the dice ``rolls`` (all of them must be used)."""
    game.check(state, action)
    dice = Dice(*rolls)
    nxt, events = game.resolve(state, action, dice)
    assert dice.done, f"{len(dice.values)} dice value(s) left unused: {dice.values}"
    return nxt, list(events)


def forced(state: VicState, *rolls: Any, game: VictorianGame = GAME) -> tuple[VicState, list]:
    """Take the forced step now, with ``rolls``."""
    dec = game.decision(state)
    assert dec is not None and dec.forced, f"not a forced step: {dec}"
    return step(state, dec.options[0], *rolls, game=game)


def texts(events) -> list[str]:
    return [e.text for e in events]


def refused(state: VicState, action: Any, section: str, game: VictorianGame = GAME) -> IllegalAction:
    """``action`` is refused naming rule ``section``, and the state is unchanged."""
    before = hash(state)
    try:
        game.check(state, action)
    except IllegalAction as exc:
        assert exc.rule.section == section, f"refused under {exc.rule.section}, not {section}: {exc.message}"
        assert hash(state) == before
        return exc
    raise AssertionError(f"{action!r} was allowed")


# -- invariants --------------------------------------------------------------------------------------

def cards_everywhere(game: VictorianGame, state: VicState) -> dict[int, Counter]:
    """Every card of each owner, wherever it is (deck, hand, discard, play)."""
    out = {HEROES: Counter(), VILLAINS: Counter()}
    for index, side in enumerate(state.sides):
        out[index].update(side.deck.contents())
        out[index].update(side.hand)
        out[index].update(side.discard)
    for side in state.sides:
        for u in side.units:
            if not u.token:
                out[game.owner(u.card)][u.card] += 1
            for g in u.gear:
                out[game.owner(g)][g] += 1
        for loc in side.locations:
            out[game.owner(loc.card)][loc.card] += 1
        for p in side.plots:
            out[game.owner(p.card)][p.card] += 1
    return out


_DECKS: dict[int, tuple[VictorianGame, tuple[Counter, Counter]]] = {}


def _whole_decks(game: VictorianGame) -> tuple[Counter, Counter]:
    """Each side's whole deck as a Counter, worked out once per game (the check runs
    after every step of thousands of games)."""
    kept = _DECKS.get(id(game))
    if kept is None or kept[0] is not game:
        kept = _DECKS[id(game)] = (game, (Counter(dict(game.counts[HEROES])), Counter(dict(game.counts[VILLAINS]))))
    return kept[1]


def check_invariants(game: VictorianGame, state: VicState) -> None:
    """Every card in exactly one place (deck, hand, discard pile or play), no
    negative counters, minions on Masterminds in play, one uid per unit."""
    if set().union(*(side.deck.contents() for side in state.sides)) - game._cards.keys():
        return  # a lumped deck (a question about the deal): labels, not cards
    where = cards_everywhere(game, state)
    for index, want in enumerate(_whole_decks(game)):
        got = where[index]
        assert dict.__eq__(got, want) or got == want, (f"side {index}: cards missing {dict(want - got)}, "
                                                       f"extra {dict(got - want)}")  # plain dicts first: C speed
    uids = [x.uid for side in state.sides for x in (*side.units, *side.locations, *side.plots)]
    assert len(uids) == len(set(uids)), f"a uid used twice: {sorted(uids)}"
    villain_masterminds = {u.uid for u in state.villains.units if not u.token and game.card(u.card).type == "M"}
    for index, side in enumerate(state.sides):
        assert side.leads >= 0 and side.hidden == 0
        assert not Counter(side.exposed) - Counter(side.hand), "a card known to be in a hand that is not there"
        for u in side.units:
            assert u.wounds >= 0 and u.markers >= 0, f"negative counters on {u.uid}"
            if index == HEROES:
                assert u.master is None, f"{u.uid} on the Heroes' side hangs on a Mastermind"
                assert u.token or game.card(u.card).type != "M", "a Mastermind on the Heroes' side"
            elif u.master is not None:
                assert u.master in villain_masterminds, f"{u.uid} hangs on {u.master}, no Mastermind in play"
            else:
                assert not u.token and game.card(u.card).type == "M", f"{u.uid} is a villain unit on no Mastermind"
        for loc in side.locations:
            assert index == HEROES or loc.master in villain_masterminds
        for p in side.plots:
            assert p.counters >= 0 and p.master in villain_masterminds
    for item in state.pending:
        if isinstance(item, Main):
            assert item.count >= 0
        if isinstance(item, Choose):
            assert item.count >= 1
    assert state.turn >= 0


def swapped(state, me: str):
    """``state`` with one of the other side's hand cards the deciding side has not
    seen traded for a different card of that side's shuffled deck."""
    other = 1 - SIDE_INDEX[me]
    side = state.sides[other]
    hidden = list(side.hand)
    for card in side.exposed:
        hidden.remove(card)
    out, into = next((o, i) for o in hidden for i in side.deck.rest if i != o)
    hand, rest = list(side.hand), list(side.deck.rest)
    hand.remove(out)
    rest.remove(into)
    changed = side._replace(hand=tuple(sorted(hand + [into])), deck=side.deck._replace(rest=tuple(sorted(rest + [out]))))
    sides = list(state.sides)
    sides[other] = changed
    return state._replace(sides=tuple(sides))
