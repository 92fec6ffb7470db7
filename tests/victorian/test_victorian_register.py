"""Every rule reference resolves to our summary, in our own words; the
interpretation register records each reading the code makes, with its switch
where there is one; the rules file holds the rulebook's numbers."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from explorer.core.events import RuleRef
from explorer.core.rulebook import sections as summaries
from explorer.core.rulebook import summary
from explorer.victorian import sections
from explorer.victorian.cards import load_cards
from explorer.victorian.interpretations import load_interpretations
from explorer.victorian.params import OPTIONS, load_rules

PACKAGE = Path(__file__).resolve().parents[2] / "explorer"


def test_every_section_constant_has_a_summary():
    """Every rule section the code cites has our summary."""
    refs = [v for v in vars(sections).values() if isinstance(v, RuleRef)]
    assert len(refs) >= 50
    for ref in refs:
        s = summary(ref)
        assert s.summary and s.heading


def test_no_module_builds_its_own_rule_refs_from_literals():
    """Section ids are cited through explorer/victorian/sections.py (or read back from a pending item's
    ``rule`` field, which holds one of them)."""
    for path in (PACKAGE / "victorian").rglob("*.py"):
        if path.name == "sections.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("RuleRef", "_ref"):
                arg = node.args[1] if len(node.args) > 1 else None
                assert not isinstance(arg, ast.Constant), f"{path.name}:{node.lineno} builds a RuleRef from a literal"


def rulebook_words() -> set[str] | None:
    for folder in PACKAGE.parents[1:]:
        book = folder / "shared" / "rules" / "victorian_heroes_villains.txt"
        if book.exists():
            words = book.read_text().lower().split()
            return {" ".join(words[i:i + 9]) for i in range(len(words) - 8)}
    return None


def test_summaries_register_and_card_notes_are_our_own_words():
    """No summary, reading or card note copies a run of nine words of the rulebook."""
    runs = rulebook_words()
    if runs is None:
        pytest.skip("the rulebook (shared/rules/, not shipped) is not beside this checkout")
    texts = [(sid, s.summary) for sid, s in summaries("victorian").items()]
    texts += [(r.id, r.reading + " " + r.question) for r in load_interpretations().values()]
    texts += [(c.name, c.note) for side in ("heroes", "villains") for c in load_cards(side).values()]
    for where, text in texts:
        w = text.lower().split()
        for i in range(len(w) - 8):
            assert " ".join(w[i:i + 9]) not in runs, f"{where} copies the rulebook"


REQUIRED_READINGS = {
    "force-is-fight": "'Force' beside 'Fight'",
    "two-plot-phases": "two Plot Phases",
    "track-phase": "a Track Phase with no text",
    "turn-structure": "both players through all 13 phases, or in turn",
    "marian-is-martian": "'Marian' for Martian",
}


def test_the_register_records_each_gap_and_slip():
    """The interpretation register: each gap and slip of the rulebook has its reading, alternatives, and a switch
    where cheap; every rules option is explained."""
    register = load_interpretations()
    for rid in REQUIRED_READINGS:
        assert rid in register
    for r in register.values():
        assert r.question.strip() and r.reading.strip() and r.rule in summaries("victorian")
    assert {r.option for r in register.values() if r.option} == set(OPTIONS)
    assert register["two-plot-phases"].option == "second_plot_phase"
    assert register["turn-structure"].option == "alternate_turns"


def test_the_rules_file_holds_the_rulebooks_numbers():
    """SETUP, VICTORY, HEALING, PLOT and ATTACK PHASES: the numbers the rulebook prints."""
    r = load_rules()
    assert (r.opening_hand, r.victory_after_turn, r.new_day_draw) == (7, 5, 1)
    assert (r.immortal_heal, r.doctor_heal, r.facilitator_bonus, r.holy_bonus) == (3, 2, 1, 1)
    assert (r.minor_plot_counters, r.major_plot_counters, r.minor_plot_dice) == (3, 4, 1)
    assert (r.wrong_track_penalty, r.interrogated_bonus, r.further_attack_penalty, r.lockout_turns) == (1, 1, 1, 2)


def test_override_rules_checks_ranges():
    """Rule parameters: a what-if change is checked against the declared range."""
    from explorer.victorian.params import RuleError, override_rules
    assert override_rules({"opening_hand": 8}).opening_hand == 8
    with pytest.raises(RuleError, match="out of range"):
        override_rules({"opening_hand": 99})
    with pytest.raises(RuleError, match="no such rule"):
        override_rules({"hand": 8})
