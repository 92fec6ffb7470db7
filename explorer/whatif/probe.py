"""What a game's code does with one run's rules, in one short hash: a few seeded games.

A kept run (hours of search games beside a page) is out of date when the code that
played it changes, as :func:`explorer.whatif.stored.fingerprint` says.  But most
changes to the code do not change a single game of that run: a faster loop, a clearer
rule module, a fix to a variant the run does not play.  :func:`behaviour` plays the
same few games every time under the run's own rules and settings (the greedy and the
random bots, and for a run that seats the search bot, the search at a tiny budget in
each seat in turn) and hashes every metric of every game.  A tiny budget cannot tell
how the bot searches, so a search run's hash takes the :func:`search_bench` too: the
bot's settings and what it answers, at a real budget, at a few decisions.  A stored
row whose hash is today's was played by code that plays these games alike, and stays
current; chess engines keep a "bench" node count for the same purpose ("no functional
change").

A probe can miss a change that none of its games reaches: it is evidence, not proof,
and a change meant to alter play should be played again regardless.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..games import spec
from . import jobs as _jobs
from .fingerprint import fingerprint
from .settings import bot_names, check_settings, prepared, run_settings
from .kinds import run_kind
from .variants import rules_of

#: games played under the greedy bots, and under the random bots, for each set of rules
GREEDY_GAMES, RANDOM_GAMES = 3, 2
#: the search bot's budget in the probe games (small: the code path, not the strength)
SEARCH_BUDGET = "search:2"
SEED = "probe"
#: the search bench: this many decisions of a greedy game, searched with this many playouts each
BENCH_DECISIONS, BENCH_PLAYOUTS = 4, 24
#: a skill run's settings naming its bots, which are not the game's own settings
_SKILL_BOTS = ("strong", "weak")


def probes(game: str, rules: Mapping[str, Any] | None = None, settings: Mapping[str, Any] | None = None,
           search: bool = False) -> list[tuple[str, dict[str, Any], int]]:
    """The probe games of one run of ``game`` under ``rules`` (overrides) and the game's
    own ``settings`` (players, decks...; bots are the probe's): ``(label, settings, games)``.

    >>> [(label, games) for label, _, games in probes("doomtrooper", search=True)]
    [('greedy', 3), ('random', 2), ('search:2 in seat 0', 1), ('search:2 in seat 1', 1)]
    """
    rules, own = dict(rules or {}), dict(settings or {})
    out = [("greedy", run_settings(game, "greedy", own), GREEDY_GAMES),
           ("random", run_settings(game, "random", own), RANDOM_GAMES)]
    if search:
        seats = check_settings(game, rules, out[0][1])
        for k in range(seats):
            bots = [SEARCH_BUDGET if s == k else "greedy" for s in range(seats)]
            out.append((f"{SEARCH_BUDGET} in seat {k}", run_settings(game, bots, own), 1))
    return out


def signature(game: str, rules: Sequence[Mapping[str, Any]] = ({},), settings: Mapping[str, Any] | None = None,
              search: bool = False) -> str:
    """A short hash of every metric of every probe game of each set of ``rules`` (a
    comparison plays two: its base and its variant), played now (uncached); with
    ``search``, of the :func:`search_bench` too (two playouts a decision cannot tell
    how the bot searches; it is the same for every set of rules, so it is played once
    per process for each version of the code and data)."""
    played: list = [_bench(game, fingerprint(game))] if search else []
    for one in rules:
        for label, s, games in probes(game, one, settings, search):
            rows = [r for job in _jobs.jobs(game, dict(one), s, SEED, games) for r in _jobs.play_job(job)]
            played.append((sorted(one.items()), label, rows))
    text = json.dumps(played, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def search_bench(game: str) -> str:
    """What the game's search bot does, in one short hash: its settings as the registry
    makes it (budget, exploration, rollout and evaluation, named), and its whole report
    (choice, every option's visits and value) at :data:`BENCH_DECISIONS` decisions of a
    greedy game under the game's own rules, searched with :data:`BENCH_PLAYOUTS`
    playouts each, as a chess engine's bench counts nodes.  A search made faster that
    decides alike leaves it as it was; a new default budget, exploration constant or
    way of judging a cut game does not.

    >>> search_bench("asylum") == search_bench("asylum")
    True
    """
    from ..core.stepper import Stepper

    ready = prepared(game, {}, {})
    play = ready.game
    stepper = Stepper(play, ready.start(), SEED, ready.policies)
    found = []
    while (dec := play.decision(stepper.state)) is not None:
        if not dec.forced and len(dec.options) > 1:
            found.append((play.observe(stepper.state, dec.player), dec))
        stepper.step()
    chosen = found[::max(1, len(found) // BENCH_DECISIONS)][:BENCH_DECISIONS]
    bot = spec(game).bots.get_bot("search")
    settings = {name: _named(value) for name, value in sorted(vars(bot).items()) if name != "on_report"}
    bot.playouts = BENCH_PLAYOUTS
    rng = random.Random(SEED)
    reports = [bot.search(play, view, dec, rng) for view, dec in chosen]
    text = json.dumps([settings, reports], default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@functools.lru_cache(maxsize=None)
def _bench(game: str, code: str) -> str:
    """:func:`search_bench` for the code and data whose fingerprint is ``code``."""
    return search_bench(game)


def _named(value: Any) -> Any:
    """A search setting as plain data: numbers as they are, a function or a policy by
    its qualified name (what it does shows in the bench's reports)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (tuple, list)):
        return [_named(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _named(v) for k, v in value.items()}
    named = value if hasattr(value, "__qualname__") else type(value)
    return f"{named.__module__}.{named.__qualname__}"


def behaviour(game: str, rules: Sequence[Mapping[str, Any]] = ({},), settings: Mapping[str, Any] | None = None,
              search: bool = False) -> str:
    """:func:`signature`, played once per process for each version of the code and
    data (keyed by their fingerprint).

    >>> behaviour("asylum", [{"maneuver_target": 7}]) == behaviour("asylum", [{"maneuver_target": 7}])
    True
    """
    key = json.dumps([sorted(r.items()) for r in rules]), json.dumps(sorted((settings or {}).items()))
    return _kept(game, *key, search, fingerprint(game, None if search else {}))


@functools.lru_cache(maxsize=None)
def _kept(game: str, rules: str, settings: str, search: bool, code: str) -> str:
    return signature(game, [dict(r) for r in json.loads(rules)], dict(json.loads(settings)), search)


def row_rules(row: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The rules a stored row's games were played under, as overrides: a comparison's
    base and variant, the variant of a run of one kind (its ``run``: skill, stakes, cards,
    seat-or-deck; or a bench's skill run), or a sweep's point (its columns before
    ``game``) on the sweep's base, if it has one.  A ValueError if they cannot be read.

    >>> row_rules({"seat": "seat 0", "strong": "search", "variant": "dice = 2d6", "game": "doomtrooper"})
    [{'dice': '2d6'}]
    >>> row_rules({"shuffled_turn_order": True, "game": "asylum", "seed": "3"})
    [{'shuffled_turn_order': True}]
    """
    kind = run_kind(row)
    if kind == "comparison":
        return [rules_of(row["base_rules"]), rules_of(row["variant_rules"])]
    if kind != "sweep":
        return [rules_of(row["variant"])]
    keys = list(row)
    base = rules_of(row["base_rules"]) if "base_rules" in row else {}
    return [{**base, **{k: _plain(row[k]) for k in keys[:keys.index("game")]}}]


def row_settings(row: Mapping[str, Any]) -> dict[str, Any]:
    """A stored row's own game settings (players, decks, ...), without its bots and
    without the ones left to their defaults."""
    bots = bot_names(str(row["game"])) | set(_SKILL_BOTS)
    out = {}
    for k, v in row.items():
        name = str(k).partition(":")[2]
        if str(k).startswith("setting:") and name not in bots and not _missing(v):
            out[name] = _plain(v)
    return out


def _missing(v: Any) -> bool:
    return v is None or (isinstance(v, float) and math.isnan(v))


def _plain(v: Any) -> Any:
    """A value read back from a file as Python's own (numpy's bool and numbers are not JSON)."""
    return v.item() if hasattr(v, "item") else v


__all__ = ["behaviour", "probes", "row_rules", "row_settings", "rules_of", "search_bench", "signature"]
