"""Many whole games of Doomtrooper, played by bots, summed up.

Game ``i`` of a run with seed ``S`` uses the seed ``"S#i"`` for its shuffles,
its dice and its bots (the rule of :mod:`explorer.core.runs`, shared with the
other games): every game is the same whatever order the games are played in and
however many worker processes play them.

>>> summary = run_games(3, seed=1)
>>> sorted(summary)
['draws', 'endings', 'games', 'promotion', 'turns', 'wins_by_seat']
>>> summary["games"], sum(summary["wins_by_seat"].values()) + summary["draws"] >= 3
(3, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.bots import PolicySpec, seat_policies
from ..core.engine import Policy, simulate
from ..core.runs import SimulationInterrupted, game_seed, run
from .bots import REGISTRY, get_bot
from .game import DoomtrooperGame
from .params import override_rules, rule_choices, VARIANTS
from .state import GameResult



def policies_for(policy: PolicySpec, players: int) -> Policy | dict[int, Policy]:
    """One bot for every seat, or one per seat (a list, or names joined by commas)."""
    return seat_policies(policy, players, get_bot)


def play_game(game: DoomtrooperGame, players: int | None, seed: int | str, policies, decks=None) -> GameResult:
    """One whole game from the deal, played fast (no history), to its result."""
    return simulate(game, game.new_game(players, decks), policies, seed).result


class Tally:
    """The summary of a run, added up one game at a time."""

    def __init__(self, players: int):
        self.players = players
        self.games = 0
        self.draws = 0
        self.turns = 0
        self.wins = [0] * players
        self.promotion = [0] * players
        self.endings: dict[str, int] = {}
        self.histogram: dict[int, int] = {}

    def add(self, r: GameResult) -> None:
        self.games += 1
        self.turns += r.turns
        self.histogram[r.turns] = self.histogram.get(r.turns, 0) + 1
        self.endings[r.reason] = self.endings.get(r.reason, 0) + 1
        if not r.winners:
            self.draws += 1
        for w in r.winners:
            self.wins[w] += 1
        for i, p in enumerate(r.promotion):
            self.promotion[i] += p

    def summary(self) -> dict[str, Any]:
        """Games; wins by seat (a shared win counts for each winner); draws; how
        games ended; mean Promotion Points by seat; turns (mean and histogram)."""
        n = self.games
        return {
            "games": n,
            "wins_by_seat": {str(s): w for s, w in enumerate(self.wins)},
            "draws": self.draws,
            "endings": dict(sorted(self.endings.items())),
            "promotion": {"mean_by_seat": {str(s): round(p / n, 3) if n else 0.0
                                           for s, p in enumerate(self.promotion)}},
            "turns": {"mean": round(self.turns / n, 3) if n else 0.0,
                      "histogram": {str(t): self.histogram[t] for t in sorted(self.histogram)}},
        }


def _play_range(args: tuple) -> list[GameResult]:
    start, stop, seed, players, policy, overrides, decks = args
    game = DoomtrooperGame(rules=override_rules(dict(overrides)) if overrides else None)
    policies = policies_for(policy, players)
    return [play_game(game, players, game_seed(seed, i), policies, decks) for i in range(start, stop)]


def run_games(games: int, seed: int | str = 0, players: int | None = None, policy: PolicySpec = "greedy", *,
              rules: dict[str, Any] | None = None, game: DoomtrooperGame | None = None, workers: int = 1,
              progress: bool = False, decks: Sequence[str] | None = None) -> dict[str, Any]:
    """Play ``games`` seeded games and return the summary (see :meth:`Tally.summary`).

    ``policy``: a bot name (``random``, ``greedy``), a policy, or one per seat.
    ``rules``: rule changes by name (``{"dice": "2d6", "sabotage": True}``,
    ``{"variant": "beat_down"}``), checked against the rules file.  ``players``:
    by default 2, or the number the variant played needs.  ``decks``: the sample
    decks by name, one per seat (default: the variant's, else the first sample decks;
    an expansion's cards are in its own decks).  ``workers > 1`` plays in up to that many
    processes; the summary is the same for any number.  Ctrl-C raises
    :class:`~explorer.core.runs.SimulationInterrupted` with the summary so far."""
    if games < 1:
        raise ValueError(f"the number of games must be at least 1, not {games}")
    if workers < 1:
        raise ValueError(f"the number of workers must be at least 1, not {workers}")
    if workers > 1 and game is not None:
        raise ValueError("worker processes play with the default game data; give no game")
    overrides = tuple(sorted((rules or {}).items()))
    if game is None:
        game = DoomtrooperGame(rules=override_rules(dict(overrides)) if overrides else None)
    decks = tuple(decks) if decks else None
    players = len(game.new_game(players, decks).seats)  # fail early on bad arguments; the variant's count by default
    policies = policies_for(policy, players)
    named = isinstance(policy, str) or (not isinstance(policy, Policy) and all(isinstance(p, str) for p in policy))
    summary = run(games, Tally(players), play_one=lambda i: play_game(game, players, game_seed(seed, i), policies, decks),
               play_range=_play_range, job_args=(seed, players, policy, overrides, decks),
               workers=workers if named else 1, progress=progress)
    if game.rules.variant != "standard":
        summary["variant"] = game.rules.variant
    return summary


__all__ = ["SimulationInterrupted", "Tally", "cli_arguments", "cli_report", "cli_run", "play_game", "policies_for",
           "run_games"]


# -- the command line (``python -m explorer simulate doomtrooper``; see explorer.games) ---------------

def cli_arguments(parser) -> None:
    """Doomtrooper's own options of ``simulate``."""
    parser.add_argument("--players", type=int, default=None,
                        help="players per game, at least 2 (default 2, or the number the variant needs)")
    parser.add_argument("--variant", default=None, metavar="NAME",
                        help="play a variant of the rulebook: " + ", ".join(VARIANTS) +
                             " (the same as --rule variant=NAME; default standard)")
    parser.add_argument("--decks", default=None, metavar="NAME,NAME",
                        help="the sample decks of data/doomtrooper/decks.toml, one per seat, joined by commas "
                             "(an expansion's cards are in its own deck: e.g. 'Mishima Inquisition,Legion of "
                             "Algeroth' with --rule relics=true)")
    parser.add_argument("--policy", default="greedy",
                        help=f"bot for every seat, or one per seat joined by commas: {', '.join(REGISTRY)} "
                             "(default greedy)")
    parser.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                        help="change a rule for the run, e.g. dice=2d6, sabotage=true, promotion_goal=40 "
                             "(repeatable; names and ranges as in data/doomtrooper/rules.toml)")


def _rule_value(text: str) -> Any:
    low = text.strip().lower()
    if low in ("true", "false"):
        return low == "true"
    try:
        return int(text)
    except ValueError:
        return text.strip()


def cli_run(args) -> dict[str, Any]:
    changes = {}
    for item in args.rule:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise ValueError(f"--rule {item!r}: write NAME=VALUE")
        changes[name.strip()] = _rule_value(value)
    variant = getattr(args, "variant", None)
    if variant is not None:
        known = rule_choices()["variant"]
        if variant not in known:
            raise ValueError(f"unknown variant {variant!r}; the variants are {', '.join(known)}")
        if changes.get("variant", variant) != variant:
            raise ValueError(f"--variant {variant} and --rule variant={changes['variant']} disagree: give one")
        changes["variant"] = variant
    decks = [d.strip() for d in args.decks.split(",")] if getattr(args, "decks", None) else None
    return run_games(args.games, args.seed, args.players, args.policy, rules=changes, workers=args.workers,
                     progress=True, decks=decks)


def cli_report(summary: dict[str, Any], args, played: str) -> str:
    n = summary["games"]
    rules = f", rules {', '.join(args.rule)}" if getattr(args, "rule", None) else ""
    players = len(summary["wins_by_seat"])
    variant = summary.get("variant")
    head = f"Doomtrooper{' (' + VARIANT_TITLES.get(variant, variant) + ')' if variant else ''}"
    decks = f", decks {args.decks}" if getattr(args, "decks", None) else ""
    lines = [f"{head}: {played}, {players} players, policy {args.policy}, seed {args.seed}{rules}{decks}"]
    for seat, wins in summary["wins_by_seat"].items():
        mean = summary["promotion"]["mean_by_seat"][seat]
        lines.append(f"  seat {seat}: {wins} wins ({wins / n:.1%}), {mean} Promotion Points on average" if n else
                     f"  seat {seat}: {wins} wins")
    lines.append(f"  draws: {summary['draws']}")
    for reason, k in summary["endings"].items():
        lines.append(f"  ended by {reason}: {k}")
    lines.append(f"  turns per game: mean {summary['turns']['mean']}")
    lines += variant_lines(summary)
    return "\n".join(lines)


#: The variants' headings in the rulebook, for reports.
VARIANT_TITLES = {"warzone": "Warzone Variant", "limited_resources": "Limited Resources", "beat_down": "Beat Down",
                  "front_lines": "Front Lines", "home_turf": "Home Turf Advantage", "vortex": "The Vortex",
                  "colonization": "Colonization"}


def variant_lines(summary: dict[str, Any]) -> list[str]:
    """What a variant's summary says beyond the seats' wins (Beat Down's player C,
    Front Lines' teams)."""
    n = summary["games"]
    wins = summary["wins_by_seat"]
    variant = summary.get("variant")
    if not n:
        return []
    if variant == "beat_down":
        c = wins.get("1", 0)
        return [f"  player C (seat 1, the army without a deck of warriors) wins {c} of {n} games ({c / n:.1%}); "
                f"A or B wins {wins.get('0', 0) + wins.get('2', 0)}"]
    if variant == "front_lines":
        return [f"  team {t} (seats {a} and {b}): {wins.get(str(a), 0)} wins ({wins.get(str(a), 0) / n:.1%})"
                for t, a, b in ((1, 0, 2), (2, 1, 3))]
    return []
