"""The Mortificator expansion (switch ``mortificator_poisons``) and the first-edition supplement's
"Mortificators"."""

from __future__ import annotations

import pytest
from dt_helpers import W, make_state, step

from explorer.core.engine import IllegalAction
from explorer.doomtrooper.base.actions import Attack
from explorer.doomtrooper.base.attack import attack_rule
from explorer.doomtrooper.base.combat_state import Play
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.params import override_rules

ON = DoomtrooperGame(rules=override_rules({"mortificator_poisons": True}))
OFF = DoomtrooperGame()
POISONS = ["Black Lotus Venom", "Nerve Toxin"]
#: A card anyone may play, so the modify step waits for the attacking player.
BLOW = "Powerful Blow"


def test_mortificators_attack_anyone_including_the_brotherhood():
    """Mortificator Expansion: Mortificators may attack any warrior, the Brotherhood included, while
    Doomtroopers and Brotherhood warriors still may not attack them (the basic rule, no switch)."""
    pool = OFF.pool
    for game in (OFF, ON):
        assert game.may_attack("Mortificator Assassin", "Brotherhood Mystic")
        assert game.may_attack("Mortificator Assassin", "Sean Gallagher")
        assert not game.may_attack("Sean Gallagher", "Mortificator Assassin")
        assert not game.may_attack("Brotherhood Mystic", "Mortificator Assassin")
    assert attack_rule(pool["Mortificator Assassin"], pool["Sacred Warrior"]) == (True, "combat.announce.mortificators")


def test_a_warrior_considered_a_mortificator_attacks_as_one():
    """Mortificators (first-edition supplement): whatever counts as a Mortificator attacks as one,
    Brotherhood warriors included."""
    pool = OFF.pool
    assert pool["Brother Vengeance"].considered == ("Mortificator",)
    assert attack_rule(pool["Brother Vengeance"], pool["Brotherhood Mystic"]) == (True, "combat.announce.mortificators")
    state = make_state(OFF, warriors=[W("Brother Vengeance"), W("Brotherhood Mystic", 1)])
    after, events = step(OFF, state, Attack(0, 1, "fight"))
    assert after.combat is not None


def combat_with(game, attacker, hand):
    state = make_state(game, warriors=[W(attacker), W("Razide", 1)], hands=(hand, []))
    return step(game, state, Attack(0, 1, "fight"))[0]


def test_poisons_are_off_by_default():
    """Mortificator Expansion: with the switch off the Poisons cannot be played, even by a Mortificator."""
    state = combat_with(OFF, "Mortificator Assassin", POISONS + [BLOW])
    assert not any(isinstance(o, Play) and o.card in POISONS for o in OFF.decision(state).options)
    with pytest.raises(IllegalAction) as err:
        OFF.check(state, Play("Black Lotus Venom", 0))
    assert err.value.rule.section == "expansions.mortificator" and "mortificator_poisons" in str(err.value)


def test_poisons_are_for_mortificators_only():
    """Mortificator Expansion: the Poisons are for the Mortificators' use only: offered while a
    Mortificator of yours fights in the combat, refused otherwise."""
    state = combat_with(ON, "Mortificator Assassin", POISONS)
    offered = {o for o in ON.decision(state).options if isinstance(o, Play)}
    assert offered == {Play("Black Lotus Venom", 0), Play("Nerve Toxin", 1)}
    after, _ = step(ON, state, Play("Nerve Toxin", 1))
    assert ON.combat.ratings(after.combat.live, 1).armor == 8 - 3
    other = combat_with(ON, "Sacred Warrior", POISONS + [BLOW])
    assert [o.card for o in ON.decision(other).options if isinstance(o, Play)] == [BLOW]
    with pytest.raises(IllegalAction) as err:
        ON.check(other, Play("Nerve Toxin", 1))
    assert err.value.rule.section == "expansions.mortificator" and "Mortificator" in str(err.value)


def test_a_considered_mortificator_may_use_poisons():
    """Mortificator Expansion (register: poison-use): a warrior considered a Mortificator counts."""
    state = combat_with(ON, "Brother Vengeance", ["Black Lotus Venom"])
    assert Play("Black Lotus Venom", 0) in ON.decision(state).options


def test_a_poison_in_your_turn_needs_a_mortificator_of_yours_in_play():
    """Mortificator Expansion (register: poison-use): a Poison played in its player's turn needs a
    Mortificator of his in play and shown."""
    from explorer.doomtrooper.base.actions import PlaySpecial

    def offered(game, state):
        return [o for o in game.decision(state).options if isinstance(o, PlaySpecial)]

    without = make_state(ON, warriors=[W("Sacred Warrior"), W("Razide", 1)], hands=(["Sleeping Draught"], []))
    assert offered(ON, without) == []
    with pytest.raises(IllegalAction) as err:
        ON.check(without, PlaySpecial("Sleeping Draught", 1))
    assert err.value.rule.section == "expansions.mortificator"
    hidden = make_state(ON, warriors=[W("Mortificator Assassin", cover=True, hidden=True), W("Sacred Warrior"),
                                      W("Razide", 1)], hands=(["Sleeping Draught"], []))
    assert offered(ON, hidden) == []
    shown = make_state(ON, warriors=[W("Mortificator Assassin"), W("Razide", 1)], hands=(["Sleeping Draught"], []))
    assert PlaySpecial("Sleeping Draught", 1) in offered(ON, shown)
    assert offered(OFF, shown) == []
