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
    """The folder ``--log`` names, checked (by writing in it) before any game is played."""
    if text is None:
        return None
    folder = Path(text)
    if folder.exists() and not folder.is_dir():
        raise ValueError(f"--log {text}: a file is in the way (give a folder)")
    if not folder.exists() and not folder.parent.is_dir():
        raise ValueError(f"--log {text}: no folder {str(folder.parent)!r} to make it in")
    new = not folder.exists()
    trial = folder / ".write-test"  # the logs are written after the games: try writing now
    try:
        folder.mkdir(exist_ok=True)
        trial.touch()
        trial.unlink()
        if new:
            folder.rmdir()  # made again when the logs are written
    except OSError as exc:
        raise ValueError(f"--log {text}: cannot write there ({exc.strerror or exc})") from None
    return folder


def write_logs(args: argparse.Namespace, folder: Path) -> None:
    """Play each game of the run again with a stepper (same seed, same bots) and
    write its log; the result must be the fast run's."""
    from .core import log as core
    from .core.engine import Stepper
    from .core.runs import game_seed
    from .core.simulation import rule_changes
    from .games import spec

    game = spec(args.game)
    ready = game.simulation.prepare(game.simulation.setup(args, rule_changes(game, args.rule)))
    folder.mkdir(exist_ok=True)
    said = None if game.option_words is None else \
        (lambda state, action: game.option_words(ready.game, state, action))  # the steps in the game's words
    for i in range(args.games):
        seed = game_seed(args.seed, i)
        fast = ready.play(seed)
        st = Stepper(ready.game, ready.start(), seed, ready.policies)
        st.run()
        if ready.game.result(st.state) != fast:
            raise RuntimeError(f"game {seed} ends differently played step by step "
                               f"({ready.game.result(st.state)}) and fast ({fast})")
        (folder / f"{args.game}-{seed}.jsonl").write_text(core.export(st, game.log, words=said), encoding="utf-8")


def game_logs() -> dict[str, Any]:
    """Every game in the log format, by key."""
    from .games import GAMES, spec

    return {key: spec(key).log for key in GAMES}


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
