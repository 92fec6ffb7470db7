"""What each game's quick reference adds to its rules: the turn in order, the dice and
card tables with their exact odds (from each game's own odds code), and, for
Doomtrooper, the parts of the rules that belong to one expansion or variant.

A :class:`Table` is plain data (cells are words or exact Fractions); the page
(:mod:`explorer.reference`) draws it.

>>> [t.rule for t in tables("asylum")]
['events.table', 'conflicts.mental', 'conflicts.maneuver']
>>> tables("asylum")[0].rows[0][-1]
Fraction(5, 18)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple


class Table(NamedTuple):
    """One table of the reference: its title, the section it belongs to, its header and rows."""

    title: str
    rule: str
    header: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]


#: each game's turn, step by step, as section ids in the order they are played
TURNS: dict[str, tuple[str, ...]] = {
    "asylum": ("turn.start", "turn.move", "turn.plot_room", "turn.yard", "turn.event", "turn.conflict", "turn.end"),
    "victorian": ("new_day", "genius", "healing", "minion", "invention", "recruit", "plot", "spy", "assassin",
                  "plot.second", "intercept", "track", "attack"),
    "doomtrooper": ("turn.draw", "turn.actions", "turn.discard"),
}

#: Doomtrooper's expansions and variants, each as the section ids (with what is under
#: them) that belong to it; a section goes to the part of its longest matching id
PARTS: dict[str, tuple[tuple[str, ...], ...]] = {
    "doomtrooper": (
        ("expansions",), ("paradise_lost", "outpost"), ("expansions.inquisition", "relics"),
        ("expansions.warzone", "warzones"), ("expansions.mortificator",), ("expansions.golgotha", "alliances"),
        ("expansions.apocalypse", "ki_powers"), ("first_edition",), ("variants.discard_action",), ("variants.dice",),
        ("variants.warzone",), ("variants.home_turf",), ("variants.colonization",), ("cool",),
        ("cool.limited_resources",), ("cool.beat_down",), ("cool.front_lines",), ("cool.vortex",),
    ),
}


def part_of(game: str, section: str) -> tuple[str, ...] | None:
    """The expansion or variant ``section`` belongs to (its ids), or ``None`` for the base game.

    >>> part_of("doomtrooper", "outpost.transfer"), part_of("doomtrooper", "turn.draw")
    (('paradise_lost', 'outpost'), None)
    """
    best, length = None, 0
    for part in PARTS.get(game, ()):
        for head in part:
            if (section == head or section.startswith(head + ".")) and len(head) > length:
                best, length = part, len(head)
    return best


def _asylum() -> list[Table]:
    from .asylum.combat import beats, beats_target
    from .asylum.event_table import load_event_table

    events = load_event_table()
    dist = events.distribution
    return [
        Table(f"The Event Table ({events.dice}d{events.sides})", "events.table", ("roll", "result", "kind", "chance"),
              tuple((f"{r.low}-{r.high}" if r.low != r.high else str(r.low), r.name, r.kind.replace("_", " "),
                     dist[r.name]) for r in events.results)),
        Table("An attack: a d6 plus your bonus must beat a d6 plus theirs (a tie is theirs)", "conflicts.mental",
              ("your bonus minus theirs", "you win"), tuple((f"{d:+d}", beats(d, 0)[True]) for d in range(-5, 6))),
        Table("A tactical maneuver: a d6 plus the stat must beat the target", "conflicts.maneuver",
              ("target minus stat", "you succeed"), tuple((d, beats_target(0, d)[True]) for d in range(0, 7))),
    ]


def _victorian() -> list[Table]:
    from .victorian.tables import banded
    from .victorian.tables.data import load_tables

    tables = load_tables()
    out = []
    rolls = (("spy", "spy", banded.spy_roll), ("assassin", "assassin", banded.assassin_roll),
             ("track", "track", banded.track_roll), ("combat", "attack.combat", banded.combat_roll),
             ("showdown", "attack.showdown", banded.showdown_roll))
    for name, rule, roll in rolls:
        table = tables.banded(name)
        keys = table.keys
        out.append(Table(f"The {name} roll: {table.describe()}", rule,
                         ("modifier", *(k.replace("_", " ") for k in keys)),
                         tuple((f"{m:+d}", *(roll(m, tables).get(k, Fraction(0)) for k in keys))
                               for m in range(-3, 4))))
    out.append(Table(f"The healing roll: {tables.healing.describe()}", "healing", ("bonus", "healed"),
                     tuple((f"{b:+d}", banded.healing_roll(b, tables)) for b in range(0, 4))))
    for name, rule in (("plot_table", "genius.plot_table"), ("invention_table", "invention.table"),
                       ("villain_table", "track.villain_table")):
        faces = getattr(tables, name).faces
        out.append(Table(f"The {name.replace('_', ' ')} (1d6)", rule, ("roll", "result", "chance"),
                         tuple((f.roll, f.title, Fraction(1, len(faces))) for f in faces)))
    return out


def _doomtrooper() -> list[Table]:
    from .doomtrooper.odds import wound_chance
    from .doomtrooper.params import load_rules

    dice = tuple(name for name, _ in load_rules().dice_table)
    return [Table("A wound: attack rating plus a roll against Armor plus a roll (equal or more wounds)",
                  "variants.dice", ("attack minus Armor", "printed rules", *dice),
                  tuple((f"{e:+d}", wound_chance(e, 0, None), *(wound_chance(e, 0, d) for d in dice))
                        for e in range(-8, 9)))]


def tables(game: str) -> list[Table]:
    """The dice and card tables of ``game`` with their exact odds."""
    return {"asylum": _asylum, "victorian": _victorian, "doomtrooper": _doomtrooper}[game]()


__all__ = ["PARTS", "TURNS", "Table", "part_of", "tables"]
