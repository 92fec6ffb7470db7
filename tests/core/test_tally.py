"""explorer.core.tally: the summary of many results, for any game."""

from __future__ import annotations

import pytest

from explorer.core.events import RuleRef
from explorer.core.results import Ending, GameResult
from explorer.core.tally import DEFAULT_SECTIONS, Tally, summarize


class Demo(Ending):
    GOAL = ("goal", RuleRef("demo", "goal"))
    TURN_CAP = ("turn cap", RuleRef("demo", "turn.cap"))


RESULTS = [
    GameResult(Demo.GOAL, (0,), 10, (12, 3), (("leader", "Ann"),)),
    GameResult(Demo.GOAL, (0, 1), 12, (12, 12), (("leader", "Bob"),)),
    GameResult(Demo.TURN_CAP, (), 30, (5, 5)),
    GameResult(Demo.TURN_CAP, (1,), 30, (4, 6), (("leader", "Bob"),)),
]


def test_wins_by_seat_shared_wins_draws_endings_and_turns():
    s = summarize(RESULTS, 2)
    assert list(s) == ["games", "wins_by_seat", *DEFAULT_SECTIONS]
    assert s["games"] == 4 and s["wins_by_seat"] == {"0": 2, "1": 2}
    assert s["draws"] == 1 and s["shared_wins"] == 1  # the shared win counts for both seats, and once here
    assert s["games"] == sum(s["wins_by_seat"].values()) + s["draws"] - s["shared_wins"]
    assert s["endings"] == {"goal": 2, "turn cap": 2}
    assert s["turns"] == {"mean": 20.5, "histogram": {"10": 1, "12": 1, "30": 2}}


def test_a_game_chooses_its_sections_and_names_its_seats():
    s = summarize(RESULTS, 2, ("north", "south"), ("wins_by_reason", "wins:leader", "scores:points", "draws"))
    assert list(s) == ["games", "wins_by_side", "wins_by_reason", "wins_by_leader", "points", "draws"]
    assert s["wins_by_side"] == {"north": 2, "south": 2}
    assert s["wins_by_reason"] == {"north and south: goal": 1, "north: goal": 1, "south: turn cap": 1,
                                   "turn cap": 1}
    assert s["wins_by_leader"] == {"Ann": 1, "Bob": 2}
    assert s["points"] == {"mean_by_seat": {"0": 8.25, "1": 6.5}}


def test_counting_game_by_game_keeps_no_results():
    tally = Tally(2)
    for r in RESULTS:
        tally.add(r)
    assert tally.summary() == summarize(RESULTS, 2) and not hasattr(tally, "results")
    assert Tally(2).summary()["turns"] == {"mean": 0.0, "histogram": {}}
    with pytest.raises(ValueError, match="unknown summary section"):
        Tally(2, sections=("draws", "bogus"))
