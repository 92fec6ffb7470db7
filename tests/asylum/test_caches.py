"""Caches keyed on rule objects stay bounded: a designer's sweep over a thousand rule
variants must not grow memory without limit."""

from explorer.asylum import odds, tactics
from explorer.asylum.abilities import automatic_defences
from explorer.asylum.combat import attack_dist
from explorer.asylum.conflict import Conflict, _maneuvers, _offers
from explorer.asylum.conflict_result import verdict
from explorer.asylum.game import AsylumGame
from explorer.asylum.params import load_rules
from explorer.asylum.policies import get_policy
from explorer.core.engine import Analyzer


def test_a_thousand_rule_variants_keep_every_cache_bounded(roster):
    """Victory in Conflicts (a sweep over its numbers): per-rules caches forget old rules."""
    base = load_rules()
    a, d = roster["Doctor Cortex"], roster["Corporal Union"]
    conflict = Conflict()
    for k in range(1, 1001):
        rules = base.replace(turn_cap=k)  # a distinct rule object each time
        odds.mental_attack(a, d, rules)
        state = conflict.start([a], [d], rules=rules)
        dec = conflict.decision(state)
        tactics.quick_choice(state, dec)
        get_policy("expected-vp").pick(conflict, state, dec)
    assert len(tactics._ODDS) <= tactics.RULE_SETS
    assert len(tactics._CHOICES) <= 100_001
    for cached in (attack_dist, automatic_defences, tactics.maneuver_odds, _offers, _maneuvers, verdict):
        info = cached.cache_info()
        assert info.maxsize is not None and info.currsize <= info.maxsize
    assert Analyzer(conflict, get_policy("random")).outcome(conflict.start([a], [d], rules=base))
    game = AsylumGame(rules=base)
    assert len(game._upgraded) == 0 and len(game.conflict._decisions) == 0
