"""TURN SEQUENCE: thirteen phases in order; the readings of the two Plot Phases,
the silent Track Phase and the shared turn; the New Day draw; the turn cap."""

from __future__ import annotations

from vichelp import GAME, forced, step, texts

from explorer.core.engine import RandomPolicy, Stepper
from explorer.victorian.actions import Done
from explorer.victorian.game import VictorianGame
from explorer.victorian.state import HEROES, TURN_PHASES, VILLAINS, Ending, Phase
from explorer.victorian.turn import slots


def test_a_turn_has_thirteen_phases_in_the_rulebooks_order():
    """TURN SEQUENCE: New Day, Genius, Healing, Minion, Invention, Recruit, Plot, Spy, Assassin, Plot, Intercept,
    Track, Attack."""
    assert [p.value for p in TURN_PHASES] == [
        "New Day Phase", "Genius Phase", "Healing Phase", "Minion Phase", "Invention Phase", "Recruit Phase",
        "Plot Phase", "Spy Phase", "Assassin Phase", "Plot Phase (second)", "Intercept Phase", "Track Phase",
        "Attack Phase"]


def test_both_sides_go_through_each_phase_together_heroes_first():
    """TURN SEQUENCE (register: turn-structure): one round, phase by phase; the Heroes do their part first."""
    order = slots(GAME.rules)
    assert order[:4] == ((Phase.NEW_DAY, HEROES), (Phase.NEW_DAY, VILLAINS), (Phase.GENIUS, HEROES),
                         (Phase.GENIUS, VILLAINS))
    assert (Phase.PLOT, VILLAINS) in order and (Phase.PLOT, HEROES) not in order
    assert (Phase.ATTACK, HEROES) == order[-1]
    assert [p for p, _ in order] == sorted((p for p, _ in order), key=TURN_PHASES.index)


def test_alternate_turns_give_each_side_a_whole_turn():
    """TURN SEQUENCE (register: turn-structure, option alternate_turns): the Heroes' parts of all thirteen phases,
    then the Villains'."""
    order = slots(GAME.rules.replace(alternate_turns=True))
    heroes = [p for p, s in order if s == HEROES]
    assert order[:len(heroes)] == tuple((p, HEROES) for p in heroes)
    assert heroes[0] is Phase.NEW_DAY and heroes[-1] is Phase.ATTACK


def played_phases(game, turns=2, seed=5):
    st = Stepper(game, game.new_game(), seed, RandomPolicy())
    st.run(until=lambda s: s.state.turn > turns)
    return [e for entry in st.history for e in entry.events if e.rule.section in
            {"new_day", "genius", "healing", "minion", "invention", "recruit", "plot", "spy", "assassin",
             "plot.second", "intercept", "track", "attack"} and e.text.startswith("turn ")]


def test_the_log_shows_every_phase_of_every_turn_in_order():
    """TURN SEQUENCE: each side's part of each phase is announced in the log, citing the phase's rule."""
    starts = [e for e in played_phases(GAME) if e.text.startswith("turn 1,")]
    assert [e.text for e in starts][:3] == ["turn 1, New Day Phase: the Heroes", "turn 1, New Day Phase: the Villains",
                                            "turn 1, Genius Phase: the Heroes"]
    assert len(starts) == len(slots(GAME.rules))


def test_the_second_plot_phase_does_nothing_by_default():
    """TURN SEQUENCE (register: two-plot-phases): the Plot Phase listed a second time is read as a slip."""
    s = GAME.scenario(villains=["Dr Moreau"], plots={"Dr Moreau": [("Bank Heist", 1)]}, at=Phase.SECOND_PLOT)
    assert s.villains.plots[0].counters == 1 and s.phase is not Phase.SECOND_PLOT


def test_a_second_plot_phase_when_the_option_says_so():
    """TURN SEQUENCE (option second_plot_phase): a full second Plot Phase adds another counter."""
    game = VictorianGame(rules=GAME.rules.replace(second_plot_phase=True))
    s = game.scenario(villains=["Dr Moreau"], plots={"Dr Moreau": [("Bank Heist", 1)]}, at=Phase.SECOND_PLOT)
    assert s.villains.plots[0].counters == 2 and s.phase is Phase.SECOND_PLOT


def test_the_track_phase_rolls_the_villain_table_for_masterminds_not_thwarted():
    """TRACK PHASE (register: track-phase) / INTERCEPT PHASE: the Villain Table once for every Mastermind not
    thwarted."""
    s = GAME.scenario(villains=["Dr Moreau", "Professor Moriarty"], thwarted=["Dr Moreau"], at=Phase.TRACK)
    assert [(i.source, i.table) for i in s.pending] == [("Professor Moriarty", "villain_table")]


def test_new_day_draws_one_card_each():
    """NEW DAY PHASE: draw one card from your deck."""
    s = GAME.scenario(decks={"heroes": ["Train", "Saber"], "villains": ["Guards"]}, at=Phase.NEW_DAY)
    s, events = forced(s, "Saber")
    assert s.heroes.hand == ("Saber",) and s.heroes.deck.rest == ("Train",)
    assert any(e.visible_to == frozenset({"heroes"}) and "Saber" in e.text for e in events)
    assert not any("Saber" in e.text for e in events if e.visible_to is None)  # the Villains see only "a card"
    s, _ = forced(s, "Guards")
    assert s.villains.hand == ("Guards",)


def test_an_empty_deck_draws_nothing():
    """THE DECKS (register: empty-deck): a player with no cards left draws nothing and does not lose."""
    s = GAME.scenario(decks={"heroes": [], "villains": []}, at=Phase.NEW_DAY)
    s, events = forced(s)
    assert "no cards left" in " ".join(texts(events)) and s.result is None


def test_the_turn_cap_ends_a_game_as_a_draw():
    """TURN SEQUENCE (register: turn-cap): a game nobody has won by the cap is a draw."""
    game = VictorianGame(rules=GAME.rules.replace(turn_cap=2, victory_after_turn=50))
    st = Stepper(game, game.new_game(), 1, RandomPolicy())
    st.run()
    assert st.state.result.winners == () and st.state.result.ending is Ending.TURN_CAP and st.state.turn == 2


def test_a_new_turn_clears_what_lasts_this_turn():
    """TURN SEQUENCE: bonuses, Wrong Tracks, helpers used, thwarted Masterminds last to the end of the turn."""
    s = GAME.scenario(heroes=["Sherlock Holmes"], villains=["Dr Moreau"], thwarted=["Dr Moreau"], at=Phase.ATTACK,
                      decks={"heroes": [], "villains": []})
    s = s._replace(used=frozenset({("facilitator", "x")}))
    s, _ = step(s, Done())
    assert s.turn == 2 and s.thwarted == frozenset() and s.used == frozenset() and s.mods == ()
