"""The designer's what-if page: change one rule over a few values, replay games, and
see the global effect (win rates by seat and by mastermind with 95% intervals, game
length, the spread between seats) beside the local, exact effect of the same change.

Every number comes from :mod:`explorer.whatif` (``sweep``, paired on the same seeds);
this widget only draws it.

>>> lab = WhatIfLab(games=20, scheduler="serial")
>>> lab.rule.value = "maneuver_target"
>>> lab.values.value = "7, 8"
>>> lab.run_button.click()
>>> lab.frame["maneuver_target"].tolist()
[7, 8]
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as W
import plotly.graph_objects as go

from ..games import GAMES, spec
from ..whatif import sweep
from .common import Displayable, LiveFigure, figure_update, tagged

COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f")
WHERE = (("this machine, every core", "pool"), ("this process only", "serial"))


def default_values(spec: dict[str, Any]) -> str:
    """A few values around the current one, inside the declared range."""
    if spec["kind"] == "switch":
        return "false, true"
    v, lo, hi = spec["value"], spec["min"], spec["max"]
    return ", ".join(str(x) for x in range(max(lo, v - 1), min(hi, v + 1) + 1))


def parse_values(text: str, spec: dict[str, Any]) -> list[Any]:
    """The values typed in the box, as the rule takes them (ValueError with a reason)."""
    items = [t.strip() for t in text.replace(";", ",").split(",") if t.strip()]
    if not items:
        raise ValueError("type at least one value, e.g. 6, 7, 8")
    out = []
    for t in items:
        if spec["kind"] == "switch":
            if t.lower() not in ("true", "false"):
                raise ValueError(f"{t!r}: this rule is a switch, true or false")
            out.append(t.lower() == "true")
        else:
            try:
                out.append(int(t))
            except ValueError:
                raise ValueError(f"{t!r} is not a whole number") from None
    if len(set(out)) != len(out):
        raise ValueError("each value once, please")
    return out


def _pct(x: float) -> str:
    return f"{x:.1%}"


class WhatIfLab(Displayable):
    """Pick a game, a rule and its values; Run plays ``games`` seeded games per value.

    Public widgets (CSS class in brackets): ``game`` (``xp-wi-game``), ``rule``
    (``xp-wi-rule``), ``values`` (``xp-wi-values``), ``games`` (``xp-wi-games``),
    ``seed`` (``xp-wi-seed``), ``where`` (``xp-wi-where``), ``run_button``
    (``xp-wi-run``), ``status`` (``xp-wi-status``), ``table`` (``xp-wi-table``), figures
    ``seats_fig`` (``xp-wi-seats``), ``masterminds_fig`` (``xp-wi-masterminds``),
    ``length_fig`` (``xp-wi-length``), ``spread_fig`` (``xp-wi-spread``), ``exact_fig``
    (``xp-wi-exact``).  After a run: ``frame`` (the sweep's DataFrame).
    """

    def __init__(self, game: str = "asylum", rule: str | None = None, values: str | None = None, games: int = 200,
                 seed: int = 1, scheduler: Any = None):
        self.frame = None
        self.game = tagged(W.Dropdown(options=[(g.title, k) for k, g in GAMES.items()], value=game,
                                      description="Game", layout=W.Layout(width="260px")), "xp-wi-game")
        self.rule = tagged(W.Dropdown(description="Rule", layout=W.Layout(width="340px")), "xp-wi-rule")
        self.values = tagged(W.Text(description="Values", placeholder="e.g. 6, 7, 8",
                                    layout=W.Layout(width="260px")), "xp-wi-values")
        self.games = tagged(W.BoundedIntText(value=games, min=10, max=100_000, step=100, description="Games each",
                                             style={"description_width": "initial"}, layout=W.Layout(width="190px")),
                            "xp-wi-games")
        self.seed = tagged(W.IntText(value=seed, description="Seed", layout=W.Layout(width="150px")), "xp-wi-seed")
        self.where = tagged(W.Dropdown(options=WHERE, value="pool" if scheduler is None else scheduler, description="Play on",
                                       layout=W.Layout(width="300px")), "xp-wi-where")
        self.run_button = tagged(W.Button(description="Run", button_style="primary", icon="play"), "xp-wi-run")
        self.status = tagged(W.HTML(), "xp-wi-status")
        self.progress = W.IntProgress(min=0, max=1, layout=W.Layout(width="300px", visibility="hidden"))
        self.table = tagged(W.HTML(), "xp-wi-table")
        self.seats_fig = LiveFigure(self._empty("Win rate by seat", "seat"), "xp-wi-seats")
        self.masterminds_fig = LiveFigure(self._empty("Win rate by starting mastermind", ""), "xp-wi-masterminds")
        self.length_fig = LiveFigure(self._empty("Game length", "turns"), "xp-wi-length")
        self.spread_fig = LiveFigure(self._empty("Gap between seats' win rates", ""), "xp-wi-spread")
        self.exact_fig = LiveFigure(self._empty("The exact, local effect", ""), "xp-wi-exact")
        self.game.observe(lambda ch: self._load_rules(), names="value")
        self.rule.observe(lambda ch: self._rule_changed(), names="value")
        self.run_button.on_click(lambda b: self.run())
        self._load_rules(rule, values)
        charts = W.VBox([W.HBox([self.seats_fig.widget, self.spread_fig.widget], layout=W.Layout(flex_flow="row wrap")),
                         W.HBox([self.length_fig.widget, self.exact_fig.widget], layout=W.Layout(flex_flow="row wrap")),
                         self.masterminds_fig.widget])
        controls = W.VBox([
            W.HBox([self.game, self.rule, self.values], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.games, self.seed, self.where, self.run_button], layout=W.Layout(flex_flow="row wrap",
                                                                                          align_items="center")),
            W.HBox([self.progress, self.status], layout=W.Layout(align_items="center")),
        ])
        self.widget = tagged(W.VBox([controls, self.table, charts]), "xp-whatif")

    # -- controls ----------------------------------------------------------------------------
    def _load_rules(self, rule: str | None = None, values: str | None = None) -> None:
        self.params = spec(self.game.value).metrics.parameters()
        self.rule.options = [(f"{name} (now {spec['value']})", name) for name, spec in self.params.items()]
        self.rule.value = rule if rule in self.params else next(iter(self.params))
        if values is not None:
            self.values.value = values
        self._rule_changed(keep=values is not None)

    def _rule_changed(self, keep: bool = False) -> None:
        spec = self.params.get(self.rule.value)
        if spec is None:
            return
        if not keep:
            self.values.value = default_values(spec)
        allowed = "true or false" if spec["kind"] == "switch" else f"{spec['min']} to {spec['max']}"
        self.values.tooltip = f"comma-separated values; allowed: {allowed}"
        self.status.value = f"<i>{html.escape(self.rule.value)}: allowed {allowed}; press Run.</i>"

    # -- running -----------------------------------------------------------------------------
    def run(self):
        """Play the sweep and draw it; a bad value is reported, nothing is played."""
        name = self.rule.value
        try:
            values = parse_values(self.values.value, self.params[name])
        except ValueError as exc:
            self.status.value = f"<span style='color:#b00'>{html.escape(str(exc))}</span>"
            return None
        n = self.games.value
        self.status.value = f"<i>playing {n} games at each of {len(values)} values…</i>"
        self.progress.layout.visibility = "visible"
        self.progress.max, self.progress.value = n * len(values), 0
        try:
            where = None if self.where.value == "pool" else self.where.value
            frame = sweep(self.game.value, {name: values}, games=n, seed=self.seed.value, scheduler=where,
                          progress=False, keep_records=True)
        except (ValueError, LookupError) as exc:
            self.status.value = f"<span style='color:#b00'>{html.escape(str(exc))}</span>"
            return None
        finally:
            self.progress.layout.visibility = "hidden"
        self.frame = frame
        self._draw(frame, name, values)
        self.status.value = (f"done: {n} games at each value, the same seeds at every value (so the differences "
                             "are the rule's, not the dice's); bars show 95% intervals")
        return frame

    # -- drawing -----------------------------------------------------------------------------
    @staticmethod
    def _empty(title: str, x: str) -> go.Figure:
        fig = go.Figure()
        fig.update_layout(title=title, width=560, height=340, margin=dict(l=50, r=20, t=50, b=50),
                          xaxis_title=x, template="plotly_white", xaxis_visible=False, yaxis_visible=False,
                          annotations=[dict(text="press Run to fill this chart", showarrow=False, xref="paper",
                                            yref="paper", x=0.5, y=0.5, font=dict(color="#777"))])
        return fig

    @staticmethod
    def _clear(fig: go.Figure) -> None:
        """Empty a chart for new results: no traces, no hint, axes shown."""
        fig.data = ()
        fig.layout.annotations = ()
        fig.update_layout(xaxis_visible=True, yaxis_visible=True)

    def _draw(self, frame, name: str, values: list[Any]) -> None:
        seats = [c for c in frame.columns if c.startswith("win_seat_") and not c.endswith(("_low", "_high"))]
        masters = [c for c in frame.columns if c.startswith("win_mastermind:") and not c.endswith(("_low", "_high"))]
        rows = frame.to_dict("records")

        def bars(live, cols, labels, title):
            with figure_update(live) as fig:
                self._clear(fig)
                for k, r in enumerate(rows):
                    y = [r[c] for c in cols]
                    fig.add_bar(x=labels, y=y, name=f"{name} = {r[name]}", marker_color=COLOURS[k % len(COLOURS)],
                                error_y=dict(type="data", symmetric=False,
                                             array=[r[f"{c}_ci_high"] - r[c] for c in cols],
                                             arrayminus=[r[c] - r[f"{c}_ci_low"] for c in cols]),
                                hovertemplate="%{x}: %{y:.1%}<extra>" + f"{name} = {r[name]}" + "</extra>")
                fig.update_layout(title=title, barmode="group", yaxis_tickformat=".0%", yaxis_title="wins")

        bars(self.seats_fig, seats, [c.removeprefix("win_seat_") for c in seats], "Win rate by seat (95% intervals)")
        with figure_update(self.seats_fig) as fig:
            fig.layout.xaxis.title.text = "seat"
        bars(self.masterminds_fig, masters, [c.split(":", 1)[1] for c in masters],
             "Share of games won, by the winner's starting mastermind")
        with figure_update(self.spread_fig) as spread:
            self._clear(spread)
            xs = [str(r[name]) for r in rows]
            if "seat_spread" in frame:
                spread.add_bar(x=xs, y=[r["seat_spread"] for r in rows], name="largest gap",
                                        marker_color="#1f77b4", hovertemplate="%{y:.1%}<extra>largest gap</extra>")
                spread.add_scatter(x=xs, y=[r["seat_spread_ci_high"] for r in rows], mode="markers",
                                            marker=dict(symbol="line-ew-open", size=24, color="#d62728"),
                                            name="95% bound of every pair",
                                            hovertemplate="%{y:.1%}<extra>bound</extra>")
                spread.layout.shapes = [dict(type="line", xref="paper", x0=0, x1=1, yref="y", y0=0.05,
                                                      y1=0.05, line=dict(dash="dot", color="#555"))]
                spread.layout.annotations = [dict(xref="paper", x=1, yref="y", y=0.05, text="5 points",
                                                           showarrow=False, xanchor="right", yanchor="bottom")]
            spread.update_layout(title="Gap between seats' win rates", xaxis_title=name,
                                          yaxis_tickformat=".0%", barmode="overlay")
        records = frame.attrs.get("records")
        with figure_update(self.length_fig) as length:
            self._clear(length)
            if records is not None and len(records):
                for k, r in enumerate(rows):
                    turns = records.loc[records["point"] == k, "turns"].tolist()
                    length.add_histogram(x=turns, name=f"{name} = {r[name]}", opacity=0.6,
                                                  marker_color=COLOURS[k % len(COLOURS)], histnorm="probability")
            length.update_layout(title="Game length (turns), each value", barmode="overlay",
                                          xaxis_title="turns", yaxis_tickformat=".0%", yaxis_title="games")
        effect = spec(self.game.value).metrics.exact_effect(name, values)
        with figure_update(self.exact_fig) as exact:
            self._clear(exact)
            if effect is None:
                exact.update_layout(title=f"The exact, local effect: none defined for {name}",
                                             xaxis_title="")
            else:
                for k, (v, ps) in enumerate(effect["series"].items()):
                    exact.add_scatter(x=effect["x"], y=[float(p) for p in ps], mode="lines+markers",
                                               name=f"{effect['series_label']} {v}",
                                               line_color=COLOURS[k % len(COLOURS)],
                                               customdata=[f"{p.numerator}/{p.denominator}" for p in ps],
                                               hovertemplate="%{x}: %{y:.1%} (%{customdata})<extra></extra>")
                exact.update_layout(title=effect["title"], xaxis_title=effect["x_label"],
                                             yaxis_tickformat=".0%", yaxis_range=[0, 1.02])
        cells = "".join(
            "<tr><td>{}</td>{}<td>{}</td><td>{:.1f}</td></tr>".format(
                html.escape(str(r[name])),
                "".join(f"<td title='95%: {_pct(r[c + '_ci_low'])} to {_pct(r[c + '_ci_high'])}'>{_pct(r[c])}</td>"
                        for c in seats),
                _pct(r["seat_spread"]) if "seat_spread" in r else "", r["turns"])
            for r in rows)
        head = "".join(f"<th>seat {c.removeprefix('win_seat_')}</th>" for c in seats)
        self.table.value = (f"<table class='xp-table'><thead><tr><th>{html.escape(name)}</th>{head}<th>largest gap"
                            f"</th><th>mean turns</th></tr></thead><tbody>{cells}</tbody></table>"
                            "<div style='font-size:0.85em;color:#555'>hover a rate for its 95% interval</div>")

    def _short_repr(self) -> str:
        return f"WhatIfLab(game={self.game.value!r}, rule={self.rule.value!r})"


__all__ = ["WhatIfLab", "default_values", "parse_values"]
