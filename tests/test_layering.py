"""Imports point down (DESIGN.md, "Layout"): ui and the cli use what-if and the
games; what-if uses the games and core; a game uses core only; core uses nothing
of ours.  Within the UI, the generic part (``explorer/ui/__init__.py`` and every
module not in a game's folder) imports nothing game-specific, and
``explorer/ui/<game>/`` imports only its game, core, what-if and the generic UI.
Read from the source with ``ast`` (imports inside functions count too), not by
importing anything."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "explorer"
LAYERS = {"core", "ui", "whatif"}  # every other folder under explorer/ is a game


def game_packages(root: Path = PACKAGE) -> list[str]:
    """The folders under ``explorer/`` that are neither core, ui nor whatif."""
    return sorted(p.name for p in root.iterdir()
                  if p.is_dir() and (p / "__init__.py").exists() and p.name not in LAYERS)


def module_name(path: Path, root: Path = PACKAGE) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(source: str, module: str, is_package: bool = False) -> list[tuple[int, str]]:
    """``(line, module)`` for every import in ``source`` (relative ones resolved
    against ``module``), including ``importlib.import_module("...")`` with a
    literal name.  ``from a import b`` yields both ``a`` and ``a.b`` (``b`` may be
    a module)."""
    package = module if is_package else module.rpartition(".")[0]
    out: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module
            out.append((node.lineno, base))
            out += [(node.lineno, f"{base}.{a.name}") for a in node.names if a.name != "*"]
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str):
            fn = node.func
            name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", None)
            if name in ("import_module", "__import__"):
                out.append((node.lineno, node.args[0].value))
    return out


def top_level(root: Path = PACKAGE) -> list[str]:
    """Every module and package directly under ``explorer/``, as ``explorer.<name>``."""
    return sorted(f"explorer.{p.stem}" for p in root.iterdir()
                  if (p.suffix == ".py" and p.name != "__init__.py") or (p.is_dir() and (p / "__init__.py").exists()))


def ui_rules(module: str, games: list[str], tops: list[str]) -> dict[str, str]:
    """What a UI module may not import: the generic UI nothing game-specific; a
    game's UI (``explorer.ui.<game>``) nothing but its game, core, what-if and
    the generic UI."""
    parts = module.split(".")
    own = parts[2] if len(parts) > 2 and parts[2] in games else None
    if own is None:
        why = ("the generic UI imports nothing game-specific: reach a game through explorer.games, or move this "
               "into that game's folder explorer/ui/<game>/")
        return {**{f"explorer.{g}": why for g in games}, **{f"explorer.ui.{g}": why for g in games},
                "explorer.cli": "only explorer/__main__.py imports the cli"}
    why = (f"explorer/ui/{own}/ imports only its game (explorer.{own}), explorer.core and the generic UI "
           "(which may use explorer.whatif on its behalf)")
    allowed = {f"explorer.{own}", "explorer.core", "explorer.ui"}
    no = {t: why for t in tops if t not in allowed}
    no.update({f"explorer.ui.{g}": why for g in games if g != own})
    if "explorer.cli" in no:
        no["explorer.cli"] = "only explorer/__main__.py imports the cli"
    return no


def forbidden(module: str, games: list[str], tops: list[str] = ()) -> dict[str, str]:
    """What ``module`` may not import: our package prefix -> why.  ``tops``: the
    modules and packages directly under ``explorer/`` (see :func:`top_level`)."""
    parts = module.split(".")
    layer = parts[1] if len(parts) > 1 else ""
    ours = ["explorer.core", "explorer.ui", "explorer.whatif", "explorer.cli"] + [f"explorer.{g}" for g in games]
    if layer == "core":
        return {p: "core imports nothing of ours outside core" for p in ours if p != "explorer.core"}
    if layer in games:
        no = {p: "a game imports core only: no UI, no what-if, no cli" for p in
              ("explorer.ui", "explorer.whatif", "explorer.cli")}
        no.update({f"explorer.{g}": "a game imports no other game" for g in games if g != layer})
        return no
    if layer == "whatif":
        return {p: "what-if runs the games; the UI and the cli use it, not the other way" for p in
                ("explorer.ui", "explorer.cli")}
    if layer == "ui":
        return ui_rules(module, games, list(tops))
    if module == "explorer.__main__":
        return {}
    return {"explorer.cli": "only explorer/__main__.py imports the cli"}


def violations(root: Path = PACKAGE) -> list[str]:
    games = game_packages(root)
    tops = top_level(root)
    found = []
    for path in sorted(root.rglob("*.py")):
        module = module_name(path, root)
        rules = forbidden(module, games, tops)
        lines = set()
        for line, name in imported(path.read_text(), module, path.name == "__init__.py"):
            for prefix, why in rules.items():
                if (name == prefix or name.startswith(prefix + ".")) and line not in lines:
                    lines.add(line)  # one report per import statement
                    found.append(f"{path.relative_to(root.parent)}:{line} imports {name}: {why}")
    return found


def test_imports_point_down():
    """Layout: core imports no game and no UI; a game imports no UI and no other
    game; the generic UI imports no game; a game's UI imports no other game (nor
    its UI); nothing but __main__ imports the cli."""
    assert game_packages() and "asylum" in game_packages()
    found = violations()
    assert not found, f"{len(found)} import(s) point the wrong way; remove or move each:\n" + "\n".join(
        f"  {v}" for v in found)


def test_relative_imports_are_resolved():
    assert imported("from ..core.engine import Game\nfrom . import sections", "explorer.asylum.game") == [
        (1, "explorer.core.engine"), (1, "explorer.core.engine.Game"),
        (2, "explorer.asylum"), (2, "explorer.asylum.sections")]
    assert imported("from .dist import Dist", "explorer.core", is_package=True)[0] == (1, "explorer.core.dist")
    assert imported("def f():\n    import importlib\n    importlib.import_module('explorer.ui')", "explorer.core.x") \
        == [(2, "importlib"), (3, "explorer.ui")]


@pytest.mark.parametrize("module, source, words", [
    ("core/engine.py", "from ..asylum import game", "core imports nothing of ours outside core"),
    ("core/engine.py", "def f():\n    from explorer.ui import stepper", "core imports nothing"),
    ("asylum/game.py", "from ..ui.common import x", "a game imports core only"),
    ("asylum/game.py", "from .. import victorian", "a game imports no other game"),
    ("victorian/cards.py", "import explorer.asylum.board", "a game imports no other game"),
    ("ui/stepper.py", "from ..cli import main", "only explorer/__main__.py imports the cli"),
    ("whatif/sweep.py", "from ..ui import common", "what-if runs the games"),
    ("ui/__init__.py", "from .asylum import ConflictLab", "the generic UI imports nothing game-specific"),
    ("ui/stepper.py", "from explorer.victorian import game", "the generic UI imports nothing game-specific"),
    ("ui/stepper.py", "def f():\n    from ..ui.asylum import board", "the generic UI imports nothing game-specific"),
    ("ui/asylum/lab.py", "from explorer.victorian.cards import Card", "explorer/ui/asylum/ imports only its game"),
    ("ui/asylum/lab.py", "from ..victorian import odds", "explorer/ui/asylum/ imports only its game"),
    ("ui/asylum/lab.py", "from explorer import games", "explorer/ui/asylum/ imports only its game"),
    ("ui/victorian/odds.py", "from ...asylum import odds", "explorer/ui/victorian/ imports only its game"),
    ("ui/asylum/lab.py", "from explorer.whatif import fork", "explorer/ui/asylum/ imports only its game"),
])
def test_each_kind_of_violation_is_caught(tmp_path, module, source, words):
    """The checker is not vacuous: a made-up package breaking each rule is caught."""
    root = made_up_package(tmp_path)
    (root / module).write_text(source)
    assert game_packages(root) == ["asylum", "victorian"]
    found = violations(root)
    assert len(found) == 1 and words in found[0] and found[0].startswith(f"explorer/{module}:"), found


def made_up_package(tmp_path: Path) -> Path:
    """A package laid out as ours, every import pointing the right way."""
    root = tmp_path / "explorer"
    for pkg in ("core", "ui", "whatif", "asylum", "victorian", "ui/asylum", "ui/victorian"):
        (root / pkg).mkdir(parents=True)
        (root / pkg / "__init__.py").write_text("")
    (root / "__init__.py").write_text("")
    (root / "__main__.py").write_text("from .cli import main\n")
    (root / "cli.py").write_text("from .asylum import game\nfrom .ui import stepper\n")
    (root / "games.py").write_text("from . import asylum, victorian\n")
    return root


def test_a_games_ui_may_import_its_game_core_and_the_generic_ui(tmp_path):
    root = made_up_package(tmp_path)
    (root / "ui" / "asylum" / "lab.py").write_text(
        "from explorer.asylum.odds import attack\nfrom ...core.engine import Stepper\n"
        "from ..stepper import StepperWidget\nfrom .. import common\nfrom . import board\n")
    (root / "ui" / "stepper.py").write_text("from ..core.engine import Stepper\nfrom .. import games\n")
    assert violations(root) == []
