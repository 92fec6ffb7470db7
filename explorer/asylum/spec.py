"""Doom Asylum as the rest of the explorer sees it (:class:`~explorer.core.spec.GameSpec`)."""

from __future__ import annotations

from ..core.spec import GameSpec, cited_sections
from . import log, metrics, sections, why_not
from .bots import REGISTRY
from .check import check_data
from .game import AsylumGame
from .interpretations import load_interpretations
from .overrides import override_rules
from .params import load_rules
from .simulate import SIMULATION

SPEC = GameSpec(
    key="asylum",
    title="Doom Asylum",
    summary="a board game: villains roam an asylum, fight conflicts, race to the Yard",
    game_class=AsylumGame,
    load_rules=load_rules,
    bots=REGISTRY,
    check_data=check_data,
    load_register=load_interpretations,
    sections=cited_sections(sections),
    observe=AsylumGame.observe,
    why_not=why_not.tempting,
    metrics=metrics,
    override_rules=override_rules,
    simulation=SIMULATION,
    log=log.LOG,
)

__all__ = ["SPEC"]
