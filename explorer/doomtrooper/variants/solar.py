"""The board of Colonization: the solar system (``data/doomtrooper/colonization.toml``:
five planets, their warzones and what each is worth, the routes between them,
the warriors a place bars), and on a game's table who controls which warzone and
each player's Colony Points.

>>> g = solar_system()
>>> sorted(g.neighbors("Asteroid Belt"))
['Earth', 'Mars', 'Mercury', 'Venus']
>>> g.nodes["Mars"]["warzones"]
['Phobos & Deimos', 'Cyberpolis', 'McCraig Line', 'Great Rust Desert']
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal, Mapping, NamedTuple

import networkx as nx
from pydantic import BaseModel, ConfigDict

from ...core.data import DataError, cached_file, companion, data_path, read_toml, validate, validate_entries
from ...core.rulebook import sections, summaries_path
from .. import sections as R
from ..affiliations import load_affiliations
from ..state import DTState, Trooper

# -- the board (data) --------------------------------------------------------------------------------


class Planet(NamedTuple):
    name: str
    rule: str  # section id of its own rule
    warzones: tuple[tuple[str, int], ...]  # (name, "+X") in the rulebook's order


class Solar(NamedTuple):
    """The solar system of Colonization, as read from its data file."""

    planets: tuple[Planet, ...]
    routes: tuple[tuple[str, str], ...]
    hub: str
    earth: str
    barred: tuple[tuple[str, str, str], ...]  # (warzone, class, rule)
    planet_of: Mapping[str, str]  # place -> planet (a planet without warzones is its own place)
    value: Mapping[str, int]  # warzone -> its "+X"

    def planet(self, name: str) -> Planet:
        return next(p for p in self.planets if p.name == name)

    def places(self, planet: str) -> tuple[str, ...]:
        """Where a warrior may stand on ``planet``: its warzones, or the planet itself."""
        p = self.planet(planet)
        return tuple(w for w, _ in p.warzones) or (p.name,)

    @property
    def warzones(self) -> tuple[str, ...]:
        return tuple(w for p in self.planets for w, _ in p.warzones)

    def neighbours(self, planet: str) -> tuple[str, ...]:
        return tuple(b if a == planet else a for a, b in self.routes if planet in (a, b))


class _Warzone(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str
    value: int
    origin: Literal["ours", "rulebook"] = "ours"


class _Planet(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str
    rule: str
    warzones: list[_Warzone]


class _Route(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    between: list[str]


class _Barred(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)
    warzone: str
    cls: str = ""
    rule: str


def solar_path() -> Path:
    return data_path("doomtrooper", "colonization.toml")


def load_solar(path: str | os.PathLike | None = None) -> Solar:
    """Read and check the board file (default ``data/doomtrooper/colonization.toml``),
    its sections against the summaries and its classes against affiliations.toml."""
    path = Path(path) if path is not None else solar_path()
    return _load(path, summaries_path(R.GAME), companion(path, "doomtrooper", "affiliations.toml"))


#: A warzone's "+X" to its controller's Colony Points.
WARZONE_VALUE = (0, 20)


@cached_file
def _load(path: Path, summaries: Path, aff_path: Path) -> Solar:
    raw = read_toml(path)
    titles = sections(R.GAME, summaries)
    classes = load_affiliations(aff_path).known_classes
    unknown = set(raw) - {"hub", "earth", "planet", "route", "barred"}
    if unknown:
        raise DataError(path, sorted(unknown)[0], None, "unknown key (expected hub, earth, [[planet]], [[route]], "
                                                        "[[barred]])")
    planets = validate_entries(_Planet, raw.get("planet"), path, kind="planet")
    names = [p.name for p in planets]
    for key in ("hub", "earth"):
        if raw.get(key) not in names:
            raise DataError(path, key, None, f"{raw.get(key)!r} is not one of the planets ({', '.join(names)})")
    for p in planets:
        if p.rule not in titles:
            raise DataError(path, p.name, "rule", f"no section {p.rule!r} in {summaries.name}")
    seen: dict[str, str] = {}
    out_planets = []
    value: dict[str, int] = {}
    planet_of: dict[str, str] = {}
    for p in planets:
        for w in p.warzones:
            if w.name in seen or w.name in names:
                raise DataError(path, p.name, w.name, f"warzone {w.name!r} is named twice")
            if not WARZONE_VALUE[0] <= w.value <= WARZONE_VALUE[1]:
                raise DataError(path, p.name, w.name, f"a warzone's +X is {WARZONE_VALUE[0]} to {WARZONE_VALUE[1]}, "
                                                      f"not {w.value}")
            seen[w.name] = p.name
            value[w.name] = w.value
            planet_of[w.name] = p.name
        if not p.warzones:
            planet_of[p.name] = p.name
        out_planets.append(Planet(p.name, p.rule, tuple((w.name, w.value) for w in p.warzones)))
    routes = []
    for i, r in enumerate(raw.get("route") or []):
        row = validate(_Route, r, path, f"route #{i + 1}")
        if len(row.between) != 2 or any(x not in names for x in row.between) or row.between[0] == row.between[1]:
            raise DataError(path, f"route #{i + 1}", "between", f"a route joins two different planets, not "
                                                                 f"{row.between!r}")
        routes.append((row.between[0], row.between[1]))
    barred = []
    for i, b in enumerate(raw.get("barred") or []):
        b = dict(b) if isinstance(b, dict) else b
        if isinstance(b, dict) and "class" in b:
            b["cls"] = b.pop("class")
        row = validate(_Barred, b, path, f"barred #{i + 1}")
        if row.warzone not in seen:
            raise DataError(path, f"barred #{i + 1}", "warzone", f"no warzone named {row.warzone!r}")
        if row.cls not in classes:
            raise DataError(path, f"barred #{i + 1}", "class", f"unknown class {row.cls!r} (an affiliation, a group, "
                                                               "doomtrooper or a keyword of affiliations.toml)")
        if row.rule not in titles:
            raise DataError(path, f"barred #{i + 1}", "rule", f"no section {row.rule!r} in {summaries.name}")
        barred.append((row.warzone, row.cls, row.rule))
    if not planet_of.get(raw["earth"]) == raw["earth"]:
        raise DataError(path, "earth", None, "Earth (the planet nobody controls) holds no warzones")
    if raw["hub"] == raw["earth"] or planet_of.get(raw["hub"]) == raw["hub"]:
        raise DataError(path, "hub", None, f"{raw['hub']!r} holds no warzones: every player starts in control of "
                                           "one of the hub's warzones")
    hub = next(p for p in planets if p.name == raw["hub"])
    if len(hub.warzones) < 2:
        raise DataError(path, hub.name, "warzones", f"{len(hub.warzones)} warzone: the hub needs one for each of at "
                                                    "least 2 players")
    _check_routes(path, routes, names)
    return Solar(tuple(out_planets), tuple(routes), raw["hub"], raw["earth"], tuple(barred),
                 MappingProxyType(planet_of), MappingProxyType(value))


def _check_routes(path: Path, routes: list[tuple[str, str]], names: list[str]) -> None:
    """No route twice, and every planet reachable (the rulebook's diagram is one board)."""
    seen: set[frozenset[str]] = set()
    for i, pair in enumerate(routes):
        if frozenset(pair) in seen:
            raise DataError(path, f"route #{i + 1}", "between", f"the route {pair[0]} - {pair[1]} is given twice")
        seen.add(frozenset(pair))
    g = nx.Graph(routes)
    g.add_nodes_from(names)
    if not nx.is_connected(g):
        alone = next(n for n in names if not nx.has_path(g, n, names[0]))
        raise DataError(path, alone, None, f"no route joins {alone} to the other planets")


def solar_system(path: str | os.PathLike | None = None) -> nx.Graph:
    """The five planets of Colonization as an undirected graph, edges as the
    rulebook's diagram draws them (the Asteroid Belt joined to each of the other
    four).  Each node has ``warzones`` (names in the rulebook's spelling, in its
    order), ``values`` (each warzone's "+X": ours but the Citadel Sanctum's, see
    the data file) and ``rule`` (the section of the planet's own rule)."""
    solar = load_solar(path)
    g = nx.Graph(hub=solar.hub, earth=solar.earth)
    for p in solar.planets:
        g.add_node(p.name, warzones=[w for w, _ in p.warzones], values={w: v for w, v in p.warzones}, rule=p.rule)
    g.add_edges_from(solar.routes)
    return g


# -- the board (state) -------------------------------------------------------------------------------


class ColonyBoard(NamedTuple):
    """What Colonization adds to a game: each seat's starting warzone, its claim on
    it while none of its warriors has stood there yet (``""`` once it lapsed),
    the Colony Points counted at the start of its last turn, and where each
    fortification was built (``(seat, card, place)``)."""

    start: tuple[str, ...]
    claims: tuple[str, ...]
    colony: tuple[int, ...]
    forts: tuple[tuple[int, str, str], ...] = ()


#: The last state's map: a game asks the same state's map many times (every option it lists, every
#: place a bot weighs).  Kept with the troopers and the board it was made from, which it compares
#: by identity (the state is immutable; holding them keeps their identities from being reused).
_LAST_MAP: tuple[Any, Any, Mapping[str, int | None]] = ((), None, MappingProxyType({}))


def control_map(state: DTState, troopers: Iterable[Trooper] | None = None) -> Mapping[str, int | None]:
    """Every place with a controller: the player whose warriors alone stand on it
    (``None`` where two players' do), and each starting claim still holding."""
    global _LAST_MAP
    if troopers is None:
        kept_troopers, kept_board, kept = _LAST_MAP
        if kept_troopers is state.troopers and kept_board is state.board:
            return kept
        made = MappingProxyType(_control_map(state, state.troopers))
        _LAST_MAP = (state.troopers, state.board, made)
        return made
    return _control_map(state, troopers)


def _control_map(state: DTState, troopers: Iterable[Trooper]) -> dict[str, int | None]:
    owners: dict[str, set[int]] = {}
    for t in troopers:
        if t.place:
            owners.setdefault(t.place, set()).add(t.owner)
    out: dict[str, int | None] = {w: (next(iter(o)) if len(o) == 1 else None) for w, o in owners.items()}
    board = state.board
    if board is not None:
        for i, c in enumerate(board.claims):
            if c and c not in owners:
                out[c] = i
    return out


def controller(state: DTState, warzone: str, troopers: Iterable[Trooper] | None = None) -> int | None:
    """Who controls ``warzone``: the player with warriors on it, else the player
    whose starting claim on it still holds, else nobody."""
    return control_map(state, troopers).get(warzone)


def colony_points(state: DTState, seat: int, solar: Solar | None = None, earth_bonus: int = 6) -> int:
    """``seat``'s Colony Points as things stand: the "+X" of every warzone he
    controls, and Earth's bonus if he alone has warriors on Earth."""
    solar = load_solar() if solar is None else solar
    cmap = control_map(state)
    total = sum(v for w, v in solar.value.items() if cmap.get(w) == seat)
    on_earth = {t.owner for t in state.troopers if (t.place or solar.earth) == solar.earth}
    if on_earth == {seat}:
        total += earth_bonus
    return total


__all__ = ["ColonyBoard", "Planet", "Solar", "colony_points", "control_map", "controller", "load_solar", "solar_path",
           "solar_system"]
