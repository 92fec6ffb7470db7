"""Every rule reference resolves to our summary, and the interpretation
register points at real sections and real rule options."""

import ast
import tomllib
from pathlib import Path

import pytest

from explorer.asylum import sections
from explorer.asylum.params import OPTIONS, load_rules
from explorer.core.data import data_path
from explorer.core.events import RuleRef
from explorer.core.rulebook import sections as summaries
from explorer.core.rulebook import summary

PACKAGE = Path(__file__).resolve().parents[2] / "explorer"


def test_every_section_constant_has_a_summary():
    """Every rule section the code cites has our summary."""
    refs = [v for v in vars(sections).values() if isinstance(v, RuleRef)]
    assert len(refs) >= 30
    for ref in refs:
        s = summary(ref)
        assert s.summary and s.heading


def test_no_module_builds_its_own_rule_refs():
    """Section ids are cited only through explorer/asylum/sections.py, so the test
    above covers every id the code can emit."""
    for path in (PACKAGE / "asylum").rglob("*.py"):
        if path.name == "sections.py":
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("RuleRef", "_ref"):
                raise AssertionError(f"{path.name}:{node.lineno} builds a RuleRef; add it to sections.py")


def rulebook_text() -> Path | None:
    """The Doom Asylum rulebook, which the project does not ship: ``shared/rules/``
    beside the checkout or beside any folder above it (a worktree sits deeper)."""
    for folder in PACKAGE.parents[1:]:
        book = folder / "shared" / "rules" / "doom_asylum.txt"
        if book.exists():
            return book
    return None


def test_summaries_are_our_own_words():
    """No summary copies a long run of the rulebook's text."""
    book = rulebook_text()
    if book is None:
        pytest.skip("the rulebook (shared/rules/doom_asylum.txt, not shipped) is not beside this checkout")
    words = book.read_text().lower().split()
    runs = {" ".join(words[i:i + 9]) for i in range(len(words) - 8)}
    for sid, s in summaries("asylum").items():
        w = s.summary.lower().split()
        for i in range(len(w) - 8):
            assert " ".join(w[i:i + 9]) not in runs, f"{sid} copies the rulebook"


def test_interpretation_register_points_at_real_things():
    """The interpretation register: real sections, real rule options, every option explained."""
    register = tomllib.loads(data_path("asylum", "interpretations.toml").read_text())["reading"]
    ids = [r["id"] for r in register]
    assert len(ids) == len(set(ids))
    known = summaries("asylum")
    for r in register:
        assert r["rule"] in known, r["id"]
        for key in ("section", "question", "reading"):
            assert r[key].strip(), (r["id"], key)
        if "option" in r:
            assert r["option"] in OPTIONS, r["id"]
    # every rule option is explained in the register
    assert set(OPTIONS) <= {r.get("option") for r in register}


def test_rules_file_holds_the_rulebooks_numbers():
    """Victory in Conflicts, Tactical Maneuvers, Doomsday points: data/asylum/rules.toml
    holds the rulebook's numbers."""
    rules = load_rules()
    assert (rules.vp_defeat, rules.vp_attack_mastermind, rules.vp_maneuver, rules.maneuver_target) == (5, 1, 3, 8)
    assert (rules.doomsday_start, rules.doomsday_cap, rules.doom_ready_points, rules.plot_room_reward) == (1, 8, 8, 5)
