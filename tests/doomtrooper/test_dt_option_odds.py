"""An attack option's combat odds before it is chosen ("Combat", steps 3 to 6, and
"Doomtrooper with Dice"): computed from the seat's view, they equal what the
game's own combat does when nobody plays a card, and they read nothing hidden."""

import pytest

from explorer.core.analyzer import Analyzer
from explorer.core.engine import DeterministicPolicy
from explorer.core.rounds import Pass
from explorer.core.until import Until
from explorer.doomtrooper.base.actions import Attack, EndActions
from explorer.doomtrooper.base.combat_state import KILLED, UNHURT, WOUNDED, ChooseWeapon
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.option_odds import attack_odds, option_odds
from explorer.doomtrooper.params import override_rules

from dt_helpers import GAME, W, make_state

DICE = DoomtrooperGame(rules=override_rules({"dice": "2d6"}))


class NoCards(DeterministicPolicy):
    """Plays no card in the combat (the odds are "as things stand")."""

    def pick(self, game, state, decision):
        for o in decision.options:
            if isinstance(o, Pass):
                return o
        if isinstance(decision.options[0], ChooseWeapon):
            return decision.options[0]
        return decision.options[-1]


def status(s, uid):
    t = s.find(uid)
    return KILLED if t is None else (WOUNDED if t.wounded else UNHURT)


def played_out(game, state, attack):
    """The statuses the game's own combat gives, exactly, when nobody plays a card."""
    until = Until(game, done=lambda s: s.combat is None,
                  value=lambda s: (status(s, attack.attacker), status(s, attack.defender)))
    return Analyzer(until, {i: NoCards() for i in range(len(state.seats))}).after(state, attack)


#: (attacker and what it carries, defender and what it carries)
MATCHES = [(("Sean Gallagher", ()), ("Nepharite of Ilian", ())),
           (("Imperial Trencher", ("Violator Sword", "Plasma Carbine")), ("Razide", ("Combat Armor",))),
           (("Undead Legionnaire", ()), ("Mitch Hunter", ("Heavy Machine Gun", "Punisher Handgun"))),
           (("Necromutant", ("Targeting Scope",)), ("Venusian Ranger", ()))]


#: every match under the printed rules; two under the dice rule (each an exact analysis of the whole game's combat)
CASES = ([(GAME, tactic, m) for m in MATCHES for tactic in ("fight", "shoot")]
         + [(DICE, "fight", MATCHES[0]), (DICE, "shoot", MATCHES[2])])


@pytest.mark.parametrize("game, tactic, match", CASES,
                         ids=lambda v: v[0][0] if isinstance(v, tuple) else ("2d6" if v is DICE else "printed" if v is GAME
                                                                                 else str(v)))
def test_option_odds_equal_the_games_own_combat(game, tactic, match):
    (a, kit_a), (d, kit_d) = match
    state = make_state(game, warriors=[W(a, 0, uid=0, attached=kit_a), W(d, 1, uid=1, attached=kit_d)])
    attack = Attack(0, 1, tactic)
    assert attack in game.decision(state).options
    odds = attack_odds(game, game.observe(state, 0), attack)
    assert sum(p for _, p in odds.outcomes.pairs) == 1
    assert dict(odds.outcomes.pairs) == dict(played_out(game, state, attack).pairs)
    if game is GAME:
        assert len(odds.outcomes) == 1 and "(certain under the printed rules)" in odds.sentence()
    else:
        assert "(each rating adds 2d6)" in odds.sentence()


def test_terms_add_up_to_the_ratings_and_cite_rules():
    """"Explain this number": every rating is the sum of its terms, each with its rule."""
    state = make_state(DICE, warriors=[W("Sean Gallagher", 0, uid=0), W("Nepharite of Ilian", 1, uid=1)])
    odds = attack_odds(DICE, DICE.observe(state, 0), Attack(0, 1, "fight"))
    for rating, terms in zip(odds.ratings, odds.terms):
        assert sum(t.attack for t in terms) == rating.attack
        assert sum(t.armor for t in terms) == rating.armor
        assert all(t.rule.section for t in terms)
    assert odds.chance(1, KILLED) + odds.chance(1, WOUNDED) + odds.chance(1, UNHURT) == 1


def test_the_odds_read_nothing_the_seat_cannot_see():
    """Two states that differ only in seat 1's hand give the same odds to seat 0."""
    warriors = [W("Sean Gallagher", 0, uid=0), W("Nepharite of Ilian", 1, uid=1)]
    a = make_state(DICE, warriors=warriors, hands=((), ("Imperial Blood Beret",)))
    b = make_state(DICE, warriors=warriors, hands=((), ("Sean Gallagher",)))
    attack = Attack(0, 1, "fight")
    assert DICE.observe(a, 0) == DICE.observe(b, 0)
    assert attack_odds(DICE, DICE.observe(a, 0), attack) == attack_odds(DICE, DICE.observe(b, 0), attack)


def test_a_face_down_defender_is_unknown_and_other_options_have_no_odds():
    """"Muster in Cover": a face-down warrior is unknown until an attack turns it over."""
    state = make_state(GAME, warriors=[W("Sean Gallagher", 0, uid=0), W("Nepharite of Ilian", 1, uid=1, hidden=True,
                                                                        cover=True)])
    view = GAME.observe(state, 0)
    assert attack_odds(GAME, view, Attack(0, 1, "fight")) is None
    assert option_odds(GAME, view, EndActions()) is None
    with pytest.raises(ValueError, match="no warrior 7"):
        attack_odds(GAME, view, Attack(0, 7, "fight"))


def test_a_warrior_that_came_in_wounded_and_is_not_hit_is_not_said_hurt():
    """Combat, step 6 "Status": a wounded warrior wounded again is killed; one not hit
    keeps its wound and is not hurt by this combat.  Sean Gallagher's Shoot 5 does not
    reach the wounded Nepharite's Armor 7; the Nepharite's Shoot 8 wounds Sean's Armor 8."""
    state = make_state(GAME, warriors=[W("Sean Gallagher", 0, uid=0),
                                       W("Nepharite of Ilian", 1, uid=1, wounded=True)])
    odds = attack_odds(GAME, GAME.observe(state, 0), Attack(0, 1, "shoot"))
    assert dict(odds.outcomes.pairs) == {(WOUNDED, WOUNDED): 1}
    assert odds.sentence().endswith(": Sean Gallagher is wounded (certain under the printed rules)")
    assert (odds.status(0, WOUNDED), odds.status(1, WOUNDED)) == ("wounded", "still wounded")
    fight = attack_odds(GAME, GAME.observe(state, 0), Attack(0, 1, "fight"))  # Fight 10 against Armor 7
    assert "Nepharite of Ilian is killed" in fight.sentence()
