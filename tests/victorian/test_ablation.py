"""The designer's blank cards (ours, not the rulebook's): a blanked game looks up the
blank wherever the rules ask for the card, and the game it came from is untouched."""

from explorer.core.engine import simulate
from explorer.victorian.ablation import BLANK_NOTE, blank
from explorer.victorian.bots import get_bot
from explorer.victorian.game import VictorianGame


def test_a_blank_is_what_every_lookup_of_the_blanked_game_finds():
    game = VictorianGame()
    bots = {"heroes": get_bot("greedy"), "villains": get_bot("greedy")}
    simulate(game, game.new_game(), bots, "fill#0")  # the game remembers what it derived from its cards
    blanked, _ = blank(game, game.new_game(), 0, "Saber")
    assert blanked.card("Saber").type == "E" and blanked.card("Saber").note == BLANK_NOTE
    assert [c.type for c in blanked.distinct_cards(("Saber", "Saber"))] == ["E"]
    assert blanked.cards_of(0)["Saber"].type == "E"
    assert game.card("Saber").type == "W" and game.cards_of(0)["Saber"].type == "W"
    assert [c.type for c in game.distinct_cards(("Saber",))] == ["W"]
    simulate(blanked, blanked.new_game(), bots, "fill#0")  # a game with the blank plays to its end
