"""The conflict lab: two teams, a whole conflict, exactly and step by step.

Build an attacking and a defending team (up to three villains each, with
levels and a mastermind), choose how each side plays (a policy from
:data:`explorer.asylum.policies.CONFLICT_POLICIES`), then

* **Compute odds**: the exact chance the attackers win, draw or lose, the
  victory-point margin and the expected Doomsday points
  (:func:`explorer.asylum.odds.state_odds`);
* **step through** the conflict with the generic
  :class:`~explorer.ui.stepper.StepperWidget`: you decide for both sides, every
  legal option is a button, labelled with the deciding side's chance of winning
  if it takes it (:func:`explorer.asylum.odds.option_odds`); dice come from a
  seeded :class:`~explorer.core.engine.Stepper`, so Undo and Reset replay
  exactly; "Why not?" explains the moves the rules forbid; "Ask a good player"
  works the decision out exactly, both sides playing their best from there
  (:class:`explorer.asylum.odds.BestPlayer`);
* **compare** two policies on the same teams.

Exact analysis cost grows fast: 3 against 3 under "expected-vp" takes tens of
milliseconds, but "random" and "best" take up to a second, so nothing heavy
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

from explorer.asylum import odds, why_not
from explorer.asylum.conflict import ConflictResult, ConflictState
from explorer.asylum.odds import ConflictOdds
from explorer.asylum.params import AsylumRules, load_rules
from explorer.asylum.policies import CONFLICT_POLICIES, get_policy
from explorer.asylum.villains import Villain, load_roster
from explorer.core.engine import Entry, IllegalAction, Policy, Stepper

from ..common import (
    Displayable,
    Html,
    LiveFigure,
    esc,
    figure_update,
    html_table,
    number_html,
    probability_html,
    tagged,
)
from ..stepper import ALL, StepperWidget
from . import odds_plots as plots
from .conflict_log import SIDE_NAMES, log_html

SIDES = ("attacker", "defender")
EMPTY = ""
SLOTS = 3
COMPARE_SIDES = (("both sides", "both"), ("attackers only", "attacker"), ("defenders only", "defender"))
SLOW = " (with 3 villains a side and the “random” or “best” policy this takes up to a second)"


def slow_note(pairings: int) -> str:
    """What the lab says before working out ``pairings`` slow pairs of policies (:data:`SLOW`
    for one; Compare may work out two, one after the other).

    >>> slow_note(0) == "" and slow_note(1) == SLOW
    True
    >>> slow_note(2)[-58:]
    'up to a second for each pair of policies: up to 2 seconds)'
    """
    if pairings <= 1:
        return SLOW if pairings else ""
    return SLOW[:-1] + f" for each pair of policies: up to {pairings} seconds)"


def _cheap(sizes: tuple[int, int], policy_names: Sequence[str]) -> bool:
    """Whether the whole conflict's exact odds come back at once: expected-vp play
    on both sides (~40 ms for 3 against 3), or small teams."""
    return all(p == "expected-vp" for p in policy_names) or max(sizes) <= 2


def _heavy(sizes: tuple[int, int], pair: Sequence[str]) -> bool:
    """Whether working out the pair of policies ``pair`` may take up to a second: neither side
    plays expected-vp, with 3 villains on a side (one side playing it: under half a second)."""
    return max(sizes) > 2 and "expected-vp" not in pair


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
    * ``compute`` button "Compute odds" (``xp-compute``), ``status`` beside it
      (``xp-status``), ``summary`` table (``xp-conflict-summary``), figures
      ``outcome_fig`` (``xp-outcome-bars``) and ``margin_fig`` (``xp-margin-bars``)
    * ``stepper_widget``: the :class:`~explorer.ui.stepper.StepperWidget`
      (``xp-stepper``); its parts are also here under the lab's names: ``seed``
      (``xp-seed``), ``state_view`` (``xp-state``), ``step_status``
      (``xp-step-status``), ``options_box`` (``xp-options``) holding
      ``option_buttons`` (each ``xp-option``), ``label_options``
      (``xp-label-options``), ``policy_step`` (``xp-policy-step``), ``play_out``
      (``xp-play-out``), ``undo`` (``xp-undo``), ``reset`` (``xp-reset``), ``log``
      (``xp-log``)
    * comparison: ``compare_a``, ``compare_b`` (``xp-compare-a``, ``xp-compare-b``),
      ``compare_side`` (``xp-compare-side``), ``compare_button`` (``xp-compare``),
      its own ``compare_status`` (``xp-compare-status``), ``comparison_table``
      (``xp-policy-table``), ``comparison_fig`` (``xp-policy-comparison``)
    * ``widget``: the whole layout (``xp-conflict-lab``)

    Changing a team, a level, a mastermind or a policy starts the stepper again
    (with the seed) and clears the odds until the next *Compute odds*.

    Read-only results: ``conflict_odds`` (last computed :class:`ConflictOdds`),
    ``labels`` (option -> win chance at the current decision), ``comparison``
    (label -> :class:`ConflictOdds`), ``stepper`` (``None`` while the teams are
    invalid), ``error``.
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
        attackers, defenders = self._checked_teams(attackers, defenders)
        levels = levels or ([1] * len(attackers), [1] * len(defenders))
        self.rules = rules or load_rules()
        self._syncing = False
        self.conflict_odds: ConflictOdds | None = None
        self.comparison: dict[str, ConflictOdds] = {}
        self.error: str | None = None
        self._policy_objects: dict[int, Policy] = {}
        self._kept_odds: odds.KeptOdds | None = None
        for side, team in enumerate((attackers, defenders)):
            self._build_team(side, team, levels[side], policies[side], masterminds[side])
        self._build_odds()
        self._build_comparison()
        self._build_stepper(seed)
        self._wire()
        self.widget = tagged(self._layout(), "xp-conflict-lab")
        self._on_teams()

    # -- building the lab -------------------------------------------------------------------
    def _checked_teams(self, attackers: Sequence[str] | None,
                       defenders: Sequence[str] | None) -> tuple[list[str], list[str]]:
        """The teams asked for (by default the roster's first two villains), checked."""
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
        return attackers, defenders

    def _build_team(self, side: int, team: Sequence[str], levels: Sequence[int], policy: str,
                    mastermind: str | None) -> None:
        """One side's villain slots, levels, mastermind and policy."""
        names = list(self.roster)
        prefix = SIDES[side]
        slots, lvls = [], []
        for k in range(SLOTS):
            opts = names if k == 0 else [("—", EMPTY)] + [(n, n) for n in names]
            value = team[k] if k < len(team) else EMPTY
            dd = W.Dropdown(options=opts, value=value, description=f"Villain {k + 1}",
                            style={"description_width": "80px"}, layout=W.Layout(width="270px"))
            lw = W.Dropdown(options=[1, 2, 3], value=levels[k] if k < len(levels) else 1, description="level",
                            layout=W.Layout(width="110px"), style={"description_width": "40px"})
            slots.append(tagged(dd, "xp-team-slot", f"xp-{prefix}-slot-{k + 1}"))
            lvls.append(tagged(lw, "xp-team-level", f"xp-{prefix}-level-{k + 1}"))
        setattr(self, f"{prefix}_slots", slots)
        setattr(self, f"{prefix}_levels", lvls)
        mm = W.Dropdown(options=list(team), value=mastermind or team[0], description="Mastermind",
                        style={"description_width": "80px"}, layout=W.Layout(width="270px"))
        setattr(self, f"{prefix}_mastermind", tagged(mm, f"xp-{prefix}-mastermind"))
        pol = W.Dropdown(options=list(CONFLICT_POLICIES), value=policy, description="Plays",
                         style={"description_width": "80px"}, layout=W.Layout(width="270px"))
        setattr(self, f"{prefix}_policy", tagged(pol, f"xp-{prefix}-policy"))

    def _build_odds(self) -> None:
        """The whole-conflict odds: the button, the summary and the figures."""
        self.compute = tagged(W.Button(description="Compute odds", button_style="primary", icon="calculator",
                                       layout=W.Layout(width="auto")), "xp-compute")
        self.status = tagged(W.HTML(), "xp-status")
        self.summary = tagged(W.HTML(), "xp-conflict-summary")
        blank = ConflictOdds.of(_draw_dist())
        self.outcome_fig = LiveFigure(plots.conflict_outcome_bars(blank), "xp-outcome-bars")
        self.margin_fig = LiveFigure(plots.margin_bars(blank, self.rules.sound_defeat_margin), "xp-margin-bars")

    def _build_comparison(self) -> None:
        """Two policies on the same teams: the choices, the table and the figure."""
        pick = {"description_width": "70px"}
        self.compare_a = tagged(W.Dropdown(options=list(CONFLICT_POLICIES), value="expected-vp", description="Policy A",
                                           style=pick, layout=W.Layout(width="220px")), "xp-compare-a")
        self.compare_b = tagged(W.Dropdown(options=list(CONFLICT_POLICIES), value="random", description="Policy B",
                                           style=pick, layout=W.Layout(width="220px")), "xp-compare-b")
        self.compare_side = tagged(W.Dropdown(options=list(COMPARE_SIDES), value="both", description="used by",
                                              style=pick, layout=W.Layout(width="240px")), "xp-compare-side")
        self.compare_button = tagged(W.Button(description="Compare", icon="balance-scale", layout=W.Layout(width="auto")),
                                     "xp-compare")
        self.compare_status = tagged(W.HTML(), "xp-compare-status")
        self.comparison_table = tagged(W.HTML(), "xp-policy-table")
        self.comparison_fig = LiveFigure(plots.policy_comparison(
            {}, "Same teams, different play<br><sup>choose two policies and press Compare</sup>"), "xp-policy-comparison")

    def _build_stepper(self, seed: int) -> None:
        """The stepper: the person decides for both sides; the policies when asked."""
        self.stepper_widget = StepperWidget(
            odds.GAME, self._opening_state(), seed=seed, policies=self.policy_map(), viewers=ALL,
            option_odds=lambda state: self.kept_odds.option_odds(state),
            odds_cost=self._odds_cost, labelling=False,
            odds_owner=lambda dec: "attackers win" if dec.player is None else "win",
            tempting=why_not.tempting, describe=lambda s: s.describe(),
            render_log=self._log_html, render_result=_result_html, player_name=lambda side: SIDE_NAMES[side],
            show_forced=True, buttons=("policy", "end", "undo", "reset"), advisor=odds.BestPlayer(),
        )
        self.stepper_note = W.HTML()
        self.stepper_widget.seed.description = "seed (used on Reset)"
        self.stepper_widget.seed.layout.width = "210px"

    def _log_html(self, entries: Sequence[Entry]) -> str:
        """The log, newest first, each step with its roll (:func:`.conflict_log.log_html`)."""
        widget = getattr(self, "stepper_widget", None)  # None while the stepper is being built
        return log_html(entries, None if widget is None else widget.stepper.initial)

    def _wire(self) -> None:
        """A change of team or policy starts again; the buttons compute."""
        for prefix in SIDES:
            for w in getattr(self, f"{prefix}_slots") + getattr(self, f"{prefix}_levels"):
                w.observe(lambda ch: self._on_teams(), names="value")
            getattr(self, f"{prefix}_mastermind").observe(lambda ch: self._on_teams(), names="value")
            getattr(self, f"{prefix}_policy").observe(lambda ch: self._on_policy(), names="value")
        self.compute.on_click(lambda b: self.compute_odds())
        self.compare_button.on_click(lambda b: self.compare())

    # -- the stepper's parts, under the lab's names ------------------------------------------
    @property
    def stepper(self) -> Stepper | None:
        return None if self.error else self.stepper_widget.stepper

    @property
    def labels(self) -> dict[Any, Fraction]:
        return {} if self.error else self.stepper_widget.labels

    @property
    def option_buttons(self) -> list[W.Button]:
        return [] if self.error else self.stepper_widget.option_buttons

    seed = property(lambda self: self.stepper_widget.seed)
    state_view = property(lambda self: self.stepper_widget.state_view)
    step_status = property(lambda self: self.stepper_widget.status)
    options_box = property(lambda self: self.stepper_widget.options_box)
    label_options = property(lambda self: self.stepper_widget.label_button)
    policy_step = property(lambda self: self.stepper_widget.policy_button)
    play_out = property(lambda self: self.stepper_widget.end_button)
    undo = property(lambda self: self.stepper_widget.undo_button)
    reset = property(lambda self: self.stepper_widget.reset_button)
    log = property(lambda self: self.stepper_widget.log_view)

    def choose(self, option: Any) -> None:
        """Take ``option`` at the current decision (what an option button does); an
        illegal one is explained in the stepper's message, not applied."""
        if self.stepper is not None:
            try:
                self.stepper_widget.choose(option)
            except IllegalAction:  # explained in the stepper's message
                pass

    def step(self) -> None:
        """Let the deciding side's policy choose (or take the forced step)."""
        if self.stepper is not None:
            self.stepper_widget.let_policy_choose()

    def run_to_end(self) -> None:
        if self.stepper is not None:
            self.stepper_widget.play_to_end()

    def step_back(self) -> None:
        if self.stepper is not None:
            self.stepper_widget.undo()

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
            W.HBox([self._team_box(0), self._team_box(1)], layout=W.Layout(flex_flow="row wrap")),
            h("2. The whole conflict, exactly"),
            W.HBox([self.compute, self.status], layout=W.Layout(align_items="center", grid_gap="12px")),
            self.summary,
            self.outcome_fig.widget,
            self.margin_fig.widget,
            h("3. Step through it (you decide for both sides)"),
            self.stepper_note,
            self.stepper_widget.widget,
            h("4. Compare two policies on these teams"),
            W.HBox([self.compare_a, self.compare_b, self.compare_side, self.compare_button, self.compare_status],
                   layout=W.Layout(flex_flow="row wrap", align_items="center", grid_gap="4px 12px")),
            self.comparison_table,
            self.comparison_fig.widget,
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

    def _opening_state(self) -> ConflictState:
        try:
            return self.initial_state()
        except ValueError:  # reported by restart(); a placeholder for the stepper meanwhile
            return odds.GAME.start(self.team(0)[:1], [v for v in self.roster.values()
                                                      if v.name != self.team(0)[0].name][:1], rules=self.rules)

    @property
    def kept_odds(self) -> odds.KeptOdds:
        """The exact odds under the sides' policies, kept while the teams and policies
        stay (what *Compute odds* works out, later clicks look up)."""
        if self._kept_odds is None:
            self._kept_odds = odds.KeptOdds(self.policy_map())
        return self._kept_odds

    def _odds_cost(self, state: ConflictState) -> str:
        """The buttons' odds follow every click when they are quick to work out, or
        already worked out (after *Compute odds*: every state under ``random``).
        Until the odds are shown nothing follows, so nothing is looked up."""
        if self.cheap_labels:
            return "cheap"
        shown = getattr(self, "stepper_widget", None) is not None and self.stepper_widget.labelling
        return "cheap" if shown and self.kept_odds.knows_options(state) else "slow"

    @property
    def cheap(self) -> bool:
        """Whether the whole conflict's odds come back at once (:func:`_cheap`)."""
        return _cheap((len(self.team(0)), len(self.team(1))), self.policy_names)

    @property
    def cheap_labels(self) -> bool:
        """Whether the buttons' odds can follow every click once they are shown: as
        :attr:`cheap`, or also with ``best`` on a side.  The lab keeps its policy
        objects, and *Compute odds* (or the first *Label options*) leaves ``best``'s
        memo holding every later decision's value: at 3 against 3 a later click
        relabels the buttons in at most about 55 ms (``bench/bench_widgets.py``).
        With ``random`` on a side the buttons follow where :attr:`kept_odds` has
        already worked the decision out (:meth:`_odds_cost`)."""
        return self.cheap or all(p in ("expected-vp", "best") for p in self.policy_names)

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
        self._kept_odds = None  # (its memo holds the old teams' states: let it go)
        self._stale()
        self.restart()

    def _on_policy(self) -> None:
        self._policy_objects = {}
        self._kept_odds = None
        self._stale()
        self.restart()

    def _stale(self) -> None:
        """Teams or policies changed: old odds no longer apply."""
        self.conflict_odds = None
        self.stepper_widget.labelling = False
        self.summary.value = ""
        self._clear_figures()
        cost = "" if self.cheap else SLOW
        self.status.value = f"<i>Press <b>Compute odds</b> for the exact result{esc(cost)}.</i>"

    def _clear_figures(self) -> None:
        with figure_update(self.outcome_fig) as fig:
            fig.data[0].y = [0, 0, 0]
            fig.data[0].text = ["", "", ""]
            fig.layout.title.text = "How the conflict ends<br><sup>press Compute odds</sup>"
        with figure_update(self.margin_fig) as fig:
            fig.data[0].x, fig.data[0].y = [], []
            fig.layout.xaxis.range, fig.layout.yaxis.range = [-12, 12], [0, 1]

    # -- whole-conflict odds ----------------------------------------------------------------
    def compute_odds(self) -> ConflictOdds | None:
        """Exact odds of the whole conflict, then option odds at the current step."""
        if self.error:
            self.status.value = f"<span style='color:#b00'>{esc(self.error)}</span>"
            return None
        self.status.value = "<i>computing…" + ("" if self.cheap else esc(SLOW)) + "</i>"
        t = time.perf_counter()
        co = self.kept_odds.state_odds(self.stepper.initial)
        self.conflict_odds = co
        with figure_update(self.outcome_fig) as fig:
            plots.update_outcome_bars(fig, co)
        with figure_update(self.margin_fig) as fig:
            plots.update_margin_bars(fig, co, self.rules.sound_defeat_margin)
        self.summary.value = self._summary_html(co)
        self.stepper_widget.label_options()
        self.status.value = f"done in {(time.perf_counter() - t) * 1e3:.0f} ms"
        return co

    def _summary_html(self, co: ConflictOdds) -> str:
        sound = self.rules.sound_defeat_margin

        def number(x: Fraction) -> Html:
            return number_html(x, 3)

        rows = [
            ["Attackers win", probability_html(co.attacker_wins)],
            ["Draw (the attackers go back)", probability_html(co.draw)],
            ["Defenders win", probability_html(co.defender_wins)],
            [f"Attackers win by {sound}+ VP (sound defeat)", probability_html(co.margin.prob(lambda m: m >= sound))],
            [f"Defenders win by {sound}+ VP (sound defeat)", probability_html(co.margin.prob(lambda m: m <= -sound))],
            ["Expected Doomsday points, attackers", number(co.doomsday[0])],
            ["Expected Doomsday points, defenders", number(co.doomsday[1])],
            ["Expected villains lost for good, attackers", number(co.expected_lost(0))],
            ["Expected villains lost for good, defenders", number(co.expected_lost(1))],
        ]
        pa, pd = self.policy_names
        return html_table(["", "exactly (hover for the fraction)"], rows, numeric=(1,), css="xp-table xp-summary",
                          caption=f"Attackers play '{pa}', defenders play '{pd}'.  Rulebook: "
                                  "\"Victory in Conflicts\", \"Concluding a Conflict\", \"Bonus for sound defeat\", "
                                  "\"Defeated villains\".")

    # -- the stepper ------------------------------------------------------------------------
    def restart(self) -> None:
        """A fresh stepper for the current teams, seeded from ``seed``."""
        try:
            initial = self.initial_state()
            self.error = None
        except ValueError as e:
            self.error = str(e)
            self.status.value = f"<span style='color:#b00'>{esc(self.error)}</span>"
            self.stepper_widget.widget.layout.display = "none"
            self.stepper_note.value = f"<i>No conflict to step through: {esc(self.error)}.</i>"
            return
        self.stepper_widget.widget.layout.display = None
        self.stepper_note.value = ""
        self.stepper_widget.reset(initial=initial, policies=self.policy_map())

    # -- comparing policies -----------------------------------------------------------------
    def compare(self) -> dict[str, ConflictOdds]:
        """Exact odds under policy A and policy B (both sides, or one side with the
        other side keeping its chosen policy), same teams.  The sides' own pair of
        policies is answered by :attr:`kept_odds`, so after *Compute odds* it is a look-up."""
        if self.error:
            self.compare_status.value = f"<span style='color:#b00'>{esc(self.error)}</span>"
            return {}
        initial, who = self.stepper.initial, self.compare_side.value
        pairs = {}
        for name in dict.fromkeys((self.compare_a.value, self.compare_b.value)):
            pair = {"both": (name, name), "attacker": (name, self.defender_policy.value),
                    "defender": (self.attacker_policy.value, name)}[who]
            pairs[f"both {name}" if who == "both" else f"attackers {pair[0]}, defenders {pair[1]}"] = pair
        # the sides' own pair is read from the kept odds (after Compute odds: a look-up)
        known = self._kept_odds is not None and self._kept_odds.analyzer.knows(initial)
        sizes = (len(self.team(0)), len(self.team(1)))
        slow = sum(1 for pair in pairs.values() if not (known and pair == self.policy_names) and _heavy(sizes, pair))
        self.compare_status.value = "<i>computing…" + esc(slow_note(slow)) + "</i>"
        t = time.perf_counter()
        results: dict[str, ConflictOdds] = {}
        for label, pair in pairs.items():
            own = pair == self.policy_names
            results[label] = self.kept_odds.state_odds(initial) if own else odds.state_odds(initial, pair)
        self.comparison = results
        self.comparison_fig.figure = plots.policy_comparison(results)
        self.comparison_fig.redraw()
        self.comparison_table.value = html_table(
            ["policies", *plots.OUTCOME_LABELS], plots.comparison_rows(results), numeric=(1, 2, 3),
            css="xp-table xp-comparison", caption="Hover over a chance for its exact fraction.")
        self.compare_status.value = f"compared in {(time.perf_counter() - t) * 1e3:.0f} ms"
        return results

    def _short_repr(self) -> str:
        a = ", ".join(v.name for v in self.team(0))
        d = ", ".join(v.name for v in self.team(1))
        return f"ConflictLab(attackers=[{a}], defenders=[{d}], policies={self.policy_names})"


#: the pairings of policies "Does skill matter?" compares: (attackers, defenders)
SKILL_PAIRINGS = (("random", "random"), ("expected-vp", "expected-vp"), ("best", "best"), ("best", "random"))


def skill_matters(attackers: Sequence[Villain], defenders: Sequence[Villain],
                  pairings: Sequence[tuple[str, str]] = SKILL_PAIRINGS) -> LiveFigure:
    """Does skill matter?  The same teams under each pairing of policies, exactly
    (:func:`explorer.asylum.odds.conflict`), as grouped bars drawn through the one
    drawing path (a :class:`~explorer.ui.common.LiveFigure`, so the app shows it)."""
    results = {f"attackers {a}, defenders {d}": odds.conflict(list(attackers), list(defenders), (a, d))
               for a, d in pairings}
    return LiveFigure(plots.policy_comparison(results), "xp-skill-matters")


def _draw_dist():
    """A placeholder result (a certain 0-0 draw) to draw empty charts before any odds."""
    from explorer.core.dist import Dist

    return Dist.certain(ConflictResult(vp=(0, 0), winner=None, doomsday=(0, 0), defeated=((), ()), lost=((), ())))


def _result_html(result: ConflictResult) -> str:
    return f"<b>Conflict over.</b> {esc(_result_text(result))}"


def _result_text(result: ConflictResult) -> str:
    vp = f"{result.vp[0]}-{result.vp[1]} VP"
    if result.winner is None:
        text = f"A draw at {vp}: no Doomsday points."
    else:
        text = (f"The {SIDE_NAMES[result.winner]} win {vp}; Doomsday points won: attackers {result.doomsday[0]}, "
                f"defenders {result.doomsday[1]}.")
    for side in (0, 1):
        if result.lost[side]:
            text += f" The {SIDE_NAMES[side]} lose {', '.join(result.lost[side])} for good."
    if result.slipped:
        text += f" Slipped away: {', '.join(result.slipped)}."
    return text


__all__ = ["ConflictLab", "SKILL_PAIRINGS", "skill_matters"]
