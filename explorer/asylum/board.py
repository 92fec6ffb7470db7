"""The asylum board: rooms joined by corridors, as a :mod:`networkx` graph.

The rulebook names the four plot rooms and the Yard but prints no map; ours is
``data/asylum/board.toml``.  :func:`load_board` reads and checks it and returns
a frozen graph (one node per room, attributes ``kind``, ``pos`` and
``description``; graph attributes ``start`` and ``source``).  The rest are
plain functions answering the questions rules and bots ask of a board.  Bots
ask them thousands of times a second, so each frozen board gets its all-pairs
distances and next steps computed once, and every answer is a dict lookup.

>>> board = load_board()
>>> yard(board)
'Yard'
>>> distance(board, "Nuclear Reactor", "Psychoactive Chemical Lab")
3
"""

from __future__ import annotations

import os
import weakref
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import networkx as nx
from pydantic import BaseModel, ConfigDict, Field, FiniteFloat

from ..core.data import DataError, cached_file, data_path, read_toml, validate, validate_entries
from .sections import DOOM_READY, TURN_MOVE, WINNING

#: The four plot rooms, as the rulebook names them ("'Doom Ready' & Winning the game").
PLOT_ROOMS: tuple[str, ...] = (
    "Nuclear Reactor",
    "Psychoactive Chemical Lab",
    "Tactical Center",
    "Rocketry Facility",
)

Kind = Literal["plot", "yard", "room"]


# --- the file format -------------------------------------------------------------


class _Room(BaseModel):
    """One ``[[room]]`` table."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    kind: Kind
    x: FiniteFloat
    y: FiniteFloat
    description: str = Field(min_length=1)


class _Corridor(BaseModel):
    """One ``[[corridor]]`` table: two rooms, walkable both ways."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    between: tuple[str, str]


class _BoardFile(BaseModel):
    """The whole file; rooms and corridors are checked entry by entry."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    source: str = Field(min_length=1)
    start: str = Field(min_length=1)
    room: list[Any]
    corridor: list[Any]


# --- loading -----------------------------------------------------------------------


def load_board(path: str | os.PathLike | None = None) -> nx.Graph:
    """Read, check and return the board in ``path`` (default: the shipped map).

    The result is frozen and cached: loading the same unchanged file again
    returns the very same graph (an edited file is read afresh).  Any problem
    raises :class:`~explorer.core.data.DataError` naming the file and the room.
    """
    return _load(Path(data_path("asylum", "board.toml") if path is None else path))


@cached_file
def _load(path: Path) -> nx.Graph:
    """Build the frozen board; cached on the file and its modification stamp."""
    raw = read_toml(path)
    header = validate(_BoardFile, raw, path, None)
    rooms = validate_entries(_Room, header.room, path, kind="room")
    names = {room.name for room in rooms}
    corridors = _check_corridors(header.corridor, names, path)
    _check_plot_rooms(rooms, path)
    _check_yard(rooms, path)
    if header.start not in names:
        raise DataError(path, None, "start", f"start room {header.start!r} is not a room on this board")

    board = nx.Graph(start=header.start, source=header.source)
    for room in rooms:
        board.add_node(room.name, kind=room.kind, pos=(room.x, room.y), description=room.description)
    board.add_edges_from(corridors)
    _check_connected(board, header.start, path)
    return nx.freeze(board)


def _check_corridors(entries: list[Any], names: set[str], path: Path) -> list[tuple[str, str]]:
    """Each corridor joins two different, known rooms, and only once."""
    out: list[tuple[str, str]] = []
    seen: set[frozenset[str]] = set()
    for i, raw in enumerate(entries):
        between = raw.get("between") if isinstance(raw, dict) else None
        label = (
            f"corridor {between[0]} - {between[1]}"
            if isinstance(between, list) and len(between) == 2 and all(isinstance(b, str) for b in between)
            else f"corridor #{i + 1}"
        )
        a, b = validate(_Corridor, raw, path, label).between
        for end in (a, b):
            if end not in names:
                raise DataError(path, label, "between", f"{end!r} is not a room on this board")
        if a == b:
            raise DataError(path, label, "between", f"corridor leads from {a!r} back to itself")
        if frozenset((a, b)) in seen:
            raise DataError(path, label, "between", f"duplicate corridor between {a!r} and {b!r}")
        seen.add(frozenset((a, b)))
        out.append((a, b))
    return out


def _check_plot_rooms(rooms: list[_Room], path: Path) -> None:
    """Exactly the rulebook's four plot rooms have kind "plot"."""
    kinds = {room.name: room.kind for room in rooms}
    for name in PLOT_ROOMS:
        if name not in kinds:
            raise DataError(
                path, name, None, f"the plot room {name!r} named by the rulebook ({DOOM_READY}) is missing"
            )
        if kinds[name] != "plot":
            raise DataError(
                path, name, "kind", f"{name!r} is a plot room in the rulebook ({DOOM_READY}); kind must be \"plot\""
            )
    for room in rooms:
        if room.kind == "plot" and room.name not in PLOT_ROOMS:
            raise DataError(
                path, room.name, "kind",
                f"{room.name!r} is not a plot room; the rulebook ({DOOM_READY}) names only {', '.join(PLOT_ROOMS)}",
            )


def _check_yard(rooms: list[_Room], path: Path) -> None:
    """Exactly one room is the Yard."""
    yards = [room.name for room in rooms if room.kind == "yard"]
    if not yards:
        raise DataError(path, None, "kind", f"no room has kind \"yard\"; the rulebook ({WINNING}) needs one Yard")
    if len(yards) > 1:
        raise DataError(
            path, yards[1], "kind",
            f"{yards[1]!r} is a second Yard (after {yards[0]!r}); the rulebook ({WINNING}) has one",
        )


def _check_connected(board: nx.Graph, start: str, path: Path) -> None:
    """Every room can be reached from the start room."""
    reached = nx.node_connected_component(board, start)
    cut_off = sorted(set(board) - reached)
    if cut_off:
        raise DataError(
            path, cut_off[0], None,
            f"{cut_off[0]!r} cannot be reached from the start room {start!r} ({TURN_MOVE}); "
            f"unreachable: {', '.join(cut_off)}",
        )


# --- precomputed tables ------------------------------------------------------------


@dataclass(frozen=True)
class _Tables:
    """Everything the board questions need, as plain dicts."""

    neighbours: dict[str, tuple[str, ...]]
    distance: dict[str, dict[str, int]]
    step: dict[str, dict[str, str]]  # step[a][b]: first room on the way from a to b
    plots: tuple[str, ...]
    yard: str | None


_TABLES: weakref.WeakKeyDictionary[nx.Graph, _Tables] = weakref.WeakKeyDictionary()


def _tables(board: nx.Graph) -> _Tables:
    """The tables of ``board``: cached for frozen boards, rebuilt for mutable ones."""
    tables = _TABLES.get(board)
    if tables is None:
        tables = _build_tables(board)
        if nx.is_frozen(board):
            _TABLES[board] = tables
    return tables


def _build_tables(board: nx.Graph) -> _Tables:
    """All-pairs distances, and the alphabetically first next step on a shortest path."""
    neighbours = {room: tuple(sorted(board[room])) for room in board}
    distance = {room: dict(lengths) for room, lengths in nx.all_pairs_shortest_path_length(board)}
    step: dict[str, dict[str, str]] = {room: {} for room in board}
    for room, nbrs in neighbours.items():
        for target, d in distance[room].items():
            if d > 0:
                step[room][target] = next(n for n in nbrs if distance[n].get(target) == d - 1)
    plots = tuple(sorted(room for room, kind in board.nodes(data="kind") if kind == "plot"))
    yards = [room for room, kind in board.nodes(data="kind") if kind == "yard"]
    return _Tables(neighbours, distance, step, plots, yards[0] if yards else None)


def _unknown(room: object) -> KeyError:
    return KeyError(f"no room named {room!r} on this board")


def _check_rooms(tables: _Tables, *rooms: str) -> None:
    """Raise KeyError naming the first room the board does not have."""
    for room in rooms:
        if room not in tables.distance:
            raise _unknown(room)


# --- board questions -------------------------------------------------------------


def neighbours(board: nx.Graph, room: str) -> tuple[str, ...]:
    """The rooms one corridor away from ``room``, sorted by name: where a party
    there may move this turn ("Gameplay overview": move one space)."""
    try:
        return _tables(board).neighbours[room]
    except KeyError:
        raise _unknown(room) from None


def distance(board: nx.Graph, a: str, b: str) -> int:
    """The fewest moves from room ``a`` to room ``b``."""
    try:
        return _tables(board).distance[a][b]
    except KeyError:
        tables = _tables(board)
        _check_rooms(tables, a, b)
        raise KeyError(f"no way from {a!r} to {b!r} on this board") from None


def plot_rooms(board: nx.Graph) -> tuple[str, ...]:
    """The plot rooms, sorted by name: where Doomsday points and Doom Ready are earned."""
    return _tables(board).plots


def yard(board: nx.Graph) -> str:
    """The Yard: where a Doom Ready party ends its turn to win."""
    found = _tables(board).yard
    if found is None:
        raise KeyError("this board has no Yard")
    return found


def nearest_unvisited_plot_room(board: nx.Graph, room: str, visited: Collection[str]) -> tuple[str, int] | None:
    """The closest plot room not in ``visited`` and its distance from ``room``
    (ties go to the alphabetically first), or None once all are visited.

    A party standing in an unvisited plot room gets that room at distance 0.
    """
    tables = _tables(board)
    try:
        row = tables.distance[room]
    except KeyError:
        raise _unknown(room) from None
    for seen in visited:
        if seen not in row:
            raise _unknown(seen)
    best: tuple[str, int] | None = None
    for plot in tables.plots:
        if plot not in visited and plot in row and (best is None or row[plot] < best[1]):
            best = (plot, row[plot])
    return best


def distance_to_nearest_unvisited_plot_room(board: nx.Graph, room: str, visited: Collection[str]) -> int | None:
    """How many moves to the closest plot room not yet visited, or None if none is left."""
    found = nearest_unvisited_plot_room(board, room, visited)
    return None if found is None else found[1]


def next_step_towards(board: nx.Graph, room: str, target: str) -> str:
    """The first room on a shortest way from ``room`` to ``target``; among equally
    short ways, the alphabetically first next room.

    A party must move every turn ("Gameplay overview"), so asking for the way
    from a room to itself is an error (ValueError).
    """
    tables = _tables(board)
    try:
        return tables.step[room][target]
    except KeyError:
        _check_rooms(tables, room, target)
        if room == target:
            raise ValueError(f"already in {room!r}: there is no step towards it") from None
        raise KeyError(f"no way from {room!r} to {target!r} on this board") from None


def shortest_path(board: nx.Graph, room: str, target: str) -> list[str]:
    """A shortest way from ``room`` to ``target``, both ends included, taking the
    alphabetically first next room at every tie."""
    tables = _tables(board)
    _check_rooms(tables, room, target)
    if target not in tables.distance[room]:
        raise KeyError(f"no way from {room!r} to {target!r} on this board")
    way = [room]
    while way[-1] != target:
        way.append(tables.step[way[-1]][target])
    return way


def path_to_yard(board: nx.Graph, room: str) -> list[str]:
    """A shortest way from ``room`` to the Yard, both ends included (ties broken
    by room name): the Doom Ready party's route to victory."""
    return shortest_path(board, room, yard(board))
