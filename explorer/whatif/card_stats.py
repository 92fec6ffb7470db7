"""Cards that win (the card games): for every card of every deck, how its side
fares in games where it was drawn and where it was not, and what it is worth.

* **Drawn or not**: the win rate of the card's side in games where the side drew
  the card (the deal counts) against games where it did not, as 17lands reports
  for Magic drafts.  It is biased: a card drawn late shows up in long games, a card
  in a deck that draws many cards shows up in every game.
* **Ablation**: the same seeds played again with the card replaced by a *blank*
  (the game's own blank, ours: the same name, so the deal and the draws are the
  same, but it does nothing).  The paired difference of the side's win rate, with
  the card minus with the blank, is what the card is worth to its side, with a 95%
  interval.  It costs a run per card: ``ablate`` says for how many.

A game offers this through its spec's ``card_stats`` extra: ``deck_of``,
``seat_label``, ``drawn`` and ``blank`` (see :mod:`explorer.victorian.ablation`).
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ..core.runs import game_seed, run_jobs
from ..core.sampler import simulate
from ..games import GAMES
from ..games import spec as game_spec
from . import stats
from .compare import check_games, prepared, run_settings
from .stored import check_out, keep, run_meta
from .variants import Variant, check
from .variants import variant as as_variant

#: games a run plays per job
CHUNK = 25


class CardJob(NamedTuple):
    """Games ``start`` to ``stop - 1``, with one seat's card blanked (``blank``) or none."""

    game: str
    overrides: tuple[tuple[str, Any], ...]
    settings: tuple[tuple[str, Any], ...]
    seed: str
    start: int
    stop: int
    blank: tuple[int, str] | None = None


_MADE: dict[str, tuple[Any, Any, Any, tuple[tuple[str, ...], ...]]] = {}


def _setup(job: CardJob) -> tuple[Any, Any, Any, tuple[tuple[str, ...], ...]]:
    """The job's game, first state, bots and each seat's cards, made once per process."""
    key = repr((job.game, job.overrides, job.settings, job.blank))
    if key not in _MADE:
        prep = prepared(job.game, dict(job.overrides), dict(job.settings))
        game, start = prep.game, prep.start()
        decks = tuple(tuple(sorted(hooks(job.game).deck_of(game, start, s))) for s in range(prep.seats))
        if job.blank is not None:
            game, start = hooks(job.game).blank(game, start, *job.blank)
        if len(_MADE) > 64:
            _MADE.clear()
        _MADE[key] = (game, start, prep.policies, decks)
    return _MADE[key]


def play_card_job(job: CardJob) -> list[dict[str, float]]:
    """Play a job's games: each seat's win (``win_S``) and, without a blank, whether
    each seat drew each card of its deck (``drawn_S:CARD``, 1 or 0: every game has
    the same keys, as a Dask worker sends them)."""
    game, start, policies, decks = _setup(job)
    drawn = hooks(job.game).drawn
    out = []
    for i in range(job.start, job.stop):
        playout = simulate(game, start, policies, game_seed(job.seed, i), keep_events=job.blank is None)
        row = {f"win_{s}": float(playout.result.won(s)) for s in range(len(decks))}
        if job.blank is None:
            for s, deck in enumerate(decks):
                got = drawn(playout.events, s)
                row.update({f"drawn_{s}:{card}": float(card in got) for card in deck})
        out.append(row)
    return out


def hooks(game: str) -> Any:
    """The game's card hooks; a game without cards to count is a ValueError."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; the games are {', '.join(GAMES)}")
    found = game_spec(game).extras.get("card_stats")
    if found is None:
        card_games = [g for g in GAMES if game_spec(g).extras.get("card_stats") is not None]
        raise ValueError(f"{game} has no decks of cards to measure; the card games are {', '.join(card_games)}")
    return found


def _jobs(game: str, v: Variant, settings: Mapping[str, Any], seed: int | str, games: int,
          blank: tuple[int, str] | None = None) -> list[CardJob]:
    o, s = tuple(sorted(v.mapping.items())), tuple(sorted(settings.items()))
    return [CardJob(game, o, s, str(seed), i, min(games, i + CHUNK), blank) for i in range(0, games, CHUNK)]


def card_stats(game: str, games: int = 200, seed: int | str = 1,
               variant: Variant | Mapping[str, Any] | str | os.PathLike | None = None, *, ablate: int | str = 5,
               bots: str | Sequence[str] | None = None, scheduler: Any = None, progress: bool = True,
               out: str | os.PathLike | None = None, **settings: Any):
    """A DataFrame with a row per card of each seat's deck: ``side``, ``card``,
    ``copies``, ``drawn`` (in how many games its side drew it), ``win_drawn`` and
    ``win_not`` (its side's win rate in those games and in the others, each with
    ``_ci_low``/``_ci_high``), ``gap`` (their difference, with Newcombe's 95%
    interval) and ``worth`` (the ablation: the side's win rate with the card minus
    with a blank, same seeds, with a paired 95% interval; NaN for a card not
    ablated).  ``ablate``: how many cards to ablate, those with the widest gap
    first, or ``"all"``.  Sorted by worth, then gap, best first.  ``out`` (``.parquet`` or
    ``.csv``): the table is kept there and read back next time instead of played, while
    the rules code and data play it alike (:func:`~explorer.whatif.stored.keep`).

    >>> df = card_stats("victorian", games=4, seed=1, ablate=1, scheduler="serial", progress=False)
    >>> int(df["worth"].notna().sum()), list(df.columns[:4])
    (1, ['side', 'card', 'copies', 'drawn'])
    """
    import pandas as pd

    card_hooks = hooks(game)
    path = check_out(out) if out is not None else None
    v = as_variant(variant)  # (None: the base game)
    check(game, v)
    check_games(games)
    to_ablate([], ablate)  # a bad ablate fails here, before any game is played
    settings = run_settings(game, bots, settings)
    meta = run_meta(game, settings, run="cards", variant=v.describe(), seed=str(seed), games=games, ablate=str(ablate))
    rows = keep(path, meta, "cards that win", lambda: _table(game, v, games, seed, ablate, settings, scheduler,
                                                             progress, card_hooks))
    frame = pd.DataFrame([{c: r[c] for c in COLUMNS[1:]} for r in rows], columns=COLUMNS[1:])  # played or read back
    frame.attrs.update(game=game, variant=v.describe(), games=games, seed=str(seed), settings=dict(settings),
                       ablated=int(frame["worth"].notna().sum()))
    return frame


def _table(game: str, v: Variant, games: int, seed: int | str, ablate: int | str, settings: Mapping[str, Any],
           scheduler: Any, progress: bool, card_hooks: Any) -> list[dict[str, Any]]:
    """The rows of :func:`card_stats`, played and sorted (without their ``seat``)."""
    import pandas as pd

    prep = prepared(game, v.mapping, settings)
    start = prep.start()
    rows = [r for p in run_jobs(_jobs(game, v, settings, seed, games), play_card_job, scheduler, progress)
            for r in p]
    table = []
    for s in range(prep.seats):
        won = [r[f"win_{s}"] for r in rows]
        for card, copies in sorted(card_hooks.deck_of(prep.game, start, s).items()):
            table.append({"seat": s, "side": card_hooks.seat_label(prep.game, start, s), "card": card,
                          "copies": copies, **drawn_or_not(won, [r[f"drawn_{s}:{card}"] == 1.0 for r in rows])})
    chosen = to_ablate(table, ablate)
    batch = [job for t in chosen for job in _jobs(game, v, settings, seed, games, (t["seat"], t["card"]))]
    parts = run_jobs(batch, play_card_job, scheduler, progress) if batch else []
    per = len(parts) // len(chosen) if chosen else 0
    for k, t in enumerate(chosen):
        blanked = [r[f"win_{t['seat']}"] for p in parts[k * per:(k + 1) * per] for r in p]
        t["worth"], t["worth_ci_low"], t["worth_ci_high"] = stats.paired([r[f"win_{t['seat']}"] for r in rows],
                                                                         blanked, rate=True)
    frame = pd.DataFrame(table, columns=COLUMNS).sort_values(["worth", "gap", "card"], ascending=[False, False, True],
                                                             na_position="last", kind="stable")
    return frame.drop(columns="seat").to_dict("records")


COLUMNS = ["seat", "side", "card", "copies", "drawn", "win_drawn", "win_drawn_ci_low", "win_drawn_ci_high", "win_not",
           "win_not_ci_low", "win_not_ci_high", "gap", "gap_ci_low", "gap_ci_high", "worth", "worth_ci_low",
           "worth_ci_high"]


def drawn_or_not(won: Sequence[float], drew: Sequence[bool]) -> dict[str, float]:
    """A card's side's win rate where it drew the card and where not, each with
    Wilson's interval, and their difference with Newcombe's (his method 10, from the
    two Wilson intervals: it stays inside [-1, 1] and behaves for small samples).

    >>> r = drawn_or_not([1, 1, 0, 0, 1, 0], [True, True, True, False, False, False])
    >>> r["drawn"], round(r["win_drawn"], 3), round(r["win_not"], 3), round(r["gap"], 3)
    (3, 0.667, 0.333, 0.333)
    """
    a = [w for w, d in zip(won, drew) if d]
    b = [w for w, d in zip(won, drew) if not d]
    p1, l1, u1 = stats.interval(a, rate=True)
    p2, l2, u2 = stats.interval(b, rate=True)
    gap = p1 - p2
    low = gap - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = gap + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    nan = float("nan")
    return {"drawn": len(a), "win_drawn": p1, "win_drawn_ci_low": l1, "win_drawn_ci_high": u1, "win_not": p2,
            "win_not_ci_low": l2, "win_not_ci_high": u2, "gap": gap, "gap_ci_low": low, "gap_ci_high": high,
            "worth": nan, "worth_ci_low": nan, "worth_ci_high": nan}


def to_ablate(table: list[dict[str, Any]], ablate: int | str) -> list[dict[str, Any]]:
    """The rows to ablate: ``"all"``, or the ``ablate`` whose gap is widest (either way)."""
    if ablate == "all":
        return list(table)
    if isinstance(ablate, bool) or not isinstance(ablate, int) or ablate < 0:
        raise ValueError(f"ablate is a number of cards (0 for none) or 'all', not {ablate!r}")
    ranked = sorted(table, key=lambda t: (-abs(t["gap"]) if t["gap"] == t["gap"] else 0.0, t["seat"], t["card"]))
    return ranked[:ablate]


__all__ = ["CHUNK", "COLUMNS", "CardJob", "card_stats", "drawn_or_not", "hooks", "play_card_job", "to_ablate"]
