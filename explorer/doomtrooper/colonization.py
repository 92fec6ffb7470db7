"""Kept so that ``explorer.doomtrooper.colonization.solar_system`` stays importable; Colonization lives in :mod:`explorer.doomtrooper.variants.colonization`."""
from .variants.colonization import solar_system  # noqa: F401
