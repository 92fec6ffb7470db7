"""The command line's game logs: ``python -m explorer replay FILE`` plays a log
again under the rules it records and prints its summary, and ``simulate GAME
--log DIR`` writes the log of every game of a run (see :mod:`explorer.core.log`).

A log that does not replay raises :class:`~explorer.core.log.LogError` (a
``ValueError``): the command line prints it as one ``error: log line N: ...``
line and exits 2.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any


def add_log_option(parser: argparse.ArgumentParser) -> None:
    """``--log DIR`` on a game's ``simulate`` parser."""
    parser.add_argument("--log", default=None, metavar="DIR",
                        help="also write each game's log to DIR as GAME-SEED#I.jsonl (an existing folder, or a new "
                             "one in an existing folder); python -m explorer replay FILE plays one again")


def log_dir(text: str | None) -> Path | None:
    """The folder ``--log`` names, checked before any game is played."""
    if text is None:
        return None
    folder = Path(text)
    if folder.exists() and not folder.is_dir():
        raise ValueError(f"--log {text}: a file is in the way (give a folder)")
    if not folder.exists() and not folder.parent.is_dir():
        raise ValueError(f"--log {text}: no folder {str(folder.parent)!r} to make it in")
    return folder


def _rule_changes(args: argparse.Namespace) -> dict[str, Any]:
    """The rule changes of a run: ``--rule NAME=VALUE`` (true/false, whole numbers,
    else text) and ``--variant NAME``."""
    changes: dict[str, Any] = {}
    for item in getattr(args, "rule", None) or []:
        name, _, value = item.partition("=")
        changes[name.strip()] = _rule_value(value)
    if getattr(args, "variant", None) is not None:
        changes["variant"] = args.variant
    return changes


def _rule_value(text: str) -> Any:
    low = text.strip().lower()
    if low in ("true", "false"):
        return low == "true"
    try:
        return int(text)
    except ValueError:
        return text.strip()


def _log_start(args: argparse.Namespace) -> tuple[Any, Any, Any, Any]:
    """The game of a ``simulate`` run in the log format: ``(log, game, start, policies)``,
    ``start()`` giving each game's first state; the run's rule changes (``--rule``) for any game."""
    changes = _rule_changes(args)
    if args.game == "asylum":
        from .asylum import log, params, simulate
        from .asylum.game import AsylumGame

        game = AsylumGame(rules=params.override_rules(changes) if changes else None)
        return log.LOG, game, lambda: game.new_game(args.players, args.masterminds), \
            simulate.policies_for(args.policy, args.players)
    if args.game == "victorian":
        from .victorian import log, params, simulate
        from .victorian.game import VictorianGame

        game = VictorianGame(rules=params.override_rules(changes) if changes else None)
        return log.LOG, game, game.new_game, simulate.policies_for(args.heroes, args.villains)
    from .doomtrooper import log, simulate
    from .doomtrooper.game import DoomtrooperGame
    from .doomtrooper.params import override_rules

    game = DoomtrooperGame(rules=override_rules(changes) if changes else None)
    decks = [d.strip() for d in args.decks.split(",")] if args.decks else None
    players = len(game.new_game(args.players, decks).seats)
    return log.LOG, game, lambda: game.new_game(players, decks), simulate.policies_for(args.policy, players)


def write_logs(args: argparse.Namespace, folder: Path) -> None:
    """Play each game of the run again with a stepper (same seed, same bots) and
    write its log; the result must be the fast run's."""
    from .core import log as core
    from .core.engine import Stepper, simulate
    from .core.runs import game_seed

    log, game, start, policies = _log_start(args)
    folder.mkdir(exist_ok=True)
    for i in range(args.games):
        seed = game_seed(args.seed, i)
        fast = simulate(game, start(), policies, seed).result
        st = Stepper(game, start(), seed, policies)
        st.run()
        if game.result(st.state) != fast:
            raise RuntimeError(f"game {seed} ends differently played step by step ({game.result(st.state)}) and "
                               f"fast ({fast})")
        (folder / f"{args.game}-{seed}.jsonl").write_text(core.export(st, log), encoding="utf-8")


def game_logs() -> dict[str, Any]:
    """Every game in the log format, by key."""
    from .asylum.log import LOG as ASYLUM
    from .doomtrooper.log import LOG as DOOMTROOPER
    from .victorian.log import LOG as VICTORIAN

    return {g.key: g for g in (ASYLUM, VICTORIAN, DOOMTROOPER)}


def add_replay(sub: argparse._SubParsersAction) -> None:
    r = sub.add_parser("replay", help="replay a game log under the rules it records and summarise it",
                       description="Replay a game log (JSON lines: simulate --log, or a stepper's export) under "
                                   "the rules its header records, checking every step, and print its summary: the "
                                   "game, the seed, the players, the rules that differ from the rules file, the "
                                   "steps and the result.  A log that does not replay is one error line naming "
                                   "its line, exit 2.")
    r.add_argument("file", help="the log file")


def replay_summary(text: str) -> str:
    """The lines ``replay`` prints for a log (:class:`~explorer.core.log.LogError` if it does not replay)."""
    from .core import log as core

    logs = game_logs()
    st = core.replay(text, logs)
    head = json.loads(next(line for line in text.split("\n") if line.strip()))
    s = core.summary(st, head, logs[head["game"]])
    changed = ", ".join(f"{k}={json.dumps(v)}" for k, v in s["rules"].items()) or "none (as in the rules file)"
    return "\n".join([f"{s['title']}: seed {s['seed']}, {s['players']} players, {s['steps']} steps",
                      f"  rules changed: {changed}",
                      f"  result: {s['result'] if s['over'] else 'none yet (the log stops before the end)'}"])


def replay(args: argparse.Namespace) -> int:
    """``python -m explorer replay FILE``."""
    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except OSError as exc:
        raise ValueError(f"cannot read {args.file}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ValueError(f"{args.file} is not UTF-8 text") from None
    print(replay_summary(text))
    return 0


__all__ = ["add_log_option", "add_replay", "game_logs", "log_dir", "replay", "replay_summary", "write_logs"]
