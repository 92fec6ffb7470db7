"""Limits that stay true: no module under ``explorer/`` over 600 lines, no
function over 80 lines, no import cycle among ``explorer`` modules.

Read from the source with ``ast``, not by importing anything.  A function's
length runs from its ``def`` to its last line (decorators excluded, docstring
included).  An import cycle is a strongly connected component of the graph of
module -> module imports, counting imports inside functions and leaving out
those under ``if TYPE_CHECKING:`` (type hints only).  ``from . import sibling``
is an edge to the sibling alone, and ``from package import name`` an edge to the
package only when ``name`` is not one of its modules: a package ``__init__``
importing its submodules is not a cycle by itself.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import networkx as nx
import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "explorer"
MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 80


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(root: Path = PACKAGE) -> dict[str, Path]:
    """Every module of the package under ``root``, by dotted name."""
    return {module_name(p, root): p for p in sorted(root.rglob("*.py"))}


def shown(path: Path, root: Path) -> str:
    return path.relative_to(root.parent).as_posix()


# -- sizes ----------------------------------------------------------------------------------------

def big_modules(root: Path = PACKAGE) -> list[tuple[int, str]]:
    """``(lines, path)`` of every module over the limit, biggest first."""
    found = []
    for path in modules(root).values():
        n = len(path.read_text().splitlines())
        if n > MAX_MODULE_LINES:
            found.append((n, shown(path, root)))
    return sorted(found, reverse=True)


def long_functions(root: Path = PACKAGE) -> list[tuple[int, str]]:
    """``(lines, "path:line qualified.name")`` of every function over the limit, longest first."""
    found = []
    for path in modules(root).values():
        def visit(node: ast.AST, prefix: str) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    name = f"{prefix}{child.name}"
                    if not isinstance(child, ast.ClassDef):
                        n = child.end_lineno - child.lineno + 1
                        if n > MAX_FUNCTION_LINES:
                            found.append((n, f"{shown(path, root)}:{child.lineno} {name}"))
                    visit(child, name + ".")
                else:
                    visit(child, prefix)
        visit(ast.parse(path.read_text()), "")
    return sorted(found, reverse=True)


# -- import cycles --------------------------------------------------------------------------------

def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def import_edges(root: Path = PACKAGE) -> dict[tuple[str, str], list[str]]:
    """Module -> module imports among the package's modules: ``(importer,
    imported)`` -> where each import is (``path:line``, marked when it sits
    inside a function).  Imports under ``if TYPE_CHECKING:`` are left out;
    ``importlib.import_module("...")`` with a literal name counts."""
    mods = modules(root)
    edges: dict[tuple[str, str], list[str]] = defaultdict(list)
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]

        def targets(node: ast.AST) -> list[str]:
            if isinstance(node, ast.Import):
                return [a.name for a in node.names]
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    parts = package.split(".")
                    base = ".".join(parts[:len(parts) - node.level + 1])
                    base = f"{base}.{node.module}" if node.module else base
                else:
                    base = node.module or ""
                subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in mods]
                return subs + ([base] if len(subs) < len(node.names) else [])
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                    and isinstance(node.args[0].value, str):
                fn = node.func
                called = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", None)
                if called in ("import_module", "__import__"):
                    return [node.args[0].value]
            return []

        def visit(node: ast.AST, in_function: bool) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.If) and _type_checking(child):
                    for sub in child.orelse:  # only the TYPE_CHECKING branch is for type hints
                        visit_one(sub, in_function)
                    continue
                visit_one(child, in_function)

        def visit_one(child: ast.AST, in_function: bool) -> None:
            for target in targets(child):
                if target in mods and target != name:
                    where = f"{shown(path, root)}:{child.lineno}" + (" (inside a function)" if in_function else "")
                    edges[(name, target)].append(where)
            visit(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

        visit(ast.parse(path.read_text()), False)
    return dict(edges)


def import_cycles(root: Path = PACKAGE) -> list[str]:
    """One description per cycle (strongly connected component of two or more
    modules): its modules and every import that keeps it closed."""
    edges = import_edges(root)
    graph = nx.DiGraph(list(edges))
    found = []
    for component in nx.strongly_connected_components(graph):
        if len(component) < 2:
            continue
        lines = [f"a cycle of {len(component)} modules: {', '.join(sorted(component))}"]
        for (a, b), where in sorted(edges.items()):
            if a in component and b in component:
                lines.append(f"    {a} -> {b}: {'; '.join(where)}")
        found.append("\n".join(lines))
    return sorted(found)


# -- the tests ------------------------------------------------------------------------------------

def test_no_module_over_600_lines():
    """One rulebook topic per module, and a module one can read: none over 600 lines."""
    found = big_modules()
    assert not found, (f"{len(found)} module(s) over {MAX_MODULE_LINES} lines; split each by rulebook topic "
                       "(a package of modules if need be):\n" + "\n".join(f"  {path}: {n} lines" for n, path in found))


def test_no_function_over_80_lines():
    """No function over 80 lines (from its ``def`` to its last line)."""
    found = long_functions()
    assert not found, (f"{len(found)} function(s) over {MAX_FUNCTION_LINES} lines; split each into named steps "
                       "(helpers that say what each part does):\n"
                       + "\n".join(f"  {where}: {n} lines" for n, where in found))


def test_no_import_cycles():
    """Imports point one way, at import time and inside functions alike (type
    hints under ``if TYPE_CHECKING:`` excepted)."""
    found = import_cycles()
    assert not found, (f"{len(found)} import cycle(s) among explorer modules; make the imports point one way "
                       "(move what both sides need into a module both import, or pass it in as an argument; "
                       "an import inside a function is still an import):\n" + "\n".join(found))


# -- the checkers are not vacuous -----------------------------------------------------------------

def make_package(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "explorer"
    for name, source in {"__init__.py": "", **files}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source)
    return root


@pytest.mark.parametrize("files, cycle", [
    ({"a.py": "from . import b\n", "b.py": "from .a import x\n"}, "explorer.a, explorer.b"),
    ({"a.py": "def f():\n    from . import b\n", "b.py": "import explorer.a\n"}, "explorer.a, explorer.b"),
    ({"a.py": "import importlib\nimportlib.import_module('explorer.b')\n", "b.py": "from explorer import a\n"},
     "explorer.a, explorer.b"),
    ({"g/__init__.py": "from . import x\n", "g/x.py": "from . import y\n", "g/y.py": "from .x import z\n"},
     "explorer.g.x, explorer.g.y"),
])
def test_a_cycle_is_caught(tmp_path, files, cycle):
    found = import_cycles(make_package(tmp_path, files))
    assert len(found) == 1 and found[0].startswith(f"a cycle of 2 modules: {cycle}\n"), found
    assert "explorer/" in found[0] and ".py:" in found[0]


@pytest.mark.parametrize("files", [
    {"a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\n", "b.py": "from . import a\n"},
    {"g/__init__.py": "from .x import f\nfrom . import y\n", "g/x.py": "from . import y\n", "g/y.py": "X = 1\n"},
    {"a.py": "import typing\nif typing.TYPE_CHECKING:\n    from . import b\n", "b.py": "from .a import x\n"},
])
def test_what_is_not_a_cycle(tmp_path, files):
    """Type hints under TYPE_CHECKING, and a package importing its modules."""
    assert import_cycles(make_package(tmp_path, files)) == []


def test_a_cycle_inside_a_function_is_marked(tmp_path):
    root = make_package(tmp_path, {"a.py": "def f():\n    from . import b\n", "b.py": "from . import a\n"})
    found = import_cycles(root)
    assert "explorer.a -> explorer.b: explorer/a.py:2 (inside a function)" in found[0]
    assert "explorer.b -> explorer.a: explorer/b.py:1\n" in found[0] + "\n"


def test_sizes_are_measured(tmp_path):
    long_body = "".join(f"        x{i} = {i}\n" for i in range(MAX_FUNCTION_LINES))  # with the def: one too many
    short_body = "".join(f"    x{i} = {i}\n" for i in range(MAX_FUNCTION_LINES - 1))  # with the def: just right
    root = make_package(tmp_path, {
        "big.py": "X = 1\n" * (MAX_MODULE_LINES + 1),
        "fine.py": "X = 1\n" * MAX_MODULE_LINES,
        "f.py": f"class C:\n    @staticmethod\n    def long():\n{long_body}\n\ndef short():\n{short_body}",
    })
    assert big_modules(root) == [(MAX_MODULE_LINES + 1, "explorer/big.py")]
    assert long_functions(root) == [(MAX_FUNCTION_LINES + 1, "explorer/f.py:3 C.long")]
