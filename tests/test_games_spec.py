"""explorer.games: every game is described by one GameSpec, and the command line, the
what-if layer, the app and the core reach a game only through games.spec."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from explorer import games
from explorer.core.engine import Game
from explorer.core.simulation import Simulation
from explorer.core.spec import GameSpec

EXPLORER = Path(games.__file__).resolve().parent
#: the modules that reach games: none may find one by building a module name
#: every module of the package: none finds a game (or a part of one) by building its module name
CONSUMERS = sorted(EXPLORER.rglob("*.py"))


@pytest.mark.parametrize("key", list(games.GAMES))
def test_every_game_has_a_full_spec(key):
    spec = games.spec(key)
    info = games.GAMES[key]
    assert isinstance(spec, GameSpec) and spec.key == key
    assert (spec.title, spec.summary) == (info.title, info.summary)
    assert issubclass(spec.game_class, Game) and spec.game_class().name == key
    assert spec.load_rules() is not None and spec.override_rules({}) == spec.load_rules()
    assert {"random", "greedy"} <= set(spec.bots) and all(callable(b.make) for b in spec.bots.values())
    assert spec.check_data() and spec.load_register()
    assert spec.sections and all(isinstance(s, str) for s in spec.sections)
    assert callable(spec.observe) and isinstance(spec.simulation, Simulation)
    for name in ("SETTINGS", "metrics", "play", "game_for", "player_won", "parameters", "exact_effect"):
        assert hasattr(spec.metrics, name), name
    assert spec.why_not is None or callable(spec.why_not)


def test_an_unknown_game_is_a_key_error():
    with pytest.raises(KeyError, match="unknown game 'chess'"):
        games.spec("chess")
    assert not hasattr(games, "part")


def _built_imports(source: str) -> list[int]:
    """The lines calling ``import_module`` or ``__import__`` with a module name not written out."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
            if name in ("import_module", "__import__") and not (node.args and isinstance(node.args[0], ast.Constant)):
                out.append(node.lineno)
    return out


def test_no_consumer_finds_a_game_by_building_a_module_name():
    assert _built_imports("import importlib\nm = importlib.import_module(f'explorer.{game}.metrics')") == [2]
    assert _built_imports("import importlib\nm = importlib.import_module('explorer.games')") == []
    found = {str(path.relative_to(EXPLORER)): lines for path in CONSUMERS
             if (lines := _built_imports(path.read_text()))}
    assert found == {}
