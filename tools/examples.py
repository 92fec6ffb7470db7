"""Find a live example for every rule section by mining simulated games (run by hand).

For each game, plays seeded games under several bots and rule switches (the
``CONFIGS`` below: the command line's own ``simulate`` options), step by step,
and keeps for every section the shortest game prefix whose last step has an event
citing it (or ends the game by it), from the first setting that reaches it.  Rules
no event cites (they only govern a choice, or only forbid) are then looked for in a
few more games: the shortest prefix after which the rule governs the choice
offered, or forbids an action the "why not?" list tries.  Each kept prefix is
written as a game log with an ``example`` note in its header (see
:mod:`explorer.core.examples`) to ``data/examples/<game>/<section>.jsonl``, with the
order in which the games first used each section (``order.json``).  A section no
game reached is shown from a position built by hand when the game's ``built.toml``
(ours) sets one out: the rules, the hand-set start (the log header's ``setup``), the
actions played from it and, for a refusal, the action then tried; else it is
printed, to be shown by another rule's example (``shown_by.toml``).

    python tools/examples.py                      # every game, 10 games per setting
    python tools/examples.py victorian --games-per-setting 40
    python tools/examples.py doomtrooper --built  # only the built examples again (no mining)
    python tools/examples.py --check              # coverage and order on disk, nothing written
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from explorer.cli import build_parser  # noqa: E402
from explorer.core import examples as ex  # noqa: E402
from explorer.core.engine import Stepper  # noqa: E402
from explorer.core.data import read_toml  # noqa: E402
from explorer.core.log import action_from_json, export  # noqa: E402
from explorer.core.rulebook import sections as rule_sections  # noqa: E402
from explorer.core.simulation import rule_changes  # noqa: E402
from explorer.games import GAMES, spec  # noqa: E402

#: per game, the ``simulate`` options of each setting games are mined under (bots, switches, variants,
#: expansions with the sample deck that carries their cards)
CONFIGS: dict[str, list[list[str]]] = {
    "asylum": [[], ["--policy", "random"], ["--players", "2"], ["--players", "3", "--policy", "brawler"],
               ["--rule", "shuffled_turn_order=true"], ["--policy", "cautious"], ["--masterminds", "random"],
               ["--players", "6", "--masterminds", "random", "--policy", "random"],
               ["--players", "2", "--masterminds", "random", "--policy", "brawler"],
               ["--rule", "defeated_villains_act=true", "--rule", "snake_turn_order=true"],
               ["--rule", "turn_cap=5"]],
    "victorian": [[], ["--heroes", "random", "--villains", "random"], ["--heroes", "greedy", "--villains", "random"],
                  ["--heroes", "random", "--villains", "greedy"],
                  ["--rule", "second_plot_phase=true", "--rule", "alternate_turns=true"],
                  ["--rule", "always_offer_responses=true", "--heroes", "random"],
                  ["--rule", "turn_cap=2"],
                  ["--rule", "new_day_draw=5", "--rule", "victory_after_turn=50"]],  # decks run dry
    "doomtrooper": [
        [], ["--policy", "random"], ["--rule", "turn_cap=2"], ["--rule", "dice=2d6"],
        ["--rule", "dice=d20", "--policy", "random"],
        ["--players", "3"], ["--players", "4", "--rule", "style=teams"],
        ["--players", "3", "--rule", "style=primary_targets"],
        ["--rule", "sabotage=true", "--rule", "multiple_sabotage=true"],
        ["--rule", "discard_as_action=true", "--policy", "random"],
        ["--rule", "outpost=true", "--decks", "Dark Eden,Legion of Algeroth"],
        ["--rule", "outpost=true", "--decks", "Dark Eden,Dark Eden", "--policy", "random",
         "--rule", "first_edition_sergeants=true", "--rule", "first_edition_vehicles=true"],
        ["--rule", "outpost=true", "--decks", "Dark Eden,Imperial Crusade", "--rule", "many_vehicles=true",
         "--rule", "first_edition_direct_attack=true"],
        [*(w for s in ("relics", "warzones", "mortificator_poisons", "alliances", "ki_powers")
           for w in ("--rule", f"{s}=true")), "--decks", "Mishima Inquisition,Legion of Algeroth"],
        [*(w for s in ("relics", "warzones", "warzones_first_edition", "mortificator_poisons", "alliances",
                       "ki_powers", "ki_powers_any_warrior") for w in ("--rule", f"{s}=true")),
         "--decks", "Mishima Inquisition,Mishima Inquisition", "--policy", "random"],
        ["--rule", "first_edition_direct_attack=true", "--rule", "first_edition_sergeants=true",
         "--rule", "first_edition_vehicles=true"],
        *[["--variant", v] for v in ("colonization", "warzone", "limited_resources", "beat_down",
                                     "front_lines", "home_turf", "vortex")],
        *[["--variant", v, "--policy", "random"] for v in ("colonization", "warzone", "limited_resources",
                                                           "beat_down", "front_lines", "home_turf", "vortex")],
        ["--variant", "warzone", "--rule", "warzone_razing=true", "--policy", "random"],  # our switch
    ],
}
#: a mined game stops after this many steps
MAX_STEPS = 3000

#: section -> (step, log text, words that show the rule, how the game was found, kind, the action
#: a built refusal tries or None)
Best = dict[str, tuple[int, str, str, str, str, Any]]
#: the file, in a game's examples folder, of the positions built by hand (ours)
BUILT_FILE = "built.toml"


def settings(game: str):
    """Each setting of ``CONFIGS[game]`` ready to play, with its words: ``(ready, how)``."""
    game_spec = spec(game)
    for options in CONFIGS[game]:
        try:
            args = build_parser().parse_args(["simulate", game, *options])
            ready = game_spec.simulation.prepare(game_spec.simulation.setup(args, rule_changes(game_spec, args.rule)))
        except (SystemExit, ValueError) as err:
            print(f"  skipped {' '.join(options)}: {err}", file=sys.stderr)
            continue
        yield ready, f"mined: {game} with {' '.join(options) or 'the default bots and rules'}"


def applying(game: Any, entry: Any, kinds: tuple[str, ...], why_not: Any) -> dict[str, tuple[str, str]]:
    """section -> (kind, words) for every section that applies at ``entry``'s step in one
    of ``kinds`` (the first kind listed wins)."""
    found: dict[str, tuple[str, str]] = {}
    if "event" in kinds:
        for ev in entry.events:
            for s in ex.sections_of(ev):
                found.setdefault(s, ("event", ev.text))
    ending = ex.ending_of(game, entry.state) if "ending" in kinds else None
    if ending is not None:
        found.setdefault(ending.section, ("ending", f"the game ends: {ending.sentence(game.result(entry.state))}"))
    dec = game.decision(entry.state) if "decision" in kinds else None
    if dec is not None:
        found.setdefault(dec.rule.section, ("decision", f"the choice offered next: {dec.prompt or dec.rule.section}"))
    if "refused" in kinds and why_not is not None:
        for action in why_not(game, entry.state):
            refusal = game.illegal(entry.state, action)
            found.setdefault(refusal.rule.section, ("refused", f"not allowed now: {action}: {refusal.message}"))
    return found


def mine(game: str, games: int, wanted: set[str], kinds: tuple[str, ...] = ("event", "ending")) \
        -> tuple[Best, dict[str, dict[int, list[int]]]]:
    """``(best, firsts)``: section -> the shortest prefix whose last step shows it in one
    of ``kinds`` (see :data:`Best`), from the first setting of ``CONFIGS`` that reaches it
    (the plainest: a basic rule is shown in a basic game, not in a variant), and
    section -> setting -> the step of its first use in each game of that setting whose
    events used it."""
    game_spec = spec(game)
    why_not = game_spec.why_not if "refused" in kinds else None
    best: Best = {}
    rank: dict[str, int] = {}  # the setting each kept prefix comes from: the plainest setting wins
    firsts: dict[str, dict[int, list[int]]] = {}
    for setting, (ready, how) in enumerate(settings(game)):
        for i in range(games):
            seed = f"example#{i}"
            st = Stepper(ready.game, ready.start(), seed, ready.policies)
            seen: set[str] = set()
            while not st.over and len(st.history) < MAX_STEPS:
                entry = st.step()
                for s, (kind, words) in applying(ready.game, entry, kinds, why_not).items():
                    if kind == "event" and s not in seen:
                        seen.add(s)
                        firsts.setdefault(s, {}).setdefault(setting, []).append(entry.index)
                    if s in wanted and (s not in best or (rank[s], best[s][0]) > (setting, entry.index)):
                        best[s] = (entry.index, export(st, game_spec.log), words, f"{how}, seed {seed!r}", kind, None)
                        rank[s] = setting
    return best, firsts


def teaching_order(game: str, firsts: dict[str, dict[int, list[int]]]) -> list[tuple[str, float, int]]:
    """The sections in the order a learner meets them: by the mean step of first use over
    the games that use them, of the first (plainest) setting that does (ties in rulebook
    order), each with that mean and the number of games (sections no game uses are left
    out)."""
    ids = list(rule_sections(game))
    steps = {s: by_setting[min(by_setting)] for s, by_setting in firsts.items() if s in ids}
    used = sorted(steps, key=lambda s: (sum(steps[s]) / len(steps[s]), ids.index(s)))
    return [(s, round(sum(steps[s]) / len(steps[s]), 1), len(steps[s])) for s in used]


def build(game: str, wanted: set[str]) -> Best:
    """The examples of ``built.toml`` for the sections of ``wanted``: each hand-set start
    played on with its actions, kept when its last step cites the section (or, with
    ``tried``, the rules refuse that action there under the section)."""
    path = ex.folder(game) / BUILT_FILE
    log = spec(game).log
    out: Best = {}
    for section, row in (read_toml(path) if path.is_file() else {}).items():
        if section not in wanted:
            continue
        played = log.make(log.rules(row.get("rules", {})))
        head = {"players": row["players"], "setup": row["setup"], "seed": row["seed"]}
        st = Stepper(played, log.start(played, head), row["seed"])
        for action in row["actions"]:
            st.step(action_from_json(action, log))
        entry, how = st.history[-1], f"{ex.BUILT}{' '.join(row['why'].split())}"
        found = applying(played, entry, ("event",), None).get(section)
        tried = row.get("tried")
        if found is None and tried is not None:
            action = action_from_json(tried, log)
            found = applying(played, entry, ("refused",), lambda g, state: [action]).get(section)
        if found is None:
            print(f"  {game}: the position built for {section} no longer shows it", file=sys.stderr)
            continue
        kind, words = found
        out[section] = (entry.index, export(st, log), words, how, kind, tried if kind == "refused" else None)
    return out


def rebuild(game: str) -> None:
    """Write ``game``'s built examples again (their sections' mined examples are left as they are)."""
    made = build(game, set(rule_sections(game)) - set(ex.examples(game)) - set(ex.shown_by(game)) |
                 {s for s, e in ex.examples(game).items() if e.built})
    kept = {s: e for s, e in ex.examples(game).items() if not e.built}
    best: Best = {s: (e.step, e.path.read_text(encoding="utf-8"), e.text, e.how, e.kind, e.tried)
                  for s, e in kept.items()}
    write(game, {**best, **made})


def write(game: str, best: Best, order: list[tuple[str, float, int]] | None = None) -> None:
    """Replace ``game``'s stored examples with ``best`` (and its teaching order with ``order``)."""
    folder = ex.folder(game)
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.jsonl"):
        old.unlink()
    for section, (step, text, words, how, kind, tried) in sorted(best.items()):
        lines = text.splitlines()
        head = json.loads(lines[0])
        head["example"] = {"section": section, "step": step, "kind": kind, "text": words, "how": how,
                           **({"tried": tried} if tried is not None else {})}
        lines[0] = json.dumps(head, ensure_ascii=False, separators=(",", ":"))
        (folder / ex.file_name(section)).write_text("\n".join(lines) + "\n", encoding="utf-8")
    if order is not None:
        rows = [{"section": s, "mean_first_step": m, "games": n} for s, m, n in order]
        note = ("the order of first use: each section's mean step of first use over the mined games "
                "of the first setting that uses it (tools/examples.py)")
        (folder / ex.ORDER_FILE).write_text(json.dumps({"note": note, "order": rows}, indent=1) + "\n",
                                            encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("games", nargs="*", default=list(GAMES), help="the games to mine (default: all)")
    p.add_argument("--games-per-setting", dest="n", type=int, default=10)
    p.add_argument("--refusals", type=int, default=3,
                   help="games per setting searched for choices and refusals of the rules no event cites")
    p.add_argument("--check", action="store_true", help="print the coverage on disk and stop")
    p.add_argument("--built", action="store_true", help="write the built examples again, mine nothing")
    args = p.parse_args(argv)
    for game in args.games:
        ids = list(rule_sections(game))
        if args.built:
            rebuild(game)
        elif not args.check:
            t = time.time()
            best, firsts = mine(game, args.n, set(ids))
            rest = set(ids) - set(best) - set(ex.shown_by(game))
            if rest:  # rules no event cites: where they govern a choice or forbid an action
                more, _ = mine(game, args.refusals, rest, ("decision", "refused"))
                best.update(more)
            best.update(build(game, set(ids) - set(best)))
            order = teaching_order(game, firsts)
            write(game, best, order)
            print(f"{game}: mined in {time.time() - t:.0f} s")
        print(f"{game}: the order of first use: " + ", ".join(ex.teaching_order(game)))
        both = set(ex.shown_by(game)) & set(ex.examples(game))
        if both:
            print(f"  now with an example of their own (remove them from {ex.SHOWN_FILE}): " + ", ".join(sorted(both)))
            continue
        _, missing = ex.coverage(game, ids)
        print(ex.coverage_line(spec(game).title, game, ids))
        if missing:
            print("  no game reached: " + ", ".join(missing))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
