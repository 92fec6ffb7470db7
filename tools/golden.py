"""Golden playthroughs: a few seeded games of Doom Asylum (and one conflict on its
own), of the Victorian card game and of Doomtrooper, kept as JSON-lines logs in ``tests/golden/``, so that any
change of behaviour,
in the rules or in the bots, shows as a readable diff.

    python tools/golden.py            # compare every playthrough with its file (exit 1 and a diff if any differs)
    python tools/golden.py --write    # play them again and rewrite the files
    python tools/golden.py --write asylum-2p-greedy   # just one

Each whole-game file is an ordinary game log (:mod:`explorer.core.log`: a header
with the game, the explorer's version, the seed, the players, every rule in effect
and the setup, plus who played and the result; then one line per step: who chose,
the action as JSON and in words, and the events, each citing its rule), so
``python -m explorer replay FILE`` and :func:`explorer.core.log.replay` read them.
The conflict file has a header of its own (the two teams).
``tests/golden/test_golden.py`` checks that the bots play each game again move for
move, and that the rules alone, given the recorded actions, give the same events.
"""

from __future__ import annotations

import argparse
import dataclasses
import difflib
import json
import sys
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from explorer.asylum import Conflict, load_roster  # noqa: E402
from explorer.asylum.bots import get_bot  # noqa: E402
from explorer.asylum.game import AsylumGame  # noqa: E402
from explorer.asylum import log as alog  # noqa: E402
from explorer.asylum.policies import get_policy  # noqa: E402
from explorer.core.engine import Stepper  # noqa: E402
from explorer.core.log import log_lines  # noqa: E402
from explorer.doomtrooper import log as dlog  # noqa: E402
from explorer.victorian import log as vlog  # noqa: E402
from explorer.victorian.bots import get_bot as victorian_bot  # noqa: E402
from explorer.victorian.game import VictorianGame  # noqa: E402

GOLDEN = ROOT / "tests" / "golden"
CONFLICT_FORMAT = "explorer.golden.conflict/1"


def _plain(value: Any) -> Any:
    """A result as JSON-able data: named tuples and dataclasses become objects, an ending its words."""
    if isinstance(value, Enum):
        return str(value)
    if dataclasses.is_dataclass(value):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value) if not f.name.startswith("_")}
    if isinstance(value, tuple) and hasattr(value, "_asdict"):
        return {k: _plain(v) for k, v in value._asdict().items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _text(lines: list[dict[str, Any]]) -> str:
    """JSON lines, with spaces after commas and colons for reading."""
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


@dataclass(frozen=True)
class WholeGame:
    """A whole game: ``players`` seats with the starring masterminds drawn from
    ``seed``, seat i played by ``bots[i]``."""

    name: str
    players: int
    seed: int
    bots: tuple[str, ...]

    def play(self) -> str:
        game = AsylumGame()
        policies = {seat: get_bot(bot) for seat, bot in enumerate(self.bots)}
        st = Stepper(game, game.new_game(self.players), self.seed, policies)
        st.run()
        return self.render(st)

    def render(self, st: Stepper) -> str:
        lines = log_lines(st, alog.LOG)
        lines[0] = {**lines[0], "bots": list(self.bots), "result": _plain(st.game.result(st.state))}
        return _text(lines)

    def replay(self, text: str) -> str:
        """The file's actions replayed by the rules alone, under its header's rules, rendered again."""
        return self.render(alog.replay_log(text))


@dataclass(frozen=True)
class ConflictAlone:
    """A conflict on its own: ``(name, level)`` villains a side, the first of each
    the mastermind, side 0 and side 1 played by the named conflict policies."""

    name: str
    seed: int
    attackers: tuple[tuple[str, int], ...]
    defenders: tuple[tuple[str, int], ...]
    policies: tuple[str, str]

    def start(self):
        roster = load_roster()
        team = lambda side: [roster[n].at_level(level) for n, level in side]  # noqa: E731
        return Conflict().start(team(self.attackers), team(self.defenders))

    def play(self) -> str:
        policies = {side: get_policy(p) for side, p in enumerate(self.policies)}
        st = Stepper(Conflict(), self.start(), self.seed, policies)
        st.run()
        return self.render(st)

    def render(self, st: Stepper) -> str:
        head = {
            "format": CONFLICT_FORMAT, "game": "asylum", "seed": self.seed,
            "attackers": [{"villain": n, "level": lv} for n, lv in self.attackers],
            "defenders": [{"villain": n, "level": lv} for n, lv in self.defenders],
            "policies": list(self.policies), "result": _plain(st.game.result(st.state)),
        }
        steps = [{"step": e.index, "player": e.player, "action": alog.action_to_json(e.action), "text": str(e.action),
                  "events": [ev.as_dict() for ev in e.events]} for e in st.history]
        return _text([head] + steps)

    def replay(self, text: str) -> str:
        rows = [json.loads(line) for line in text.splitlines() if line.strip()]
        if not rows or rows[0].get("format") != CONFLICT_FORMAT:
            raise ValueError(f"not a golden conflict (the header must have format {CONFLICT_FORMAT!r})")
        actions = [alog.action_from_json(row["action"]) for row in rows[1:]]
        return self.render(Stepper.replay(Conflict(), self.start(), self.seed, actions))


@dataclass(frozen=True)
class VictorianGameLog:
    """A whole Victorian game from the deal, the Heroes and the Villains played by
    the named bots (the file is an ordinary Victorian log: explorer.victorian.log)."""

    name: str
    seed: int
    heroes: str
    villains: str

    def play(self) -> str:
        game = VictorianGame()
        policies = {"heroes": victorian_bot(self.heroes), "villains": victorian_bot(self.villains)}
        st = Stepper(game, game.new_game(), self.seed, policies)
        st.run()
        return self.render(st)

    def render(self, st: Stepper) -> str:
        lines = log_lines(st, vlog.LOG)
        lines[0] = {**lines[0], "bots": {"heroes": self.heroes, "villains": self.villains},
                    "result": _plain(st.game.result(st.state))}
        return _text(lines)

    def replay(self, text: str) -> str:
        return self.render(vlog.replay_log(text))


@dataclass(frozen=True)
class DoomtrooperPlay:
    """A whole game of Doomtrooper: ``players`` seats with the sample decks, seat i played
    by ``bots[i]``, with ``rules`` changed from the rules file (the dice variant, say)."""

    name: str
    players: int
    seed: int
    bots: tuple[str, ...]
    rules: tuple[tuple[str, Any], ...] = ()

    def game(self):
        from explorer.doomtrooper.game import DoomtrooperGame
        from explorer.doomtrooper.params import override_rules

        return DoomtrooperGame(rules=override_rules(dict(self.rules)) if self.rules else None)

    def play(self) -> str:
        from explorer.doomtrooper.bots import get_bot

        game = self.game()
        st = Stepper(game, game.new_game(self.players), self.seed,
                     {seat: get_bot(bot) for seat, bot in enumerate(self.bots)})
        st.run()
        return self.render(st)

    def render(self, st: Stepper) -> str:
        lines = log_lines(st, dlog.LOG)
        lines[0] = {**lines[0], "bots": list(self.bots), "result": _plain(st.game.result(st.state))}
        return _text(lines)

    def replay(self, text: str) -> str:
        """The file's actions replayed under the rules its header records (no game given)."""
        return self.render(dlog.replay_log(text))


PLAYTHROUGHS = {p.name: p for p in (
    WholeGame("asylum-2p-greedy", players=2, seed=1, bots=("greedy", "greedy")),
    WholeGame("asylum-3p-random", players=3, seed=2, bots=("random", "random", "random")),
    WholeGame("asylum-4p-mixed", players=4, seed=3, bots=("greedy", "brawler", "cautious", "random")),
    ConflictAlone("conflict-3v3", seed=4, attackers=(("Doctor Cortex", 2), ("Oscar", 1), ("Scrapjaw", 1)),
                  defenders=(("Madame Nocturne", 1), ("Corporal Union", 3), ("Iron Maiden", 2)),
                  policies=("expected-vp", "random")),
    VictorianGameLog("victorian-greedy", seed=2, heroes="greedy", villains="greedy"),
    VictorianGameLog("victorian-random", seed=18, heroes="random", villains="random"),
    DoomtrooperPlay("doomtrooper-2p-greedy", players=2, seed=5, bots=("greedy", "greedy")),
    DoomtrooperPlay("doomtrooper-2p-dice-mixed", players=2, seed=6, bots=("greedy", "random"),
                    rules=(("dice", "2d6"), ("sabotage", True))),
)}


def path(name: str) -> Path:
    return GOLDEN / f"{name}.jsonl"


def _where(file: Path) -> str:
    """``file`` relative to the repository, for messages."""
    try:
        return str(file.relative_to(ROOT))
    except ValueError:
        return str(file)


def diff(old: str, new: str, name: str, limit: int = 40) -> str:
    """The first ``limit`` lines of a unified diff, committed file against now."""
    lines = list(difflib.unified_diff(old.splitlines(), new.splitlines(), f"tests/golden/{name}.jsonl (committed)",
                                      f"{name} (played now)", n=1, lineterm=""))
    more = f"\n... {len(lines) - limit} more diff lines" if len(lines) > limit else ""
    return "\n".join(lines[:limit]) + more


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Check or rewrite the golden playthroughs in tests/golden/.")
    ap.add_argument("--write", action="store_true", help="play them again and rewrite the files")
    ap.add_argument("names", nargs="*", help=f"which ones (default: all of {', '.join(PLAYTHROUGHS)})")
    args = ap.parse_args(argv)
    unknown = [n for n in args.names if n not in PLAYTHROUGHS]
    if unknown:
        ap.error(f"unknown playthrough(s) {', '.join(unknown)}; known: {', '.join(PLAYTHROUGHS)}")
    changed = 0
    for name in args.names or PLAYTHROUGHS:
        new = PLAYTHROUGHS[name].play()
        file = path(name)
        old = file.read_text() if file.exists() else ""
        if args.write:
            file.write_text(new)
            print(f"{'rewrote' if old != new else 'unchanged'} {_where(file)} ({new.count(chr(10))} lines)")
        elif old != new:
            changed += 1
            print(diff(old, new, name) if old else f"{_where(file)} is missing")
    if changed:
        print(f"\n{changed} playthrough(s) differ; if the change is intended: python tools/golden.py --write")
    return 1 if changed else 0


if __name__ == "__main__":
    raise SystemExit(main())
