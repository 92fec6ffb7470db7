"""What the greedy Doomtrooper bot remembers in one game object: a warrior kind's side
with each tactic, to score attacks fast (:meth:`.GreedyBot.best_attack`), and what its
discard reads of each card.  Cards are data, so the kinds and cards met are bounded;
the bot starts a new memo for a new game object.  And, from one decision of a combat's
modify step to the next, the combatants it found and their ratings (:class:`KeptPair`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


class Side:
    """What the greedy bot remembers of a warrior *kind* with one tactic (:class:`GameMemo`): the
    ``kind``, the ``weapon`` it is expected to choose (``""``: none), what that weapon ``takes`` from a
    foe's Armor, the kind's immunities (what :meth:`.Standing.off_between` reads of him), and its
    ratings (:func:`.plain`: read by every score) by what the foe's weapon takes from its Armor and
    the powers switched off: all a foe changes (warriors facing foes of different weapons are rated
    alike; its own weapon is its kind's).  ``bare``: those against a foe whose weapon takes nothing,
    with no power off (most), read without a key; ``ratings``: the others, by the two."""

    __slots__ = ("kind", "weapon", "takes", "immune", "bare", "ratings")

    def __init__(self, kind: int, armed: tuple[str, int, tuple[str, ...]]) -> None:
        self.kind = kind
        self.weapon, self.takes, self.immune = armed  # (_armed)
        self.bare: tuple[int, int, int, int] | None = None
        self.ratings: dict[tuple[int, frozenset], tuple[int, int, int, int]] = {}

    def keep(self, takes: int, off: frozenset[str], ratings: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        """``ratings`` against a foe whose weapon ``takes`` that much Armor, ``off`` the powers off,
        remembered where :meth:`.GreedyBot._sides_score` looks for them."""
        if takes or off:
            self.ratings[(takes, off)] = ratings
        else:
            self.bare = ratings
        return ratings


@dataclass(frozen=True, slots=True)  # its fields read as slots (cheaper than a named tuple's)
class GameMemo:
    """What the greedy bot remembers in one game object.  A warrior's *kind* is the
    number of what its ratings read (:meth:`.Standing.rating_key`: a wound changes no
    rating; the game's one Combat never gives a number twice, so it is the key itself);
    ``sides`` holds a kind's :class:`Side` by the tactic.  The same warriors are weighed
    turn after turn, and the same cards meet again game after game, but most pairs of
    kinds meet once: an attack is scored afresh from the two sides (:func:`.plain_score`,
    cheaper than a memo of scores that mostly misses).  ``kinds``: by uid, the warrior, his
    player's fortifications and cards in play, and his sides when last asked (a kind reads
    nothing else of the table the bot builds: the same objects, the same kind), or ``None``
    when Sergeants command (a kind then reads every warrior).  ``looks``: by card name, what
    :meth:`.GreedyBot.discard` reads of the card (``bots._sort``)."""

    game: Any
    sides: dict[int, dict[str, Side]]
    kinds: dict[int, tuple[Any, tuple, tuple, dict[str, Side]]] | None
    looks: dict[str, tuple[bool, tuple[float, str] | None]]


class KeptPair:
    """What the greedy bot keeps of the last combat table it weighed (:meth:`.GreedyBot._pair_at`): the
    combatants' ``pair`` (:func:`.pair_of`) with what it read (the ``game``, the objects ``troopers``,
    ``fortifications`` and ``in_play``, the ``attacker``, ``defender`` and ``warzone``), their ``ratings``
    (:func:`.rated`) with what those read (the cards ``plays``, the ``weapons`` and the ``tactic``), and
    the ``outlook`` they gave a seat, ``(seat, value)`` (:func:`.outlook_of`), or ``None``.  The bot alone
    holds it: the same pair rated at another table (as after its own card in the modify step) is kept
    in place (:meth:`keep`)."""

    __slots__ = ("game", "troopers", "fortifications", "in_play", "attacker", "defender", "warzone", "pair",
                 "plays", "weapons", "tactic", "ratings", "outlook")

    def __init__(self, game: Any, table: Any, pair: tuple | None, ratings: tuple | None) -> None:
        self.game = game
        self.troopers, self.fortifications, self.in_play = table.troopers, table.fortifications, table.in_play
        self.attacker, self.defender, self.warzone = table.attacker, table.defender, table.warzone
        self.pair = pair
        self.keep(table, ratings)

    def keep(self, table: Any, ratings: tuple | None, outlook: tuple[int, float] | None = None) -> None:
        """The pair's ``ratings`` at ``table`` (its cards played, weapons and tactic: what they read)
        and the ``outlook`` they gave a seat, in place of those kept."""
        self.plays, self.weapons, self.tactic = table.plays, table.weapons, table.tactic
        self.ratings = ratings
        self.outlook = outlook
