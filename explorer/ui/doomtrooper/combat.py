"""The Doomtrooper combat explorer: if my warrior fights yours, with this kit, in
cover or not, who is wounded or killed?

Pick the attacker and the defender from the sample pool, their equipment and
gifts, whether each is already wounded, the battle tactic, cover, and the dice
variant.  The explorer says whether the rules allow the attack (and which rule
decides), takes each warrior's ratings apart term by term (card, equipment,
gifts, cover, each with its rule), and gives the outcome table: exact under the
printed rules (certain), exact fractions under the dice variant.  A card the
rules forbid in a kit is named and left out of the odds.  Each warrior's blow is
drawn as a distribution (its attack total minus the other's Armor total: at 0 or
more it wounds), exactly, at least or at most.  The heatmap shows, for the dice
chosen, the chance of an outcome for every pair of edges (attack minus the
other's Armor), the star marking this matchup.

>>> x = CombatExplorer(attacker="Sean Gallagher", defender="Nepharite of Ilian")
>>> x.outcomes
{('wounded', 'wounded'): Fraction(1, 1)}
>>> x.dice.value = "2d6"     # each blow now lands with a chance, independently
>>> x.outcomes[("wounded", "wounded")] == odds.wound_chance(10, 7, "2d6") * odds.wound_chance(8, 8, "2d6")
True
"""

from __future__ import annotations

from fractions import Fraction

import ipywidgets as W
import plotly.graph_objects as go

from explorer.core.dist import Dist
from explorer.core.events import RuleRef
from explorer.doomtrooper import odds
from explorer.doomtrooper.base.attack import attack_rule
from explorer.doomtrooper.cards import Pool, load_pool
from explorer.doomtrooper.sections import GAME

from ..common import (
    Displayable,
    Html,
    LiveFigure,
    esc,
    figure_update,
    html_table,
    probability_html,
    probability_text,
    rule_html,
    tagged,
)
from ..distribution import distribution_bars, distribution_table, update_distribution_bars, view_buttons

DICE = (("printed rules (no dice)", "none"), ("2d6 on each rating", "2d6"), ("3d6 on each rating", "3d6"),
        ("d20 on each rating", "d20"))
EDGES = tuple(range(-8, 9))
STATUS_ORDER = ("unhurt", "wounded", "killed")
BLOWS = (("the attacker's blow", 0), ("the defender's blow", 1))
WOUND_COLOUR, MISS_COLOUR = "#b2182b", "#bdbdbd"


def legal_kit(warrior, pool: Pool) -> tuple[str, ...]:
    """The cards of ``warrior``'s kit the rules allow, in order: a card that
    :func:`explorer.doomtrooper.odds.kit_problems` finds against the cards before
    it is left out (it does not count in the combat)."""
    kept: list[str] = []
    for card in warrior.equipment:
        if not odds.kit_problems(warrior._replace(equipment=tuple(kept) + (card,)), pool):
            kept.append(card)
    return tuple(kept)


def heatmap_figure(grid: list[list[Fraction]], edges=EDGES, mark: tuple[int, int] | None = None,
                   title: str = "") -> go.Figure:
    """A heatmap of ``grid[i][j]`` (the defender's edge ``edges[i]``, the attacker's
    ``edges[j]``), hover text exact, a star on ``mark`` = (attacker edge, defender edge)."""
    text = [[probability_text(p) for p in row] for row in grid]
    fig = go.Figure(go.Heatmap(z=[[float(p) for p in row] for row in grid], x=list(edges), y=list(edges),
                               zmin=0, zmax=1, colorscale="Viridis", customdata=text,
                               hovertemplate="your edge %{x}, their edge %{y}: %{customdata}<extra></extra>",
                               colorbar=dict(title="chance", tickformat=".0%")))
    if mark is not None:
        x, y = (max(edges[0], min(edges[-1], v)) for v in mark)
        fig.add_scatter(x=[x], y=[y], mode="markers", marker=dict(symbol="star", size=18, color="#ff4136",
                                                                    line=dict(color="white", width=1)),
                        name="this matchup", hovertemplate="this matchup<extra></extra>")
    fig.update_layout(title=title, width=560, height=470, margin=dict(l=60, r=20, t=60, b=55),
                      xaxis_title="attacker's edge: its attack rating minus the defender's Armor",
                      yaxis_title="defender's edge: its attack minus the attacker's Armor",
                      template="plotly_white", showlegend=False)
    return fig


class CombatExplorer(Displayable):
    """Two warriors of the pool, their kits, the tactic, cover and dice: the rule
    verdict, the ratings term by term, the outcome table, each blow's distribution
    and the heatmap.

    Public widgets (each tagged with a stable CSS class for browser tests):
    ``attacker``/``defender`` (dropdowns), ``attacker_kit``/``defender_kit``
    (multi-selects of equipment and gifts), ``attacker_wounded``/``defender_wounded``,
    ``tactic``, ``cover``, ``dice``, ``grid_outcome``; views ``verdict``,
    ``ratings_view``, ``table``, and the figure ``figure``; the blows: ``blow``
    (``xp-dt-blow``), ``blow_view`` (``xp-dt-blow-view``), ``blow_figure``
    (``xp-dt-blow-figure``) and ``blow_table`` (``xp-dt-blow-table``).
    """

    def __init__(self, attacker: str = "Sean Gallagher", defender: str = "Nepharite of Ilian", *,
                 pool: Pool | None = None, tactic: str = "fight", dice: str = "none", cover: bool = False):
        self.pool = pool if pool is not None else load_pool()
        warriors = sorted(c.name for c in self.pool.of_type("warrior"))
        kit = sorted(c.name for c in self.pool.values() if c.type in ("equipment", "dark_symmetry"))
        style = {"description_width": "initial"}

        def side(role: str, name: str):
            pick = tagged(W.Dropdown(options=warriors, value=name, description=role.capitalize(), style=style,
                                     layout=W.Layout(width="300px")), f"xp-dt-{role}")
            gear = tagged(W.SelectMultiple(options=kit, rows=6, description="kit", style=style,
                                           layout=W.Layout(width="300px")), f"xp-dt-{role}-kit")
            hurt = tagged(W.Checkbox(value=False, description="already wounded", indent=False), f"xp-dt-{role}-wounded")
            return pick, gear, hurt

        self.attacker, self.attacker_kit, self.attacker_wounded = side("attacker", attacker)
        self.defender, self.defender_kit, self.defender_wounded = side("defender", defender)
        self.tactic = tagged(W.ToggleButtons(options=[("Fight", "fight"), ("Shoot", "shoot")], value=tactic,
                                             description="Battle tactic", style=style), "xp-dt-tactic")
        self.cover = tagged(W.Checkbox(value=cover, description="defender in cover (+3 Armor)", indent=False),
                            "xp-dt-cover")
        self.dice = tagged(W.Dropdown(options=DICE, value=dice, description="Dice", style=style,
                                      layout=W.Layout(width="300px")), "xp-dt-dice")
        self.grid_outcome = tagged(W.Dropdown(options=list(odds.GRID_OUTCOMES), value="you wound, they do not",
                                              description="Heatmap of", style=style, layout=W.Layout(width="330px")),
                                   "xp-dt-grid-outcome")
        self.verdict = tagged(W.HTML(), "xp-dt-verdict")
        self.ratings_view = tagged(W.HTML(), "xp-dt-ratings")
        self.table = tagged(W.HTML(), "xp-dt-outcomes")
        self.figure = LiveFigure(go.Figure(), "xp-dt-heatmap", width="580px")
        self.blow = tagged(W.Dropdown(options=BLOWS, value=0, description="Draw", style=style,
                                      layout=W.Layout(width="300px")), "xp-dt-blow")
        self.blow_view = view_buttons("xp-dt-blow-view")
        self.blow_figure = LiveFigure(distribution_bars(Dist.certain(0)), "xp-dt-blow-figure")
        self.blow_table = tagged(W.HTML(), "xp-dt-blow-table")
        self.outcomes: dict[tuple[str, str], Fraction] = {}
        self.fight: odds.Fight | None = None
        for w in (self.attacker, self.attacker_kit, self.attacker_wounded, self.defender, self.defender_kit,
                  self.defender_wounded, self.tactic, self.cover, self.dice):
            w.observe(lambda ch: self.update(), names="value")
        self.grid_outcome.observe(lambda ch: self.update_heatmap(), names="value")
        for w in (self.blow, self.blow_view):
            w.observe(lambda ch: self.update_blow(), names="value")
        sides = W.HBox([W.VBox([self.attacker, self.attacker_kit, self.attacker_wounded]),
                        W.VBox([self.defender, self.defender_kit, self.defender_wounded])],
                       layout=W.Layout(flex_flow="row wrap"))
        controls = W.VBox([sides, self.tactic, W.HBox([self.cover, self.dice], layout=W.Layout(flex_flow="row wrap"))])
        results = W.VBox([self.verdict, self.table, self.ratings_view], layout=W.Layout(flex="1 1 420px"))
        heat = W.VBox([self.grid_outcome, self.figure.widget])
        blows = W.VBox([W.HBox([self.blow, self.blow_view], layout=W.Layout(flex_flow="row wrap")),
                        self.blow_figure.widget, self.blow_table])
        self.widget = tagged(W.VBox([controls, W.HBox([results, heat], layout=W.Layout(flex_flow="row wrap")), blows]),
                             "xp-dt-combat")
        self.update()

    # -- the warriors as described --------------------------------------------------------------
    def warrior(self, role: str):
        """The chosen warrior of ``role`` ("attacker"/"defender") with its kit, as
        chosen, and its wound."""
        pick, gear, hurt = ((self.attacker, self.attacker_kit, self.attacker_wounded) if role == "attacker"
                            else (self.defender, self.defender_kit, self.defender_wounded))
        return self.pool[pick.value]._replace(equipment=tuple(gear.value), wounded=hurt.value)

    def counted(self, role: str):
        """The warrior of ``role`` as the combat counts it: a card the rules forbid
        in its kit is left out (:func:`legal_kit`)."""
        w = self.warrior(role)
        return w._replace(equipment=legal_kit(w, self.pool))

    @property
    def roll(self) -> str | None:
        return None if self.dice.value == "none" else self.dice.value

    # -- computing ------------------------------------------------------------------------------
    def update(self) -> None:
        """Recompute everything from the controls."""
        shown = self.warrior("attacker"), self.warrior("defender")
        a, d = self.counted("attacker"), self.counted("defender")
        allowed, section = attack_rule(a, d)
        problems = odds.kit_problems(shown[0], self.pool) + odds.kit_problems(shown[1], self.pool)
        left_out = [c for w, kept in zip(shown, (a, d)) for c in w.equipment if c not in kept.equipment]
        ref = RuleRef(GAME, section)
        verdict = ("<b style='color:#1b6e20'>The rules allow this attack.</b>" if allowed else
                   "<b style='color:#8a1c1c'>The rules forbid this attack</b> (the odds below say what would happen "
                   "if a card forced it).")
        kit = "".join(f"<div style='color:#8a1c1c'>Not allowed: {esc(p)}</div>" for p in problems)
        if left_out:
            kit += (f"<div style='color:#8a1c1c'>Left out of the odds below, as the rules forbid them: "
                    f"{esc(', '.join(left_out))}.</div>")
        self.verdict.value = f"<div>{verdict} The deciding rule: {rule_html(ref)}</div>{kit}"
        self.fight = odds.fight(a, d, self.tactic.value, self.cover.value, pool=self.pool)
        self.outcomes = odds.combat(a, d, self.tactic.value, self.roll, self.cover.value, pool=self.pool)
        self.table.value = self._table_html(a, d)
        self.ratings_view.value = self._ratings_html(a, d)
        self.update_heatmap()
        self.update_blow()

    def edges(self) -> tuple[int, int]:
        """(attacker's edge, defender's edge): each attack rating minus the other's Armor."""
        ra, rd = self.fight.ratings
        return ra.attack - rd.armor, rd.attack - ra.armor

    def blow_margin(self, side: int) -> Dist[int]:
        """Side ``side``'s blow, exactly: its attack total minus the other's Armor
        total, each rating with its own roll under the dice rule; at 0 or more the
        blow wounds ("equal or greater")."""
        ra, rd = self.fight.ratings
        mine, theirs = (ra, rd) if side == 0 else (rd, ra)
        edge = mine.attack - theirs.armor
        roll = odds.dice_roll(self.roll, self.fight.rules)
        return Dist.certain(edge) if roll is None else ((roll - roll) + edge).sorted()

    def update_blow(self) -> None:
        """Draw the chosen blow's distribution in the chosen view, and its table."""
        side = self.blow.value
        margin = self.blow_margin(side)
        names = [self.attacker.value, self.defender.value]
        who, other = names[side], names[1 - side]
        wounds = margin.prob(lambda m: m >= 0)
        title = (f"{esc(who)}'s blow: its {self.tactic.value.capitalize()} total minus {esc(other)}'s Armor total"
                 f"<br><sup>red: it wounds (0 or more); P(it wounds) = {probability_text(wounds)}"
                 f"{'' if self.roll else ', certain under the printed rules'}</sup>")
        with figure_update(self.blow_figure) as fig:
            update_distribution_bars(fig, margin, self.blow_view.value, what="the difference", title=title,
                                     colours=lambda m: WOUND_COLOUR if m >= 0 else MISS_COLOUR)
        note = ("Each blow on its own; a warrior that strikes first and kills never strikes back: the table of "
                "who is wounded or killed counts that.")
        self.blow_table.value = distribution_table(margin, "difference", highlight=(0,), caption=note)

    def update_heatmap(self) -> None:
        dice = self.roll
        grid = odds.edge_grid(dice, EDGES, self.grid_outcome.value)
        title = (f"P({self.grid_outcome.value}) with {dice} on each rating" if dice else
                 f"{self.grid_outcome.value} under the printed rules (certain: 0 or 1)")
        ra, rd = self.fight.ratings
        if ra.first or rd.first or self.warrior("attacker").wounded or self.warrior("defender").wounded:
            title += ("<br><span style='font-size:11px'>the map assumes nobody strikes first or is wounded yet; "
                      "the table above counts both</span>")
        new = heatmap_figure(grid, EDGES, self.edges(), title)
        with figure_update(self.figure) as fig:
            fig.data = ()
            for trace in new.data:
                fig.add_trace(trace)
            fig.layout = new.layout

    # -- drawing ---------------------------------------------------------------------------------
    def _table_html(self, a, d) -> str:
        def order(item):
            (sa, sd), _ = item
            return STATUS_ORDER.index(sd), -STATUS_ORDER.index(sa)

        rows = [[f"{a.name} {odds.status_text(sa, a.wounded)}", f"{d.name} {odds.status_text(sd, d.wounded)}",
                 probability_html(p)]
                for (sa, sd), p in sorted(self.outcomes.items(), key=order, reverse=True)]
        how = "exact: every roll of the dice counted" if self.roll else "the printed rules: no dice, no doubt"
        return "<b>Who is wounded or killed</b>" + html_table(["attacker", "defender", "chance"], rows, numeric=(2,),
                                                               caption=how)

    def _ratings_html(self, a, d) -> str:
        f = self.fight
        word = "Fight" if self.tactic.value == "fight" else "Shoot"
        parts = []
        for side, w in ((0, a), (1, d)):
            r = f.ratings[side]
            rows = []
            for t in f.terms[side]:
                t = f.label(t)
                rule = rule_html(t.rule, compact=True) + (f" <i>({esc(t.note)})</i>" if t.note else "")
                rows.append([t.source, f"{t.attack:+d}" if t.attack else "", f"{t.armor:+d}" if t.armor else "",
                             f"{t.value:+d}" if t.value else "", Html(rule)])
            rows.append([Html("<b>total</b>"), str(r.attack), str(r.armor), str(r.value),
                         "strikes first" if r.first else ""])
            parts.append(f"<div style='margin-top:6px'><b>{esc(w.name)}</b>"
                         + html_table(["from", word, "Armor", "Value", "rule"], rows, numeric=(1, 2, 3)) + "</div>")
        if f.off:
            parts.append(f"<i>Immunity switches off: {esc(', '.join(sorted(f.off)))} (rule: "
                         f"{rule_html(RuleRef(GAME, 'immunity'), compact=True)})</i>")
        return "<b>The ratings, term by term</b>" + "".join(parts)

    def _short_repr(self) -> str:
        return f"CombatExplorer(attacker={self.attacker.value!r}, defender={self.defender.value!r})"


__all__ = ["CombatExplorer", "DICE", "heatmap_figure", "legal_kit"]
