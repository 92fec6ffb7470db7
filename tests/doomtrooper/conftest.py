"""Fixtures for the Doomtrooper tests (helpers to import live in dt_helpers.py)."""

import pytest
from dt_helpers import GAME


@pytest.fixture(scope="session")
def game():
    return GAME


@pytest.fixture(scope="session")
def pool():
    return GAME.pool
