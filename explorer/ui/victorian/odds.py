"""The Victorian card game's odds, as widgets: every table against the modifier
(and, at one modifier, the modified total exactly, at least or at most), the chains (an attack, an Intercept Phase, a plot against the heroes), and the
deck (the opening hand, the mulligan, the turns until a card).

Every number comes from :mod:`explorer.victorian.tables` and
:mod:`explorer.victorian.odds`, which enumerate the game's own rules exactly;
the widgets only choose the question and draw the answer.

>>> t = TableOdds(table="Track Roll", low=0, high=6)
>>> [round(float(p), 3) for p in t.series()["thwarted"]]
[0.083, 0.167, 0.278, 0.417, 0.583, 0.722, 0.833]
>>> a = AttackOdds(hero="Tarzan", mastermind="Dr Fu-Man-Chu", minion="Chinese Horde", count=1)
>>> a.result()["hero_killed"]
Fraction(1, 18)
>>> d = DeckOdds()
>>> d.opening()
Fraction(1, 1)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

import ipywidgets as W
import plotly.graph_objects as go

from explorer.core.dist import Dist
from explorer.core.engine import outcomes
from explorer.core.events import RuleRef
from explorer.core.numbers import counted
from explorer.victorian import odds, tables
from explorer.victorian import sections as R
from explorer.victorian.cards import TYPES, deck_counts, load_cards, load_tokens
from explorer.victorian.state import Term
from explorer.victorian.tables.banded import modified_roll
from explorer.victorian.tables.data import load_tables

from ..common import Displayable, LiveFigure, esc, figure_update, html_table, probability_text, rule_html, tagged
from ..distribution import distribution_bars, distribution_table, update_distribution_bars, view_buttons

#: name shown -> (odds function name, rule)
ROLLS: dict[str, tuple[str, RuleRef]] = {
    "Assassin Roll (2D6)": ("assassin_roll", R.ASSASSIN),
    "Track Roll (2D6)": ("track_roll", R.INTERCEPT),
    "Combat Roll (1D6)": ("combat_roll", R.COMBAT),
    "Showdown Roll (1D6)": ("showdown_roll", R.SHOWDOWN),
    "Healing Roll (1D6)": ("healing_roll", R.HEALING),
}
#: colours by result, from the Heroes' side: red is bad for them, blue and green good, grey neither
COLOURS = {
    "hero_killed": "#b2182b", "killed": "#b2182b", "wrong_track": "#b2182b", "matured": "#b2182b",
    "caught": "#b2182b",
    "hero_wounded": "#ef8a62", "wounded": "#ef8a62", "stays": "#ef8a62",
    "stop": "#d9d9d9", "stopped": "#d9d9d9", "nothing": "#d9d9d9", "dead_end": "#d9d9d9", "neither": "#d9d9d9",
    "other": "#d9d9d9",
    "not_found": "#a6cee3", "destroy_base": "#a6cee3", "foiled": "#67a9cf", "interrogated": "#67a9cf",
    "attack_again": "#2166ac", "villain_wounded": "#2166ac", "thwarted": "#2166ac", "discovery": "#2166ac",
    "villain_killed": "#1a9850", "removed": "#1a9850",
}
COLOUR_NOTE = "Colours read from the Heroes' side: red is bad for them, blue and green good, grey neither."


def _short(name: str) -> str:
    return name.split(" (")[0]


def _bars(fig: go.Figure, x: list[Any], series: dict[str, list[Fraction]], orientation: str = "v") -> None:
    fig.data = []
    for key, ps in series.items():
        text = [probability_text(p) for p in ps]
        bar = dict(name=key.replace("_", " "), hovertext=text, hoverinfo="text+name",
                   marker_color=COLOURS.get(key, "#999999"))
        if orientation == "v":
            fig.add_bar(x=x, y=[float(p) for p in ps], **bar)
        else:
            fig.add_bar(y=x, x=[float(p) for p in ps], orientation="h", **bar)


def total_dist(fn: str, modifier: int) -> Dist[int]:
    """The modified total of a roll (``fn`` as in :data:`ROLLS`) at ``modifier``,
    exactly: the game's own :func:`~explorer.victorian.tables.banded.modified_roll`
    enumerated, the dice and the modifier added as the game adds them."""
    banded = load_tables().banded(fn.removesuffix("_roll"))
    terms = (Term("modifier", modifier, None, banded.name),) if modifier else ()
    return outcomes(lambda chance: modified_roll(banded, terms, chance).total).sorted()


class TableOdds(Displayable):
    """One modified roll's results against the total modifier, as stacked bars;
    and at one modifier (``modifier``, ``xp-table-modifier``) the modified total,
    exactly, at least or at most (``view``, ``xp-table-view``), coloured by the
    result it reads on the table (``total_figure``, ``xp-table-total-figure``;
    ``totals``, ``xp-table-totals``)."""

    def __init__(self, table: str = "Track Roll", low: int = -4, high: int = 10, modifier: int = 0):
        names = list(ROLLS)
        chosen = next((n for n in names if n.startswith(table)), names[1])
        self.table = tagged(W.Dropdown(options=names, value=chosen, description="Roll"), "xp-table-choice")
        self.range = tagged(W.IntRangeSlider(value=(low, high), min=-12, max=16, description="Modifier",
                                             continuous_update=False, layout=W.Layout(width="420px")),
                            "xp-modifier-range")
        self.figure = LiveFigure(go.Figure(layout=dict(barmode="stack", height=380, margin=dict(l=50, r=20, t=50,
                                                                                                 b=40),
                                                       yaxis=dict(range=[0, 1], tickformat=".0%"),
                                                       xaxis=dict(title="total added to the dice", dtick=1),
                                                       legend=dict(orientation="h", y=-0.2))), "xp-table-figure")
        self.rule = tagged(W.HTML(), "xp-table-rule")
        self.modifier = tagged(W.IntSlider(value=modifier, min=-12, max=16, description="At modifier",
                                           continuous_update=False, style={"description_width": "initial"}),
                               "xp-table-modifier")
        self.view = view_buttons("xp-table-view")
        self.total_figure = LiveFigure(distribution_bars(Dist.certain(0)), "xp-table-total-figure")
        self.totals = tagged(W.HTML(), "xp-table-totals")
        self.table.observe(lambda c: self.update(), names="value")
        self.range.observe(lambda c: self.update(), names="value")
        for w in (self.modifier, self.view):
            w.observe(lambda c: self.update_total(), names="value")
        self.widget = tagged(W.VBox([W.HBox([self.table, self.range]), self.figure.widget, self.rule,
                                     W.HBox([self.modifier, self.view], layout=W.Layout(flex_flow="row wrap")),
                                     self.total_figure.widget, self.totals]), "xp-victorian-tables")
        self.update()

    def modifiers(self) -> list[int]:
        low, high = self.range.value
        return list(range(low, high + 1))

    def series(self) -> dict[str, list[Fraction]]:
        """Each result's exact probability at each modifier of the range."""
        fn, _ = ROLLS[self.table.value]
        mods = self.modifiers()
        if fn == "healing_roll":
            removed = [tables.healing_roll(m) for m in mods]
            return {"stays": [1 - p for p in removed], "removed": removed}
        rows = [getattr(tables, fn)(m) for m in mods]
        return {key: [r[key] for r in rows] for key in rows[0]}

    def update(self) -> None:
        fn, rule = ROLLS[self.table.value]
        with figure_update(self.figure) as fig:
            _bars(fig, self.modifiers(), self.series())
            fig.layout.title = f"{_short(self.table.value)}: each result's chance by the total modifier"
        banded = load_tables().banded(fn.removesuffix("_roll"))
        self.rule.value = (f"{rule_html(rule)}<div style='color:#555'>Dice: {banded.dice}D6. Bands of the modified "
                           f"total: {esc(banded.describe())}. {COLOUR_NOTE}</div>")
        self.update_total()

    def total(self) -> Dist[int]:
        """The modified total at the chosen modifier, exactly."""
        return total_dist(ROLLS[self.table.value][0], self.modifier.value)

    def update_total(self) -> None:
        """Draw the modified total at one modifier, coloured by the result it reads."""
        fn, _ = ROLLS[self.table.value]
        banded = load_tables().banded(fn.removesuffix("_roll"))
        dist, modifier = self.total(), self.modifier.value
        result = lambda t: banded.read(t).replace("_", " ")  # noqa: E731
        title = (f"{_short(self.table.value)} at {modifier:+d}: the modified total"
                 f"<br><sup>{banded.dice}D6 {modifier:+d}; each bar coloured by the result it reads</sup>")
        with figure_update(self.total_figure) as fig:
            update_distribution_bars(fig, dist, self.view.value, what="the modified total", title=title,
                                     colours=lambda t: COLOURS.get(banded.read(t), "#999999"))
        self.totals.value = distribution_table(dist, "modified total", label=("result", result),
                                               caption=f"At least x: x or more; at most x: x or less. {COLOUR_NOTE}")


# -- chains -------------------------------------------------------------------------------------------

def hero_names() -> list[str]:
    return [c.name for c in load_cards("heroes").values() if c.type == "C"]


def masterminds() -> list[str]:
    return [c.name for c in load_cards("villains").values() if c.type == "M"]


def minion_kinds() -> list[str]:
    tokens = [t.name for t in load_tokens().values() if t.side == "villains"]
    return tokens + [c.name for c in load_cards("villains").values() if c.type == "C"]


@lru_cache(maxsize=512)
def _attack(hero, mastermind, minions, gear, press):
    return odds.attack(hero, mastermind, list(minions), gear=list(gear), press=press)


@lru_cache(maxsize=512)
def _thwart(heroes, mastermind, plots):
    return odds.thwart(list(heroes), mastermind, plots=list(plots))


@lru_cache(maxsize=128)
def _plot(plot, mastermind, counters, heroes):
    return odds.plot_matures(plot, mastermind, list(heroes), counters=counters)


class _Chain(Displayable):
    title = ""
    rule: RuleRef = R.ATTACK

    def _finish(self, controls: list[W.Widget]) -> None:
        self.figure = LiveFigure(go.Figure(layout=dict(barmode="stack", height=220, margin=dict(l=20, r=20, t=40,
                                                                                                 b=30),
                                                       xaxis=dict(range=[0, 1], tickformat=".0%"),
                                                       legend=dict(orientation="h", y=-0.35))), "xp-chain-figure")
        self.table = tagged(W.HTML(), "xp-chain-table")
        for c in controls:
            c.observe(lambda change: self.update(), names="value")
        self.widget = tagged(W.VBox([W.HBox(controls, layout=W.Layout(flex_flow="row wrap")), self.figure.widget,
                                     self.table, W.HTML(rule_html(self.rule) +
                                                        f"<div style='color:#555'>{COLOUR_NOTE}</div>")]), "xp-chain")
        self.update()

    def update(self) -> None:
        r = self.result()
        with figure_update(self.figure) as fig:
            _bars(fig, [""], {k: [p] for k, p in r.items()}, orientation="h")
            fig.layout.title = self.title
        self.table.value = html_table(["how it ends", "chance"], [(k.replace("_", " "), probability_text(p))
                                                                  for k, p in r.items()], numeric=[1])


class AttackOdds(_Chain):
    """How one hero's attack on a thwarted Mastermind and his minions ends (exact)."""

    title = "How the attack ends"
    rule = R.ATTACK

    def __init__(self, hero: str = "Allan Quatermain", mastermind: str = "Dr Fu-Man-Chu",
                 minion: str = "Chinese Horde", count: int = 2, gear: str = "(none)", press: bool = True):
        weapons = ["(none)"] + [c.name for c in load_cards("heroes").values() if c.type in "WV"]
        self.hero = tagged(W.Dropdown(options=hero_names(), value=hero, description="Hero"), "xp-attack-hero")
        self.gear = tagged(W.Dropdown(options=weapons, value=gear, description="Gear"), "xp-attack-gear")
        self.mastermind = tagged(W.Dropdown(options=masterminds(), value=mastermind, description="Mastermind"),
                                 "xp-attack-mastermind")
        self.minion = tagged(W.Dropdown(options=minion_kinds(), value=minion, description="Minions"),
                             "xp-attack-minion")
        self.count = tagged(W.IntSlider(value=count, min=0, max=4, description="How many", continuous_update=False),
                            "xp-attack-count")
        self.press = tagged(W.Checkbox(value=press, description="always attack again", indent=False),
                            "xp-attack-press")
        self.note = tagged(W.HTML(), "xp-attack-note")
        self._finish([self.hero, self.gear, self.mastermind, self.minion, self.count, self.press])
        self.widget.children = self.widget.children[:1] + (self.note,) + self.widget.children[1:]

    def result(self) -> dict[str, Fraction]:
        minions = [self.minion.value] * self.count.value
        if self.minion.value not in load_tokens():  # a card: one copy in a deck
            minions = minions[:1]
        gear = () if self.gear.value == "(none)" else (self.gear.value,)
        try:
            r = _attack(self.hero.value, self.mastermind.value, tuple(minions), gear, self.press.value)
            self.note.value = ""
        except (ValueError, KeyError) as exc:
            self.note.value = f"<span style='color:#8a1c1c'>{esc(exc)}</span>"
            r = _attack(self.hero.value, self.mastermind.value, tuple(minions), (), self.press.value)
        if hasattr(self, "note") and self.minion.value not in load_tokens() and self.count.value > 1:
            self.note.value = f"<span style='color:#555'>{esc(self.minion.value)} is one card: one of him.</span>"
        return r


class ThwartOdds(_Chain):
    """P(a set of heroes thwarts a Mastermind in one Intercept Phase), exact."""

    title = "One Intercept Phase against him"
    rule = R.INTERCEPT

    def __init__(self, heroes: tuple[str, ...] = ("Sherlock Holmes", "Tarzan"), mastermind: str = "Professor Moriarty",
                 plots: int = 2):
        self.heroes = tagged(W.SelectMultiple(options=hero_names(), value=tuple(heroes), rows=6,
                                              description="Heroes"), "xp-thwart-heroes")
        self.mastermind = tagged(W.Dropdown(options=masterminds(), value=mastermind, description="Mastermind"),
                                 "xp-thwart-mastermind")
        self.plots = tagged(W.IntSlider(value=plots, min=0, max=3, description="His plots", continuous_update=False),
                            "xp-thwart-plots")
        self._finish([self.heroes, self.mastermind, self.plots])

    def result(self) -> dict[str, Fraction]:
        names = ["Bank Heist", "Vile Scheme", "Start War"][:self.plots.value]
        return _thwart(tuple(self.heroes.value[:4]), self.mastermind.value, tuple(names))


class PlotOdds(_Chain):
    """P(a plot on the table pays out before it is foiled), the bots playing both sides."""

    title = "The plot, played out by the greedy bots on a bare table"
    rule = R.PLOT

    def __init__(self, plot: str = "Start War", mastermind: str = "Dr Moreau", counters: int = 2,
                 heroes: tuple[str, ...] = ("Tarzan",)):
        plots = [c.name for c in load_cards("villains").values() if c.type == "P"]
        self.plot = tagged(W.Dropdown(options=plots, value=plot, description="Plot"), "xp-plot-card")
        self.mastermind = tagged(W.Dropdown(options=masterminds(), value=mastermind, description="Mastermind"),
                                 "xp-plot-mastermind")
        self.counters = tagged(W.IntSlider(value=counters, min=0, max=3, description="Counters",
                                           continuous_update=False), "xp-plot-counters")
        self.heroes = tagged(W.SelectMultiple(options=hero_names(), value=tuple(heroes), rows=6,
                                              description="Heroes"), "xp-plot-heroes")
        self._finish([self.plot, self.mastermind, self.counters, self.heroes])

    def result(self) -> dict[str, Fraction]:
        return _plot(self.plot.value, self.mastermind.value, self.counters.value, tuple(self.heroes.value[:2]))


class ChainOdds(Displayable):
    """The three chains, one tab each."""

    def __init__(self):
        self.attack, self.thwart, self.plot = AttackOdds(), ThwartOdds(), PlotOdds()
        tabs = W.Tab(children=[self.attack.widget, self.thwart.widget, self.plot.widget])
        for i, name in enumerate(("An attack", "An Intercept Phase", "A plot")):
            tabs.set_title(i, name)
        self.widget = tagged(tabs, "xp-victorian-chains")


# -- the deck -------------------------------------------------------------------------------------------

class DeckOdds(Displayable):
    """The deck: P(the opening hand, after mulligans, holds at least n cards of a
    type); P(a mulligan); P(a given card in hand by each turn)."""

    def __init__(self, side: str = "heroes", card_type: str = "C", at_least: int = 1, card: str | None = None,
                 turns: int = 10):
        cards = self._cards(side)
        card = card if card in cards else cards[0]
        self.side = tagged(W.ToggleButtons(options=[("Heroes", "heroes"), ("Villains", "villains")], value=side),
                           "xp-deck-side")
        self.type = tagged(W.Dropdown(options=[(f"{v} ({k})", k) for k, v in TYPES.items()], value=card_type,
                                      description="Card type"), "xp-deck-type")
        self.at_least = tagged(W.IntSlider(value=at_least, min=0, max=7, description="At least",
                                           continuous_update=False), "xp-deck-at-least")
        self.card = tagged(W.Dropdown(options=cards, value=card, description="Card"), "xp-deck-card")
        self.turns = tagged(W.IntSlider(value=turns, min=1, max=30, description="Turns", continuous_update=False),
                            "xp-deck-turns")
        self.answer = tagged(W.HTML(), "xp-deck-answer")
        self.figure = LiveFigure(go.Figure(layout=dict(height=300, margin=dict(l=50, r=20, t=50, b=40),
                                                       yaxis=dict(range=[0, 1], tickformat=".0%"),
                                                       xaxis=dict(title="turn (0: the opening hand)", dtick=1))),
                                 "xp-deck-figure")
        self.side.observe(lambda c: self._side_changed(), names="value")
        for w in (self.type, self.at_least):
            w.observe(lambda c: self.update_hand(), names="value")
        for w in (self.card, self.turns):
            w.observe(lambda c: self.update_card(), names="value")
        self.widget = tagged(W.VBox([self.side, W.HBox([self.type, self.at_least]), self.answer,
                                     W.HBox([self.card, self.turns]), self.figure.widget,
                                     W.HTML(rule_html(R.SETUP) + rule_html(R.MULLIGAN))]), "xp-victorian-deck")
        self.update_hand()
        self.update_card()

    @staticmethod
    def _cards(side: str) -> list[str]:
        return list(load_cards(side))

    def _side_changed(self) -> None:
        cards = self._cards(self.side.value)
        self.card.options = cards
        self.card.value = cards[0]
        self.update_hand()

    def opening(self) -> Fraction:
        return odds.opening_hand(self.side.value, at_least={self.type.value: self.at_least.value})

    def first_hand(self) -> Fraction:
        """The same question of the first seven cards alone (the hypergeometric formula, no mulligan)."""
        counts, cards = deck_counts(self.side.value), load_cards(self.side.value)
        n = sum(counts.values())
        k = sum(c for name, c in counts.items() if cards[name].type == self.type.value)
        return sum((Fraction(comb(k, i) * comb(n - k, 7 - i), comb(n, 7)) for i in range(self.at_least.value, 8)),
                   Fraction(0))

    def update_hand(self) -> None:
        if self.type.value not in ("M", "P") or self.side.value == "villains":
            p, first, mull = self.opening(), self.first_hand(), odds.mulligan(self.side.value)
            kind = TYPES[self.type.value]
            self.answer.value = html_table(
                ["question", "chance"],
                [(f"at least {counted(self.at_least.value, f'{kind} card')} in the opening hand, after any mulligan",
                  probability_text(p)),
                 ("the same in the first seven cards alone (hypergeometric)", probability_text(first)),
                 ("a mulligan (no character in the first seven)", probability_text(mull))], numeric=[1])
        else:
            self.answer.value = f"<i>The {self.side.value.title()} have no {TYPES[self.type.value]} cards.</i>"

    def update_card(self) -> None:
        ps = odds.turns_until(self.side.value, self.card.value, self.turns.value)
        with figure_update(self.figure) as fig:
            fig.data = []
            fig.add_scatter(x=list(range(len(ps))), y=[float(p) for p in ps], mode="lines+markers",
                            hovertext=[probability_text(p) for p in ps], hoverinfo="text", name=self.card.value)
            fig.layout.title = f"P({self.card.value} has come to hand) by turn"


__all__ = ["AttackOdds", "ChainOdds", "DeckOdds", "PlotOdds", "ROLLS", "TableOdds", "ThwartOdds"]
