"""Doomtrooper as the rest of the explorer sees it (:class:`~explorer.core.spec.GameSpec`)."""

from __future__ import annotations

from ..core.spec import GameSpec, cited_sections
from . import ablation, log, metrics, sections, variants, why_not, words
from .bots import REGISTRY
from .check import check_data
from .game import DoomtrooperGame
from .interpretations import load_interpretations
from .params import STYLE_TITLES, load_rules, override_rules
from .seat_odds import SEAT_ODDS
from .simulate import SIMULATION

SPEC = GameSpec(
    key="doomtrooper",
    title="Doomtrooper",
    summary="a card game: warriors muster, take cover and fight for Promotion Points",
    game_class=DoomtrooperGame,
    load_rules=load_rules,
    bots=REGISTRY,
    check_data=check_data,
    load_register=load_interpretations,
    sections=cited_sections(sections),
    observe=DoomtrooperGame.observe,
    why_not=why_not.tempting,
    metrics=metrics,
    override_rules=override_rules,
    simulation=SIMULATION,
    log=log.LOG,
    option_words=lambda game, state, action: words.option_text(state, action, None, game),
    choice_titles={"variant": variants.TITLES, "style": STYLE_TITLES},
    extras={"seat_odds": SEAT_ODDS, "card_stats": ablation},
)

__all__ = ["SPEC"]
