"""The exact distribution type and dice helpers (explorer.core.dist)."""

import math
import random
from fractions import Fraction

import pytest

from explorer.core.dist import Dist, against_target, best_of, contest, d6, dice, die, table


def test_probabilities_sum_to_exactly_one():
    for dist in (d6, dice(2), dice(3), best_of(2), contest(2, 1), d6 - d6):
        assert sum(p for _, p in dist.items()) == 1
        assert all(isinstance(p, Fraction) for _, p in dist.items())


def test_construction_checks_and_merges():
    assert Dist([("a", Fraction(1, 2)), ("a", Fraction(1, 2))]) == Dist.certain("a")
    with pytest.raises(ValueError, match="sum to"):
        Dist({"a": Fraction(1, 3)})
    with pytest.raises(ValueError, match="negative"):
        Dist({"a": Fraction(-1), "b": Fraction(2)})
    assert Dist({"a": 1, "b": 3}, normalize=True)["b"] == Fraction(3, 4)


def test_dice_sums_match_counting():
    two = dice(2)
    for total in range(2, 13):
        ways = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == total)
        assert two[total] == Fraction(ways, 36)


def test_contests_say_who_takes_ties():
    """The core takes no game's side on ties: the caller says who takes them."""
    assert contest(0, 0).prob(True) == Fraction(15, 36)  # ties to the rival: strictly higher
    assert contest(0, 0, ties="roller").prob(True) == Fraction(21, 36)  # equal or greater
    assert against_target(2, 8).prob(True) == 0  # 6 + 2 = 8 is not above 8
    assert against_target(2, 8, ties="roller").prob(True) == Fraction(1, 6)
    assert against_target(3, 8).prob(True) == Fraction(1, 6)
    with pytest.raises(ValueError, match="ties"):
        contest(0, 0, ties="attacker")


def test_doom_asylum_beats_is_strict():
    """Mental Attack / Tactical Maneuvers: to 'beat' is to roll a strictly higher total."""
    from explorer.asylum.combat import beats, beats_target

    assert beats(0, 0).prob(True) == Fraction(15, 36)
    assert beats_target(2, 8).prob(True) == 0  # 6 + 2 = 8 does not beat 8
    assert beats_target(3, 8).prob(True) == Fraction(1, 6)


def test_map_bind_given_join():
    assert (d6 + 1).support == (2, 3, 4, 5, 6, 7)
    assert d6.map(lambda x: x % 2 == 0).prob(True) == Fraction(1, 2)
    assert d6.bind(lambda x: Dist.certain(x > 4)).prob(True) == Fraction(1, 3)
    assert d6.given(lambda x: x > 3) == Dist.uniform([4, 5, 6])
    with pytest.raises(ValueError):
        d6.given(lambda x: x > 6)
    assert d6.join(d6, max) == best_of(2)
    assert d6.expectation() == Fraction(7, 2)


def test_mix_of_distributions():
    m = Dist.mix([(Fraction(1, 2), Dist.certain("x")), (Fraction(1, 2), Dist.uniform("xy"))])
    assert m["x"] == Fraction(3, 4) and m["y"] == Fraction(1, 4)


def test_table_bands():
    t = table(dice(2), [(2, 6, "low"), (7, 7, "seven"), (8, 12, "high")])
    assert t["seven"] == Fraction(1, 6)
    assert t["low"] == t["high"] == Fraction(15, 36)
    with pytest.raises(ValueError, match="falls in 0 bands"):
        table(d6, [(1, 5, "x")])


def test_cdf_and_difference():
    diff = d6 - d6
    assert diff[0] == Fraction(1, 6)
    assert diff.cdf()[-1] == (5, 1)


def test_sampling_is_seeded_and_faithful():
    a = [dice(2).sample(random.Random(7)) for _ in range(3)]
    b = [dice(2).sample(random.Random(7)) for _ in range(3)]
    assert a == b
    rng = random.Random(1)
    n = 60_000
    counts = {}
    for _ in range(n):
        x = dice(2).sample(rng)
        counts[x] = counts.get(x, 0) + 1
    for total, p in dice(2).items():
        sd = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(counts[total] / n - float(p)) < 4.5 * sd


def test_a_draw_is_the_outcome_rng_randrange_picks():
    """A draw is one rng.randrange over the common denominator, whatever way it is made."""
    for dist in (d6, dice(2), contest(2, 1), Dist.uniform("abcdefg"), Dist({"x": Fraction(2, 3), "y": Fraction(1, 3)})):
        cum, den = [], 1
        for _, p in dist.items():
            den = math.lcm(den, p.denominator)
        acc = 0
        for _, p in dist.items():
            acc += p.numerator * (den // p.denominator)
            cum.append(acc)
        drawn, mine = random.Random(3), random.Random(3)
        for _ in range(200):
            r = mine.randrange(den)
            assert dist.sample(drawn) == dist.outcomes[next(i for i, c in enumerate(cum) if r < c)]


def test_die_rejects_nonsense():
    with pytest.raises(ValueError):
        die(0)
    with pytest.raises(ValueError):
        dice(-1)
