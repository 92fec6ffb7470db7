"""Whole-conflict odds (odds.conflict, odds.option_odds) against an independent
hand-written model, a memo-free brute-force walk of the game tree, and seeded
Monte Carlo.  Rulebook: "Conflicts" through "Concluding a Conflict"."""

import itertools
from fractions import Fraction

import pytest

from factories import make
from explorer.asylum import odds
from explorer.asylum.conflict import Conflict, MentalAttack
from explorer.asylum.params import load_rules
from explorer.asylum.policies import BestPolicy, ExpectedVPPolicy
from explorer.core.dist import Dist
from explorer.core.engine import Policy, RandomPolicy, policy_for, sample_results

FACES = range(1, 7)
GAME = Conflict()


def contest(att, dfn):
    return Fraction(sum(1 for a, d in itertools.product(FACES, FACES) if a + att > d + dfn), 36)


def hand_model_1v1(a, d, any_stat=True):
    """Independent model of a 1-on-1 conflict of plain villains (both masterminds)
    under the uniform random policy: returns Dist over (winner, margin, dd_a, dd_d).
    A maneuver may use any of three stats (five options, each 1/5), or with
    ``any_stat`` false only the best (three options, each 1/3)."""
    def moves(me, them):
        """(probability, my VP, them defeated) for each of my options, all equally likely."""
        stats = (me.physical_attack, me.mental_attack, me.quickness)
        maneuvers = stats if any_stat else (max(stats),)
        share = Fraction(1, 2 + len(maneuvers))
        out = []
        pm = contest(me.mental_attack, them.mental_defense)  # mental: +1 mastermind, +5 on a defeat
        out += [(share * pm, 6, True), (share * (1 - pm), 1, False)]
        pc, ph = contest(me.quickness, them.quickness), contest(me.physical_attack, them.physical_defense)
        out += [(share * pc * ph, 6, True), (share * (1 - pc * ph), 1, False)]  # unblocked: +1 even if not caught
        for stat in maneuvers:
            pt = Fraction(sum(1 for f in FACES if f + stat > 8), 6)
            out += [(share * pt, 3, False), (share * (1 - pt), 0, False)]
        return out

    dist = {}
    for p1, vp_a, d_down in moves(a, d):
        replies = [(Fraction(1), 0, False)] if d_down else moves(d, a)
        for p2, vp_d, _ in replies:
            margin = vp_a - vp_d
            winner = None if margin == 0 else (0 if margin > 0 else 1)
            dd = [0, 0]
            if winner is not None:
                dd[winner] = 1 + (abs(margin) >= 5)
            key = (winner, margin, dd[0], dd[1])
            dist[key] = dist.get(key, 0) + p1 * p2
    return Dist(dist)


@pytest.mark.parametrize("stats_a,stats_d", [
    ((3, 2, 4, 3, 2), (2, 3, 2, 2, 3)),
    ((5, 1, 0, 2, 6), (1, 5, 5, 1, 0)),
    ((0, 0, 0, 0, 0), (6, 6, 6, 6, 6)),
])
@pytest.mark.parametrize("any_stat", [True, False])
def test_random_1v1_matches_hand_model(stats_a, stats_d, any_stat):
    """Conflicts to Concluding a Conflict: 1-on-1 under the random policy, against a hand-written model;
    a tactical maneuver with any of the three stats (conflicts.maneuver) or, switched, the best only."""
    a, d = make("A", *stats_a), make("D", *stats_d)
    got = odds.conflict([a], [d], "random", rules=load_rules().replace(maneuver_any_stat=any_stat))
    model = hand_model_1v1(a, d, any_stat)
    assert got.attacker_wins == model.prob(lambda k: k[0] == 0)
    assert got.draw == model.prob(lambda k: k[0] is None)
    assert got.defender_wins == model.prob(lambda k: k[0] == 1)
    assert got.margin == model.map(lambda k: k[1]).sorted()
    assert got.doomsday == (model.expectation(lambda k: k[2]), model.expectation(lambda k: k[3]))
    assert got.attacker_wins + got.draw + got.defender_wins == 1


def brute_force(game, state, policies):
    """Walk every path of the game tree without memoisation: Dist over results."""
    dec = game.decision(state)
    if dec is None:
        return {game.result(state): Fraction(1)}
    if dec.forced:
        choice = {dec.options[0]: Fraction(1)}
    else:
        choice = dict(policy_for(policies, dec.player).distribution(game, state, dec).items())
    out = {}
    for action, pa in choice.items():
        for step, ps in game.apply(state, action).items():
            for res, pr in brute_force(game, step.state, policies).items():
                out[res] = out.get(res, 0) + pa * ps * pr
    return out


def teams(roster, a_names, d_names):
    return [roster[n] for n in a_names], [roster[n] for n in d_names]


@pytest.mark.parametrize("policy", ["expected-vp", "random", "best"])
def test_conflict_odds_match_brute_force_2v2(roster, policy):
    """Conflicts (with Blocking, Flying and Oscar's roll in play): analyzer equals a memo-free tree walk."""
    a, d = teams(roster, ["Doctor Cortex", "Gargantua"], ["Madame Nocturne", "Oscar"])
    exact = odds.conflict(a, d, policy)
    pols = odds.policies(policy)
    brute = Dist(brute_force(GAME, GAME.start(a, d), pols))
    assert exact.outcomes == brute
    assert sum(p for _, p in exact.outcomes.items()) == 1


def test_conflict_odds_against_monte_carlo(roster):
    """Seeded Monte Carlo of the rules: within 4 standard errors of the exact odds."""
    a, d = teams(roster, ["Doctor Cortex", "Baron Von Blitz", "The Puppeteer"],
                 ["Madame Nocturne", "Corporal Union", "Oscar"])
    exact = odds.conflict(a, d, "expected-vp")
    n = 3000
    counts = sample_results(GAME, GAME.start(a, d), ExpectedVPPolicy(), n, seed=11)
    for winner, p in ((0, exact.attacker_wins), (None, exact.draw), (1, exact.defender_wins)):
        freq = sum(c for r, c in counts.items() if r.winner == winner) / n
        assert abs(freq - float(p)) < 4 * (float(p) * (1 - float(p)) / n) ** 0.5 + 1e-9
    mean_dd = sum(r.doomsday[0] * c for r, c in counts.items()) / n
    assert abs(mean_dd - float(exact.doomsday[0])) < 0.1


def test_option_odds_are_consistent(roster):
    """odds.option_odds: each option's win chance; the greedy choice's equals the state's."""
    a, d = teams(roster, ["Doctor Cortex", "Gargantua"], ["Madame Nocturne", "Oscar"])
    state = GAME.start(a, d)
    per_option = odds.option_odds(state, "expected-vp")
    dec = GAME.decision(state)
    assert set(per_option) == set(dec.options)
    assert all(0 <= p <= 1 for p in per_option.values())
    chosen = ExpectedVPPolicy().pick(GAME, state, dec)
    assert per_option[chosen] == odds.conflict(a, d, "expected-vp").attacker_wins


@pytest.mark.parametrize("policy", ["random", ("best", "random")])
def test_kept_odds_answer_as_fresh_ones_all_through_a_conflict(roster, policy):
    """odds.KeptOdds (the conflict lab's): one analysis asked at every state of a
    played conflict gives the odds a fresh one gives, option by option, and its
    integer-summed option odds are the options' ConflictOdds' win chances."""
    from explorer.core.engine import Stepper

    a, d = teams(roster, ["Doctor Cortex", "Gargantua"], ["Madame Nocturne", "Oscar"])
    kept = odds.KeptOdds(policy)
    start = GAME.start(a, d)
    assert kept.state_odds(start) == odds.state_odds(start, policy)
    stepper = Stepper(GAME, start, seed=5, policies=odds.policies(policy))
    asked = 0
    while not stepper.over:
        state, dec = stepper.state, GAME.decision(stepper.state)
        if not dec.forced:
            outcomes = odds.option_outcomes(state, policy)
            side = dec.player if dec.player is not None else 0
            assert kept.option_odds(state) == {o: c.win(side) for o, c in outcomes.items()}
            assert kept.option_outcomes(state) == outcomes
            asked += 1
        stepper.step()
    assert asked >= 3


def test_best_policy_is_at_least_as_good_as_any_option(roster):
    """Victory in Conflicts: the best policy picks an option with the highest win-minus-loss edge."""
    a, d = teams(roster, ["The Widow", "Skyraker"], ["Iron Maiden", "Brainstorm"])
    state = GAME.start(a, d)
    outcomes = odds.option_outcomes(state, "best")
    edge = {o: c.attacker_wins - c.defender_wins for o, c in outcomes.items()}
    best = BestPolicy().pick(GAME, state, GAME.decision(state))
    assert edge[best] == max(edge.values())


def test_policy_pairs_and_names():
    """Conflicts: each side may play its own policy; unknown names are refused."""
    a, d = [make("A")], [make("D")]
    mixed = odds.conflict(a, d, ("expected-vp", "random"))
    assert mixed.attacker_wins + mixed.draw + mixed.defender_wins == 1
    assert odds.conflict(a, d, {0: "random", 1: RandomPolicy()}) == odds.conflict(a, d, "random")
    with pytest.raises(ValueError, match="unknown policy"):
        odds.conflict(a, d, "clever")


def test_option_odds_mid_conflict():
    """option_odds works at any decision, including a block decision."""
    s = GAME.start([make("A"), make("B")], [make("D"), make("E")])
    s = GAME.play(s, MentalAttack("A", "D"), __import__("random").Random(1)).state
    opts = odds.option_odds(s)
    assert opts and all(isinstance(p, Fraction) for p in opts.values())


def reachable(game, state, policies):
    """Every state play under ``policies`` can reach from ``state`` (a walk, no memo on outcomes)."""
    seen, todo = {state}, [state]
    while todo:
        s = todo.pop()
        dec = game.decision(s)
        if dec is None:
            continue
        choice = dec.options if dec.forced else list(policy_for(policies, dec.player).distribution(game, s, dec))
        for action in choice:
            for step in game.apply(s, action):
                if step.state not in seen:
                    seen.add(step.state)
                    todo.append(step.state)
    return seen


def test_greedy_cache_never_changes_a_value(roster):
    """The expected-vp policy caches option values on a reduced key; every cached value
    must equal a fresh computation, at every state its play can reach."""
    a, d = teams(roster, ["Doctor Cortex", "Oscar", "Skyraker"], ["Corporal Union", "Gargantua", "The Widow"])
    policy = ExpectedVPPolicy()
    checked = 0
    for state in reachable(GAME, GAME.start(a, d), policy):
        dec = GAME.decision(state)
        if dec is None or dec.forced:
            continue
        for option in dec.options:
            assert policy.value(GAME, state, option, dec.player) == ExpectedVPPolicy().value(GAME, state, option, dec.player)
            checked += 1
    assert checked > 100


def test_option_odds_match_brute_force_and_monte_carlo(roster):
    """odds.option_odds: each option's win chance equals a memo-free walk of the
    tree after that option, and seeded playouts after it agree within 4 standard errors."""
    from explorer.core.engine import simulate

    a, d = teams(roster, ["Deadeye Dolores", "Oscar"], ["Skyraker", "Lady Lament"])
    state = GAME.start(a, d)
    pols = odds.policies("expected-vp")
    per_option = odds.option_odds(state, "expected-vp")
    for option, p in per_option.items():
        brute = {}
        for step, ps in GAME.apply(state, option).items():
            for res, pr in brute_force(GAME, step.state, pols).items():
                brute[res] = brute.get(res, 0) + ps * pr
        assert p == sum(q for r, q in brute.items() if r.winner == 0), option
    option, p = max(per_option.items(), key=lambda kv: kv[1])
    n, wins = 2000, 0
    policy = ExpectedVPPolicy()
    for i in range(n):
        rng = __import__("random").Random(f"mc#{i}")
        after = GAME.play(state, option, rng).state
        wins += simulate(GAME, after, policy, seed=f"mc#{i}").result.winner == 0
    assert abs(wins / n - float(p)) < 4 * (float(p) * (1 - float(p)) / n) ** 0.5 + 1e-9


# -- the analysis against a straightforward reference ------------------------------------------
# The analyzer memoises on the conflict's memo key and works with outcomes relative to a
# state; the best policy searches on (memo key, margin).  The reference below is the
# analysis as first written: memoised on the whole state, Fractions throughout, and the
# best policy valuing each option by its whole result distribution.

def reference_outcome(game, state, policies, memo):
    """The exact result distribution from ``state`` (a dict, in first-seen order)."""
    hit = memo.get(state)
    if hit is None:
        dec = game.decision(state)
        if dec is None:
            hit = {game.result(state): Fraction(1)}
        else:
            if dec.forced:
                choice = {dec.options[0]: Fraction(1)}
            else:
                choice = dict(policy_for(policies, dec.player).distribution(game, state, dec).items())
            hit = {}
            for action, pa in choice.items():
                for res, p in reference_after(game, state, action, policies, memo).items():
                    hit[res] = hit.get(res, 0) + pa * p
        memo[state] = hit
    return hit


def reference_after(game, state, action, policies, memo):
    out = {}
    for step, ps in game.apply(state, action).items():
        for res, p in reference_outcome(game, step.state, policies, memo).items():
            out[res] = out.get(res, 0) + ps * p
    return out


class ReferenceBest(Policy):
    """The best policy as first written: each option's whole result distribution under
    self-play, then the first option with the highest P(win) - P(lose) for the decider."""

    name = "reference-best"

    def __init__(self):
        self.memo = {}

    def distribution(self, game, state, decision):
        side, edges = decision.player, []
        for option in decision.options:
            after = reference_after(game, state, option, self, self.memo)
            edges.append(sum(p if r.winner == side else -p for r, p in after.items() if r.winner is not None))
        return Dist.certain(decision.options[edges.index(max(edges))])


def reference_policies(spec):
    make_one = {"random": RandomPolicy, "expected-vp": ExpectedVPPolicy, "best": ReferenceBest}
    if isinstance(spec, str):
        p = make_one[spec]()
        return {0: p, 1: p}
    return {0: make_one[spec[0]](), 1: make_one[spec[1]]()}


def random_conflicts(roster, n, seed):
    """``n`` seeded random conflicts: roster villains (and a villain with two aftermath
    rolls), one or two a side, with random masterminds, ambush, Doom Ready, rule options
    and victory points."""
    from explorer.asylum.params import load_rules
    from explorer.asylum.villains import Upgrade

    rng = __import__("random").Random(seed)
    eel = make("Eel", 2, 2, 3, 2, 4, abilities=("slip_away",), level=2,
               upgrades=(Upgrade(ability="slip_away", stats=(), text="Eel skin"),))
    pool = list(roster.values()) + [eel]
    for _ in range(n):
        na, nd = rng.randint(1, 2), rng.randint(1, 2)
        picked = rng.sample(pool, na + nd)
        if rng.random() < 0.3:  # two slippers on one side: the order of the slipped matters
            picked = [p for p in picked if p.name not in ("Oscar", "Eel")][:na + nd - 2] + [roster["Oscar"], eel]
            na, nd = len(picked) - 2, 2
            if na == 0:
                picked.insert(0, roster["Gargantua"])
                na = 1
        a, d = picked[:na], picked[na:]
        kw = {"ambush": na == 1 and rng.random() < 0.3, "doom_ready": rng.random() < 0.3}
        if rng.random() < 0.3:
            kw["masterminds"] = (rng.choice([None] + [v.name for v in a]), rng.choice([None] + [v.name for v in d]))
        if rng.random() < 0.5:
            kw["rules"] = load_rules().replace(
                defeated_villains_act=rng.random() < 0.5, flyers_block_melee=rng.random() < 0.5,
                mastermind_point_without_catch=rng.random() < 0.5, ranged_attacks_need_catch=rng.random() < 0.5,
                vp_maneuver=rng.choice([0, 3, 7]), vp_defeat=rng.choice([1, 5]), sound_defeat_margin=rng.choice([1, 5, 9]),
                vp_attack_mastermind=rng.choice([1, 1, -2]))  # negative: only rules built in code, but allowed
        yield a, d, kw


@pytest.mark.parametrize("policy", ["random", "expected-vp", "best", ("best", "random"), ("random", "best"),
                                    ("expected-vp", "best")])
def test_analysis_matches_straightforward_reference(roster, policy):
    """Conflicts through Concluding a Conflict and Defeated villains: on random rosters and
    rule options, the memo-keyed analysis gives exactly the reference's result distribution,
    outcome for outcome and in the same order, from the start and after each first option."""
    for a, d, kw in random_conflicts(roster, 6, seed=f"ref/{policy}"):
        state = GAME.start(a, d, **kw)
        pols = reference_policies(policy)
        expected = reference_outcome(GAME, state, pols, {})
        got = odds.conflict(a, d, policy, **kw)
        assert list(got.outcomes.items()) == list(expected.items()), (a, d, kw)
        for option, after in odds.option_outcomes(state, policy).items():
            assert list(after.outcomes.items()) == list(reference_after(GAME, state, option, pols, {}).items())


def test_best_picks_match_reference_everywhere(roster):
    """Victory in Conflicts: at every state random play can reach, the best policy picks
    exactly the option the reference best policy picks (ties: the first listed)."""
    a, d = teams(roster, ["The Widow", "Oscar"], ["Skyraker", "Corporal Union"])
    best, reference = BestPolicy(), ReferenceBest()
    checked = 0
    for state in reachable(GAME, GAME.start(a, d), RandomPolicy()):
        dec = GAME.decision(state)
        if dec is None or dec.forced:
            continue
        assert best.pick(GAME, state, dec) == reference.distribution(GAME, state, dec).outcomes[0]
        checked += 1
    assert checked > 200


def test_relative_outcomes_round_trip(roster):
    """Concluding a Conflict: from every state random play reaches, the results the analyzer
    writes back from its relative outcomes are the reference's, exactly."""
    from explorer.core.engine import Analyzer

    a, d = teams(roster, ["Oscar", "Deadeye Dolores"], ["Mr Mirage", "Gargantua"])
    analyzer = Analyzer(GAME, RandomPolicy())
    for state in reachable(GAME, GAME.start(a, d), RandomPolicy()):
        dist = analyzer.weights(state).to_dist()
        assert dist == Dist(reference_outcome(GAME, state, RandomPolicy(), {}))


@pytest.mark.parametrize("policy", [("best", "random"), ("random", "best")])
def test_analysis_matches_reference_three_against_two(roster, policy):
    """Conflicts through Concluding a Conflict, Blocking and Flying in play: three against two
    (deeper than the random rosters), exactly the reference's distribution, in order."""
    a, d = teams(roster, ["Corporal Union", "Skyraker", "Doctor Cortex"], ["Oscar", "The Widow"])
    expected = reference_outcome(GAME, GAME.start(a, d), reference_policies(policy), {})
    assert list(odds.conflict(a, d, policy).outcomes.items()) == list(expected.items())
