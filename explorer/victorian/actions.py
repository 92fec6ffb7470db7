"""Every action a player (or the rules) can take, as small frozen dataclasses.

Cards and units are named by strings: a card by its name, a unit by its uid
(the card's name, or ``"Guard 3"`` for a token).  Every action type is listed in
:data:`ACTION_TYPES` by class name, so ``{"type": ..., **fields}`` turns back
into the same action (see :mod:`explorer.victorian.log`).

>>> str(Recruit("Saber", onto="Sherlock Holmes"))
'recruit Saber onto Sherlock Holmes'
>>> str(Track("Sherlock Holmes", "Professor Moriarty"))
'Sherlock Holmes tracks Professor Moriarty'
"""

from __future__ import annotations

from dataclasses import dataclass

_opts = dict(frozen=True, slots=True)


# -- steps the rules take on their own ---------------------------------------------------------

@dataclass(**_opts)
class DealCard:
    """Setup: deal the next card of the opening hand."""

    def __str__(self) -> str:
        return "deal a card"


@dataclass(**_opts)
class DrawCard:
    def __str__(self) -> str:
        return "draw a card"


@dataclass(**_opts)
class RevealCard:
    def __str__(self) -> str:
        return "look at the next card"


@dataclass(**_opts)
class Roll:
    """Make the roll the rules call for now."""

    def __str__(self) -> str:
        return "roll"


# -- a side's own part of a phase ----------------------------------------------------------------

@dataclass(**_opts)
class Done:
    """End your part of this phase."""

    def __str__(self) -> str:
        return "done"


@dataclass(**_opts)
class Recruit:
    """Put a non-event card from your hand into play (``onto``: the unit or
    Mastermind it is attached to)."""

    card: str
    onto: str | None = None

    def __str__(self) -> str:
        return f"recruit {self.card}" + (f" onto {self.onto}" if self.onto else "")


@dataclass(**_opts)
class Summon:
    """A Captain calls his vessel into play, attached to himself."""

    captain: str

    def __str__(self) -> str:
        return f"{self.captain} calls his vessel"


@dataclass(**_opts)
class Recall:
    """Discard a vessel from your hand to take its Captain from your deck into your hand."""

    vessel: str

    def __str__(self) -> str:
        return f"discard {self.vessel} to fetch its captain"


@dataclass(**_opts)
class PlayEvent:
    """Play an event card from your hand (``target``: the unit or card it is played
    on; ``onto``: where what it brings goes, a Mastermind for the Villains)."""

    card: str
    target: str | None = None
    onto: str | None = None

    def __str__(self) -> str:
        text = f"play {self.card}"
        if self.target:
            text += f" on {self.target}"
        if self.onto:
            text += f" (to {self.onto})"
        return text


@dataclass(**_opts)
class AttachPlot:
    card: str
    onto: str

    def __str__(self) -> str:
        return f"attach the plot {self.card} to {self.onto}"


@dataclass(**_opts)
class Send:
    """Assassin Phase: send a minion against a hero."""

    minion: str
    target: str

    def __str__(self) -> str:
        return f"send {self.minion} against {self.target}"


@dataclass(**_opts)
class Track:
    """Intercept Phase: a hero makes a Track Roll against a Mastermind."""

    hero: str
    target: str

    def __str__(self) -> str:
        return f"{self.hero} tracks {self.target}"


@dataclass(**_opts)
class Facilitate:
    """A Facilitator gives a hero +1 to his next roll this turn."""

    helper: str
    hero: str

    def __str__(self) -> str:
        return f"{self.helper} helps {self.hero}"


@dataclass(**_opts)
class Attack:
    """Attack Phase: a hero attacks a thwarted Mastermind."""

    hero: str
    target: str

    def __str__(self) -> str:
        return f"{self.hero} attacks {self.target}"


@dataclass(**_opts)
class Strike:
    """Make a Combat Roll against one of the Mastermind's minions."""

    minion: str

    def __str__(self) -> str:
        return f"strike at {self.minion}"


@dataclass(**_opts)
class Showdown:
    def __str__(self) -> str:
        return "the Showdown"


@dataclass(**_opts)
class Stop:
    def __str__(self) -> str:
        return "stop attacking"


@dataclass(**_opts)
class Pass:
    """Let it be: no answer, no card."""

    def __str__(self) -> str:
        return "pass"


# -- answers to what the rules ask -------------------------------------------------------------------

@dataclass(**_opts)
class Heal:
    """Make a Healing Roll (``helper``: a Doctor or Facilitator adding his bonus)."""

    helper: str | None = None

    def __str__(self) -> str:
        return "healing roll" + (f" with {self.helper}'s help" if self.helper else "")


@dataclass(**_opts)
class TakeWound:
    def __str__(self) -> str:
        return "take the Wound counter"


@dataclass(**_opts)
class Shed:
    """Discard an attached weapon or vehicle instead of taking a wound."""

    card: str

    def __str__(self) -> str:
        return f"discard {self.card} instead"


@dataclass(**_opts)
class Sacrifice:
    underling: str

    def __str__(self) -> str:
        return f"{self.underling} takes it instead"


@dataclass(**_opts)
class Discard:
    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(**_opts)
class LookAt:
    """Choose whose deck to look into."""

    side: str

    def __str__(self) -> str:
        return f"look at the {self.side}' deck"


@dataclass(**_opts)
class Take:
    """Take a named card (from a deck or a discard pile) into your hand."""

    card: str

    def __str__(self) -> str:
        return f"take {self.card}"


@dataclass(**_opts)
class Control:
    """Gain control of an opposing character."""

    target: str

    def __str__(self) -> str:
        return f"gain control of {self.target}"


@dataclass(**_opts)
class Mark:
    """Put an Invention marker on one of your units."""

    unit: str

    def __str__(self) -> str:
        return f"Invention marker on {self.unit}"


@dataclass(**_opts)
class Blueprint:
    """Put a Vehicle or Weapon from your deck into play on one of your units."""

    card: str
    onto: str

    def __str__(self) -> str:
        return f"build {self.card} for {self.onto}"


@dataclass(**_opts)
class Foil:
    plot: str

    def __str__(self) -> str:
        return f"foil {self.plot}"


@dataclass(**_opts)
class Wheels:
    """Wheels in Motion: a counter on ``plot``, or (``None``) draw a card."""

    plot: str | None = None

    def __str__(self) -> str:
        return f"a Plot counter on {self.plot}" if self.plot else "draw a card"


FORCED = (DealCard, DrawCard, RevealCard, Roll)
CHOICES = (Done, Recruit, Summon, Recall, PlayEvent, AttachPlot, Send, Track, Facilitate, Attack, Strike, Showdown,
           Stop, Pass, Heal, TakeWound, Shed, Sacrifice, Discard, LookAt, Take, Control, Mark, Blueprint, Foil, Wheels)
#: Every action type, by class name (for logs).
ACTION_TYPES: dict[str, type] = {cls.__name__: cls for cls in FORCED + CHOICES}

__all__ = [*ACTION_TYPES, "ACTION_TYPES", "CHOICES", "FORCED"]
