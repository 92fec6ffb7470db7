"""Pytest settings for every path of the checkout: ``python -m pytest`` (tests and
notebooks, as the README says) and ``python -m pytest notebooks/victorian`` alike, so a
notebook's cells run in one kernel whatever is collected."""

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
