"""Front Lines ("Some Cool Optional Rules From Jon Goosens"): four players seated
A, D, B, C (seats 0 to 3).  A and B are team 1, D and C team 2; A and D are the
Captains, B and C their Sergeants.  A team shares its Promotion (the sum of its
members') but each player keeps his own Destiny.  A Captain never attacks; while
his Sergeant has a warrior in play, the Captain's warriors take no part in
combat (nobody may attack them), may not be in cover and cast no combat spells.
A warrior moves within a team for one action (:class:`Transfer`): Captain to
Sergeant into cover, Sergeant to Captain not.  First team to ``variant_goal``
(40) Promotion wins.

Readings (``data/doomtrooper/interpretations.toml``): "attacked directly" is a
sabotage aimed at the player (the basic game has no other attack on a player):
never at a Sergeant, at a Captain only when his Sergeant has no warriors
(``front-lines-direct``); a Captain's warrior already in cover when his Sergeant
gains a warrior stays there, but no new one may seek cover or be mustered in
cover (``front-lines-cover``); team mates never attack each other (the switch
``teammates_may_attack`` of the Teams rules applies); a transferred warrior is
the receiver's from then on, its card going to his discard pile
(``front-lines-transfer``).

>>> from explorer.doomtrooper.game import DoomtrooperGame
>>> from explorer.doomtrooper.params import override_rules
>>> game = DoomtrooperGame(rules=override_rules({"variant": "front_lines"}))
>>> state = game.setup(seed=1)
>>> len(state.seats), state.purse_of, [team_of(s) for s in range(4)], [sergeant_of(c) for c in CAPTAINS]
(4, (0, 1, 2, 3), [1, 2, 1, 2], [2, 3])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ...core.engine import IllegalAction
from ...core.events import Event, event
from .. import sections as R
from ..base import turn
from ..base.actions import ACTION_TYPES, Attack, MusterInCover, Sabotage, SeekCover, register as register_action
from ..state import DTState, Ending, Phase, put_trooper
from .variant import Variant

#: seats: 0 = A (Captain, team 1), 1 = D (Captain, team 2), 2 = B (Sergeant, team 1), 3 = C (Sergeant, team 2)
CAPTAINS = (0, 1)
SERGEANTS = (2, 3)


def team_of(seat: int) -> int:
    """1 for A and B, 2 for D and C."""
    return 1 if seat in (0, 2) else 2


def sergeant_of(captain: int) -> int:
    return captain + 2


def partner(seat: int) -> int:
    """The other member of ``seat``'s team (a Captain's Sergeant, a Sergeant's Captain)."""
    return seat + 2 if seat in CAPTAINS else seat - 2


def shielded(state: DTState, captain: int) -> bool:
    """Does ``captain``'s Sergeant have a warrior in play (so the Captain's warriors
    stay out of combat)?"""
    sergeant = sergeant_of(captain)
    return any(t.owner == sergeant for t in state.troopers)


@dataclass(frozen=True, slots=True)
class Transfer:
    """Front Lines: move your warrior ``uid`` to your team mate (a Captain's to his
    Sergeant, into cover; a Sergeant's to his Captain)."""

    uid: int

    def __str__(self) -> str:
        return f"#{self.uid} is transferred to the team mate"


ACTION_TYPES["Transfer"] = Transfer


class Transfers(NamedTuple):
    """Front Lines' public record: every warrior card transferred, as ``(card,
    from_seat, to_seat)``.  A transferred card is the receiver's from then on
    (``front-lines-transfer``), so each player's cards are his deck list plus what
    he received less what he gave: what a seat deals unseen cards from
    (:func:`explorer.doomtrooper.worlds.unseen`)."""

    moved: tuple[tuple[str, int, int], ...] = ()


def _on(game: Any) -> bool:
    return game.rules.variant == FrontLines.name


def transfer_options(game: Any, state: DTState) -> list[Transfer]:
    seat = state.current
    return [Transfer(t.uid) for t in state.troopers if t.owner == seat and not t.hidden]


def do_transfer(game: Any, state: DTState, action: Transfer, chance: Any) -> tuple[DTState, list[Event]]:
    seat = state.current
    t = state.trooper(action.uid)
    to = partner(seat)
    if seat in CAPTAINS:
        moved = t._replace(owner=to, cover=True, inside=False)
        how = "into cover"
    else:
        cover = t.cover and not shielded(state, to)
        moved = t._replace(owner=to, cover=cover, exited=state.turn if t.cover and not cover else t.exited)
        how = "in cover" if cover else "out of cover"
    record = state.variant_state or Transfers()
    state = put_trooper(state, moved)._replace(variant_state=record._replace(moved=record.moved + ((t.card, seat, to),)))
    return state, [event(R.FRONT_LINES_TRANSFER, f"seat {seat} transfers {t.card} to seat {to}, {how}", uid=t.uid,
                         seat=seat, to=to)]


def explain_transfer(game: Any, state: DTState, action: Any) -> IllegalAction:
    if not _on(game):
        return IllegalAction(R.FRONT_LINES_TRANSFER, "transfers between team mates belong to the Front Lines variant")
    t = state.find(action.uid)
    if t is None or t.owner != state.current:
        return IllegalAction(R.FRONT_LINES_TRANSFER, f"seat {state.current} has no warrior {action.uid!r} in play")
    return IllegalAction(R.FRONT_LINES_TRANSFER, f"{t.card} is face down in cover: show it before transferring it")


# the variant offers its Transfers itself (after every other action: FrontLines.options)
register_action(Transfer, R.FRONT_LINES_TRANSFER, 1, None, do_transfer, explain_transfer)


class FrontLines(Variant):
    name = "front_lines"
    title = "Front Lines"
    rule = R.FRONT_LINES
    counts = (4,)
    count_rule = R.FRONT_LINES

    def install(self, game: Any) -> None:
        """A shielded Captain's warriors cast no combat spell."""
        game.combat.may_cast = _may_cast

    def prepare(self, game: Any, decks: list[Any], state: DTState) -> DTState:
        """Separate Destiny pools, whatever the multi-player style."""
        state = super().prepare(game, decks, state)
        n = len(state.seats)
        return state._replace(purses=(game.rules.destiny_start,) * n, purse_of=tuple(range(n)))

    def options(self, game: Any, state: DTState, out: list[Any]) -> list[Any]:
        """Transfer to your team mate (one action), after every other action."""
        return out + transfer_options(game, state) if state.actions >= 1 else out

    def attack_targets(self, game: Any, state: DTState, targets: list[int]) -> list[int]:
        """Those :meth:`attack_refusal` lets him attack: a Captain none, a Sergeant neither his
        team mate nor a Captain his Sergeant shields (in a game of four most attacks a listing
        built were refused one by one)."""
        return [other for other in targets if self.attack_refusal(game, state, other) is None]

    def attack_refusal(self, game: Any, state: DTState, owner: int) -> IllegalAction | None:
        """Why the current player may not attack a warrior of seat ``owner`` (``None``: he may)."""
        seat = state.current
        if seat in CAPTAINS:
            return IllegalAction(R.FRONT_LINES_CAPTAINS, f"seat {seat} is a Captain: Captains never declare attacks")
        if team_of(owner) == team_of(seat) and not game.rules.teammates_may_attack:
            return IllegalAction(R.FRONT_LINES_TEAMS, f"seat {owner} is your team mate")
        if owner in CAPTAINS and shielded(state, owner):
            return IllegalAction(R.FRONT_LINES_CAPTAINS, f"seat {owner} is a Captain whose Sergeant (seat "
                                                         f"{sergeant_of(owner)}) has warriors in play: his "
                                                         "warriors take no part in combat")
        return None

    def refuse(self, game: Any, state: DTState, action: Any) -> IllegalAction | None:
        seat = state.current
        if isinstance(action, Attack):
            if seat in CAPTAINS:
                return self.attack_refusal(game, state, seat)
            d = state.find(action.defender)
            return None if d is None else self.attack_refusal(game, state, d.owner)
        elif isinstance(action, Sabotage):
            if team_of(action.seat) == team_of(seat):
                return IllegalAction(R.FRONT_LINES_TEAMS, f"seat {action.seat} is your team mate")
            if action.seat in SERGEANTS:
                return IllegalAction(R.FRONT_LINES_CAPTAINS, f"seat {action.seat} is a Sergeant: Sergeants are never "
                                                             "attacked directly")
            if shielded(state, action.seat):
                return IllegalAction(R.FRONT_LINES_CAPTAINS, f"seat {action.seat} is a Captain whose Sergeant has "
                                                             "warriors in play")
        elif isinstance(action, (SeekCover, MusterInCover)) and seat in CAPTAINS and shielded(state, seat):
            return IllegalAction(R.FRONT_LINES_CAPTAINS, f"seat {seat} is a Captain whose Sergeant has warriors in play:"
                                                         " his warriors may not be in cover")
        return None

    def settle(self, game: Any, state: DTState) -> tuple[DTState, list[Event]]:
        if state.phase is Phase.OVER and state.result is not None:
            return _retally(state), []
        if state.phase in (Phase.OVER, Phase.SETUP, Phase.GIFT, Phase.COMBAT, Phase.RESPONSE):
            return state, []
        pools = team_promotion(state)
        best = max(pools.values())
        if best >= game.rules.variant_goal:
            team = next(k for k, v in pools.items() if v == best)
            winners = members(team)
            return turn.over(state, winners, Ending.PROMOTION_GOAL), [
                event(R.FRONT_LINES_END, f"team {team} (seats {winners[0]} and {winners[1]}) reaches "
                                         f"{game.rules.variant_goal} Promotion Points together and wins",
                      winners=winners)]
        for team in (1, 2):
            if all(state.seats[s].out for s in members(team)):
                winners = members(3 - team)
                return turn.over(state, winners, Ending.NO_WARRIORS), [
                    event(R.FRONT_LINES_END, f"team {team} is out of the game: team {3 - team} wins", winners=winners)]
        if all(not len(s.deck) for s in state.seats if not s.out) and pools[1] != pools[2]:
            team = 1 if pools[1] > pools[2] else 2
            winners = members(team)
            return turn.over(state, winners, Ending.DRAW_PILES_EXHAUSTED), [
                event(R.EXHAUSTED, f"every draw pile is empty: team {team} leads on Promotion Points and wins",
                      winners=winners)]
        return state, []

    def describe(self, game: Any, view: DTState) -> list[str]:
        pools = team_promotion(view)
        return [f"team 1 (Captain seat 0, Sergeant seat 2): {pools[1]} Promotion; "
                f"team 2 (Captain seat 1, Sergeant seat 3): {pools[2]} Promotion"]


def members(team: int) -> tuple[int, int]:
    return (0, 2) if team == 1 else (1, 3)


def team_promotion(state: DTState) -> dict[int, int]:
    """Each team's shared Promotion: the sum of its members'."""
    return {team: sum(state.seats[s].promotion for s in members(team)) for team in (1, 2)}


def _retally(state: DTState) -> DTState:
    """A side wins as a team: at our turn cap the team ahead (a tie is a draw);
    when the basic rules name one seat (the last standing), his whole team."""
    r = state.result
    if r.ending is Ending.TURN_CAP:
        pools = team_promotion(state)
        winners = () if pools[1] == pools[2] else members(1 if pools[1] > pools[2] else 2)
    else:
        winners = tuple(sorted({s for w in r.winners for s in members(team_of(w))}))
    return state if winners == r.winners else state._replace(result=r._replace(winners=winners))


def _may_cast(table: Any, t: Any) -> bool:
    """A Captain's warrior casts no combat spell while his Sergeant has warriors."""
    if t.owner not in CAPTAINS:
        return True
    return not any(x.owner == sergeant_of(t.owner) for x in table.troopers)


__all__ = ["CAPTAINS", "FrontLines", "SERGEANTS", "Transfer", "members", "partner", "sergeant_of", "shielded",
           "team_of", "team_promotion"]
