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



#: the longest files (random games by the thousand), started first so the workers finish together
LONGEST_FIRST = ("tests/doomtrooper/test_dt_conformance.py", "tests/asylum/test_game_robustness.py",
                 "tests/victorian/test_victorian_many_games.py")


def pytest_xdist_make_scheduler(config, log):
    """Under ``-n`` (pytest-xdist): a file's tests run on one worker, in order (a
    notebook's cells are one run of it); the longest files start first; the browser
    tests run on one worker (they share one Voila server), last, when the other
    workers are done or nearly (the pages' timings measure the app, not the suite).
    xdist's own ``loadgroup`` marks do not reach its scheduler under pytest 9, so the
    grouping is done here."""
    from xdist.scheduler import LoadScopeScheduling

    class ByFile(LoadScopeScheduling):
        ordered = False

        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return "tests/browser" if path.startswith("tests/browser/") else path

        def _assign_work_unit(self, node) -> None:
            if not self.ordered:
                for scope in reversed(LONGEST_FIRST):
                    if scope in self.workqueue:
                        self.workqueue.move_to_end(scope, last=False)
                if "tests/browser" in self.workqueue:
                    self.workqueue.move_to_end("tests/browser")
                self.ordered = True
            super()._assign_work_unit(node)

    return ByFile(config, log)
