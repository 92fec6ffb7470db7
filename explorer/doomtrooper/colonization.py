"""Kept so that ``explorer.doomtrooper.colonization.solar_system`` stays importable
(Colonization: :mod:`explorer.doomtrooper.variants.colonization`)."""
from .variants.solar import solar_system  # noqa: F401
