"""What a game's results depend on, as a short hash: its rules code and data
(:func:`fingerprint`), the search bot's own modules (:func:`search_code`).  Stored
results with another fingerprint were played by other code (:mod:`explorer.whatif.stored`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any


def fingerprint(game: str, settings: Mapping[str, Any] | None = None) -> str:
    """A short hash of everything a game's results depend on: its rules code
    (``explorer/<game>/**.py``, the core) and its data (``data/<game>``, the rules
    summaries).  Stored results with another fingerprint are out of date.

    The search bot's modules (every ``search.py``) count only for a run whose
    ``settings`` seat a search bot (or when no settings are given): greedy and
    random games never run them, so tuning the search leaves their results current.

    >>> fingerprint("asylum", {"policy": "greedy"}) == fingerprint("asylum", {"policy": "random"})
    True
    >>> fingerprint("asylum", {"policy": "greedy"}) == fingerprint("asylum", {"policy": "search:20,greedy"})
    False
    """
    from ..core.data import data_files

    files = code_files(game)
    if settings is not None and not seats_search(settings):
        files = [f for f in files if f.name != "search.py"]
    return _hash(files + data_files(game))


def code_files(game: str) -> list[Path]:
    """The rules code a game's results depend on: ``explorer/<game>/**.py`` and the core."""
    root = Path(__file__).resolve().parents[1]
    return sorted((root / game).rglob("*.py")) + sorted((root / "core").glob("*.py"))


def search_code(game: str) -> str:
    """A short hash of the search bot's own modules (every ``search.py`` of the game and
    the core): probe games at a tiny budget cannot tell a change to how it searches.
    It hashes what the modules do, not how they are written down: their syntax trees
    without comments or docstrings, so mending a module's words leaves the runs it
    played current."""
    return _hash([f for f in code_files(game) if f.name == "search.py"],
                 lambda f: code_text(f.read_text(encoding="utf-8")).encode())


def code_text(source: str) -> str:
    """What a module does, as text: its syntax tree without docstrings (comments are
    not in the tree), so two sources that differ only in their words give the same text.

    >>> code_text("x = 1  # one") == code_text("'''A module.'''\\nx = 1")
    True
    >>> code_text("x = 1") == code_text("x = 2")
    False
    """
    import ast

    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


def _hash(files: list[Path], read: Callable[[Path], bytes] = Path.read_bytes) -> str:
    """A short hash of each file's name and what ``read`` makes of it (its bytes)."""
    import hashlib

    h = hashlib.sha256()
    for f in files:
        h.update(f.name.encode())
        h.update(read(f))
    return h.hexdigest()[:16]


def seats_search(settings: Mapping[str, Any]) -> bool:
    """Whether a run's settings seat the search bot (``search`` or ``search:N``, alone
    or in a list of bots, one per seat).

    >>> seats_search({"policy": "greedy,search:40"}), seats_search({"heroes": "greedy", "villains": "random"})
    (True, False)
    """
    return any(name.partition(":")[0].strip() == "search"
               for value in settings.values() if isinstance(value, str) for name in value.split(","))


__all__ = ["code_files", "code_text", "fingerprint", "search_code", "seats_search"]
