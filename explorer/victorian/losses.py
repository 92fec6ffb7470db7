"""How a side loses its major characters, and which loss ends the game.

The Villains win most games at the VICTORY check, when the Heroes have no
character left in play.  To a designer the next question is what took those
characters: the Assassin Rolls, the Heroes' own attacks, or the Villains taking
control of them.  A character leaves play *killed* (his Fight gone, or a roll's
"killed"), *discarded* (a Spy caught in the SPY PHASE, an Underling discarded in
another's place), *taken* (the other side gains control: "Gaining control", our
reading) or *sent back* to a hand (Scandal); :func:`losses` reads each one off
a game's events, with the rule whose effect took him (a wound's rule for a
character whose Fight a wound took), and :func:`tally` counts them over
seeded games, with the loss that left a side with no major character, and sums
up the same games as :func:`~explorer.victorian.simulate.run_games` does (one
run answers both "how did the games end?" and "what took the characters?").

>>> for line in lines(tally(4, seed=1))[:3]:
...     print(line)
how the Heroes' characters left play in 4 games: 26 (6.5 a game)
  killed (ASSASSIN PHASE): 13 (3.2 a game)
  taken over by the other side (INTERCEPT PHASE: the Villain Table): 5 (1.2 a game)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any, NamedTuple

from ..core.engine import simulate
from ..core.events import Event, RuleRef
from ..core.runs import game_seed
from ..core.rulebook import summary
from ..core.simulation import ending_lines
from ..core.tally import summarize
from . import sections as R
from .game import VictorianGame
from .sides import title
from .simulate import SECTIONS, Setup, prepare
from .state import HEROES, SIDES, Ending

#: how a character leaves play, in words
FATES = {"killed": "killed", "discarded": "discarded", "taken": "taken over by the other side",
         "sent back": "sent back to a hand"}


class Loss(NamedTuple):
    """One major character leaving a side's play: ``fate`` (a key of :data:`FATES`)
    and the rule whose effect took him."""

    character: str
    fate: str
    rule: RuleRef


def losses(game: VictorianGame, events: Iterable[Event], side: int = HEROES) -> list[Loss]:
    """Every major character of ``side`` (as VICTORY counts them: for the Heroes every
    character, for the Villains every Mastermind) that left its play, in order,
    read off a game's events."""
    out: list[Loss] = []
    wounded_by: dict[str, str] = {}  # a character's last wound: the rule that took his Fight
    phase_side = None  # whose part of the phase it is (a caught Spy is that side's)
    for e in events:
        data = dict(e.data)
        if "phase" in data:
            phase_side = data.get("side")
        if e.rule == R.WOUNDS and "cause" in data:
            wounded_by[data["unit"]] = data["cause"]
        elif e.rule == R.CONTROL:
            if data["taker"] != side and _major(game, side, data["target"]):
                out.append(Loss(data["target"], "taken", RuleRef(R.GAME, data["cause"])))
        elif "also" in data:  # a unit put out of play, with what it carried
            if data["side"] == side and _major(game, side, data["unit"]):
                unit = data["unit"]
                rule = RuleRef(R.GAME, wounded_by.get(unit, e.rule.section)) if e.rule == R.WOUNDS else e.rule
                out.append(Loss(unit, "discarded" if e.rule == R.UNDERLING else "killed", rule))
        elif e.rule == R.SPY and "spy" in data and data["roll"]["result"] == "caught":
            if phase_side == side and _major(game, side, data["spy"]):
                out.append(Loss(data["spy"], "discarded", e.rule))
        elif "card" in data and "target" in data and game.card(data["card"]).effect == "return_to_hand":
            if _major(game, side, data["target"]):
                out.append(Loss(data["target"], "sent back", e.rule))
    return out


def _major(game: VictorianGame, side: int, uid: Any) -> bool:
    """Whether the unit ``uid`` of ``side`` is a major character: a character's card
    (a token's id names no card), and for the Villains a Mastermind."""
    try:
        card = game.card(uid)
    except KeyError:
        return False
    return card.type == "M" or (side == HEROES and card.type == "C")


class Tally(NamedTuple):
    """Losses over ``games`` games: ``lost`` counts every loss by (fate, rule); ``last``
    the loss that left ``side`` with no major character, in the games its
    opponent won that way; ``summary`` the games' summary, as ``run_games`` gives it."""

    games: int
    side: int
    lost: Counter
    last: Counter
    summary: dict[str, Any]


def tally(games: int, seed: int | str = 0, heroes: str = "greedy", villains: str = "greedy", *,
          side: int = HEROES, rules: dict[str, Any] | None = None) -> Tally:
    """Play ``games`` games (game ``i`` seeded ``"seed#i"``, as :func:`~explorer.victorian.simulate.run_games`
    seeds them), count how ``side`` lost its major characters and sum the games up."""
    ready = prepare(Setup(heroes, villains, tuple(sorted((rules or {}).items()))))
    game, policies = ready.game, ready.policies
    lost: Counter = Counter()
    last: Counter = Counter()
    results = []
    for i in range(games):
        playout = simulate(game, game.new_game(), policies, game_seed(seed, i), keep_events=True)
        found = losses(game, playout.events, side)
        lost.update((x.fate, x.rule) for x in found)
        result = playout.result
        results.append(result)
        if found and result.ending is Ending.NO_MAJORS and side not in result.winners:
            last[found[-1].fate, found[-1].rule] += 1
    return Tally(games, side, lost, last, summarize(results, ready.seats, SIDES, SECTIONS))


#: a card's effect, named by its deck rather than the card list's heading
CARD_LISTS = {R.HERO_CARDS: "a Heroes' card", R.VILLAIN_CARDS: "a Villains' card"}


def cause_words(fate: str, rule: RuleRef) -> str:
    """A loss's cause as a person reads it: its fate and the rule's heading (a card's
    effect: its deck).

    >>> print(cause_words("taken", R.VILLAIN_TABLE))
    taken over by the other side (INTERCEPT PHASE: the Villain Table)
    >>> print(cause_words("killed", R.VILLAIN_CARDS))
    killed (a Villains' card)
    """
    return f"{FATES[fate]} ({CARD_LISTS.get(rule) or summary(rule).heading})"


def lines(t: Tally) -> list[str]:
    """The tally in sentences: how the side's characters left play, most common first,
    each with its count and its number a game; then the loss that left the side with
    none, each with its share of the games lost that way."""
    name = title(t.side)  # (both sides' names end in s: "the Heroes'")
    whose = f"{name}'"
    total = sum(t.lost.values())
    out = [f"how {whose} characters left play in {t.games} games: {total} ({_per_game(total, t.games)} a game)"]
    out += [f"  {cause_words(*key)}: {n} ({_per_game(n, t.games)} a game)" for key, n in _most_first(t.lost)]
    ended = sum(t.last.values())
    if ended:
        out.append(f"the loss that left {name} with no major character, in the {ended} games lost that way:")
        out += [f"  {line}" for line in ending_lines(dict(_most_first(t.last)), ended, lambda key: cause_words(*key))]
    return out


def _per_game(n: int, games: int) -> str:
    """A count a game, to one decimal (two below 0.1, so a rare loss does not read 0.0)."""
    x = n / (games or 1)
    return f"{x:.1f}" if x >= 0.095 or x == 0 else f"{x:.2f}"


def _most_first(counts: Counter) -> list[tuple[tuple[str, RuleRef], int]]:
    """Most common first; ties by their words, so the order never depends on the run."""
    return sorted(counts.items(), key=lambda kv: (-kv[1], cause_words(*kv[0])))


__all__ = ["FATES", "Loss", "Tally", "cause_words", "lines", "losses", "tally"]
