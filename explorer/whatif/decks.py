"""The seat or the deck?  When one seat of a card game wins more often, it may be
its place at the table (the first turn) or the deck it was dealt.  Here every
seat plays every deck: the decks dealt go round the seats, one order after
another, on the same seeds, so each seat's average over the orders has the decks
balanced out of it and each deck's average has the seats balanced out of it.

Order ``k`` deals seat ``seats[j]`` the deck dealt to ``seats[(j + k) % m]`` (``m``
seats rotating; order 0 is the deal as it is).  Every order plays games ``"S#0"``
to ``"S#<games-1>"``, so the averages are paired game by game, as in
:func:`~explorer.whatif.skill.skill`.  Only games that deal decks by name to
the seats (Doomtrooper's sample decks) have a choice to rotate.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from ..games import GAMES
from ..games import spec as game_spec
from . import jobs as _jobs
from . import stats
from .card_stats import hooks
from .settings import OUTCOMES, check_settings, metric_list, prepared, run_settings
from .skill import checked_run, even_share
from .stored import check_out, keep, run_meta
from .variants import Variant


def dealt_decks(game: str, overrides: Mapping[str, Any], settings: Mapping[str, Any]) -> list[str]:
    """The sample decks a game of the run deals, by name, seat by seat (a setting
    ``decks`` if given, else the game's or its variant's own)."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; the games are {', '.join(GAMES)}")
    if "decks" not in game_spec(game).metrics.SETTINGS:
        dealing = [g for g in GAMES if "decks" in game_spec(g).metrics.SETTINGS]
        raise ValueError(f"{game_spec(game).title} deals no decks by name to the seats; "
                         f"{', '.join(game_spec(g).title for g in dealing)} does")
    prep = prepared(game, overrides, settings)  # a setting the game refuses fails here; its game deals the decks
    names = hooks(game).dealt_names(prep.game, prep.seats)
    own = [s for s, n in enumerate(names) if n is None]
    if own:
        raise ValueError(f"seat {own[0]} plays a deck given card by card, not a sample deck by name: "
                         "nothing to deal to another seat")
    return names


def rotated(decks: Sequence[str], seats: Sequence[int], k: int) -> list[str]:
    """Order ``k``: the decks of ``seats`` moved on ``k`` places, the others kept.

    >>> rotated(["A", "B", "C"], [0, 1, 2], 1)
    ['B', 'C', 'A']
    >>> rotated(["A", "C", "B"], [0, 2], 1)
    ['B', 'C', 'A']
    """
    out = list(decks)
    for j, s in enumerate(seats):
        out[s] = decks[seats[(j + k) % len(seats)]]
    return out


def seat_or_deck(game: str, games: int = 400, seed: int | str = 1,
                 variant: Any = None, *, bots: str | Sequence[str] | None = None,
                 seats: Sequence[int] | None = None, scheduler: Any = None, progress: bool = True,
                 out: str | os.PathLike | None = None, **settings: Any):
    """Whose edge is it, the seat's or the deck's?  Plays ``games`` seeded games in
    each order of the decks round ``seats`` (default: every seat) and returns a
    DataFrame with a row per seat (``by`` = ``"seat"``: its wins with the decks
    balanced), per deck (``"deck"``: its wins with the seats balanced), and per deck
    in each seat (``"deck in seat"``: the games of the orders that deal it there;
    a deck dealt to several seats counts the share of their games each won).
    Columns ``by``, ``name``, ``games``, ``wins``, ``ci_low``, ``ci_high`` (95%),
    ``even`` (a seat's share if neither seat nor deck mattered).  ``variant``: rules changed for the run (a
    mapping, a TOML variant file); ``settings``: the game's (players, decks).  ``out`` (``.parquet`` or
    ``.csv``): the table is kept there and read back next time instead of played, while the rules code and
    data play it alike (:func:`~explorer.whatif.stored.keep`).

    >>> df = seat_or_deck("doomtrooper", games=2, seed=1, scheduler="serial", progress=False)
    >>> [f"{b}: {n}" for b, n in zip(df["by"], df["name"])][:4]
    ['seat: seat 0', 'seat: seat 1', 'deck: Imperial Crusade', 'deck: Legion of Algeroth']
    """
    import pandas as pd

    path = check_out(out) if out is not None else None
    v = checked_run(game, variant, games)  # the bots stay where they sit: bots= or a policy setting
    settings = run_settings(game, bots, settings)
    decks = dealt_decks(game, v.mapping, settings)
    n = len(decks)
    seats = _seats(seats, n)
    if len(set(decks[s] for s in seats)) < 2:
        raise ValueError(f"the seats {', '.join(map(str, seats))} all play {decks[seats[0]]}: "
                         "no other deck to deal them (give decks=... or other seats)")
    orders = [rotated(decks, seats, k) for k in range(len(seats))]
    runs = [{**settings, "decks": ",".join(order)} for order in orders]
    for one in runs:  # a deal the game refuses (a variant's own seat) fails here, before any game is played
        try:
            check_settings(game, v.mapping, one)
        except ValueError as exc:
            raise ValueError(f"dealt {one['decks']}: {exc}; deal the decks round other seats (seats=, "
                             "--seats)") from None
    wins = [m.name for m in metric_list(game, settings) if m.group in OUTCOMES][:n]
    meta = run_meta(game, settings, run="seat-or-deck", variant=v.describe(), seats=",".join(map(str, seats)),
                    seed=str(seed), run_games=games)  # (each row has its own games)
    rows = keep(path, meta, "the seat or the deck", lambda: _play(game, v, runs, orders, seats, wins, games, seed,
                                                                  scheduler, progress))
    frame = pd.DataFrame([{c: r[c] for c in COLUMNS} for r in rows], columns=COLUMNS)  # played or read back, alike
    frame.attrs.update(game=game, variant=v.describe(), seed=str(seed), games=games, decks=decks, seats=seats,
                       bots=str(settings["policy"]), settings={k: x for k, x in settings.items() if k != "decks"})
    return frame


#: the table's columns (see :func:`seat_or_deck`)
COLUMNS = ["by", "name", "games", "wins", "ci_low", "ci_high", "even"]


def _play(game: str, v: Variant, runs: list[dict[str, Any]], orders: list[list[str]], seats: list[int],
          wins: list[str], games: int, seed: int | str, scheduler: Any, progress: bool) -> list[dict[str, Any]]:
    """The rows of :func:`seat_or_deck`, played: every order of the decks in one batch of jobs."""
    played = _jobs.play_runs(game, [(v.mapping, one) for one in runs], seed, games, scheduler, progress)
    even = even_share([r for rows in played for r in rows], wins)

    def balanced(by: str, name: str, value) -> dict[str, Any]:
        """A row of the average over the orders, game by game (``value(k, row)``)."""
        per_game = [stats.mean([value(k, played[k][i]) for k in range(len(orders))]) for i in range(games)]
        est, lo, hi = stats.interval(per_game)
        _, w_lo, w_hi = stats.interval(per_game, rate=True)  # Wilson's on the seeds: never a zero width
        return {"by": by, "name": name, "games": games * len(orders), "wins": est,
                "ci_low": max(0.0, min(lo, w_lo)), "ci_high": min(1.0, max(hi, w_hi)), "even": even}

    decks = orders[0]
    rows = [balanced("seat", f"seat {s}", lambda k, r, s=s: r[wins[s]]) for s in seats]
    for name in dict.fromkeys(decks[s] for s in seats):
        rows.append(balanced("deck", name, lambda k, r, name=name: stats.mean(
            [r[wins[s]] for s in seats if orders[k][s] == name])))
    for s in seats:
        for name in dict.fromkeys(order[s] for order in orders):  # a deck dealt twice: its orders' games together
            won = [r[wins[s]] for k, order in enumerate(orders) if order[s] == name for r in played[k]]
            est, lo, hi = stats.interval(won, rate=True)
            rows.append({"by": "deck in seat", "name": f"{name} in seat {s}", "games": len(won), "wins": est,
                         "ci_low": lo, "ci_high": hi, "even": even})
    return rows


def _seats(seats: Sequence[int] | None, n: int) -> list[int]:
    if seats is None:
        return list(range(n))
    chosen = list(dict.fromkeys(seats))
    bad = [s for s in chosen if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < n]
    if bad:
        raise ValueError(f"seat {bad[0]!r}: the seats are 0 to {n - 1}")
    if len(chosen) < 2:
        raise ValueError("give at least two seats to deal each other's decks")
    return sorted(chosen)


__all__ = ["dealt_decks", "rotated", "seat_or_deck"]
