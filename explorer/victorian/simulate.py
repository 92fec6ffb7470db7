"""Many whole games of the Victorian card game, played by bots, summed up: the
game's part of :mod:`explorer.core.simulation` (its options, setup and report).

Game ``i`` of a run seeded ``S`` is seeded ``"S#i"`` (deal, dice and bots), so the
summary is the same for any number of worker processes.  The summary: games, wins
by side, wins by how the game ended, draws, and the turns played.

>>> summary = run_games(3, seed=1)
>>> sorted(summary)
['draws', 'games', 'turns', 'wins_by_reason', 'wins_by_side']
>>> summary["games"], sum(summary["wins_by_side"].values()) + summary["draws"]
(3, 3)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from ..core import simulation
from ..core.engine import Policy, simulate
from ..core.numbers import percent_text
from .bots import REGISTRY, get_bot
from .game import VictorianGame
from .params import override_rules
from .state import SIDES, Ending, GameResult

#: The summary's sections after the wins by side.
SECTIONS = ("wins_by_reason", "draws", "turns")


def policies_for(heroes: str | Policy = "greedy", villains: str | Policy = "greedy") -> dict[str, Policy]:
    """The bot of each side, by name (or a policy object)."""
    return {"heroes": get_bot(heroes), "villains": get_bot(villains)}


def play_game(game: VictorianGame, seed: int | str, policies: dict[str, Policy]) -> GameResult:
    """One whole game, from the deal, played fast (no history), to its result."""
    return simulate(game, game.new_game(), policies, seed).result


class Setup(NamedTuple):
    """The games of a run: each side's bot and the rule changes."""

    heroes: str | Policy = "greedy"
    villains: str | Policy = "greedy"
    rules: tuple[tuple[str, Any], ...] = ()


def prepare(setup: Setup, game: VictorianGame | None = None) -> simulation.Prepared:
    """``setup`` ready to play (a bad bot name fails here)."""
    game = game or VictorianGame(rules=override_rules(dict(setup.rules)) if setup.rules else None)
    policies = policies_for(setup.heroes, setup.villains)
    by_name = isinstance(setup.heroes, str) and isinstance(setup.villains, str)
    return simulation.Prepared(game, game.new_game, policies, len(SIDES), by_name)


def run_games(games: int, seed: int | str = 0, heroes: str | Policy = "greedy", villains: str | Policy = "greedy", *,
              rules: dict[str, Any] | None = None, game: VictorianGame | None = None, workers: int = 1,
              progress: bool = False) -> dict[str, Any]:
    """Play ``games`` seeded games and return the summary.  ``heroes``/``villains``:
    each side's bot (``random``, ``greedy``); ``rules``: rule changes by name."""
    setup = Setup(heroes, villains, tuple(sorted((rules or {}).items())))
    return simulation.run_games(SIMULATION, setup, games, seed, seat_names=SIDES, game=game, workers=workers,
                                progress=progress)


# -- the command line (``python -m explorer simulate victorian``) --------------------------------

def options(parser) -> None:
    names = REGISTRY.names_text()
    parser.add_argument("--heroes", default="greedy", help=f"the Heroes' bot: {names} (default greedy)")
    parser.add_argument("--villains", default="greedy", help=f"the Villains' bot: {names} (default greedy)")


def setup(args, rules: dict[str, Any]) -> Setup:
    return Setup(args.heroes, args.villains, tuple(sorted(rules.items())))


def report(summary: dict[str, Any], args, played: str) -> str:
    rules = f", rules {', '.join(args.rule)}" if args.rule else ""
    lines = [f"Victorian heroes and villains: {played}, Heroes {args.heroes}, Villains {args.villains}, "
             f"seed {args.seed}{rules}"]
    lines += simulation.seat_lines(summary)
    lines.append(f"  draws: {summary['draws']}")
    lines.append("  how the games ended:")
    lines += [f"    {line}" for line in ending_lines(summary)]
    lines.append(simulation.turns_line(summary))
    return "\n".join(lines)


def ending_lines(summary: dict[str, Any], check_turn: int | None = None) -> list[str]:
    """How the games of a summary ended, the most common ending first: each as a
    sentence (:func:`ending_words`) with its count and its share of the games; with
    ``check_turn`` (the first turn the VICTORY check applies), also how many games
    ended in that turn.

    >>> summary = {"games": 4, "wins_by_reason": {"heroes: no major characters": 1,
    ...            "villains: no major characters": 3}, "turns": {"histogram": {"6": 3, "9": 1}}}
    >>> for line in ending_lines(summary, check_turn=6):
    ...     print(line)
    the Villains win (the Heroes have no character left in play): 3 (75.0%)
    the Heroes win (the Villains have no Mastermind left in play): 1 (25.0%)
    over in turn 6, the first turn a side with no major character loses: 3 (75.0%)
    """
    lines = simulation.ending_lines(summary["wins_by_reason"], summary["games"], ending_words)
    if check_turn is not None:
        count = summary["turns"]["histogram"].get(str(check_turn), 0)
        lines.append(f"over in turn {check_turn}, the first turn a side with no major character loses: "
                     f"{count} ({percent_text(Fraction(count, summary['games'] or 1))})")
    return lines


def ending_words(reason: str) -> str:
    """A summary's ending (``"villains: no major characters"``, ``"turn cap"``) as a
    person reads it: "the Villains win (the Heroes have no character left in play)"."""
    side, _, text = reason.rpartition(": ")
    ending = next((e for e in Ending if e.text == text), None)
    if ending is None or side and side not in SIDES:  # not one of this game's: as the summary has it
        return reason
    if not side:
        return f"a draw ({ending.why(None)})"
    winner = SIDES.index(side)
    return f"the {side.title()} win ({ending.why(winner)})"


SIMULATION = simulation.Simulation(options, setup, prepare, report, SECTIONS)

__all__ = ["SECTIONS", "SIMULATION", "Setup", "ending_lines", "ending_words", "options", "play_game", "policies_for", "prepare", "report",
           "run_games", "setup"]
