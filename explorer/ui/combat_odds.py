"""The combat odds explorer: two villains, every attack between them, exactly.

Pick an attacker and a defender from the roster (or move the stat sliders to
make your own), choose their levels, and read the exact odds of each thing the
attacker can do with his action: mental attack, physical attack (the catch and
the hit separately, and overall), each of his action abilities, and a tactical
maneuver.  Two charts put the matchup in context: where it sits on the map of
all stat differences, and the two-dice difference every contest turns on.

>>> x = CombatOddsExplorer(attacker="Doctor Cortex", defender="Corporal Union")
>>> x.row("mental").p
Fraction(7, 12)
>>> x.attacker_stats["mental_attack"].value = 6   # a custom villain now
>>> x.attacker.value, x.row("mental").p
('Custom', Fraction(13, 18))
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import NamedTuple

import ipywidgets as W
import plotly.graph_objects as go

from explorer.asylum import abilities as _abilities
from explorer.asylum import odds
from explorer.asylum import sections as R
from explorer.asylum.combat import (
    Attack,
    attack_dist,
    can_reach,
    maneuver_stat,
    mental_attack_spec,
    physical_attack_spec,
)
from explorer.asylum.params import AsylumRules, load_rules
from explorer.asylum.villains import STAT_LABELS, STATS, Upgrade, Villain, load_roster
from explorer.core.engine import IllegalAction

from . import odds_plots as plots
from .common import Displayable, esc, figure_update, fraction_text, heading, html_table, percent_text, tagged

CUSTOM = "Custom"
SIDES = ("attacker", "defender")
STAT_MAX = 8
CONTESTS = (("mental attack", "mental"), ("physical: catch", "catch"), ("physical: hit", "hit"), ("none", "none"))


class OddsRow(NamedTuple):
    """One line of the odds table.  ``p`` is ``None`` when the action is not
    possible (a melee attack on a flyer); ``note`` then says why."""

    key: str
    action: str
    roll: str
    p: Fraction | None
    vp: str
    section: str
    note: str = ""


def _css(name: str) -> str:
    return name.replace("_", "-")


class CombatOddsExplorer(Displayable):
    """Exact odds of one villain attacking another.

    Public widgets (each with a stable CSS class for browser tests):

    * ``attacker``, ``defender``: roster dropdowns plus ``"Custom"``
      (``xp-attacker``, ``xp-defender``)
    * ``attacker_level``, ``defender_level``: levels 1-3
      (``xp-attacker-level``, ``xp-defender-level``)
    * ``attacker_stats``, ``defender_stats``: dict stat -> ``IntSlider``
      (``xp-attacker-physical-attack`` ..., all also ``xp-stat-slider``)
    * ``use_abilities`` (``xp-use-abilities``), ``target_is_mastermind``
      (``xp-target-mastermind``), ``swap`` button (``xp-swap``)
    * ``info`` (``xp-villain-info``), ``table`` (``xp-odds-table``)
    * ``heatmap`` figure (``xp-heatmap``), ``dice`` figure (``xp-dice-bars``),
      ``dice_view`` (``xp-dice-view``), ``dice_contest`` (``xp-dice-contest``)
    * ``widget``: the whole layout (``xp-combat-odds``)
    """

    def __init__(
        self,
        roster: Mapping[str, Villain] | None = None,
        attacker: str | None = None,
        defender: str | None = None,
        levels: tuple[int, int] = (1, 1),
        rules: AsylumRules | None = None,
    ) -> None:
        self.roster = dict(roster if roster is not None else load_roster())
        if len(self.roster) < 1:
            raise ValueError("the roster has no villains")
        names = list(self.roster)
        attacker = attacker or names[0]
        defender = defender or names[min(1, len(names) - 1)]
        for who in (attacker, defender):
            if who not in self.roster:
                raise KeyError(f"no villain {who!r} in the roster (known: {', '.join(names)})")
        self.rules = rules or load_rules()
        self._syncing = False
        self._base: dict[str, Villain | None] = {"attacker": self.roster[attacker], "defender": self.roster[defender]}
        self.rows: list[OddsRow] = []

        options = names + [CUSTOM]
        self.attacker = tagged(W.Dropdown(options=options, value=attacker, description="Villain"), "xp-attacker")
        self.defender = tagged(W.Dropdown(options=options, value=defender, description="Villain"), "xp-defender")
        self.attacker_level = tagged(self._level_widget(levels[0]), "xp-attacker-level")
        self.defender_level = tagged(self._level_widget(levels[1]), "xp-defender-level")
        self.attacker_stats = self._sliders("attacker")
        self.defender_stats = self._sliders("defender")
        self.use_abilities = tagged(W.Checkbox(value=True, description="count special abilities", indent=False),
                                    "xp-use-abilities")
        self.target_is_mastermind = tagged(
            W.Checkbox(value=False, description="the defender is the rival mastermind", indent=False),
            "xp-target-mastermind")
        self.swap = tagged(W.Button(description="Swap attacker and defender", icon="exchange"), "xp-swap")
        self.info = tagged(W.HTML(), "xp-villain-info")
        self.table = tagged(W.HTML(), "xp-odds-table")
        self.heatmap = tagged(go.FigureWidget(plots.attack_heatmap()), "xp-heatmap")
        self.dice_view = tagged(W.ToggleButtons(
            options=[("exact", "exact"), ("at least", "at_least"), ("at most", "at_most")], value="exact",
            description="Show P(difference is"), "xp-dice-view")
        self.dice_view.style.description_width = "initial"
        self.dice_contest = tagged(W.Dropdown(options=list(CONTESTS), value="mental", description="colour the wins of"),
                                   "xp-dice-contest")
        self.dice_contest.style.description_width = "initial"
        self.dice = tagged(go.FigureWidget(plots.dice_difference_bars("exact")), "xp-dice-bars")

        for side in SIDES:
            self._sync_sliders(side)
            getattr(self, side).observe(lambda ch, s=side: self._on_villain(s), names="value")
            getattr(self, f"{side}_level").observe(lambda ch, s=side: self._on_level(s), names="value")
            for slider in self._stats(side).values():
                slider.observe(lambda ch, s=side: self._on_slider(s), names="value")
        self.use_abilities.observe(lambda ch: self.update(), names="value")
        self.target_is_mastermind.observe(lambda ch: self.update(), names="value")
        self.dice_view.observe(lambda ch: self.update_dice(), names="value")
        self.dice_contest.observe(lambda ch: self.update_dice(), names="value")
        self.swap.on_click(lambda b: self.swap_sides())
        self.widget = tagged(self._layout(), "xp-combat-odds")
        self.update()

    # -- building -------------------------------------------------------------------------
    @staticmethod
    def _level_widget(level: int) -> W.ToggleButtons:
        w = W.ToggleButtons(options=[("1", 1), ("2", 2), ("3", 3)], value=level, description="Level")
        w.style.button_width = "40px"
        return w

    def _sliders(self, side: str) -> dict[str, W.IntSlider]:
        out = {}
        for s in STATS:
            w = W.IntSlider(value=0, min=0, max=STAT_MAX, description=STAT_LABELS[s], continuous_update=True,
                            style={"description_width": "120px"})
            out[s] = tagged(w, "xp-stat-slider", f"xp-{side}-{_css(s)}")
        return out

    def _side_box(self, side: str) -> W.VBox:
        title = W.HTML(f"<b>{'Attacker (acts)' if side == 'attacker' else 'Defender (is attacked)'}</b>")
        return W.VBox([title, getattr(self, side), getattr(self, f"{side}_level"), *self._stats(side).values()],
                      layout=W.Layout(margin="0 24px 0 0"))

    def _layout(self) -> W.VBox:
        options = W.HBox([self.use_abilities, self.target_is_mastermind, self.swap],
                         layout=W.Layout(align_items="center"))
        return W.VBox([
            W.HBox([self._side_box("attacker"), self._side_box("defender")]),
            options,
            self.info,
            self.table,
            self.heatmap,
            W.HBox([self.dice_view, self.dice_contest], layout=W.Layout()),
            self.dice,
        ])

    def _stats(self, side: str) -> dict[str, W.IntSlider]:
        return self.attacker_stats if side == "attacker" else self.defender_stats

    # -- the two villains -----------------------------------------------------------------
    def villain(self, side: str) -> Villain:
        """The villain a side's widgets describe now."""
        name = getattr(self, side).value
        level = getattr(self, f"{side}_level").value
        with_abilities = self.use_abilities.value
        if name != CUSTOM:
            v = self.roster[name]
            v = v.at_level(min(level, v.max_level))
            return v if with_abilities else Villain(name=v.name, **v.stats)
        stats = {s: w.value for s, w in self._stats(side).items()}
        base = self._base[side]
        label = f"Custom {side}" if base is None else f"{base.name} (custom)"
        if base is None or not with_abilities:
            return Villain(name=label, **stats)
        # his abilities at this level, with the sliders as his stats: keep the
        # upgrades' abilities, drop their stat changes (the sliders have them)
        ups = tuple(Upgrade(ability=u.ability, text=u.text) for u in base.upgrades)
        return Villain(name=label, **stats, level=min(level, 1 + len(ups)), abilities=base.abilities, upgrades=ups)

    @property
    def attacker_villain(self) -> Villain:
        return self.villain("attacker")

    @property
    def defender_villain(self) -> Villain:
        return self.villain("defender")

    def _sync_sliders(self, side: str) -> None:
        """Set a side's sliders to his roster villain's stats at the chosen level."""
        name = getattr(self, side).value
        if name == CUSTOM:
            return
        v = self.roster[name]
        v = v.at_level(min(getattr(self, f"{side}_level").value, v.max_level))
        self._syncing = True
        try:
            for s, w in self._stats(side).items():
                w.value = min(v.stat(s), w.max)
        finally:
            self._syncing = False

    # -- callbacks ------------------------------------------------------------------------
    def _on_villain(self, side: str) -> None:
        if self._syncing:
            return
        name = getattr(self, side).value
        if name != CUSTOM:
            self._base[side] = self.roster[name]
            self._sync_sliders(side)
        self.update()

    def _on_level(self, side: str) -> None:
        if self._syncing:
            return
        self._sync_sliders(side)
        self.update()

    def _on_slider(self, side: str) -> None:
        if self._syncing:
            return
        dropdown = getattr(self, side)
        if dropdown.value != CUSTOM:
            self._syncing = True
            try:
                dropdown.value = CUSTOM
            finally:
                self._syncing = False
        self.update()

    def swap_sides(self) -> None:
        """Exchange attacker and defender (villain, level, stats)."""
        saved = {side: (getattr(self, side).value, getattr(self, f"{side}_level").value,
                        {s: w.value for s, w in self._stats(side).items()}, self._base[side]) for side in SIDES}
        self._syncing = True
        try:
            for side, other in zip(SIDES, reversed(SIDES)):
                name, level, stats, base = saved[other]
                getattr(self, side).value = name
                getattr(self, f"{side}_level").value = level
                for s, w in self._stats(side).items():
                    w.value = stats[s]
                self._base[side] = base
        finally:
            self._syncing = False
        self.update()

    # -- the odds -------------------------------------------------------------------------
    def compute_rows(self) -> list[OddsRow]:
        """Every line of the odds table, exact, from :mod:`explorer.asylum.odds`."""
        a, d = self.attacker_villain, self.defender_villain
        rules = self.rules
        mm = self.target_is_mastermind.value
        vp_defeat = str(rules.vp_defeat)
        rows: list[OddsRow] = []

        def roll(attack: Attack, catch_first: bool = False) -> str:
            bonus = f" {attack.bonus:+d}" if attack.bonus else ""
            text = (f"{STAT_LABELS[attack.attack_stat]} {a.stat(attack.attack_stat)}{bonus} + d6 vs "
                    f"{STAT_LABELS[attack.defense_stat]} {d.stat(attack.defense_stat)} + d6")
            return ("catch, then " + text) if catch_first else text

        mental = mental_attack_spec(a)
        rows.append(OddsRow("mental", "Mental attack", roll(mental), odds.mental_attack(a, d, rules), vp_defeat,
                            heading(R.MENTAL)))
        phys = physical_attack_spec(a)
        kind = "Physical attack" + (" (ranged)" if phys.ranged else "")
        if can_reach(a, d, phys):
            b = odds.physical_breakdown(a, d, rules)
            needs_catch = rules.ranged_attacks_need_catch or not phys.ranged
            if needs_catch:
                rows.append(OddsRow("catch", f"{kind}: 1. catch him", f"Quickness {a.stat('quickness')} + d6 vs "
                                    f"Quickness {d.stat('quickness')} + d6", b.catch, "-", heading(R.PHYSICAL)))
            rows.append(OddsRow("hit", f"{kind}: 2. hit, once caught", roll(phys), b.hit, "-", heading(R.PHYSICAL)))
            rows.append(OddsRow("physical", f"{kind}: overall", "catch and hit" if needs_catch else roll(phys),
                                b.defeat, vp_defeat, heading(R.PHYSICAL)))
        else:
            rows.append(OddsRow("physical", kind, roll(phys, True), None, "-", heading(R.FLYING),
                                f"{d.name} flies: a melee attack cannot reach him"))
        rows.append(self._blocker_row(a, d, phys, roll(phys), vp_defeat))
        for name in a.action_abilities:
            ab = _abilities.get(name)
            spec = ab.effect(a, d, mm)
            effect = "stuns him (he loses his action)" if spec.effect == "stun" else "defeats him"
            vp = "0" if spec.effect == "stun" else vp_defeat
            label = f"{ab.title} (special ability; {effect})"
            try:
                p = odds.ability(a, d, name, mastermind=mm, rules=rules)
                rows.append(OddsRow(f"ability:{name}", label, roll(spec, spec.catch), p, vp, heading(R.ACTIONS)))
            except IllegalAction:
                rows.append(OddsRow(f"ability:{name}", label, roll(spec, spec.catch), None, "-", heading(R.FLYING),
                                    f"{d.name} flies: this melee ability cannot reach him"))
        for side, v in (("attacker", a), ("defender", d)):
            stat = maneuver_stat(v, rules)
            value = v.stat(stat) if rules.maneuver_counts_upgrades else v.base_stat(stat)
            rows.append(OddsRow(
                f"maneuver:{side}", f"Tactical maneuver by the {side}", f"best stat: {STAT_LABELS[stat]} {value} + d6 "
                f"must beat {rules.maneuver_target}", odds.tactical_maneuver(v, rules), str(rules.vp_maneuver),
                heading(R.MANEUVER)))
        return rows

    def _blocker_row(self, a: Villain, d: Villain, phys: Attack, roll: str, vp: str) -> OddsRow:
        label = f"Physical attack with {d.name} blocking for a team mate (no catch)"
        if can_reach(a, d, phys):
            p = odds.physical_attack(a, d, self.rules, blocked=True)
        elif self.rules.flyers_block_melee:
            # a flyer may step in front of a melee attack (rules option flyers_block_melee);
            # odds.physical_attack refuses a melee attack on a flyer even then, so ask the
            # rule the conflict itself uses
            p = attack_dist(a, d, phys, self.rules, True).prob(lambda r: r.success)
        else:
            return OddsRow("blocker", label, roll, None, "-", heading(R.BLOCKING), f"{d.name} flies and may not block melee")
        return OddsRow("blocker", label, roll, p, vp, heading(R.BLOCKING))

    def row(self, key: str) -> OddsRow:
        """The table line with ``key`` (``mental``, ``catch``, ``hit``, ``physical``,
        ``blocker``, ``ability:<name>``, ``maneuver:attacker``, ``maneuver:defender``)."""
        for r in self.rows:
            if r.key == key:
                return r
        raise KeyError(f"no row {key!r}; rows: {', '.join(r.key for r in self.rows)}")

    # -- redrawing ------------------------------------------------------------------------
    def update(self) -> None:
        """Recompute the table and move the marks on the charts."""
        a, d = self.attacker_villain, self.defender_villain
        self.rows = self.compute_rows()
        self.info.value = self._info_html(a, d)
        self.table.value = self._table_html()
        phys = physical_attack_spec(a)
        mental_edge = a.stat("mental_attack") - d.stat("mental_defense")
        physical_edge = ((a.stat("physical_attack") - d.stat("physical_defense"), a.stat("quickness") - d.stat("quickness"))
                         if can_reach(a, d, phys) else None)
        with figure_update(self.heatmap):
            plots.set_heatmap_marks(self.heatmap, mental_edge, physical_edge)
        self.update_dice()

    def contest_edge(self) -> int | None:
        """The stat edge of the contest chosen in ``dice_contest`` (before abilities)."""
        a, d = self.attacker_villain, self.defender_villain
        which = self.dice_contest.value
        if which == "mental":
            return a.stat("mental_attack") - d.stat("mental_defense")
        if which == "catch":
            return a.stat("quickness") - d.stat("quickness")
        if which == "hit":
            return a.stat("physical_attack") - d.stat("physical_defense")
        return None

    def update_dice(self) -> None:
        with figure_update(self.dice):
            plots.update_dice_bars(self.dice, self.dice_view.value, self.contest_edge())

    def _info_html(self, a: Villain, d: Villain) -> str:
        def line(role: str, v: Villain) -> str:
            abil = [f"<i>{esc(_abilities.get(n).title)}</i> ({esc(_abilities.get(n).kind)})" for n in v.active_abilities]
            return (f"<b>{esc(role)}</b>: {esc(v.describe().split(' [')[0])}"
                    + (f" &mdash; {', '.join(abil)}" if abil else " &mdash; no special abilities"))

        autos = [n for n in d.active_abilities if _abilities.get(n).kind == "automatic"] + (["flying"] if d.flying else [])
        notes = "".join(f"<li><i>{esc(_abilities.get(n).title)}</i>: {esc(_abilities.get(n).summary)}</li>" for n in autos)
        extra = (f"<div style='font-size:0.9em'>The defender's abilities that work by themselves "
                 f"(rulebook, &ldquo;Automatic Special Abilities&rdquo;, &ldquo;Flying &amp; Ranged Attacks&rdquo;) "
                 f"are already in the odds below:<ul style='margin:2px 0'>{notes}</ul></div>") if notes else ""
        return f"<div>{line('Attacker', a)}<br>{line('Defender', d)}</div>{extra}"

    def _table_html(self) -> str:
        rows = []
        for r in self.rows:
            if r.p is None:
                cells = [r.action, r.roll, "—", r.note, r.vp, r.section]
            else:
                cells = [r.action, r.roll, fraction_text(r.p), percent_text(r.p), r.vp, r.section]
            rows.append((cells, {"data-key": r.key}))
        caption = (f"Every roll is a d6 plus a stat; ties go to the defender.  Attacking the rival mastermind "
                   f"scores {self.rules.vp_attack_mastermind} more victory point unless a team mate blocks "
                   f"(\"Victory in Conflicts\").  The charts below use the stats only, not special abilities.")
        return html_table(["What the attacker does", "Roll", "P (exact)", "P (%)", "VP if it works", "Rulebook section"],
                          rows, numeric=(2, 3, 4), css="xp-table xp-odds", caption=caption)

    def _short_repr(self) -> str:
        return f"CombatOddsExplorer(attacker={self.attacker.value!r}, defender={self.defender.value!r})"
