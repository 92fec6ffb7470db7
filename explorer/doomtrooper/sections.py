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

# -- Paradise Lost: the Outpost (Doomtrooper Expansion Rules) ----------------------------------
PARADISE_LOST = _ref("paradise_lost")
OUTPOST = _ref("outpost")
INFLUENCE = _ref("outpost.influence")
TRIBAL = _ref("outpost.tribal")
BEASTS = _ref("outpost.beasts")
OUTPOST_ACTIONS = _ref("outpost.actions")
TRANSFER = _ref("outpost.transfer")
TRANSFER_HERETICS = _ref("outpost.transfer.heretics")
TRANSFER_ANSWER = _ref("outpost.transfer.answer")
OUTPOST_ATTACKS = _ref("outpost.attacking")
OUTPOST_SABOTAGE = _ref("outpost.sabotage")
OUTPOST_ART = _ref("outpost.art")
OUTPOST_TARGETS = _ref("outpost.targets")

# -- Doomtrooper 1st Edition Rule Additions ------------------------------------------------------
FIRST_EDITION = _ref("first_edition")
FE_DIRECTLY = _ref("first_edition.directly")
FE_MODIFIERS = _ref("first_edition.modifiers")
FE_OWN_WARRIORS = _ref("first_edition.own_warriors")
FE_SERGEANTS = _ref("first_edition.sergeants")
FE_VEHICLES = _ref("first_edition.vehicles")
FE_ENTERING = _ref("first_edition.vehicles.entering")
FE_NEW_ACTIONS = _ref("first_edition.new_actions")
# -- the variants with places (Doomtrooper Optional Rules and Variants) ------------------------
WARZONE_VARIANT = _ref("variants.warzone")
WARZONE_LUNA = _ref("variants.warzone.luna")
WARZONE_ENTER = _ref("variants.warzone.enter")
WARZONE_COMBAT = _ref("variants.warzone.combat")
WARZONE_FORTIFICATIONS = _ref("variants.warzone.fortifications")
WARZONE_DISCARDED = _ref("variants.warzone.discarded")
HOME_TURF = _ref("variants.home_turf")
HOME_BASES = _ref("variants.home_turf.bases")
HOME_CARRY = _ref("variants.home_turf.carry")
HOME_FLIP = _ref("variants.home_turf.flip")
HOME_COMBAT = _ref("variants.home_turf.combat")
COLONIZATION = _ref("variants.colonization")
COLONY_BOARD = _ref("variants.colonization.board")
COLONY_POINTS = _ref("variants.colonization.points")
COLONY_CONTROL = _ref("variants.colonization.control")
COLONY_START = _ref("variants.colonization.start")
COLONY_EARTH = _ref("variants.colonization.earth")
COLONY_BELT = _ref("variants.colonization.belt")
COLONY_MARS = _ref("variants.colonization.mars")
COLONY_VENUS = _ref("variants.colonization.venus")
COLONY_MERCURY = _ref("variants.colonization.mercury")
COLONY_RESTRICTIONS = _ref("variants.colonization.restrictions")
# -- the expansions (Doomtrooper Expansion Rules): Relics, Warzones, Mortificators, Alliances, Ki Powers --
EXPANSIONS = _ref("expansions")
INQUISITION = _ref("expansions.inquisition")
RELICS = _ref("relics")
WARZONE_EXPANSION = _ref("expansions.warzone")
WARZONES = _ref("warzones")
WARZONES_DEFEND = _ref("warzones.defend")
WARZONES_NO_FORTIFICATIONS = _ref("warzones.fortifications")
WARZONES_ATTACKING = _ref("warzones.attacking")
MORTIFICATOR_EXPANSION = _ref("expansions.mortificator")
GOLGOTHA = _ref("expansions.golgotha")
ALLIANCES = _ref("alliances")
APOCALYPSE = _ref("expansions.apocalypse")
KI_POWERS = _ref("ki_powers")
# the same four topics as the first-edition supplement prints them (Doomtrooper 1st Edition Rule Additions)
FE_ALLIANCES = _ref("first_edition.alliances")
FE_MORTIFICATORS = _ref("first_edition.mortificators")
FE_RELICS = _ref("first_edition.relics")
FE_WARZONES = _ref("first_edition.warzones")
