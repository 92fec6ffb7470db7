"""Every game's rules file against the bounds its code keeps (one place: the
game's ``SCHEMA``): each declared range lies inside its number's bound, and an
edit that widens a range past it is refused by the loader, naming the file, the
table and the field."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from explorer import games
from explorer.asylum import params as asylum_params
from explorer.core.data import DataError
from explorer.doomtrooper import params as doomtrooper_params
from explorer.victorian import params as victorian_params

DATA = Path(__file__).resolve().parents[2] / "data"
PARAMS = {"asylum": asylum_params, "victorian": victorian_params, "doomtrooper": doomtrooper_params}


@pytest.mark.parametrize("game", sorted(PARAMS))
def test_every_declared_range_lies_inside_its_bound(game):
    params = PARAMS[game]
    ranges = params.rule_ranges()
    assert set(ranges) == set(params.SCHEMA.bounds) == set(params.SCHEMA.numbers)
    for name, declared in ranges.items():
        bound = params.SCHEMA.bounds[name]
        assert bound.min <= declared.min <= declared.max <= bound.max, (game, name, declared, bound)


def _widened(tmp_path: Path, game: str, name: str, key: str, value: int) -> Path:
    copy = tmp_path / game
    shutil.copytree(DATA / game, copy)
    path = copy / "rules.toml"
    text = path.read_text()
    line = re.search(rf"^{name} = {{ value = -?\d+, min = -?\d+, max = -?\d+ }}$", text, re.M).group(0)
    path.write_text(text.replace(line, re.sub(rf"{key} = -?\d+", f"{key} = {value}", line)))
    return path


@pytest.mark.parametrize("game", sorted(PARAMS))
@pytest.mark.parametrize("key", ["min", "max"])
def test_a_range_widened_past_its_bound_is_refused_on_loading(tmp_path, game, key):
    params = PARAMS[game]
    name = "turn_cap"
    bound = params.SCHEMA.bounds[name]
    past = bound.max + 1 if key == "max" else bound.min - 1
    path = _widened(tmp_path, game, name, key, past)
    with pytest.raises(DataError) as info:
        params.load_rules(path)
    assert (Path(info.value.file), info.value.entry, info.value.field) == (path, "numbers", f"{name}.{key}")
    side = f"above {bound.max}, the most" if key == "max" else f"below {bound.min}, the least"
    assert f"{key} {past} is {side}" in info.value.problem


@pytest.mark.parametrize("game", sorted(PARAMS))
def test_a_range_widened_up_to_its_bound_is_accepted(tmp_path, game):
    params = PARAMS[game]
    path = _widened(tmp_path, game, "turn_cap", "max", params.SCHEMA.bounds["turn_cap"].max)
    assert params.load_rules(path) is not None


def test_every_game_is_covered():
    assert set(PARAMS) == set(games.GAMES)


@pytest.mark.parametrize("old, new, field, words", [
    ('"d20" = { dice = 1, sides = 20 }', '"d20" = { dice = 1, sides = 1 }', "d20.sides", "1 is out of range: allowed 2..100"),
    ('"3d6" = { dice = 3, sides = 6 }', '"3d6" = { dice = 7, sides = 6 }', "3d6.dice", "7 is out of range: allowed 1..6"),
    ('"2d6" = { dice = 2, sides = 6 }', '"2d6" = { dice = 2, sides = "6" }', "2d6", "expected { dice = N, sides = S }"),
])
def test_doomtrooper_dice_entries_have_bounds_too(tmp_path, old, new, field, words):
    """Doomtrooper with Dice: each [dice] entry's numbers lie inside the bounds the code keeps."""
    copy = tmp_path / "doomtrooper"
    shutil.copytree(DATA / "doomtrooper", copy)
    path = copy / "rules.toml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))
    with pytest.raises(DataError) as info:
        doomtrooper_params.load_rules(path)
    assert (info.value.entry, info.value.field) == ("dice", field) and info.value.problem.startswith(words)
