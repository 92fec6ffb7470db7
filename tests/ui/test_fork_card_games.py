"""Forks in the card games' steppers (the Victorian game's Recruit Phase, the
Doomtrooper Cardinal's Gift): each option played on with the same seeds, its win
rate with an interval, and its paired difference to the best option with its own."""

from __future__ import annotations

import pytest

from explorer import whatif
from explorer.ui.doomtrooper.table import TableStepper
from explorer.ui.fork import cost_text
from explorer.ui.victorian.stepper import VictorianStepper
from explorer.whatif import stats
from explorer.whatif.fork import _starts


def to_choice(stepper_widget):
    """Step until a decision with at least two options."""
    st = stepper_widget.stepper
    while st.decision is None or st.decision.forced or len(st.decision.options) < 2:
        st.step()
    stepper_widget.refresh()
    return st


@pytest.mark.parametrize("make", [lambda: VictorianStepper(seed=2).stepper,
                                  lambda: TableStepper(seed=2, seat=0).stepper_widget],
                         ids=["victorian", "doomtrooper"])
def test_the_paired_difference_to_the_best_option(make):
    widget = make()
    st = to_choice(widget)
    frame = whatif.fork(st, games=6, seed=3)
    assert list(frame["option"]) == [str(o) for o in st.decision.options]
    best = frame["wins"].idxmax()
    assert frame.attrs["best"] == frame.loc[best, "option"]
    assert (frame.loc[best, ["vs_best", "vs_low", "vs_high"]] == 0).all()
    assert ((frame["vs_low"] <= frame["vs_best"]) & (frame["vs_best"] <= frame["vs_high"])).all()
    assert (frame["vs_best"] <= 0).all()
    for row in frame.itertuples():
        assert row.vs_best == pytest.approx(row.wins - frame.loc[best, "wins"])


def test_the_same_seeds_for_every_option():
    """Play-through i of every option is seeded "S#i": the paired interval is the
    one of the game-by-game differences."""
    from explorer.core.engine import simulate
    from explorer.games import spec

    widget = VictorianStepper(seed=2).stepper
    st = to_choice(widget)
    frame = whatif.fork(st, games=4, seed=5)
    won = spec("victorian").metrics.player_won
    starts, worlds = _starts(st.game, st.state, st.decision.player, st.decision.options, 4, 5)
    assert worlds == frame.attrs["worlds"] == "dealt anew from what the player sees"
    wins = [[float(won(simulate(st.game, starts[i], st.policies, f"5#{i}", first=o).result, st.decision.player))
             for i in range(4)] for o in st.decision.options]
    best = int(frame["wins"].idxmax())
    for k, row in enumerate(frame.itertuples()):
        if k != best:
            assert (row.vs_best, row.vs_low, row.vs_high) == pytest.approx(stats.paired(wins[k], wins[best], rate=True))


@pytest.mark.parametrize("make,attr", [(lambda: VictorianStepper(seed=2), "stepper"),
                                       (lambda: TableStepper(seed=2, seat=0), "stepper_widget")],
                         ids=["victorian", "doomtrooper"])
def test_the_panel_in_each_stepper(make, attr):
    page = make()
    panel = page.forking
    assert "xp-fork" in panel.button._dom_classes and "xp-fork-view" in panel.view._dom_classes
    assert "xp-fork-games" in panel.games._dom_classes
    panel.fork()
    assert "Nothing to fork" in panel.view.value
    to_choice(getattr(page, attr))
    panel.games.value = 10
    frame = panel.fork()
    text = panel.view.value
    assert "95% interval" in text and "against the best option" in text and "the best here" in text
    assert len(frame) >= 2
    widget = getattr(page, attr)
    widget.stepper.step(widget.stepper.decision.options[0])
    widget.refresh()
    assert panel.view.value == ""  # a fork answers one decision


def test_cost_reads_as_points():
    class Row:
        vs_best, vs_low, vs_high = -0.2, -0.35, -0.05

    assert cost_text(Row) == "costs 20.0 points ± 15.0"


def test_a_fork_reads_nothing_the_deciding_side_cannot_see():
    """THE DECKS: the other hand is hidden; two games that differ only there fork alike."""
    from explorer.core.engine import Stepper

    widget = VictorianStepper(seed=2).stepper
    st = to_choice(widget)
    me = st.decision.player
    other = 1 - ("heroes", "villains").index(me)
    side = st.state.sides[other]
    hidden = [c for c in side.hand if c not in side.exposed]
    swap = next(((out, into) for out in hidden for into in side.deck.rest if into != out), None)
    assert swap is not None
    out, into = swap
    hand = list(side.hand)
    hand.remove(out)
    rest = list(side.deck.rest)
    rest.remove(into)
    changed = side._replace(hand=tuple(sorted(hand + [into])),
                            deck=side.deck._replace(rest=tuple(sorted(rest + [out]))))
    sides = list(st.state.sides)
    sides[other] = changed
    twin_state = st.state._replace(sides=tuple(sides))
    assert st.game.observe(twin_state, me) == st.game.observe(st.state, me) and twin_state != st.state
    twin = Stepper(st.game, twin_state, st.seed, st.policies)
    a, b = whatif.fork(st, games=4, seed=7), whatif.fork(twin, games=4, seed=7)
    assert a.equals(b)
