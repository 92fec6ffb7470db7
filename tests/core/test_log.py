"""The one log format (explorer.core.log): a header with the rules in effect, a
replay under those rules, and every bad input one LogError naming the line and
the field, for every game."""

from __future__ import annotations

import json
import re

import pytest

from explorer.asylum import log as alog
from explorer.asylum.bots import GreedyBot
from explorer.asylum.game import AsylumGame
from explorer.core import log as core
from explorer.core.engine import RandomPolicy, Stepper
from explorer.core.log import FORMAT, LogError
from explorer.doomtrooper import log as dlog
from explorer.doomtrooper.bots import get_bot
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.params import override_rules
from explorer.victorian import log as vlog
from explorer.victorian.game import VictorianGame

LOGS = {g.key: g for g in (alog.LOG, vlog.LOG, dlog.LOG)}


@pytest.fixture(scope="module")
def dice_game() -> Stepper:
    """Doomtrooper with Dice and Sabotage: rules that differ from the rules file."""
    game = DoomtrooperGame(rules=override_rules({"dice": "2d6", "sabotage": True}))
    st = Stepper(game, game.new_game(2), 6, {0: get_bot("greedy"), 1: get_bot("random")})
    st.run(max_steps=120)
    return st


@pytest.fixture(scope="module")
def asylum_lines() -> list[str]:
    game = AsylumGame()
    st = Stepper(game, game.new_game(2), 4, GreedyBot())
    st.run(max_steps=30)
    return alog.export_log(st).splitlines()


def edited(lines: list[str], number: int, change) -> str:
    out = list(lines)
    obj = json.loads(out[number - 1])
    change(obj)
    out[number - 1] = json.dumps(obj)
    return "\n".join(out) + "\n"


def refused(text: str, line: int, field: str | None, what: str, logs=LOGS) -> LogError:
    with pytest.raises(LogError, match=what) as info:
        core.replay(text, logs)
    assert info.value.line == line and info.value.field == field
    assert str(info.value).startswith(f"log line {line}: ")
    return info.value


def test_the_header_holds_every_rule_in_effect_and_the_setup(dice_game):
    """A log is the game: game, version, seed, players, every rule, the decks."""
    head = json.loads(dlog.export_log(dice_game).split("\n", 1)[0])
    assert list(head) == ["format", "game", "explorer", "seed", "players", "rules", "setup"]
    assert head["format"] == FORMAT and head["game"] == "doomtrooper" and head["seed"] == 6
    assert head["rules"]["dice"] == "2d6" and head["rules"]["sabotage"] is True
    assert set(head["rules"]) == set(dlog.LOG.rule_names) and head["players"] == 2
    assert head["setup"] == {"decks": ["Imperial Crusade", "Legion of Algeroth"]}


def test_a_dice_game_replays_under_its_own_rules(dice_game):
    """Doomtrooper with Dice: the replay needs no game given, the header has the dice."""
    text = dlog.export_log(dice_game)
    again = core.replay(text, LOGS)
    assert again.game.rules.dice == "2d6" and again.state == dice_game.state
    assert dlog.export_log(again) == text


def test_a_log_with_words_says_each_step_as_a_player_reads_it_and_replays_the_same(dice_game):
    """``said``: the step in the game's words where the action's text reads otherwise
    (a warrior number); replay passes it by, and without words nothing changes."""
    from explorer.doomtrooper.words import option_text
    plain = core.export(dice_game, dlog.LOG)
    worded = core.export(dice_game, dlog.LOG, words=lambda state, action: option_text(state, action, None, dice_game.game))
    rows = [json.loads(line) for line in worded.splitlines()[1:]]
    assert "said" not in plain and any(re.search(r"#\d", r["text"]) for r in rows)
    assert not [r["said"] for r in rows if re.search(r"#\d", r.get("said", r["text"]))]
    assert [{k: v for k, v in r.items() if k != "said"} for r in rows] == [json.loads(x) for x in plain.splitlines()[1:]]
    again = core.replay(worded, LOGS)
    assert again.state == dice_game.state and core.export(again, dlog.LOG) == plain


@pytest.mark.parametrize("make", ["asylum", "victorian"])
def test_every_game_replays_from_the_one_format(make):
    game = AsylumGame() if make == "asylum" else VictorianGame()
    initial = game.new_game(3) if make == "asylum" else game.new_game()
    st = Stepper(game, initial, "x", RandomPolicy())
    st.run(max_steps=80)
    text = core.export(st, LOGS[make])
    assert core.export(core.replay(text, LOGS), LOGS[make]) == text


def test_a_log_in_an_older_format_is_refused(asylum_lines):
    refused(edited(asylum_lines, 1, lambda h: h.update(format="explorer.doomtrooper.log/1")), 1, "format",
            "a log in an older format")
    old = '{"format": "explorer.victorian.log/1", "game": "victorian", "seed": 2, "opening": "deal"}\n'
    refused(old, 1, "format", "older format")


def test_a_truncated_log_is_refused(asylum_lines):
    text = "\n".join(asylum_lines)
    cut = text[: len(text) - 25]
    err = refused(cut, len(asylum_lines), None, "not valid JSON")
    assert "truncated" in err.problem
    refused(asylum_lines[0][:40], 1, None, "truncated")


def test_an_unknown_rule_or_a_value_out_of_range_is_refused(asylum_lines):
    refused(edited(asylum_lines, 1, lambda h: h["rules"].update(flying_pigs=True)), 1, "rules.flying_pigs",
            "no such rule")
    refused(edited(asylum_lines, 1, lambda h: h["rules"].update(turn_cap=999)), 1, "rules.turn_cap",
            "out of range")
    refused(edited(asylum_lines, 1, lambda h: h["rules"].pop("vp_defeat")), 1, "rules.vp_defeat", "missing")
    refused(edited(asylum_lines, 1, lambda h: h["rules"].update(snake_turn_order="yes")), 1,
            "rules.snake_turn_order", "true or false")


def test_doomtrooper_and_victorian_rules_are_checked_as_the_rules_file_checks_them(dice_game):
    lines = dlog.export_log(dice_game).splitlines()
    refused(edited(lines, 1, lambda h: h["rules"].update(dice="2d8")), 1, "rules.dice", "one of")
    refused(edited(lines, 1, lambda h: h["rules"].update(promotion_goal=0)), 1, "rules.promotion_goal",
            "out of range")
    refused(edited(lines, 1, lambda h: h["rules"].update(muster_in_cover_actions=9)), 1,
            "rules.muster_in_cover_actions", "nobody could ever muster")
    game = VictorianGame()
    st = Stepper(game, game.new_game(), 1, RandomPolicy())
    st.run(max_steps=5)
    vic = vlog.export_log(st).splitlines()
    refused(edited(vic, 1, lambda h: h["rules"].update(opening_hand=30)), 1, "rules.opening_hand", "out of range")


def test_a_log_of_another_game_is_refused(dice_game):
    text = dlog.export_log(dice_game)
    with pytest.raises(LogError, match="not of Doom Asylum") as info:
        alog.replay_log(text)
    assert (info.value.line, info.value.field) == (1, "game")
    refused(text.replace('"game":"doomtrooper"', '"game":"chess"', 1), 1, "game", "log of \"chess\"")


def test_bad_json_and_unknown_actions_name_the_line(asylum_lines):
    refused("\n".join(asylum_lines[:3] + ["{oops"] + asylum_lines[4:]), 4, None, "not valid JSON")
    refused(edited(asylum_lines, 5, lambda r: r.update(action={"type": "Teleport"})), 5, "action",
            "not a Doom Asylum action")


def test_a_game_given_must_have_the_logs_rules(asylum_lines):
    other = AsylumGame(rules=AsylumGame().rules.replace(turn_cap=31))
    with pytest.raises(LogError, match="played with 30") as info:
        alog.replay_log("\n".join(asylum_lines), other)
    assert info.value.field == "rules.turn_cap"


def test_a_seat_sees_only_its_own_events_and_its_log_does_not_replay(dice_game):
    """Events carry who may see them: seat 1 never sees seat 0's opening hand."""
    full, mine = dlog.export_log(dice_game), dlog.export_log(dice_game, seat=1)
    assert '"visible_to":[0]' in full and '"visible_to":[0]' not in mine
    assert json.loads(mine.split("\n", 1)[0])["seat"] == 1
    refused(mine, 1, "seat", "does not replay")


def test_a_summary_lists_the_rules_that_differ_from_the_file(dice_game):
    text = dlog.export_log(dice_game)
    st = core.replay(text, LOGS)
    out = core.summary(st, json.loads(text.split("\n", 1)[0]), dlog.LOG)
    assert out["rules"] == {"sabotage": True, "dice": "2d6"} and out["steps"] == len(dice_game.history)
    assert out["game"] == "doomtrooper" and out["seed"] == 6 and out["players"] == 2


@pytest.mark.parametrize("variant", ["warzone", "beat_down", "front_lines", "home_turf", "vortex", "colonization"])
def test_every_doomtrooper_variant_replays_from_its_log(variant):
    """Doomtrooper Optional Rules and Variants: the variant is a rule of the header, its
    decks the setup, and its own actions (a free deployment holding a muster, either
    kind of transfer) survive JSON."""
    game = DoomtrooperGame(rules=override_rules({"variant": variant}))
    st = Stepper(game, game.new_game(), "w", RandomPolicy())
    st.run(max_steps=300)
    text = dlog.export_log(st)
    assert json.loads(text.split("\n", 1)[0])["rules"]["variant"] == variant
    again = dlog.replay_log(text)
    assert again.state == st.state and dlog.export_log(again) == text
