"""Front Lines ("Some Cool Optional Rules From Jon Goosens"): two teams of a Captain and a
Sergeant (seats A, D, B, C = 0, 1, 2, 3), shared Promotion and separate Destiny, the
Captains' restrictions, the transfers, the first team to 40; the conformance kit and
seeded games."""

from __future__ import annotations

import pytest
from dt_helpers import W, make_state, step
from dt_variant_checks import common_invariants, front_lines_game, play

from explorer.core.engine import IllegalAction
from explorer.core.testing import check_game
from explorer.doomtrooper.base.actions import Attack, Meditate, Sabotage, SeekCover
from explorer.doomtrooper.variants.front_lines import CAPTAINS, Transfer, members, sergeant_of, team_of
from explorer.doomtrooper.params import override_rules
from explorer.doomtrooper.state import Phase

GAME = front_lines_game()
HANDS = ((), (), (), ())


def fl_state(**kw):
    kw.setdefault("hands", HANDS)
    return make_state(GAME, **kw)


def test_four_players_two_teams_separate_destiny():
    """Front Lines: seating A, D, B, C; A and B against D and C; A and D Captains; each player his own
    Destiny; any other number of players is refused."""
    state = GAME.setup(seed=4)
    assert len(state.seats) == 4 and state.purse_of == (0, 1, 2, 3) and state.purses == (5, 5, 5, 5)
    assert [team_of(s) for s in range(4)] == [1, 2, 1, 2] and CAPTAINS == (0, 1) and sergeant_of(0) == 2
    with pytest.raises(ValueError, match="Front Lines is played by 4 players"):
        GAME.new_game(2)
    teams_style = DoomtrooperGame_with({"style": "teams"})
    assert teams_style.setup(seed=1).purse_of == (0, 1, 2, 3)


def DoomtrooperGame_with(changes):
    from explorer.doomtrooper.game import DoomtrooperGame
    return DoomtrooperGame(rules=override_rules({"variant": "front_lines", **changes}))


def test_captains_never_attack():
    """Front Lines: Rules: Captains may never declare attack actions."""
    state = fl_state(warriors=[W("Sean Gallagher", 0), W("Razide", 3)], current=0)
    assert not any(isinstance(o, Attack) for o in GAME.decision(state).options)
    with pytest.raises(IllegalAction) as err:
        GAME.check(state, Attack(0, 1, "fight"))
    assert err.value.rule.section == "cool.front_lines.captains"


def test_a_captains_warriors_are_out_of_combat_while_his_sergeant_has_warriors():
    """Front Lines: Rules: a Captain's warriors may be attacked only when his Sergeant has no warriors;
    team mates never attack each other."""
    warriors = [W("Sean Gallagher", 0), W("Razide", 3), W("Imperial Trencher", 2)]
    state = fl_state(warriors=warriors, current=3)
    targets = {state.trooper(o.defender).owner for o in GAME.decision(state).options if isinstance(o, Attack)}
    assert targets == {2}
    with pytest.raises(IllegalAction) as err:
        GAME.check(state, Attack(1, 0, "fight"))
    assert err.value.rule.section == "cool.front_lines.captains"
    bare = fl_state(warriors=warriors[:2], current=3)
    assert {bare.trooper(o.defender).owner for o in GAME.decision(bare).options if isinstance(o, Attack)} == {0}
    mate = fl_state(warriors=[W("Razide", 3), W("Necromutant", 1)], current=3)
    assert not any(isinstance(o, Attack) for o in GAME.decision(mate).options)


def test_a_shielded_captains_warriors_may_not_seek_cover_nor_cast_combat_spells():
    """Front Lines: Rules: while his Sergeant has warriors, a Captain's warriors are never in cover and
    cast no combat spell."""
    state = fl_state(warriors=[W("Brotherhood Mystic", 0), W("Imperial Trencher", 2), W("Razide", 3)], current=0)
    assert not any(isinstance(o, SeekCover) for o in GAME.decision(state).options)
    from explorer.doomtrooper.cards import load_pool
    spell = load_pool()["Kinetic Blast"]
    state = state._replace(current=3)
    state, _ = step(GAME, state, Attack(2, 1, "shoot"))
    table = state.combat.live
    assert GAME.combat.casters(table, 0, spell) == ()
    from dt_helpers import GAME as BASIC
    assert BASIC.combat.casters(table, 0, spell) == (0,)  # the basic rules would let it cast


def test_sergeants_are_never_attacked_directly():
    """Front Lines: Rules (front-lines-direct): a sabotage never aims at a Sergeant, nor at a Captain whose
    Sergeant has warriors."""
    game = DoomtrooperGame_with({"sabotage": True})
    state = make_state(game, hands=HANDS, warriors=[W("Razide", 3)], current=3)
    refusals = [game.variant.refuse(game, state, Sabotage(0, s)) for s in (0, 1, 2)]
    assert refusals[2].rule.section == "cool.front_lines.captains"
    assert refusals[1].rule.section == "cool.front_lines.teams"
    assert refusals[0] is None
    shielded = make_state(game, hands=HANDS, warriors=[W("Razide", 3), W("Imperial Trencher", 2)], current=3)
    assert game.variant.refuse(game, shielded, Sabotage(0, 0)) is not None


def test_transfers_within_a_team():
    """Front Lines: Rules: for one action a Captain's warrior goes to his Sergeant, into cover; a
    Sergeant's goes to his Captain, not into cover."""
    state = fl_state(warriors=[W("Sean Gallagher", 0), W("Razide", 3)], current=0)
    state, events = step(GAME, state, Transfer(0))
    t = state.trooper(0)
    assert t.owner == 2 and t.cover and state.actions == 2
    assert events[0].rule.section == "cool.front_lines.transfer"
    back = fl_state(warriors=[W("Sean Gallagher", 2), W("Razide", 3)], current=2)
    back, _ = step(GAME, back, Transfer(0))
    assert back.trooper(0).owner == 0 and not back.trooper(0).cover
    with pytest.raises(IllegalAction):
        GAME.check(fl_state(warriors=[W("Razide", 3)], current=0), Transfer(0))
    from dt_helpers import GAME as BASIC
    assert not any(isinstance(o, Transfer) for o in BASIC.decision(make_state(BASIC, warriors=[W("Razide")])).options)


def test_the_first_team_to_forty_wins():
    """Front Lines: Rules: a common Promotion pool: the first team to 40 wins (both its players)."""
    state = fl_state(warriors=[W("Sean Gallagher", 0), W("Razide", 3)], promotion=(25, 30, 15, 5), current=0)
    state, events = step(GAME, state, Meditate())
    assert state.phase is Phase.OVER and state.result.winners == members(1) == (0, 2)
    below = fl_state(warriors=[W("Sean Gallagher", 0), W("Razide", 3)], promotion=(25, 30, 14, 5), current=0)
    assert step(GAME, below, Meditate())[0].phase is Phase.ACTIONS


def front_lines_invariants(game, state) -> None:
    """Every card in one place; no combat has a Captain attacking, nor a shielded Captain's warrior
    defending, nor team mates (a player's own warriors may meet, by Treachery); a winning side is a
    whole team."""
    common_invariants(game, state)
    if state.phase is Phase.SETUP:
        return
    if state.combat is not None:
        table = state.combat.live
        a, d = table.trooper(table.attacker), table.trooper(table.defender)
        assert a.owner not in CAPTAINS, (a, d)
        assert team_of(a.owner) != team_of(d.owner) or a.owner == d.owner, (a, d)  # Treachery: his own fight
        if d.owner in CAPTAINS:
            assert not any(x.owner == sergeant_of(d.owner) for x in table.troopers), (a, d)
    if state.result is not None and state.result.winners:
        assert state.result.winners in (members(1), members(2)), state.result


def test_front_lines_keeps_the_protocol():
    """Front Lines: the conformance kit, greedy and random bots."""
    from explorer.doomtrooper.bots import get_bot
    bots = {0: get_bot("greedy"), 1: get_bot("random"), 2: get_bot("greedy"), 3: get_bot("random")}
    report = check_game(GAME, lambda i: GAME.new_game(), steps=600, seed="front", invariants=[front_lines_invariants],
                        skip=("exact",), policies=bots, game_factory=front_lines_game, hashseed=False,
                        raise_on_failure=False)
    assert report.ok, str(report)
    assert "observe" not in report.skipped


def test_seeded_front_lines_games():
    """Front Lines: seeded random games end with a whole team winning (500 by hand, see the report)."""
    for i in range(40):
        playout = play(GAME, f"fl#{i}", "random")
        assert playout.state.phase is Phase.OVER
        front_lines_invariants(GAME, playout.state)
