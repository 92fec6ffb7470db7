"""Which rules a run's games put to the test: each rule of the game moved one step from
its value, the same seeds played again, and the games counted in which anything
measured came out differently.

A rule whose step changes no game under these bots is one these games cannot judge:
it never came into play (a rule of a variant not switched on, a rare moment the bots
do not seek) or never decided anything.  Before comparing values of such a rule, a
designer switches on what it needs (a variant, other rules) or picks other bots; the
paired count of a single comparison (``compare``'s ``changed``) says the same for one
change.  Each rule's row also counts the games whose winner changed.

A page keeps its run with ``out=`` (as a comparison does: :mod:`explorer.whatif.stored`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.data import DataError
from ..games import spec as game_spec
from . import jobs as _jobs
from . import stats
from .compare import OUTCOMES, check_games, check_settings, metric_list, run_settings
from .settings import seat_bots
from .stored import check_out, keep, run_meta
from .variants import Variant, check, value_text
from .variants import variant as as_variant

#: the table's columns (see :func:`reach`)
COLUMNS = ["rule", "value", "moved_to", "games", "changed", "winner_changed", "most_changed", "refused"]


def steps(p: Mapping[str, Any], value: Any) -> list[Any]:
    """The values one step from ``value`` for a rule described by ``p`` (as a game's
    ``parameters()`` gives it), nearest first: a number's next and previous inside its
    range, a switch's other value, a choice's next choices and then its earlier ones.

    >>> steps({"kind": "number", "min": 1, "max": 10}, 10), steps({"kind": "switch"}, True)
    ([9], [False])
    >>> steps({"kind": "choice", "choices": ["none", "2d6", "3d6"]}, "2d6")
    ['3d6', 'none']
    """
    if p["kind"] == "number":
        return [v for v in (value + 1, value - 1) if p["min"] <= v <= p["max"]]
    if p["kind"] == "choice":
        choices = list(p["choices"])
        at = choices.index(value)
        return choices[at + 1:] + choices[:at][::-1]
    return [not value]


def reach(game: str, games: int = 1000, seed: int | str = 1,
          variant: Variant | Mapping[str, Any] | str | os.PathLike | None = None, *,
          bots: str | Sequence[str] | None = None, rules: Sequence[str] | None = None, scheduler: Any = None,
          progress: bool = True, out: str | os.PathLike | None = None, **settings: Any):
    """Each rule of ``game`` (every number, switch and choice of its rules file, or
    only ``rules``) moved one step (:func:`steps`: the first step the rules accept)
    and played on the seeds of the run as it is (``variant``, ``bots``, ``settings``):
    a DataFrame with a row per rule, the rules whose step changed fewest games first.

    Columns: ``rule``, ``value`` (its value in the run, as a rules file writes it),
    ``moved_to`` (the same; ``None`` when no step is allowed, with the reason in
    ``refused``), ``games``, ``changed`` (games in which any measure differs from the
    same seed's game), ``winner_changed`` (of them, those whose winning seat or side
    changed), ``most_changed`` (the measure that changed in most games).  ``out``
    keeps the table as :func:`compare` does.

    >>> df = reach("victorian", games=3, rules=["turn_cap", "holy_bonus"], scheduler="serial", progress=False)
    >>> df[["rule", "value", "moved_to", "changed"]].values.tolist()
    [['turn_cap', '40', '41', 0], ['holy_bonus', '1', '2', 0]]
    """
    import pandas as pd

    path = check_out(out) if out is not None else None
    v = as_variant(variant)  # (None: the base game)
    check(game, v)
    check_games(games)
    played = run_settings(game, bots, settings)
    check_settings(game, v.mapping, played)
    params = game_spec(game).metrics.parameters()
    chosen = list(params) if rules is None else list(rules)
    unknown = [r for r in chosen if r not in params]
    if unknown:
        what = "is not a rule" if len(unknown) == 1 else "are not rules"
        raise ValueError(f"rules: {' and '.join(map(repr, unknown))} {what} of this game "
                         f"(its rules: {', '.join(params)})")
    attrs = dict(game=game, variant=v.describe(), bots=_bots_words(game, played), seed=str(seed), games=games)
    meta = run_meta(game, played, run="reach", variant=attrs["variant"], rules=",".join(chosen), games=games,
                    seed=str(seed))
    rows = keep(path, meta, "reach", lambda: _play(game, v, played, {r: params[r] for r in chosen}, games, seed,
                                                   scheduler, progress))
    frame = pd.DataFrame([{c: r[c] for c in COLUMNS} for r in rows], columns=COLUMNS)
    frame = frame.sort_values("changed", kind="stable", ignore_index=True)
    frame.attrs.update(attrs)
    return frame


def _bots_words(game: str, played: Mapping[str, Any]) -> str:
    """The run's bots in words ("greedy on every seat"; "seat 0 search, seat 1 greedy";
    "heroes search, villains greedy")."""
    names = game_spec(game).seat_names
    if names and all(n in played for n in names):
        return ", ".join(f"{n} {played[n]}" for n in names)
    policy = played.get("policy", game_spec(game).metrics.SETTINGS.get("policy", "greedy"))
    bots = seat_bots(policy)
    return ", ".join(f"seat {k} {bot}" for k, bot in enumerate(bots)) if bots else f"{policy} on every seat"


def _moved(game: str, mapping: Mapping[str, Any], name: str, p: Mapping[str, Any],
           played: Mapping[str, Any]) -> tuple[Any, str]:
    """The first step of the rule ``name`` the game accepts, with the overrides and the
    settings of the run (a Doomtrooper deck smaller than a larger minimum is refused);
    ``(None, reason)`` when the rules refuse every step."""
    value = mapping.get(name, p["value"])
    reason = "it has no other value"
    for step in steps(p, value):
        try:
            check_settings(game, {**mapping, name: step}, played)
        except ValueError as exc:
            reason = f"{value_text(step)}: {exc.problem if isinstance(exc, DataError) else exc}"
            continue
        return step, ""
    return None, reason


def _play(game: str, v: Variant, played: dict[str, Any], params: dict[str, dict[str, Any]], games: int,
          seed: int | str, scheduler: Any, progress: bool) -> list[dict[str, Any]]:
    """The rows of :func:`reach`, played: the run as it is, then every moved rule, in
    one batch of jobs."""
    metrics = metric_list(game, played)
    wins = [m.name for m in metrics if m.group in OUTCOMES]
    labels = {m.name: m.label for m in metrics}
    moves = {name: _moved(game, v.mapping, name, p, played) for name, p in params.items()}
    runs = [name for name, (step, _) in moves.items() if step is not None]
    variants = [v.mapping] + [{**v.mapping, name: moves[name][0]} for name in runs]
    results = _jobs.play_runs(game, [(mapping, played) for mapping in variants], seed, games, scheduler, progress)
    base, moved = results[0], dict(zip(runs, results[1:]))
    rows = []
    for name, p in params.items():
        step, refused = moves[name]
        row = {"rule": name, "value": value_text(v.mapping.get(name, p["value"])),
               "moved_to": None if step is None else value_text(step), "games": games,
               "changed": 0, "winner_changed": 0, "most_changed": "", "refused": refused}
        if step is not None:
            differ = [[m for m in labels if not stats.same(a.get(m), b.get(m))] for a, b in zip(moved[name], base)]
            counts = {m: sum(m in d for d in differ) for m in labels}
            top = max(counts, key=counts.get)
            row.update(changed=sum(bool(d) for d in differ),
                       winner_changed=sum(any(m in d for m in wins) for d in differ),
                       most_changed=labels[top] if counts[top] else "")
        rows.append(row)
    return rows


__all__ = ["COLUMNS", "reach", "steps"]
