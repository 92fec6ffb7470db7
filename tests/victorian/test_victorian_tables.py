"""The result tables and their exact odds: the API's keys and sums, each band as
the rulebook prints it, and the odds checked against an independent enumeration
of dice faces and against seeded Monte Carlo of the game's own roll."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from explorer.core.engine import SampledChance
from explorer.victorian import tables
from explorer.victorian.state import Term
from explorer.victorian.tables.banded import modified_roll
from explorer.victorian.tables.data import load_tables

KEYS = {
    "assassin_roll": ("interrogated", "not_found", "nothing", "wounded", "killed"),
    "track_roll": ("wrong_track", "dead_end", "foiled", "thwarted"),
    "combat_roll": ("hero_killed", "hero_wounded", "stop", "attack_again"),
    "showdown_roll": ("hero_killed", "hero_wounded", "destroy_base", "villain_wounded", "villain_killed"),
}
DICE = {"assassin_roll": 2, "track_roll": 2, "combat_roll": 1, "showdown_roll": 1}


# The rulebook's bands, transcribed here independently of tables.toml.
def assassin_band(total):  # ASSASSIN PHASE
    return ("interrogated" if total <= 2 else "not_found" if total <= 5 else "nothing" if total <= 7
            else "wounded" if total <= 10 else "killed")


def track_band(total):  # INTERCEPT PHASE
    return "wrong_track" if total <= 5 else "dead_end" if total <= 9 else "foiled" if total == 10 else "thwarted"


def combat_band(total):  # ATTACK PHASE: the Combat Roll
    return "hero_killed" if total <= 1 else "hero_wounded" if total <= 3 else "stop" if total <= 6 else "attack_again"


def showdown_band(total):  # ATTACK PHASE: the Showdown Roll
    return ("hero_killed" if total <= 1 else "hero_wounded" if total <= 3 else "destroy_base" if total == 4
            else "villain_wounded" if total == 5 else "villain_killed")


BANDS = {"assassin_roll": assassin_band, "track_roll": track_band, "combat_roll": combat_band,
         "showdown_roll": showdown_band}


def by_faces(fn: str, modifier: int) -> dict[str, Fraction]:
    """Every face of every die, counted by hand."""
    n = DICE[fn]
    counts = dict.fromkeys(KEYS[fn], 0)
    for faces in itertools.product(range(1, 7), repeat=n):
        counts[BANDS[fn](sum(faces) + modifier)] += 1
    return {k: Fraction(v, 6 ** n) for k, v in counts.items()}


@pytest.mark.parametrize("fn", list(KEYS))
@pytest.mark.parametrize("modifier", range(-8, 12))
def test_each_table_matches_an_enumeration_of_dice_faces(fn, modifier):
    """ASSASSIN PHASE, INTERCEPT PHASE, ATTACK PHASE: every result key present (impossible ones at 0), Fractions
    summing to exactly 1, equal to counting the faces of the dice against the rulebook's bands."""
    got = getattr(tables, fn)(modifier)
    assert tuple(got) == KEYS[fn]
    assert all(isinstance(p, Fraction) for p in got.values()) and sum(got.values()) == 1
    assert got == by_faces(fn, modifier)


@pytest.mark.parametrize("fn", list(KEYS))
def test_each_table_matches_seeded_monte_carlo_of_the_games_own_roll(fn):
    """DICE: 20,000 seeded rolls of the game's roll rule land within 4 standard errors of the exact odds."""
    modifier = {"assassin_roll": 1, "track_roll": 3, "combat_roll": 2, "showdown_roll": 1}[fn]
    table = load_tables().banded(fn.removesuffix("_roll"))
    chance = SampledChance(random.Random(f"mc/{fn}"))
    n = 20_000
    seen = dict.fromkeys(KEYS[fn], 0)
    for _ in range(n):
        seen[modified_roll(table, (Term("m", modifier, None, "dice"),), chance).result] += 1
    for key, p in getattr(tables, fn)(modifier).items():
        sd = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(seen[key] / n - float(p)) <= 4 * sd + 1e-9, key


def test_healing_roll_removes_the_counter_on_five_or_more():
    """HEALING PHASE: a 5+ on 1D6 removes the counter; an Immortal's +3 and a Doctor's +2 make it likelier."""
    assert tables.healing_roll(0) == Fraction(1, 3)
    assert tables.healing_roll(2) == Fraction(2, 3)  # a Doctor's help
    assert tables.healing_roll(3) == Fraction(5, 6)  # an Immortal on himself
    assert tables.healing_roll(5) == 1 and tables.healing_roll(-5) == 0


def test_spy_roll():
    """SPY PHASE: 1 the spy is caught, 2-4 nothing, 5+ a look at the opponent's hand."""
    assert tables.spy_roll() == {"caught": Fraction(1, 6), "nothing": Fraction(1, 2), "discovery": Fraction(1, 3)}


def test_a_modifier_must_be_a_whole_number():
    """DICE: the modifier is the total added to the dice."""
    with pytest.raises(TypeError):
        tables.track_roll(1.5)
    with pytest.raises(TypeError):
        tables.combat_roll(True)


def test_the_face_tables_have_the_rulebooks_results_in_order():
    """GENIUS PHASE, INVENTION PHASE, INTERCEPT PHASE: the Plot, Invention and Villain Tables, one result a face."""
    t = load_tables()
    assert [f.title for f in t.plot_table.faces] == ["Analysis", "Predictions", "Deduction", "Lure", "Recruit",
                                                     "Contingencies"]
    assert [f.title for f in t.invention_table.faces] == ["Research", "Build", "Eureka", "Blueprints",
                                                          "Failed Project", "Lab Explosion"]
    assert [f.title for f in t.villain_table.faces] == ["Neutralize", "Machinations", "Spies", "Manipulations",
                                                        "Hirelings", "Wheels in Motion"]
    assert t.plot_table.face(2).params.cards == 7 and t.plot_table.face(2).params.either
    assert not t.invention_table.face(1).params.either  # Research: your own deck
    assert t.villain_table.face(5).params.count == 2
