"""GOOD & EVIL: the two sides as the rules' text names them ("the Heroes", "the Villains")."""

from __future__ import annotations

TITLES = ("the Heroes", "the Villains")


def title(side: int) -> str:
    return TITLES[side]


def Title(side: int) -> str:  # noqa: N802 (the title at the start of a sentence)
    return TITLES[side][0].upper() + TITLES[side][1:]


__all__ = ["TITLES", "Title", "title"]
