"""The map draws every corridor so it reads as one corridor: a straight line between
two rooms, or, where a designer's corridor would run straight over other rooms (and
read as corridors through them), a curve that clears every room."""

import networkx as nx

from explorer.asylum.board import load_board
from explorer.core.data import data_path
from explorer.ui.asylum.board_plot import CLEARANCE, _distance_to_segment, board_figure, corridor_path


def _edited_board(tmp_path):
    """Our map with a corridor from the Intake Hall straight down to the Yard (over four rooms)."""
    path = tmp_path / "board.toml"
    path.write_text(data_path("asylum", "board.toml").read_text(encoding="utf-8")
                    + '\n[[corridor]]\nbetween = ["Intake Hall", "Yard"]\n', encoding="utf-8")
    return load_board(path)


def _clearance(path, pos, ends):
    return min(_distance_to_segment(xy, p, q) for room, xy in pos.items() if room not in ends
               for p, q in zip(path, path[1:]))


def test_our_map_draws_every_corridor_straight():
    board = load_board()
    pos = nx.get_node_attributes(board, "pos")
    assert all(corridor_path(pos, a, b) == [pos[a], pos[b]] for a, b in board.edges())


def test_a_corridor_over_other_rooms_is_drawn_as_a_curve_clear_of_them(tmp_path):
    board = _edited_board(tmp_path)
    pos = nx.get_node_attributes(board, "pos")
    path = corridor_path(pos, "Intake Hall", "Yard")
    assert len(path) > 2 and path[0] == pos["Intake Hall"] and path[-1] == pos["Yard"]
    assert _clearance(path, pos, ("Intake Hall", "Yard")) > CLEARANCE
    assert corridor_path(pos, "Yard", "Intake Hall") == path[::-1]  # one curve, either way along it
    corridors = board_figure(board).data[0]
    points = list(zip(corridors.x, corridors.y))
    assert all(p in points for p in path)


def test_the_last_move_along_a_curved_corridor_points_along_the_curve(tmp_path):
    board = _edited_board(tmp_path)
    pos = nx.get_node_attributes(board, "pos")
    (arrow,) = board_figure(board, last_move=("Intake Hall", "Yard")).layout.annotations
    path = corridor_path(pos, "Intake Hall", "Yard")
    assert (arrow.ax, arrow.ay) == path[-5] and (arrow.x, arrow.y) == pos["Yard"]
    (arrow,) = board_figure(board, last_move=("Intake Hall", "Guard Station")).layout.annotations
    assert (arrow.ax, arrow.ay, arrow.x, arrow.y) == (*pos["Intake Hall"], *pos["Guard Station"])
