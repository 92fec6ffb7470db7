"""Find a live example for every rule section by mining simulated games (run by hand).

For each game, plays seeded games under several bots and rule switches (the
``CONFIGS`` below: the command line's own ``simulate`` options), step by step,
and keeps for every section the shortest game prefix whose last step cites it.
Each kept prefix is written as a game log with an ``example`` note in its header
(see :mod:`explorer.core.examples`) to ``data/examples/<game>/<section>.jsonl``;
sections no game reached are printed, for a position built by hand.

    python tools/examples.py                      # every game, 30 games per setting
    python tools/examples.py victorian --games 60
    python tools/examples.py --check              # coverage only, nothing written
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from explorer.cli import build_parser  # noqa: E402
from explorer.core import examples as ex  # noqa: E402
from explorer.core.engine import Stepper  # noqa: E402
from explorer.core.log import export  # noqa: E402
from explorer.core.rulebook import sections as rule_sections  # noqa: E402
from explorer.core.simulation import rule_changes  # noqa: E402
from explorer.games import GAMES, spec  # noqa: E402

#: per game, the ``simulate`` options of each setting games are mined under (bots, switches, variants)
CONFIGS: dict[str, list[list[str]]] = {
    "asylum": [[], ["--policy", "random"], ["--players", "2"], ["--players", "3", "--policy", "brawler"],
               ["--rule", "shuffled_turn_order=true"], ["--policy", "cautious"]],
    "victorian": [[], ["--heroes", "random", "--villains", "random"], ["--heroes", "greedy", "--villains", "random"],
                  ["--heroes", "random", "--villains", "greedy"]],
    "doomtrooper": [[], ["--policy", "random"], ["--rule", "dice=2d6"], ["--players", "3"],
                    *[["--variant", v] for v in ("colonization", "warzone", "limited_resources", "beat_down",
                                                 "front_lines", "home_turf", "vortex")]],
}
#: a mined game stops after this many steps
MAX_STEPS = 3000


def mine(game: str, games: int, wanted: set[str]) -> dict[str, tuple[int, str, str, str]]:
    """section -> (step, log text, event words, how) for the shortest prefix found."""
    game_spec = spec(game)
    best: dict[str, tuple[int, str, str, str]] = {}
    for options in CONFIGS[game]:
        try:
            args = build_parser().parse_args(["simulate", game, *options])
            ready = game_spec.simulation.prepare(game_spec.simulation.setup(args, rule_changes(game_spec, args.rule)))
        except (SystemExit, ValueError) as err:
            print(f"  skipped {' '.join(options)}: {err}", file=sys.stderr)
            continue
        how = f"mined: {game} with {' '.join(options) or 'the default bots and rules'}"
        for i in range(games):
            seed = f"example#{i}"
            st = Stepper(ready.game, ready.start(), seed, ready.policies)
            while not st.over and len(st.history) < MAX_STEPS:
                entry = st.step()
                for ev in entry.events:
                    s = ev.rule.section
                    if s in wanted and (s not in best or best[s][0] > entry.index):
                        best[s] = (entry.index, export(st, game_spec.log), ev.text, f"{how}, seed {seed!r}")
    return best


def write(game: str, best: dict[str, tuple[int, str, str, str]]) -> None:
    folder = ex.folder(game)
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.jsonl"):
        old.unlink()
    for section, (step, text, words, how) in sorted(best.items()):
        lines = text.splitlines()
        head = json.loads(lines[0])
        head["example"] = {"section": section, "step": step, "text": words, "how": how}
        lines[0] = json.dumps(head, ensure_ascii=False, separators=(",", ":"))
        (folder / ex.file_name(section)).write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("games", nargs="*", default=list(GAMES), help="the games to mine (default: all)")
    p.add_argument("--games-per-setting", dest="n", type=int, default=30)
    p.add_argument("--check", action="store_true", help="print the coverage on disk and stop")
    args = p.parse_args(argv)
    for game in args.games:
        ids = list(rule_sections(game))
        if not args.check:
            t = time.time()
            best = mine(game, args.n, set(ids))
            write(game, best)
            print(f"{game}: mined in {time.time() - t:.0f} s")
        covered, missing = ex.coverage(game, ids)
        print(f"{game}: {len(covered)} of {len(ids)} sections have a live example")
        if missing:
            print("  no game reached: " + ", ".join(missing))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
