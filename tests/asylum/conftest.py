"""Fixtures for the Doom Asylum tests."""

import shutil
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[2] / "data"


@pytest.fixture
def data_copy(tmp_path, monkeypatch) -> Path:
    """A private copy of ``data/`` that every loader reads through ``$EXPLORER_DATA``:
    a test edits it as a designer would edit the real one."""
    copy = tmp_path / "data"
    shutil.copytree(DATA, copy)
    monkeypatch.setenv("EXPLORER_DATA", str(copy))
    return copy
