"""The designer's what-if page, for any game: change one rule over a few values, replay
games on the same seeds, and see the global effect (the win rate of each seat or side
that plays, with 95% intervals; each value's paired difference from the first, with its
interval; the gap between seats; game length; by starting mastermind where the game
has masterminds) beside the local, exact effect of the same change where one is defined.

Everything the page offers comes from the game's spec (:func:`explorer.games.spec`):
its rules (numbers, switches and choices, with their ranges), its settings (players,
bots, decks), its seat names and metrics.  Every number comes from
:mod:`explorer.whatif` (``sweep``, paired on the same seeds); this widget only draws it.

>>> lab = WhatIfLab(games=20, scheduler="serial")
>>> lab.rule.value = "maneuver_target"
>>> lab.values.value = "7, 8"
>>> lab.run_button.click()
>>> lab.frame["maneuver_target"].tolist()
[7, 8]
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import ipywidgets as W

from ..core.data import DataError, data_path, key_notes
from ..core.numbers import counted
from ..core.runs import CHUNK
from ..games import GAMES, spec
from ..whatif import sweep
from ..whatif.readout import bot_suggestions, differences, precision_warning, seat_labels, settings, wins
from ..whatif.report import (changed_text, percent, reach_said, rule_label, setting_words, unchanged_text,
                             value_title)
from ..whatif.variants import value_text  # a rule value as typed in the values box (true, 7, 2d6)
from .common import Displayable, Html, LiveFigure, esc, figure_update, html_table, tagged
from .rule_values import allowed_text, default_values, parse_values, parse_with
from .running import Runner, Stopped
from .whatif_charts import COLOURS, balance_chart, clear, draw_fair_shares, draw_rates, empty_figure
from .whatif_tables import comparison_table, endings_table, fork_table, sweep_table  # (the page's own, in code)

#: a setting's dropdown value for "as the rules say" (the setting itself is then None)
AS_THE_RULES = "as the rules say"
WHERE = (("this machine, every core", "pool"), ("this process only", "serial"), ("a Dask cluster", "dask"))
#: a run's bar moves about this many times for each value (each a job of games, on any core)
PROGRESS_STEPS = 20


def _points(x: float) -> str:
    """A difference of two rates in percentage points, signed."""
    return f"{x * 100:+.1f}"


class WhatIfLab(Displayable):
    """Pick a game, a rule and its values, the game's settings; Run plays ``games``
    seeded games per value.

    Public widgets (CSS class in brackets): ``game`` (``xp-wi-game``), ``change``
    (``xp-wi-change``: a rule, or a stat of the game's roster such as a Doom Asylum
    villain's, shown for a game with a roster), ``rule`` (``xp-wi-rule``), ``who``
    (``xp-wi-who``) and ``stat`` (``xp-wi-stat``) for a roster's stat, ``note``
    (``xp-wi-note``), ``values`` (``xp-wi-values``), ``with_rules`` (``xp-wi-with``:
    other rules changed for every value, such as the variant a rule belongs to), one
    control per setting of the game in ``setting_widgets`` (``xp-wi-setting-<name>``, in
    ``xp-wi-settings``), ``games``
    (``xp-wi-games``), ``seed`` (``xp-wi-seed``), ``where`` (``xp-wi-where``: every core,
    this process, or a Dask cluster whose scheduler's ``address`` is typed in ``xp-wi-address``;
    ``scheduler`` may be one: ``"tcp://host:8786"``),
    ``precision`` (``xp-wi-precision``: the interval asked, in points either side),
    ``run_button`` (``xp-wi-run``: in a kernel the games play in the background and
    it reads Stop meanwhile; :attr:`runner`), ``status`` (``xp-wi-status``), ``warning``
    (``xp-wi-warning``), ``table`` (``xp-wi-table``), ``diff_table``
    (``xp-wi-diff-table``), figures ``seats_fig`` (``xp-wi-seats``), ``diff_fig``
    (``xp-wi-diff``), ``spread_fig`` (``xp-wi-spread``), ``length_fig``
    (``xp-wi-length``), ``exact_fig`` (``xp-wi-exact``, shown for a rule with an exact
    effect), ``masterminds_fig`` (``xp-wi-masterminds``, shown for a game with
    masterminds). After a run: ``frame`` (the sweep's DataFrame). ``parameter``: the
    name of the rule or stat chosen, as ``sweep`` takes it.

    ``tested``: kept :func:`~explorer.whatif.reach.reach` tables by game; the note under
    a rule then says whether those games ever felt it moved one step, before a run is
    spent on a rule they cannot judge.
    """

    def __init__(self, game: str = "asylum", rule: str | None = None, values: str | None = None, games: int = 200,
                 seed: int = 1, scheduler: Any = None, tested: Mapping[str, Any] | None = None):
        self.frame = None
        self.tested = dict(tested or {})
        self._shown = ""  # the run the tables and charts show, as the status line names it
        self._game_shown = None  # the game whose rules the page shows
        self.setting_widgets: dict[str, W.Widget] = {}
        self.game = tagged(W.Dropdown(options=[(g.title, k) for k, g in GAMES.items()], value=game,
                                      description="Game", layout=W.Layout(width="340px")), "xp-wi-game")
        self.rule = tagged(W.Dropdown(description="Rule", layout=W.Layout(width="480px")), "xp-wi-rule")
        self.change = tagged(W.ToggleButtons(style={"button_width": "auto"}), "xp-wi-change")
        self.who = tagged(W.Dropdown(layout=W.Layout(width="300px")), "xp-wi-who")
        self.stat = tagged(W.Dropdown(description="Stat", layout=W.Layout(width="300px")), "xp-wi-stat")
        self.values = tagged(W.Text(description="Values", placeholder="e.g. 6, 7, 8",
                                    layout=W.Layout(width="300px")), "xp-wi-values")
        self.with_rules = tagged(W.Text(description="With", placeholder="other rules, e.g. variant = colonization",
                                        layout=W.Layout(width="480px")), "xp-wi-with")
        self.with_rules.tooltip = ("other rules changed for every value, name = value joined by commas: the variant a "
                                   "rule belongs to, say (empty: the rules file as it is)")
        self.note = tagged(W.HTML(), "xp-wi-note")
        self.settings_box = tagged(W.HBox(layout=W.Layout(flex_flow="row wrap")), "xp-wi-settings")
        wide = {"description_width": "initial"}
        self.games = tagged(W.BoundedIntText(value=games, min=10, max=100_000, step=100, description="Games each",
                                             style=wide, layout=W.Layout(width="200px")), "xp-wi-games")
        self.seed = tagged(W.IntText(value=seed, description="Seed", layout=W.Layout(width="160px")), "xp-wi-seed")
        dask = isinstance(scheduler, str) and "://" in scheduler  # a Dask scheduler's address
        self.where = tagged(W.Dropdown(options=WHERE, value="dask" if dask else scheduler or "pool",
                                       description="Play on", layout=W.Layout(width="300px")), "xp-wi-where")
        self.address = tagged(W.Text(value=scheduler if dask else "", placeholder="tcp://host:8786",
                                     description="scheduler at", style={"description_width": "initial"},
                                     layout=W.Layout(width="300px", display=None if dask else "none")),
                              "xp-wi-address")
        self.address.tooltip = "a Dask scheduler's address, as `dask scheduler` prints it when it starts"
        self.where.observe(lambda ch: self._where_chosen(), names="value")
        self.precision = tagged(W.BoundedIntText(value=5, min=1, max=50, description="Interval asked, ± points",
                                                 style=wide, layout=W.Layout(width="250px")), "xp-wi-precision")
        self.run_button = tagged(W.Button(description="Run", button_style="primary", icon="play"), "xp-wi-run")
        self.status = tagged(W.HTML(), "xp-wi-status")
        self.warning = tagged(W.HTML(), "xp-wi-warning")
        self.progress = W.IntProgress(min=0, max=1, layout=W.Layout(width="300px", visibility="hidden"))
        self.table = tagged(W.HTML(), "xp-wi-table")
        self.diff_table = tagged(W.HTML(), "xp-wi-diff-table")
        self.seats_fig = LiveFigure(empty_figure("Win rates"), "xp-wi-seats")
        self.diff_fig = LiveFigure(empty_figure("Paired difference from the first value"), "xp-wi-diff")
        self.spread_fig = LiveFigure(empty_figure("Gap between win rates"), "xp-wi-spread")
        self.length_fig = LiveFigure(empty_figure("Game length"), "xp-wi-length")
        self.exact_fig = LiveFigure(empty_figure("The exact, local effect"), "xp-wi-exact")
        self.masterminds_fig = LiveFigure(empty_figure("Win rate by starting mastermind"), "xp-wi-masterminds")
        self._titles = {fig: fig.layout.title.text for fig in (self.seats_fig, self.diff_fig, self.spread_fig,
                                                               self.length_fig, self.exact_fig, self.masterminds_fig)}
        for control in (self.rule, self.change, self.who, self.stat):
            control.observe(lambda ch: self._rule_changed(), names="value")
        self.runner = Runner(self.run_button, self.progress, self.status)
        self.run_button.on_click(lambda b: self._clicked())
        self._open(rule, values)
        self.game.observe(self._game_chosen, names="value")
        self.widget = tagged(W.VBox([self._controls(), self.warning, self.table, self.diff_table, self._charts()]),
                             "xp-whatif")

    def _controls(self) -> W.Widget:
        wrap = W.Layout(flex_flow="row wrap", align_items="center")
        return W.VBox([
            W.HBox([self.game, self.change], layout=wrap),
            W.HBox([self.rule, self.who, self.stat, self.values], layout=wrap), self.note,
            W.HBox([self.with_rules], layout=wrap), self.settings_box,
            W.HBox([self.games, self.seed, self.where, self.address, self.precision, self.run_button], layout=wrap),
            W.HBox([self.progress, self.status], layout=W.Layout(align_items="center")),
        ])

    def _charts(self) -> W.Widget:
        wrap = W.Layout(flex_flow="row wrap")
        return W.VBox([W.HBox([self.seats_fig.widget, self.diff_fig.widget], layout=wrap),
                       W.HBox([self.spread_fig.widget, self.length_fig.widget], layout=wrap),
                       W.HBox([self.exact_fig.widget, self.masterminds_fig.widget], layout=wrap)])

    # -- controls ----------------------------------------------------------------------------
    def _where_chosen(self) -> None:
        """The scheduler's address box, shown only for a Dask cluster."""
        self.address.layout.display = None if self.where.value == "dask" else "none"

    def _open(self, rule: str | None, values: str | None) -> None:
        """The game asked for or, while its data file is wrong, the first game whose data
        loads, the status line naming what to mend (a page opens, never a traceback)."""
        wanted, wrong = self.game.value, []
        for key in [wanted] + [k for k in GAMES if k != wanted]:
            self.game.value = key
            try:
                self._load_game(rule if key == wanted else None, values if key == wanted else None)
            except DataError as exc:
                wrong.append((key, exc))
                continue
            if wrong:
                self._refuse("; ".join(f"{GAMES[k].title} cannot be shown: a data file is wrong: {exc}"
                                       for k, exc in wrong) + ".  Mend it, then choose the game again.")
            return
        raise wrong[0][1]  # no game's data loads: the first one's error

    def _game_chosen(self, change: dict[str, Any]) -> None:
        """Another game chosen: its rules, settings and charts.  A game whose data file is
        wrong is not shown: the list goes back to the game shown, whose results stay,
        and the status line says what to mend.  A run still playing stops: its game is
        no longer the page's."""
        if change["new"] == self._game_shown:
            return  # (the list put back)
        if self.runner.running:
            self.runner.stop()
        try:
            self._load_game()
        except DataError as exc:
            self.game.value = change["old"]
            self._refuse(f"{GAMES[change['new']].title} cannot be shown: a data file is wrong: {exc}.  Mend it, "
                         "then choose the game again.")

    def _load_game(self, rule: str | None = None, values: str | None = None) -> None:
        """The rules, settings and charts of the game chosen (its data read first, so a
        wrong file changes nothing on the page)."""
        key = self.game.value
        params = spec(key).metrics.parameters()
        path = data_path(key, "rules.toml")
        notes = {**key_notes(path, "numbers"), **key_notes(path, "options")}
        hook = getattr(spec(key).metrics, "roster_parameters", None)
        roster = hook() if hook is not None else {}
        offered = settings(key)
        self.params, self.notes, self._game_shown = params, notes, key
        self._load_roster(roster)
        self.rule.options = self._rule_options()
        self.rule.value = rule if rule in self.params else next(iter(self.params))
        if rule in self.roster:  # a stat of the roster: its owner and the stat chosen
            self.who.value, self.stat.value = self.roster[rule]["who"], self.roster[rule]["stat"]
            self.change.value = "roster"
        if values is not None:
            self.values.value = values
        self.with_rules.value = ""  # another game's rules would not be this one's
        self._rule_changed(keep=values is not None)
        self.setting_widgets = {s.name: self._setting_widget(s) for s in offered}
        self.settings_box.children = tuple(self.setting_widgets.values())
        self._suggest_bots()
        if "players" in self.setting_widgets:
            self.setting_widgets["players"].observe(lambda ch: self._suggest_bots(), names="value")
        masters = any(m.group == "masterminds" for m in spec(key).metrics.metrics())
        self.masterminds_fig.widget.layout.display = None if masters else "none"
        if self.frame is not None:  # the last game's results go: each chart asks for a run again
            for fig, title in self._titles.items():
                fig.figure = empty_figure(title)
                fig.redraw()
        self.frame = None
        self.warning.value = self.table.value = self.diff_table.value = ""
        self._say("<i>press Run to play the games</i>")

    def _load_roster(self, roster: dict[str, dict[str, Any]]) -> None:
        """The stats of the game's roster a run can change (none for a game without one)."""
        self.roster = roster
        group = next(iter(self.roster), "").split(".", 1)[0]
        self.change.options = [("a rule", "rule")] + ([(f"a {group}'s stat", "roster")] if self.roster else [])
        self.change.value = "rule"
        self.who.description = group.capitalize()
        for control, field in ((self.who, "who"), (self.stat, "stat")):
            control.options = list(dict.fromkeys(p[field] for p in self.roster.values()))
            control.value = control.options[0] if control.options else None
        self.change.layout.display = None if self.roster else "none"

    @property
    def parameter(self) -> str | None:
        """The rule or roster stat chosen, by the name ``sweep`` takes."""
        if self.change.value != "roster":
            return self.rule.value
        return next((n for n, p in self.roster.items() if (p["who"], p["stat"]) == (self.who.value, self.stat.value)),
                    None)

    def _spec(self, name: str) -> dict[str, Any] | None:
        """The range and value of the rule or roster stat ``name``."""
        return self.params.get(name) or self.roster.get(name)

    @staticmethod
    def _setting_widget(setting) -> W.Widget:
        style = {"description_width": "initial"}
        if setting.typed:  # the choices offered as suggestions, other text typed (one bot per seat)
            w = W.Combobox(options=[value for _, value in setting.options], value=str(setting.default),
                           ensure_option=False, description=setting.label, placeholder=str(setting.default),
                           style=style, layout=W.Layout(width="360px"))
        elif setting.options:  # wide enough for its words and its longest choice: nothing clipped
            chars = len(setting.label) + max(len(text) for text, _ in setting.options)
            # a dropdown takes None for "nothing chosen" and shows a blank: the rules' own number gets a value of its own
            options = [(text, AS_THE_RULES if value is None else value) for text, value in setting.options]
            w = W.Dropdown(options=options, value=AS_THE_RULES if setting.default is None else setting.default,
                           description=setting.label, style=style, layout=W.Layout(width=f"{90 + 8 * chars}px"))
        else:
            w = W.Text(value="" if setting.default is None else str(setting.default), description=setting.label,
                       placeholder="the usual ones", style=style, layout=W.Layout(width="420px"))
        w.tooltip = setting.help
        return tagged(w, "xp-wi-setting", f"xp-wi-setting-{setting.name}")

    def _suggest_bots(self) -> None:
        """The bots box's suggestions for the players chosen (one bot per seat by example)."""
        box, players = self.setting_widgets.get("policy"), self.setting_widgets.get("players")
        if isinstance(box, W.Combobox):
            count = None if players is None or players.value == AS_THE_RULES else players.value
            box.options = bot_suggestions(self._game_shown, count)

    def settings_values(self) -> dict[str, Any]:
        """The settings chosen, as ``sweep`` takes them (an empty text box: the default)."""
        out = {}
        for name, w in self.setting_widgets.items():
            value = w.value
            if isinstance(w, W.Text):
                value = value.strip() or None
            out[name] = None if value == AS_THE_RULES else value
        return out

    def _rule_changed(self, keep: bool = False) -> None:
        name = self.parameter
        spec_ = self._spec(name) if name is not None else None
        roster = self.change.value == "roster"
        self.rule.layout.display = "none" if roster else None
        self.who.layout.display = self.stat.layout.display = None if roster else "none"
        if spec_ is None:
            return
        if not keep:
            self.values.value = default_values(spec_)
        allowed = allowed_text(spec_, spec(self.game.value).choice_titles.get(name))
        self.values.tooltip = f"comma-separated values; allowed: {allowed}"
        note = self.notes.get(name)
        said = f"{note.group + ': ' if note and note.group else ''}{note.note if note else ''}"
        if name in self.roster:
            said = f"now {value_text(spec_['value'])}"
        table = self.tested.get(self.game.value)
        felt = reach_said(table, name, spec_["value"]) if table is not None and not roster else None
        self.note.value = (f"<div style='font-size:0.9em;color:#444;max-width:900px;line-height:1.5'>"
                           f"<b>{esc(rule_label(name))}</b>{': ' + esc(said) if said.strip() else ''} "
                           f"<i>(allowed: {esc(allowed)})</i>"
                           + (f"<br><span class='xp-wi-tested'>{esc(felt)}</span>" if felt else "") + "</div>")
        if not self.runner.running:  # (while games play, the status line is theirs)
            self._say("<i>press Run to play the games</i>")
        effect = spec(self.game.value).metrics.exact_effect(name, [spec_["value"]])
        self.exact_fig.widget.layout.display = None if effect is not None else "none"

    # -- running -----------------------------------------------------------------------------
    def _rule_options(self) -> list[tuple[str, str]]:
        """The list of rules, each with its value now ("maneuver target (now 8)")."""
        return [(f"{rule_label(n)} (now {self._value(n, p['value'])})", n) for n, p in self.params.items()]

    def _refresh_rules(self) -> None:
        """The rules' values as the data file holds them now, in the list ("now 3"): a
        designer who edited the file while the page was open reads what the games use."""
        params = spec(self.game.value).metrics.parameters()
        if params == self.params:
            return
        chosen, values, note = self.rule.value, self.values.value, self.note.value
        self.params = params
        self.rule.options = self._rule_options()
        self.rule.value = chosen if chosen in params else next(iter(params))
        self.values.value, self.note.value = values, note  # what the designer typed stays

    def run(self):
        """Play the sweep and draw it, here and now (the Run button plays it in the
        background when the page runs in a kernel); a bad value or setting is reported,
        nothing is played.  The sweep's DataFrame, or None."""
        before = self.frame
        self._start(background=False)
        return self.frame if self.frame is not before else None

    def _clicked(self) -> None:
        """Run, or Stop while a run plays."""
        if self.runner.running:
            return self.runner.stop()
        self._start(background=True)

    def _start(self, background: bool) -> None:
        """The run the controls ask for, started (or refused, the status line saying why)."""
        request = self._request()
        if request is not None:
            self.runner.start(lambda report: self._play(request, report), request["what"],
                              lambda frame: self._show(request, frame), self._failed, background=background)

    def _request(self) -> dict[str, Any] | None:
        """What the controls ask to play, read and checked; None when refused (the
        status line says why)."""
        try:
            self._refresh_rules()
        except DataError as exc:  # the file was edited into something the rules refuse
            return self._refuse(str(exc))
        name, titles = self.parameter, spec(self.game.value).choice_titles
        try:
            values = parse_values(self.values.value, self._spec(name), titles.get(name))
        except ValueError as exc:
            return self._refuse(str(exc))
        try:
            base = parse_with(self.with_rules.value, self._spec, titles, swept=name)
        except ValueError as exc:
            return self._refuse(f"With: {exc}")
        where = {"pool": None, "dask": self.address.value.strip()}.get(self.where.value, self.where.value)
        if where == "":
            return self._refuse("Play on a Dask cluster: give its scheduler's address, such as tcp://10.0.0.5:8786")
        n = self.games.value
        return dict(game=self.game.value, name=name, values=values, base=base, games=n, seed=self.seed.value,
                    where=where,
                    settings=self.settings_values(),
                    what=f"playing {counted(n, 'game')} at each of {counted(len(values), 'value')}"
                         + (f" on the Dask cluster at {esc(where)}" if self.where.value == "dask" else ""))

    @staticmethod
    def _play(r: dict[str, Any], report) -> Any:
        """The sweep a request asks for (on any thread: it touches no widget)."""
        return sweep(r["game"], {r["name"]: r["values"]}, games=r["games"], seed=r["seed"], scheduler=r["where"],
                     progress=report, chunk=max(1, min(CHUNK, r["games"] // PROGRESS_STEPS)), keep_records=True,
                     base=r["base"] or None, **r["settings"])

    def _failed(self, exc: Exception) -> None:
        """A run that ended without results: stopped, refused (a rule's value, named as
        the page names rules), or broken (said, and raised on)."""
        if isinstance(exc, Stopped):
            return self._say(f"<i>{esc(str(exc))}: nothing drawn</i>")
        if isinstance(exc, (ValueError, LookupError)):
            return self._refuse(f"{rule_label(exc.field)}: {exc.problem}" if isinstance(exc, DataError) and exc.field
                                else str(exc))
        self._refuse(f"the run failed: {type(exc).__name__}: {exc}")
        raise exc

    def _show(self, r: dict[str, Any], frame) -> None:
        """A finished run drawn, unless its game is no longer the page's (the choice stops
        a run; this one had played its last game)."""
        if r["game"] != self.game.value:
            return self._say("<i>the run finished as another game was chosen: nothing drawn</i>")
        name, values, base, n = r["name"], r["values"], r["base"], r["games"]
        self.frame = frame
        also = f" with {', '.join(self._setting(k, v) for k, v in base.items())}" if base else ""  # (the With box)
        self._shown = (f"{rule_label(name)} at {', '.join(self._value(name, v) for v in values)}{also}, "
                       f"{counted(n, 'game')}, seed {r['seed']}")
        self._draw(frame, name, values, base)
        self.status.value = (f"done: {counted(n, 'game')} at each value{esc(also)}, the same seeds at every value (so "
                             "the differences are the rule's, not the dice's); bars show 95% intervals")

    def _value(self, name: str, value: Any) -> str:
        """A value of the rule ``name`` as people name it ("Beat Down"; "7")."""
        return value_title(self.game.value, name, value)

    def _setting(self, name: str, value: Any) -> str:
        """The rule ``name`` at ``value`` in words ("Beat Down"; "maneuver target = 7")."""
        return setting_words(self.game.value, name, value)

    def _refuse(self, text: str) -> None:
        """``text`` on the status line as a refusal (in red): nothing was played."""
        self._say(f"<span style='color:#b00'>{esc(text)}</span>")

    def _say(self, text: str) -> None:
        """``text`` (HTML) on the status line; while results are shown, that they are the
        last run's, so a refused value or a new rule is not read as what they show."""
        if self.frame is not None:
            text += f"<br><i>The tables and charts below are still the last run's: {esc(self._shown)}.</i>"
        self.status.value = text

    # -- drawing -----------------------------------------------------------------------------
    def _draw(self, frame, name: str, values: list[Any], base: dict[str, Any]) -> None:
        outcomes = seat_labels(self.game.value, frame)
        columns = [c for c, _ in outcomes]
        diffs = differences(frame, columns)
        rows = frame.to_dict("records")
        draw_rates(self.seats_fig, rows, outcomes, name, "Win rate of each " +
                   ("side" if spec(self.game.value).seat_names else "seat") + " (95% intervals)",
                   {r[name]: self._setting(name, r[name]) for r in rows})
        draw_fair_shares(self.seats_fig, frame, outcomes)
        masters = [c for c in frame.columns if c.startswith("win_mastermind:") and not c.endswith(("_low", "_high"))]
        if masters:
            draw_rates(self.masterminds_fig, rows, [(c, c.split(":", 1)[1]) for c in masters], name,
                       "Share of games won, by the winner's starting mastermind",
                       {r[name]: self._setting(name, r[name]) for r in rows})
        self._draw_diffs(diffs, rows, outcomes, name)
        self._draw_spread(rows, name)
        self._draw_length(frame, rows, name)
        self._draw_exact(name, values, base)
        self._write_tables(rows, outcomes, diffs, name)
        said = [unchanged_text(frame, name),
                precision_warning(frame, columns, diffs, self.games.value, self.precision.value / 100)]
        self.warning.value = "".join(f"<div style='color:#8a4b00;background:#fff4e0;padding:4px 8px;max-width:900px;"
                                     f"margin-bottom:2px'>{esc(line)}</div>" for line in said if line)

    def _draw_diffs(self, diffs, rows, outcomes, name: str) -> None:
        self.diff_fig.widget.layout.display = None if diffs else "none"
        if not diffs:
            return
        names = dict(outcomes)
        with figure_update(self.diff_fig) as fig:
            clear(fig)
            for k in sorted({d["point"] for d in diffs}):
                mine = [d for d in diffs if d["point"] == k]
                fig.add_bar(x=[names[d["column"]] for d in mine], y=[d["diff"] for d in mine],
                            name=self._setting(name, rows[k][name]),
                            marker_color=COLOURS[k % len(COLOURS)],
                            error_y=dict(type="data", symmetric=False,
                                         array=[d["ci_high"] - d["diff"] for d in mine],
                                         arrayminus=[d["diff"] - d["ci_low"] for d in mine]),
                            hovertemplate="%{x}: %{y:+.1%}<extra></extra>")
            top = max([abs(d["ci_low"]) for d in diffs] + [abs(d["ci_high"]) for d in diffs] + [0.05])
            fig.update_layout(title=f"Paired difference from {self._setting(name, rows[0][name])}"
                                    " (95% intervals)", barmode="group", yaxis_tickformat="+.0%",
                              yaxis_title="change in games won", yaxis_range=[-min(1, top * 1.15), min(1, top * 1.15)],
                              yaxis_zeroline=True)

    def _draw_spread(self, rows, name: str) -> None:
        with figure_update(self.spread_fig) as spread:
            clear(spread)
            xs = [self._value(name, r[name]) for r in rows]
            if all("seat_spread" in r for r in rows):
                spread.add_bar(x=xs, y=[r["seat_spread"] for r in rows], name="largest gap",
                               marker_color="#1f77b4", hovertemplate="%{y:.1%}<extra>largest gap</extra>")
                spread.add_scatter(x=xs, y=[r["seat_spread_ci_high"] for r in rows], mode="markers",
                                   marker=dict(symbol="line-ew-open", size=24, color="#d62728"),
                                   name="95% bound of every pair", hovertemplate="%{y:.1%}<extra>bound</extra>")
                spread.layout.shapes = [dict(type="line", xref="paper", x0=0, x1=1, yref="y", y0=0.05, y1=0.05,
                                             line=dict(dash="dot", color="#555"))]
                spread.layout.annotations = [dict(xref="paper", x=1, yref="y", y=0.05, text="5 points",
                                                  showarrow=False, xanchor="right", yanchor="bottom")]
                top = max([r["seat_spread_ci_high"] for r in rows] + [0.06])
                spread.update_layout(yaxis_range=[0, min(1, top * 1.15)])
            spread.update_layout(title="Largest gap between two win rates", xaxis_title=rule_label(name),
                                 xaxis_type="category", yaxis_tickformat=".0%", barmode="overlay")

    def _draw_length(self, frame, rows, name: str) -> None:
        records = frame.attrs.get("records")
        with figure_update(self.length_fig) as length:
            clear(length)
            if records is not None and len(records):
                for k, r in enumerate(rows):
                    turns = records.loc[records["point"] == k, "turns"].tolist()
                    length.add_histogram(x=turns, name=self._setting(name, r[name]), opacity=0.6,
                                         marker_color=COLOURS[k % len(COLOURS)], histnorm="probability",
                                         hovertemplate="%{x} turns: %{y:.1%}<extra></extra>")
            length.update_layout(title="Game length (turns), each value", barmode="overlay",
                                 xaxis_title="turns", yaxis_tickformat=".0%", yaxis_title="games")

    def _draw_exact(self, name: str, values: list[Any], base: dict[str, Any]) -> None:
        """The rule's exact, local effect at each value, in the game the With box makes."""
        effect = spec(self.game.value).metrics.exact_effect(name, values, base or None)
        self.exact_fig.widget.layout.display = None if effect is not None else "none"
        if effect is None:
            return
        with figure_update(self.exact_fig) as exact:
            clear(exact)
            for k, (v, ps) in enumerate(effect["series"].items()):
                exact.add_scatter(x=effect["x"], y=[float(p) for p in ps], mode="lines+markers",
                                  name=f"{effect['series_label'].replace('_', ' ')} {value_text(v)}",
                                  line_color=COLOURS[k % len(COLOURS)],
                                  customdata=[f"{p.numerator}/{p.denominator}" for p in ps],
                                  hovertemplate="%{x}: %{y:.1%} (%{customdata})<extra></extra>")
            exact.update_layout(title=effect["title"], xaxis_title=effect["x_label"], yaxis_tickformat=".0%",
                                yaxis_range=[0, 1])

    def _write_tables(self, rows, outcomes, diffs, name: str) -> None:
        def rate(r, c):
            if math.isnan(r[c]):
                return Html("<span title='does not play at this value'>—</span>")
            return Html(f"<span title='95% interval: {percent(r[c + '_ci_low'])} to {percent(r[c + '_ci_high'])}'>"
                        f"{percent(r[c])}</span>")

        head = [rule_label(name)] + [wins(text) for _, text in outcomes] + ["draws", "largest gap", "mean turns"]
        body = [[self._value(name, r[name])] + [rate(r, c) for c, _ in outcomes] +
                [percent(r.get("draw", float("nan"))), percent(r.get("seat_spread", float("nan"))), f"{r['turns']:.1f}"]
                for r in rows]
        self.table.value = html_table(head, body, numeric=range(1, len(head)),
                                      caption="hover a rate for its 95% interval")
        if not diffs:
            self.diff_table.value = ""
            return
        names = dict(outcomes)
        base = self._setting(name, rows[0][name])
        body = [[self._value(name, rows[d["point"]][name]), names[d["column"]], _points(d["diff"]),
                 f"{_points(d['ci_low'])} to {_points(d['ci_high'])}", changed_text(d["changed"])] for d in diffs]
        self.diff_table.value = html_table(
            [rule_label(name), "who", f"change from {base} (points)", "95% interval (points)", "games it changed"],
            body, numeric=(2, 3, 4),
            caption="game by game on the same seeds: an interval that does not cross 0 is the rule's doing, not luck")

    def _short_repr(self) -> str:
        return f"WhatIfLab(game={self.game.value!r}, rule={self.parameter!r})"


__all__ = ["WhatIfLab", "allowed_text", "balance_chart", "comparison_table", "default_values", "draw_fair_shares",
           "draw_rates", "empty_figure", "endings_table", "fork_table", "parse_values", "rule_label", "sweep_table",
           "value_text"]
