"""Shared fixtures: plain villains built in code, and the sample roster."""

import pytest

from explorer.asylum import Villain, load_roster


def make(name, pa=3, pd=3, ma=3, md=3, q=3, **kw):
    """A villain with stats given positionally (PA, PD, MA, MD, Q)."""
    return Villain(name=name, physical_attack=pa, physical_defense=pd, mental_attack=ma,
                   mental_defense=md, quickness=q, **kw)


@pytest.fixture(scope="session")
def roster():
    return load_roster()
