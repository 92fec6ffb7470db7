"""The game protocol and its three runners (explorer.core.engine)."""

import itertools
from fractions import Fraction

import pytest

from explorer.core.dist import Dist, contest, d6
from explorer.core.engine import (
    Analyzer, Decision, DeterministicPolicy, Game, IllegalAction, RandomPolicy, Step, Stepper,
    outcomes, sample_results, simulate,
)
from explorer.core.events import RuleRef, event

REF = RuleRef("test", "race")


def test_outcomes_enumerates_every_path():
    dist = outcomes(lambda ch: (ch.roll(d6), ch.roll(d6)) if ch.roll(Dist.bernoulli(Fraction(1, 3))) else None)
    assert dist[None] == Fraction(2, 3)
    assert dist[(1, 1)] == Fraction(1, 3) / 36
    assert sum(p for _, p in dist.items()) == 1


def test_outcomes_matches_brute_force_nested_rolls():
    """A rule whose later rolls depend on earlier ones, against explicit loops."""
    def rule(ch):
        first = ch.roll(d6)
        return first + (ch.roll(d6) if first >= 4 else 0)

    brute = {}
    for a, b in itertools.product(range(1, 7), repeat=2):
        total = a + (b if a >= 4 else 0)
        brute[total] = brute.get(total, 0) + Fraction(1, 36)
    assert outcomes(rule) == Dist(brute)


class Race(Game):
    """A toy game: two players take turns rolling, three rolls each; more
    successes wins.  Each roll is a choice of a safe or a risky contest.
    State: (successes of 0, successes of 1, whose turn, rolls left)."""

    name = "test"

    def decision(self, s):
        if s[3] == 0:
            return None
        return Decision(s[2], ("safe", "risky"), REF)

    def resolve(self, s, action, chance):
        who = s[2]
        ok = chance.roll(contest(1, 0) if action == "safe" else contest(3, 1))
        score = list(s[:2])
        score[who] += ok
        return Step((score[0], score[1], 1 - who, s[3] - 1), (event(REF, f"{who} {action}: {ok}"),))

    def result(self, s):
        return None if s[0] == s[1] else int(s[1] > s[0])


def test_stepper_undo_and_replay_are_exact():
    game = Race()
    st = Stepper(game, (0, 0, 0, 6), seed=5, policies=RandomPolicy())
    st.run()
    log = st.log()
    again = Stepper.replay(game, (0, 0, 0, 6), 5, st.actions)
    assert again.log() == log and again.state == st.state
    # undo three steps, then play on: the same seed gives the same continuation
    end = st.state
    for _ in range(3):
        st.undo()
    st.run()
    assert st.state == end and st.log() == log


def test_stepper_illegal_action_leaves_state():
    st = Stepper(Race(), (0, 0, 0, 6), seed=1)
    with pytest.raises(IllegalAction) as err:
        st.step("cheat")
    assert err.value.rule == REF and st.history == []


def test_analyzer_against_sampler():
    game, start = Race(), (0, 0, 0, 6)
    exact = Analyzer(game, RandomPolicy()).outcome(start)
    assert sum(p for _, p in exact.items()) == 1
    n = 4000
    counts = sample_results(game, start, RandomPolicy(), n, seed=3)
    for result in (0, None, 1):  # tolerance: 4 standard errors
        p = float(exact[result])
        assert abs(counts.get(result, 0) / n - p) < 4 * (p * (1 - p) / n) ** 0.5


def test_simulate_matches_stepper_path():
    game, start = Race(), (0, 0, 0, 6)
    play = simulate(game, start, RandomPolicy(), seed=9, keep_events=True)
    st = Stepper(game, start, seed=9, policies=RandomPolicy())
    st.run()
    assert play.state == st.state and play.events == [e for entry in st.history for e in entry.events]


class AlwaysSafe(DeterministicPolicy):
    def pick(self, game, state, decision):
        return "safe"


def test_deterministic_policy_and_options():
    an = Analyzer(Race(), AlwaysSafe())
    opts = an.options((0, 0, 0, 6))
    assert set(opts) == {"safe", "risky"}
    for dist in opts.values():
        assert sum(p for _, p in dist.items()) == 1


def test_the_analyzer_says_what_its_memo_already_knows():
    """``knows``: the memo holds a state's outcome; ``knows_options``: every option's
    next states are held, so the options' distributions are mixed from the memo
    (the conflict lab's test shows a policy that leaves an option unknown)."""
    start = (0, 0, 0, 6)
    fresh = Analyzer(Race(), RandomPolicy())
    assert not fresh.knows(start) and not fresh.knows_options(start)
    fresh.outcome(start)
    assert fresh.knows(start) and fresh.knows_options(start)
    memo = dict(fresh.memo)
    assert fresh.options(start) == Analyzer(Race(), RandomPolicy()).options(start) and fresh.memo == memo
    later = (1, 0, 1, 5)
    assert fresh.knows(later) and not fresh.knows((0, 0, 0, 7))  # reached on the way; never reached


def test_analyzer_refuses_cycles():
    class Loop(Race):
        def resolve(self, s, action, chance):
            return Step(s, ())

    with pytest.raises(ValueError, match="cycle"):
        Analyzer(Loop(), AlwaysSafe()).outcome((0, 0, 0, 6))


def test_replayed_stepper_can_be_continued_by_the_policies():
    """Replay from the action log, then let the policies play on: same game."""
    game, start = Race(), (0, 0, 0, 6)
    a = Stepper(game, start, seed=4, policies=RandomPolicy())
    a.run(max_steps=3)
    b = Stepper.replay(game, start, 4, a.actions, RandomPolicy())
    a.run()
    b.run()
    assert a.log() == b.log() and a.state == b.state


class RelativeRace(Race):
    """The race analysed relative to each state: play from a state depends only on whose
    turn it is and the rolls left; the score so far only decides the result, so the
    outcome relative to a state is the lead (0's successes minus 1's) gained from there."""

    def memo_key(self, s):
        return s[2], s[3]

    def relative_result(self, s):
        return 0

    def carry(self, before, after):
        gained = (after[0] - after[1]) - (before[0] - before[1])
        return (lambda lead: lead + gained) if gained else None

    def absolute_result(self, s, lead):
        lead += s[0] - s[1]
        return None if lead == 0 else int(lead < 0)


class RiskyWhenBehind(DeterministicPolicy):
    """Reads the score: risky when behind, safe otherwise."""

    def pick(self, game, s, decision):
        mine, theirs = s[decision.player], s[1 - decision.player]
        return "risky" if mine < theirs else "safe"


class RiskyWhenBehindKeyed(RiskyWhenBehind):
    def memo_key(self, game, s):
        return s[0] - s[1]  # all it reads beyond the game's key


@pytest.mark.parametrize("policy", [RandomPolicy(), AlwaysSafe(), RiskyWhenBehind(), RiskyWhenBehindKeyed()])
def test_relative_outcomes_give_the_same_distribution(policy):
    """Game.memo_key and relative outcomes: the analyzer's answer is unchanged (same
    fractions, same order), from the start and from states part-way."""
    plain, relative = Analyzer(Race(), policy), Analyzer(RelativeRace(), policy)
    for start in [(0, 0, 0, 6), (2, 0, 1, 3), (1, 3, 0, 4)]:
        assert list(relative.outcome(start).items()) == list(plain.outcome(start).items())
        assert relative.options(start) == plain.options(start)


def test_memo_keys_shrink_the_memo_only_as_far_as_policies_allow():
    """A policy's memo key: one that reads nothing (random) or says what it reads lets
    states share memo entries; one that does not say keeps the whole state in the key."""
    start = (0, 0, 0, 6)
    size = {}
    for policy in (RandomPolicy(), RiskyWhenBehind(), RiskyWhenBehindKeyed()):
        analyzer = Analyzer(RelativeRace(), policy)
        analyzer.outcome(start)
        size[policy] = len(analyzer.memo)
    random_, unkeyed, keyed = size.values()
    assert random_ == 7  # one entry per number of rolls left (whose turn follows from it)
    assert keyed < unkeyed
    plain = Analyzer(Race(), RiskyWhenBehind())
    plain.outcome(start)
    assert unkeyed == len(plain.memo)


def test_playing_runs_the_cycle_collector_less_often_and_puts_it_back():
    """The sampler raises the youngest collection's threshold while it plays and
    restores the thresholds after, also when the game raises; a threshold already
    higher, or the collector switched off, is left alone."""
    import gc

    from explorer.core.sampler import PLAYING_GEN0, few_collections

    before = gc.get_threshold()
    seen = []

    class Watch(DeterministicPolicy):
        def pick(self, game, state, decision):
            seen.append(gc.get_threshold()[0])
            return decision.options[0]

    simulate(Race(), (0, 0, 0, 6), Watch(), seed=1)
    assert seen and set(seen) == {max(PLAYING_GEN0, before[0])}
    assert gc.get_threshold() == before
    with pytest.raises(ZeroDivisionError), few_collections():
        1 / 0
    assert gc.get_threshold() == before
    try:
        gc.set_threshold(0)
        with few_collections():
            assert gc.get_threshold()[0] == 0
    finally:
        gc.set_threshold(*before)


def test_playing_freezes_the_objects_alive_before_and_thaws_them_after():
    """While a game is played the objects alive before it are frozen (the game's
    collections do not walk them), and thawed after, also when the game raises;
    objects frozen by someone else stay frozen."""
    import gc

    from explorer.core.sampler import few_collections

    seen = []

    class Watch(DeterministicPolicy):
        def pick(self, game, state, decision):
            seen.append(gc.get_freeze_count())
            return decision.options[0]

    assert gc.get_freeze_count() == 0
    simulate(Race(), (0, 0, 0, 6), Watch(), seed=1)
    assert seen and min(seen) > 0
    assert gc.get_freeze_count() == 0
    with pytest.raises(ZeroDivisionError), few_collections():
        assert gc.get_freeze_count() > 0
        1 / 0
    assert gc.get_freeze_count() == 0
    try:
        gc.freeze()
        mine = gc.get_freeze_count()
        with few_collections():
            pass
        # still frozen, nothing more frozen: frozen objects that die meanwhile leave the count
        # (another thread's, pytest's), so it may fall a little, never to zero, never above
        assert 0 < gc.get_freeze_count() <= mine
    finally:
        gc.unfreeze()


def test_a_deterministic_policy_is_not_asked_to_pick_its_only_option():
    """simulate does not ask a deterministic policy at a choice of one option (a third
    of the Victorian game's choices): the game ends as when it is asked at every one."""
    from explorer.core.protocol import Policy
    from explorer.victorian.bots import GreedyBot
    from explorer.victorian.game import VictorianGame

    class Counting(GreedyBot):
        def __init__(self):
            self.asked = 0

        def pick(self, game, view, decision):
            assert len(decision.options) > 1
            self.asked += 1
            return super().pick(game, view, decision)

    class Asked(Policy):  # not a DeterministicPolicy: asked at every choice
        def __init__(self):
            self.bot, self.asked = GreedyBot(), 0

        def choose(self, game, view, decision, rng):
            self.asked += 1
            return self.bot.pick(game, view, decision)

    game = VictorianGame()
    for seed in ("one option 1", "one option 2"):
        quick = {"heroes": Counting(), "villains": Counting()}
        every = {"heroes": Asked(), "villains": Asked()}
        a = simulate(game, game.new_game(), quick, seed)
        b = simulate(game, game.new_game(), every, seed)
        assert a.state == b.state and a.steps == b.steps
        assert 0 < sum(p.asked for p in quick.values()) < sum(p.asked for p in every.values())
