"""Time the board questions bots ask most: ``distance`` and
``nearest_unvisited_plot_room``, 100k calls each on the shipped board.

Run from the repository root: ``python bench/bench_board.py`` once the package is
installed (``pip install -e .``), or ``python -m bench.bench_board`` without installing.
"""

from __future__ import annotations

import itertools
import random
import time

from explorer.asylum.board import PLOT_ROOMS, distance, load_board, nearest_unvisited_plot_room

CALLS = 100_000


def main() -> None:
    board = load_board()
    rooms = sorted(board)
    rng = random.Random(0)
    pairs = [(rng.choice(rooms), rng.choice(rooms)) for _ in range(1000)]
    visits = [(rng.choice(rooms), frozenset(rng.sample(PLOT_ROOMS, rng.randint(0, 3)))) for _ in range(1000)]
    distance(board, *pairs[0])  # build the cached tables outside the timing

    start = time.perf_counter()
    for a, b in itertools.islice(itertools.cycle(pairs), CALLS):
        distance(board, a, b)
    per_distance = (time.perf_counter() - start) / CALLS * 1e6

    start = time.perf_counter()
    for room, visited in itertools.islice(itertools.cycle(visits), CALLS):
        nearest_unvisited_plot_room(board, room, visited)
    per_nearest = (time.perf_counter() - start) / CALLS * 1e6

    print(f"board: {len(board)} rooms, {board.number_of_edges()} corridors")
    print(f"distance:                     {per_distance:.2f} µs per call")
    print(f"nearest_unvisited_plot_room:  {per_nearest:.2f} µs per call")


if __name__ == "__main__":
    main()
