"""Rounds of card play (explorer.core.rounds): players in turn play cards or pass;
the round is over when every player has passed in a row."""

from __future__ import annotations

from typing import NamedTuple

from fractions import Fraction

import pytest

from explorer.core.deck import Multiset
from explorer.core.engine import Game, IllegalAction, RandomPolicy, Step, Stepper
from explorer.core.events import RuleRef, event
from explorer.core.rounds import PASS, Pass, Rounds, RoundsState
from explorer.core.subgame import SubGame
from explorer.core.testing import check_game

R = RuleRef("asylum", "overview")  # any section with a summary


class Table(NamedTuple):
    hands: tuple[Multiset, ...]
    pile: tuple[tuple[int, str], ...] = ()


def plays(table: Table, player: int):
    return table.hands[player].distinct


def play(table: Table, player: int, card: str, chance):
    hands = list(table.hands)
    hands[player] = hands[player].remove(card)
    return Table(tuple(hands), table.pile + ((player, card),)), (event(R, f"seat {player} plays {card}"),)


def opened(rounds, order, table):
    """The state a new round starts in (the tests mostly want only that)."""
    return rounds.start(order, table).state


def deal(*hands):
    return Table(tuple(Multiset.of(h) for h in hands))


def test_a_player_plays_as_many_cards_as_he_likes_then_passes():
    """The turn stays with a player until he passes; then the next player plays."""
    rounds = Rounds(plays, play, R)
    s = opened(rounds, (0, 1), deal(["a", "b"], ["x"]))
    assert rounds.decision(s).player == 0
    s, _ = rounds.resolve(s, "a", None)
    assert rounds.decision(s).player == 0 and rounds.decision(s).options == ("b", PASS)
    s, _ = rounds.resolve(s, PASS, None)
    assert rounds.decision(s).player == 1


def test_the_round_ends_when_every_player_has_passed_in_a_row():
    """A play resets the count of passes: the others get to answer it."""
    rounds = Rounds(plays, play, R, auto_pass=False)
    s = opened(rounds, (0, 1, 2), deal(["a"], ["x"], ["m"]))
    for action in (PASS, PASS):
        s, _ = rounds.resolve(s, action, None)
    s, _ = rounds.resolve(s, "m", None)  # seat 2 plays after two passes
    assert rounds.result(s) is None and s.passes == 0
    for action in (PASS, PASS):  # seat 2 finishes, seat 0 passes
        s, _ = rounds.resolve(s, action, None)
    assert rounds.result(s) is None  # seat 1 has not passed since the play
    s, _ = rounds.resolve(s, PASS, None)
    assert rounds.result(s).pile == ((2, "m"),)
    assert rounds.decision(s) is None


def test_one_card_per_turn_moves_the_turn_after_each_play():
    rounds = Rounds(plays, play, R, one_per_turn=True)
    s = opened(rounds, (0, 1), deal(["a", "b"], ["x"]))
    s, _ = rounds.resolve(s, "a", None)
    assert rounds.decision(s).player == 1


def test_a_player_with_nothing_to_play_passes_with_the_same_event_as_a_chosen_pass():
    """The log never tells the others whether he could have played."""
    rounds = Rounds(plays, play, R)
    s = opened(rounds, (0, 1), deal([], ["x"]))
    assert rounds.decision(s).player == 1 and s.passes == 1
    chosen = rounds.resolve(s, PASS, None).events
    auto = rounds.start((1, 0), deal(["x"], [])).events
    assert [e.text for e in chosen] == [e.text for e in auto] == ["seat 1 passes"]


def test_a_round_where_nobody_can_play_is_over_at_once():
    rounds = Rounds(plays, play, R)
    s = opened(rounds, (0, 1), deal([], []))
    assert rounds.result(s) == deal([], []) and rounds.decision(s) is None


def test_bad_orders_are_refused():
    rounds = Rounds(plays, play, R)
    with pytest.raises(ValueError, match="at least one player"):
        opened(rounds, (), deal())
    with pytest.raises(ValueError, match="one seat"):
        opened(rounds, (0, 0), deal([], []))


def test_illegal_plays_name_the_rule_and_leave_the_state():
    rounds = Rounds(plays, play, R)
    s = opened(rounds, (0, 1), deal(["a"], ["x"]))
    with pytest.raises(IllegalAction) as err:
        rounds.check(s, "x")  # seat 1's card, on seat 0's turn
    assert err.value.rule == R and s == opened(rounds, (0, 1), deal(["a"], ["x"]))
    with pytest.raises(IllegalAction, match="over"):
        rounds.check(opened(rounds, (0,), deal([])), PASS)


def test_pass_is_a_plain_value():
    assert Pass() == PASS and hash(Pass()) == hash(PASS) and repr(PASS) == "Pass()"
    assert isinstance(RoundsState((0,), 0, 0, None).player, int)


class Host(Game):
    """A host game embedding a round of card play through SubGame: the host's
    seats 7 and 9 are the round's players; afterwards the host counts the pile."""

    name = "asylum"

    def __init__(self):
        self.rounds = Rounds(plays, play, R)
        self.sub = SubGame(self.rounds)

    def decision(self, s):
        if isinstance(s, int):
            return None
        return self.sub.decision(s, {0: 7, 1: 9})

    def resolve(self, s, action, chance):
        step = self.sub.step(s, action, chance)
        return Step(len(step.result.pile) if step.result is not None else step.state, step.events)

    def result(self, s):
        return s if isinstance(s, int) else None


def host_start(i: int):
    hands = [["a", "b", "c"][: i % 4], ["x", "y"][: 1 + i % 2]]
    return opened(Rounds(plays, play, R), (0, 1), deal(*hands))


def test_a_host_embeds_the_rounds_with_subgame_and_keeps_the_protocol():
    """The conformance kit on a host that embeds rounds of card play."""
    report = check_game(Host(), host_start, steps=300, seed="rounds", hashseed=False, raise_on_failure=False)
    assert report.ok, str(report)
    st = Stepper(Host(), host_start(3), seed=1, policies=RandomPolicy())
    assert st.decision.player in (7, 9)
    st.run()
    assert st.game.result(st.state) in range(0, 6)


def test_exact_analysis_of_a_round():
    """Under random play, every order of plays is counted with its exact weight."""
    from explorer.core.engine import Analyzer

    host = Host()
    dist = Analyzer(host, RandomPolicy()).outcome(host_start(1))  # seat 0 holds "a", seat 1 "x" and "y"
    assert sum(p for _, p in dist.pairs) == 1 and set(dist.outcomes) == {0, 1, 2, 3}
    assert dist[0] == Fraction(1, 2) * Fraction(1, 3)  # both pass at once: nothing is played
