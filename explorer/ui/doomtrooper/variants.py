"""Pick any set of Doomtrooper's switches and a variant, and step through a game.

Every switch of ``data/doomtrooper/rules.toml`` is a tick box, grouped and
described by the file's own comments (the expansions, the first-edition
additions, the optional rules, our readings); the variant, the dice and the
multi-player style are menus.  "Deal" starts a seeded game under those rules in
a :class:`~explorer.ui.doomtrooper.table.TableStepper` (you play seat 0, the bots
the others; each log line cites its rule), for as many players as the variant
needs unless you choose.  A combination the rules refuse (a
variant for another number of players, a switch that needs another) is said in
words, and the last game stays.  In Colonization the solar system is drawn beside
the table and redrawn at every step: who controls each warzone, and the Colony
Points.

>>> t = VariantTable(rules={"variant": "colonization"})
>>> t.deal().startswith("Dealt")
True
>>> t.board.widget.layout.display != "none"
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as W

from explorer.core.data import DataError, key_notes
from explorer.doomtrooper.params import (CHOICES, OPTIONS, STYLE_TITLES, RuleError, load_rules, override_rules,
                                         rule_choices, rules_path)
from explorer.doomtrooper.variants import TITLES as VARIANT_TITLES

from ..common import Displayable, LiveFigure, esc, tagged
from .solar import solar_figure, update_solar_figure
from .table import TableStepper

#: how a choice's values read in the menus (the styles and variants by their rulebook names)
VALUE_LABELS = {"none": "printed rules (no dice)", **STYLE_TITLES, **VARIANT_TITLES}


def _label(value: str) -> str:
    return VALUE_LABELS.get(value, value.replace("_", " "))


class VariantTable(Displayable):
    """Tick switches, pick a variant, deal a seeded game and step through it.
    ``rules``: the starting choices by name (``{"variant": "beat_down"}``)."""

    def __init__(self, seed: int = 1, rules: Mapping[str, Any] | None = None, policy: str = "greedy"):
        base = load_rules()
        start = {**{n: getattr(base, n) for n in OPTIONS + CHOICES}, **dict(rules or {})}
        notes = key_notes(rules_path(), "options")
        self.policy = policy
        self.boxes: dict[str, W.Checkbox] = {}
        groups: dict[str, list[W.Widget]] = {}
        for name in OPTIONS:
            note = notes.get(name)
            box = tagged(W.Checkbox(value=bool(start[name]), description=name.replace("_", " "), indent=False,
                                    tooltip=note.note if note else "", layout=W.Layout(width="auto")),
                         "xp-dt-switch", f"xp-dt-switch-{name}")
            self.boxes[name] = box
            group = (note.group if note and note.group else "Other switches").split(" (")[0]
            groups.setdefault(group, []).append(box)
        choices = rule_choices()
        self.menus = {name: tagged(W.Dropdown(options=[(_label(v), v) for v in choices[name]], value=start[name],
                                              description=name, layout=W.Layout(width="auto")),
                                   "xp-dt-choice", f"xp-dt-choice-{name}")
                      for name in CHOICES}
        # 0: as many as the variant needs (a Dropdown shows no label for None)
        self.players = tagged(W.Dropdown(options=[("as the rules need", 0)] + [(str(n), n) for n in range(2, 7)],
                                         value=0, description="players", layout=W.Layout(width="auto")),
                              "xp-dt-players")
        self.seed = tagged(W.IntText(value=seed, description="seed", layout=W.Layout(width="160px")), "xp-dt-seed")
        self.deal_button = tagged(W.Button(description="Deal", icon="random", button_style="primary"), "xp-dt-deal")
        self.status = tagged(W.HTML(), "xp-dt-variant-status")
        self.table_box = tagged(W.VBox(), "xp-dt-variant-table")
        self.board = LiveFigure(solar_figure(), "xp-dt-variant-board")
        self.board.widget.layout.display = "none"
        self.stepper: TableStepper | None = None
        self.deal_button.on_click(lambda _: self.deal())
        columns = [W.VBox([W.HTML(f"<b>{esc(g)}</b>"), *boxes]) for g, boxes in groups.items()]
        self.widget = tagged(W.VBox([
            W.HBox(list(self.menus.values()), layout=W.Layout(flex_flow="row wrap")),
            W.HBox(columns, layout=W.Layout(flex_flow="row wrap", grid_gap="24px")),
            W.HBox([self.players, self.seed, self.deal_button, self.status], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.table_box, self.board.widget], layout=W.Layout(flex_flow="row wrap")),
        ]), "xp-dt-variants")
        self.deal()

    def changes(self) -> dict[str, Any]:
        """The rules ticked and picked, by name."""
        return {**{n: b.value for n, b in self.boxes.items()}, **{n: m.value for n, m in self.menus.items()}}

    def deal(self) -> str:
        """Start a seeded game under the rules chosen; returns (and shows) what happened."""
        changes = self.changes()
        try:
            rules = override_rules(changes)
            stepper = TableStepper(seed=self.seed.value, seat=0, policy=self.policy, rules=changes,
                                   players=self.players.value or None)
        except (RuleError, DataError, ValueError) as e:
            message = f"Not dealt: {e}"
            self.status.value = f"<span style='color:#b00'>{esc(message)}</span>"
            return message
        self.stepper = stepper
        self.table_box.children = (stepper.widget,)
        colonization = rules.variant == "colonization"
        self.board.widget.layout.display = "" if colonization else "none"
        if colonization:
            stepper.stepper_widget.on_change(self._redraw_board)
            self._redraw_board(stepper.stepper_widget)
        base = load_rules()
        changed = [f"{n.replace('_', ' ')} {'on' if changes[n] else 'off'}" for n in OPTIONS
                   if changes[n] != getattr(base, n)]
        message = (f"Dealt: seed {self.seed.value}, {stepper.players} players, {_label(rules.variant)}"
                   + (f"; {', '.join(changed)}" if changed else "") + ".")
        self.status.value = esc(message)
        return message

    def _redraw_board(self, widget) -> None:
        state = widget.stepper.state
        if getattr(state, "board", None) is None:
            return
        who = "the end" if state.over else f"turn {state.turn}, seat {state.current} to play"
        update_solar_figure(self.board, state, title=f"Colonization: {who}",
                            earth_bonus=self.stepper.game.rules.colony_earth)

    def _short_repr(self) -> str:
        return f"VariantTable({self.status.value})"


__all__ = ["VariantTable"]
