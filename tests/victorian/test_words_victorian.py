"""The Victorian game in a player's words: every action (each of the thirteen phases' choices, the
answers to what the rules ask, the table results' choices) reads as a sentence naming its cards;
a second copy of a card in play is "Name (the second)"; a card's text gives its type, ratings,
traits, what it does and the rule it plays under; "why not?" refusals name actions in words."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter

import pytest

from explorer.core.data import DataError, data_path
from explorer.core.engine import RandomPolicy, Stepper
from explorer.core.rulebook import summary
from explorer.victorian import words
from explorer.victorian.actions import ACTION_TYPES, Send, Track
from explorer.victorian.bots import get_bot
from explorer.victorian.cards import SIDES, TYPE_RULES, card_text, load_cards
from explorer.victorian.game import VictorianGame
from explorer.victorian.state import Unit
from explorer.victorian.why_not import tempting

#: what a player must never read: a copy's number, a repr, an identifier, a class name
RAW = re.compile(r"#\d|\(\w+=|\b[a-z]+_[a-z_]+\b|\bNone\b|\b[A-Z][a-z]+[A-Z][a-z]+\b|<")
GAME = VictorianGame()


def _example(cls):
    values = {"card": "Saber", "onto": "Sherlock Holmes", "target": "Professor Moriarty", "captain": "Captain Nemo",
              "vessel": "The Nautilus", "minion": "Guard 3", "hero": "Sherlock Holmes", "helper": "Campion Bond",
              "underling": "Samson the Coachman", "side": "villains", "unit": "Captain Nemo", "plot": "Bank Heist"}
    return cls(**{f.name: values[f.name] for f in dataclasses.fields(cls)})


@pytest.mark.parametrize("name", sorted(ACTION_TYPES))
def test_every_action_class_has_its_words(name):
    """TURN SEQUENCE (turn): every action class has a sentence that starts with a capital and names
    its cards, never a repr or an identifier."""
    assert name in words.SENTENCES
    action = _example(ACTION_TYPES[name])
    text = words.option_text(GAME.new_game(), action)
    assert text[0].isupper() and not RAW.search(text), text
    for field in dataclasses.fields(action):
        if field.name != "side":
            assert words.named(getattr(action, field.name)) in text


def test_a_second_copy_is_named_in_words():
    """ASSASSIN PHASE (assassin) and INTERCEPT PHASE (intercept): a copy's uid "Name #2" reads
    "Name (the second)"; a token keeps its number."""
    assert words.option_text(None, Send("Guard 3", "Sherlock Holmes #2")) == \
        "Send Guard 3 against Sherlock Holmes (the second)"
    assert words.option_text(None, Track("Van Helsing", "Count Dracula")) == "Van Helsing tracks Count Dracula"
    assert list(words.named_cards(None, Send("Thugee Assassins #2", "Sherlock Holmes"))) == \
        ["Thugee Assassins", "Sherlock Holmes"]


def test_the_tooltip_shows_the_cards_it_names():
    """HEROES CARD LIST (cards.heroes): an option's tooltip is the text of each card it names."""
    tip = words.option_tip(GAME, None, Track("Sherlock Holmes", "Professor Moriarty"))
    assert tip.splitlines() == [card_text(GAME, "Sherlock Holmes"), card_text(GAME, "Professor Moriarty")]
    assert words.option_tip(GAME, None, Send("Guard 3", "Guard 4")) == "Send Guard 3 against Guard 4"
    state = GAME.new_game()
    villains = state.sides[1]._replace(units=(Unit("Guard 3", "Guard", 1, token=True),))
    state = state._replace(sides=(state.sides[0], villains))
    assert words.option_tip(GAME, state, Send("Guard 3", "Sherlock Holmes")).splitlines() == [
        card_text(GAME, "Guard"), card_text(GAME, "Sherlock Holmes")]
    assert card_text(GAME, "Guard").startswith("Guard: a token of the Villains, Fight 1: a unit and a minion.")
    assert card_text(GAME, "Guard").endswith("Rule: TOKENS (tokens).")


def test_options_and_refusals_of_seeded_games_read_as_words():
    """TURN SEQUENCE (turn) and the "why not?" of every phase: over seeded games (greedy bots and
    random play), every option reads as words, every refusal of a tempting action names it in
    words, never by a repr, a class name or a field name, and so does every log line."""
    kinds = Counter()
    for seed in range(8):
        policies = RandomPolicy() if seed % 2 else {s: get_bot("greedy") for s in SIDES}
        st = Stepper(GAME, GAME.new_game(), seed, policies)
        steps = 0
        while not st.over and steps < 3000:
            dec = st.decision
            for option in dec.options:
                text = words.option_text(st.state, option)
                assert not RAW.search(text), text
                assert not re.search(r"#\d|\(\w+=", words.option_tip(GAME, st.state, option))
                kinds[type(option).__name__] += 1
            if not dec.forced and steps % 5 == 0:
                for viewer in ("heroes", "villains"):
                    for action in tempting(GAME, st.state, viewer):
                        message = GAME.illegal(st.state, action).message
                        assert not RAW.search(message), message
            for event in st.step().events:
                assert not re.search(r"#\d|\(\w+=|\b[a-z]+_[a-z_]+\b", event.text), event.text
            steps += 1
    assert {"Recruit", "PlayEvent", "Send", "Track", "Attack", "Strike", "Done"} <= set(kinds)


@pytest.mark.parametrize("side", SIDES)
def test_every_card_has_a_text_with_its_rule(side):
    """CARD TYPES (card_types): each card's text names its type and side, its Fight (and a hero's
    Track), its traits, what it does where it does something, and the rule it is played under."""
    for card in load_cards(side).values():
        text = card_text(None, card.name)
        assert text.startswith(f"{card.name}: {card.kind} of the {side.title()}")
        rule = TYPE_RULES[card.type]
        assert text.endswith(f"Rule: {summary(rule).heading} ({rule.section}).")
        assert all(t in text for t in card.traits)
        if card.effect or card.note or card.text:
            assert len(text.split(". ")) > 2 or card.text in text, text
        assert not RAW.search(text.rsplit("(", 1)[0]), text
    assert card_text(None, "No Such Card") == "No Such Card: not a card of this game."


def test_a_card_text_in_the_data_is_one_line(tmp_path):
    """HEROES CARD LIST (cards.heroes): our `text` of a card is one line; a longer one is refused
    naming the file, the card and the field."""
    assert "Invention Table" in card_text(None, "Philieas Fog")
    bad = tmp_path / "heroes.toml"
    bad.write_text('[[card]]\nname = "Sherlock Holmes"\ntype = "C"\nfight = 1\ntrack = 4\ntext = "' + "x" * 300 + '"\n')
    for name in ("tokens.toml", "traits.toml"):
        (tmp_path / name).write_text(data_path("victorian", name).read_text())
    with pytest.raises(DataError) as err:
        load_cards("heroes", bad)
    assert "Sherlock Holmes" in str(err.value) and "text" in str(err.value)
