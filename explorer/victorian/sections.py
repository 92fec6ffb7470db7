"""Every rule section of the Victorian heroes-versus-villains game the code cites.

Each constant is a :class:`~explorer.core.events.RuleRef` whose summary (our own
words) lives in ``data/rules/victorian.toml``; a test checks that every one
resolves and that no other module builds its own ``RuleRef``.  Ids follow the
rulebook's headings (``intercept.wrong_track`` is the Wrong Track line of the
Intercept Phase); a few name our own readings where the rulebook is silent
(``events``, ``events.responses``, ``control``, ``turn.cap``, ``decks.empty``).
"""

from ..core.events import RuleRef

GAME = "victorian"


def _ref(section: str) -> RuleRef:
    return RuleRef(GAME, section)


OVERVIEW = _ref("overview")
SIDES = _ref("sides")
VICTORY = _ref("victory")
DICE = _ref("dice")
DECKS = _ref("decks")
DECK_EMPTY = _ref("decks.empty")
CARD_TYPES = _ref("card_types")
TOKENS = _ref("tokens")
WOUNDS = _ref("wounds")
TRAITS = _ref("traits")
RANKS = _ref("traits.ranks")
DESCRIPTORS = _ref("traits.descriptors")
HOLY = _ref("traits.holy")
UNDERLING = _ref("traits.underling")
FACILITATOR = _ref("traits.facilitator")
CAPTAIN = _ref("traits.captain")
VEHICLE = _ref("traits.vehicle")
SETUP = _ref("setup")
MULLIGAN = _ref("setup.mulligan")
TURN = _ref("turn")
TURN_CAP = _ref("turn.cap")
NEW_DAY = _ref("new_day")
GENIUS = _ref("genius")
PLOT_TABLE = _ref("genius.plot_table")
HEALING = _ref("healing")
MINION = _ref("minion")
INVENTION = _ref("invention")
INVENTION_TABLE = _ref("invention.table")
LAB_EXPLOSION = _ref("invention.explosion")
RECRUIT = _ref("recruit")
ATTACH = _ref("recruit.attach")
PLOT = _ref("plot")
MINOR_PLOT = _ref("plot.minor")
MAJOR_PLOT = _ref("plot.major")
SECOND_PLOT = _ref("plot.second")
MARTIANS = _ref("martians")
SPY = _ref("spy")
ASSASSIN = _ref("assassin")
INTERCEPT = _ref("intercept")
WRONG_TRACK = _ref("intercept.wrong_track")
FOILED = _ref("intercept.foiled")
THWARTED = _ref("intercept.thwarted")
TRACK = _ref("track")
VILLAIN_TABLE = _ref("track.villain_table")
ATTACK = _ref("attack")
COMBAT = _ref("attack.combat")
SHOWDOWN = _ref("attack.showdown")
NOTATION = _ref("notation")
HERO_CARDS = _ref("cards.heroes")
VILLAIN_CARDS = _ref("cards.villains")
EVENTS = _ref("events")
RESPONSES = _ref("events.responses")
CONTROL = _ref("control")
