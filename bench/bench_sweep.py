"""Time a what-if sweep: 10 points x 1,000 Doom Asylum games, serially, on the local
process pool and on a 2-worker Dask LocalCluster (the targets of the what-if issue:
the pool at least 1.7x faster than serial, Dask within 15% of the pool).

    python bench/bench_sweep.py                  # 10 x 1000 games, each scheduler twice (about 2 minutes)
    python bench/bench_sweep.py --games 200      # quicker
"""

from __future__ import annotations

import argparse
import time

from explorer import whatif


def timed(label: str, fn, repeat: int = 2) -> tuple[str, float, object]:
    """The best of ``repeat`` runs (the usual way to time on a shared machine)."""
    best, out = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t)
    return label, best, out


def warm() -> None:
    """A few games in this process: imports done, attack odds cached."""
    from explorer.whatif.jobs import jobs, play_job

    for job in jobs("asylum", {}, {"players": 4, "policy": "greedy", "masterminds": "star"}, "warm", 100):
        play_job(job)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--points", type=int, default=10)
    args = ap.parse_args()
    values = list(range(1, 1 + args.points))  # vp_maneuver 1..10: ten points
    params = {"vp_maneuver": values}
    kw = dict(games=args.games, seed=1, progress=False)
    total = args.points * args.games
    warm()
    rows = [timed("serial", lambda: whatif.sweep("asylum", params, scheduler="serial", **kw)),
            timed("local pool", lambda: whatif.sweep("asylum", params, scheduler=None, **kw))]
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster, \
            Client(cluster) as client:
        client.run(warm)  # every worker imports the package and fills its caches, as the pool's forks inherit
        rows.append(timed("dask LocalCluster (2 workers)", lambda: whatif.sweep("asylum", params, scheduler=client,
                                                                                **kw)))
    print(f"sweep: {args.points} points x {args.games} games = {total} four-player greedy games (best of 2 runs)")
    for label, secs, _ in rows:
        print(f"  {label:<32} {secs:7.2f} s   {total / secs:7.0f} games/s")
    serial, pool, dask = (r[1] for r in rows)
    print(f"  pool vs serial: {serial / pool:.2f}x faster (target 1.7x); dask vs pool: {dask / pool - 1:+.1%} "
          "(target within 15%)")
    same = all(r[2].equals(rows[0][2]) for r in rows[1:])
    print(f"  identical results on every scheduler: {same}")


if __name__ == "__main__":
    main()
