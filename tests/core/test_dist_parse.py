"""Dice expressions a player types (explorer.core.dist.parse): exact against a
brute-force count of every roll and against seeded sampling; a malformed or too
big expression is refused with a message saying where."""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter
from fractions import Fraction

import pytest

from explorer.core.dice_expr import HIGHER, LOWER, TIE, DiceExpressionError, read
from explorer.core.dist import Dist, best_of, dice, parse


def brute(groups, combine) -> Dist:
    """Every ordered roll of the dice groups ``[(count, sides), ...]``, each
    equally likely; ``combine(list of each group's faces)`` is the outcome."""
    faces = [itertools.product(range(1, s + 1), repeat=n) for n, s in groups]
    counts = Counter(combine([list(f) for f in roll]) for roll in itertools.product(*faces))
    total = sum(counts.values())
    return Dist({o: Fraction(c, total) for o, c in counts.items()})


def keep(faces, k, highest=True):
    return sum(sorted(faces, reverse=highest)[:k])


def compare(a: int, b: int) -> str:
    return HIGHER if a > b else TIE if a == b else LOWER


BRUTE = {
    "2d6+3": ([(2, 6)], lambda g: sum(g[0]) + 3),
    "d20-2": ([(1, 20)], lambda g: g[0][0] - 2),
    "4d6kh3": ([(4, 6)], lambda g: keep(g[0], 3)),
    "4d6dl1": ([(4, 6)], lambda g: keep(g[0], 3)),
    "highest of 2d6": ([(2, 6)], lambda g: max(g[0])),
    "2d6kh1": ([(2, 6)], lambda g: max(g[0])),
    "lowest of 3d8": ([(3, 8)], lambda g: min(g[0])),
    "5d4kl2": ([(5, 4)], lambda g: keep(g[0], 2, highest=False)),
    "4d6dh1": ([(4, 6)], lambda g: keep(g[0], 3, highest=False)),
    "highest 2 of 3d10": ([(3, 10)], lambda g: keep(g[0], 2)),
    "2d6 - d4 + 1": ([(2, 6), (1, 4)], lambda g: sum(g[0]) - g[1][0] + 1),
    "-d6 + 10": ([(1, 6)], lambda g: 10 - g[0][0]),
    "3d6 vs 2d6": ([(3, 6), (2, 6)], lambda g: compare(sum(g[0]), sum(g[1]))),
    "d20+5 against d20+3": ([(1, 20), (1, 20)], lambda g: compare(g[0][0] + 5, g[1][0] + 3)),
    "highest of 2d6 versus d6+1": ([(2, 6), (1, 6)], lambda g: compare(max(g[0]), g[1][0] + 1)),
    "2D6+D6": ([(2, 6), (1, 6)], lambda g: sum(g[0]) + g[1][0]),
    "7": ([], lambda g: 7),
}


@pytest.mark.parametrize("text", sorted(BRUTE))
def test_every_expression_matches_a_count_of_every_roll(text):
    groups, combine = BRUTE[text]
    got = parse(text)
    assert got == brute(groups, combine)
    assert sum(p for _, p in got.items()) == 1
    assert all(isinstance(p, Fraction) and p > 0 for _, p in got.items())


def test_totals_come_in_increasing_order_and_agree_with_the_dice_helpers():
    assert parse("2d6") == dice(2)
    assert parse("highest of 3d6") == best_of(3)
    assert list(parse("3d6-2").outcomes) == sorted(parse("3d6-2").outcomes)
    assert parse("3d6 vs 2d6").outcomes == (HIGHER, TIE, LOWER)


@pytest.mark.parametrize("text", ["4d6kh3", "3d6 vs 2d6", "2d10+d4-3"])
def test_seeded_sampling_agrees(text):
    """The same expression rolled 20,000 times with a seeded RNG, independently of
    the parser: each outcome's share lies within 4 standard errors of its chance."""
    rng = random.Random(17)
    n = 20_000

    def roll() -> object:
        if text == "4d6kh3":
            return keep([rng.randint(1, 6) for _ in range(4)], 3)
        if text == "3d6 vs 2d6":
            return compare(sum(rng.randint(1, 6) for _ in range(3)), sum(rng.randint(1, 6) for _ in range(2)))
        return rng.randint(1, 10) + rng.randint(1, 10) + rng.randint(1, 4) - 3

    seen = Counter(roll() for _ in range(n))
    exact = parse(text)
    assert set(seen) <= set(exact.outcomes)
    for outcome, p in exact.items():
        sd = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(seen[outcome] / n - float(p)) <= 4 * sd + 1e-9, outcome


MALFORMED = [
    ("", 1, "expected a dice expression such as 2d6+3"),
    ("2d", 3, "expected the number of sides after 'd'"),
    ("2d6+", 5, "expected a number or dice such as 2d6 after '+'"),
    ("2x6", 2, "unexpected 'x'"),
    ("2d6 3", 5, "expected '+', '-', 'vs' or the end"),
    ("(2d6)", 1, "unexpected '('"),
    ("2d6 vs 3d6 vs d4", 12, "expected '+', '-' or the end"),
    ("highest 2d6", 10, "expected 'of' after 'highest'"),
    ("highest of 3", 13, "expected dice such as 2d6 after 'highest of'"),
    ("highest of 4d6kh3", 12, "'highest of' takes plain dice such as 2d6, not 4d6kh3"),
    ("4d6kh5", 4, "cannot keep 5 of 4 dice"),
    ("4d6dl4", 4, "cannot drop 4 of 4 dice"),
    ("0d6", 1, "roll at least one die"),
    ("d0", 2, "the number of sides after 'd' must be at least 1"),
    ("3d6 vs", 7, "expected a number or dice such as 2d6 after 'vs'"),
    ("-", 2, "expected a number or dice such as 2d6 after the sign"),
    ("9999999999", 1, "numbers go up to 1000000"),
]


@pytest.mark.parametrize("text,column,problem", MALFORMED)
def test_a_malformed_expression_says_where_and_what_was_expected(text, column, problem):
    with pytest.raises(DiceExpressionError) as caught:
        parse(text)
    e = caught.value
    assert isinstance(e, ValueError)
    assert (e.problem, e.column) == (problem, column)
    first, shown, caret = str(e).split("\n")
    assert first == f"{problem} at column {column}"
    assert shown == f"  {text}"
    assert caret == "  " + " " * (column - 1) + "^"


@pytest.mark.parametrize("text,column,problem", [
    ("1000d6", 1, "at most 100 dice in one roll"),
    ("d2000", 2, "a die has at most 1000 sides"),
    ("100d100+100d100", 1, "too big to count exactly here"),
    ("100d6kh50", 1, "too big to count exactly here"),
])
def test_a_huge_expression_is_refused_with_the_reason_not_computed(text, column, problem):
    start = time.perf_counter()
    with pytest.raises(DiceExpressionError) as caught:
        parse(text)
    assert time.perf_counter() - start < 0.5
    assert caught.value.column == column and caught.value.problem.startswith(problem)


def test_a_long_expression_is_refused():
    with pytest.raises(DiceExpressionError, match="at most 200 characters"):
        parse("+".join(["1"] * 150))


@pytest.mark.parametrize("text", ["100d100", "10d100kh6", "d1000+d1000+d1000"])
def test_the_largest_allowed_expressions_count_quickly(text):
    start = time.perf_counter()
    got = parse(text)
    assert time.perf_counter() - start < 10
    assert sum(p for _, p in got.items()) == 1


def test_the_expression_is_written_back_in_one_form():
    assert str(read("highest of 2d6")) == "2d6kh1"
    assert str(read("4d6 dl1 + 2")) == "4d6kh3+2"
    assert str(read("d20 against d20 - 2")) == "1d20 vs 1d20-2"


def test_the_bound_holds_for_the_whole_expression_not_each_side():
    """Each side of a comparison may be allowed alone and still be too much together."""
    parse("d1000+d1000+d1000")
    with pytest.raises(DiceExpressionError) as caught:
        parse("d1000+d1000+d1000 vs d1000+d1000+d1000")
    assert caught.value.problem.startswith("too big to count exactly here") and caught.value.column == 22
