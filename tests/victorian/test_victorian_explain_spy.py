"""Explain this number, the Spy Roll (SPY PHASE; CARD TRAITS: Facilitator, register
"facilitator-spy-roll"): its terms each with its rule section, its exact odds
checked face by face and against seeded rolls of the game's own step, and the
event the step records carrying the same terms for the stepper's table."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from vichelp import GAME, step

from explorer.core.engine import SampledChance
from explorer.ui.victorian.stepper import roll_table
from explorer.victorian import tables
from explorer.victorian.actions import Facilitate, Roll
from explorer.victorian.game import VictorianGame
from explorer.victorian.odds import explain_roll
from explorer.victorian.state import Phase

HELP = Facilitate("Campion Bond", "James T. West")


def scene(game: VictorianGame = GAME):
    return game.scenario(heroes=["James T. West", "Campion Bond"], hands={"villains": ["Guards"]}, at=Phase.SPY)


def by_faces(bonus: int) -> dict[str, Fraction]:
    """Our own reading of the Spy table, face by face: 1 caught, 2-4 nothing, 5 or more a discovery."""
    out = Counter("caught" if d + bonus <= 1 else "nothing" if d + bonus <= 4 else "discovery" for d in range(1, 7))
    return {k: Fraction(out[k], 6) for k in ("caught", "nothing", "discovery")}


@pytest.mark.parametrize("helper, terms", [
    (None, []),
    ("Campion Bond", [("Campion Bond's help", 1, "Campion Bond", "traits.facilitator")]),
])
def test_the_spy_roll_is_explained_term_by_term_with_its_exact_odds(helper, terms):
    e = explain_roll(scene(), "spy", "James T. West", helper=helper)
    assert e["kind"] == "spy"
    assert [(t["label"], t["value"], t["card"], t["rule"]) for t in e["terms"]] == terms
    assert e["modifier"] == len(terms)
    assert e["odds"] == by_faces(len(terms)) == tables.spy_roll(len(terms))
    assert sum(e["odds"].values()) == 1


def test_the_odds_agree_with_seeded_rolls_of_the_game_itself():
    e = explain_roll(scene(), "spy", "James T. West", helper="Campion Bond")
    words = {"is caught": "caught", "learns nothing": "nothing", "makes a discovery": "discovery"}
    seen: Counter = Counter()
    rng, n = random.Random(17), 3000
    for _ in range(n):
        _, events = GAME.resolve(scene(), HELP, SampledChance(rng))
        seen.update(key for e_ in events for w, key in words.items() if w in e_.text)
    assert sum(seen.values()) == n
    for key, p in e["odds"].items():
        assert abs(seen[key] / n - float(p)) < 0.03, (key, seen[key] / n, p)


def test_the_event_records_the_terms_the_explanation_gives():
    """The stepper's "explain this number" table reads the event's roll: the same terms, each with its rule."""
    _, events = step(scene(), HELP, 4)
    spy = next(ev for ev in events if "makes a discovery" in ev.text)
    roll = dict(spy.data)["roll"]
    explained = explain_roll(scene(), "spy", "James T. West", helper="Campion Bond")
    assert [dict(t) for t in roll["terms"]] == explained["terms"]
    assert (roll["table"], roll["dice"], roll["total"], roll["result"]) == ("spy", 4, 5, "discovery")
    html = roll_table(spy)
    assert "Campion Bond&#x27;s help" in html or "Campion Bond's help" in html
    assert "traits.facilitator" in html and "result: discovery" in html
    _, events = step(scene(), Roll(), 1)
    caught = next(ev for ev in events if "is caught" in ev.text)
    assert dict(caught.data)["roll"]["terms"] == () and "result: caught" in roll_table(caught)


@pytest.mark.parametrize("actor, helper, words", [
    ("Campion Bond", None, "'Campion Bond' is not a Spy in play"),
    ("Nobody", None, "'Nobody' is not a Spy in play"),
    ("James T. West", "James T. West", "'James T. West' cannot help this Spy Roll"),
])
def test_a_wrong_question_is_an_error_a_user_can_act_on(actor, helper, words):
    with pytest.raises(ValueError, match=words):
        explain_roll(scene(), "spy", actor, helper=helper)


def test_with_the_switch_off_no_facilitator_helps():
    off = VictorianGame(rules=GAME.rules.replace(facilitator_helps_spy=False))
    with pytest.raises(ValueError, match="switched off"):
        explain_roll(scene(off), "spy", "James T. West", helper="Campion Bond", game=off)
    assert explain_roll(scene(off), "spy", "James T. West", game=off)["odds"] == by_faces(0)
