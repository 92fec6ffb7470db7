"""The seat or the deck (``whatif.seat_or_deck``): every seat plays every deck on the
same seeds, and the table's rates are those of the games played each way."""

from __future__ import annotations

import pytest

from explorer import whatif
from explorer.cli import main
from explorer.core.runs import game_seed
from explorer.core.sampler import simulate
from explorer.doomtrooper.bots import GreedyBot
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.whatif.decks import dealt_decks, rotated
from explorer.whatif.report import seat_or_deck_text

GAMES = 6


@pytest.fixture(scope="module")
def basic():
    return whatif.seat_or_deck("doomtrooper", games=GAMES, seed=3, scheduler="serial", progress=False)


def _won(decks: list[str]) -> list[list[float]]:
    """Each game's win of each seat, played here game by game with ``decks`` (the
    independent count the table is checked against)."""
    game = DoomtrooperGame()
    out = []
    for i in range(GAMES):
        result = simulate(game, game.new_game(None, decks), GreedyBot(), game_seed("3", i)).result
        out.append([float(result.won(s)) for s in range(len(decks))])
    return out


def test_every_seat_plays_every_deck_once_in_the_orders():
    decks = ["A", "B", "C"]
    orders = [rotated(decks, [0, 1, 2], k) for k in range(3)]
    assert orders[0] == decks
    for s in range(3):
        assert sorted(o[s] for o in orders) == decks
    assert [rotated(["A", "X", "B"], [0, 2], k) for k in range(2)] == [["A", "X", "B"], ["B", "X", "A"]]


def test_the_deal_is_read_from_the_game_and_its_variant():
    assert dealt_decks("doomtrooper", {}, {"players": None, "policy": "greedy", "decks": None}) == [
        "Imperial Crusade", "Legion of Algeroth"]
    assert dealt_decks("doomtrooper", {"variant": "front_lines"}, {"policy": "greedy"}) == [
        "Legion of Algeroth", "Legion of Algeroth", "Corporate Wars", "Corporate Wars"]


def test_each_deck_in_each_seat_is_the_rate_of_those_games(basic):
    as_dealt = _won(["Imperial Crusade", "Legion of Algeroth"])
    swapped = _won(["Legion of Algeroth", "Imperial Crusade"])
    rows = {(r["by"], r["name"]): r for r in basic.to_dict("records")}
    mean = lambda xs: sum(xs) / len(xs)  # noqa: E731
    assert rows["deck in seat", "Imperial Crusade in seat 0"]["wins"] == mean([g[0] for g in as_dealt])
    assert rows["deck in seat", "Legion of Algeroth in seat 0"]["wins"] == mean([g[0] for g in swapped])
    assert rows["deck in seat", "Imperial Crusade in seat 1"]["wins"] == mean([g[1] for g in swapped])
    # a seat with the decks balanced: both orders' games; a deck with the seats balanced: both its seats
    assert rows["seat", "seat 0"]["wins"] == pytest.approx(mean([g[0] for g in as_dealt + swapped]))
    assert rows["deck", "Imperial Crusade"]["wins"] == pytest.approx(
        mean([g[0] for g in as_dealt] + [g[1] for g in swapped]))
    assert rows["seat", "seat 0"]["games"] == 2 * GAMES
    for r in basic.to_dict("records"):
        assert 0 <= r["ci_low"] <= r["wins"] <= r["ci_high"] <= 1
        assert r["even"] == 0.5


def test_the_numbers_do_not_depend_on_where_the_games_are_played(basic):
    pooled = whatif.seat_or_deck("doomtrooper", games=GAMES, seed=3, progress=False)
    assert pooled.equals(basic)


def test_a_deck_dealt_to_two_seats_counts_its_games_together():
    df = whatif.seat_or_deck("doomtrooper", games=2, seed=1, variant={"variant": "front_lines"}, seats=[0, 2],
                             scheduler="serial", progress=False)
    cells = df[df["by"] == "deck in seat"]
    assert list(cells["name"]) == ["Legion of Algeroth in seat 0", "Corporate Wars in seat 0",
                                   "Corporate Wars in seat 2", "Legion of Algeroth in seat 2"]
    assert set(cells["games"]) == {2}


def test_the_table_in_words(basic):
    text = seat_or_deck_text(basic)
    assert text.splitlines()[0] == ("Doomtrooper, base (the data as it is): greedy bots, the decks dealt round "
                                    f"seats 0 and 1 (2 orders of {GAMES} games, seed 3)")
    for heading in ("by seat, every deck in turn", "by deck, in every seat in turn", "each deck in each seat"):
        assert heading in text
    assert "Imperial Crusade in seat 1" in text


@pytest.mark.parametrize("call, words", [
    (dict(game="victorian"), "deals no decks by name to the seats; Doomtrooper does"),
    (dict(game="asylum"), "deals no decks by name"),
    (dict(game="doomtrooper", seats=[0, 5]), "seat 5: the seats are 0 to 1"),
    (dict(game="doomtrooper", seats=[1]), "at least two seats"),
    (dict(game="doomtrooper", decks="Imperial Crusade,Imperial Crusade"), "all play Imperial Crusade"),
    (dict(game="doomtrooper", variant={"variant": "beat_down"}), "player C (seat 1) may have no warrior cards"),
    (dict(game="doomtrooper", games=0), "games must be 1"),
])
def test_what_cannot_be_dealt_round_is_refused_with_the_reason(call, words):
    with pytest.raises(ValueError) as err:
        whatif.seat_or_deck(**{"games": 2, "scheduler": "serial", "progress": False, **call})
    assert words in str(err.value)
    if "beat_down" in str(call):
        assert "seats=" in str(err.value)  # what to do instead


def test_the_command_prints_the_table(capsys):
    assert main(["seat-or-deck", "doomtrooper", "--games", "2", "--scheduler", "serial",
                 "--rule", "variant=beat_down", "--seats", "0,2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Doomtrooper, Beat Down: greedy bots, the decks dealt round seats 0 and 2")  # the heading
    assert "Legion of Algeroth in seat 2" in out


def test_the_command_takes_the_rules_one_way(capsys, tmp_path):
    path = tmp_path / "v.toml"
    path.write_text('name = "lot"\n[overrides]\nfirst_player_by_lot = true\n')
    assert main(["seat-or-deck", "doomtrooper", "--games", "2", "--rule", "variant=warzone", "--variant",
                 str(path)]) != 0
    assert "either in a --variant file or with --rule, not both" in capsys.readouterr().err
