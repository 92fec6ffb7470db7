"""The shared helpers: a probability as a person reads it, and a rule reference."""

from fractions import Fraction

from explorer.asylum import sections as R
from explorer.core.events import RuleRef
from explorer.ui.common import Html, html_table, percent_text, probability_html, probability_text, rule_html


def test_a_probability_as_a_person_reads_it():
    assert probability_text(Fraction(13, 18)) == "72.2% (13/18)"
    assert probability_text(Fraction(5, 108)) == "4.6% (5/108)"  # 5/108: seven characters, still shown
    assert probability_text(Fraction(125, 1296)) == "9.6%"  # 8 characters: only on hover
    assert probability_text(Fraction(1487609827, 1934917632)) == "76.9%"
    assert probability_text(Fraction(0)) == "0%" and probability_text(Fraction(1)) == "100%"
    assert probability_text(Fraction(1, 2), "<br>") == "50.0%<br>(1/2)"


def test_percentages_never_round_to_certainty():
    assert percent_text(Fraction(1, 10**6)) == "<0.1%"
    assert percent_text(1 - Fraction(1, 10**6)) == ">99.9%"


def test_the_exact_fraction_is_always_on_hover():
    p = Fraction(1487609827, 1934917632)
    html = probability_html(p)
    assert isinstance(html, Html) and "title='exactly 1487609827/1934917632'" in html and ">76.9%<" in html


def test_a_rule_reference_names_heading_section_and_summary():
    """Every event cites its rule: heading, section id and our summary, in one renderer."""
    full, compact = rule_html(R.BLOCKING), rule_html(R.BLOCKING, compact=True)
    for html in (full, compact):
        assert "Blocking" in html and "conflicts.blocking" in html and "block" in html.lower()
    assert "title=" in compact
    assert "no summary" in rule_html(RuleRef("asylum", "nowhere"))


def test_html_cells_are_kept_and_text_cells_escaped():
    table = html_table(["a", "b"], [[Html("<b>x</b>"), "<y>"]])
    assert "<b>x</b>" in table and "&lt;y&gt;" in table
