"""Many whole games of any game, played by bots, summed up (``python -m explorer simulate``).

A game declares a :class:`Simulation` in its spec: its own options, how a
*setup* (a picklable description of the games to play: players, bots, rule
changes) is made from them, how one game is played from a setup and a seed, and
how the summary reads for people.  The rest is the same for every game: game
``i`` of a run seeded ``S`` is seeded ``"S#i"``, the run streams through
:func:`explorer.core.runs.run` into a :class:`~explorer.core.tally.Tally`, the
summary is the same for any number of worker processes, and Ctrl-C stops it
with the summary of the games that finished.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from . import runs
from .numbers import counted, percent_text
from .results import GameResult
from .sampler import simulate
from .runs import game_seed
from .tally import DEFAULT_SECTIONS, Tally

if TYPE_CHECKING:
    from .spec import GameSpec


class Prepared(NamedTuple):
    """A setup made ready to play: the game, how each game starts, and the bots."""

    game: Any
    #: ``start()``: the first state of a game of this setup
    start: Callable[[], Any]
    #: one policy for every seat, or one per seat
    policies: Any
    seats: int
    #: whether the bots are given by name, so worker processes can make them again
    by_name: bool = True
    #: ``(key, value)`` pairs the summary adds (Doomtrooper: the variant played)
    extra: tuple[tuple[str, Any], ...] = ()

    def play(self, seed: str) -> GameResult:
        """One whole game from the start, played fast (no history), to its result."""
        return simulate(self.game, self.start(), self.policies, seed).result


@dataclass(frozen=True)
class Simulation:
    """What a game declares for ``simulate``."""

    #: ``options(parser)``: add the game's own options (``--players``, ``--policy``, ...)
    options: Callable[[Any], None]
    #: ``setup(args, rules)``: the setup from the parsed options and the checked rule changes
    setup: Callable[[Any, dict[str, Any]], Any]
    #: ``prepare(setup, game=None)``: a module-level function (worker processes call it), giving a
    #: :class:`Prepared`; ``game``: a game object to play instead of the setup's rules
    prepare: Callable[..., Prepared]
    #: ``report(summary, args, played)``: the summary for people
    report: Callable[[dict[str, Any], Any, str], str]
    #: the summary's sections after the wins (see :mod:`explorer.core.tally`)
    sections: tuple[str, ...] = DEFAULT_SECTIONS


def _play_range(job: tuple) -> list[GameResult]:
    start, stop, seed, prepare, setup = job
    play = prepare(setup).play
    return [play(game_seed(seed, i)) for i in range(start, stop)]


def run_games(sim: Simulation, setup: Any, games: int, seed: int | str = 0, *, seat_names: Sequence[str] = (),
              game: Any = None, workers: int = 1, progress: bool = False) -> dict[str, Any]:
    """Play ``games`` seeded games of ``setup`` and return the summary (seats named
    ``seat_names``, if the game names them).

    ``workers > 1`` plays in up to that many processes (bots given by name, the
    rules of the setup); the summary is the same for any number.  ``progress``
    shows a tqdm bar on stderr.  Ctrl-C raises
    :class:`~explorer.core.runs.SimulationInterrupted` with the summary so far."""
    if games < 1:
        raise ValueError(f"the number of games must be at least 1, not {games}")
    if workers < 1:
        raise ValueError(f"the number of workers must be at least 1, not {workers}")
    if workers > 1 and game is not None:
        raise ValueError("worker processes play with the default game data; give no game")
    ready = sim.prepare(setup, game)  # fails early on bad arguments
    if workers > 1 and not ready.by_name:
        raise ValueError("worker processes need bots given by name")
    tally = Tally(ready.seats, seat_names, sim.sections)
    play = ready.play
    summary = runs.run(games, tally, play_one=lambda i: play(game_seed(seed, i)), play_range=_play_range,
                       job_args=(seed, sim.prepare, setup), workers=workers, progress=progress)
    summary.update(ready.extra)
    return summary


def rule_value(text: str) -> Any:
    """A rule value typed on the command line: true/false, a whole number, or text."""
    low = text.strip().lower()
    if low in ("true", "false"):
        return low == "true"
    try:
        return int(text)
    except ValueError:
        return text.strip()


def rule_changes(spec: GameSpec, items: Sequence[str]) -> dict[str, Any]:
    """``--rule NAME=VALUE`` options as rule changes, each checked against the
    game's rules file (a bad name or value raises a ``ValueError`` naming it)."""
    changes: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise ValueError(f"--rule {item!r}: write NAME=VALUE")
        changes[name.strip()] = rule_value(value)
    if changes:
        spec.override_rules(changes)
    return changes


def cli_run(spec: GameSpec, args: Any) -> dict[str, Any]:
    """``simulate GAME``: the summary of the games the parsed options ask for."""
    setup = spec.simulation.setup(args, rule_changes(spec, args.rule))
    return run_games(spec.simulation, setup, args.games, args.seed, seat_names=spec.seat_names, workers=args.workers,
                     progress=True)


def seat_lines(summary: Mapping[str, Any], score: tuple[str, str] | None = None) -> list[str]:
    """One line per seat (or side, named as the rulebook does: "the Heroes"): wins,
    share of the games, and the mean score (``score``: the summary's key and its
    name for people)."""
    n = summary["games"]
    named = "wins_by_side" in summary
    lines = []
    for seat, wins in summary["wins_by_side" if named else "wins_by_seat"].items():
        line = f"  {f'the {seat.title()}' if named else f'seat {seat}'}: {counted(wins, 'win')}"
        if n:
            line += f" ({wins / n:.1%})"
            if score is not None:
                line += f", {summary[score[0]]['mean_by_seat'][seat]} {score[1]} on average"
        lines.append(line)
    return lines


def shared_line(summary: Mapping[str, Any]) -> list[str]:
    """The games won by more than one seat, if any (each is a win of every winner above)."""
    k = summary.get("shared_wins", 0)
    return [f"  shared wins: {k} (each counted above for every winner)"] if k else []


def ending_lines(counts: Mapping[str, int], games: int, words: Callable[[str], str]) -> list[str]:
    """How the games of a run ended, the most common ending first: each as ``words``
    puts it, with its count and its share of the ``games``.

    >>> ending_lines({"turn cap": 1, "goal": 3}, 4, str.capitalize)
    ['Goal: 3 (75.0%)', 'Turn cap: 1 (25.0%)']
    """
    ended = sorted(counts.items(), key=lambda item: -item[1])
    return [f"{words(reason)}: {k} ({percent_text(Fraction(k, games or 1))})" for reason, k in ended]


def turns_line(summary: Mapping[str, Any]) -> str:
    return f"  turns per game: mean {summary['turns']['mean']}"


__all__ = ["Prepared", "Simulation", "cli_run", "ending_lines", "rule_changes", "rule_value", "run_games", "seat_lines",
           "shared_line", "turns_line"]
