"""The Victorian card game as the rest of the explorer sees it (:class:`~explorer.core.spec.GameSpec`)."""

from __future__ import annotations

from ..core.spec import GameSpec, cited_sections
from . import ablation, log, metrics, sections, why_not, words
from .bots import REGISTRY
from .check import check_data
from .game import VictorianGame
from .interpretations import load_interpretations
from .params import load_rules, override_rules
from .seat_odds import SEAT_ODDS
from .simulate import SIMULATION
from .state import SIDES

SPEC = GameSpec(
    key="victorian",
    title="Victorian heroes and villains",
    summary="a two-player card game: heroes track and attack the masterminds, villains plot and send assassins",
    game_class=VictorianGame,
    load_rules=load_rules,
    bots=REGISTRY,
    check_data=check_data,
    load_register=load_interpretations,
    sections=cited_sections(sections),
    observe=VictorianGame.observe,
    why_not=why_not.tempting,
    metrics=metrics,
    override_rules=override_rules,
    seat_names=SIDES,
    simulation=SIMULATION,
    log=log.LOG,
    option_words=lambda game, state, action: words.option_text(state, action),
    extras={"seat_odds": SEAT_ODDS, "card_stats": ablation},
)

__all__ = ["SPEC"]
