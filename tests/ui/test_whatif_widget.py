"""The designer's what-if page, driven without a browser: its charts before and after a run,
and, for each game, what the page offers (the game's rules, settings, seats or sides) and what
it reports (win rates of the seats that play, paired differences, a warning for too few games)."""

import html
import math
import re

import pytest

from explorer.games import spec
from explorer.whatif import stats
from explorer.ui.whatif import WhatIfLab, allowed_text, default_values, parse_values, parse_with
from explorer.whatif.report import value_title


def test_charts_ask_for_a_run_then_show_the_results():
    lab = WhatIfLab(games=20, scheduler="serial")
    charts = [lab.seats_fig, lab.masterminds_fig, lab.length_fig, lab.spread_fig, lab.exact_fig]
    for chart in charts:  # before a run: a hint, not empty axes
        assert [a.text for a in chart.layout.annotations] == ["press Run to fill this chart"]
        assert chart.layout.xaxis.visible is False and not chart.data
    lab.rule.value = "maneuver_target"
    lab.values.value = "7, 8"
    lab.run_button.click()
    for chart in charts:
        assert "press Run to fill this chart" not in [a.text for a in chart.layout.annotations]
        assert chart.layout.xaxis.visible is True and chart.data


def run(game, rule, values, games=10, **settings):
    lab = WhatIfLab(game=game, rule=rule, values=values, games=games, scheduler="serial")
    for name, value in settings.items():
        lab.setting_widgets[name].value = value
    lab.run_button.click()
    return lab


@pytest.mark.parametrize("game", ["asylum", "victorian", "doomtrooper"])
def test_every_rule_of_the_game_is_offered_with_values_it_takes(game):
    """Every number, switch and choice of the game's rules file is on the page, and the
    values the page proposes for each are values the rule takes."""
    lab = WhatIfLab(game=game, scheduler="serial")
    params = spec(game).metrics.parameters()
    assert [v for _, v in lab.rule.options] == list(params)
    for name, p in params.items():
        values = parse_values(default_values(p), p)
        assert p["value"] in values and len(values) >= 2, name
        assert "_" not in dict((v, k) for k, v in lab.rule.options)[name].split(" (now")[0]  # people's words
    assert [w.description for w in lab.setting_widgets.values()]


def test_doomtrooper_offers_its_dice_variant_style_and_decks():
    lab = WhatIfLab(game="doomtrooper", scheduler="serial")
    for choice in ("dice", "variant", "style"):
        assert choice in dict((v, k) for k, v in lab.rule.options)
    lab.rule.value = "dice"
    assert lab.values.value == "none, 2d6" and "2d6" in lab.note.value
    assert set(lab.setting_widgets) == {"players", "policy", "decks"}
    assert "Imperial Crusade" in lab.setting_widgets["decks"].tooltip


def test_victorian_shows_the_two_sides_win_rates():
    """Victorian rules, Victory: the Heroes or the Villains win; the page shows both sides, and no
    chart of masterminds (the chart by starting mastermind is Doom Asylum's)."""
    lab = run("victorian", "immortal_heal", "0, 1")
    assert list(lab.seats_fig.data[0].x) == ["Heroes", "Villains"]
    for trace, row in zip(lab.seats_fig.data, lab.frame.to_dict("records")):
        assert list(trace.y) == [row["win_heroes"], row["win_villains"]]
        assert row["win_heroes"] + row["win_villains"] + row["draw"] == pytest.approx(1)
    assert tuple(lab.seats_fig.layout.yaxis.range) == (0, 1)  # a probability axis ends at 100%
    assert "Heroes win<" in lab.table.value and "Villains win<" in lab.table.value
    assert lab.masterminds_fig.widget.layout.display == "none"
    assert lab.frame["seat_spread"].tolist() == pytest.approx([abs(r["win_heroes"] - r["win_villains"])
                                                               for r in lab.frame.to_dict("records")])


def test_doomtrooper_two_player_game_shows_two_seats_and_their_true_gap():
    """Multi-Player Games aside, Doomtrooper is played by two: seats 2 and 3 do not exist, so they
    are not drawn at 0%, and the largest gap is the gap between the two seats that play."""
    lab = run("doomtrooper", "dice", "none, 2d6")
    assert list(lab.seats_fig.data[0].x) == ["seat 0", "seat 1"]
    assert "seat 2" not in lab.table.value
    for r in lab.frame.to_dict("records"):
        assert r["seats"] == 2 and math.isnan(r["win_seat_2"]) and math.isnan(r["win_seat_3"])
        assert r["seat_spread"] == pytest.approx(abs(r["win_seat_0"] - r["win_seat_1"]))


def test_a_variant_with_four_players_shows_four_seats_only_where_it_plays():
    """Front Lines (Some Cool Optional Rules) seats four: the standard game's seats 2 and 3 are
    shown as not playing, never as 0%."""
    lab = run("doomtrooper", "variant", "standard, front_lines")
    assert lab.frame["seats"].tolist() == [2, 4]
    assert [t.x[-1] for t in lab.seats_fig.data] == ["seat 3", "seat 3"]
    assert lab.seats_fig.data[0].y[2] is None and lab.seats_fig.data[1].y[2] is not None
    assert "does not play at this value" in lab.table.value
    # two seats, or two teams of two (a team wins together): a fair share is a half either way, not a quarter
    assert [a.text for a in lab.seats_fig.layout.annotations] == ["a fair share (50%)"]
    # the variants by their rulebook headings wherever the page shows a value it played
    assert [t.name for t in lab.seats_fig.data] == ["the basic game (no variant)", "Front Lines"]
    assert ">Front Lines<" in lab.table.value and "front_lines" not in lab.table.value
    assert lab.diff_fig.layout.title.text.startswith("Paired difference from the basic game (no variant)")
    assert "(now the basic game (no variant))" in dict((v, k) for k, v in lab.rule.options)["variant"]


def test_a_choice_may_be_typed_by_its_title():
    """A designer may type a variant as the rulebook heads it ("Beat Down") or as the rules
    file writes it ("beat_down"); either is the same value, and an unknown one is refused."""
    p = spec("doomtrooper").metrics.parameters()["variant"]
    titles = spec("doomtrooper").choice_titles["variant"]
    assert parse_values("Beat Down, vortex", p, titles) == ["beat_down", "vortex"]
    assert parse_values("beat down", p, titles) == ["beat_down"]
    with pytest.raises(ValueError, match="'Beat Up' is not one of"):
        parse_values("Beat Up", p, titles)
    with pytest.raises(ValueError, match="each value once"):
        parse_values("Beat Down, beat_down", p, titles)
    # the page says so where it says what the box takes
    assert allowed_text(p, titles).endswith("colonization, or by rulebook name (such as The Vortex)")
    assert "rulebook name" in WhatIfLab(game="doomtrooper", rule="variant", scheduler="serial").note.value
    assert "rulebook name" not in allowed_text(spec("doomtrooper").metrics.parameters()["dice"])


def test_the_styles_of_play_read_by_their_rulebook_names():
    """Multi-Player Games: the three styles are shown, and may be typed, by the names the
    rulebook gives its options ("Primary Targets"), as the rules file's own words are."""
    p, titles = spec("doomtrooper").metrics.parameters()["style"], spec("doomtrooper").choice_titles["style"]
    assert parse_values("Primary Targets, free_for_all", p, titles) == ["primary_targets", "free_for_all"]
    assert value_title("doomtrooper", "style", "free_for_all") == "Free for All"
    lab = WhatIfLab(game="doomtrooper", rule="style", scheduler="serial")
    assert "(now Free for All)" in dict((v, k) for k, v in lab.rule.options)["style"]


def test_settings_reach_the_games():
    """Doom Asylum with three players: three seats; a deck the game lacks is reported, nothing played."""
    lab = run("asylum", "vp_maneuver", "2, 4", players=3, policy="random")
    assert lab.frame["seats"].tolist() == [3, 3] and list(lab.seats_fig.data[0].x) == ["seat 0", "seat 1", "seat 2"]
    assert [a.text for a in lab.seats_fig.layout.annotations] == ["a fair share (33%)"]
    six = run("asylum", "vp_maneuver", "2, 4", players=6)
    assert list(six.seats_fig.data[0].x) == [f"seat {s}" for s in range(6)] and "seat 5 wins" in six.table.value
    bad = run("doomtrooper", "dice", "none, 2d6", decks="No Such Deck, Imperial Crusade")
    assert bad.frame is None and "No Such Deck" in bad.status.value and "Traceback" not in bad.status.value


def test_each_seat_may_have_its_own_bot():
    """The bots box takes one bot for every seat or one per seat, seat 0 first (the
    sweep's ``policy``); each seat is then named with its bot, and a wrong list is
    refused with the reason, nothing played."""
    box = WhatIfLab(game="asylum", scheduler="serial").setting_widgets["policy"]
    assert box.value == "greedy" and {"greedy", "random", "search"} <= set(box.options)
    assert "one per seat joined by commas" in box.tooltip
    lab = run("asylum", "vp_maneuver", "2, 4", players=3, policy="greedy, random, random")
    assert lab.frame["setting:policy"].tolist() == ["greedy,random,random"] * 2
    assert list(lab.seats_fig.data[0].x) == ["seat 0 (greedy)", "seat 1 (random)", "seat 2 (random)"]
    assert "seat 0 (greedy) wins" in lab.table.value
    assert list(run("doomtrooper", "dice", "none, 2d6", policy="random,greedy").seats_fig.data[0].x) == \
        ["seat 0 (random)", "seat 1 (greedy)"]
    bad = run("asylum", "vp_maneuver", "2, 4", policy="greedy, random")
    assert bad.frame is None and "2 bots given for 4 players" in bad.status.value


def test_the_bots_box_suggests_one_bot_per_seat_for_the_players_chosen():
    """The box's suggestions show one per seat by example, for the number of players
    chosen, so that a box that reads "search," still has a suggestion to finish."""
    lab = WhatIfLab(game="asylum", scheduler="serial")
    box, players = lab.setting_widgets["policy"], lab.setting_widgets["players"]
    assert "search, greedy, greedy, greedy" in box.options and "greedy" in box.options
    players.value = 2
    assert "search, greedy" in box.options and "search, greedy, greedy, greedy" not in box.options
    assert box.value == "greedy"  # what the box reads stays
    lab.game.value = "doomtrooper"  # "as the rules say": two seats
    assert "search, greedy" in lab.setting_widgets["policy"].options


def test_an_empty_bots_box_plays_the_usual_bots():
    """The box shows the usual bot greyed when emptied (its placeholder), and plays it."""
    lab = WhatIfLab(game="asylum", rule="maneuver_target", values="7, 9", games=4, scheduler="serial")
    box = lab.setting_widgets["policy"]
    box.value = "  "
    assert box.placeholder == "greedy"
    assert lab.run()["setting:policy"].tolist() == ["greedy"] * 2


def test_the_paired_difference_is_game_by_game_with_its_interval():
    """Each value against the first, on the same seeds: the difference of each seat's win rate and
    its 95% interval, as stats.paired gives them from the games' own records."""
    lab = run("asylum", "maneuver_target", "6, 9", games=20)
    records = lab.frame.attrs["records"]
    base, other = records[records["point"] == 0], records[records["point"] == 1]
    diff, lo, hi = stats.paired(other["win_seat_0"].tolist(), base["win_seat_0"].tolist(), rate=True)
    table = lab.diff_table.value
    assert f"{diff * 100:+.1f}" in table and f"{lo * 100:+.1f} to {hi * 100:+.1f}" in table
    bar = lab.diff_fig.data[0]
    assert bar.y[0] == pytest.approx(diff) and bar.error_y.array[0] == pytest.approx(hi - diff)
    assert "maneuver target = 6" in lab.diff_fig.layout.title.text


def test_the_games_each_value_changed_are_counted_and_a_value_that_changed_none_is_said():
    """Beside each paired difference, the games whose winner it changed (from the records).
    Conflicts: the attacker chooses a mental or a physical attack, so Doctor Cortex (mental 5,
    physical 1) is never sent in physically by the greedy bots: raising his physical attack
    changes no game, and the page says these games cannot tell what it does."""
    lab = run("asylum", "maneuver_target", "6, 9", games=20)
    records = lab.frame.attrs["records"]
    base, other = records[records["point"] == 0], records[records["point"] == 1]
    flipped = [sum(a != b for a, b in zip(other[f"win_seat_{s}"], base[f"win_seat_{s}"])) for s in range(4)]
    rows = lab.diff_table.value.split("<tr>")[2:]
    assert "games it changed" in lab.diff_table.value and any(flipped)
    assert [row.split("<td class=\"xp-num\">")[-1].split("<")[0] for row in rows] == [str(n) for n in flipped]
    assert "cannot say what it does" not in lab.warning.value
    lab.change.value = "roster"
    lab.who.value, lab.stat.value = "Doctor Cortex", "Physical Attack"
    lab.values.value = "1, 2, 3"
    lab.run_button.click()
    assert "At 2 and 3, every game came out as at 1 in everything measured" in lab.warning.value


def test_a_rule_of_a_variant_is_swept_with_its_variant_on():
    """Doomtrooper's Limited Resources (Variant Rules): its action limit counts only in that
    variant.  Swept alone, no game changes and the page says so; with the variant named in the
    With box (by its rulebook heading too), the same sweep as ``whatif.sweep(..., base=...)``,
    and the games change.  Another game empties the box."""
    from explorer import whatif

    lab = run("doomtrooper", "limited_actions", "20, 30", games=10)
    assert "At 30, every game came out as at 20" in lab.warning.value
    lab.with_rules.value = "variant = Limited Resources"
    lab.run_button.click()
    direct = whatif.sweep("doomtrooper", {"limited_actions": [20, 30]}, games=10, seed=1, scheduler="serial",
                          progress=False, base={"variant": "limited_resources"})
    assert lab.frame["turns"].tolist() == direct["turns"].tolist() != [lab.frame["turns"][0]] * 2
    assert "every game came out" not in lab.warning.value and "at each value with Limited Resources" in lab.status.value
    lab.game.value = "victorian"
    assert lab.with_rules.value == ""


def test_the_exact_effect_is_drawn_in_the_game_the_with_box_makes():
    """Seek Cover under Doomtrooper with Dice: the exact chart beside the played games uses the
    dice the With box names, not the printed rules' (no dice)."""
    from explorer.doomtrooper.metrics import exact_effect

    lab = run("doomtrooper", "cover_armor", "2, 3", games=4)
    assert "no dice" in lab.exact_fig.layout.title.text
    lab.with_rules.value = "dice = 3d6"
    lab.run_button.click()
    effect = exact_effect("cover_armor", [2, 3], {"dice": "3d6"})
    assert "3d6 dice" in lab.exact_fig.layout.title.text
    assert [list(t.y) for t in lab.exact_fig.data] == [[float(p) for p in ps] for ps in effect["series"].values()]


@pytest.mark.parametrize("typed, said", [
    ("variant = vortx", "With: 'vortx' is not one of standard, warzone"),
    ("varient = vortex", "With: 'varient' is not a rule of this game"),
    ("variant vortex", "With: 'variant vortex': write each rule as name = value"),
    ("limited actions = 5", "With: limited actions is the rule swept: its values go in the values box"),
    ("relics = true, relics = false", "With: relics is given twice"),
    ("colony goal = 999", "With: 999 is outside the allowed range, 1 to 200"),
])
def test_a_bad_with_box_is_refused_in_words_and_nothing_is_played(typed, said):
    lab = run("doomtrooper", "limited_actions", "20, 30", games=10)
    before = lab.frame
    lab.with_rules.value = typed
    lab.run_button.click()
    assert said in html.unescape(lab.status.value) and lab.frame is before


def test_the_with_box_reads_rules_by_name_or_words_and_a_choice_by_heading():
    specs = spec("doomtrooper").metrics.parameters()
    titles = spec("doomtrooper").choice_titles
    assert parse_with("", specs.get) == {}
    assert parse_with("colony goal = 30; variant = The Vortex, relics = TRUE", specs.get, titles) == {
        "colony_goal": 30, "variant": "vortex", "relics": True}


def test_too_few_games_for_the_interval_asked_is_said():
    lab = run("victorian", "immortal_heal", "0, 1")
    assert "Too few games" in lab.warning.value and "games at each value" in lab.warning.value
    lab.precision.value = 50
    lab.run_button.click()
    assert lab.warning.value == ""


def test_another_game_clears_the_results():
    """Choosing another game empties the charts and tables: no results of one game under another's rules."""
    lab = run("victorian", "immortal_heal", "0, 1")
    lab.game.value = "asylum"
    assert lab.frame is None and lab.table.value == "" and not lab.seats_fig.data
    assert lab.masterminds_fig.widget.layout.display is None and "maneuver" in str(lab.rule.options)


def test_a_bad_value_is_reported_in_words():
    """A value outside the rules file's range, or one the rules refuse with the others, is said in the
    page's words (the rule as the page names it), and nothing is played."""
    lab = WhatIfLab(game="doomtrooper", rule="dice", scheduler="serial")
    lab.values.value = "none, 7d7"
    lab.run_button.click()
    assert lab.frame is None and "&#x27;7d7&#x27; is not one of none, 2d6" in lab.status.value
    lab.rule.value = "cover_armor"
    lab.values.value = "3, 11"
    lab.run_button.click()
    assert lab.frame is None and "11 is outside the allowed range, 0 to 10" in lab.status.value
    lab.rule.value = "muster_in_cover_actions"
    lab.values.value = "3, 5"
    lab.run_button.click()
    said = lab.status.value
    assert lab.frame is None and said.startswith("<span style='color:#b00'>muster in cover actions: 5 is more than")
    assert "&lt;dict&gt;" not in said and "entry" not in said


def test_a_villain_s_stat_is_swept_from_the_roster():
    """Doom Asylum's roster is data too: the page sweeps a villain's stat (``villain.<name>.<stat>``,
    the villain file's range) as it sweeps a rule, with the same numbers as ``whatif.sweep``."""
    from explorer import whatif
    from explorer.asylum.villains import load_roster

    lab = WhatIfLab(games=10, scheduler="serial")
    assert [v for _, v in lab.change.options] == ["rule", "roster"] and lab.who.layout.display == "none"
    lab.change.value = "roster"
    assert lab.rule.layout.display == "none" and lab.who.layout.display is None
    assert list(lab.who.options) == list(load_roster()) and "Mental Attack" in lab.stat.options
    lab.who.value, lab.stat.value = "Oscar", "Mental Attack"
    now = load_roster()["Oscar"].mental_attack
    assert lab.parameter == "villain.Oscar.mental_attack" and f"now {now}" in lab.note.value
    assert lab.values.value == default_values({"kind": "number", "value": now, "min": 0, "max": 8})
    lab.values.value = "1, 6"
    lab.run_button.click()
    direct = whatif.sweep("asylum", {"villain.Oscar.mental_attack": [1, 6]}, games=10, seed=1, scheduler="serial",
                          progress=False)
    assert lab.frame["win_seat_0"].tolist() == direct["win_seat_0"].tolist()
    assert "Oscar&#x27;s mental attack" in lab.table.value and "Oscar's mental attack = 6" in lab.seats_fig.data[1].name
    lab.values.value = "1, 9"
    lab.run_button.click()
    assert "9 is outside the allowed range, 0 to 8" in lab.status.value


def test_a_game_without_a_roster_offers_rules_only():
    lab = WhatIfLab(game="victorian", rule="villain.Oscar.quickness", scheduler="serial")
    assert lab.change.layout.display == "none" and lab.parameter in spec("victorian").metrics.parameters()
    back = WhatIfLab(rule="villain.Oscar.quickness", values="2, 3", scheduler="serial")
    assert back.parameter == "villain.Oscar.quickness" and back.values.value == "2, 3"
    back.game.value = "victorian"
    assert back.change.value == "rule" and back.who.layout.display == "none"


def test_a_setting_left_to_the_rules_shows_so_and_is_sent_as_the_rules_default():
    """A dropdown takes None for "nothing chosen" and draws a blank box: Doomtrooper's number of
    players, left to the rules, reads "as the rules say" and reaches the sweep as None."""
    lab = WhatIfLab(game="asylum")
    lab.game.value = "doomtrooper"
    players = lab.setting_widgets["players"]
    assert players.label == "as the rules say" and players.index == 0
    assert lab.settings_values()["players"] is None
    players.value = 2
    assert lab.settings_values()["players"] == 2
    players.index = 0
    assert players.label == "as the rules say" and lab.settings_values()["players"] is None


def test_a_data_file_edited_while_the_page_is_open_is_what_the_next_run_reads(tmp_path, monkeypatch):
    """Changing the rules with the page open: the next run plays the edited file, and the
    list of rules says its new value, keeping the rule chosen and the values typed; a
    value the file's range refuses is said, naming the file and the field, and nothing is
    played."""
    import shutil
    from pathlib import Path

    data = tmp_path / "data"
    shutil.copytree(Path(__file__).resolve().parents[2] / "data", data)
    monkeypatch.setenv("EXPLORER_DATA", str(data))
    lab = WhatIfLab(game="asylum", rule="maneuver_target", values="7, 9", games=10, scheduler="serial")
    before = lab.run()
    assert dict((n, t) for t, n in lab.rule.options)["vp_maneuver"].endswith("(now 3)")
    rules = data / "asylum" / "rules.toml"
    text = rules.read_text()
    rules.write_text(text.replace("vp_maneuver = { value = 3,", "vp_maneuver = { value = 8,"))
    after = lab.run()
    assert dict((n, t) for t, n in lab.rule.options)["vp_maneuver"].endswith("(now 8)")
    assert (lab.rule.value, lab.values.value) == ("maneuver_target", "7, 9")
    assert list(after["win_seat_0"]) != list(before["win_seat_0"])
    rules.write_text(text.replace("vp_maneuver = { value = 3,", "vp_maneuver = { value = 80,"))
    assert lab.run() is None
    assert "rules.toml" in lab.status.value and "vp_maneuver" in lab.status.value
    # the results still on screen are named as the last run's, not read as the refused one's
    assert "still the last run's: maneuver target at 7, 9, 10 games, seed 1." in lab.status.value


def test_a_game_whose_data_file_is_wrong_is_not_shown_and_the_page_says_what_to_mend(tmp_path, monkeypatch):
    """Choosing a game whose rules file the checks refuse (Doomtrooper's Limited Resources
    action limit at 0, below its range) leaves the page on the game it showed, its results
    with it, and says which file, entry and field to mend; mended, the game is chosen."""
    import shutil
    from pathlib import Path

    data = tmp_path / "data"
    shutil.copytree(Path(__file__).resolve().parents[2] / "data", data)
    monkeypatch.setenv("EXPLORER_DATA", str(data))
    rules = data / "doomtrooper" / "rules.toml"
    text = rules.read_text()
    rules.write_text(text.replace("limited_actions = { value = 30,", "limited_actions = { value = 0,"))
    lab = run("asylum", "maneuver_target", "7, 9")
    shown = lab.frame
    lab.game.value = "doomtrooper"
    said = html.unescape(lab.status.value)
    assert lab.game.value == "asylum" and lab.rule.value == "maneuver_target" and lab.frame is shown
    assert "Doomtrooper cannot be shown: a data file is wrong:" in said and "doomtrooper/rules.toml" in said
    assert "'limited_actions': 0 is out of range" in said and "Mend it, then choose the game again" in said
    rules.write_text(text)
    lab.game.value = "doomtrooper"
    assert lab.game.value == "doomtrooper" and "limited_actions" in lab.params


def test_the_note_says_whether_kept_games_felt_the_rule():
    """Given kept ``reach`` tables, the note under a rule says what moving it one step did
    to those games, before a run is spent on a rule they cannot judge; a game without a
    table, a roster's stat or a rule the table lacks gets no such line."""
    from explorer import whatif

    table = whatif.reach("victorian", games=4, rules=["turn_cap", "wound_fight"], scheduler="serial",
                         progress=False)
    lab = WhatIfLab(game="victorian", rule="turn_cap", scheduler="serial", tested={"victorian": table})
    assert "moving it from 40 to 41 changed no game, so those games cannot judge it" in html.unescape(lab.note.value)
    assert "xp-wi-tested" in lab.note.value and "a kept run (4 games, heroes greedy, villains greedy)" in lab.note.value
    changed = table.set_index("rule").loc["wound_fight"]
    lab.rule.value = "wound_fight"
    assert f"changed {changed['changed']} of them" in lab.note.value and changed["changed"] > 0
    lab.rule.value = "holy_bonus"  # not in the table
    assert "xp-wi-tested" not in lab.note.value
    lab.game.value = "asylum"  # no table for this game
    assert "xp-wi-tested" not in lab.note.value


def test_the_bar_moves_and_says_the_time_left_as_games_finish():
    """A run's bar fills job by job (about twenty steps a value), the status line saying
    the games played and about how long the rest will take, then what was played."""
    lab = WhatIfLab(game="asylum", rule="maneuver_target", values="7, 9", games=40, scheduler="serial")
    seen, bar = [], []
    lab.status.observe(lambda ch: seen.append(ch["new"]), names="value")
    lab.progress.observe(lambda ch: bar.append(ch["new"]), names="value")
    lab.run_button.click()
    assert bar == list(range(2, 81, 2))  # jobs of two games: 40 games a value, 2 values
    told = [s for s in seen if " of 80 played" in s]
    assert len(told) == 40 and "left…" in told[0] and "left" not in told[-1]
    assert "working out the time left" in told[0]  # one job's pace is no pace yet (on a pool, half the truth)
    assert re.search(r"about \d+ (s|min) left", told[1])
    assert seen[-1].startswith("done: 40 games at each value")


def test_the_page_plays_on_a_dask_cluster_by_its_address():
    """Play on a Dask cluster: the scheduler's address typed, the same numbers as this
    process gives; no address, or one nobody answers at, is refused with the reason."""
    from dask.distributed import LocalCluster

    lab = WhatIfLab(game="asylum", rule="maneuver_target", values="7, 9", games=12, scheduler="serial")
    here = lab.run()
    assert lab.address.layout.display == "none"
    lab.where.value = "dask"
    assert lab.address.layout.display is None
    assert lab.run() is None and "give its scheduler&#x27;s address" in lab.status.value
    lab.address.value = "tcp://127.0.0.1:1"
    assert lab.run() is None and "cannot reach the Dask scheduler at tcp://127.0.0.1:1" in lab.status.value
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=":0") as cluster:
        lab.address.value = f" {cluster.scheduler_address} "
        seen = []
        lab.status.observe(lambda ch: seen.append(ch["new"]), names="value")
        there = lab.run()
        assert any(f"on the Dask cluster at {cluster.scheduler_address}" in s for s in seen)  # where it plays
        by_address = WhatIfLab(game="asylum", rule="maneuver_target", values="7, 9", games=12,
                               scheduler=cluster.scheduler_address)
        assert by_address.where.value == "dask" and by_address.address.value == cluster.scheduler_address
    assert there is not None and there.equals(here)


def test_a_page_whose_first_game_has_a_wrong_data_file_opens_on_another(tmp_path, monkeypatch):
    """The game asked for cannot load (its rules file holds a value out of its range): the
    page opens on the next game whose data loads, the status line naming the file, entry
    and field to mend, with no traceback; mended, the game can be chosen again."""
    import shutil

    from explorer.core.data import own_data_dir

    data = tmp_path / "data"
    shutil.copytree(own_data_dir(), data)
    rules = data / "asylum" / "rules.toml"
    good = rules.read_text()
    rules.write_text(good.replace("maneuver_target = { value = 8,", "maneuver_target = { value = 99,"))
    monkeypatch.setenv("EXPLORER_DATA", str(data))
    lab = WhatIfLab(game="asylum", rule="maneuver_target", scheduler="serial")
    said = html.unescape(lab.status.value)
    assert lab.game.value == "victorian" and "Doom Asylum cannot be shown: a data file is wrong" in said
    assert "asylum/rules.toml, entry 'numbers', field 'maneuver_target': 99 is out of range" in said
    rules.write_text(good)
    lab.game.value = "asylum"
    assert lab.game.value == "asylum" and lab.rule.value in lab.params and "cannot be shown" not in lab.status.value
