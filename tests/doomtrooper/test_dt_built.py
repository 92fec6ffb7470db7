"""Doomtrooper tables set by hand ("The Table Layout", explorer.doomtrooper.built): the
cards set out come out of each seat's deck, the turn's player is at the start of his
actions, and a game started from such a table is logged with its table and replays."""

import json

import pytest

from explorer.core.engine import Stepper
from explorer.core.log import LogError
from explorer.doomtrooper import built
from explorer.doomtrooper.base.actions import Muster
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.log import export_log, replay_log
from explorer.doomtrooper.state import Phase

GAME = DoomtrooperGame()
TABLE = {"decks": ["Imperial Crusade", "Imperial Crusade"], "turn": 3,
         "seats": [{"hand": ["Inquisitor Majoris"], "destiny": 6}, {"hand": ["Bunker"], "promotion": 4}],
         "warriors": [{"card": "Sean Gallagher", "seat": 0},
                      {"card": "Inquisitor Majoris", "seat": 1, "hidden": True, "attached": ["Violator Sword"]}]}


def test_a_table_takes_its_cards_from_the_decks():
    """Setting Up: every card comes from its seat's 60; none is made up or lost."""
    state = built.build(GAME, TABLE)
    start = GAME.new_game(2, TABLE["decks"])
    for i, (seat, fresh) in enumerate(zip(state.seats, start.seats)):
        in_play = [c for t in state.troopers if t.owner == i for c in (t.card, *t.cards())]
        assert sorted([*seat.deck.cards, *seat.hand, *in_play]) == sorted(fresh.deck.cards)
    assert state.seats[1].promotion == 4 and state.destiny(0) == 6 and state.destiny(1) == 5
    majoris = state.troopers[1]
    assert majoris.hidden and majoris.cover and majoris.unpaid and majoris.cards() == ("Violator Sword",)


def test_the_turns_player_starts_his_actions():
    """The Order of Play: turn 3 of two players is seat 0's second, at Step Two."""
    state = built.build(GAME, TABLE)
    assert (state.phase, state.current, state.turn, state.actions) == (Phase.ACTIONS, 0, 3, 3)
    assert [s.turns for s in state.seats] == [2, 1]
    assert GAME.decision(state).player == 0


@pytest.mark.parametrize("change, words", [
    ({"warriors": [{"card": "Razide", "seat": 0}]}, "no 'Razide' left"),
    ({"warriors": [{"card": "Bunker", "seat": 0}]}, "not a warrior card"),
    ({"seats": [{"hand": []}]}, "must list the 2 seats"),
    ({"colour": "red"}, "no field 'colour'"),
    ({"turn": 0}, "turn must be a number from 1"),
])
def test_a_table_that_cannot_be_laid_out_is_refused(change, words):
    with pytest.raises(ValueError, match=words):
        built.build(GAME, {**TABLE, **change})


def test_a_game_from_a_table_logs_the_table_and_replays():
    """Personalities: the log of a built game replays to the same state."""
    st = Stepper(GAME, built.build(GAME, TABLE), "built")
    st.step(Muster("Inquisitor Majoris"))
    text = export_log(st)
    head = json.loads(text.splitlines()[0])
    assert head["setup"] == {"table": TABLE} and head["players"] == 2
    again = replay_log(text)
    assert again.state == st.state
    assert any(e.rule.section == "personalities.cover" for e in again.history[-1].events)
    head["setup"]["table"]["warriors"][1]["hidden"] = False  # another table: the muster is no longer allowed
    with pytest.raises(LogError, match="not allowed here"):
        replay_log("\n".join([json.dumps(head), *text.splitlines()[1:]]))
    head["setup"] = {"table": {**TABLE, "seats": [{"hand": []}]}}
    with pytest.raises(LogError, match="the header's setup is refused: seats must list"):
        replay_log(json.dumps(head) + "\n")


@pytest.mark.parametrize("style, section, destiny", [("free_for_all", "multiplayer.free_for_all", 5),
                                                      ("primary_targets", "multiplayer.primary_targets", 3)])
def test_multi_player_attacks_cite_their_style(style, section, destiny):
    """Multi-Player Games: seat 0 attacks seat 2, not the player on his left: free in Free
    for All (the step says so), two Destiny Points with Primary Targets."""
    from explorer.doomtrooper.base.actions import Attack
    from explorer.doomtrooper.log import LOG

    game = LOG.make(LOG.rules({"style": style}))
    table = {"decks": ["Imperial Crusade", "Corporate Wars", "Legion of Algeroth"],
             "seats": [{"hand": []}, {"hand": []}, {"hand": []}],
             "warriors": [{"card": "Sean Gallagher", "seat": 0}, {"card": "Legion Sharpshooter", "seat": 2}], "turn": 4}
    st = Stepper(game, built.build(game, table), 1)
    entry = st.step(Attack(0, 1, "shoot"))
    assert entry.events[0].rule.section == section and st.state.destiny(0) == destiny
    two = DoomtrooperGame()
    st = Stepper(two, built.build(two, {**table, "turn": 3, "decks": table["decks"][::2], "seats": [{"hand": []}] * 2,
                                        "warriors": [{"card": "Sean Gallagher", "seat": 0},
                                                     {"card": "Legion Sharpshooter", "seat": 1}]}), 1)
    assert not any(e.rule.section.startswith("multiplayer") for e in st.step(Attack(0, 1, "shoot")).events)


def test_a_variant_table_is_laid_out_as_after_the_deal():
    """Colonization: the starting warzones are dealt (the same for every table), warriors stand where set."""
    from explorer.doomtrooper.log import LOG
    from explorer.doomtrooper.variants.places import Transfer

    game = LOG.make(LOG.rules({"variant": "colonization"}))
    table = {"decks": ["Imperial Crusade", "Legion of Algeroth"], "seats": [{"hand": []}, {"hand": []}], "turn": 3,
             "warriors": [{"card": "Sean Gallagher", "seat": 0, "place": "Cyberpolis"}]}
    state = built.build(game, table)
    assert state.board == built.build(game, table).board and len(state.board.start) == 2
    assert state.troopers[0].place == "Cyberpolis"
    assert game.illegal(state, Transfer(0, "Venus Jungle")).rule.section == "variants.colonization.board"
