"""Doomtrooper rule parameters and switches, from ``data/doomtrooper/rules.toml``.

Every number the rules use is declared with its allowed range
(``promotion_goal = { value = 25, min = 1, max = 200 }``); the optional rules
and our readings are switches (``sabotage = false``) or choices
(``dice = { value = "none", choices = [...] }``).  :func:`load_rules` is the one
way to get them; :func:`rule_ranges` and :func:`rule_choices` say what each may
be, and :func:`override_rules` applies changes inside those limits (the what-if
layer).  Problems raise :class:`~explorer.core.data.DataError` (the file) or
:class:`RuleError` (a change made in code).

>>> rules = load_rules()
>>> rules.promotion_goal, rules.dice, rules.dice_roll() is None
(25, 'none', True)
>>> override_rules({"dice": "2d6"}).dice_roll().support[:3]
(2, 3, 4)
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

from ..core.data import DataError, Range, cached_file, data_path, read_toml
from ..core.dist import Dist, dice
from ..core.params import Declared, RuleError, RuleSchema
from ..core.rulebook import cited, require, summaries_path
from . import sections as R


@dataclasses.dataclass(frozen=True)
class DoomtrooperRules:
    """Every number and switch the Doomtrooper rules code reads (no defaults:
    the values come from :func:`load_rules`)."""

    promotion_goal: int
    destiny_start: int
    hand_size: int
    actions_per_turn: int
    muster_in_cover_actions: int
    meditate_destiny: int
    cover_armor: int
    no_warriors_turns: int
    deck_minimum: int
    copies_maximum: int
    sabotage_divisor: int
    secondary_target_cost: int
    team_destiny: int
    team_goal: int
    team_size: int
    turn_cap: int
    # optional rules
    sabotage: bool
    multiple_sabotage: bool
    discard_as_action: bool
    dice: str
    style: str
    # Doomtrooper Optional Rules and Variants: the variant played ("standard": none)
    variant: str
    # the expansions' rules (switches; helpers of the expansions add theirs here)
    # Paradise Lost: the Outpost, Tribal warriors, Beasts, Transfer (explorer.doomtrooper.outpost)
    outpost: bool
    relics: bool  # Inquisition: Relics
    warzones: bool  # Warzone: Warzones
    warzones_first_edition: bool  # Warzones as the first-edition supplement prints them
    mortificator_poisons: bool  # Mortificator: the Poisons, for Mortificators only
    alliances: bool  # Golgotha: Alliances
    ki_powers: bool  # Apocalypse: Ki Powers
    # the first-edition additions (switches)
    # Attacking a Player Directly (explorer.doomtrooper.first_edition)
    first_edition_direct_attack: bool
    # Sergeants (explorer.doomtrooper.sergeants)
    first_edition_sergeants: bool
    # Vehicles in Doomtrooper: no Fight into or out of an airship or a submarine
    first_edition_vehicles: bool
    # Vehicles in Doomtrooper, the optional rule: many vehicles, inside one at a time
    many_vehicles: bool
    # the variants' own numbers
    # the variants with places (dt3): Warzone Variant, Home Turf Advantage, Colonization
    transfer_vehicle_actions: int
    colony_goal: int
    colony_earth: int
    colony_planet_limit: int
    mining_destiny: int
    mercury_cover_armor: int
    mars_recycle_value: int
    venus_transfer_actions: int
    home_bases: int
    home_starter_value: int
    base_destiny: int
    carry_limit: int
    base_flip: int
    base_armor: int
    colony_transfer_adjacent: bool
    # Some Cool Optional Rules (dt4): Limited Resources, Beat Down, Front Lines, The Vortex
    limited_actions: int
    variant_goal: int
    beat_down_force: int
    vortex_hand: int
    vortex_actions: int
    vortex_goal: int
    goal_exceeded: bool
    home_turf_refill: bool
    # readings
    many_cards_per_turn: bool
    cover_warriors_sabotage: bool
    teammates_may_attack: bool
    warzone_razing: bool
    muster_in_cover_alone: bool
    no_warriors_from_start: bool
    first_player_by_lot: bool
    idle_cards_playable: bool
    play_after_attack: bool
    ki_powers_any_warrior: bool
    # the dice of the dice variant: name -> (dice, sides)
    dice_table: tuple[tuple[str, tuple[int, int]], ...] = ()

    def replace(self, **changes) -> DoomtrooperRules:
        """A copy with some values changed (unchecked: see :func:`override_rules`)."""
        return dataclasses.replace(self, **changes)

    def dice_roll(self, name: str | None = None) -> Dist[int] | None:
        """The roll added to each rating under the dice variant (``None``: no dice)."""
        name = self.dice if name is None else name
        if name in (None, "none"):
            return None
        spec = dict(self.dice_table).get(name)
        if spec is None:
            raise ValueError(f"unknown dice {name!r} (known: none, {', '.join(n for n, _ in self.dice_table)})")
        return dice(*spec)

    @property
    def any_sabotage(self) -> bool:
        return self.sabotage or self.multiple_sabotage


#: The variants the code knows ("Doomtrooper Optional Rules and Variants"); "standard" is none of them.
VARIANTS = ("standard", "warzone", "limited_resources", "beat_down", "front_lines", "home_turf", "vortex",
            "colonization")

#: The styles of play of more than two players, by the names "Multi-Player Games" gives its three options.
STYLE_TITLES = {"free_for_all": "Free for All", "primary_targets": "Primary Targets", "teams": "Teams"}

#: The rules this file holds, read and checked by the core's one reader, each number inside
#: its bound: the widest range the code gives a meaning to, kept here and only here (the
#: file's declared range must lie inside it; its least value keeps the rule possible).
SCHEMA = RuleSchema.of(DoomtrooperRules, bounds={
    **dict.fromkeys(("promotion_goal", "team_goal", "colony_goal", "variant_goal", "vortex_goal", "base_flip"),
                   (1, 1000)),
    **dict.fromkeys(("destiny_start", "meditate_destiny", "secondary_target_cost", "team_destiny", "mining_destiny",
                     "base_destiny", "colony_earth", "beat_down_force"), (0, 1000)),
    **dict.fromkeys(("actions_per_turn", "muster_in_cover_actions", "transfer_vehicle_actions",
                     "venus_transfer_actions", "vortex_actions"), (1, 20)),
    # an Armor bonus or a card's Value: no rating on a card goes past 100
    **dict.fromkeys(("cover_armor", "mercury_cover_armor", "base_armor", "mars_recycle_value",
                     "home_starter_value"), (0, 100)),
    "hand_size": (1, 60), "vortex_hand": (1, 60), "no_warriors_turns": (1, 100), "deck_minimum": (1, 1000),
    "copies_maximum": (1, 100), "sabotage_divisor": (1, 100), "team_size": (2, 10), "turn_cap": (1, 5000),
    "colony_planet_limit": (1, 10), "home_bases": (1, 10), "carry_limit": (1, 1000), "limited_actions": (1, 5000),
})
NUMBERS, OPTIONS, CHOICES = SCHEMA.numbers, SCHEMA.switches, SCHEMA.choices


class _Loaded(NamedTuple):
    rules: DoomtrooperRules
    declared: Declared


def rules_path() -> Path:
    return data_path("doomtrooper", "rules.toml")


def load_rules(path: str | os.PathLike | None = None) -> DoomtrooperRules:
    """Read and check a rules file (default ``data/doomtrooper/rules.toml``)."""
    return _loaded(path).rules


def rule_ranges(path: str | os.PathLike | None = None) -> Mapping[str, Range]:
    """The allowed range of every number, as declared in the rules file."""
    return _loaded(path).declared.ranges


def rule_choices(path: str | os.PathLike | None = None) -> Mapping[str, tuple[str, ...]]:
    """The values each choice may take (``dice``, ``style``)."""
    return _loaded(path).declared.choices


def override_rules(changes: Mapping[str, int | bool | str], rules: DoomtrooperRules | None = None,
                   path: str | os.PathLike | None = None) -> DoomtrooperRules:
    """``rules`` (default: the loaded data) with ``changes``, each checked as the
    file's values are; refusals raise :class:`RuleError`."""
    loaded = _loaded(path)
    SCHEMA.check(changes, loaded.declared)
    new = (loaded.rules if rules is None else rules).replace(**changes)
    for name, problem in problems(new):
        raise RuleError(name, problem)
    return new


def problems(rules: DoomtrooperRules):
    """``(rule, problem)`` for numbers that make a rule impossible."""
    if rules.muster_in_cover_actions > rules.actions_per_turn:
        yield "muster_in_cover_actions", (f"{rules.muster_in_cover_actions} is more than the {rules.actions_per_turn} "
                                          "actions of a turn: nobody could ever muster a warrior in cover")


def _loaded(path: str | os.PathLike | None) -> _Loaded:
    return _load(Path(path) if path is not None else rules_path(), summaries_path(R.GAME))


@cached_file
def _load(path: Path, summaries: Path) -> _Loaded:
    raw = read_toml(path)
    declared = SCHEMA.read(raw, path, more=("dice",))
    table = _dice(raw["dice"], path)
    _check_choices(declared.choices, path, table)
    rules = DoomtrooperRules(**declared.values, dice_table=table)
    for name, problem in problems(rules):
        raise DataError(path, "numbers", name, problem)
    require(R.GAME, cited(R, R.GAME), summaries)
    return _Loaded(rules, declared)


#: The bounds of a [dice] entry ("Doomtrooper with Dice"), kept here and only here: up to six
#: dice, each of 2 to 100 sides (a die of one side is no roll).
DICE_BOUNDS = {"dice": Range(1, 6), "sides": Range(2, 100)}


def _dice(table: dict, path: Path) -> tuple[tuple[str, tuple[int, int]], ...]:
    out = []
    for name, spec in table.items():
        if not isinstance(spec, dict) or set(spec) != {"dice", "sides"} or \
                not all(type(spec[k]) is int for k in ("dice", "sides")):
            raise DataError(path, "dice", name, "expected { dice = N, sides = S } with whole numbers")
        for key, bound in DICE_BOUNDS.items():
            if spec[key] not in bound:
                raise DataError(path, "dice", f"{name}.{key}", f"{spec[key]} is out of range: allowed {bound} (a bound "
                                                                "kept in the code)")
        if name == "none":
            raise DataError(path, "dice", name, "'none' means no dice; give the variant another name")
        out.append((name, (spec["dice"], spec["sides"])))
    return tuple(out)


def _check_choices(choices: Mapping[str, tuple[str, ...]], path: Path, dice_table) -> None:
    """Every choice the file offers is one the code knows."""
    known_dice = {"none"} | {n for n, _ in dice_table}
    for c in choices["dice"]:
        if c not in known_dice:
            raise DataError(path, "options", "dice", f"choice {c!r} has no entry in [dice]")
    for c in choices["style"]:
        if c not in STYLE_TITLES:
            raise DataError(path, "options", "style", f"unknown style {c!r} (the code knows {', '.join(STYLE_TITLES)})")
    for c in choices["variant"]:
        if c not in VARIANTS:
            raise DataError(path, "options", "variant", f"unknown variant {c!r} (the code knows {', '.join(VARIANTS)})")


__all__ = ["CHOICES", "SCHEMA", "STYLE_TITLES", "VARIANTS", "DoomtrooperRules", "NUMBERS", "OPTIONS", "RuleError",
           "load_rules", "override_rules", "rule_choices", "rule_ranges", "rules_path"]
