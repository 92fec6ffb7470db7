"""The villain roster file and its validation ("Knowing your Villains",
"Upgrading Villains"): bad data names the file, the villain and the field."""

import pytest

from factories import make
from explorer.asylum import Villain, load_roster
from explorer.asylum.villains import masterminds
from explorer.core.data import DataError

LIMITS = """
[limits]
physical_attack = { min = 0, max = 8 }
physical_defense = { min = 0, max = 8 }
mental_attack = { min = 0, max = 8 }
mental_defense = { min = 0, max = 8 }
quickness = { min = 0, max = 8 }
stat_change = { min = -2, max = 2 }
"""

GOOD = LIMITS + """
[[villain]]
name = "Alpha"
physical_attack = 3
physical_defense = 2
mental_attack = 4
mental_defense = 3
quickness = 2
abilities = ["flying"]
level2 = { stats = { quickness = 1 } }
level3 = { ability = "mind_blast" }
"""


def write(tmp_path, text):
    p = tmp_path / "villains.toml"
    p.write_text(text)
    return p


def test_sample_roster_meets_the_design_brief(roster):
    """Our roster: 16+ villains, 4+ starred masterminds, 2+ flyers, 2+ level-1 Ranged, Oscar, Corporal Union."""
    assert len(roster) >= 16
    assert len(masterminds(roster)) >= 4
    assert sum(v.flying for v in roster.values()) >= 2
    assert sum(v.ranged for v in roster.values()) >= 2
    assert "Oscar" in roster and roster["Oscar"].aftermath == ("slip_away",)
    assert "Corporal Union" in roster
    for v in roster.values():
        assert v.max_level == 3, v.name
        assert v.at_level(3).level == 3


def test_levels_apply_upgrades_in_order(tmp_path):
    """Upgrading Villains: each level adds its power or stat change."""
    v = load_roster(write(tmp_path, GOOD))["Alpha"]
    assert v.stat("quickness") == 2 and v.active_abilities == ("flying",)
    v2 = v.upgraded()
    assert v2.stat("quickness") == 3 and v2.active_abilities == ("flying",)
    v3 = v2.upgraded()
    assert v3.active_abilities == ("flying", "mind_blast") and v3.action_abilities == ("mind_blast",)
    with pytest.raises(ValueError):
        v3.upgraded()


@pytest.mark.parametrize("change,field", [
    (("quickness = 2\n", ""), "quickness"),  # missing stat
    (("quickness = 2", 'quickness = "fast"'), "quickness"),  # not an integer
    (("quickness = 2", "quickness = 2.5"), "quickness"),  # not an integer either
    (("quickness = 2", "quickness = -1"), "quickness"),  # negative
    (('abilities = ["flying"]', 'abilities = ["teleport"]'), "abilities"),  # unknown ability
    (('level3 = { ability = "mind_blast" }', 'level3 = { ability = "laser_eyes" }'), "level3.ability"),
    (("level2 = { stats = { quickness = 1 } }\n", ""), "level3"),  # level 3 without level 2
    (("level2 = { stats = { quickness = 1 } }", "level2 = { stats = { speed = 1 } }"), "level2.stats.speed"),
])
def test_bad_villain_data_names_file_villain_and_field(tmp_path, change, field):
    """Knowing your Villains / Upgrading Villains: each bad value names file, villain and field."""
    path = write(tmp_path, GOOD.replace(*change))
    with pytest.raises(DataError) as err:
        load_roster(path)
    e = err.value
    assert e.file == str(path) and e.entry == "Alpha" and e.field == field
    assert str(path) in str(e) and "Alpha" in str(e) and field in str(e)


def test_duplicate_name(tmp_path):
    """Knowing your Villains: villain names are unique."""
    path = write(tmp_path, GOOD + GOOD.replace(LIMITS, ""))
    with pytest.raises(DataError) as err:
        load_roster(path)
    assert err.value.entry == "Alpha" and err.value.field == "name" and "duplicate" in str(err.value)


def test_unreadable_files(tmp_path):
    """A missing or broken roster file is a DataError, not a traceback."""
    with pytest.raises(DataError, match="not found"):
        load_roster(tmp_path / "nope.toml")
    with pytest.raises(DataError, match="not valid TOML"):
        load_roster(write(tmp_path, "[[villain]\nname="))


def test_villain_in_code_validates():
    """The odds API's Villain: five non-negative integer stats, everything else optional."""
    v = Villain(name="A", physical_attack=3, physical_defense=2, mental_attack=4, mental_defense=3, quickness=2)
    assert v.level == 1 and v.abilities == () and not v.flying
    with pytest.raises(ValueError, match="non-negative"):
        make("B", pa=-1)
    with pytest.raises(ValueError, match="non-negative"):
        make("B", pa=True)
    with pytest.raises(ValueError, match="unknown ability"):
        make("B", abilities=("teleport",))
    with pytest.raises(ValueError, match="level 2 needs"):
        make("B", level=2)
    assert hash(make("C")) == hash(make("C")) and make("C") == make("C")


def test_an_edited_roster_is_read_afresh(tmp_path):
    """A designer edits data and re-runs: the loader's cache follows the file."""
    import os

    path = write(tmp_path, GOOD)
    assert load_roster(path)["Alpha"].stat("quickness") == 2
    path.write_text(GOOD.replace("quickness = 2", "quickness = 5"))
    os.utime(path, ns=(1, 10**18))  # make sure the stamp changes even on a coarse clock
    assert load_roster(path)["Alpha"].stat("quickness") == 5


def test_each_villain_has_a_pronoun_and_the_texts_use_it():
    """Knowing your Villains: Madame Nocturne (and each villain the roster calls "she") is
    "her" in the texts of the game; a pronoun other than he or she is refused."""
    from explorer.asylum.conflict import Conflict, UseAbility

    roster = load_roster()
    assert {n for n, v in roster.items() if v.pronoun == "she"} == {
        "Madame Nocturne", "Deadeye Dolores", "The Widow", "Iron Maiden", "Lady Lament", "Matron Hatchet"}
    nocturne = roster["Madame Nocturne"]
    assert (nocturne.he, nocturne.his, nocturne.him) == ("she", "her", "her")
    game = Conflict()
    state = game.start([roster["Doctor Cortex"].at_level(3)], [nocturne, roster["Oscar"]])
    step = game.resolve(state, UseAbility("Doctor Cortex", "hypnotise", "Madame Nocturne"), _First(True))
    (text,) = [e.text for e in step.events if "overcomes" in e.text]
    assert text.endswith("Madame Nocturne, who loses her action")
    with pytest.raises(ValueError, match="pronoun"):
        make("X", pronoun="it")


class _First:
    def __init__(self, value):
        self.value = value

    def roll(self, dist):
        return next(o for o in dist if getattr(o, "success", o) == self.value)
