"""The dice a conflict shows ("Mental Attack", "Physical Attack", "Blocking",
"Tactical Maneuvers"): drawn after the result, given that result, they always
agree with it (the higher total wins, a tie goes to the defender), each pair of
faces as likely as the dice make it, the same on every replay, and the game's
own random stream and exact analysis untouched."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from explorer.asylum import load_roster, odds
from explorer.asylum.bots import get_bot
from explorer.asylum.combat import attack_dist, mental_attack_spec
from explorer.asylum.conflict import Conflict, MentalAttack
from explorer.asylum.faces import draw, given
from explorer.asylum.game import AsylumGame
from explorer.asylum.policies import get_policy
from explorer.core.dist import Dist, best_of, d6
from explorer.core.engine import Stepper
from explorer.ui.asylum.conflict_log import explanation_of, is_roll

ROSTER = load_roster()
NAMES = sorted(ROSTER)
CONTESTS = [  # (bonus, rival bonus, die, rival die): a d6 each, Iron Will's better of two, a maneuver's fixed target
    (5, 4, d6, d6), (2, 4, d6, best_of(2)), (3, 3, d6, d6), (4, 8, d6, None), (1, 8, d6, None),
]


def _rolls(entry):
    return [dict(ev.data) for ev in entry.events if is_roll(ev)]


def _check_step(before, entry) -> int:
    """Every roll of one step agrees with its result, its terms and its dice; returns how many."""
    rolls = _rolls(entry)
    if not rolls:
        return 0
    label, explanation = explanation_of(before, entry.action)
    names = [r.name for r in explanation.rolls]
    assert [r["roll"] for r in rolls] == names[:len(rolls)], label  # no hit once the catch failed
    assert len(rolls) == len(names) or rolls[-1]["roll"] == "catch" and not rolls[-1]["success"]
    for data, terms in zip(rolls, explanation.rolls):
        faces, totals, success = data["faces"], data["totals"], data["success"]
        assert success == (totals[0] > totals[1]), data  # strictly higher: a tie goes to the defender
        assert faces[0] in terms.attacker.die.dist and totals[0] == faces[0] + terms.attacker.total, data
        if terms.defender.die is None:  # a maneuver: a number to beat
            assert len(faces) == 1 and totals[1] == terms.defender.total, data
        else:
            assert faces[1] in terms.defender.die.dist and totals[1] == faces[1] + terms.defender.total, data
        assert all(1 <= f <= 6 for f in faces), data
        assert Fraction(data["chance"]) == terms.p, data
    texts = [ev.text for ev in entry.events]
    last = rolls[-1]
    if last["roll"] == "catch":
        assert not last["success"] and any("fails to catch" in t for t in texts)
    elif last["roll"] == "hit":
        landed = any("defeats" in t or "overcomes" in t for t in texts)
        assert landed == last["success"], texts
    return len(rolls)


def test_every_roll_of_a_few_hundred_seeded_conflicts_agrees_with_its_result():
    game, rng, seen = Conflict(), random.Random(17), Counter()
    for i in range(300):
        teams = rng.sample(NAMES, 4)
        size = 1 + i % 2
        start = game.start([ROSTER[n].at_level(1 + rng.randrange(3)) for n in teams[:size]],
                           [ROSTER[n].at_level(1 + rng.randrange(3)) for n in teams[size:2 * size]])
        st = Stepper(game, start, seed=f"faces/{i}", policies=get_policy("random"))
        st.run()
        for k, entry in enumerate(st.history):
            before = st.history[k - 1].state if k else start
            for data in _rolls(entry):
                seen[data["roll"], data["success"]] += 1
            _check_step(before, entry)
    assert all(seen[roll, won] > 20 for roll in ("catch", "hit", "maneuver") for won in (True, False)), seen


def test_every_roll_of_a_few_hundred_whole_games_agrees_with_its_result():
    """The rolls of conflicts inside the whole game, ambushes included, as the stepper's log shows them."""
    game, total = AsylumGame(), 0
    for i in range(200):
        players = 2 + i % 3
        bots = {seat: get_bot("random" if (i + seat) % 2 else "greedy") for seat in range(players)}
        st = Stepper(game, game.setup(players, seed=f"faces/{i}"), seed=f"faces/{i}", policies=bots)
        st.run(until=lambda s: len(s.history) >= 150)
        for k, entry in enumerate(st.history):
            before = st.history[k - 1].state if k else st.initial
            if _rolls(entry):
                total += _check_step(before.conflict, entry)
    assert total > 200


@pytest.mark.parametrize("contest", CONTESTS)
@pytest.mark.parametrize("won", [True, False])
def test_the_faces_given_a_result_are_the_exact_conditional_distribution(contest, won):
    """An independent count over every pair of faces: P(faces | result) = P(faces) / P(result)."""
    bonus, rival, die, rival_die = contest
    pairs = {(a,) if rival_die is None else (a, b): pa * (1 if rival_die is None else pb)
             for a, pa in die.items() for b, pb in (rival_die or Dist.certain(0)).items()}
    beats = {f: f[0] + bonus > (rival if len(f) == 1 else f[1] + rival) for f in pairs}
    p_result = sum(p for f, p in pairs.items() if beats[f] == won)
    if p_result == 0:  # d6 + 1 never beats 8: no faces to show, and the conflict never asks
        with pytest.raises(ValueError, match="cannot give"):
            given(bonus, rival, die, rival_die, won)
        return
    exact = given(bonus, rival, die, rival_die, won)
    assert sum(p for _, p in exact.items()) == 1
    assert dict(exact.items()) == {f: p / p_result for f, p in pairs.items() if beats[f] == won}


@pytest.mark.parametrize("contest", CONTESTS[:3])
def test_the_faces_drawn_match_the_exact_distribution(contest):
    """Seeded sampling over many streams: every frequency within 4.5 standard errors of its probability."""
    bonus, rival, die, rival_die = contest
    n = 6000
    for won in (True, False):
        exact = given(bonus, rival, die, rival_die, won)
        counts = Counter(draw(bonus, rival, die, rival_die, won, f"sample/{won}/{i}") for i in range(n))
        assert set(counts) <= set(exact)
        for faces, p in exact.items():
            sd = (float(p) * (1 - float(p)) / n) ** 0.5
            assert abs(counts[faces] / n - float(p)) <= 4.5 * sd + 1e-9, (faces, counts[faces], p)


def test_the_faces_leave_the_dice_of_the_game_alone():
    """Exact analysis still counts one outcome per result, not one per pair of faces, with the
    same probabilities; a replay with the same seed shows the same faces."""
    a, d = ROSTER["Doctor Cortex"], ROSTER["Corporal Union"]
    start = odds.GAME.start([a], [d])
    attack = MentalAttack(a.name, d.name)
    steps = odds.GAME.apply(start, attack)
    results = attack_dist(a, d, mental_attack_spec(a), start.setup.rules)
    assert len(steps) == len(results)
    assert sorted(p for _, p in steps.items()) == sorted(p for _, p in results.items())
    st = Stepper(odds.GAME, start, seed=5, policies=get_policy("random"))
    st.run()
    again = Stepper.replay(odds.GAME, start, 5, st.actions)
    assert [e.events for e in again.history] == [e.events for e in st.history]
