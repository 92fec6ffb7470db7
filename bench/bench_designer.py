"""The designer's numbers at full size, by hand: skill against luck per game and
variant, the cards tables of the card games, and what comparisons that stop when
they know save against runs of fixed size.

    python bench/bench_designer.py                    # 400 games a seat, every card ablated (about an hour)
    python bench/bench_designer.py --games 100 --ablate 10 --parts skill,cards
    python bench/bench_designer.py --strong search --weak greedy
    python bench/bench_designer.py --parts skill --strong search --weak greedy --games 25 --only asylum \
        --skill-out notebooks/designer                 # kept for the designer page: skill_search_asylum.parquet
    python bench/bench_designer.py --parts skill --strong search --weak greedy --only doomtrooper \
        --skill-out notebooks/designer --stale         # play again only the variants today's code has changed for
    python bench/bench_designer.py --parts endings --games 5 --endings-bots search:20 \
        --out notebooks/designer/variant_endings_search.parquet       # which variants end, under search

Every run is seeded (``--seed``): the same command prints the same numbers.  A kept
file is stamped with the probe hash of the code that played it
(:func:`explorer.whatif.stored.stamp`): after a change that plays the probe games
alike, ``--stale`` plays nothing again (``python -m explorer kept FILE`` says so).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from explorer import whatif
from explorer.games import spec
from explorer.whatif.report import cards_text, endings_text, sequential_text, skill_text

#: the variants whose skill against luck is measured, per game (the base game first)
VARIANTS = {
    "asylum": [{}, {"shuffled_turn_order": True}, {"snake_turn_order": True}],
    "victorian": [{}],
    "doomtrooper": [{}, {"dice": "2d6"}],
}

#: comparisons that stop when they know: (game, variant, metric), each asked with --until
SEQUENTIAL = [
    ("asylum", {"shuffled_turn_order": True}, "win_seat_0"),
    ("asylum", {"maneuver_target": 7}, "win_seat_0"),
    ("victorian", {"new_day_draw": 2}, "win_heroes"),
    ("doomtrooper", {"dice": "2d6"}, "win_seat_0"),
]


def doomtrooper_variants() -> list[dict]:
    """The base game, the dice variant, and every variant of play the rules file lists."""
    choices = spec("doomtrooper").metrics.parameters().get("variant", {}).get("choices", ())
    return VARIANTS["doomtrooper"] + [{"variant": c} for c in choices if c != "standard"]


def skill_part(args) -> None:
    """Skill against luck per game and variant; with ``--skill-out`` each game's tables are
    kept in ``skill_<strong>_<game>.parquet`` there (with the commit that played them),
    for the designer page to read back instead of playing them again.  The file is
    written after each variant, so a long run stopped half way keeps what it played."""
    from explorer.whatif.skill import skill_rows
    from explorer.whatif.stored import fingerprint, stamp, write_rows

    bots = {"strong": args.strong, "weak": args.weak}
    for game in args.only.split(","):
        variants = doomtrooper_variants() if game == "doomtrooper" else VARIANTS[game]
        if args.variants:
            variants = [v for v in variants if variant_name(v) in args.variants.split(",")]
        path = Path(args.skill_out or ".") / f"skill_{args.strong.partition(':')[0]}_{game}.parquet"
        meta = {"setting:strong": args.strong, "setting:weak": args.weak}
        if args.stale and path.exists():
            stamp(path)  # rows played by older code that plays alike are current: keep them, stamped
        kept = stale_runs(path, variants) if args.stale else {}
        if args.stale:
            variants = [v for v in variants if variant_label(v) in kept]
            print(f"{game}: {len(variants)} variant(s) to play again: "
                  + (", ".join(variant_name(v) for v in variants) or "none, every kept row is current") + "\n")
        rows = []
        for v in variants[:args.max_variants]:
            games, seed = kept.get(variant_label(v), (args.games, args.seed))
            began, commit = fingerprint(game, bots), head_commit()  # the code and data that play this variant
            t = time.perf_counter()
            try:
                frame = whatif.skill(game, games=games, seed=seed, variant=v or None, strong=args.strong,
                                     weak=args.weak, progress=False, scheduler=args.scheduler)
            except ValueError as exc:  # a variant the game cannot seat this way (its own number of players)
                print(f"{game} {v}: not measured ({exc})\n")
                continue
            print(skill_text(frame))
            print(f"({time.perf_counter() - t:.0f} s)\n", flush=True)
            if fingerprint(game, bots) != began:
                print(f"warning: the code or data changed while {variant_name(v)} played: its rows keep the "
                      "fingerprint it began with and will read as stale; play it again with --stale, or, if the "
                      "change plays alike, stamp them with the probe hash of the commit that played them\n",
                      flush=True)
            rows += [{**r, **meta, "fingerprint": began, "commit": commit} for r in skill_rows(frame)]
            if args.skill_out:
                write_rows(path, merged(path, rows) if args.add or args.stale else rows)
                stamp(path)  # with today's probe hash: a later change that plays alike leaves it current


def variant_name(variant: dict) -> str:
    """A variant as ``--variants`` names it: ``base``, a variant of play (``warzone``), or ``rule=value``.

    >>> variant_name({}), variant_name({"variant": "warzone"}), variant_name({"dice": "2d6"})
    ('base', 'warzone', 'dice=2d6')
    """
    from explorer.whatif.variants import label

    return variant.get("variant") or label(tuple(sorted(variant.items()))) or "base"


def variant_label(variant: dict) -> str:
    """A variant as a skill table's rows name it.

    >>> variant_label({}), variant_label({"variant": "warzone"})
    ('base (the data as it is)', 'variant = warzone')
    """
    from explorer.whatif.variants import variant as as_variant

    return as_variant(variant or None).describe()


def stale_runs(path: Path, variants: list[dict]) -> dict[str, tuple[int, str]]:
    """``--stale``: the variants of ``variants`` whose rows kept in ``path`` were played by
    other rules or bots than today's, each with the games a seat and the seed it was
    played with, to be played again as it was (a variant not kept is left out: add it
    with ``--add --variants``)."""
    from explorer.whatif.stored import recorded

    if not path.exists():
        raise SystemExit(f"error: --stale: nothing kept at {path}")
    frame = recorded(path)
    runs = {}
    for v in variants:
        rows = frame[frame["variant"].astype(str) == variant_label(v)]
        if len(rows) and not rows["current"].all():
            runs[variant_label(v)] = (int(rows["games"].iloc[0]), str(rows["seed"].iloc[0]))
    return runs


def merged(path: Path, rows: list[dict]) -> list[dict]:
    """The rows kept in ``path`` with those of each variant in ``rows`` put in their place
    (``--add``: a run of a few variants joins the kept ones, or replaces theirs where
    they stand; a new variant goes last).  Each row keeps its own commit and fingerprint,
    so the page says which variants were played by today's code and which by older
    rules or bots (a long run can be played again a variant at a time)."""
    from explorer.whatif.stored import read_rows

    new: dict[str, list[dict]] = {}
    for r in rows:
        new.setdefault(r["variant"], []).append(r)
    out: list[dict] = []
    placed: set[str] = set()
    for r in (read_rows(path).to_dict("records") if path.exists() else []):
        name = r["variant"]
        if name not in new:
            out.append(r)
        elif name not in placed:
            out += new[name]
            placed.add(name)
    return out + [r for name, rs in new.items() if name not in placed for r in rs]


def cards_part(args) -> None:
    ablate = "all" if args.ablate == "all" else int(args.ablate)
    for game in ("victorian", "doomtrooper"):
        t = time.perf_counter()
        frame = whatif.card_stats(game, games=args.games, seed=args.seed, ablate=ablate, progress=False)
        print(cards_text(frame, top=args.top))
        print(f"({time.perf_counter() - t:.0f} s)\n")


def sequential_part(args) -> None:
    for game, v, metric in SEQUENTIAL:
        t = time.perf_counter()
        frame = whatif.compare(game, v, games=args.max_games, seed=args.seed, until=args.until, metric=metric,
                               batch=args.batch, progress=False)
        row = frame.loc[metric]
        print(f"{spec(game).title}, {frame.attrs['variant']}: {row['label']} {row['base']:.3f} -> "
              f"{row['variant']:.3f}, difference {row['diff']:+.3f} ({row['ci_low']:+.3f} to {row['ci_high']:+.3f})")
        print(sequential_text(frame))
        print(f"({time.perf_counter() - t:.0f} s)\n")


def head_commit() -> str:
    """The short hash of the checked-out commit (the code a kept run was played by)."""
    import subprocess

    return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                          cwd=Path(__file__).parent).stdout.strip()


def endings_part(args) -> None:
    """Which of Doomtrooper's variants end by their own goal, under ``--endings-bots`` on
    every seat; with ``--out`` the run is kept (with the commit that played it) for
    the designer notebook, which reads it back instead of playing it again."""
    from explorer.whatif.stored import read_rows, stamp, write_rows

    variants = [v["variant"] for v in doomtrooper_variants() if "variant" in v]
    variants.sort(key=lambda v: v == "front_lines")  # four seats, each searching: the longest, last
    commit = head_commit()  # the code that plays, before it plays
    t = time.perf_counter()
    frame = whatif.sweep("doomtrooper", {"variant": ["standard", *variants]}, games=args.games, seed=args.seed,
                         bots=args.endings_bots, out=args.out, scheduler=args.scheduler or "serial",
                         progress=True)
    print(f"Doomtrooper's variants, {args.endings_bots} on every seat, seed {args.seed}:")
    print(endings_text(frame))
    print(f"({time.perf_counter() - t:.0f} s)\n")
    if args.out:
        kept = read_rows(Path(args.out))
        kept["commit"] = kept["commit"].fillna(commit) if "commit" in kept else commit  # carried rows keep theirs
        write_rows(Path(args.out), kept.to_dict("records"))
        stamp(args.out)


PARTS = {"skill": skill_part, "cards": cards_part, "sequential": sequential_part, "endings": endings_part}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400, help="games a seat (skill) or a card run (cards)")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--strong", default="greedy")
    ap.add_argument("--weak", default="random")
    ap.add_argument("--ablate", default="all", help="cards to play again as blanks: a number, or all")
    ap.add_argument("--top", type=int, default=10, help="cards shown at each end of a cards table")
    ap.add_argument("--until", type=float, default=0.02, help="the half-width a sequential comparison asks")
    ap.add_argument("--batch", type=int, default=200)
    ap.add_argument("--max-games", type=int, default=20_000)
    ap.add_argument("--endings-bots", default="greedy", help="the bots of every seat in the endings part")
    ap.add_argument("--out", default=None, help="keep the endings part's run in this .parquet file")
    ap.add_argument("--parts", default="skill,cards,sequential", help=f"any of {', '.join(PARTS)}")
    ap.add_argument("--only", default="asylum,victorian,doomtrooper", help="the games of the skill part")
    ap.add_argument("--max-variants", type=int, default=None, help="the skill part: the first N variants a game")
    ap.add_argument("--variants", default=None, help="the skill part: only these variants (base, warzone, dice=2d6, ...)")
    ap.add_argument("--add", action="store_true", help="the skill part: join the rows kept for other variants (each keeps its commit)")
    ap.add_argument("--stale", action="store_true",
                    help="the skill part: play again only the variants whose kept rows today's rules or bots have "
                         "changed for, with their own games and seed, each put back in its place")
    ap.add_argument("--skill-out", default=None, metavar="FOLDER", help="keep the skill part's tables there")
    ap.add_argument("--scheduler", default=None,
                    help="where the skill part plays (default: the machine's cores) and the endings part (default: serial)")
    args = ap.parse_args()
    if args.stale and not args.skill_out:
        ap.error("--stale plays again the rows kept in --skill-out: name that folder")
    for part in args.parts.split(","):
        print(f"== {part} ==\n")
        PARTS[part.strip()](args)


if __name__ == "__main__":
    main()
