"""The Vortex ("Some Cool Optional Rules From Jon Goosens"): draw 12, a random first player,
the Deployment Phase (every base or attachment card placed for free, round by round, even on
an opponent's warrior), three actions, the Revealment Phase punishing a card kept back, the
Vortex reshuffle, the end beyond the goal (ours: vortex_goal) or when nobody has a card; the conformance kit
and seeded games."""

from __future__ import annotations

import pytest
from dt_helpers import W, make_state, step
from dt_variant_checks import common_invariants, play, vortex_game

from explorer.core.deck import Multiset
from explorer.core.engine import IllegalAction
from explorer.core.testing import check_game
from explorer.doomtrooper.base.actions import Build, EndActions, Equip, Meditate, Muster
from explorer.doomtrooper.state import Phase
from explorer.doomtrooper.variants.vortex import Deploy, KeepBack, VortexShuffle, VortexState, deployments

GAME = vortex_game()


def deploy_state(hands, warriors=(), first=0, **kw):
    v = VortexState("deploy", first, kept=(Multiset(),) * len(hands))
    return make_state(GAME, hands=hands, warriors=warriors, phase=Phase.VARIANT, current=first, actions=0,
                      variant_state=v, **kw)


def test_the_draw_phase_deals_twelve_and_draws_the_first_player_by_lot():
    """The Vortex: Draw Phase: twelve cards each, then a random first player (a chance step)."""
    firsts = set()
    for seed in range(8):
        state = GAME.setup(seed=seed)
        assert [s.hand.size for s in state.seats] == [12, 12] and state.phase is Phase.VARIANT
        firsts.add(state.variant_state.first)
    assert firsts == {0, 1}


def test_deployment_is_free_and_reaches_opponents_warriors():
    """The Vortex: Deployment Phase: a base card or an attachment placed at no action and no Destiny;
    an attachment only an opponent's warrior may carry goes on his warrior."""
    state = deploy_state((["Razide", "Nazgaroth Blade", "Bunker"], []), warriors=[W("Necromutant", 1)],
                         destiny=(0, 0))
    options = GAME.decision(state).options
    assert Deploy(Muster("Razide")) in options and Deploy(Build("Bunker")) in options
    assert Deploy(Equip("Nazgaroth Blade", 0)) in options and isinstance(options[-1], KeepBack)
    state, events = step(GAME, state, Deploy(Muster("Razide")))
    assert state.purses == (0, 0) and any(t.card == "Razide" and t.owner == 0 for t in state.troopers)
    assert "deployed for free" in " ".join(e.text for e in events)
    assert state.current == 0  # seat 1 has nothing to place: passed over


def test_a_card_with_no_legal_place_stays_in_hand_and_deployment_ends():
    """The Vortex: Deployment Phase, Action Phase: a card that cannot legally be placed stays in hand;
    after a round with nothing placed the Action Phase begins, three actions from the first player."""
    state = deploy_state((["Nazgaroth Blade", "Bunker"], ["Powerful Blow"]), warriors=[W("Sean Gallagher", 0)])
    assert [d.play for d in deployments(GAME, state, 0)] == [Build("Bunker")]
    state, _ = step(GAME, state, Deploy(Build("Bunker")))
    assert state.phase is Phase.ACTIONS and state.current == 0 and state.actions == GAME.rules.vortex_actions == 3
    assert "Nazgaroth Blade" in state.seats[0].hand


def test_keeping_a_card_back_is_punished_in_the_revealment_phase():
    """The Vortex: Revealment Phase: a player who kept back a card he could have placed loses all his
    Promotion and Destiny; one who placed everything keeps his."""
    state = deploy_state((["Razide"], ["Bunker"]), promotion=(12, 9), destiny=(6, 4))
    state, _ = step(GAME, state, KeepBack())
    assert state.variant_state.kept[0] == Multiset.of(["Razide"])
    assert GAME.observe(state, 1).variant_state.kept[0] != Multiset.of(["Razide"])  # unseen by the other
    state, _ = step(GAME, state, Deploy(Build("Bunker")))
    while state.phase is Phase.VARIANT and state.variant_state.step == "deploy":
        state, _ = step(GAME, state, KeepBack())
    while state.phase is Phase.ACTIONS:
        state, _ = step(GAME, state, EndActions())
    assert state.phase is Phase.VARIANT and state.variant_state.step == "vortex"
    assert state.seats[0].promotion == 0 and state.destiny(0) == 0
    assert state.seats[1].promotion == 9 and state.destiny(1) == 4 and state.variant_state.punished == 1


def test_the_vortex_phase_shuffles_hands_and_play_back_but_not_discards():
    """The Vortex: Vortex Phase: hands and cards in play go back into their owners' draw piles, discard
    piles stay; the next round draws twelve again."""
    state = make_state(GAME, hands=(["Bunker"], ["Razide"]), warriors=[W("Sean Gallagher", 0, attached=["Violator Sword"]),
                                                                      W("Necromutant", 1)],
                       phase=Phase.VARIANT, actions=0, variant_state=VortexState("vortex", 0, kept=(Multiset(),) * 2),
                       decks=[{"Imperial Trencher": 12}, {"Tekron": 12}])
    state = state._replace(seats=(state.seats[0]._replace(discard=Multiset.of(["Holy Fury"])),) + state.seats[1:])
    before = [len(s.deck) for s in state.seats]
    state, events = step(GAME, state, VortexShuffle())
    assert state.troopers == () or all(t.card in ("Sean Gallagher", "Necromutant", "Imperial Trencher", "Tekron")
                                       for t in state.troopers)
    total = [len(s.deck) + s.hand.size + sum(1 + len(t.attached) for t in state.troopers if t.owner == i)
             for i, s in enumerate(state.seats)]
    assert total == [before[0] + 3, before[1] + 2]
    assert state.seats[0].discard == Multiset.of(["Holy Fury"]) and state.variant_state.round == 2


def test_the_game_ends_beyond_forty_or_when_nobody_has_cards():
    """The Vortex: Rules: a player beyond the goal (vortex_goal) wins; when nobody has cards the most Promotion wins."""
    state = make_state(GAME, hands=((), ()), warriors=[W("Razide", 1)], promotion=(41, 3), variant_state=VortexState(
        "actions", 0, kept=(Multiset(),) * 2))
    state, _ = step(GAME, state, Meditate())
    assert state.phase is Phase.OVER and state.result.winners == (0,)
    empty = make_state(GAME, hands=((), ()), promotion=(5, 8), phase=Phase.VARIANT, actions=0, decks=[{}, {}],
                       variant_state=VortexState("vortex", 0, kept=(Multiset(),) * 2))
    empty, _ = step(GAME, empty, VortexShuffle())
    assert empty.phase is Phase.OVER and empty.result.winners == (1,) and empty.result.ending.text == "out of cards"


def test_deployment_refuses_what_cannot_be_placed():
    """The Vortex: Deployment Phase: placing a card not in hand, or where it may not go, is refused."""
    state = deploy_state((["Razide"], []))
    with pytest.raises(IllegalAction) as err:
        GAME.check(state, Deploy(Muster("Tekron")))
    assert err.value.rule.section == "cool.vortex.deployment"
    with pytest.raises(IllegalAction):
        GAME.check(state, Meditate())


def vortex_invariants(game, state) -> None:
    """Every card in one place; never a discard step, a draw step or the Cardinal's Gift; no warrior in
    play after the Vortex Phase; a player's actions never more than three."""
    common_invariants(game, state)
    if state.phase is Phase.SETUP:
        return
    assert state.phase not in (Phase.DISCARD, Phase.DRAW, Phase.GIFT), state.phase
    assert state.actions <= game.rules.vortex_actions
    if state.phase is Phase.VARIANT and state.variant_state.step == "vortex":
        assert all(k.size == 0 for k in state.variant_state.kept)


def test_the_vortex_keeps_the_protocol():
    """The Vortex: the conformance kit, greedy and random bots."""
    from explorer.doomtrooper.bots import get_bot
    report = check_game(GAME, lambda i: GAME.new_game(), steps=800, seed="vortex", invariants=[vortex_invariants],
                        skip=("exact",), policies={0: get_bot("greedy"), 1: get_bot("random")},
                        game_factory=vortex_game, hashseed=False, raise_on_failure=False)
    assert report.ok, str(report)
    assert "observe" not in report.skipped


def test_seeded_vortex_games():
    """The Vortex: seeded random games end (the goal, no cards, or our turn cap) with the invariants
    (500 by hand, see the report)."""
    short = GAME.__class__(rules=GAME.rules.replace(turn_cap=30))
    for i in range(15):
        playout = play(short, f"vx#{i}", "random")
        assert playout.state.phase is Phase.OVER
        vortex_invariants(short, playout.state)


def test_the_vortex_phase_takes_back_the_expansions_cards_in_play():
    """The Vortex: Vortex Phase: "all the cards ... still in play" go back into the draw piles, a Warzone
    and an Alliance among them (register: vortex-in-play)."""
    from explorer.doomtrooper.state import Placed

    state = make_state(GAME, hands=((), ()), phase=Phase.VARIANT, actions=0,
                       variant_state=VortexState("vortex", 0, kept=(Multiset(),) * 2),
                       decks=[{"Imperial Trencher": 12}, {"Tekron": 12}])
    seat0 = state.seats[0]._replace(in_play=(Placed("Accord of the Iron Throne"), Placed("Graveton Marshes", "Squad")))
    state = state._replace(seats=(seat0,) + state.seats[1:])
    state, _ = step(GAME, state, VortexShuffle())
    s = state.seats[0]
    assert s.in_play == ()
    assert (len(s.deck) + s.hand.size) == 14 and "Accord of the Iron Throne" not in s.discard
