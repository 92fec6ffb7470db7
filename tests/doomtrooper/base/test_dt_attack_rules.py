"""Who may attack whom (Attack: Announce Attacker and Defender; Freelancers;
Cards That Are Considered Other Cards): attack_rule and the attack graph, built
from data/doomtrooper/affiliations.toml."""

from __future__ import annotations

import networkx as nx
import pytest

from explorer.core.data import DataError
from explorer.core.rulebook import sections
from explorer.doomtrooper import Warrior, attack_graph, attack_rule
from explorer.doomtrooper.affiliations import load_affiliations


def w(affiliation, *keywords, name="x"):
    return Warrior(name=name, fight=5, shoot=5, armor=5, value=3, affiliation=affiliation, keywords=keywords)


BAUHAUS, CAPITOL, IMPERIAL = w("Bauhaus"), w("Capitol"), w("Imperial")
BROTHER, MORTIFICATOR = w("Brotherhood"), w("Brotherhood", "Mortificator")
LEGION, FREELANCER = w("Dark Legion"), w("Freelancer")


def test_no_doomtrooper_attacks_its_own_corporation():
    """Announce Attacker and Defender: Bauhaus may not attack Bauhaus, but may attack Capitol."""
    assert attack_rule(BAUHAUS, BAUHAUS) == (False, "combat.announce.corporation")
    assert attack_rule(BAUHAUS, CAPITOL) == (True, "combat.announce")


def test_sharing_any_corporate_membership_is_enough():
    """Announce Attacker and Defender: a warrior that shares any corporation with another may not attack it."""
    both = w("Capitol", "Imperial")
    assert attack_rule(both, IMPERIAL) == (False, "combat.announce.corporation")
    assert attack_rule(IMPERIAL, both) == (False, "combat.announce.corporation")


def test_a_doomtrooper_never_attacks_the_brotherhood():
    """Announce Attacker and Defender: no Doomtrooper may attack a Brotherhood warrior."""
    assert attack_rule(IMPERIAL, BROTHER) == (False, "combat.announce.brotherhood")


def test_the_brotherhood_attacks_only_the_dark_legion():
    """Announce Attacker and Defender: Brotherhood members attack the Dark Legion only."""
    assert attack_rule(BROTHER, LEGION) == (True, "combat.announce.brotherhood")
    for other in (IMPERIAL, BAUHAUS, BROTHER):
        assert attack_rule(BROTHER, other) == (False, "combat.announce.brotherhood")


def test_mortificators_attack_anyone_but_cannot_be_attacked_by_doomtroopers():
    """Announce Attacker and Defender: a Mortificator attacks any warrior; other
    Doomtroopers and Brotherhood warriors still may not attack it."""
    for other in (IMPERIAL, BROTHER, LEGION, MORTIFICATOR):
        assert attack_rule(MORTIFICATOR, other) == (True, "combat.announce.mortificators")
    assert attack_rule(MORTIFICATOR, FREELANCER)[0]
    assert attack_rule(IMPERIAL, MORTIFICATOR) == (False, "combat.announce.brotherhood")
    assert attack_rule(BROTHER, MORTIFICATOR) == (False, "combat.announce.brotherhood")
    assert attack_rule(LEGION, MORTIFICATOR)[0]


def test_the_dark_legion_attacks_anyone_even_the_dark_legion():
    """Announce Attacker and Defender: Dark Legion warriors may attack any warrior."""
    for other in (IMPERIAL, BROTHER, MORTIFICATOR, LEGION):
        assert attack_rule(LEGION, other) == (True, "combat.announce.dark_legion")
    assert attack_rule(LEGION, FREELANCER) == (True, "freelancers")  # allowed by the Freelancer rule first


def test_your_warriors_may_not_attack_your_own():
    """Announce Attacker and Defender: your warriors may not attack your own warriors."""
    assert attack_rule(LEGION, LEGION, same_owner=True) == (False, "combat.announce.own")
    assert attack_rule(MORTIFICATOR, LEGION, same_owner=True) == (False, "combat.announce.own")


def test_freelancers_attack_and_are_attacked_by_anyone():
    """Freelancers: they count as Doomtroopers, attack and are attacked by any warrior, even the Brotherhood."""
    for other in (IMPERIAL, BROTHER, LEGION, FREELANCER):
        assert attack_rule(FREELANCER, other) == (True, "freelancers")
        assert attack_rule(other, FREELANCER) == (True, "freelancers")


def test_a_freelancer_given_an_affiliation_obeys_it():
    """Freelancers: a Freelancer given the Imperial affiliation may not attack or be attacked
    by Imperial and Brotherhood warriors."""
    imperial_freelancer = w("Freelancer", "Imperial")
    assert attack_rule(imperial_freelancer, IMPERIAL) == (False, "combat.announce.corporation")
    assert attack_rule(IMPERIAL, imperial_freelancer) == (False, "combat.announce.corporation")
    assert attack_rule(imperial_freelancer, BROTHER) == (False, "combat.announce.brotherhood")
    assert attack_rule(BROTHER, imperial_freelancer) == (False, "combat.announce.brotherhood")
    assert attack_rule(imperial_freelancer, CAPITOL)[0]


def test_the_freelancer_keyword_counts_like_the_affiliation():
    """Freelancers: keywords=("Freelancer",) marks a Freelancer too (interpretation freelancer-identity)."""
    assert attack_rule(w("Freelancer", "Freelancer"), BROTHER) == (True, "freelancers")


def test_a_tainted_brother_is_also_dark_legion():
    """Casting Spells of the Art / Announce Attacker and Defender: a tainted Brotherhood heretic counts
    as Dark Legion too, so a pure brother may attack it; as an Attacker it keeps the Brotherhood's limits
    (interpretation tainted-attacks)."""
    tainted = w("Brotherhood", "Heretic")
    assert attack_rule(BROTHER, tainted) == (True, "combat.announce.brotherhood")
    assert attack_rule(tainted, IMPERIAL) == (False, "combat.announce.brotherhood")
    assert attack_rule(tainted, LEGION) == (True, "combat.announce.brotherhood")


def test_a_full_heretic_attacks_as_the_dark_legion():
    heretic = w("Dark Legion", "Heretic")
    assert attack_rule(heretic, BROTHER) == (True, "combat.announce.dark_legion")


def test_considered_a_counts_by_name():
    """Cards That Are Considered Other Cards: a warrior considered a Mortificator attacks as one."""
    considered = Warrior("y", 5, 5, 5, 3, "Brotherhood", considered=("Mortificator",))
    assert attack_rule(considered, IMPERIAL) == (True, "combat.announce.mortificators")


def test_every_section_cited_has_a_summary():
    titles = sections("doomtrooper")
    g = attack_graph()
    assert all(d["rule"] in titles for _, _, d in g.edges(data=True))
    assert g.graph["own"] in titles


def test_the_attack_graph_over_affiliations():
    """Announce Attacker and Defender: the graph holds every ordered pair with its verdict and rule."""
    g = attack_graph()
    assert isinstance(g, nx.DiGraph)
    aff = load_affiliations()
    names = {n for n in aff.names if not aff.expansion_of.get(n)} | {"Mortificator", "Tainted heretic"}
    assert set(g.nodes) == names
    assert g.number_of_edges() == len(names) ** 2
    allowed = nx.subgraph_view(g, filter_edge=lambda a, b: g.edges[a, b]["allowed"])
    assert set(allowed.successors("Brotherhood")) == {"Dark Legion", "Freelancer", "Tainted heretic"}
    assert not allowed.has_edge("Imperial", "Imperial") and allowed.has_edge("Imperial", "Capitol")
    assert set(allowed.predecessors("Freelancer")) == names
    assert g.edges["Imperial", "Brotherhood"]["heading"].startswith("Attack")


def test_the_graph_for_two_warriors_of_one_player_refuses_everything():
    g = attack_graph(same_owner=True)
    assert {d["rule"] for _, _, d in g.edges(data=True)} == {"combat.announce.own"}
    assert not any(d["allowed"] for _, _, d in g.edges(data=True))


def test_the_rules_are_data(tmp_path):
    """An edited affiliations file changes the answers (a house rule letting the Brotherhood attack anyone)."""
    text = load_affiliations.__globals__["affiliations_path"]().read_text()
    rule = '[[attack]]\nsection = "combat.announce.brotherhood"\nattacker = ["brotherhood"]\ndefender_not = ["dark_legion"]\nallow = false\n\n'
    assert rule in text
    text = text.replace(rule, "")
    path = tmp_path / "affiliations.toml"
    path.write_text(text)
    aff = load_affiliations(path)
    assert attack_rule(BROTHER, IMPERIAL, affiliations=aff) == (True, "combat.announce.brotherhood")


@pytest.mark.parametrize("edit,field", [
    ('group = "corporation"', 'group = "guild"'),
    ('section = "freelancers"', 'section = "nowhere"'),
    ('holds = "doomtrooper"', 'holds = "wizards"'),
])
def test_bad_affiliation_files_name_the_entry(tmp_path, edit, field):
    text = load_affiliations.__globals__["affiliations_path"]().read_text().replace(edit, field, 1)
    path = tmp_path / "affiliations.toml"
    path.write_text(text)
    with pytest.raises(DataError) as err:
        load_affiliations(path)
    assert err.value.file == str(path) and err.value.entry is not None


def test_every_warrior_without_the_dark_legion_affiliation_is_a_doomtrooper():
    """The Table Layout: any warrior that does not have the Dark Legion affiliation is a Doomtrooper;
    Doomtroopers go to the Squad and the Dark Legion to the Kohort, both areas always there."""
    aff = load_affiliations()
    for name in aff.names:
        if aff.expansion_of.get(name):  # an expansion's affiliation (Paradise Lost: test_dt_outpost.py)
            continue
        cls = aff.classes(name, ())
        assert ("doomtrooper" in cls) == (name != "Dark Legion")
        assert aff.area_for(cls) == ("Kohort" if name == "Dark Legion" else "Squad")
    assert [a for a, _ in aff.areas][:2] == ["Squad", "Kohort"]
