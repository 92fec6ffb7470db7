"""What a game's code does, in one short hash: a fixed set of seeded games, measured.

A kept run (hours of search games beside a page) is out of date when the code that
played it changes, as :func:`explorer.whatif.stored.fingerprint` says.  But most
changes to the code do not change a single game: a faster loop, a renamed helper,
a clearer rule module.  :func:`behaviour` plays the same few games every time (the
base rules under the greedy and random bots, every switch and every choice of the
rules file once, and with ``search`` the search bot at a tiny budget in each seat)
and hashes every metric of every game.  A stored row whose behaviour hash is today's
was played by code that plays these games alike, and stays current; chess engines
keep a "bench" node count for the same purpose ("no functional change").

A probe can miss a change that none of its games reaches: it is evidence, not proof,
and a change meant to alter play should be played again regardless.
"""

from __future__ import annotations

import functools
import hashlib
import json
from typing import Any

#: games played under the greedy bots at the base rules, and under the random bots
BASE_GAMES, RANDOM_GAMES = 3, 2
#: games of every switch flipped and every choice of the rules file
VARIANT_GAMES = 1
#: the search bot's budget in the probe games (small: the code path, not the strength)
SEARCH_BUDGET = "search:2"
SEED = "probe"


def probes(game: str, search: bool = False) -> list[tuple[str, dict[str, Any], dict[str, Any], int]]:
    """The probe games of ``game``: ``(label, rule overrides, settings, games)`` each.

    >>> [p[0] for p in probes("asylum")][:3]
    ['base, greedy', 'base, random', 'ability_attacks_blockable = False']
    """
    from ..games import spec
    from .compare import check_settings, run_settings

    params = spec(game).metrics.parameters()
    greedy, randoms = run_settings(game, "greedy", {}), run_settings(game, "random", {})
    out = [("base, greedy", {}, greedy, BASE_GAMES), ("base, random", {}, randoms, RANDOM_GAMES)]
    for name in sorted(params):
        p = params[name]
        if p["kind"] == "switch":
            out.append((f"{name} = {not p['value']}", {name: not p["value"]}, greedy, VARIANT_GAMES))
        elif p["kind"] == "choice":
            out += [(f"{name} = {c}", {name: c}, greedy, VARIANT_GAMES) for c in p["choices"] if c != p["value"]]
    if search:
        seats = check_settings(game, {}, greedy)
        for k in range(seats):
            bots = [SEARCH_BUDGET if s == k else "greedy" for s in range(seats)]
            out.append((f"base, {SEARCH_BUDGET} in seat {k}", {}, run_settings(game, bots, {}), 1))
    return out


def seated(game: str, overrides: dict[str, Any], settings: dict[str, Any]) -> dict[str, Any] | None:
    """``settings`` if the game seats them under ``overrides``, else the fewest players
    it does seat (Doomtrooper's Teams style needs four), else None."""
    from .compare import check_settings

    tries = [settings] + ([{**settings, "players": n} for n in range(2, 9)] if "players" in settings else [])
    for one in tries:
        try:
            check_settings(game, overrides, one)
            return one
        except ValueError:
            continue
    return None


def played(game: str, search: bool = False) -> list[tuple[str, list[dict[str, float]]]]:
    """Every probe game's metrics, by probe (a probe the game cannot seat at all is
    left out, alike every time)."""
    from . import jobs as _jobs

    out = []
    for label, overrides, settings, games in probes(game, search):
        settings = seated(game, overrides, settings)
        if settings is None:
            continue
        rows = [r for job in _jobs.jobs(game, overrides, settings, SEED, games) for r in _jobs.play_job(job)]
        out.append((label, rows))
    return out


def signature(game: str, search: bool = False) -> str:
    """A short hash of every metric of every probe game, played now (uncached)."""
    text = json.dumps(played(game, search), sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def behaviour(game: str, search: bool = False) -> str:
    """:func:`signature`, played once per process for each version of the code and
    data (keyed by their fingerprint).

    >>> behaviour("asylum") == behaviour("asylum")
    True
    """
    from .stored import fingerprint

    return _kept(game, search, fingerprint(game, None if search else {}))


@functools.lru_cache(maxsize=None)
def _kept(game: str, search: bool, code: str) -> str:
    return signature(game, search)


__all__ = ["behaviour", "played", "probes", "signature"]
