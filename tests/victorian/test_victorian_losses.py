"""VICTORY, ASSASSIN PHASE, INTERCEPT PHASE (the Villain Table) and "Gaining control":
how a side's major characters leave play, read off a game's events, checked against
the states themselves: every character that leaves the Heroes' units in a step is
one loss, killed (to a discard pile), taken (now a Villains' unit) or sent back (to a
hand), and the last loss of a game the Villains win at the VICTORY check is the
step that left the Heroes with none."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from vichelp import GAME

from explorer.core.engine import Stepper
from explorer.core.params import RuleError
from explorer.victorian import sections as R
from explorer.victorian.losses import FATES, cause_words, lines, losses, tally
from explorer.victorian.simulate import policies_for, run_games
from explorer.victorian.state import HEROES, VILLAINS, Ending
from explorer.victorian.units import is_major

SEEDS = [f"loss#{i}" for i in range(40)]


def majors(state, side):
    return {u.uid for u in state.sides[side].units if is_major(GAME, side, u)}


def from_states(seed, bots=("greedy", "greedy")):
    """The Heroes' losses as the states show them, (character, fate) in step order,
    and the stepper that played the game."""
    st = Stepper(GAME, GAME.new_game(), seed, policies_for(*bots))
    st.run()
    found, before = [], st.initial
    for entry in st.history:
        after = entry.state
        for uid in sorted(majors(before, HEROES) - majors(after, HEROES)):
            card = before.sides[HEROES].unit(uid).card
            if after.sides[VILLAINS].unit(uid) is not None:
                fate = "taken"
            elif card in after.sides[GAME.owner(card)].hand:
                fate = "sent back"
            else:  # to a discard pile: killed, or discarded by a rule that does not kill
                fate = "killed/discarded"
            found.append((uid, fate))
        before = after
    return found, st


@pytest.mark.parametrize("seed, bots", [(s, ("greedy", "greedy")) for s in SEEDS]
                         + [(s, ("random", "random")) for s in SEEDS[:12]])
def test_every_character_the_heroes_lose_is_one_loss_with_its_fate(seed, bots):
    found, st = from_states(seed, bots)
    events = [e for entry in st.history for e in entry.events]
    read = losses(GAME, events, HEROES)
    fates = {"killed": "killed/discarded", "discarded": "killed/discarded"}
    assert Counter((x.character, fates.get(x.fate, x.fate)) for x in read) == Counter(found)
    result = st.state.result
    if result.ending is Ending.NO_MAJORS and VILLAINS in result.winners:  # VICTORY: the last loss ended it
        assert read and read[-1].character == found[-1][0]
        assert not majors(st.state, HEROES)


def test_losses_name_the_rule_that_took_each_character():
    """Across the games every way out of play shows up, each with its rule: killed by
    Assassin Rolls (the roll's "killed", or the wound it dealt taking the last of his
    Fight), taken by the Villain Table's Manipulations, discarded when a Spy is caught
    (SPY PHASE) or an Underling goes in another's place, sent back by Scandal; a
    wound's cause is the wound's rule, never the bare WOUND COUNTERS rule."""
    read = [x for seed in SEEDS for x in losses(GAME, _events(seed), HEROES)]
    rules = Counter((x.fate, x.rule) for x in read)
    for seen in [("killed", R.ASSASSIN), ("taken", R.VILLAIN_TABLE), ("discarded", R.SPY),
                 ("discarded", R.UNDERLING), ("sent back", R.VILLAIN_CARDS)]:
        assert rules[seen] > 0, seen
    assert all(x.rule != R.WOUNDS for x in read)
    assert {x.fate for x in read} == set(FATES)


def _events(seed):
    st = Stepper(GAME, GAME.new_game(), seed, policies_for())
    st.run()
    return [e for entry in st.history for e in entry.events]


def test_the_villains_lose_only_their_masterminds():
    """VICTORY counts only Masterminds for the Villains: a minor villain killed is no loss."""
    read = [x for seed in SEEDS[:8] for x in losses(GAME, _events(seed), VILLAINS)]
    assert read and all(GAME.card(x.character).type == "M" for x in read)


def test_the_tally_plays_the_games_run_games_plays():
    """The games are those of ``run_games`` on the same seed: its count of Villains'
    wins at the VICTORY check is the number of last losses, and its summary is the
    tally's, key for key (the card games page reads both off one run)."""
    t = tally(30, seed=2)
    summary = run_games(30, seed=2)
    assert t.summary == summary
    assert sum(t.last.values()) == summary["wins_by_reason"].get("villains: " + Ending.NO_MAJORS.text, 0)
    assert t.games == 30 and sum(t.lost.values()) >= sum(t.last.values())


def test_the_lines_read_most_common_first_with_shares_that_add_up():
    t = tally(30, seed=2)
    said = lines(t)
    assert said[0].startswith("how the Heroes' characters left play in 30 games: ")
    split = next(i for i, line in enumerate(said) if line.startswith("the loss that left"))
    counts = [int(line.rsplit(": ", 1)[1].split()[0]) for line in said[1:split]]
    assert counts == sorted(counts, reverse=True) and len(counts) == len(t.lost)
    assert sum(counts) == sum(t.lost.values()) == int(said[0].rsplit(": ", 1)[1].split()[0])
    shares = [int(line.rsplit("(", 1)[0].rsplit(": ", 1)[1]) for line in said[split + 1:]]
    assert sum(shares) == sum(t.last.values()) and shares == sorted(shares, reverse=True)
    assert "(ASSASSIN PHASE)" in "\n".join(said)
    assert cause_words("killed", R.ASSASSIN) == "killed (ASSASSIN PHASE)"
    assert Fraction(sum(t.lost.values()), 30) > 1  # the Heroes lose more than one character a game


def test_a_tally_takes_rule_changes_and_either_side():
    """A variant's rule changes play as in ``run_games``; a rule the data does not have
    is refused by name; the Villains' tally counts their Masterminds."""
    t = tally(6, seed=3, rules={"major_plot_counters": 3}, side=VILLAINS)
    assert t.summary == run_games(6, seed=3, rules={"major_plot_counters": 3})
    assert lines(t)[0].startswith("how the Villains' characters left play in 6 games: ")
    with pytest.raises(RuleError, match="no_such_rule.*no such rule"):
        tally(1, rules={"no_such_rule": 1})
