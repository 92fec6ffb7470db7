"""Reading a drawn card table back in tests (``from board_zones import zones, backs``):
the tiles of each zone by its ``data-zone`` key, as the card games' boards draw them
(:mod:`explorer.ui.tiles`)."""

from __future__ import annotations

import html
import re


def zones(board: str) -> dict[str, list[str]]:
    """Each zone's key -> the card names of its face-up tiles (attached cards included)."""
    out = {}
    for chunk in board.split('data-zone="')[1:]:
        key = chunk[:chunk.index('"')]
        out[key] = [html.unescape(n) for n in re.findall(r'data-card="([^"]*)"', chunk)]
    return out


def backs(board: str, key: str) -> int:
    """How many face-down tiles zone ``key`` shows."""
    chunk = board.split(f'data-zone="{key}"')[1].split("data-zone=")[0]
    return chunk.count("xp-card-back")
