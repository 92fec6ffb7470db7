"""The stored live examples (data/examples/<game>/): every one replays under the rules its
header records to a last step citing its section, as the first step of the game to cite
it; every section is covered, by its own example or (``shown_by.toml``, ours) by the
example of a rule it governs; the teaching order names known sections."""

import re

import pytest

from explorer.cli_logs import game_logs
from explorer.core import examples as ex
from explorer.core.rulebook import sections
from explorer.games import GAMES, spec


@pytest.mark.parametrize("game", list(GAMES))
def test_every_stored_example_replays_to_its_section(game):
    logs = game_logs()
    stored = ex.examples(game)
    assert stored, f"no stored example for {game}"
    why_not = spec(game).why_not
    for section, example in stored.items():
        assert section in sections(game) and example.kind in ex.KINDS
        st = ex.play(example, logs, why_not)  # raises when the section no longer applies at the last step
        if example.kind == "event":
            assert not any(ex.cites(e, section) for e in st.history[:-1]), f"{section}: not the first step citing it"
        assert example.how.startswith(("mined: ", "built: ")) and example.text


@pytest.mark.parametrize("game", list(GAMES))
def test_every_section_has_a_live_example(game):
    ids = list(sections(game))
    shown = ex.shown_by(game, ids)  # checked: each shown by a section with its own example
    covered, missing = ex.coverage(game, ids)
    assert missing == []
    assert set(covered) == set(ex.examples(game)) | set(shown)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_teaching_order_names_each_section_once(game):
    order = ex.teaching_order(game)
    assert order and len(order) == len(set(order)) and set(order) <= set(sections(game))


def test_check_says_each_games_coverage(capsys):
    """python -m explorer check: one coverage line per game after its data lines."""
    from explorer.cli import main

    assert main(["check"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if "live example" in line]
    assert [line.split(":")[0] for line in lines] == [spec(g).title for g in GAMES]
    assert lines[0] == "Doom Asylum: 42 of 42 sections have a live example"
    assert all(re.fullmatch(r"[^:]+: (\d+) of \1 sections have a live example( \(\d+ shown by the example of a "
                            r"rule they govern(; \d+ from a position set up by hand: [\w.]+(, [\w.]+)*)?\))?", line)
               for line in lines)
    built = sorted(s for s, e in ex.examples("doomtrooper").items() if e.built)
    assert built and lines[2].endswith(f"; {len(built)} from a position set up by hand: {', '.join(built)})")
