"""The search bot (information-set MCTS): plays a solved game right, reads only
what its seat sees, and gives the same answer for the same seed."""

import random
from typing import NamedTuple

import pytest

from explorer.core.engine import Decision, Game, RandomPolicy, Step
from explorer.core.search import SearchBot


def won(result, player) -> float:
    return float(result == player)


class Nim(Game):
    """Take 1 or 2 of n sticks; who takes the last one wins."""

    def decision(self, s):
        n, p = s
        return None if n == 0 else Decision(p, tuple(t for t in (1, 2) if t <= n), None)

    def resolve(self, s, take, chance):
        return Step((s[0] - take, 1 - s[1]), ())

    def result(self, s):
        return None if s[0] else 1 - s[1]


@pytest.mark.parametrize("sticks, best", [(4, 1), (5, 2), (7, 1), (8, 2)])
def test_search_finds_the_winning_move_of_nim(sticks, best):
    bot = SearchBot(playouts=600, rollout=RandomPolicy(), reward=won)
    report = bot.search(Nim(), (sticks, 0), Nim().decision((sticks, 0)), random.Random(0))
    assert report.choice == best
    assert report.value > 0.75
    assert sum(o.visits for o in report.options) == 600


def test_a_lost_position_is_valued_low():
    bot = SearchBot(playouts=600, rollout=RandomPolicy(), reward=won)
    report = bot.search(Nim(), (6, 0), Nim().decision((6, 0)), random.Random(0))
    assert report.value < 0.4


class Hidden(NamedTuple):
    mine: int        # seat 0's card, which seat 0 sees
    theirs: int      # seat 1's card, hidden from seat 0 (-1 in the view)
    bet: int = -1


class HighCard(Game):
    """Seat 0 bets 0 (fold: wins one time in four) or 1 (play: wins when its card
    is higher than the hidden one).  Cards 1..5, one of each."""

    def decision(self, s):
        return None if s.bet >= 0 else Decision(0, (0, 1), None)

    def resolve(self, s, bet, chance):
        return Step(s._replace(bet=bet), ())

    def result(self, s):
        return None if s.bet < 0 else ("fold" if s.bet == 0 else s.mine > s.theirs)

    def observe(self, s, player):
        return s._replace(theirs=-1)

    def determinize(self, view, player, rng):
        return view._replace(theirs=rng.choice([c for c in range(1, 6) if c != view.mine]))


def payoff(result, player) -> float:
    return 0.25 if result == "fold" else float(result)


def test_the_bot_never_reads_what_its_seat_cannot_see():
    """Two states that differ only in the hidden card, seen alike: same choice, same value."""
    game = HighCard()
    bot = SearchBot(playouts=300, rollout=RandomPolicy(), reward=payoff)
    a, b = Hidden(4, 5), Hidden(4, 1)
    assert game.observe(a, 0) == game.observe(b, 0)
    ra = bot.search(game, game.observe(a, 0), game.decision(a), random.Random(7))
    rb = bot.search(game, game.observe(b, 0), game.decision(b), random.Random(7))
    assert ra == rb
    assert ra.choice == 1                       # 3 in 4 to win against 1 in 4 folding
    assert abs(ra.value - 0.75) < 0.1


def test_a_game_that_hides_without_determinize_is_refused():
    class Secret(Nim):
        def observe(self, s, player):
            return s
    with pytest.raises(NotImplementedError, match="determinize"):
        Secret().determinize((3, 0), 0, random.Random(0))
    assert Nim().determinize((3, 0), 0, random.Random(0)) == (3, 0)


def test_bad_budget_and_exact_analysis_are_refused():
    with pytest.raises(ValueError, match="at least one playout"):
        SearchBot(0, rollout=RandomPolicy(), reward=won)
    bot = SearchBot(10, rollout=RandomPolicy(), reward=won)
    with pytest.raises(TypeError, match="no exact distribution"):
        bot.distribution(Nim(), (3, 0), Nim().decision((3, 0)))


def test_a_long_rollout_is_cut_and_evaluated():
    bot = SearchBot(50, rollout=RandomPolicy(), reward=won, max_steps=0, evaluate=lambda g, s, p: 0.3)
    report = bot.search(Nim(), (20, 0), Nim().decision((20, 0)), random.Random(0))
    assert all(abs(o.value - 0.3) < 1e-9 for o in report.options)


def test_same_seed_same_report():
    bot = SearchBot(200, rollout=RandomPolicy(), reward=won)
    runs = [bot.search(Nim(), (9, 0), Nim().decision((9, 0)), random.Random(3)) for _ in range(2)]
    assert runs[0] == runs[1]


def test_a_victorian_world_agrees_with_the_view_it_was_dealt_from():
    """Rulebook "Hands": the opponent's hand is hidden; a dealt world keeps the view."""
    from explorer.victorian.game import setup

    game, state = setup(seed=4)
    view = game.observe(state, "heroes")
    world = game.determinize(view, "heroes", random.Random(1))
    assert game.observe(world, "heroes") == view
    assert len(world.sides[1].hand) == len(state.sides[1].hand)


class TakeOne(RandomPolicy):
    """A Nim player who always takes one stick."""

    def choose(self, game, state, decision, rng):
        return 1


def test_own_tree_plays_against_the_rollout_policy_of_the_others():
    """Six sticks is lost against a perfect player, but won against one who always takes one:
    with ``own_tree`` the other seat plays its rollout policy, and the bot exploits it."""
    rollout = {0: RandomPolicy(), 1: TakeOne()}
    bot = SearchBot(600, rollout=rollout, reward=won, own_tree=True)
    report = bot.search(Nim(), (6, 0), Nim().decision((6, 0)), random.Random(0))
    assert report.value > 0.9
    full = SearchBot(600, rollout=RandomPolicy(), reward=won).search(Nim(), (6, 0), Nim().decision((6, 0)),
                                                                     random.Random(0))
    assert full.value < 0.4


def test_epsilon_and_unseen_rollouts_stay_seeded():
    bot = SearchBot(100, rollout=TakeOne(), reward=won, epsilon=0.5, seen=False)
    runs = [bot.search(Nim(), (9, 0), Nim().decision((9, 0)), random.Random(5)) for _ in range(2)]
    assert runs[0] == runs[1]


def test_a_prior_choice_is_kept_unless_beaten_by_the_margin():
    """Nim from four sticks: taking one wins; a prior that takes two is kept only
    while the margin hides how much better taking one is."""
    class TakeTwo(RandomPolicy):
        def choose(self, game, state, decision, rng):
            return 2
    kept = SearchBot(300, rollout=RandomPolicy(), reward=won, prior=TakeTwo(), margin=1.0)
    report = kept.search(Nim(), (4, 0), Nim().decision((4, 0)), random.Random(0))
    assert report.choice == 2 and report.value == next(o.value for o in report.options if o.option == 2)
    beaten = SearchBot(300, rollout=RandomPolicy(), reward=won, prior=TakeTwo(), margin=0.1)
    assert beaten.search(Nim(), (4, 0), Nim().decision((4, 0)), random.Random(0)).choice == 1


def test_a_calibration_scales_the_values_reported_not_the_choice():
    """Platt's scaling turns the values as searched into chances to win: the
    choice and the visits are the search's own, every value is scaled."""
    from explorer.core.search import calibrated

    plain = SearchBot(300, rollout=RandomPolicy(), reward=won)
    scaled = SearchBot(300, rollout=RandomPolicy(), reward=won, calibration=(1.0, 0.9))
    a = plain.search(Nim(), (5, 0), Nim().decision((5, 0)), random.Random(3))
    b = scaled.search(Nim(), (5, 0), Nim().decision((5, 0)), random.Random(3))
    assert b.choice == a.choice and [o.visits for o in b.options] == [o.visits for o in a.options]
    assert b.value == calibrated(a.value, (1.0, 0.9)) > a.value
    assert [o.value for o in b.options] == [calibrated(o.value, (1.0, 0.9)) for o in a.options]
    by_seat = SearchBot(300, rollout=RandomPolicy(), reward=won, calibration=lambda game, view, seat: (1.0, 0.9))
    assert by_seat.search(Nim(), (5, 0), Nim().decision((5, 0)), random.Random(3)) == b
    assert calibrated(1.0, (1.0, 0.9)) < 1 and calibrated(0.0, (1.0, 0.0)) == pytest.approx(0.005)  # a sure value stays finite


class Bet(NamedTuple):
    pick: str = ""
    roll: int = 0


class DieBet(Game):
    """Seat 0 bets on one roll of a die: "risky" wins on 4 or more, "safe" on 3 or more."""

    def decision(self, s):
        return None if s.pick else Decision(0, ("risky", "safe"), None)

    def resolve(self, s, pick, chance):
        from explorer.core.dist import Dist
        return Step(Bet(pick, chance.roll(Dist.uniform(range(1, 7)))), ())

    def result(self, s):
        return None if not s.pick else s.roll >= (4 if s.pick == "risky" else 3)


def test_paired_options_are_compared_on_the_same_luck():
    """Common random numbers: each world rolls the same die for both bets, so the
    safe bet never does worse than the risky one in any world and is chosen every time."""
    bot = SearchBot(120, rollout=RandomPolicy(), reward=lambda r, p: float(r), paired=True)
    for seed in range(20):
        report = bot.search(DieBet(), Bet(), DieBet().decision(Bet()), random.Random(seed))
        assert report.choice == "safe"
        values = {o.option: o.value for o in report.options}
        assert values["safe"] >= values["risky"]
        assert report.playouts == 120 and all(o.visits == 60 for o in report.options)


def test_paired_search_gives_up_the_prior_only_for_a_sure_lead():
    """The prior's bet stands unless the other leads it by more than ``margin`` plus
    ``sureness`` standard errors of the world-by-world difference."""
    class Risky(RandomPolicy):
        def choose(self, game, state, decision, rng):
            return "risky"
    game, start = DieBet(), Bet()
    sure = SearchBot(120, rollout=RandomPolicy(), reward=lambda r, p: float(r), paired=True, prior=Risky(), sureness=1.0)
    assert sure.search(game, start, game.decision(start), random.Random(0)).choice == "safe"
    doubtful = SearchBot(120, rollout=RandomPolicy(), reward=lambda r, p: float(r), paired=True, prior=Risky(),
                         sureness=100.0)
    assert doubtful.search(game, start, game.decision(start), random.Random(0)).choice == "risky"
    wide = SearchBot(120, rollout=RandomPolicy(), reward=lambda r, p: float(r), paired=True, prior=Risky(), margin=0.5)
    assert wide.search(game, start, game.decision(start), random.Random(0)).choice == "risky"


def test_paired_search_reads_only_what_its_seat_sees_and_repeats_with_its_seed():
    game = HighCard()
    bot = SearchBot(300, rollout=RandomPolicy(), reward=payoff, paired=True)
    a, b = Hidden(4, 5), Hidden(4, 1)
    ra = bot.search(game, game.observe(a, 0), game.decision(a), random.Random(7))
    rb = bot.search(game, game.observe(b, 0), game.decision(b), random.Random(7))
    assert ra == rb and ra.choice == 1 and abs(ra.value - 0.75) < 0.1
    nim = SearchBot(200, rollout=RandomPolicy(), reward=won, paired=True)
    runs = [nim.search(Nim(), (9, 0), Nim().decision((9, 0)), random.Random(3)) for _ in range(2)]
    assert runs[0] == runs[1]
