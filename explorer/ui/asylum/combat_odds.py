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

import dataclasses
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, NamedTuple

import ipywidgets as W

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
from explorer.asylum.conflict import Block, MentalAttack, PhysicalAttack, TacticalManeuver, UseAbility
from explorer.asylum.explain import Explanation, Side
from explorer.asylum.params import AsylumRules, load_rules
from explorer.asylum.villains import STAT_LABELS, STATS, Upgrade, Villain, load_roster
from explorer.core.dist import Dist
from explorer.core.engine import IllegalAction
from explorer.core.events import RuleRef

from ..common import (
    Displayable,
    Html,
    LiveFigure,
    esc,
    figure_update,
    heading,
    html_table,
    number_html,
    probability_html,
    rule_html,
    tagged,
)
from . import odds_plots as plots

CUSTOM = "Custom"
SIDES = ("attacker", "defender")
STAT_MAX = 8
CONTESTS = (("mental attack", "mental"), ("physical: catch", "catch"), ("physical: hit", "hit"), ("none", "none"))


class OddsRow(NamedTuple):
    """One line of the odds table.  ``p`` is ``None`` when the action is not
    possible (a melee attack on a flyer); ``note`` then says why.  ``vp`` is the
    attacker's victory points if it works and ``expected_vp`` their exact
    expectation, both from the conflict rules; ``explanation`` the terms behind ``p``."""

    key: str
    action: str
    roll: str
    p: Fraction | None
    vp: str
    rule: RuleRef
    note: str = ""
    expected_vp: Fraction | None = None
    explanation: Explanation | None = None

    @property
    def section(self) -> str:
        return heading(self.rule)


def _css(name: str) -> str:
    return name.replace("_", "-")


def dice_chart(view: str = "exact", edge: int | None = None) -> LiveFigure:
    """The two-dice difference on its own (:func:`.odds_plots.dice_difference_bars`),
    drawn through the one drawing path (a :class:`~explorer.ui.common.LiveFigure`,
    so the app shows it as it shows the explorer's charts)."""
    return LiveFigure(plots.dice_difference_bars(view, edge), "xp-dice-chart")


def conflict_vp(attacker: Villain, defender: Villain, action: Any, *, mastermind: bool,
                rules: AsylumRules, blocker: bool = False) -> Dist[int]:
    """The attacker's victory points after one action on ``defender`` in a conflict
    of the two ("Victory in Conflicts"), exactly, from the conflict rules
    themselves.  ``action(attacker_name, defender_name)`` builds the action.
    ``blocker``: the defender steps in front of an attack on his team mate, who
    is the mastermind when ``mastermind``."""
    if defender.name == attacker.name:
        defender = dataclasses.replace(defender, name=f"{defender.name} (defender)")
    game = odds.GAME
    if blocker:
        mate = Villain(name=f"{defender.his} team mate", physical_attack=3, physical_defense=3, mental_attack=3,
                       mental_defense=3, quickness=3)
        state = game.start([attacker], [mate, defender], masterminds=(None, mate.name if mastermind else None),
                           rules=rules)
        (declared,) = game.apply(state, action(attacker.name, mate.name)).outcomes
        steps = game.apply(declared.state, Block(defender.name))
    else:
        state = game.start([attacker], [defender], masterminds=(None, defender.name if mastermind else None),
                           rules=rules)
        steps = game.apply(state, action(attacker.name, defender.name))
    return steps.map(lambda step: step.state.vp[0])


def bare(v: Villain) -> Villain:
    """``v`` at his level without special abilities ("count special abilities"
    unticked): the same stats, each upgrade's stat changes kept, its ability not."""
    return dataclasses.replace(v, abilities=(), upgrades=tuple(Upgrade(stats=u.stats, text=u.text)
                                                                for u in v.upgrades))


def explanation_html(e: Explanation) -> Html:
    """The terms behind an attack's chance, roll by roll: each side's die and the
    numbers added to it, each with its rule; then the chance of each roll."""
    names = {"catch": "The catch", "hit": "The hit", "maneuver": "The maneuver"}
    cell = "style='padding:1px 6px;border:none'"

    def side(s: Side, role: str) -> str:
        if s.die is None:
            head = f"<b>{esc(s.who)}</b>: {s.total} to beat"
        else:
            die = esc(s.die.label) + ("" if s.die.label == "d6" else f" {rule_html(s.die.rule, compact=True)}")
            head = f"<b>{esc(s.who)}</b> ({role}) rolls {die} + <b>{s.total}</b>"
        rows = [f"<tr><td {cell} colspan='3'>{head}</td></tr>"]
        for k, t in enumerate(s.terms):
            value = f"{t.value}" if k == 0 else f"{t.value:+d}"
            rows.append(f"<tr><td style='padding:1px 6px 1px 1.5em;border:none'>{esc(t.label)}</td>"
                        f"<td {cell} class='xp-num'>{value}</td><td {cell}>{rule_html(t.rule, compact=True)}</td></tr>")
        return "".join(rows)

    parts = []
    for k, roll in enumerate(e.rolls, start=1):
        defender_role = "the number" if roll.defender.die is None else "defender"
        parts.append(
            f"<div style='margin-top:6px'><b>{k}. {names.get(roll.name, roll.name)}</b> "
            f"{rule_html(roll.rule, compact=True)}: the higher total wins, a tie goes to the defender</div>"
            f"<table style='border-collapse:collapse;margin:2px 0'>{side(roll.attacker, 'attacker')}"
            f"{side(roll.defender, defender_role)}</table>"
            f"<div>P(the attacker's total is higher) = {probability_html(roll.p)}</div>")
    for text, rule in e.notes:
        parts.append(f"<div style='margin-top:4px'>{esc(text)} {rule_html(rule, compact=True)}</div>")
    if len(e.rolls) > 1:
        product = " × ".join(probability_html(r.p) for r in e.rolls)
        parts.append(f"<div style='margin-top:4px'>Both must work: {product} = <b>{probability_html(e.p)}</b></div>")
    return Html(f"<div class='xp-explain' style='font-size:0.9em;line-height:1.35;min-width:24em'>{''.join(parts)}</div>")


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
    * ``heatmap`` figure (``xp-heatmap``), ``dice`` figure (``xp-dice-bars``), both
      :class:`~explorer.ui.common.LiveFigure`; ``dice_view`` (``xp-dice-view``),
      ``dice_contest`` (``xp-dice-contest``)

    Every probability in the table opens (a click) to the terms behind it:
    each side's stat and upgrades, ability bonuses, automatic defences and dice,
    each with its rule (:func:`explorer.asylum.odds.explain`).
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
        pick = {"description_width": "60px"}
        self.attacker = tagged(W.Dropdown(options=options, value=attacker, description="Villain", style=pick,
                                          layout=W.Layout(width="300px")), "xp-attacker")
        self.defender = tagged(W.Dropdown(options=options, value=defender, description="Villain", style=pick,
                                          layout=W.Layout(width="300px")), "xp-defender")
        self.attacker_level = tagged(self._level_widget(levels[0]), "xp-attacker-level")
        self.defender_level = tagged(self._level_widget(levels[1]), "xp-defender-level")
        self.attacker_stats = self._sliders("attacker")
        self.defender_stats = self._sliders("defender")
        self.use_abilities = tagged(W.Checkbox(value=True, description="count special abilities", indent=False),
                                    "xp-use-abilities")
        self.target_is_mastermind = tagged(
            W.Checkbox(value=False, description="the defender is the rival mastermind", indent=False),
            "xp-target-mastermind")
        self.swap = tagged(W.Button(description="Swap attacker and defender", icon="exchange",
                                    layout=W.Layout(width="auto")), "xp-swap")
        self.info = tagged(W.HTML(), "xp-villain-info")
        self.table = tagged(W.HTML(), "xp-odds-table")
        self.heatmap = LiveFigure(plots.attack_heatmap(), "xp-heatmap")
        self.dice_view = tagged(W.ToggleButtons(
            options=[("exact", "exact"), ("at least", "at_least"), ("at most", "at_most")], value="exact",
            description="Show P(difference is…)", style={"description_width": "initial", "button_width": "80px"}),
            "xp-dice-view")
        self.dice_contest = tagged(W.Dropdown(options=list(CONTESTS), value="mental", description="Colour the wins of",
                                              style={"description_width": "initial"}, layout=W.Layout(width="300px")),
                                   "xp-dice-contest")
        self.dice = LiveFigure(plots.dice_difference_bars("exact"), "xp-dice-bars")

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
        w = W.ToggleButtons(options=[("1", 1), ("2", 2), ("3", 3)], value=level, description="Level",
                            style={"button_width": "40px", "description_width": "60px"})
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
                         layout=W.Layout(align_items="center", flex_flow="row wrap", grid_gap="4px 16px"))
        return W.VBox([
            W.HBox([self._side_box("attacker"), self._side_box("defender")], layout=W.Layout(flex_flow="row wrap")),
            options,
            self.info,
            self.table,
            self.heatmap.widget,
            W.HBox([self.dice_view, self.dice_contest], layout=W.Layout(flex_flow="row wrap", grid_gap="4px 16px")),
            self.dice.widget,
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
            return v if with_abilities else bare(v)
        stats = {s: w.value for s, w in self._stats(side).items()}
        base = self._base[side]
        label = f"Custom {side}" if base is None else f"{base.name} (custom)"
        if base is None or not with_abilities:
            # the sliders hold his stats at this level: no upgrade changes them again
            top = level if base is None else min(level, 1 + len(base.upgrades))
            return Villain(name=label, **stats, level=top, upgrades=(Upgrade(),) * (top - 1),
                           pronoun="he" if base is None else base.pronoun)
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
        """Every line of the odds table, exact: the chances from :mod:`explorer.asylum.odds`
        (with the terms behind them), the victory points from the conflict rules."""
        a, d = self.attacker_villain, self.defender_villain
        rules = self.rules
        mm = self.target_is_mastermind.value
        rows: list[OddsRow] = []

        def roll(attack: Attack, catch_first: bool = False) -> str:
            bonus = f" {attack.bonus:+d}" if attack.bonus else ""
            text = (f"{STAT_LABELS[attack.attack_stat]} {a.stat(attack.attack_stat)}{bonus} + d6 vs "
                    f"{STAT_LABELS[attack.defense_stat]} {d.stat(attack.defense_stat)} + d6")
            return ("catch, then " + text) if catch_first else text

        def vp(action, effect: str = "defeat", who: tuple[Villain, Villain] = (a, d), mastermind: bool = mm,
               blocker: bool = False) -> tuple[str, Fraction]:
            dist = conflict_vp(*who, action, mastermind=mastermind, rules=rules, blocker=blocker)
            best = max(dist.outcomes)
            plain = {"defeat": rules.vp_defeat, "maneuver": rules.vp_maneuver}.get(effect, 0)
            text = f"{plain} + {best - plain} (mastermind)" if best > plain else str(best)
            return text, dist.expectation()

        mental = mental_attack_spec(a)
        text, ev = vp(MentalAttack)
        rows.append(OddsRow("mental", "Mental attack", roll(mental), odds.mental_attack(a, d, rules), text, R.MENTAL,
                            expected_vp=ev, explanation=odds.explain(a, d, mental, rules)))
        phys = physical_attack_spec(a)
        kind = "Physical attack" + (" (ranged)" if phys.ranged else "")
        if can_reach(a, d, phys):
            b = odds.physical_breakdown(a, d, rules)
            e = odds.explain(a, d, phys, rules)
            if len(e.rolls) == 2:
                rows.append(OddsRow("catch", f"{kind}: 1. catch {d.him}", f"Quickness {a.stat('quickness')} + d6 vs "
                                    f"Quickness {d.stat('quickness')} + d6", b.catch, "-", R.PHYSICAL,
                                    explanation=e._replace(rolls=e.rolls[:1], notes=())))
            rows.append(OddsRow("hit", f"{kind}: 2. hit, once caught", roll(phys), b.hit, "-", R.PHYSICAL,
                                explanation=e._replace(rolls=e.rolls[-1:], notes=())))
            text, ev = vp(PhysicalAttack)
            rows.append(OddsRow("physical", f"{kind}: overall", "catch and hit" if len(e.rolls) == 2 else roll(phys),
                                b.defeat, text, R.PHYSICAL, expected_vp=ev, explanation=e))
        else:
            rows.append(OddsRow("physical", kind, roll(phys, True), None, "-", R.FLYING,
                                f"{d.name} flies: a melee attack cannot reach {d.him}"))
        rows.append(self._blocker_row(a, d, phys, roll(phys), vp))
        for name in a.action_abilities:
            ab = _abilities.get(name)
            spec = ab.effect(a, d, mm)
            effect = f"stuns {d.him} ({d.he} loses {d.his} action)" if spec.effect == "stun" else f"defeats {d.him}"
            label = f"{ab.title} (special ability; {effect})"
            try:
                p = odds.ability(a, d, name, mastermind=mm, rules=rules)
            except IllegalAction:
                rows.append(OddsRow(f"ability:{name}", label, roll(spec, spec.catch), None, "-", R.FLYING,
                                    f"{d.name} flies: this melee ability cannot reach {d.him}"))
                continue
            text, ev = vp(lambda an, dn, name=name: UseAbility(an, name, dn), spec.effect)
            rows.append(OddsRow(f"ability:{name}", label, roll(spec, spec.catch), p, text, R.ACTIONS,
                                expected_vp=ev, explanation=odds.explain(a, d, spec, rules)))
        for side, v, other in (("attacker", a, d), ("defender", d, a)):
            stat = maneuver_stat(v, rules)
            value = v.stat(stat) if rules.maneuver_counts_upgrades else v.base_stat(stat)
            text, ev = vp(lambda an, dn, stat=stat: TacticalManeuver(an, stat), "maneuver", (v, other), False)
            rows.append(OddsRow(
                f"maneuver:{side}", f"Tactical maneuver by the {side}", f"best stat: {STAT_LABELS[stat]} {value} + d6 "
                f"must beat {rules.maneuver_target}", odds.tactical_maneuver(v, rules), text, R.MANEUVER,
                expected_vp=ev, explanation=odds.explain_maneuver(v, rules)))
        return rows

    def _blocker_row(self, a: Villain, d: Villain, phys: Attack, roll: str, vp) -> OddsRow:
        label = f"Physical attack with {d.name} blocking for a team mate (no catch)"
        if not can_reach(a, d, phys) and not self.rules.flyers_block_melee:
            return OddsRow("blocker", label, roll, None, "-", R.BLOCKING, f"{d.name} flies and may not block melee")
        # a flyer may step in front of a melee attack (rules option flyers_block_melee):
        # ask the rule the conflict itself uses, which allows it
        p = attack_dist(a, d, phys, self.rules, True).prob(lambda r: r.success)
        text, ev = vp(PhysicalAttack, mastermind=False, blocker=True)
        return OddsRow("blocker", label, roll, p, text, R.BLOCKING, expected_vp=ev,
                       explanation=odds.explain(a, d, phys, self.rules, blocked=True))

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
        with figure_update(self.heatmap) as fig:
            plots.set_heatmap_marks(fig, mental_edge, physical_edge)
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
        with figure_update(self.dice) as fig:
            plots.update_dice_bars(fig, self.dice_view.value, self.contest_edge())

    def _info_html(self, a: Villain, d: Villain) -> str:
        def line(role: str, v: Villain) -> str:
            abil = [f"<i>{esc(_abilities.get(n).title)}</i> ({esc(_abilities.get(n).kind)})" for n in v.active_abilities]
            return (f"<b>{esc(role)}</b>: {esc(v.describe().split(' [')[0])}"
                    + (f" &mdash; {', '.join(abil)}" if abil else " &mdash; no special abilities"))

        autos = [n for n in d.active_abilities if _abilities.get(n).kind == "automatic"] + (["flying"] if d.flying else [])
        notes = "".join(f"<li><i>{esc(_abilities.get(n).title)}</i>: {esc(_abilities.get(n).summary)}</li>" for n in autos)
        extra = (f"<div style='font-size:0.9em'>The defender's abilities that work by themselves "
                 f"({rule_html(R.AUTOMATIC, compact=True)}, {rule_html(R.FLYING, compact=True)}) "
                 f"are already in the odds below:<ul style='margin:2px 0'>{notes}</ul></div>") if notes else ""
        return f"<div>{line('Attacker', a)}<br>{line('Defender', d)}</div>{extra}"

    def _table_html(self) -> str:
        rows = []
        for r in self.rows:
            if r.p is None:
                cells = [r.action, r.roll, r.note, r.vp, "—", rule_html(r.rule, compact=True)]
            else:
                p = probability_html(r.p)
                if r.explanation is not None:
                    p = Html(f"<details class='xp-why-number'><summary>{p}</summary>"
                             f"{explanation_html(r.explanation)}</details>")
                ev = "—" if r.expected_vp is None else number_html(r.expected_vp)
                cells = [r.action, r.roll, p, r.vp, ev, rule_html(r.rule, compact=True)]
            rows.append((cells, {"data-key": r.key}))
        mm = self.target_is_mastermind.value
        caption = (f"Every roll is a d6 plus a stat; ties go to the defender.  Click a chance to see the terms "
                   f"behind it.  Victory points come from the conflict rules: attacking the rival mastermind scores "
                   f"{self.rules.vp_attack_mastermind} more, win or lose, unless a team mate blocks "
                   f"(\"Victory in Conflicts\")" + (" — counted above, since the defender is the mastermind." if mm
                                                   else ".") + "  The charts below use the stats only.")
        return html_table(["What the attacker does", "Roll", "Chance it works", "VP if it works", "Expected VP",
                           "Rulebook section"], rows, numeric=(2, 3, 4), css="xp-table xp-odds", caption=caption)

    def _short_repr(self) -> str:
        return f"CombatOddsExplorer(attacker={self.attacker.value!r}, defender={self.defender.value!r})"
