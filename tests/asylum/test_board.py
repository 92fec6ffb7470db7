"""Tests for the asylum board: the shipped map, its checks and the board questions."""

from __future__ import annotations

import itertools
from pathlib import Path

import networkx as nx
import pytest

from explorer.asylum.board import (
    PLOT_ROOMS,
    distance,
    distance_to_nearest_unvisited_plot_room,
    load_board,
    nearest_unvisited_plot_room,
    neighbours,
    next_step_towards,
    path_to_yard,
    plot_rooms,
    shortest_path,
    yard,
)
from explorer.core.data import DataError

# --- the shipped board -------------------------------------------------------------


@pytest.fixture(scope="module")
def board() -> nx.Graph:
    return load_board()


def test_shipped_board_loads_frozen_and_cached(board: nx.Graph) -> None:
    """The map is our own design (the rulebook prints none); loading twice gives the same frozen graph."""
    assert board.graph["source"] == "ours"
    assert nx.is_frozen(board)
    assert load_board() is board
    assert len(board) >= 20


def test_shipped_board_has_the_four_plot_rooms(board: nx.Graph) -> None:
    """'Doom Ready' & Winning the game: the four plot rooms by name."""
    assert set(plot_rooms(board)) == set(PLOT_ROOMS)
    assert {room for room, kind in board.nodes(data="kind") if kind == "plot"} == set(PLOT_ROOMS)


def test_shipped_board_has_one_yard(board: nx.Graph) -> None:
    """'Doom Ready' & Winning the game: the Yard."""
    yards = [room for room, kind in board.nodes(data="kind") if kind == "yard"]
    assert yards == [yard(board)]
    assert {kind for _, kind in board.nodes(data="kind")} == {"plot", "yard", "room"}


def test_shipped_board_is_connected_and_start_exists(board: nx.Graph) -> None:
    """Gameplay overview: a party moves one space a turn, so every room must be reachable."""
    assert nx.is_connected(board)
    assert board.graph["start"] in board
    assert board.nodes[board.graph["start"]]["kind"] == "room"


def test_shipped_plot_rooms_are_spread_apart(board: nx.Graph) -> None:
    """Gameplay overview: plot rooms (design goal: pairwise at least 3 moves apart)."""
    for a, b in itertools.combinations(PLOT_ROOMS, 2):
        assert distance(board, a, b) >= 3, (a, b)


def test_shipped_yard_is_on_the_edge_not_central(board: nx.Graph) -> None:
    """'Doom Ready' & Winning the game: the Yard (design goal: not the most central
    room, at least 2 moves from every plot room, on the edge of the drawing)."""
    the_yard = yard(board)
    closeness = nx.closeness_centrality(board)
    assert closeness[the_yard] < max(closeness.values())
    assert all(distance(board, the_yard, plot) >= 2 for plot in PLOT_ROOMS)
    xs = [x for x, _ in nx.get_node_attributes(board, "pos").values()]
    ys = [y for _, y in nx.get_node_attributes(board, "pos").values()]
    x, y = board.nodes[the_yard]["pos"]
    assert x in (min(xs), max(xs)) or y in (min(ys), max(ys))


def test_shipped_board_plays_well(board: nx.Graph) -> None:
    """Gameplay overview: moving (design goals: 2 to 4 doors a room, loops to meet and chase)."""
    assert all(2 <= degree <= 4 for _, degree in board.degree)
    assert len(nx.cycle_basis(board)) >= 3


def test_every_room_has_position_and_description(board: nx.Graph) -> None:
    """Every room can be drawn and described."""
    for room, data in board.nodes(data=True):
        x, y = data["pos"]
        assert isinstance(x, float) and isinstance(y, float), room
        assert data["description"], room
    positions = list(nx.get_node_attributes(board, "pos").values())
    assert len(set(positions)) == len(positions)


def test_frozen_board_cannot_be_changed(board: nx.Graph) -> None:
    """The shipped board is shared, so it must be immutable."""
    with pytest.raises(nx.NetworkXError):
        board.add_edge("Yard", "Intake Hall")


# --- validation errors ---------------------------------------------------------------

VALID_HEAD = 'source = "test"\nstart = "Hall"\n'


def _room(name: str, kind: str = "room", x: float = 0, y: float = 0) -> str:
    return f'[[room]]\nname = "{name}"\nkind = "{kind}"\nx = {x}\ny = {y}\ndescription = "A room."\n\n'


def _corridor(a: str, b: str) -> str:
    return f'[[corridor]]\nbetween = ["{a}", "{b}"]\n\n'


def _tiny_toml(
    *,
    plots: tuple[str, ...] = PLOT_ROOMS,
    yards: tuple[str, ...] = ("Yard",),
    extra_rooms: str = "",
    extra_corridors: str = "",
    start: str = "Hall",
) -> str:
    """A ring: Hall - plot rooms - yards - back to Hall, plus whatever is added."""
    ring = ["Hall", *plots, *yards]
    text = f'source = "test"\nstart = "{start}"\n\n'
    text += _room("Hall") + "".join(_room(p, "plot") for p in plots) + "".join(_room(y, "yard") for y in yards)
    text += extra_rooms
    text += "".join(_corridor(a, b) for a, b in zip(ring, ring[1:] + ring[:1]))
    text += extra_corridors
    return text


def _write(tmp_path: Path, text: str, name: str = "board.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_tiny_valid_board_loads(tmp_path: Path) -> None:
    """The test helper itself builds a valid board."""
    board = load_board(_write(tmp_path, _tiny_toml()))
    assert len(board) == 6 and board.graph == {"start": "Hall", "source": "test"}


def _raises(path: Path, *names: str) -> DataError:
    """Load ``path``, expecting a DataError whose message names the file and ``names``."""
    with pytest.raises(DataError) as info:
        load_board(path)
    message = str(info.value)
    assert str(path.resolve()) in message
    for name in names:
        assert name in message
    return info.value


def test_missing_plot_room(tmp_path: Path) -> None:
    """'Doom Ready' & Winning the game: all four plot rooms must be on the board."""
    path = _write(tmp_path, _tiny_toml(plots=PLOT_ROOMS[:3]))
    err = _raises(path, "Rocketry Facility")
    assert err.entry == "Rocketry Facility"


def test_plot_room_with_wrong_kind(tmp_path: Path) -> None:
    """'Doom Ready' & Winning the game: a rulebook plot room must have kind "plot"."""
    text = _tiny_toml(plots=PLOT_ROOMS[:3], extra_rooms=_room("Rocketry Facility"),
                      extra_corridors=_corridor("Hall", "Rocketry Facility"))
    err = _raises(_write(tmp_path, text), "Rocketry Facility")
    assert err.field == "kind"


def test_extra_plot_room(tmp_path: Path) -> None:
    """'Doom Ready' & Winning the game: there are only four plot rooms."""
    text = _tiny_toml(extra_rooms=_room("Death Ray Annex", "plot"), extra_corridors=_corridor("Hall", "Death Ray Annex"))
    _raises(_write(tmp_path, text), "Death Ray Annex")


def test_two_yards(tmp_path: Path) -> None:
    """'Doom Ready' & Winning the game: there is exactly one Yard."""
    err = _raises(_write(tmp_path, _tiny_toml(yards=("Yard", "Back Yard"))), "Back Yard", "Yard")
    assert err.entry == "Back Yard" and err.field == "kind"


def test_no_yard(tmp_path: Path) -> None:
    """'Doom Ready' & Winning the game: a board without a Yard cannot be won."""
    err = _raises(_write(tmp_path, _tiny_toml(yards=())), "yard")
    assert err.field == "kind"


def test_disconnected_room(tmp_path: Path) -> None:
    """Gameplay overview: parties move along corridors, so every room must be reachable."""
    text = _tiny_toml(extra_rooms=_room("Lost Ward") + _room("Forgotten Ward"),
                      extra_corridors=_corridor("Lost Ward", "Forgotten Ward"))
    err = _raises(_write(tmp_path, text), "Forgotten Ward", "Lost Ward")
    assert err.entry == "Forgotten Ward"


def test_self_loop(tmp_path: Path) -> None:
    """Gameplay overview: a move goes to another space, so no corridor leads back to its room."""
    err = _raises(_write(tmp_path, _tiny_toml(extra_corridors=_corridor("Hall", "Hall"))), "Hall")
    assert err.field == "between"


def test_corridor_to_unknown_room(tmp_path: Path) -> None:
    """Gameplay overview: a corridor must lead to a room on the board."""
    err = _raises(_write(tmp_path, _tiny_toml(extra_corridors=_corridor("Hall", "Ballroom"))), "Ballroom")
    assert err.field == "between"


def test_duplicate_corridor(tmp_path: Path) -> None:
    """The same corridor listed twice (either way round) is a typo."""
    _raises(_write(tmp_path, _tiny_toml(extra_corridors=_corridor("Yard", "Hall"))), "Yard", "Hall")


def test_duplicate_room_name(tmp_path: Path) -> None:
    """Room names identify spaces, so they must be unique."""
    err = _raises(_write(tmp_path, _tiny_toml(extra_rooms=_room("Hall"))), "Hall")
    assert err.entry == "Hall"


def test_unknown_kind(tmp_path: Path) -> None:
    """Gameplay overview: a space is a plot room, the Yard or an ordinary room."""
    text = _tiny_toml(extra_rooms=_room("Ballroom", "lounge"), extra_corridors=_corridor("Hall", "Ballroom"))
    err = _raises(_write(tmp_path, text), "Ballroom", "lounge")
    assert err.entry == "Ballroom" and err.field == "kind"


def test_unknown_start_room(tmp_path: Path) -> None:
    """The start room (our reading; the rulebook is silent) must be on the board."""
    err = _raises(_write(tmp_path, _tiny_toml(start="Lobby")), "Lobby")
    assert err.field == "start"


def test_missing_field_and_bad_toml(tmp_path: Path) -> None:
    """Errors say what and where, even for a broken file."""
    text = _tiny_toml().replace('kind = "room"\nx = 0', 'kind = "room"\nxx = 0', 1)
    err = _raises(_write(tmp_path, text), "Hall")
    assert err.entry == "Hall"
    _raises(_write(tmp_path, "source = [", "broken.toml"))
    _raises(tmp_path / "absent.toml")


# --- board questions on a tiny hand-written board ------------------------------------

#   Nuclear Reactor --- Hall ------- Rocketry Facility
#         |              |                 |
#      West Wing      Middle            East Wing
#         |           /    \               |
#   Psychoactive ... South  Yard .... Tactical Center
#   Chemical Lab
TINY_ROOMS = {
    "Hall": "room",
    "West Wing": "room",
    "Middle": "room",
    "East Wing": "room",
    "South": "room",
    "Yard": "yard",
    **{name: "plot" for name in PLOT_ROOMS},
}
TINY_CORRIDORS = [
    ("Hall", "Nuclear Reactor"),
    ("Hall", "Rocketry Facility"),
    ("Hall", "Middle"),
    ("Nuclear Reactor", "West Wing"),
    ("West Wing", "Psychoactive Chemical Lab"),
    ("Rocketry Facility", "East Wing"),
    ("East Wing", "Tactical Center"),
    ("Middle", "South"),
    ("Middle", "Yard"),
    ("Psychoactive Chemical Lab", "South"),
    ("Yard", "Tactical Center"),
]


@pytest.fixture
def tiny(tmp_path: Path) -> nx.Graph:
    text = VALID_HEAD + "".join(_room(name, kind) for name, kind in TINY_ROOMS.items())
    text += "".join(_corridor(a, b) for a, b in TINY_CORRIDORS)
    return load_board(_write(tmp_path, text))


def test_neighbours_sorted(tiny: nx.Graph) -> None:
    """Gameplay overview: a party moves one space, to a neighbouring room."""
    assert neighbours(tiny, "Hall") == ("Middle", "Nuclear Reactor", "Rocketry Facility")
    assert neighbours(tiny, "Yard") == ("Middle", "Tactical Center")


def test_distance(tiny: nx.Graph) -> None:
    """Gameplay overview: one space per turn, so distance counts turns."""
    assert distance(tiny, "Hall", "Hall") == 0
    assert distance(tiny, "Hall", "Yard") == 2
    assert distance(tiny, "Nuclear Reactor", "Tactical Center") == 4
    assert distance(tiny, "Tactical Center", "Nuclear Reactor") == 4


def test_plot_rooms_and_yard(tiny: nx.Graph) -> None:
    """Gameplay overview: plot rooms; 'Doom Ready' & Winning the game: the Yard."""
    assert plot_rooms(tiny) == tuple(sorted(PLOT_ROOMS))
    assert yard(tiny) == "Yard"


def test_nearest_unvisited_plot_room(tiny: nx.Graph) -> None:
    """Gameplay overview: plot rooms pay 5 Doomsday points only on the first visit."""
    # Two plot rooms are one move from the Hall; the alphabetically first wins the tie.
    assert nearest_unvisited_plot_room(tiny, "Hall", set()) == ("Nuclear Reactor", 1)
    assert nearest_unvisited_plot_room(tiny, "Hall", {"Nuclear Reactor"}) == ("Rocketry Facility", 1)
    assert nearest_unvisited_plot_room(tiny, "Hall", {"Nuclear Reactor", "Rocketry Facility"}) == (
        "Psychoactive Chemical Lab", 3,
    )
    # From the Yard, Nuclear Reactor and the Lab are both 3 moves away: the tie goes by name.
    assert nearest_unvisited_plot_room(tiny, "Yard", ["Tactical Center", "Middle"]) == ("Nuclear Reactor", 3)
    assert nearest_unvisited_plot_room(tiny, "Yard", ["Tactical Center", "Nuclear Reactor"]) == (
        "Psychoactive Chemical Lab", 3,
    )
    assert nearest_unvisited_plot_room(tiny, "Hall", set(PLOT_ROOMS)) is None
    assert nearest_unvisited_plot_room(tiny, "Tactical Center", ()) == ("Tactical Center", 0)


def test_distance_to_nearest_unvisited_plot_room(tiny: nx.Graph) -> None:
    """Gameplay overview: plot rooms, first visits only."""
    assert distance_to_nearest_unvisited_plot_room(tiny, "Middle", set()) == 2
    assert distance_to_nearest_unvisited_plot_room(tiny, "Middle", {"Nuclear Reactor", "Rocketry Facility"}) == 2
    assert distance_to_nearest_unvisited_plot_room(tiny, "Middle", set(PLOT_ROOMS)) is None


def test_path_to_yard(tiny: nx.Graph) -> None:
    """'Doom Ready' & Winning the game: the Doom Ready party heads for the Yard."""
    assert path_to_yard(tiny, "Hall") == ["Hall", "Middle", "Yard"]
    assert path_to_yard(tiny, "Yard") == ["Yard"]
    # Psychoactive Chemical Lab -> Yard: only via South and Middle.
    assert path_to_yard(tiny, "Psychoactive Chemical Lab") == ["Psychoactive Chemical Lab", "South", "Middle", "Yard"]
    # Rocketry Facility -> Yard: two ways of length 3; "East Wing" < "Hall".
    assert path_to_yard(tiny, "Rocketry Facility") == ["Rocketry Facility", "East Wing", "Tactical Center", "Yard"]


def test_next_step_towards(tiny: nx.Graph) -> None:
    """Gameplay overview: each turn the party moves one space."""
    assert next_step_towards(tiny, "Hall", "Yard") == "Middle"
    assert next_step_towards(tiny, "Rocketry Facility", "Yard") == "East Wing"
    assert next_step_towards(tiny, "Nuclear Reactor", "Yard") == "Hall"
    # Nuclear Reactor -> South: via West Wing/Lab or via Hall/Middle (both 3); "Hall" < "West Wing".
    assert next_step_towards(tiny, "Nuclear Reactor", "South") == "Hall"
    with pytest.raises(ValueError, match="Hall"):
        next_step_towards(tiny, "Hall", "Hall")


def test_paths_are_shortest_everywhere(tiny: nx.Graph, board: nx.Graph) -> None:
    """Deterministic paths are real shortest paths, on both boards."""
    for g in (tiny, board):
        for a, b in itertools.product(g, repeat=2):
            way = shortest_path(g, a, b)
            assert way[0] == a and way[-1] == b and len(way) == distance(g, a, b) + 1
            assert all(g.has_edge(u, v) for u, v in zip(way, way[1:]))
            if a != b:
                assert next_step_towards(g, a, b) == way[1]


def test_unknown_room_names_raise_key_error(tiny: nx.Graph) -> None:
    """A misspelt room is a clear KeyError naming it, never a wrong answer."""
    calls = [
        lambda: neighbours(tiny, "Ballroom"),
        lambda: distance(tiny, "Hall", "Ballroom"),
        lambda: distance(tiny, "Ballroom", "Hall"),
        lambda: nearest_unvisited_plot_room(tiny, "Ballroom", set()),
        lambda: nearest_unvisited_plot_room(tiny, "Hall", {"Tactical Centre"}),
        lambda: distance_to_nearest_unvisited_plot_room(tiny, "Ballroom", set()),
        lambda: path_to_yard(tiny, "Ballroom"),
        lambda: next_step_towards(tiny, "Ballroom", "Yard"),
        lambda: next_step_towards(tiny, "Hall", "Ballroom"),
    ]
    for call in calls:
        with pytest.raises(KeyError, match="Ballroom|Tactical Centre"):
            call()


def test_mutable_board_answers_stay_correct() -> None:
    """A hand-built, unfrozen graph is not cached, so editing it changes the answers."""
    g = nx.Graph([("A", "B"), ("B", "C")])
    assert distance(g, "A", "C") == 2
    g.add_edge("A", "C")
    assert distance(g, "A", "C") == 1
