"""Doomtrooper in a player's words: every action of every kind (the basic rules' "Step Two:
Actions", the combat's steps, the expansions' and the variants' actions) is named by its cards,
never by the numbers that tell warriors apart; a card's text gives its type, ratings and the rule
it plays under; "why not?" refusals name cards too."""

from __future__ import annotations

import dataclasses
import re
from collections import defaultdict

import pytest

from dt_helpers import GAME as HAND_MADE, W, make_state
from explorer.core.engine import RandomPolicy, Stepper
from explorer.core.rulebook import summary
from explorer.doomtrooper import why_not, words
from explorer.doomtrooper.base.actions import Attack, Equip, SeekCover
from explorer.doomtrooper.bots import get_bot
from explorer.doomtrooper.cards import load_pool
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.log import TYPES
from explorer.doomtrooper.params import override_rules
from explorer.doomtrooper.state import DTState, Trooper

#: what a player must never read: a warrior's number, a repr, an identifier with underscores
RAW = re.compile(r"#\d|\(\w+=|\b[a-z]+_[a-z_]+\b|\bNone\b|<")

EXPANSIONS = {"relics": True, "warzones": True, "mortificator_poisons": True, "alliances": True, "ki_powers": True}
FIRST = {"outpost": True, "sabotage": True, "first_edition_direct_attack": True, "first_edition_sergeants": True,
         "first_edition_vehicles": True, "many_vehicles": True}
CONFIGS = [({}, 2, None), ({"sabotage": True, "discard_as_action": True}, 3, None),
           (EXPANSIONS, 2, ["Mishima Inquisition", "Legion of Algeroth"]), (FIRST, 2, None)] + [
    ({"variant": v}, None, None)
    for v in ("warzone", "limited_resources", "beat_down", "front_lines", "home_turf", "vortex", "colonization")]


def _troopers() -> DTState:
    return DTState((), (), (), troopers=(
        Trooper(0, "Razide", 1, "Kohort"), Trooper(1, "Venusian Ranger", 0, "Squad"),
        Trooper(2, "Sean Gallagher", 0, "Squad"), Trooper(3, "Imperial Trencher", 0, "Squad"),
        Trooper(4, "Imperial Trencher", 0, "Squad"), Trooper(5, "Imperial Trencher", 1, "Squad"),
        Trooper(6, "Centurion of Algeroth", 1, "Kohort", cover=True, hidden=True)))


def test_the_issue_s_example():
    """Attack (actions.attack): "Razide attacks the Venusian Ranger (Fight)", a Personality without "the"."""
    state = _troopers()
    assert words.option_text(state, Attack(0, 1, "fight")) == "The Razide attacks the Venusian Ranger (Fight)"
    assert words.option_text(state, Attack(0, 2, "shoot")) == "The Razide attacks Sean Gallagher (Shoot)"


def test_warriors_of_one_card_are_told_apart():
    """Muster Warrior (actions.muster): copies of a card in play are told apart by owner and order."""
    state = _troopers()
    names = {words.warrior_name(state, uid) for uid in (3, 4, 5)}
    assert names == {"the Imperial Trencher (the first of seat 0)", "the Imperial Trencher (the second of seat 0)",
                     "the Imperial Trencher (of seat 1)"}


def test_a_face_down_warrior_stays_face_down():
    """Muster in Cover (actions.muster_in_cover): a warrior mustered face down is named only for its owner."""
    state = _troopers()
    assert words.option_text(state, SeekCover(6), seat=0) == "A face-down warrior seeks cover"
    assert words.option_text(state, SeekCover(6), seat=1) == "The Centurion of Algeroth seeks cover"
    assert "Centurion" not in words.option_tip(state, SeekCover(6), seat=0)
    assert words.option_tip(state, Equip("Violator Sword", 2)).splitlines() == [
        words.card_text(None, "Violator Sword"), words.card_text(None, "Sean Gallagher")]


def test_a_refusal_keeps_a_face_down_warrior_face_down():
    """Muster in Cover (actions.muster_in_cover), Equip Warrior (actions.equip): a refusal anyone may
    read names a warrior mustered face down as "a face-down warrior", never by its card."""
    state = make_state(warriors=[W("Sean Gallagher", 0), W("Centurion of Algeroth", 1, cover=True, hidden=True)],
                       hands=[["Violator Sword"], []])
    message = HAND_MADE.illegal(state, Equip("Violator Sword", 1)).message
    assert "a face-down warrior" in message and "Centurion" not in message
    assert words.said(state, SeekCover(1)) == '"a face-down warrior seeks cover"'


def _example(cls):
    """An action of ``cls`` with plausible fields (warriors 0 to 2 of :func:`_troopers`)."""
    values = {"uid": 1, "attacker": 0, "defender": 1, "caster": 2, "target": 1, "card": "Violator Sword", "seat": 1,
              "place": "Luna", "tactic": "fight", "group": "Imperial Trencher", "index": 0, "promotion": 2,
              "area": "Squad", "inside": True, "play": Equip("Violator Sword", 2)}
    return cls(**{f.name: values[f.name] for f in dataclasses.fields(cls)}) if dataclasses.is_dataclass(cls) else cls()


@pytest.mark.parametrize("name", sorted(TYPES))
def test_every_action_class_has_its_words(name):
    """Step Two: Actions (turn.actions) and every expansion's and variant's action: each class of the
    log has a sentence, which names its warriors by card and prints no number, repr or identifier."""
    cls = TYPES[name]
    assert name in words.SENTENCES
    text = words.option_text(_troopers(), _example(cls))
    assert text and text[0].isupper() and not RAW.search(text), text
    if any(f.name in ("uid", "attacker", "caster") for f in dataclasses.fields(cls)):
        assert "Venusian Ranger" in text or "Sean Gallagher" in text or "Razide" in text, text


def _games():
    """Seeded games of every configuration: the greedy bot and a random player."""
    for rules, players, decks in CONFIGS:
        game = DoomtrooperGame(rules=override_rules({**rules, "turn_cap": 24}))
        for seed in range(2):
            initial = game.new_game(players, decks) if decks else game.new_game(players)
            yield game, Stepper(game, initial, seed, RandomPolicy() if seed else get_bot("greedy"))


def test_every_option_of_seeded_games_reads_as_words():
    """Step Two: Actions (turn.actions), combat (combat.modify), the expansions and the variants: over
    seeded bot games of each, every legal option and its tooltip read as words, "why not?"
    refusals of tempting actions name cards, never numbers or reprs, and so does every log line."""
    kinds = defaultdict(int)
    for game, st in _games():
        steps = 0
        while not st.over and steps < 1500:
            dec = st.decision
            for option in dec.options:
                text = words.option_text(st.state, option, dec.player, game)
                tip = words.option_tip(st.state, option, dec.player, game)
                assert not RAW.search(text) and not re.search(r"#\d|\(\w+=", tip), (text, tip)
                kinds[type(option).__name__] += 1
            if steps % 11 == 0 and not dec.forced:
                for action in why_not.tempting(game, st.state):
                    message = game.illegal(st.state, action).message
                    assert not re.search(r"#\d|\(\w+=", message), message
            for event in st.step().events:
                assert not RAW.search(event.text), event.text
            steps += 1
    assert {"Attack", "Equip", "Muster", "Play", "ChooseWeapon", "Transfer", "Deploy", "PlayRelic"} <= set(kinds)


@pytest.mark.parametrize("name", list(load_pool()))
def test_every_card_has_a_text_with_its_rule(name):
    """The Cards (cards): each card's text names it, its type, its ratings and the rule it plays under."""
    card = load_pool()[name]
    text = words.card_text(None, name)
    label, rule = words.CARD_TYPES[card.type]
    assert text.startswith(f"{name}: {label}")
    assert f"Rule: {summary(rule).heading}" in text or f"Rule: {summary(words.R.MODIFY).heading}" in text
    assert not RAW.search(text.rsplit("(", 1)[0]), text  # the section id in the last brackets is the only identifier
    if card.type == "warrior":
        assert f"Fight {card.fight}, Shoot {card.shoot}, Armor {card.armor}, Value {card.value}" in text
    assert words.card_text(None, "No Such Card").endswith("not a card of this game's pool.")
