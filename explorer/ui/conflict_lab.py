"""The conflict lab: two teams, a whole conflict, exactly and step by step.

Build an attacking and a defending team (up to three villains each, with
levels and a mastermind), choose how each side plays (a policy from
:data:`explorer.asylum.policies.CONFLICT_POLICIES`), then

* **Compute odds**: the exact chance the attackers win, draw or lose, the
  victory-point margin and the expected Doomsday points
  (:func:`explorer.asylum.odds.state_odds`);
* **step through** the conflict: every legal option is a button, labelled with
  the deciding side's chance of winning if it takes it
  (:func:`explorer.asylum.odds.option_odds`); dice come from a seeded
  :class:`~explorer.core.engine.Stepper`, so Undo and Reset replay exactly;
* **compare** two policies on the same teams.

Exact analysis cost grows fast: 3 against 3 under "expected-vp" takes tens of
milliseconds, but "random" and "best" take tens of seconds, so nothing heavy
runs until a button asks for it.

>>> lab = ConflictLab(attackers=["Doctor Cortex"], defenders=["Corporal Union"])
>>> lab.compute.click()
>>> lab.conflict_odds.attacker_wins + lab.conflict_odds.draw + lab.conflict_odds.defender_wins
Fraction(1, 1)
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as W
import plotly.graph_objects as go

from explorer.asylum import odds
from explorer.asylum.conflict import ConflictResult, ConflictState
from explorer.asylum.odds import ConflictOdds
from explorer.asylum.params import AsylumRules, load_rules
from explorer.asylum.policies import CONFLICT_POLICIES, get_policy
from explorer.asylum.villains import Villain, load_roster
from explorer.core.engine import IllegalAction, Policy, Stepper

from . import odds_plots as plots
from .common import Displayable, esc, figure_update, fraction_text, heading, html_table, percent_text, tagged

SIDES = ("attacker", "defender")
SIDE_NAMES = ("attackers", "defenders")
EMPTY = ""
SLOTS = 3
COMPARE_SIDES = (("both sides", "both"), ("attackers only", "attacker"), ("defenders only", "defender"))
LOG_LINES = 40


def _cheap(sizes: tuple[int, int], policy_names: Sequence[str]) -> bool:
    """Whether exact odds come back fast enough to compute after every click:
    expected-vp play on both sides (~40 ms for 3 against 3), or small teams."""
    return all(p == "expected-vp" for p in policy_names) or max(sizes) <= 2


class ConflictLab(Displayable):
    """Whole-conflict odds, a stepper with option odds, and a policy comparison.

    Public widgets (CSS class in brackets, for browser tests):

    * ``attacker_slots``, ``defender_slots``: three villain dropdowns per side
      (``xp-attacker-slot-1`` .. ``-3``, ``xp-defender-slot-1`` ..; all
      ``xp-team-slot``); the first is required, the others may be empty
    * ``attacker_levels``, ``defender_levels``: their levels
      (``xp-attacker-level-1`` ..; all ``xp-team-level``)
    * ``attacker_mastermind``, ``defender_mastermind`` (``xp-attacker-mastermind``, ...)
    * ``attacker_policy``, ``defender_policy`` (``xp-attacker-policy``, ...)
    * ``compute`` button "Compute odds" (``xp-compute``), ``status`` (``xp-status``),
      ``summary`` table (``xp-conflict-summary``), figures ``outcome_fig``
      (``xp-outcome-bars``) and ``margin_fig`` (``xp-margin-bars``)
    * stepper: ``seed`` (``xp-seed``), ``state_view`` (``xp-state``),
      ``options_box`` (``xp-options``) holding ``option_buttons`` (each
      ``xp-option``), ``label_options`` (``xp-label-options``), ``policy_step``
      (``xp-policy-step``), ``play_out`` (``xp-play-out``), ``undo``
      (``xp-undo``), ``reset`` (``xp-reset``), ``log`` (``xp-log``)
    * comparison: ``compare_a``, ``compare_b`` (``xp-compare-a``, ``xp-compare-b``),
      ``compare_side`` (``xp-compare-side``), ``compare_button`` (``xp-compare``),
      ``comparison_table`` (``xp-policy-table``), ``comparison_fig``
      (``xp-policy-comparison``)
    * ``widget``: the whole layout (``xp-conflict-lab``)

    Changing a team, a level, a mastermind or a policy starts the stepper again
    (with the seed) and clears the odds until the next *Compute odds*.

    Read-only results: ``conflict_odds`` (last computed :class:`ConflictOdds`),
    ``labels`` (option -> win chance at the current decision), ``comparison``
    (label -> :class:`ConflictOdds`), ``stepper``, ``error``.
    """

    def __init__(
        self,
        roster: Mapping[str, Villain] | None = None,
        attackers: Sequence[str] | None = None,
        defenders: Sequence[str] | None = None,
        levels: tuple[Sequence[int], Sequence[int]] | None = None,
        policies: tuple[str, str] = ("expected-vp", "expected-vp"),
        masterminds: tuple[str | None, str | None] = (None, None),
        seed: int = 0,
        rules: AsylumRules | None = None,
    ) -> None:
        self.roster = dict(roster if roster is not None else load_roster())
        names = list(self.roster)
        if len(names) < 2:
            raise ValueError("the roster needs at least two villains for a conflict")
        attackers = list(attackers or names[:1])
        defenders = list(defenders or names[1:2])
        for team in (attackers, defenders):
            if not 1 <= len(team) <= SLOTS:
                raise ValueError(f"a team has 1 to {SLOTS} villains, got {len(team)}")
            for n in team:
                if n not in self.roster:
                    raise KeyError(f"no villain {n!r} in the roster (known: {', '.join(names)})")
        levels = levels or ([1] * len(attackers), [1] * len(defenders))
        self.rules = rules or load_rules()
        self._syncing = False
        self.conflict_odds: ConflictOdds | None = None
        self.labels: dict[Any, Fraction] = {}
        self.comparison: dict[str, ConflictOdds] = {}
        self.error: str | None = None
        self._labelling = False
        self._policy_objects: dict[int, Policy] = {}

        # -- teams
        for side, team, lv in ((0, attackers, levels[0]), (1, defenders, levels[1])):
            prefix = SIDES[side]
            slots, lvls = [], []
            for k in range(SLOTS):
                opts = names if k == 0 else [("—", EMPTY)] + [(n, n) for n in names]
                value = team[k] if k < len(team) else EMPTY
                dd = W.Dropdown(options=opts, value=value, description=f"Villain {k + 1}" if k else "Villain 1",
                                layout=W.Layout(width="260px"))
                lw = W.Dropdown(options=[1, 2, 3], value=lv[k] if k < len(lv) else 1, description="level",
                                layout=W.Layout(width="120px"), style={"description_width": "40px"})
                slots.append(tagged(dd, "xp-team-slot", f"xp-{prefix}-slot-{k + 1}"))
                lvls.append(tagged(lw, "xp-team-level", f"xp-{prefix}-level-{k + 1}"))
            setattr(self, f"{prefix}_slots", slots)
            setattr(self, f"{prefix}_levels", lvls)
            mm = W.Dropdown(options=list(team), value=masterminds[side] or team[0], description="Mastermind",
                            layout=W.Layout(width="260px"))
            setattr(self, f"{prefix}_mastermind", tagged(mm, f"xp-{prefix}-mastermind"))
            pol = W.Dropdown(options=list(CONFLICT_POLICIES), value=policies[side], description="Plays",
                             layout=W.Layout(width="260px"))
            setattr(self, f"{prefix}_policy", tagged(pol, f"xp-{prefix}-policy"))

        # -- whole-conflict odds
        self.compute = tagged(W.Button(description="Compute odds", button_style="primary", icon="calculator"),
                              "xp-compute")
        self.status = tagged(W.HTML(), "xp-status")
        self.summary = tagged(W.HTML(), "xp-conflict-summary")
        blank = ConflictOdds.of(_draw_dist())
        self.outcome_fig = tagged(go.FigureWidget(plots.conflict_outcome_bars(blank)), "xp-outcome-bars")
        self.margin_fig = tagged(go.FigureWidget(plots.margin_bars(blank, self.rules.sound_defeat_margin)),
                                 "xp-margin-bars")

        # -- stepper
        self.seed = tagged(W.IntText(value=seed, description="seed (used on Reset)", style={"description_width": "initial"},
                                     layout=W.Layout(width="220px")), "xp-seed")
        self.state_view = tagged(W.HTML(), "xp-state")
        self.options_box = tagged(W.VBox(layout=W.Layout(align_items="flex-start")), "xp-options")
        self.option_buttons: list[W.Button] = []
        self.label_options = tagged(W.Button(description="Label options with win chances", icon="percent",
                                             layout=W.Layout(width="auto")), "xp-label-options")
        self.policy_step = tagged(W.Button(description="Let the policy choose", icon="step-forward",
                                           layout=W.Layout(width="auto")), "xp-policy-step")
        self.play_out = tagged(W.Button(description="Play to the end", icon="fast-forward",
                                        layout=W.Layout(width="auto")), "xp-play-out")
        self.undo = tagged(W.Button(description="Undo", icon="undo"), "xp-undo")
        self.reset = tagged(W.Button(description="Reset", icon="refresh"), "xp-reset")
        self.log = tagged(W.HTML(), "xp-log")

        # -- comparison
        self.compare_a = tagged(W.Dropdown(options=list(CONFLICT_POLICIES), value="expected-vp", description="Policy A"), "xp-compare-a")
        self.compare_b = tagged(W.Dropdown(options=list(CONFLICT_POLICIES), value="random", description="Policy B"), "xp-compare-b")
        self.compare_side = tagged(W.Dropdown(options=list(COMPARE_SIDES), value="both", description="used by"),
                                   "xp-compare-side")
        self.compare_button = tagged(W.Button(description="Compare", icon="balance-scale"), "xp-compare")
        self.comparison_table = tagged(W.HTML(), "xp-policy-table")
        self.comparison_fig = tagged(go.FigureWidget(plots.policy_comparison(
            {}, "Same teams, different play<br><sup>choose two policies and press Compare</sup>")), "xp-policy-comparison")

        # -- wiring
        for prefix in SIDES:
            for w in getattr(self, f"{prefix}_slots") + getattr(self, f"{prefix}_levels"):
                w.observe(lambda ch: self._on_teams(), names="value")
            getattr(self, f"{prefix}_mastermind").observe(lambda ch: self._on_teams(), names="value")
            getattr(self, f"{prefix}_policy").observe(lambda ch: self._on_policy(), names="value")
        self.compute.on_click(lambda b: self.compute_odds())
        self.label_options.on_click(lambda b: self._label_and_show())
        self.policy_step.on_click(lambda b: self.step())
        self.play_out.on_click(lambda b: self.run_to_end())
        self.undo.on_click(lambda b: self.step_back())
        self.reset.on_click(lambda b: self.restart())
        self.compare_button.on_click(lambda b: self.compare())

        self.stepper: Stepper | None = None
        self.widget = tagged(self._layout(), "xp-conflict-lab")
        self._on_teams()

    # -- layout -----------------------------------------------------------------------------
    def _team_box(self, side: int) -> W.VBox:
        prefix = SIDES[side]
        rows = [W.HBox([s, l]) for s, l in zip(getattr(self, f"{prefix}_slots"), getattr(self, f"{prefix}_levels"))]
        title = W.HTML(f"<b>{'Attackers (moved in, act first)' if side == 0 else 'Defenders'}</b>")
        return W.VBox([title, *rows, getattr(self, f"{prefix}_mastermind"), getattr(self, f"{prefix}_policy")],
                      layout=W.Layout(margin="0 24px 0 0"))

    def _layout(self) -> W.VBox:
        def h(text: str) -> W.HTML:
            return W.HTML(f"<h4 style='margin:12px 0 4px'>{text}</h4>")

        return W.VBox([
            h("1. The teams"),
            W.HBox([self._team_box(0), self._team_box(1)]),
            h("2. The whole conflict, exactly"),
            W.HBox([self.compute, self.status], layout=W.Layout(align_items="center")),
            self.summary,
            self.outcome_fig,
            self.margin_fig,
            h("3. Step through it"),
            self.state_view,
            self.options_box,
            W.HBox([self.label_options, self.policy_step, self.play_out, self.undo, self.reset, self.seed],
                   layout=W.Layout(flex_flow="row wrap", align_items="center")),
            self.log,
            h("4. Compare two policies on these teams"),
            W.HBox([self.compare_a, self.compare_b, self.compare_side, self.compare_button],
                   layout=W.Layout(flex_flow="row wrap")),
            self.comparison_table,
            self.comparison_fig,
        ])

    # -- reading the widgets ----------------------------------------------------------------
    def team(self, side: int) -> tuple[Villain, ...]:
        """The villains of a side (0 attackers, 1 defenders) at their levels."""
        prefix = SIDES[side]
        out = []
        for s, lw in zip(getattr(self, f"{prefix}_slots"), getattr(self, f"{prefix}_levels")):
            if s.value != EMPTY:
                v = self.roster[s.value]
                out.append(v.at_level(min(lw.value, v.max_level)))
        return tuple(out)

    @property
    def policy_names(self) -> tuple[str, str]:
        return (self.attacker_policy.value, self.defender_policy.value)

    def policy_map(self) -> dict[int, Policy]:
        """The two sides' policies, as objects kept between calls (their caches
        make later option odds fast)."""
        if not self._policy_objects:
            self._policy_objects = {side: get_policy(name) for side, name in enumerate(self.policy_names)}
        return self._policy_objects

    def initial_state(self) -> ConflictState:
        """The opening state for the teams and masterminds now chosen
        (``ValueError`` if a villain is on the field twice)."""
        mm = (self.attacker_mastermind.value, self.defender_mastermind.value)
        return odds.GAME.start(self.team(0), self.team(1), masterminds=mm, rules=self.rules)

    @property
    def cheap(self) -> bool:
        return _cheap((len(self.team(0)), len(self.team(1))), self.policy_names)

    # -- callbacks ---------------------------------------------------------------------------
    def _on_teams(self) -> None:
        if self._syncing:
            return
        self._syncing = True
        try:
            for side, prefix in enumerate(SIDES):
                names = [v.name for v in self.team(side)]
                mm = getattr(self, f"{prefix}_mastermind")
                if list(mm.options) != names:
                    keep = mm.value if mm.value in names else names[0]
                    mm.options = names
                    mm.value = keep
        finally:
            self._syncing = False
        self._stale()
        self.restart()

    def _on_policy(self) -> None:
        self._policy_objects = {}
        self._stale()
        self.restart()

    def _stale(self) -> None:
        """Teams or policies changed: old odds no longer apply."""
        self.conflict_odds = None
        self._labelling = False
        self.labels = {}
        self.summary.value = ""
        self._clear_figures()
        cost = "" if self.cheap else (" &mdash; with 3 villains a side and the &ldquo;random&rdquo; or "
                                      "&ldquo;best&rdquo; policy this can take tens of seconds")
        self.status.value = f"<i>Press <b>Compute odds</b> for the exact result{cost}.</i>"

    def _clear_figures(self) -> None:
        with figure_update(self.outcome_fig):
            self.outcome_fig.data[0].y = [0, 0, 0]
            self.outcome_fig.data[0].text = ["", "", ""]
            self.outcome_fig.layout.title.text = "How the conflict ends<br><sup>press Compute odds</sup>"
        with figure_update(self.margin_fig):
            self.margin_fig.data[0].x, self.margin_fig.data[0].y = [], []

    # -- whole-conflict odds ----------------------------------------------------------------
    def compute_odds(self) -> ConflictOdds | None:
        """Exact odds of the whole conflict, then option odds at the current step."""
        if self.error:
            self.status.value = f"<span style='color:#b00'>{esc(self.error)}</span>"
            return None
        self.status.value = "<i>computing…" + ("" if self.cheap else " (this can take tens of seconds)") + "</i>"
        t = time.perf_counter()
        co = odds.state_odds(self.stepper.initial, self.policy_map())
        self.conflict_odds = co
        with figure_update(self.outcome_fig):
            plots.update_outcome_bars(self.outcome_fig, co)
        with figure_update(self.margin_fig):
            plots.update_margin_bars(self.margin_fig, co, self.rules.sound_defeat_margin)
        self.summary.value = self._summary_html(co)
        self._labelling = True
        self._label_current()
        self._show()
        self.status.value = f"done in {(time.perf_counter() - t) * 1e3:.0f} ms"
        return co

    def _summary_html(self, co: ConflictOdds) -> str:
        sound = self.rules.sound_defeat_margin
        rows = [
            ["Attackers win", fraction_text(co.attacker_wins), percent_text(co.attacker_wins)],
            ["Draw (the attackers go back)", fraction_text(co.draw), percent_text(co.draw)],
            ["Defenders win", fraction_text(co.defender_wins), percent_text(co.defender_wins)],
            [f"Attackers win by {sound}+ VP (sound defeat)", *_both(co.margin.prob(lambda m: m >= sound))],
            [f"Defenders win by {sound}+ VP (sound defeat)", *_both(co.margin.prob(lambda m: m <= -sound))],
            ["Expected Doomsday points, attackers", fraction_text(co.doomsday[0]), f"{float(co.doomsday[0]):.3f}"],
            ["Expected Doomsday points, defenders", fraction_text(co.doomsday[1]), f"{float(co.doomsday[1]):.3f}"],
            ["Expected villains lost for good, attackers", fraction_text(co.expected_lost(0)), f"{float(co.expected_lost(0)):.3f}"],
            ["Expected villains lost for good, defenders", fraction_text(co.expected_lost(1)), f"{float(co.expected_lost(1)):.3f}"],
        ]
        pa, pd = self.policy_names
        return html_table(["", "exact", "≈"], rows, numeric=(1, 2), css="xp-table xp-summary",
                          caption=f"Attackers play '{pa}', defenders play '{pd}'.  Rulebook: "
                                  "\"Victory in Conflicts\", \"Concluding a Conflict\", \"Bonus for sound defeat\", "
                                  "\"Defeated villains\".")

    # -- the stepper ------------------------------------------------------------------------
    def restart(self) -> None:
        """A fresh stepper for the current teams, seeded from ``seed``."""
        self.labels = {}
        try:
            initial = self.initial_state()
            self.error = None
        except ValueError as e:
            self.error = str(e)
            self.stepper = None
            self.status.value = f"<span style='color:#b00'>{esc(self.error)}</span>"
            self._show()
            return
        self.stepper = Stepper(odds.GAME, initial, seed=self.seed.value, policies=self.policy_map())
        self._after_move()

    def choose(self, option: Any) -> None:
        """Take ``option`` at the current decision (what an option button does)."""
        if self.stepper is None:
            return
        try:
            self.stepper.step(option)
        except IllegalAction as e:
            self.status.value = f"<span style='color:#b00'>{esc(e)}</span>"
            return
        self._after_move()

    def step(self) -> None:
        """Let the deciding side's policy choose (or take the forced step)."""
        if self.stepper is None or self.stepper.over:
            return
        self.stepper.step()
        self._after_move()

    def run_to_end(self) -> None:
        if self.stepper is None:
            return
        self.stepper.run()
        self._after_move()

    def step_back(self) -> None:
        if self.stepper is None:
            return
        self.stepper.undo()
        self._after_move()

    def _after_move(self) -> None:
        self.labels = {}
        if self._labelling and self.cheap:
            self._label_current()
        self._show()

    def _label_current(self) -> None:
        if self.stepper is None or self.stepper.over:
            self.labels = {}
            return
        self.labels = odds.option_odds(self.stepper.state, self.policy_map())

    def _label_and_show(self) -> None:
        if self.stepper is None:
            return
        self.status.value = "<i>computing…" + ("" if self.cheap else " (this can take tens of seconds)") + "</i>"
        t = time.perf_counter()
        self._labelling = True
        self._label_current()
        self._show()
        self.status.value = f"option odds in {(time.perf_counter() - t) * 1e3:.0f} ms"

    def option_label(self, option: Any) -> str:
        """A button's text: the option, and the deciding side's win chance once
        computed (for the step the rules take on their own, the attackers')."""
        p = self.labels.get(option)
        if p is None:
            return str(option)
        dec = self.stepper.decision if self.stepper is not None else None
        who = "attackers win" if dec is not None and dec.player is None else "win"
        return f"{option}  ·  {who} {percent_text(p)}"

    def _show(self) -> None:
        st = self.stepper
        if st is None:
            self.state_view.value = ""
            self.options_box.children = ()
            self.option_buttons = []
            self.log.value = ""
            return
        state = st.state
        dec = st.decision
        lines = [f"<pre style='margin:0'>{esc(state.describe())}</pre>"]
        if dec is None:
            lines.append(f"<b>Over.</b> {esc(_result_text(state.result))}")
        else:
            who = "the rules (nobody chooses)" if dec.player is None else SIDE_NAMES[dec.player]
            lines.append(f"<b>Step {len(st.history) + 1}</b>: {esc(dec.prompt)} &mdash; decided by {esc(who)} "
                         f"(rulebook: &ldquo;{esc(heading(dec.rule))}&rdquo;)")
            if self.labels and dec.player is not None:
                lines.append(f"<span style='font-size:0.9em'>Each button shows the chance the {SIDE_NAMES[dec.player]} "
                             f"win the conflict if they choose it and play then follows the chosen policies.</span>")
        self.state_view.value = "<br>".join(lines)
        buttons = []
        if dec is not None:
            for option in dec.options:
                b = W.Button(description=self.option_label(option), layout=W.Layout(width="auto"),
                             tooltip=(f"P(win) = {fraction_text(self.labels[option])}" if option in self.labels else str(option)))
                b.add_class("xp-option")
                b.option = option
                b.on_click(lambda btn: self.choose(btn.option))
                buttons.append(b)
        self.option_buttons = buttons
        self.options_box.children = tuple(buttons)
        self.undo.disabled = not st.history
        self.policy_step.disabled = self.play_out.disabled = dec is None
        self.log.value = self._log_html(st)

    def _log_html(self, st: Stepper) -> str:
        items = []
        for e in st.history:
            who = "rules" if e.player is None else SIDE_NAMES[e.player]
            evs = "".join(f"<li>{esc(ev.text)} <span style='color:#777'>[{esc(heading(ev.rule))}]</span></li>"
                          for ev in e.events)
            items.append(f"<li><b>{esc(who)}</b>: {esc(e.action)}<ul style='margin:0'>{evs}</ul></li>")
        items = items[-LOG_LINES:]
        body = "".join(items) or "<li><i>nothing yet: choose an option above</i></li>"
        return f"<div class='xp-log-list'><b>What happened</b><ol style='margin:2px 0'>{body}</ol></div>"

    # -- comparing policies -----------------------------------------------------------------
    def compare(self) -> dict[str, ConflictOdds]:
        """Exact odds under policy A and policy B (both sides, or one side with the
        other side keeping its chosen policy), same teams."""
        if self.error:
            self.status.value = f"<span style='color:#b00'>{esc(self.error)}</span>"
            return {}
        slow = not _cheap((len(self.team(0)), len(self.team(1))), (self.compare_a.value, self.compare_b.value))
        self.status.value = "<i>computing…" + (" (this can take tens of seconds)" if slow else "") + "</i>"
        t = time.perf_counter()
        initial = self.stepper.initial
        results: dict[str, ConflictOdds] = {}
        for name in dict.fromkeys((self.compare_a.value, self.compare_b.value)):
            who = self.compare_side.value
            pair = {"both": (name, name), "attacker": (name, self.defender_policy.value),
                    "defender": (self.attacker_policy.value, name)}[who]
            label = f"both {name}" if who == "both" else f"attackers {pair[0]}, defenders {pair[1]}"
            results[label] = odds.state_odds(initial, pair)
        self.comparison = results
        fig = plots.policy_comparison(results)
        with figure_update(self.comparison_fig):
            self.comparison_fig.data = ()
        self.comparison_fig.add_traces(list(fig.data))
        self.comparison_fig.layout.title.text = fig.layout.title.text
        self.comparison_table.value = html_table(
            ["policies", *plots.OUTCOME_LABELS], plots.comparison_rows(results), numeric=(1, 2, 3),
            css="xp-table xp-wrap xp-comparison")
        self.status.value = f"compared in {(time.perf_counter() - t) * 1e3:.0f} ms"
        return results

    def _short_repr(self) -> str:
        a = ", ".join(v.name for v in self.team(0))
        d = ", ".join(v.name for v in self.team(1))
        return f"ConflictLab(attackers=[{a}], defenders=[{d}], policies={self.policy_names})"


def _both(p: Fraction) -> list[str]:
    return [fraction_text(p), percent_text(p)]


def _draw_dist():
    """A placeholder result (a certain 0-0 draw) to draw empty charts before any odds."""
    from explorer.core.dist import Dist

    return Dist.certain(ConflictResult(vp=(0, 0), winner=None, doomsday=(0, 0), defeated=((), ()), lost=((), ())))


def _result_text(result: ConflictResult) -> str:
    vp = f"{result.vp[0]}-{result.vp[1]} VP"
    if result.winner is None:
        text = f"A draw at {vp}: no Doomsday points."
    else:
        text = f"The {SIDE_NAMES[result.winner]} win {vp}; Doomsday points won: attackers {result.doomsday[0]}, defenders {result.doomsday[1]}."
    for side in (0, 1):
        if result.lost[side]:
            text += f" The {SIDE_NAMES[side]} lose {', '.join(result.lost[side])} for good."
    if result.slipped:
        text += f" Slipped away: {', '.join(result.slipped)}."
    return text
