"""Dice expressions a player types ("2d6+3", "4d6kh3", "3d6 vs 2d6"), read by a
small hand-written tokenizer and parser (nothing is ``eval``-ed) and counted
exactly as integer weights.

:func:`explorer.core.dist.parse` turns the weights into a
:class:`~explorer.core.dist.Dist`; this module stays free of it so that the
distribution module can offer ``parse`` without an import cycle.

The language:

* ``NdS`` rolls N dice of S sides and adds them (``d20`` is ``1d20``);
* ``NdSkhK`` keeps the K highest (``klK`` the K lowest, ``dlK`` drops the K lowest,
  ``dhK`` the K highest); ``highest of 2d6`` is ``2d6kh1``, ``highest 3 of 4d6`` is
  ``4d6kh3``, and ``lowest ...`` likewise;
* terms are added or taken away, numbers included (``d20-2``, ``2d6+d4+1``);
* ``A vs B`` compares two sums: is A higher, equal or lower? (``against`` and
  ``versus`` say the same.)

>>> e = read("highest of 2d6")
>>> str(e), e.weights()[6], e.total
('2d6kh1', 11, 36)
>>> read("3d6 vs 2d6").weights()
{'higher': 6054, 'tie': 540, 'lower': 1182}
>>> read("2d+3")
Traceback (most recent call last):
...
explorer.core.dice_expr.DiceExpressionError: expected the number of sides after 'd' at column 3
  2d+3
    ^
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from math import comb
from typing import NamedTuple

#: at most this many dice in one term (``100d6``)
MAX_DICE = 100
#: at most this many sides on a die (``d1000``)
MAX_SIDES = 1000
#: numbers written in an expression go up to this
MAX_NUMBER = 1_000_000
#: an expression is at most this long
MAX_LENGTH = 200
#: counting a whole expression exactly takes about this many steps at most (a second or two)
MAX_WORK = 4_000_000

#: the outcomes of a comparison, from the first side's view
HIGHER, TIE, LOWER = "higher", "tie", "lower"

#: words of the language, longest first so that "dl" wins over "d"
WORDS = {"highest": "HIGHEST", "lowest": "LOWEST", "against": "VS", "versus": "VS", "vs": "VS", "of": "OF",
         "kh": "KEEP", "kl": "KEEP", "dh": "KEEP", "dl": "KEEP", "k": "KEEP", "d": "D"}
SYMBOLS = {"+": "PLUS", "-": "MINUS", "−": "MINUS"}


class DiceExpressionError(ValueError):
    """A dice expression that cannot be read or is too big to count: the message
    says what was expected and where (the column, the text and a caret under it)."""

    def __init__(self, problem: str, text: str, column: int):
        self.problem, self.text, self.column = problem, text, column
        super().__init__(f"{problem} at column {column}\n  {text}\n  {' ' * (column - 1)}^")


class Token(NamedTuple):
    kind: str
    text: str
    column: int  # 1-based


def tokens(text: str) -> list[Token]:
    """The tokens of ``text``, ending with an ``END`` token."""
    out: list[Token] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch.isdigit():
            j = i
            while j < len(text) and text[j].isdigit():
                j += 1
            out.append(Token("NUM", text[i:j], i + 1))
            i = j
        elif ch in SYMBOLS:
            out.append(Token(SYMBOLS[ch], ch, i + 1))
            i += 1
        else:
            word = next((w for w in WORDS if text[i:i + len(w)].lower() == w), None)
            if word is None:
                raise DiceExpressionError(f"unexpected {ch!r}", text, i + 1)
            out.append(Token(WORDS[word], word, i + 1))
            i += len(word)
    out.append(Token("END", "", len(text) + 1))
    return out


# -- counted rolls: integer weights over consecutive totals ------------------------------------------

class Counts(NamedTuple):
    """``ways[i]`` ordered rolls give the total ``low + i``."""

    low: int
    ways: tuple[int, ...]

    def plus(self, other: Counts) -> Counts:
        out = [0] * (len(self.ways) + len(other.ways) - 1)
        for i, a in enumerate(self.ways):
            if a:
                for j, b in enumerate(other.ways):
                    out[i + j] += a * b
        return Counts(self.low + other.low, tuple(out))

    def negated(self) -> Counts:
        return Counts(-(self.low + len(self.ways) - 1), self.ways[::-1])


def sum_counts(n: int, sides: int) -> Counts:
    """N dice of S sides added: each die a running window over the last one."""
    ways = [1]
    for _ in range(n):
        acc, out = 0, []
        for i in range(len(ways) + sides - 1):
            acc += ways[i] if i < len(ways) else 0
            acc -= ways[i - sides] if i >= sides else 0
            out.append(acc)
        ways = out
    return Counts(n, tuple(ways))


def keep_highest_counts(n: int, sides: int, keep: int) -> Counts:
    """The K highest of N dice added, counted face by face from the top: how many
    dice show each face, each choice weighted by the ways to pick those dice."""
    result: dict[int, int] = {}
    states = {(0, 0): 1}  # (dice placed so far, total kept) -> ways; placed < keep
    for face in range(sides, 0, -1):
        nxt: dict[tuple[int, int], int] = {}
        for (placed, kept), w in states.items():
            for j in range(n - placed + 1):
                ways = w * comb(n - placed, j)
                got = placed + j
                total = kept + face * (min(got, keep) - placed)
                if got >= keep:  # the rest show lower faces and are not kept
                    rest = (face - 1) ** (n - got)
                    if rest:
                        result[total] = result.get(total, 0) + ways * rest
                else:
                    nxt[(got, total)] = nxt.get((got, total), 0) + ways
        states = nxt
    low = min(result)
    return Counts(low, tuple(result.get(t, 0) for t in range(low, max(result) + 1)))


# -- the parsed expression ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Dice:
    """``count`` dice of ``sides`` sides; ``keep`` = ("h"/"l", k) keeps the k
    highest or lowest (None: all of them)."""

    count: int
    sides: int
    keep: tuple[str, int] | None = None

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}" + (f"k{self.keep[0]}{self.keep[1]}" if self.keep else "")

    @property
    def span(self) -> int:
        k = self.keep[1] if self.keep else self.count
        return k * (self.sides - 1) + 1

    @property
    def work(self) -> int:
        if self.keep is None or self.keep[1] == self.count:
            return self.count * self.count * self.sides
        return self.count * self.keep[1] ** 2 * self.sides ** 2

    def counts(self) -> Counts:
        if self.keep is None or self.keep[1] == self.count:
            return sum_counts(self.count, self.sides)
        high = keep_highest_counts(self.count, self.sides, self.keep[1])
        if self.keep[0] == "h":
            return high
        # the k lowest are the k highest of the dice read upside down (face f as sides + 1 - f)
        flipped = high.negated()
        return Counts(flipped.low + self.keep[1] * (self.sides + 1), flipped.ways)


@dataclass(frozen=True)
class Total:
    """Terms added: ``(sign, Dice or int)`` pairs."""

    terms: tuple[tuple[int, Dice | int], ...]

    def __str__(self) -> str:
        out = ""
        for k, (sign, term) in enumerate(self.terms):
            op = "-" if sign < 0 else ("+" if k else "")
            out += f"{op}{term}"
        return out

    def counts(self) -> Counts:
        acc = Counts(0, (1,))
        for sign, term in self.terms:
            part = Counts(term, (1,)) if isinstance(term, int) else term.counts()
            acc = acc.plus(part if sign > 0 else part.negated())
        return acc


@dataclass(frozen=True)
class Expression:
    """A read dice expression: one total, or two compared (``right`` not None)."""

    left: Total
    right: Total | None = None

    def __str__(self) -> str:
        return str(self.left) if self.right is None else f"{self.left} vs {self.right}"

    @property
    def total(self) -> int:
        """The number of equally likely ordered rolls behind :meth:`weights`."""
        return sum(self._weights.values())

    def weights(self) -> dict:
        """Outcome -> number of ordered rolls giving it: totals in increasing order,
        or for a comparison ``higher``/``tie``/``lower`` (the first side's total
        against the second's)."""
        return dict(self._weights)

    @cached_property
    def _weights(self) -> dict:
        a = self.left.counts()
        if self.right is None:
            return {a.low + i: w for i, w in enumerate(a.ways) if w}
        b = self.right.counts()
        below, n_b = [0], sum(b.ways)
        for w in b.ways:
            below.append(below[-1] + w)
        out = {HIGHER: 0, TIE: 0, LOWER: 0}
        for i, w in enumerate(a.ways):
            x = a.low + i - b.low  # index of this total among b's totals
            under = below[max(0, min(x, len(b.ways)))]
            tie = b.ways[x] if 0 <= x < len(b.ways) else 0
            out[HIGHER] += w * under
            out[TIE] += w * tie
            out[LOWER] += w * (n_b - under - tie)
        return {k: v for k, v in out.items() if v}


class _Parser:
    """Recursive descent over :func:`tokens`; every refusal names its column."""

    def __init__(self, text: str):
        self.text = text
        self.toks = tokens(text)
        self.i = 0
        self.work = 0  # the counting steps of the sums read so far

    def peek(self) -> Token:
        return self.toks[self.i]

    def take(self) -> Token:
        tok = self.toks[self.i]
        self.i += 1
        return tok

    def fail(self, problem: str, tok: Token | None = None) -> DiceExpressionError:
        return DiceExpressionError(problem, self.text, (tok or self.peek()).column)

    def number(self, what: str, low: int = 1) -> tuple[int, Token]:
        tok = self.peek()
        if tok.kind != "NUM":
            raise self.fail(f"expected {what}")
        self.take()
        value = int(tok.text) if len(tok.text) <= 7 else MAX_NUMBER + 1
        if value > MAX_NUMBER:
            raise self.fail(f"numbers go up to {MAX_NUMBER}", tok)
        if value < low:
            raise self.fail(f"{what} must be at least {low}", tok)
        return value, tok

    def expression(self) -> Expression:
        if self.peek().kind == "END":
            raise self.fail("expected a dice expression such as 2d6+3")
        left = self.total()
        if self.peek().kind == "VS":
            self.take()
            right = self.total(after="'vs'")
            if self.peek().kind != "END":
                raise self.fail("expected '+', '-' or the end")
            return Expression(left, right)
        if self.peek().kind != "END":
            raise self.fail("expected '+', '-', 'vs' or the end")
        return Expression(left)

    def total(self, after: str = "") -> Total:
        sign = 1
        if self.peek().kind in ("PLUS", "MINUS"):
            sign = -1 if self.take().kind == "MINUS" else 1
            after = "the sign"
        start = self.peek()
        terms = [(sign, self.term(after))]
        while self.peek().kind in ("PLUS", "MINUS"):
            op = self.take()
            terms.append((-1 if op.kind == "MINUS" else 1, self.term(f"'{op.text}'")))
        span = 1
        for _, t in terms:
            if isinstance(t, Dice):
                self.work += t.work + span * t.span
                span += t.span - 1
        if self.work > MAX_WORK:
            raise self.fail(f"too big to count exactly here (about {self.work:,} steps; the limit is "
                            f"{MAX_WORK:,}): use fewer dice or fewer sides", start)
        return Total(tuple(terms))

    def term(self, after: str) -> Dice | int:
        tok = self.peek()
        if tok.kind in ("HIGHEST", "LOWEST"):
            return self.best_of()
        if tok.kind == "NUM":
            value, _ = self.number("a number", low=0)
            return self.dice(value, tok) if self.peek().kind == "D" else value
        if tok.kind == "D":
            return self.dice(1, tok)
        where = f" after {after}" if after else ""
        raise self.fail(f"expected a number or dice such as 2d6{where}")

    def best_of(self) -> Dice:
        word = self.take()
        keep = 1
        if self.peek().kind == "NUM":
            keep, _ = self.number("how many dice to keep")
        if self.peek().kind != "OF":
            raise self.fail(f"expected 'of' after '{word.text}'")
        self.take()
        start = self.peek()
        count = 1
        if start.kind == "NUM":
            count, _ = self.number("the number of dice")
        if self.peek().kind != "D":
            raise self.fail(f"expected dice such as 2d6 after '{word.text} of'")
        dice = self.dice(count, start)
        if dice.keep is not None:
            raise self.fail(f"'{word.text} of' takes plain dice such as 2d6, not {dice}", start)
        return self.checked(Dice(dice.count, dice.sides, ("h" if word.kind == "HIGHEST" else "l", keep)), start)

    def dice(self, count: int, start: Token) -> Dice:
        if self.peek().kind != "D":
            raise self.fail("expected 'd'")
        self.take()
        if count < 1:
            raise self.fail("roll at least one die", start)
        if count > MAX_DICE:
            raise self.fail(f"at most {MAX_DICE} dice in one roll", start)
        sides, sides_tok = self.number("the number of sides after 'd'")
        if sides > MAX_SIDES:
            raise self.fail(f"a die has at most {MAX_SIDES} sides", sides_tok)
        keep = None
        if self.peek().kind == "KEEP":
            how = self.take()
            k = 1
            if self.peek().kind == "NUM":
                k, _ = self.number(f"how many dice '{how.text}' names")
            if how.text in ("dh", "dl"):  # drop k: keep the others
                if k >= count:
                    raise self.fail(f"cannot drop {k} of {count} dice", how)
                keep = ("l" if how.text == "dh" else "h", count - k)
            else:
                keep = ("l" if how.text == "kl" else "h", k)
            return self.checked(Dice(count, sides, keep), how)
        return Dice(count, sides)

    def checked(self, dice: Dice, start: Token) -> Dice:
        if dice.keep is not None and dice.keep[1] > dice.count:
            raise self.fail(f"cannot keep {dice.keep[1]} of {dice.count} dice", start)
        return dice


def read(text: str) -> Expression:
    """Read a dice expression; :class:`DiceExpressionError` says where it went wrong."""
    if len(text) > MAX_LENGTH:
        raise DiceExpressionError(f"an expression is at most {MAX_LENGTH} characters", text[:MAX_LENGTH],
                                  MAX_LENGTH)
    return _Parser(text).expression()
