"""The quick reference (python -m explorer reference GAME --out FILE): one static page
per game, no script and nothing fetched from the internet, with every rule section
(data/rules/<game>.toml), the turn in order, the tables with exact odds, every reading
of the interpretation register, and for Doomtrooper a part per expansion and variant."""

import re

import pytest

from explorer import reference
from explorer.cli import main
from explorer.core.rulebook import sections
from explorer.games import GAMES, spec
from explorer.reference_tables import PARTS, TURNS, part_of


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """Each game's page, written once by the command line."""
    out = {}
    for game in GAMES:
        path = tmp_path_factory.mktemp("reference") / f"{game}.html"
        assert main(["reference", game, "--out", str(path)]) == 0
        out[game] = path.read_text(encoding="utf-8")
    return out


@pytest.fixture(params=list(GAMES))
def page(request, pages):
    return request.param, pages[request.param]


def test_every_section_appears_once_with_its_summary(page):
    game, text = page
    for sid, sec in sections(game).items():
        assert text.count(f'<section id="rule-{sid}">') == 1, sid
    assert re.search(r"\d+ of \d+ sections have a live example", text)


def test_the_page_is_static_and_self_contained(page):
    _, text = page
    assert "<script" not in text and "http://" not in text and "https://" not in text
    assert "Fraction(" not in text and not re.search(r">None<|\(None\)|: None\b", text)


def test_the_turn_and_the_odds_are_there(page):
    game, text = page
    for sid in TURNS[game]:
        assert f'href="#rule-{sid}"' in text
    assert "<table>" in text and re.search(r"\d+\.\d% \(\d+/\d+\)", text)  # exact odds beside the percentage


def test_every_reading_of_the_register_appears(page):
    game, text = page
    for reading in spec(game).load_register().values():
        assert reference._e(reading.question) in text


def test_doomtrooper_has_a_part_per_expansion_and_variant(pages):
    text = pages["doomtrooper"]
    known = sections("doomtrooper")
    for part in PARTS["doomtrooper"]:
        assert f'<div class="part"><h2>{reference._e(known[part[0]].heading)}</h2>' in text
    assert part_of("doomtrooper", "cool.vortex.draw") == ("cool.vortex",)


@pytest.mark.parametrize("out, says", [("no/page.html", "/no' does not exist"), ("folder.html", "it is a folder"),
                                       (".", "write the page to a .html file")])
def test_a_place_the_page_cannot_go_is_a_users_mistake(capsys, tmp_path, out, says):
    """No folder, a folder in the way, a folder given for the file: said, no traceback."""
    (tmp_path / "folder.html").mkdir()
    assert main(["reference", "asylum", "--out", str(tmp_path / out)]) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err
