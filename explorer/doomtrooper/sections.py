"""Every Doomtrooper rule section the code cites, in one place.

Each constant is a :class:`~explorer.core.events.RuleRef` whose summary, in our
own words, lives in ``data/rules/doomtrooper.toml``; loading the rules checks
that every one resolves (:func:`explorer.core.rulebook.require`).  Sections are
named for the rulebook's headings: "where is Seek Cover?" ``SEEK_COVER``.
"""

from ..core.events import RuleRef

GAME = "doomtrooper"


def _ref(section: str) -> RuleRef:
    return RuleRef(GAME, section)


# -- the game and the table ------------------------------------------------------------------
OVERVIEW = _ref("overview")
PLAYERS = _ref("players")
TABLE = _ref("table")
CARDS = _ref("cards")
SETUP = _ref("setup")
CARDINALS_GIFT = _ref("setup.gift")

# -- the order of play -------------------------------------------------------------------------
TURN = _ref("turn")
DRAW = _ref("turn.draw")
EXHAUSTED = _ref("turn.exhausted")
ACTIONS = _ref("turn.actions")
DISCARD = _ref("turn.discard")

# -- the actions -------------------------------------------------------------------------------
MUSTER = _ref("actions.muster")
SEEK_COVER = _ref("actions.seek_cover")
COVER = _ref("actions.cover")
EXIT_COVER = _ref("actions.exit_cover")
MUSTER_IN_COVER = _ref("actions.muster_in_cover")
COVER_PAYMENT = _ref("actions.muster_in_cover.payment")
MEDITATE = _ref("actions.meditate")
EQUIP = _ref("actions.equip")
WEAPONS = _ref("actions.equip.weapons")
ARMOR = _ref("actions.equip.armor")
VEHICLE_LIMIT = _ref("actions.equip.vehicles")
FORTIFICATION = _ref("actions.fortification")
GIFT = _ref("actions.gift")
MISSION = _ref("actions.mission")
ATTACK = _ref("actions.attack")

# -- combat, step by step ----------------------------------------------------------------------
ANNOUNCE = _ref("combat.announce")
SAME_CORPORATION = _ref("combat.announce.corporation")
BROTHERHOOD = _ref("combat.announce.brotherhood")
MORTIFICATORS = _ref("combat.announce.mortificators")
DARK_LEGION = _ref("combat.announce.dark_legion")
OWN_WARRIORS = _ref("combat.announce.own")
DIRECTLY = _ref("combat.announce.directly")
TACTIC = _ref("combat.tactic")
STANDING = _ref("combat.standing")
MODIFY = _ref("combat.modify")
RESOLVE = _ref("combat.resolve")
STATUS = _ref("combat.status")
AWARD = _ref("combat.award")
AWARD_OWN = _ref("combat.award.own")

# -- other rules and the notes from the masters ------------------------------------------------
NO_WARRIORS = _ref("no_warriors")
ART = _ref("art")
ART_COMBAT = _ref("art.combat")
ART_TARGETS = _ref("art.targets")
PERSONALITIES = _ref("personalities")
PERSONALITY_IN_COVER = _ref("personalities.cover")
SABOTAGE = _ref("sabotage")
MULTIPLE_SABOTAGE = _ref("sabotage.multiple")
CONSIDERED = _ref("considered")
STRIKE_FIRST = _ref("strike_first")
FREELANCERS = _ref("freelancers")
IMMUNITY = _ref("immunity")
TIMING = _ref("timing")
VEHICLES = _ref("vehicles")
INSIDE_VEHICLE = _ref("vehicles.inside")

# -- multi-player games, decks, optional rules -------------------------------------------------
MULTIPLAYER = _ref("multiplayer")
FREE_FOR_ALL = _ref("multiplayer.free_for_all")
PRIMARY_TARGETS = _ref("multiplayer.primary_targets")
TEAMS = _ref("multiplayer.teams")
DECKS = _ref("decks")
DISCARD_ACTION = _ref("variants.discard_action")
DICE = _ref("variants.dice")

# -- ours (the rulebook leaves these open) -----------------------------------------------------
TURN_CAP = _ref("ours.turn_cap")
FIRST_PLAYER = _ref("ours.first_player")

# -- Some Cool Optional Rules From Jon Goosens: Limited Resources, Beat Down, Front Lines, The Vortex --
COOL_RULES = _ref("cool")
LIMITED_RESOURCES = _ref("cool.limited_resources")
LIMITED_ACTIONS = _ref("cool.limited_resources.actions")
LIMITED_COMBAT = _ref("cool.limited_resources.combat")
LIMITED_BANNED = _ref("cool.limited_resources.banned")
LIMITED_END = _ref("cool.limited_resources.end")
BEAT_DOWN = _ref("cool.beat_down")
BEAT_DOWN_SETUP = _ref("cool.beat_down.setup")
BEAT_DOWN_BANNED = _ref("cool.beat_down.banned")
BEAT_DOWN_ATTACKS = _ref("cool.beat_down.attacks")
BEAT_DOWN_ANNIHILATE = _ref("cool.beat_down.annihilate")
BEAT_DOWN_END = _ref("cool.beat_down.end")
FRONT_LINES = _ref("cool.front_lines")
FRONT_LINES_TEAMS = _ref("cool.front_lines.teams")
FRONT_LINES_CAPTAINS = _ref("cool.front_lines.captains")
FRONT_LINES_TRANSFER = _ref("cool.front_lines.transfer")
FRONT_LINES_END = _ref("cool.front_lines.end")
VORTEX = _ref("cool.vortex")
VORTEX_DRAW = _ref("cool.vortex.draw")
VORTEX_DEPLOY = _ref("cool.vortex.deployment")
VORTEX_ACTIONS = _ref("cool.vortex.actions")
VORTEX_REVEAL = _ref("cool.vortex.revealment")
VORTEX_SHUFFLE = _ref("cool.vortex.shuffle")
VORTEX_END = _ref("cool.vortex.end")
