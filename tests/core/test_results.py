"""explorer.core.results: one GameResult for every game, its Ending with the rule section of each ending."""

from __future__ import annotations

import pickle

import pytest

from explorer.asylum.state import Ending as AsylumEnding
from explorer.core.events import RuleRef
from explorer.core.results import Ending, GameResult
from explorer.doomtrooper.state import Ending as DTEnding
from explorer.games import GAMES, spec
from explorer.victorian.state import Ending as VicEnding


class Demo(Ending):
    GOAL = ("goal", RuleRef("demo", "goal"))
    TURN_CAP = ("turn cap", RuleRef("demo", "turn.cap"))


def test_a_shared_win_says_so_and_a_draw_has_no_winner():
    shared = GameResult(Demo.GOAL, (0, 2), 7, scores=(9, 3, 9))
    assert shared.shared and not shared.draw and shared.won(0) and shared.won(2) and not shared.won(1)
    assert str(shared) == "Seats 0 and 2 share the win after 7 turns (goal)."
    draw = GameResult(Demo.TURN_CAP, (), 30)
    assert draw.draw and not draw.shared and draw.winners == ()
    assert str(draw) == "A draw after 30 turns (turn cap)."
    one = GameResult(Demo.GOAL, (1,), 5)
    assert str(one) == "Seat 1 wins after 5 turns (goal)." and not one.shared


def test_details_and_endings():
    r = GameResult(Demo.GOAL, (0,), 3, details=(("mastermind", "Oscar"),))
    assert r.detail("mastermind") == "Oscar" and r.detail("other") is None and r.detail("other", 1) == 1
    assert Demo.GOAL.text == str(Demo.GOAL) == "goal" and Demo.GOAL.section == "goal"
    assert Demo.TURN_CAP.rule == RuleRef("demo", "turn.cap")
    assert pickle.loads(pickle.dumps(r)) == r  # results cross worker processes


@pytest.mark.parametrize("enum, game", [(AsylumEnding, "asylum"), (VicEnding, "victorian"),
                                        (DTEnding, "doomtrooper")])
def test_every_ending_cites_a_section_of_its_game(enum, game):
    """Each game's endings are an enum whose members carry a rule section the game cites."""
    cited = set(spec(game).sections)
    for ending in enum:
        assert ending.rule.game == game and ending.section in cited, ending
    assert {"turn cap"} <= {e.text for e in enum}


def test_each_game_says_its_result_its_way():
    """str(result) reads as a sentence, as each game has always said it."""
    assert str(GameResult(AsylumEnding.YARD, (1,), 16, details=(("mastermind", "The Puppeteer"),))) == \
        "Seat 1 (The Puppeteer's party) wins in the Yard after 16 turns."
    assert str(GameResult(AsylumEnding.TURN_CAP, (), 60)) == \
        "A draw: nobody won within the turn cap (60 turns played)."
    assert str(GameResult(VicEnding.MAJOR_PLOT, (1,), 9)) == \
        "The Villains win in turn 9: a major plot reached its last Plot counter."
    # VICTORY: "no major characters" is said of the side that has none, not of the winner
    assert str(GameResult(VicEnding.NO_MAJORS, (0,), 7)) == \
        "The Heroes win in turn 7: the Villains have no Mastermind left in play."
    assert str(GameResult(VicEnding.NO_MAJORS, (1,), 7)) == \
        "The Villains win in turn 7: the Heroes have no character left in play."
    assert str(GameResult(VicEnding.ALL_MAJORS_LOST, (), 9)) == \
        "A draw after 9 turns: both sides lost every major character."
    assert str(GameResult(DTEnding.PROMOTION_GOAL, (0, 2), 30, (25, 3, 25, 1))) == \
        "Seats 0 and 2 win after 30 turns: the Promotion goal was reached."
    assert str(GameResult(DTEnding.PROMOTION_GOAL, (1,), 1, (3, 25))) == \
        "Seat 1 wins after 1 turn: the Promotion goal was reached."
    assert str(GameResult(DTEnding.TURN_CAP, (), 150, (4, 4))) == "A draw after 150 turns: the turn cap was reached."
    # BEAT DOWN: the variant's endings say what happened, not only their short names
    assert str(GameResult(DTEnding.C_HOLDS_OUT, (1,), 90, (0, 5, 0))) == \
        "Seat 1 wins after 90 turns: player C held out until the draw piles of A and B ran out."
    assert set(GAMES) == {"asylum", "victorian", "doomtrooper"}
