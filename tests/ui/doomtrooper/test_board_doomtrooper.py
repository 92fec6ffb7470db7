"""Doomtrooper's drawn table (explorer.ui.doomtrooper.board): "The Table Layout"
(Squad, Kohort, pools, draw, discard and annihilated piles face down), what a
seat may see of it, the variants' places; and one count of turns ("The Order of
Play"): the header says the turn the log says."""

from __future__ import annotations

import html
import re
from collections import Counter

import pytest

from explorer.core.engine import Stepper
from explorer.doomtrooper import sections as R
from explorer.doomtrooper.bots import get_bot
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.params import override_rules
from explorer.doomtrooper.state import Phase
from explorer.ui.doomtrooper import TableStepper
from explorer.ui.doomtrooper.board import board_html, card_tile, variant_name
from board_zones import backs, zones

GAME = DoomtrooperGame()


def played(seed: int, steps: int, game: DoomtrooperGame = GAME, players: int = 2):
    """A seeded game between greedy bots: (stepper, each state in turn)."""
    st = Stepper(game, game.new_game(players), seed, get_bot("greedy"))
    states = [st.state]
    for _ in range(steps):
        if st.over:
            break
        st.step()
        states.append(st.state)
    return st, states


def visible_names(state, seat: int) -> Counter:
    """Every card name seat ``seat`` may see, counted from the full state: his own
    hand, every warrior in play but another's still hidden in cover, what is
    attached, fortifications, cards in play and missions."""
    names: Counter = Counter(state.seats[seat].hand)
    for t in state.troopers:
        if not (t.hidden and t.owner != seat):
            names[t.card] += 1
        names += Counter(a.card for a in t.attached)
    for s in state.seats:
        names += Counter(s.fortifications) + Counter(p.card for p in s.in_play) + Counter(m.card for m in s.missions)
    if state.combat is not None:  # cards played into the combat under way
        names += Counter(p.card for p in state.combat.live.plays)
    return names


@pytest.mark.parametrize("seed", [1, 2])
def test_a_seats_view_shows_no_hand_but_its_own_and_no_face_down_card(seed):
    """The Table Layout: hands are secret; draw, discard and annihilated piles are face down."""
    _, states = played(seed, 300)
    for state in states[2:]:
        for me in (0, 1):
            board = board_html(GAME, state, me)
            z = zones(board)
            other = 1 - me
            hands = state.combat.live.hands if state.combat is not None else [s.hand for s in state.seats]
            assert z[f"seat{other}-hand"] == [] and backs(board, f"seat{other}-hand") == hands[other].size
            assert Counter(z[f"seat{me}-hand"]) == Counter(hands[me])  # in a combat: as it stands in it
            for seat in (0, 1):
                assert z[f"seat{seat}-draw"] == [] and z[f"seat{seat}-discard"] == []
            shown = Counter(n for names in z.values() for n in names)
            assert not shown - visible_names(state, me)


def test_the_all_seeing_view_shows_both_hands_and_the_discard_piles():
    _, states = played(3, 120)
    for state in states[2:]:
        if state.combat is not None:
            continue
        z = zones(board_html(GAME, state, None))
        for i, s in enumerate(state.seats):
            assert Counter(z[f"seat{i}-hand"]) == Counter(s.hand)
            assert Counter(z[f"seat{i}-discard"]) == Counter(s.discard)


def test_a_warrior_in_cover_is_a_back_to_the_others_until_revealed():
    """Muster in Cover: the warrior is face down; only its owner knows it."""
    _, states = played(1, 60)
    state = next(s for s in states if any(t.owner == 1 for t in s.troopers))
    t = next(t for t in state.troopers if t.owner == 1)
    state = state._replace(troopers=tuple(x._replace(hidden=True, cover=True) if x is t else x
                                          for x in state.troopers))
    theirs = board_html(GAME, state, 0)
    assert "in cover" in theirs and not any(t.card in names for k, names in zones(theirs).items()
                                            if k.startswith("seat1-") and k != "seat1-hand")
    mine = zones(board_html(GAME, state, 1))
    assert any(t.card in names for k, names in mine.items() if k.startswith(f"seat1-{t.area}"))


def test_warriors_stand_in_their_area_with_what_is_attached():
    """The Table Layout: the Squad and the Kohort, each always there; equipment on its warrior."""
    _, states = played(2, 200)
    state = next(s for s in states if any(t.attached for t in s.troopers))
    z = zones(board_html(GAME, state, None))
    for seat in (0, 1):
        assert f"seat{seat}-Squad" in z and f"seat{seat}-Kohort" in z
    t = next(t for t in state.troopers if t.attached)
    area = z[f"seat{t.owner}-{t.area}"]
    assert area.index(t.card) < area.index(t.attached[0].card)


def test_a_card_carries_its_text_and_the_rule_it_plays_under():
    """The Cards: a warrior's four ratings; equipment as a bonus; each type's rule."""
    sean = card_tile(GAME, "Sean Gallagher")
    assert sean.ratings == (("Fight", "10"), ("Shoot", "5"), ("Armor", "8"), ("Value", "6"))
    assert sean.rule == R.MUSTER and "Imperial" in sean.text and "Personality" in sean.text
    sword = card_tile(GAME, "Violator Sword")
    assert sword.ratings == (("Fight", "+3"),) and sword.rule == R.EQUIP and "fight weapon" in sword.kind


@pytest.mark.parametrize("variant", ["warzone", "home_turf", "colonization"])
def test_a_variant_with_places_shows_where_each_warrior_stands(variant):
    """Doomtrooper Optional Rules and Variants: the Warzone Variant, Home Turf Advantage, Colonization."""
    game = DoomtrooperGame(rules=override_rules({"variant": variant}))
    _, states = played(1, 150, game)
    state = next((s for s in states if any(t.place for t in s.troopers)), states[-1])
    board = board_html(game, state, None)
    assert f"<div class='xp-side-head'>{variant_name(game)}</div>" in board and variant_name(game)
    placed = [t for t in state.troopers if t.place]
    assert placed and all(f" at {html.escape(t.place)}" in board for t in placed)


def test_the_header_counts_the_turn_as_the_log_does():
    """The Order of Play: "seat 1 begins turn 3" in the log; the header then says seat 1's turn 3, from
    the draw that begins it to the discard that ends it (the game's count of all turns is its length)."""
    st, _ = played(2, 0)
    checked = 0
    while not st.over and len(st.history) < 400:
        before = board_html(GAME, st.state, None)
        entry = st.step()
        begun = [ev for ev in entry.events if ev.rule == R.TURN]
        if begun:
            n, seat = dict(begun[0].data)["turn"], dict(begun[0].data)["seat"]
            assert f"Seat {seat}&#x27;s turn {n} (draw step)" in before  # the turn about to begin
            assert GAME.describe(st.state).splitlines()[0].startswith(f"Seat {seat}'s turn {n} (")
            if st.state.phase is Phase.ACTIONS:
                assert f"Seat {seat}&#x27;s turn {n} (actions step" in board_html(GAME, st.state, None)
            checked += 1
    assert checked > 10 and st.state.turn > max(s.turns for s in st.state.seats)


def test_the_table_stepper_draws_the_board_above_the_words_and_redraws_it():
    t = TableStepper(seed=2, seat=None)
    kids = list(t.stepper_widget.widget.children)
    assert kids.index(t.board) < kids.index(t.stepper_widget.state_view)
    t.stepper_widget.play_turns(2)
    assert t.board.value == board_html(t.game, t.stepper.state, None)
    t.view_as.value = 1
    assert t.board.value == board_html(t.game, t.stepper.state, 1)
    t.stepper_widget.undo()
    assert t.board.value == board_html(t.game, t.stepper.state, 1) and "hand:" in t.stepper_widget.state_view.value


def test_a_combat_under_way_shows_its_warriors_and_the_cards_played():
    """Combat, step by step: the Attacker and the Defender outlined, the cards played into the modify step."""
    _, states = played(2, 400)
    state = next(s for s in states if s.combat is not None and s.combat.live.plays)
    board = board_html(GAME, state, 0)
    table = state.combat.live
    assert Counter(zones(board)["combat-played"]) == Counter(p.card for p in table.plays)
    assert board.count("xp-marked'") == 2 and "A combat: " in board


def test_a_loaded_game_of_three_players_redraws_the_board_with_three_seats():
    """Log format: a game loaded into the table carries on, and the table drawn is that game's."""
    played = TableStepper(seed=4, seat=None, players=3)
    for _ in range(12):
        played.stepper_widget.next()
    table = TableStepper(seed=1, seat=0)
    table.stepper_widget.saving.load(played.stepper_widget.saving.save(), "three.jsonl")
    assert table.board.value == board_html(table.game, table.stepper.state, 0)
    assert table.board.value.count("data-side=\"seat") == 3


def test_a_finished_games_table_is_headed_as_the_table_the_game_ended_with():
    """OVERVIEW (the game's end): the result is said once, in the stepper's last line; the table's
    heading then says which table it is, not the result again."""
    t = TableStepper(seed=2, seat=None)
    t.stepper_widget.play_to_end()
    result = t.stepper.state.result
    assert str(result) in html.unescape(t.stepper_widget.status.value)
    head = re.search(r"xp-board-head'>([^<]*)<", t.board.value).group(1)
    assert head == f"The table as the game ended, after {result.turns} turns"
    assert str(result) not in html.unescape(t.board.value)
