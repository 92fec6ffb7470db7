"""Every Doom Asylum rule section the code cites, in one place.

Each constant is a :class:`~explorer.core.events.RuleRef` whose summary lives in
``data/rules/asylum.toml``; a test checks that every one resolves and that no
other module builds its own ``RuleRef``.
"""

from ..core.events import RuleRef

GAME = "asylum"


def _ref(section: str) -> RuleRef:
    return RuleRef(GAME, section)


OVERVIEW = _ref("overview")
MASTERMIND_START = _ref("mastermind.start")
MASTERMIND_SWITCH = _ref("mastermind.switch")
TURN_MOVE = _ref("turn.move")
TURN_CONFLICT = _ref("turn.conflict")
TURN_PLOT_ROOM = _ref("turn.plot_room")
TURN_YARD = _ref("turn.yard")
TURN_EVENT = _ref("turn.event")
DOOMSDAY = _ref("doomsday")
DOOMSDAY_START = _ref("doomsday.start")
DOOMSDAY_CAP = _ref("doomsday.cap")
UPGRADES = _ref("upgrades")
AMBUSH = _ref("ambush")
AMBUSH_CLAIM = _ref("ambush.claim")
AMBUSH_DECLINE = _ref("ambush.decline")
DEATH = _ref("death")
ACTIONS = _ref("conflicts.actions")
ALTERNATION = _ref("conflicts.alternation")
MENTAL = _ref("conflicts.mental")
PHYSICAL = _ref("conflicts.physical")
BLOCKING = _ref("conflicts.blocking")
FLYING = _ref("conflicts.flying")
AUTOMATIC = _ref("conflicts.automatic")
MANEUVER = _ref("conflicts.maneuver")
VICTORY = _ref("conflicts.victory")
CONCLUSION = _ref("conflicts.conclusion")
WINNER_DOOMSDAY = _ref("conflicts.doomsday")
SOUND_DEFEAT = _ref("conflicts.sound_defeat")
DRAW = _ref("conflicts.draw")
DEFEATED = _ref("conflicts.defeated")
DOOM_READY = _ref("doom_ready")
DOOM_READY_BY_CONFLICT = _ref("doom_ready.by_conflict")
WINNING = _ref("winning")
VILLAINS = _ref("villains")

# -- the whole game (explorer/asylum/game.py) ------------------------------------------------
TURN_ORDER = _ref("turn.order")
TURN_START = _ref("turn.start")
TURN_END = _ref("turn.end")
TURN_CAP = _ref("turn.cap")
PUSH = _ref("conflicts.push")
EVENT_TABLE = _ref("events.table")
CUNNING_TRICK = _ref("events.cunning_trick")
CALCULATED_RISK = _ref("events.calculated_risk")
