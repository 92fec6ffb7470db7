"""Fixtures shared by the what-if tests."""

import pytest

from explorer.whatif import jobs as runner


@pytest.fixture
def played(monkeypatch):
    """The jobs played during a test (each a few games of one variant)."""
    jobs = []
    real = runner.play_job
    monkeypatch.setattr(runner, "play_job", lambda job: jobs.append(job) or real(job))
    return jobs
