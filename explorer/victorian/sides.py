"""GOOD & EVIL: the two sides as the rules' text names them ("the Heroes", "the Villains")."""

from __future__ import annotations

TITLES = ("the Heroes", "the Villains")


def title(side: int) -> str:
    return TITLES[side]


_CAPITALISED = tuple(t[0].upper() + t[1:] for t in TITLES)


def Title(side: int) -> str:  # noqa: N802 (the title at the start of a sentence)
    return _CAPITALISED[side]


__all__ = ["TITLES", "Title", "title"]
