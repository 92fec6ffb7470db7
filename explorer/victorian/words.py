"""How the log speaks of things: a count with its noun in the right number, "a"
or "an", and the pronoun of a unit (a card's ``pronoun``: he, she or it; a
token is "it").

>>> counted(1, "Wound counter"), counted(2, "card"), article("Event"), agreeing(1, "join")
('1 Wound counter', '2 cards', 'an', 'joins')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .game import VictorianGame
    from .state import Unit


class Pronoun(NamedTuple):
    he: str
    him: str
    his: str
    himself: str


PRONOUNS = {"he": Pronoun("he", "him", "his", "himself"), "she": Pronoun("she", "her", "her", "herself"),
            "it": Pronoun("it", "it", "its", "itself")}


def counted(n: int, noun: str) -> str:
    """``n`` and ``noun``, plural unless ``n`` is 1."""
    return f"{n} {noun}" + ("" if n == 1 else "s")


def agreeing(n: int, verb: str) -> str:
    """``verb`` (given as for many: "join") agreeing with a count of ``n``."""
    return verb + "s" if n == 1 else verb


def article(word: str) -> str:
    """The indefinite article before ``word`` (by its first letter)."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def pronoun(game: VictorianGame, u: Unit | None) -> Pronoun:
    """How to speak of the unit ``u`` (a card's ``pronoun``; a token is "it")."""
    if u is None or u.token:
        return PRONOUNS["it"]
    return PRONOUNS[game.card(u.card).pronoun]


def card_pronoun(game: VictorianGame, card: str) -> Pronoun:
    """How to speak of the character on card ``card``."""
    return PRONOUNS[game.card(card).pronoun]


__all__ = ["PRONOUNS", "Pronoun", "agreeing", "article", "card_pronoun", "counted", "pronoun"]
