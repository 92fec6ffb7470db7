"""Beat Down ("Some Cool Optional Rules From Jon Goosens"): three players, C between A and
B with 40 Value of warriors in play and no warrior in his deck, A and B never attacking each
other, no discard piles, the two ends, C never winning on Promotion; the conformance kit
and seeded games."""

from __future__ import annotations

import pytest
from dt_helpers import W, make_state, step
from dt_variant_checks import beat_down_game, common_invariants, play

from explorer.core.engine import IllegalAction
from explorer.core.testing import check_game
from explorer.doomtrooper.base.actions import Attack, Meditate
from explorer.doomtrooper.variants.beat_down import A, B, C
from explorer.doomtrooper.state import Phase

GAME = beat_down_game()


def test_three_players_c_between_a_and_b_with_his_army():
    """Beat Down: Rules: three players; C (seat 1) starts with at most 40 Value of warriors in play
    and no warrior card in his deck; a wrong number of players is refused naming the variant."""
    state = GAME.setup(seed=2)
    assert len(state.seats) == 3 and (A, C, B) == (0, 1, 2)
    army = state.warriors(C)
    assert army and sum(GAME.pool[t.card].value for t in army) <= GAME.rules.beat_down_force == 40
    assert not any(GAME.pool[c].type == "warrior" for c in state.seats[C].deck.cards.distinct)
    assert not any(t.unpaid or t.cover for t in army)
    with pytest.raises(ValueError, match="Beat Down is played by 3 players"):
        GAME.new_game(2)
    with pytest.raises(ValueError, match="player C .* no warrior cards"):
        GAME.new_game(3, decks=["Imperial Crusade", "Legion of Algeroth", "Imperial Crusade"])


def test_cards_that_harm_several_warriors_are_banned():
    """Beat Down: Additional banned cards: our Barrage (wounds every warrior of an area) is refused."""
    deck = dict(GAME.decks["Imperial Crusade"].cards.items)
    deck["Barrage"] = 1
    with pytest.raises(ValueError, match="Barrage.*banned in Beat Down"):
        GAME.new_game(3, decks=[deck, "Beat Down Onslaught", "Legion of Algeroth"])


def bd_state(**kw):
    kw.setdefault("hands", ((), (), ()))
    return make_state(GAME, **kw)


def test_a_and_b_never_attack_each_other_c_attacks_both():
    """Beat Down: Rules: A and B may attack only C; C may attack A and B."""
    warriors = [W("Sean Gallagher", A), W("Razide", C), W("Necromutant", B)]
    state = bd_state(warriors=warriors, current=A)
    attacks = [o for o in GAME.decision(state).options if isinstance(o, Attack)]
    assert attacks and all(state.trooper(o.defender).owner == C for o in attacks)
    with pytest.raises(IllegalAction) as err:
        GAME.check(state, Attack(0, 2, "fight"))
    assert err.value.rule.section == "cool.beat_down.attacks"
    c_turn = bd_state(warriors=warriors, current=C)
    targets = {c_turn.trooper(o.defender).owner for o in GAME.decision(c_turn).options if isinstance(o, Attack)}
    assert targets == {A, B}


def test_discarded_cards_are_annihilated():
    """Beat Down: Rules: no discard piles: a killed warrior and its cards are annihilated."""
    state = bd_state(warriors=[W("Sean Gallagher", A, attached=["Violator Sword"]), W("Undead Legionnaire", C,
                                                                                       wounded=True),
                               W("Razide", C)], current=A, destiny=(0, 0, 0))
    state, _ = step(GAME, state, Attack(0, 1, "fight"))
    while state.phase is Phase.COMBAT:
        state, _ = step(GAME, state, GAME.decision(state).options[-1])
    assert all(s.discard.size == 0 for s in state.seats)
    assert "Undead Legionnaire" in state.seats[C].annihilated


def test_c_loses_when_his_last_warrior_leaves_play_and_the_better_of_a_and_b_wins():
    """Beat Down: Rules: C's last warrior removed: whichever of A and B has more Promotion wins."""
    state = bd_state(warriors=[W("Sean Gallagher", A), W("Undead Legionnaire", C, wounded=True)], current=A,
                     promotion=(2, 30, 5), destiny=(0, 0, 0))
    state, _ = step(GAME, state, Attack(0, 1, "fight"))
    while state.phase is Phase.COMBAT:
        state, _ = step(GAME, state, GAME.decision(state).options[-1])
    while state.phase is Phase.AWARD:
        state, _ = step(GAME, state, GAME.decision(state).options[0])
    assert state.phase is Phase.OVER and state.result.ending.text == "C beaten" and state.result.winners == (B,)


def test_c_wins_when_the_draw_piles_of_a_and_b_are_empty():
    """Beat Down: Rules: A's and B's draw piles empty with a warrior of C in play: C wins, whatever
    the Promotion (C never wins on Promotion, and does not need to)."""
    state = bd_state(warriors=[W("Sean Gallagher", A), W("Razide", C), W("Necromutant", B)], current=A,
                     promotion=(20, 0, 10), decks=[{}, {"Bunker": 3}, {}])
    state, events = step(GAME, state, Meditate())
    assert state.phase is Phase.OVER and state.result.winners == (C,) and state.result.ending.text == "C holds out"


def test_c_never_wins_on_promotion():
    """Beat Down: Rules: the Promotion goal ends nothing, and at our turn cap C's lead is a draw."""
    state = bd_state(warriors=[W("Sean Gallagher", A), W("Razide", C)], current=C, promotion=(0, 99, 0))
    state, _ = step(GAME, state, Meditate())
    assert state.phase is Phase.ACTIONS
    capped = GAME.__class__(rules=GAME.rules.replace(turn_cap=2))
    state = make_state(capped, hands=((), (), ()), warriors=[W("Sean Gallagher", A), W("Razide", C)], current=B,
                       promotion=(0, 99, 0), phase=Phase.DISCARD)
    from explorer.doomtrooper.base.actions import KeepHand
    state, _ = step(capped, state, KeepHand())
    assert state.phase is Phase.OVER and state.result.ending.text == "turn cap" and state.result.winners == ()


def beat_down_invariants(game, state) -> None:
    """Every card in one place; no card ever rests on a discard pile; a combat never pits A
    against B; C's deck never holds a warrior; C wins only by holding out or A and B losing."""
    common_invariants(game, state)
    if state.phase is Phase.SETUP:
        return
    if state.combat is None and state.response is None:
        assert all(s.discard.size == 0 for s in state.seats)
    if state.combat is not None:
        t = state.combat.live
        owners = {t.trooper(t.attacker).owner, t.trooper(t.defender).owner}
        assert owners != {A, B}, owners
    if state.result is not None and C in state.result.winners:
        assert state.result.ending.text in ("C holds out", "no warriors"), state.result


def test_beat_down_keeps_the_protocol():
    """Beat Down: the conformance kit, greedy and random bots."""
    from explorer.doomtrooper.bots import get_bot
    report = check_game(GAME, lambda i: GAME.new_game(), steps=600, seed="beat", invariants=[beat_down_invariants],
                        skip=("exact",), policies={0: get_bot("greedy"), 1: get_bot("random"), 2: get_bot("greedy")},
                        game_factory=beat_down_game, hashseed=False, raise_on_failure=False)
    assert report.ok, str(report)
    assert "observe" not in report.skipped


@pytest.mark.parametrize("policy,games", [("random", 60), ("greedy", 20)])
def test_seeded_beat_down_games(policy, games):
    """Beat Down: seeded games end with the variant's invariants (500 a bot by hand, see the report)."""
    for i in range(games):
        playout = play(GAME, f"bd#{i}", policy)
        assert playout.state.phase is Phase.OVER
        beat_down_invariants(GAME, playout.state)
