"""The Victorian game's drawn table (explorer.ui.victorian.board): every zone of
each side, and a side's view shows exactly what that side may see ("THE DECKS":
a hand is its owner's; "RECRUIT PHASE": cards in play are face up)."""

from __future__ import annotations

import html
import re
from collections import Counter

import pytest

from explorer.core.engine import Stepper
from explorer.ui.victorian import VictorianStepper
from explorer.ui.victorian.board import board_html, card_tile
from explorer.victorian.bots import get_bot
from explorer.victorian.game import VictorianGame
from explorer.victorian.state import HEROES, SIDES, VILLAINS, Mod, Phase
from board_zones import backs, zones

GAME = VictorianGame()


def seeded_states(seed: int, steps: int):
    st = Stepper(GAME, GAME.new_game(), seed, {"heroes": get_bot("greedy"), "villains": get_bot("greedy")})
    yield st.state
    for _ in range(steps):
        if st.over:
            return
        st.step()
        yield st.state


def visible_names(state, viewer: str) -> Counter:
    """Every card name ``viewer`` may see, counted independently of the board:
    its own hand, the other hand's exposed cards, both discard piles, the seen
    tops of decks, every card in play and the cards whose bonuses last."""
    me = SIDES.index(viewer)
    names: Counter = Counter(state.sides[me].hand) + Counter(state.sides[1 - me].exposed)
    for s in state.sides:
        names += Counter(s.discard) + Counter(c for c, who in s.deck.known if viewer in who)
        names += Counter(u.card for u in s.units) + Counter(g for u in s.units for g in u.gear)
        names += Counter(loc.card for loc in s.locations) + Counter(p.card for p in s.plots)
    return names + Counter(m.card for m in state.mods if m.card)  # an event card's bonus, until the turn ends


@pytest.mark.parametrize("seed", [1, 4])
def test_a_sides_view_never_shows_a_card_of_the_other_hand_it_has_not_seen(seed):
    """THE DECKS: each side sees its own hand; of the other, the cards seen there and how many others."""
    checked = 0
    for state in seeded_states(seed, 400):
        for me, viewer in ((HEROES, "heroes"), (VILLAINS, "villains")):
            other = state.sides[1 - me]
            board = board_html(GAME, state, viewer)
            z = zones(board)
            assert Counter(z[f"{SIDES[1 - me]}-hand"]) == Counter(other.exposed)
            assert backs(board, f"{SIDES[1 - me]}-hand") == len(other.hand) - len(other.exposed)
            assert Counter(z[f"{viewer}-hand"]) == Counter(state.sides[me].hand)
            shown = Counter(n for names in z.values() for n in names if GAME.card_or_none(n) is not None)
            assert not shown - visible_names(state, viewer)  # no card shown that this side may not see
            checked += bool(other.hand)
    assert checked > 50


def test_the_all_seeing_view_shows_both_hands():
    for state in seeded_states(2, 150):
        board = board_html(GAME, state, None)
        z = zones(board)
        for i, side in enumerate(SIDES):
            assert Counter(z[f"{side}-hand"]) == Counter(state.sides[i].hand)
            assert backs(board, f"{side}-hand") == 0


def test_every_zone_of_each_side_with_units_gear_and_counters():
    """RECRUIT PHASE: attachments (gear on a unit; minions, Locations and plots on a Mastermind), PLOT PHASE
    counters, WOUND COUNTERS."""
    s = GAME.scenario(heroes=["Tarzan"], gear={"Tarzan": ["Machete"]}, villains=["Dr Moreau"],
                      plots={"Dr Moreau": [("Start War", 2)]}, hands={"villains": ["Guards"]}, at=Phase.RECRUIT)
    tarzan = s.heroes.units[0]
    s = s._replace(sides=(s.heroes._replace(units=(tarzan._replace(wounds=1),)), s.villains))
    board = board_html(GAME, s, "heroes")
    z = zones(board)
    assert set(z) == {f"{side}-{zone}" for side in SIDES for zone in ("play", "hand", "deck", "discard")}
    assert z["heroes-play"] == ["Tarzan", "Machete"] and z["villains-play"] == ["Dr Moreau", "Start War"]
    assert "1 wound" in board and "2 Plot counters" in board and "major" in board
    assert backs(board, "villains-hand") == 1 and "deck (57)" in board  # the deck: one counted back
    assert "Turn 1, Recruit Phase" in board


def test_a_card_carries_its_text_and_rule():
    """HEROES CARD LIST: a card's type, ratings and traits, and the rule it is played under."""
    t = card_tile(GAME, "Sherlock Holmes")
    assert t.kind == "Character" and ("Track", "4") in t.ratings and "Detective" in t.text
    assert t.rule.section == "recruit"
    assert card_tile(GAME, "Machete").rule.section == "recruit.attach"
    assert card_tile(GAME, "Machete").ratings[0][1].startswith("+")


def test_the_stepper_draws_the_table_above_the_words_and_redraws_it():
    """Each step, undo and change of view redraws the table; the state in words stays below."""
    w = VictorianStepper(seed=2)
    kids = list(w.stepper.widget.children)
    assert kids.index(w.board) < kids.index(w.stepper.state_view)
    first = w.board.value
    w.next_phase()
    after = w.board.value
    assert after != first and after == board_html(w.game, w.stepper.stepper.state, "heroes")
    w.stepper.undo()
    assert w.board.value == board_html(w.game, w.stepper.stepper.state, "heroes")
    w.view.value = "all"
    assert w.board.value == board_html(w.game, w.stepper.stepper.state, None)
    assert "hidden" not in w.stepper.state_view.value  # the words are still there


def test_a_hand_card_the_other_side_has_seen_is_marked_and_shown_to_it():
    """THE DECKS: a card seen in a hand is known to the side that saw it."""
    state = next(s for s in seeded_states(1, 200) if s.heroes.exposed)
    card = state.heroes.exposed[0]
    assert "The Villains have seen it" in board_html(GAME, state, "heroes")
    theirs = board_html(GAME, state, "villains")
    assert "The Villains have seen it" in theirs and card in zones(theirs)["heroes-hand"] and backs(theirs, "heroes-hand") == len(state.heroes.hand) - len(
        state.heroes.exposed)


def test_the_bonuses_that_last_until_the_turn_ends_are_shown_with_their_cards():
    """Event cards (our reading): Fight and Track bonuses last to the end of the turn."""
    s = GAME.scenario(heroes=["Tarzan"], villains=["Dr Moreau"], at=Phase.RECRUIT)
    s = s._replace(mods=(Mod(HEROES, "Tarzan", "fight", 2, "Artillery", "events"),))
    z = zones(board_html(GAME, s, "villains"))
    assert z["heroes-bonuses"] == ["Artillery"] and "villains-bonuses" not in z
    assert "Fight +2" in board_html(GAME, s, "villains") and "on Tarzan" in board_html(GAME, s, "villains")


def test_the_units_of_a_roll_about_to_be_made_are_outlined():
    """ATTACK PHASE / TRACK PHASE: the unit that rolls and its target stand out until the roll is made."""
    found = 0
    for state in seeded_states(2, 800):
        item = state.pending[0] if state.pending else None
        roll = getattr(item, "roll", None)
        if roll is not None:
            uids = {u.uid for s in state.sides for u in s.units}
            assert board_html(GAME, state, None).count("xp-marked'") == len({roll.actor, roll.target} & uids)
            found += 1
    assert found


def test_a_loaded_game_is_drawn_at_the_step_it_reached():
    """Log format: a game loaded into the stepper carries on from its last step, and the table follows."""
    played = VictorianStepper(seed=5)
    played.next_phase()
    played.next_phase()
    w = VictorianStepper(seed=1, view="all")
    w.stepper.saving.load(played.stepper.saving.save(), "game.jsonl")
    assert w.stepper.stepper.state == played.stepper.stepper.state
    assert w.board.value == board_html(w.game, w.stepper.stepper.state, None)


def test_a_units_fight_counts_an_assassin_phase_bonus_in_that_phase_only():
    """ASSASSIN PHASE: Gentleman's Club gives a hero Fight +2 against assassins: his tile's Fight
    counts it in the Assassin Phase (as the Assassin Roll does) and not in another phase."""
    from explorer.ui.victorian.board import unit_tile

    club = Mod(HEROES, "Tarzan", "fight", 2, "Gentleman's Club", "events", phase="assassin")
    for phase, shown in ((Phase.ASSASSIN, "4"), (Phase.RECRUIT, "2")):  # Tarzan: Fight +2
        s = GAME.scenario(heroes=["Tarzan"], villains=["Dr Moreau"], at=phase)._replace(mods=(club,))
        tile = unit_tile(GAME, s, HEROES, s.heroes.unit("Tarzan"))
        assert dict(tile.ratings)["Fight"] == shown


def test_a_finished_games_table_is_headed_as_the_table_the_game_ended_with():
    """VICTORY: the result is said once, in the stepper's last line; the table's heading
    above the drawn sides then says which table it is, not the result again."""
    w = VictorianStepper(seed=2)
    w.stepper.play_to_end()
    result = str(w.stepper.stepper.state.result)
    assert result in w.stepper.status.value
    head = re.search(r"xp-board-head'>([^<]*)<", w.board.value).group(1)
    assert head == f"The table as the game ended, in turn {w.stepper.stepper.state.turn}"
    assert html.unescape(result) not in html.unescape(w.board.value)
