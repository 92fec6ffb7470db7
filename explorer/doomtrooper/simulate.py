"""Many whole games of Doomtrooper, played by bots, summed up: the game's part of
:mod:`explorer.core.simulation` (its options, setup and report).

Game ``i`` of a run with seed ``S`` uses the seed ``"S#i"`` for its shuffles,
its dice and its bots: every game is the same whatever order the games are played
in and however many worker processes play them.  A win shared by several seats
(a team, or a tie for the lead) counts for each winner and once in
``shared_wins``.

>>> summary = run_games(3, seed=1)
>>> list(summary)
['games', 'wins_by_seat', 'draws', 'shared_wins', 'endings', 'promotion', 'turns']
>>> summary["games"] == sum(summary["wins_by_seat"].values()) + summary["draws"] - summary["shared_wins"] == 3
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ..core import simulation
from ..core.bots import PolicySpec, seat_policies
from ..core.engine import Policy
from ..core.numbers import counted
from .bots import REGISTRY, get_bot
from .game import DoomtrooperGame
from .params import VARIANTS, override_rules, rule_choices
from .state import Ending
from .variants import TITLES as VARIANT_TITLES

#: The summary's sections after the wins by seat.
SECTIONS = ("draws", "shared_wins", "endings", "scores:promotion", "turns")


def policies_for(policy: PolicySpec, players: int) -> Policy | dict[int, Policy]:
    """One bot for every seat, or one per seat (a list, or names joined by commas)."""
    return seat_policies(policy, players, get_bot)


class Setup(NamedTuple):
    """The games of a run: players (``None``: the variant's number), bots, rule
    changes (the variant among them) and the sample decks."""

    players: int | None = None
    policy: PolicySpec = "greedy"
    rules: tuple[tuple[str, Any], ...] = ()
    decks: tuple[str, ...] | None = None


def prepare(setup: Setup, game: DoomtrooperGame | None = None) -> simulation.Prepared:
    """``setup`` ready to play (checked: bad rules, players, decks or bots fail here)."""
    game = game or DoomtrooperGame(rules=override_rules(dict(setup.rules)) if setup.rules else None)
    game = game.with_decks(setup.decks)  # a search deals its imagined worlds from the decks dealt
    players = len(game.new_game(setup.players).seats)  # the variant's count by default
    policies = policies_for(setup.policy, players)
    policy = setup.policy
    by_name = isinstance(policy, str) or not isinstance(policy, Policy) and all(isinstance(p, str) for p in policy)
    variant = game.rules.variant
    return simulation.Prepared(game, lambda: game.new_game(players), policies, players, by_name,
                               (("variant", variant),) if variant != "standard" else ())


def run_games(games: int, seed: int | str = 0, players: int | None = None, policy: PolicySpec = "greedy", *,
              rules: dict[str, Any] | None = None, game: DoomtrooperGame | None = None, workers: int = 1,
              progress: bool = False, decks: Sequence[str] | None = None) -> dict[str, Any]:
    """Play ``games`` seeded games and return the summary: games, wins by seat (a
    shared win counts for each winner), draws, shared wins, how games ended, mean
    Promotion Points by seat, turns (mean and histogram), and the variant played.

    ``policy``: a bot name (``random``, ``greedy``), a policy, or one per seat.
    ``rules``: rule changes by name (``{"dice": "2d6", "sabotage": True}``,
    ``{"variant": "beat_down"}``), checked against the rules file.  ``players``:
    by default 2, or the number the variant played needs.  ``decks``: the sample
    decks by name, one per seat (default: the variant's, else the first sample decks;
    an expansion's cards are in its own decks).  ``workers > 1`` plays in up to that many
    processes (bots by name); the summary is the same for any number."""
    setup = Setup(players, policy if isinstance(policy, (str, Policy)) else tuple(policy),
                  tuple(sorted((rules or {}).items())), tuple(decks) if decks else None)
    return simulation.run_games(SIMULATION, setup, games, seed, game=game, workers=workers, progress=progress)


# -- the command line (``python -m explorer simulate doomtrooper``) ------------------------------

def options(parser) -> None:
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
                        help=f"bot for every seat, or one per seat joined by commas: {REGISTRY.names_text()} "
                             "(default greedy)")


def setup(args, rules: dict[str, Any]) -> Setup:
    """The setup of the options; ``--variant NAME`` is ``--rule variant=NAME``."""
    changes = dict(rules)
    variant = args.variant
    if variant is not None:
        known = rule_choices()["variant"]
        if variant not in known:
            raise ValueError(f"unknown variant {variant!r}; the variants are {', '.join(known)}")
        if changes.get("variant", variant) != variant:
            raise ValueError(f"--variant {variant} and --rule variant={changes['variant']} disagree: give one")
        changes["variant"] = variant
    decks = tuple(d.strip() for d in args.decks.split(",")) if args.decks else None
    return Setup(args.players, args.policy, tuple(sorted(changes.items())), decks)


def report(summary: dict[str, Any], args, played: str) -> str:
    rules = f", rules {', '.join(args.rule)}" if args.rule else ""
    players = len(summary["wins_by_seat"])
    variant = summary.get("variant")
    head = f"Doomtrooper{' (' + VARIANT_TITLES.get(variant, variant) + ')' if variant else ''}"
    decks = f", decks {args.decks}" if args.decks else ""
    lines = [f"{head}: {played}, {players} players, policy {args.policy}, seed {args.seed}{rules}{decks}"]
    lines += simulation.seat_lines(summary, ("promotion", "Promotion Points"))
    lines.append(f"  draws: {summary['draws']}")
    lines += simulation.shared_line(summary)
    lines.append("  how the games ended:")
    lines += [f"    {line}" for line in simulation.ending_lines(summary["endings"], summary["games"], ending_words)]
    lines.append(simulation.turns_line(summary))
    lines += variant_lines(summary)
    return "\n".join(lines)


def ending_words(reason: str) -> str:
    """A summary's ending (``"C beaten"``) as a person reads it: "player C's last warrior
    left play" (one not of this game as the summary has it)."""
    ending = next((e for e in Ending if e.text == reason), None)
    return reason if ending is None else ending.why()


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
        return [f"  team {t} (seats {a} and {b}): {counted(wins.get(str(a), 0), 'win')} ({wins.get(str(a), 0) / n:.1%})"
                for t, a, b in ((1, 0, 2), (2, 1, 3))]
    return []


SIMULATION = simulation.Simulation(options, setup, prepare, report, SECTIONS)

__all__ = ["SECTIONS", "SIMULATION", "Setup", "ending_words", "options", "policies_for", "prepare",
           "report", "run_games", "setup", "variant_lines"]
