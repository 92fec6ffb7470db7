"""The seven variants ("Doomtrooper Optional Rules and Variants" and "Some Cool
Optional Rules From Jon Goosens"), chosen with ``rules.variant``, each one
:class:`~explorer.doomtrooper.variants.variant.Variant`:

* with places (:mod:`~explorer.doomtrooper.variants.places`): the Warzone
  Variant (:mod:`.warzone`), Home Turf Advantage (:mod:`.home_turf`),
  Colonization (:mod:`.colonization`);
* Limited Resources, Beat Down, Front Lines and The Vortex.

:data:`REGISTRY` lists them by name; :func:`for_game` makes the one a game plays
(``None`` for ``standard``: the basic game runs untouched).  The variants' own
data is ``data/doomtrooper/variants.toml`` (:mod:`.data`).
"""

from __future__ import annotations

from typing import Any

from ..params import VARIANTS as NAMES
from .variant import Variant
# in this order: the variants with places register their action kinds, the order the options are listed in
from . import places
from .colonization import Colonization
from .home_turf import HomeTurf
from .warzone import WarzoneVariant
from .beat_down import BeatDown
from .front_lines import FrontLines
from .limited_resources import LimitedResources
from .vortex import Vortex
from .data import check_dealt, check_variant_data, default_decks, load_variant_data, own_decks, variants_path

#: every variant by its name in ``rules.variant``
REGISTRY: dict[str, type[Variant]] = {v.name: v for v in (
    Colonization, HomeTurf, WarzoneVariant, BeatDown, FrontLines, LimitedResources, Vortex)}
if set(REGISTRY) != set(NAMES) - {"standard"}:
    raise ValueError(f"the variants {sorted(REGISTRY)} are not the rules' {list(NAMES[1:])}")

#: every variant by its name in ``rules.variant``, as people name it: its heading in the
#: rulebook (``standard``, none of them, in our words)
TITLES: dict[str, str] = {"standard": "the basic game (no variant)", **{name: v.title for name, v in REGISTRY.items()}}

#: the action kinds only the variants with places offer
PLACE_KINDS = places.PLACE_KINDS


def for_game(game: Any) -> Variant | None:
    """The variant ``game``'s rules name, made for that game; ``None`` for ``standard``."""
    cls = REGISTRY.get(game.rules.variant)
    return None if cls is None else cls(game)


__all__ = ["PLACE_KINDS", "REGISTRY", "TITLES", "Variant", "check_dealt", "check_variant_data", "default_decks", "for_game",
           "load_variant_data", "own_decks", "variants_path"]
