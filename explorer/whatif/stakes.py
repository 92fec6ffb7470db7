"""Where a game's skill lives: what playing each kind of decision well is worth.

One seat plays ``bot`` except at the decisions of one rule section, where it picks
an option at random (the bot ``"greedy@recruit"``: :class:`~explorer.core.bots.RandomAt`);
every other seat plays ``bot`` throughout.  The change in that seat's win rate
against the same seat playing ``bot`` everywhere, on the same seeds (paired game by
game), is what playing that kind of decision as ``bot`` does is worth: near zero,
the decision is the luck's or the rules' ground, where no player gains much; large,
it is where a player's skill tells.  The last row of each seat plays every one of
its decisions at random.  A variant can be judged by where it moves the stakes.

A page keeps its run with ``out=`` (as a comparison does: :mod:`explorer.whatif.stored`),
read back while the code and data play it alike.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.events import RuleRef
from ..core.protocol import Policy, policy_for
from ..core.rulebook import rule_name
from ..core.runs import game_seed
from ..core.sampler import simulate
from ..games import spec as game_spec
from . import jobs as _jobs
from . import stats
from .compare import OUTCOMES, check_settings, metric_list, run_settings
from .settings import prepared, without_bots
from .skill import checked_run, seat_label
from .stored import check_out, keep, run_meta
from .variants import Variant

#: the section of the row that plays every decision of the seat at random
EVERY = "every decision"
#: games played here, before the run, to find which kinds of decision each seat meets
LOOK = 20
#: the table's columns (see :func:`stakes`)
COLUMNS = ["seat", "section", "heading", "decisions", "games", "wins", "base", "change", "ci_low", "ci_high"]


class _Counting(Policy):
    """The seats' own bots, counting each seat's decisions (more than one option) by
    rule section."""

    def __init__(self, policies: Any, seat_of: Mapping[Any, int]):
        self.policies, self.seat_of, self.met = policies, seat_of, Counter()

    def choose(self, game, state, decision, rng):
        if len(decision.options) > 1:
            self.met[self.seat_of.get(decision.player, decision.player), decision.rule.section] += 1
        return policy_for(self.policies, decision.player).choose(game, state, decision, rng)


def decisions_met(game: str, overrides: Mapping[str, Any], settings: Mapping[str, Any], seed: int | str,
                  games: int = LOOK) -> dict[int, dict[str, float]]:
    """Per seat, the rule sections of its decisions (those with a choice) over the
    first ``games`` games of the run, with how many a game, most met first."""
    names = game_spec(game).seat_names
    ready = prepared(game, overrides, settings)
    counting = _Counting(ready.policies, {n: i for i, n in enumerate(names)})
    for i in range(games):
        simulate(ready.game, ready.start(), counting, game_seed(seed, i))
    out: dict[int, dict[str, float]] = {}
    for (seat, section), n in counting.met.most_common():
        out.setdefault(seat, {})[section] = n / games
    return out


def heading(game: str, section: str) -> str:
    """A section as people find it in our summaries: its heading, then its id.

    >>> heading("victorian", "recruit"), heading("victorian", EVERY)
    ('RECRUIT PHASE (recruit)', 'every decision')
    """
    return section if section == EVERY else rule_name(RuleRef(game, section))


def stakes(game: str, games: int = 400, seed: int | str = 1, variant: Variant | Mapping[str, Any] | str |
           os.PathLike | None = None, *, bot: str = "greedy", seats: int | Sequence[int] | None = None,
           scheduler: Any = None, progress: bool = True, out: str | os.PathLike | None = None, **settings: Any):
    """What each kind of decision is worth to each seat (see the module): a DataFrame
    with a row per seat and rule section its decisions come under (most met first),
    then a row ``every decision``.  Columns: ``seat``, ``section``, ``heading``,
    ``decisions`` (a game, of the seat's decisions with a choice, over the first
    :data:`LOOK` games), ``games``, ``wins`` (the seat's win rate playing at random
    there), ``base`` (its rate playing ``bot`` throughout), ``change`` (``wins - base``,
    paired) with ``ci_low`` and ``ci_high`` (95%).  ``seats``: only these seats (or this one).
    ``out`` (``.parquet`` or ``.csv``): the table is written there and read back next
    time instead of played, while the rules code and data play it alike (as
    :func:`~explorer.whatif.compare` keeps a comparison).

    >>> df = stakes("victorian", games=4, seed=1, scheduler="serial", progress=False)
    >>> list(df.columns)[:4], df["seat"].iloc[0], df["section"].iloc[-1]
    (['seat', 'section', 'heading', 'decisions'], 'heroes', 'every decision')
    """
    import pandas as pd

    path = check_out(out) if out is not None else None
    v = checked_run(game, variant, games, settings, "stakes seats the bots itself (bot=)")
    rest = without_bots(game, settings)
    base = run_settings(game, bot, rest)
    n = check_settings(game, v.mapping, base)  # an unknown bot or a bad setting fails here
    wins = [m.name for m in metric_list(game, base) if m.group in OUTCOMES][:n]
    chosen = range(n) if seats is None else [seats] if isinstance(seats, int) else list(seats)
    for k in chosen:
        if not (isinstance(k, int) and 0 <= k < n):
            raise ValueError(f"seats: {k!r} is not a seat of this game (0 to {n - 1})")
    attrs = dict(game=game, variant=v.describe(), bot=bot, seed=str(seed), settings=dict(rest))
    meta = run_meta(game, base, run="stakes", variant=attrs["variant"], bot=bot, seats=",".join(map(str, chosen)),
                    games=games, seed=str(seed))
    rows = keep(path, meta, "stakes", lambda: _play(game, v, base, rest, bot, chosen, wins, games, seed, scheduler,
                                                    progress))
    frame = pd.DataFrame([{c: r[c] for c in COLUMNS} for r in rows], columns=COLUMNS)  # played or read back, alike
    frame.attrs.update(attrs)
    return frame


def _play(game: str, v: Variant, base: dict[str, Any], rest: dict[str, Any], bot: str, chosen: Sequence[int],
          wins: list[str], games: int, seed: int | str, scheduler: Any, progress: bool) -> list[dict[str, Any]]:
    """The rows of :func:`stakes`, played: the decisions each chosen seat meets, then
    every run (the base first) in one batch of jobs (``wins``: each seat's win metric)."""
    n = len(wins)
    met = decisions_met(game, v.mapping, base, seed, min(games, LOOK))
    runs: list[tuple[int, str, dict[str, Any]]] = []
    for k in chosen:
        for section in [*met.get(k, {}), EVERY]:
            names = [bot] * n
            names[k] = "random" if section == EVERY else f"{bot}@{section}"
            runs.append((k, section, run_settings(game, names, rest)))
    played = _jobs.play_runs(game, [(v.mapping, one) for one in [base] + [r[2] for r in runs]], seed, games,
                             scheduler, progress)
    rows = []
    for (k, section, _), games_played in zip(runs, played[1:]):
        xs, ys = [r[wins[k]] for r in games_played], [r[wins[k]] for r in played[0]]
        d, lo, hi = stats.paired(xs, ys, rate=True)
        decisions = sum(met.get(k, {}).values()) if section == EVERY else met[k][section]
        rows.append({"seat": seat_label(game, k), "section": section, "heading": heading(game, section),
                     "decisions": decisions, "games": games, "wins": stats.mean(xs), "base": stats.mean(ys),
                     "change": d, "ci_low": lo, "ci_high": hi})
    return rows


__all__ = ["COLUMNS", "EVERY", "decisions_met", "heading", "stakes"]
