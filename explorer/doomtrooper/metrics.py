"""What the what-if layer measures in a game of Doomtrooper, and how a variant is built.

The same contract as Doom Asylum's (``explorer.whatif`` finds it by convention):

* :func:`metrics`: who won (by seat), draws, how games ended, length, and how often
  rules fired: combats, kills, warriors mustered in cover, sabotages, missions
  fulfilled;
* :func:`measure`: those values for one played game, from its result and events;
* :func:`variant_game` / :func:`game_for`: the game with rule numbers and switches
  overridden by name (as in ``data/doomtrooper/rules.toml``), each checked;
* :func:`play`: one seeded game, played by bots, measured;
* :func:`parameters`: every number and switch with its range and value;
* :func:`exact_effect`: the exact, local effect of a rule where one is defined
  (``cover_armor``: the chance a warrior in cover is wounded, under the dice variant).

>>> values = play(game_for({}), "doc#0")
>>> values["win_seat_0"] + values["win_seat_1"] + values["draw"] >= 1
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.engine import simulate
from ..core.metrics import Metric, cached_variants, rule_counts, rule_parameters, variant_rules
from . import sections as R
from .game import DoomtrooperGame
from .odds import wound_chance
from .params import NUMBERS, OPTIONS, load_rules, override_rules, rule_choices, rule_ranges
from .simulate import policies_for
from .state import Ending, GameResult

#: the endings measured: every one the rules know, the basic rules' then the variants' own
ENDINGS = tuple(Ending)
#: seats measured when the number of players is left to the variant (Front Lines has four)
MAX_SEATS = 4


def metrics(players: int | None = None) -> tuple[Metric, ...]:
    """The metrics of a ``players``-seat game (``None``: the variant's own count,
    measured over :data:`MAX_SEATS` seats, the seats a game lacks counting 0)."""
    players = MAX_SEATS if players is None else players
    out = [Metric(f"win_seat_{s}", f"seat {s} wins", "seats", "rate") for s in range(players)]
    out.append(Metric("draw", "draw (nobody ahead at the turn cap)", "ending", "rate"))
    out += [Metric(f"end_{e.text.replace(' ', '_')}", f"ends because {e.why()}", "ending", "rate") for e in ENDINGS]
    out += [
        Metric("turns", "game length (turns)", "length", "mean"),
        Metric("combats", "combats per game", "rules", "mean"),
        Metric("kills", "warriors killed in combat", "rules", "mean"),
        Metric("cover_musters", "warriors mustered in cover", "rules", "mean"),
        Metric("sabotages", "sabotages", "rules", "mean"),
        Metric("missions", "missions fulfilled", "rules", "mean"),
        # the variants (0 in a game of another variant)
        Metric("c_wins", "Beat Down: player C wins", "variant", "rate"),
        Metric("team1_wins", "Front Lines: team 1 (seats 0 and 2) wins", "variant", "rate"),
        Metric("team2_wins", "Front Lines: team 2 (seats 1 and 3) wins", "variant", "rate"),
        Metric("actions_used", "Limited Resources: action markers spent per player", "variant", "mean"),
        Metric("vortex_rounds", "The Vortex: rounds played", "variant", "mean"),
        Metric("punished", "The Vortex: players punished for keeping a card back", "variant", "mean"),
    ]
    return tuple(out)


def measure(result: GameResult, events, players: int | None = None, variant: str = "standard") -> dict[str, float]:
    """Every metric's value in one finished game (``variant``: the one played)."""
    seats = MAX_SEATS if players is None else players
    values = {f"win_seat_{s}": float(s in result.winners) for s in range(seats)}
    values["draw"] = float(result.draw)
    for e in ENDINGS:
        values[f"end_{e.text.replace(' ', '_')}"] = float(result.ending is e)
    values["turns"] = float(result.turns)
    counts = rule_counts(events)
    values["combats"] = float(counts[R.ANNOUNCE.section])
    values["kills"] = float(sum(1 for e in events if e.rule == R.STATUS and dict(e.data).get("status") == "killed"))
    values["cover_musters"] = float(sum(1 for e in events if e.rule == R.MUSTER_IN_COVER and e.visible_to is None
                                        and "musters" in e.text))
    values["sabotages"] = float(sum(1 for e in events if e.rule in (R.SABOTAGE, R.MULTIPLE_SABOTAGE)
                                    and "target" in dict(e.data)))
    values["missions"] = float(sum(1 for e in events if "fulfils" in e.text))
    values.update(_variant_values(result, events, variant))
    return values


def _variant_values(result: GameResult, events, variant: str) -> dict[str, float]:
    out = dict.fromkeys(("c_wins", "team1_wins", "team2_wins", "actions_used", "vortex_rounds", "punished"), 0.0)
    if variant == "beat_down":
        out["c_wins"] = float(1 in result.winners)
    elif variant == "front_lines":
        out["team1_wins"] = float(0 in result.winners or 2 in result.winners)
        out["team2_wins"] = float(1 in result.winners or 3 in result.winners)
    elif variant == "limited_resources":
        used = next((dict(e.data)["markers_used"] for e in reversed(events) if e.rule == R.LIMITED_ACTIONS
                     and "markers_used" in dict(e.data)), ())
        out["actions_used"] = sum(used) / len(used) if used else 0.0
    elif variant == "vortex":
        out["vortex_rounds"] = float(sum(1 for e in events if e.rule == R.VORTEX_SHUFFLE))
        out["punished"] = float(sum(1 for e in events if e.rule == R.VORTEX_REVEAL and dict(e.data).get("punished")))
    return out


def variant_game(overrides: Mapping[str, Any] | None = None) -> DoomtrooperGame:
    """The game with ``overrides`` (rule numbers, switches and choices by name);
    an unknown name or a value out of range raises
    :class:`~explorer.core.data.DataError` naming the override."""
    rules = variant_rules(override_rules, overrides or {})
    return DoomtrooperGame(rules=rules)


#: :func:`variant_game`, made once per process for each set of overrides
game_for = cached_variants(variant_game, "doomtrooper")


def play(game: DoomtrooperGame, seed: str, players: int | None = None, policy: str = "greedy",
         decks: str | Sequence[str] | None = None) -> dict[str, float]:
    """One seeded game from the deal, played by bots, measured.  ``players``: by
    default the variant's own number (2 for the basic game); ``decks``: sample decks
    by name, one per seat (a list, or names joined by commas), to play an
    expansion's cards."""
    if isinstance(decks, str):
        decks = [d.strip() for d in decks.split(",")]
    game = game.with_decks(decks)  # a search deals its imagined worlds from the decks dealt
    start = game.new_game(players)
    n = len(start.seats)
    playout = simulate(game, start, policies_for(policy, n), seed, keep_events=True)
    return measure(playout.result, playout.events, players, game.rules.variant)


def player_won(result: GameResult, player: int) -> bool:
    return result.won(player)


#: The settings a what-if run of this game accepts, with their defaults.
SETTINGS = {"players": None, "policy": "greedy", "decks": None}


def parameters() -> dict[str, dict[str, Any]]:
    """Every number (with its declared range), switch and choice (dice, style,
    variant, with their values) a what-if run can change."""
    rules = load_rules()
    choices = {n: {"kind": "choice", "value": getattr(rules, n), "choices": c} for n, c in rule_choices().items()}
    return {**rule_parameters(rules, rule_ranges(), NUMBERS, OPTIONS), **choices}


def exact_effect(name: str, values, base: Mapping[str, Any] | None = None) -> dict[str, Any] | None:
    """For ``cover_armor``: P(a warrior in cover is wounded) by the attack rating minus
    its printed Armor (exact), under the dice of the game as the data and ``base``
    (other rules changed, such as ``{"dice": "2d6"}``) set them: with no dice, a
    step.  ``None`` for other rules."""
    if name != "cover_armor":
        return None
    rules = variant_game(base).rules
    dice = rules.dice or "none"
    xs = list(range(-4, 13))
    series = {v: [wound_chance(x, v, dice=dice, rules=rules) for x in xs] for v in values}
    return {"title": f"Seek Cover: P(a warrior in cover is wounded), {'no' if dice == 'none' else dice} dice", "x": xs,
            "x_label": "attack minus printed Armor", "series": series, "series_label": "cover bonus"}


__all__ = ["SETTINGS", "exact_effect", "game_for", "measure", "metrics", "parameters", "play", "player_won",
           "variant_game"]
