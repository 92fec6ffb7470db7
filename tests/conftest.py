"""Shared fixtures.  Helpers to import live in ``factories.py`` (a conftest
module cannot be imported by name: each folder may have its own)."""

import pytest

from explorer.asylum import load_roster


@pytest.fixture(scope="session")
def roster():
    return load_roster()
