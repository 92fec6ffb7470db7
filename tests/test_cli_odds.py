"""``python -m explorer odds``: every attack the combat odds widget shows, exactly,
with the defender's automatic defences that apply."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from explorer.asylum import load_roster, odds
from explorer.asylum.params import load_rules
from explorer.cli import applied_defences, main, matchup_rows


@pytest.fixture(scope="module")
def roster():
    return load_roster()


def printed(capsys, *argv: str) -> dict[str, str]:
    """The odds command's lines, label -> value text."""
    assert main(["odds", *argv]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [line[2:] for line in lines[1:] if line.startswith("  ") and not line.startswith("    ")]
    return {label.strip(): value for label, value in (row.split("  ", 1) for row in rows if "  " in row)}


def test_every_action_ability_is_listed_with_its_exact_odds(capsys, roster):
    """Special abilities used as actions: each shows its fraction and percentage."""
    a, d = roster["Brainstorm"].at_level(3), roster["Oscar"]
    rows = printed(capsys, "Brainstorm", "Oscar", "--level", "3", "1")
    for name, title in (("mind_blast", "Mind Blast"), ("energy_bolt", "Energy Bolt")):
        p = odds.ability(a, d, name)
        assert rows[f"{title} (ability: defeats him)"].strip() == f"{float(p):.1%}  ({p})"
    hypnotise = printed(capsys, "The Puppeteer", "Oscar")["Hypnotise (ability: stuns him)"]
    assert "/" in hypnotise and "%" in hypnotise


def test_a_melee_ability_on_a_flyer_says_why_it_cannot_reach(capsys):
    """Flying & Ranged Attacks: a melee ability cannot reach a flyer, and the line says so."""
    rows = printed(capsys, "Gargantua", "Madame Nocturne", "--level", "2", "1")
    assert rows["Pounce (ability: defeats him)"].strip() == (
        "not allowed: Madame Nocturne flies: a melee physical attack cannot reach a flyer")


def test_the_physical_attack_on_a_blocker_skips_the_catch(capsys, roster):
    """Blocking: a blocker is hit without being caught first."""
    a, d = roster["Corporal Union"], roster["Oscar"]
    rows = printed(capsys, "Corporal Union", "Oscar")
    blocked = odds.physical_attack(a, d, blocked=True)
    assert rows["physical attack on him as a blocker (no catch)"].strip() == f"{float(blocked):.1%}  ({blocked})"
    assert blocked == odds.physical_breakdown(a, d).hit != odds.physical_attack(a, d)


def test_the_defenders_automatic_defences_are_named_where_they_apply(capsys, roster):
    """Automatic Special Abilities: the defender's own defences are in the odds, and the command says where."""
    assert main(["odds", "Brainstorm", "Mr Mirage", "--level", "3", "3"]) == 0
    out = capsys.readouterr().out
    assert "Mr Mirage's automatic defences (already in the odds above):" in out
    assert "Elusive: " in out and "applies to: physical attack (the catch)" in out
    assert "Iron Will: " in out and "applies to: mental attack, Mind Blast (ability: defeats him)" in out
    # armour is for melee: a ranged shooter's attacks do not meet it
    defences = applied_defences(roster["Iron Maiden"], matchup_rows(roster["Deadeye Dolores"], roster["Iron Maiden"],
                                                                    load_rules())[1], load_rules())
    assert defences == [("Armoured", defences[0][1], [])]
    assert main(["odds", "Deadeye Dolores", "Iron Maiden"]) == 0
    assert "applies to none of these attacks" in capsys.readouterr().out


def test_the_mastermind_option_changes_abilities_against_him(capsys, roster):
    """Victory in Conflicts: some abilities (Citizen's Arrest) do more against the rival mastermind."""
    plain = printed(capsys, "Corporal Union", "Oscar")
    against_mastermind = printed(capsys, "Corporal Union", "Oscar", "--mastermind")
    label = "Citizen's Arrest (ability: defeats him)"
    assert plain[label] != against_mastermind[label]
    p = odds.ability(roster["Corporal Union"], roster["Oscar"], "citizens_arrest", mastermind=True)
    assert against_mastermind[label].strip() == f"{float(p):.1%}  ({p})"


@pytest.mark.parametrize("defender", ["Madame Nocturne", "Iron Maiden", "Mr Mirage", "Oscar", "Skyraker"])
def test_the_command_shows_what_the_combat_odds_widget_shows(roster, defender):
    """Knowing your Villains: the odds command and the combat odds widget agree on every line."""
    from explorer.ui.asylum.combat_odds import CombatOddsExplorer

    x = CombatOddsExplorer(roster, attacker=next(iter(roster)), defender=defender, levels=(3, 3))
    for attacker in roster:
        x.attacker.value = attacker
        a, d = x.attacker_villain, x.defender_villain
        mine = {key: p for key, _, p in matchup_rows(a, d, load_rules())[0]}
        widget = {r.key: r.p for r in x.rows}
        for key, p in widget.items():
            if key == "hit" and key not in mine:  # no catch: the hit is the whole attack
                assert p == mine["physical"]
                continue
            if p is None:
                assert mine[key].startswith("not allowed: "), (attacker, key)
            else:
                assert isinstance(mine[key], Fraction) and mine[key] == p, (attacker, key)
        assert set(mine) <= set(widget)


# -- odds --dice: a roll a player types ---------------------------------------------------------

def exact_values(line: str) -> list[Fraction]:
    """The chances printed on a line, each "percentage  (fraction)" (a certainty as "100%")."""
    found = re.findall(r"(\d+(?:\.\d)?)%(?:\s+\((\d+(?:/\d+)?)\))?", line)
    return [Fraction(frac) if frac else Fraction(int(pct), 100) for pct, frac in found]


def test_a_dice_expression_prints_each_total_exactly_at_least_and_at_most(capsys):
    from explorer.core.dist import parse

    assert main(["odds", "--dice", "2d6+3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "2d6+3" and lines[1].split() == ["total", "exactly", "at", "least", "at", "most"]
    dist = parse("2d6+3")
    rows = {int(line.split()[0]): line for line in lines[2:]}
    assert sorted(rows) == list(range(5, 16))
    for total, line in rows.items():
        exactly, at_least, at_most = exact_values(line)
        assert exactly == dist[total]
        assert at_least == dist.prob(lambda t: t >= total) and at_most == dist.prob(lambda t: t <= total)


def test_two_rolls_compared(capsys):
    assert main(["odds", "--dice", "3d6 vs 2d6"]) == 0
    out = capsys.readouterr().out.splitlines()
    got = {line.split()[0]: exact_values(line)[0] for line in out[1:]}
    assert got == {"higher": Fraction(1009, 1296), "tie": Fraction(5, 72), "lower": Fraction(197, 1296)}
    assert sum(got.values()) == 1


def test_a_malformed_expression_is_a_users_mistake_with_the_place(capsys):
    assert main(["odds", "--dice", "2d6+"]) == 2
    err = capsys.readouterr().err
    assert "at column 5" in err and "2d6+" in err and "^" in err and "Traceback" not in err
    assert main(["odds", "Oscar"]) == 2
    assert "--dice" in capsys.readouterr().err
    assert main(["odds", "Oscar", "Oscar", "--dice", "d6"]) == 2
