"""The what-if layer runs the Victorian game through its metrics module: a rule
change compared with the base game on the same seeds, and bad overrides refused."""

from __future__ import annotations

import pytest

from explorer import whatif
from explorer.core.data import DataError
from explorer.victorian import metrics


def test_a_variant_is_compared_game_by_game():
    """INTERCEPT PHASE (what-if): with no Wrong Track penalty, the comparison is paired on the same seeds."""
    df = whatif.compare("victorian", {"wrong_track_penalty": 0}, games=30, seed=2, progress=False)
    assert list(df.index[:3]) == ["win_heroes", "win_villains", "draw"]
    assert {"base", "variant", "diff", "ci_low", "ci_high"} <= set(df.columns)


def test_a_bad_override_is_a_data_error():
    """Rule parameters: an unknown rule or a value out of range is refused, naming it."""
    with pytest.raises(DataError, match="opening_hand"):
        metrics.variant_game({"opening_hand": 99})
    with pytest.raises(DataError, match="hand_limit"):
        metrics.variant_game({"hand_limit": 7})


def test_metrics_read_a_played_game():
    """VICTORY: each game is one win, loss or draw; the rules that fired are counted."""
    values = metrics.play(metrics.game_for({}), "wi#3")
    assert set(values) == {m.name for m in metrics.metrics()}
    assert values["win_heroes"] + values["win_villains"] + values["draw"] == 1
    assert values["turns"] >= 1 and values["track_rolls"] >= values["thwarts"]
