"""The rules reference of Doom Asylum: the generic page (:mod:`explorer.ui.reference`)
with this game's own stepper for "show me"."""

from __future__ import annotations

from ...core.engine import Stepper
from ..common import Displayable
from ..reference import ReferencePage
from ..stepper import StepperWidget
from .rules_tour import RulesTour


def example_stepper(stepper: Stepper) -> tuple[Displayable, StepperWidget]:
    """A fresh stepper page of the game ``stepper`` plays, for the reference page to
    carry on from it."""
    page = RulesTour(players=stepper.initial.players, viewers=())
    return page, page.stepper_widget


def reference_page() -> ReferencePage:
    """The rules reference of Doom Asylum, "show me" opening this game's stepper."""
    return ReferencePage("asylum", example_stepper)


__all__ = ["example_stepper", "reference_page"]
