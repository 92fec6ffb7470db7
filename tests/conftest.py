"""Shared fixtures.  Helpers to import live in ``factories.py`` (a conftest
module cannot be imported by name: each folder may have its own)."""

import pytest

from explorer.asylum import load_roster


@pytest.fixture(scope="session")
def roster():
    return load_roster()


@pytest.fixture(scope="session", autouse=True)
def ctrl_c_as_at_a_terminal():
    """A suite started in the background (``pytest &``) inherits an ignored SIGINT, and
    the runs keep it ignored on purpose; the Ctrl-C tests need it as a terminal sends it."""
    import signal

    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
