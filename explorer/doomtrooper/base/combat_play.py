"""Playing a card in the modify step (4. *Modify Combat Ratings*): what a card, a feed or
an Alliance does to a combat's table, with its words (the round's play), without them (the
round's change) and as far as a combatant's ratings read it (a card the greedy bot weighs).
Mixed into :class:`~explorer.doomtrooper.base.combat.Combat`, which lists the plays."""

from __future__ import annotations

from typing import Any

from ...core.engine import Chance
from ...core.events import Event, event
from .. import effects as E
from .. import sections as R
from .combat_context import Context
from .combat_state import ROUND_PLAYS, Feed, Play, Played, Table


class CardPlay:
    """The plays of the modify step, for :class:`~explorer.doomtrooper.base.combat.Combat`
    (its ``pool``, ``ratings`` and cards played in combat)."""

    def _play(self, table: Table, seat: int, action: Any, chance: Chance) -> tuple[Table, list[Event]]:
        if isinstance(action, Feed):
            p = table.plays[action.index]
            table = table.fed(seat, action.index)
            total = getattr(p, p.grows, 0) + (p.fed + 1) * p.boost
            word = p.grows.capitalize()
            now = f"{p.card} now gives {total:+d} {word}"
            if p.uid >= 0 and p.grows in ("fight", "shoot", "armor"):
                r = self.ratings(table, p.uid)
                rating = r.armor if p.grows == "armor" else r.attack
                now += f": {table.trooper(p.uid).card} {word} {rating}"
            return table, [event(R.ART, f"seat {seat} feeds a Destiny Point into {p.card} ({now})",
                                 seat=seat, card=p.card, total=total)]
        extra = ROUND_PLAYS.get(type(action))
        if extra is not None:
            return extra.apply(self, table, seat, action)
        c = self.pool[action.card]
        table, text = self._card_played(table, seat, action, c)
        rule = R.ART_COMBAT if c.type == "art" else R.MODIFY
        who = f" (cast by {table.trooper(action.caster).card})" if action.caster is not None else ""
        cost = f", paying {c.cost} Destiny" if c.type == "art" and c.cost else ""
        return table, [event(rule, f"seat {seat} plays {action.card}{who}{cost}: {text}", seat=seat,
                             card=action.card, target=action.target)]

    def after(self, table: Table, seat: int, action: Any) -> Table:
        """The table after ``seat`` plays ``action``: the change :meth:`_play` makes,
        without its words."""
        if isinstance(action, Feed):
            return table.fed(seat, action.index)
        extra = ROUND_PLAYS.get(type(action))
        if extra is not None:
            return extra.apply(self, table, seat, action)[0]
        return self._card_played(table, seat, action, self.pool[action.card], words=False)[0]

    def weighed(self, table: Table, seat: int, action: Any) -> Table:
        """The table after ``seat`` plays ``action`` as far as a combatant's ratings read it (the
        greedy bot weighs every card it may play with this): :meth:`after`, but a card played stays
        in the hand unpaid for, as no rating reads a hand or a Destiny pool (:mod:`.standing`)."""
        known = self._combat_cards[table.tactic].get(action.card) if type(action) is Play else None
        if known is None:  # a feed, an Alliance (the hands and Destiny as the play leaves them)
            return self.after(table, seat, action)
        c, effect, p, _ = known
        before = len(table.plays)
        ctx = self._context  # (see Combat._plays)
        if ctx.table is not table:
            ctx = self._context = Context(self, table)
        table = effect.change(ctx, table, seat, action.card, p, action.target)
        if len(table.plays) > before and c.type == "special":  # laid as its effect played it (see _laid)
            return table
        return self._laid(table, before, seat, action.card, c)

    def _changed(self, table: Table, seat: int, action: Any, chance: Chance) -> Table:
        """:meth:`_play`'s table alone (:meth:`after`; no play rolls a die), for the round's ``change``."""
        return self.after(table, seat, action)

    def _card_played(self, table: Table, seat: int, action: Any, c: Any, words: bool = True) -> tuple[Table, str]:
        """The table after ``seat`` plays card ``c`` (out of the hand, paid for, its
        effect applied, on the table), and the effect's words (``""`` without ``words``)."""
        table = table.played_from(seat, action.card)
        if c.type == "art":
            table = table.spend(seat, c.cost)
        before = len(table.plays)
        effect = E.get(c.effect)
        if words:
            table, text = effect.apply(Context(self, table), table, seat, action.card, E.params(c), action.target)
        else:  # the change alone: no words built to be thrown away
            table, text = effect.change(Context(self, table), table, seat, action.card, E.params(c), action.target), ""
        return self._laid(table, before, seat, action.card, c), text

    def _laid(self, table: Table, before: int, seat: int, card: str, c: Any) -> Table:
        """``table``, card ``c`` just played on it by ``seat`` (``before`` cards played until then)
        and its effect applied, with the card on the table: every card played is there until the
        combat is over (an effect that adds no play of its own, the card itself), a spell that may
        be fed with the rating its Destiny Points raise."""
        if len(table.plays) == before:
            table = table._replace(plays=table.plays + (Played(seat, card, c.type),))
        if c.type == "art" and c.boost:
            last = table.plays[-1]
            p = E.params(c)
            grows = next((r for r in ("fight", "shoot", "armor", "value") if getattr(p, r, 0)), "")
            table = table._replace(plays=table.plays[:-1] + (last._replace(grows=grows, boost=c.boost),))
        return table


__all__ = ["CardPlay"]
