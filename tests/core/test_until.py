"""explorer.core.until: a game's own rules, cut short."""

from __future__ import annotations

from fractions import Fraction

from explorer.core.dist import d6
from explorer.core.engine import Analyzer, Decision, Game, RandomPolicy, Step, simulate
from explorer.core.until import Until


class Race(Game):
    name = "race"

    def decision(self, n):
        return None if n >= 10 else Decision(None, ("roll",), None)

    def resolve(self, n, action, chance):
        return Step(n + chance.roll(d6), ())

    def result(self, n):
        return "done" if n >= 10 else None

    data = "the game's own data"


def test_play_stops_when_the_condition_holds_and_the_value_is_the_result():
    """The analyzer enumerates the game's rules until done(state)."""
    first_two = Until(Race(), done=lambda n: n >= 2, value=lambda n: min(n, 2))
    dist = Analyzer(first_two, RandomPolicy()).outcome(0)
    assert dist == Analyzer(first_two, RandomPolicy()).outcome(0) and dist.prob(2) == 1
    over_six = Until(Race(), done=lambda n: n > 6, value=lambda n: n)
    assert Analyzer(over_six, RandomPolicy()).outcome(6).prob(lambda n: n == 12) == Fraction(1, 6)


def test_the_game_ending_first_also_ends_play():
    """A game that ends before the condition ends the cut-short game too, with value(state)."""
    never = Until(Race(), done=lambda n: False, value=lambda n: "ended")
    assert simulate(never, 0, RandomPolicy(), seed=1).result == "ended"


def test_everything_else_is_the_games():
    """Policies read the game's data through the wrapper."""
    assert Until(Race(), done=lambda n: False, value=lambda n: n).data == "the game's own data"


def test_the_analyzer_asks_the_game_s_own_next_state():
    """A game whose next_state skips its events (nobody reads them in an analysis) keeps
    that saving cut short: the wrapper hands next_state to the game, not to resolve."""
    class Quiet(Race):
        resolved = 0

        def resolve(self, n, action, chance):
            Quiet.resolved += 1
            return super().resolve(n, action, chance)

        def next_state(self, n, action, chance):
            return n + chance.roll(d6)

    cut = Until(Quiet(), done=lambda n: n > 6, value=lambda n: n)
    assert Analyzer(cut, RandomPolicy()).outcome(0) == Analyzer(Until(Race(), cut.done, cut.value),
                                                                RandomPolicy()).outcome(0)
    assert Quiet.resolved == 0
