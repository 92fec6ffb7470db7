"""Setting up a whole game of Doom Asylum: players, starting masterminds, the
starting room and points, turn order, and the new rule sections and readings."""

from __future__ import annotations

import tomllib

import pytest

from explorer.asylum import sections as R
from explorer.asylum.game import AsylumGame, AsylumState, BeginMove, Move, Party, Phase, setup
from explorer.asylum.params import OPTIONS
from explorer.core.data import data_path
from explorer.core.engine import Stepper
from explorer.core.rulebook import sections, summary


@pytest.fixture(scope="module")
def game() -> AsylumGame:
    return AsylumGame()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_two_to_six_players_each_with_one_mastermind_and_one_point(game, players):
    """Mastermind / Doomsday points: each player starts with one villain, his
    mastermind, and 1 Doomsday point."""
    state = game.setup(players, seed=1)
    assert len(state.parties) == players
    for seat, party in enumerate(state.parties):
        assert party.seat == seat
        assert len(party.villains) == 1
        assert party.mastermind == party.villains[0].name
        assert party.villains[0].level == 1
        assert party.doomsday == game.rules.doomsday_start == 1
        assert not party.visited and party.doom_ready is None


@pytest.mark.parametrize("players", [0, 1, 7, "4"])
def test_player_count_outside_two_to_six_is_refused(game, players):
    """Gameplay overview: a game is for 2 to 6 players (the issue's range)."""
    with pytest.raises(ValueError, match="2 to 6 players"):
        game.setup(players, seed=0)


def test_star_masterminds_come_from_the_starred_villains(game):
    """Mastermind: 'select their starting masterminds from the villain cards marked with stars'."""
    stars = {n for n, v in game.roster.items() if v.star}
    seen = set()
    for seed in range(40):
        state = game.setup(4, seed, "star")
        names = [p.mastermind for p in state.parties]
        assert set(names) <= stars and len(set(names)) == 4
        seen.update(names)
    assert seen == stars  # random, so every star turns up over 40 games


def test_six_players_with_five_stars_top_up_from_the_rest(game):
    """Mastermind (reading star-masterminds-short): more players than stars."""
    stars = {n for n, v in game.roster.items() if v.star}
    state = game.setup(6, 3, "star")
    names = [p.mastermind for p in state.parties]
    assert len(set(names)) == 6 and stars <= set(names)


def test_random_masterminds_come_from_the_whole_roster(game):
    """Mastermind: 'each player starts with one random villain who is his mastermind'."""
    stars = {n for n, v in game.roster.items() if v.star}
    picked = {p.mastermind for seed in range(30) for p in game.setup(4, seed, "random").parties}
    assert picked - stars, "unstarred villains must be possible starting masterminds"


def test_masterminds_can_be_named(game):
    """Mastermind: players may choose their masterminds (from the stars, as suggested)."""
    state = game.setup(2, 0, ["Corporal Union", "Oscar"])
    assert [p.mastermind for p in state.parties] == ["Corporal Union", "Oscar"]
    assert state.start_masterminds == ("Corporal Union", "Oscar")
    with pytest.raises(LookupError):
        game.setup(2, 0, ["Corporal Union", "Nobody"])
    with pytest.raises(ValueError, match="only one party"):
        game.setup(2, 0, ["Oscar", "Oscar"])
    with pytest.raises(ValueError, match="named for"):
        game.setup(3, 0, ["Oscar", "Gargantua"])
    with pytest.raises(ValueError, match="star"):
        game.setup(3, 0, "stars")


def test_setup_is_seeded_and_deterministic(game):
    """Mastermind: the random draw of masterminds comes from the seed."""
    assert game.setup(4, 11) == game.setup(4, 11)
    assert any(game.setup(4, 11) != game.setup(4, s) for s in range(12, 20))


def test_parties_start_together_and_the_rest_are_in_the_pool(game):
    """Gameplay overview (reading start-room): every party starts in the start room."""
    state = game.setup(3, 5)
    assert {p.room for p in state.parties} == {game.board.graph["start"]} == {"Intake Hall"}
    names = {p.mastermind for p in state.parties}
    assert set(state.pool) == set(game.roster) - names
    assert list(state.pool) == [n for n in game.roster if n in state.pool]  # roster order


def test_seat_zero_plays_first_then_seat_order(game):
    """Gameplay overview (reading turn-order): seat 0 first, then 1, 2, ..."""
    state = game.setup(3, 2)
    st = Stepper(game, state, seed=2)
    order = []
    for _ in range(3):
        order.append(st.state.current)
        if st.state.phase == Phase.START:
            st.step(BeginMove())
        st.step(Move(st.decision.options[-1].room))
        while st.state.current == order[-1] and not st.over:
            dec = st.decision
            st.step(dec.options[0])
    assert order == [0, 1, 2]
    assert st.state.current == 0 and st.state.turn == 4


def test_state_is_an_immutable_hashable_value(game):
    """Design principle 1: game state is immutable and hashable."""
    state = game.setup(4, 0)
    assert isinstance(state, AsylumState) and isinstance(state.parties[0], Party)
    assert hash(state) == hash(game.setup(4, 0))
    with pytest.raises(AttributeError):
        state.turn = 5  # type: ignore[misc]


def test_setup_convenience_returns_game_and_state():
    """Gameplay overview: setup() gives a game and its opening state."""
    game, state = setup(players=2, seed=9)
    assert isinstance(game, AsylumGame) and len(state.parties) == 2
    assert game.decision(state).player == 0


def test_start_of_turn_is_skipped_when_there_is_nothing_to_choose(game):
    """Upgrading Villains: with no point to spend and nobody else to make mastermind,
    the turn goes straight to the move."""
    assert game.setup(2, 0).phase == Phase.START  # 1 point, an upgrade to buy
    state = game.setup(2, 0, ["Oscar", "Gargantua"])
    state = game.arrange(state, 0, room="Visiting Room")
    state = game.arrange(state, 1, doomsday=0)._replace(phase=Phase.MOVE)
    st = Stepper(game, state, seed=0)
    st.step(Move("Yard"))
    st.step()  # the Yard: nothing happens; the turn ends
    assert st.state.current == 1 and st.state.phase == Phase.MOVE


def test_new_rule_sections_have_summaries():
    """Every event cites its rule: the sections the game adds resolve to our summaries."""
    for ref in (R.TURN_ORDER, R.TURN_START, R.TURN_END, R.TURN_CAP, R.PUSH, R.EVENT_TABLE, R.CUNNING_TRICK,
                R.CALCULATED_RISK):
        assert summary(ref).summary
    for name, value in vars(R).items():
        if name.isupper() and name != "GAME":
            assert value.section in sections("asylum"), name


def test_interpretation_register_entries_are_complete():
    """Interpretations are written down: every reading names a known section and option."""
    raw = tomllib.loads(data_path("asylum", "interpretations.toml").read_text())
    ids = [r["id"] for r in raw["reading"]]
    assert len(ids) == len(set(ids))
    for r in raw["reading"]:
        assert {"id", "section", "rule", "question", "reading", "alternatives"} <= set(r)
        assert r["rule"] in sections("asylum"), r["id"]
        if "option" in r:
            assert r["option"] in OPTIONS, r["id"]
    for needed in ("start-room", "crowded-room", "push-compulsory", "doom-ready-when", "ambusher-control",
                   "ambusher-escapes", "turn-cap", "unmade-release", "doom-ready-by-conflict"):
        assert needed in ids


def test_the_opening_draw_is_a_step_of_the_game():
    """Mastermind: 'each player starts with one random villain who is his mastermind',
    drawn from the star-marked villains; Doomsday points: each begins with 1.  The draw is
    a chance step, so its odds are exact and its events cite the opening rules."""
    from fractions import Fraction

    from explorer.asylum import sections as R
    from explorer.asylum.game import DrawMasterminds

    game = AsylumGame()
    state = game.new_game(3)
    assert state.phase == Phase.SETUP and game.decision(state).options == (DrawMasterminds(),)
    assert game.decision(state).player is None and game.result(state) is None
    stars = [n for n, v in game.roster.items() if v.star]
    dist = game.apply(state, DrawMasterminds())
    assert sum(dist[s] for s in dist) == 1
    for n in stars:  # each star-marked villain leads seat 0 with the same chance
        assert dist.prob(lambda step: step.state.parties[0].mastermind == n) == Fraction(1, len(stars))
    assert dist.prob(lambda step: len({p.mastermind for p in step.state.parties}) == 3) == 1
    st = Stepper(game, state, seed=4)
    entry = st.step()
    cited = {e.rule for e in entry.events}
    assert {R.MASTERMIND_START, R.VILLAINS, R.DOOMSDAY_START, R.TURN_ORDER, R.OVERVIEW} <= cited
    assert all(p.doomsday == 1 and p.room == game.start_room and len(p.villains) == 1 for p in st.state.parties)
    assert st.state.phase in (Phase.START, Phase.MOVE) and st.state.current == 0


def test_every_section_is_cited_by_the_events_of_played_games():
    """Every rule section the code knows is cited by some event of seeded games, except
    the two that only govern choices and refusals (alternation and flying: decisions and
    illegal actions cite them)."""
    from explorer.asylum import sections as R
    from explorer.asylum.bots import get_bot
    from explorer.core.engine import simulate
    from explorer.core.events import RuleRef

    game = AsylumGame()
    every = {v for v in vars(R).values() if isinstance(v, RuleRef)}
    seen = set()
    for i in range(60):
        for bot in ("random", "brawler"):
            seen |= {e.rule for e in simulate(game, game.new_game(4), get_bot(bot), f"cite#{i}", keep_events=True).events}
    assert every - seen == {R.ALTERNATION, R.FLYING}


def test_the_designer_orders_of_play():
    """Gameplay overview (readings snake-order and shuffled-order, ours): the snake order
    reverses every other round; the shuffled order draws each round's order as a chance
    step, each order equally likely; the two cannot be combined."""
    from fractions import Fraction

    from explorer.asylum.game import DrawMasterminds
    from explorer.asylum.overrides import override_rules
    from explorer.asylum.params import load_rules
    from explorer.asylum.turn import seat_of_turn

    snake = AsylumGame(rules=load_rules().replace(snake_turn_order=True))
    assert [seat_of_turn(snake, t, 3) for t in range(1, 10)] == [0, 1, 2, 2, 1, 0, 0, 1, 2]
    plain = AsylumGame()
    assert [seat_of_turn(plain, t, 3) for t in range(1, 7)] == [0, 1, 2, 0, 1, 2]
    shuffled = AsylumGame(rules=load_rules().replace(shuffled_turn_order=True))
    dist = shuffled.apply(shuffled.new_game(3), DrawMasterminds())
    assert dist.prob(lambda step: step.state.current == 2) == Fraction(1, 3)
    assert dist.prob(lambda step: step.state.order == (2, 0, 1)) == Fraction(1, 6)
    st = Stepper(shuffled, shuffled.new_game(3), seed=2)
    from explorer.asylum.bots import get_bot

    st.policies = get_bot("greedy")
    st.run(until=lambda s: s.state.turn > 6)
    orders = [dict(e.data)["order"] for entry in st.history for e in entry.events if "order" in dict(e.data)]
    assert len(orders) == 3 and all(sorted(o) == [0, 1, 2] for o in orders)
    with pytest.raises(Exception, match="snake"):
        override_rules({"snake_turn_order": True, "shuffled_turn_order": True})
