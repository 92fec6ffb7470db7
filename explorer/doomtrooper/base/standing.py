"""A combatant's ratings ("Determine Combat Standing", "Modify Combat Ratings"):
its card, equipment (one copy of each card, one weapon and only for its tactic,
vehicle limits), gifts and lasting spells, its area's fortifications (not inside a
vehicle), +3 Armor in cover, what the expansions and a variant's places add, and
the cards played in the modify step; an immunity of either combatant switches the
matching powers off for both ("Immunity")."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from .. import effects as E
from .. import sections as R
from ..cards import Warrior
from ..state import Trooper
from .actions import switched_on
from .combat_state import AREA_REACH, ATTACHED_RATINGS, EXTRA_RATINGS, Played, Ratings, Table, Term

_STRIKES = {"first": "strikes first", "ends": "strikes first; a hit ends the combat",
            "always": "strikes first, even against a striker"}
#: a term's note -> how it strikes first
_STRIKE_NOTES = {note: strike for strike, note in _STRIKES.items()}


#: a Ratings or a Term built as the tuple it is (a named tuple's own constructor is a Python function)
_new = tuple.__new__
#: no ratings at all: what the parts are added to
_NOTHING = Ratings(0, 0, 0)
#: how a warrior strikes with no part striking first: (first, ends, always)
_NO_STRIKE = (False, False, False)


def _added(ratings: Ratings, parts: Iterable[Term], terms: list[Term] | None = None) -> Ratings:
    """``ratings`` with each of ``parts`` added (and appended to ``terms`` when given):
    the attack, Armor and Value summed, a note saying how it strikes first."""
    attack, armor, value, first, ends, always = ratings
    for term in parts:
        _, _, da, dr, dv, note = term  # one unpacking, not four field reads (Term's fields: below)
        attack += da
        armor += dr
        value += dv
        strike = _STRIKE_NOTES.get(note) if note else None
        if strike is not None:
            first = True
            ends = ends or strike == "ends"
            always = always or strike == "always"
        if terms is not None:
            terms.append(term)
    return _new(Ratings, (attack, armor, value, first, ends, always))


def _plus_played(ratings: Ratings, plays: Iterable[Played], tactic: str, off: frozenset[str],
                 counted: list[tuple[Played, int, int, int]] | None = None) -> Ratings:
    """``ratings`` with the cards ``plays`` played on the warrior added, each that counts
    appended to ``counted`` (with what it adds to the attack, Armor and Value) when given:
    not cancelled, not an Art switched off, adding something or striking first (a note only
    that it strikes first); a spell fed Destiny Points grows by them.  What :func:`_added`
    makes of their terms (:meth:`Standing._played`), without building the terms and their
    words (the bots add a card played to ratings again and again)."""
    attack, armor, value, first, ends, always = ratings
    for p in plays:
        _, _, kind, _, fight, shoot, dr, dv, strike, grows, boost, fed, cancelled = p  # one unpacking (below)
        if cancelled or (kind == "art" and "art" in off):
            continue
        da = fight if tactic == "fight" else shoot
        if fed:
            grow = fed * boost
            if grows == tactic:
                da += grow
            elif grows == "armor":
                dr += grow
            elif grows == "value":
                dv += grow
        if da or dr or dv or strike:
            attack += da
            armor += dr
            value += dv
            if strike:
                first = True
            if counted is not None:
                counted.append((p, da, dr, dv))
    return _new(Ratings, (attack, armor, value, first, ends, always))


def _weapons_of(weapons: tuple[tuple[int, str], ...], uid: int, foe: int) -> tuple[str, str]:
    """The weapons of warrior ``uid`` and of his ``foe`` at a table whose ``weapons`` these are
    (``""``: none; the first of each, as ``Table.weapon`` finds it), in one pass without two calls."""
    weapon = foe_weapon = ""
    for u, w in weapons:
        if u == uid and not weapon:
            weapon = w
        elif u == foe and not foe_weapon:
            foe_weapon = w
    return weapon, foe_weapon


def _memo_key(tactic: str, seen: int, weapon: str, takes: int, plays: tuple[Played, ...],
              off: frozenset[str]) -> tuple:
    """The key :meth:`Standing.fighter` remembers a warrior's ratings under: the tactic, his rating
    key ``seen``, his weapon, the Armor his foe's weapon ``takes`` (warriors facing foes of different
    weapons are rated alike), the cards ``plays`` played on him and the powers ``off``.  Most
    warriors carry no weapon, face none and have no card played on them: their key is the short
    ``(tactic, seen, off)``, never equal to a whole one (a different length)."""
    if weapon or takes or plays:
        return tactic, seen, weapon, takes, plays, off
    return tactic, seen, off


assert Term._fields == ("source", "rule", "attack", "armor", "value", "note")  # as _added unpacks a term
assert Played._fields == ("seat", "card", "kind", "uid", "fight", "shoot", "armor", "value", "strike", "grows",
                          "boost", "fed", "cancelled")  # as _plus_played unpacks a card played


@lru_cache(maxsize=8192)
def _printed(pool: Any, name: str, tactic: str) -> Term:
    """The term of a warrior's printed ratings for ``tactic`` (cards are data: built once)."""
    card: Warrior = pool[name]
    return Term(f"{name} (printed)", R.CARDS, card.fight if tactic == "fight" else card.shoot, card.armor,
                card.value, _STRIKES.get(card.strike_first, ""))


class Standing:
    """The ratings part of :class:`~explorer.doomtrooper.base.combat.Combat`."""

    pool: Any
    rules: Any
    place_terms: Any
    _owns: dict[tuple, Ratings]
    _ratings: dict[tuple, Ratings]
    _kinds: dict[tuple, int]
    _numbers: Any
    _off: dict[tuple[str, str], frozenset[str]]
    weapon_cards: frozenset[str]
    #: :meth:`extras`: (the parts registered, those these rules use)
    _extras: tuple[int, tuple[Any, ...]] = (-1, ())

    # -- ratings ---------------------------------------------------------------------------------------
    def extras(self) -> tuple[Any, ...]:
        """The expansions' parts (``EXTRA_RATINGS``) this game's rules can use, in their
        order (:func:`~.actions.switched_on`): kept while no part registers (the rules never change)."""
        hit = self._extras
        if hit[0] != len(EXTRA_RATINGS):
            hit = self._extras = (len(EXTRA_RATINGS), switched_on(EXTRA_RATINGS, self.rules))
        return hit[1]

    def off(self, table: Table) -> frozenset[str]:
        """The mystical powers switched off for this combat (:meth:`off_between` its combatants)."""
        return self.off_between(table.trooper(table.attacker).card, table.trooper(table.defender).card)

    def off_between(self, attacker: str, defender: str) -> frozenset[str]:
        """The mystical powers switched off in a combat between warriors of cards ``attacker``
        and ``defender``: every immunity either has ("Immunity").  Remembered by the two
        cards (cards are data); a caller holding the two warriors need not look them up."""
        cards = (attacker, defender)
        hit = self._off.get(cards)
        if hit is None:
            out: set[str] = set()
            for card in cards:
                out.update(self.pool[card].immune)
            if len(self._off) > 10_000:
                self._off.clear()
            hit = self._off[cards] = frozenset(out)
        return hit

    def ratings(self, table: Table, uid: int) -> Ratings:
        """``uid``'s final ratings in this combat as things stand."""
        foe = table.defender if uid == table.attacker else table.attacker
        return self.fighter(table, table.trooper(uid), table.trooper(foe), self.off(table))

    def fighter(self, table: Table, t: Trooper, foe: Trooper, off: frozenset[str],
                terms: list[Term] | None = None, seen: int | None = None, missed: bool = False) -> Ratings:
        """``t``'s ratings against ``foe`` with the powers ``off`` switched off: the sum
        of :meth:`parts`.  With a ``terms`` list, every part is appended to it (see
        :meth:`explain`).  Without, the sum is remembered under what the parts read
        (:func:`_memo_key`: :meth:`rating_key`, its weapon, what the foe's weapon takes from
        its Armor, the cards played on ``t``, ``off``): a warrior is rated again and again,
        by the bots above all, while it stays the same.
        ``seen``: ``t``'s rating key at this table, when the caller has it (a bot weighing
        many cards against the same two warriors).  ``missed``: the caller's own memo of these
        ratings, keyed as finely, has just missed (the greedy bot's attack memo): they are not
        looked for here either (in vain but for a lost memo), only worked out and remembered.
        With cards played on ``t`` (a bot weighing a card, the modify step), its remembered
        ratings without them get what the cards add (:func:`_plus_played`, no terms built):
        the cards are the last parts and nothing else in the parts reads them."""
        if terms is None:
            if seen is None:
                seen = self.rating_key(table, t)
            if not table.plays and not table.weapons:  # most ratings: no weapon, no card (_memo_key)
                key = (table.tactic, seen, off)
                hit = None if missed else self._ratings.get(key)
                return hit if hit is not None else self._remember(key, table, t, foe, off, ())
            uid = t.uid
            plays: tuple[Played, ...] = ()
            for p in table.plays:  # the cards played on t (a loop: in Python 3.11 a comprehension is a call)
                if p.uid == uid:
                    plays += (p,)  # few: cheaper than a list made a tuple
            weapon, foe_weapon = _weapons_of(table.weapons, uid, foe.uid)
            key = _memo_key(table.tactic, seen, weapon, self.pool[foe_weapon].foe_armor if foe_weapon else 0,
                            plays, off)
            hit = None if missed else self._ratings.get(key)
            return hit if hit is not None else self._remember(key, table, t, foe, off, plays)
        return self._sum(table, t, foe, off, terms)

    def pair(self, table: Table, a: Trooper, d: Trooper, off: frozenset[str], ka: int | None = None,
             kd: int | None = None) -> tuple[Ratings, Ratings]:
        """The ratings of the two combatants ``a`` and ``d`` against each other with the powers
        ``off`` switched off, each as :meth:`fighter` finds it, in one pass: the cards played
        and the weapons at the table read once for both (the resolution and the bots rate both).
        ``ka``, ``kd``: their rating keys at this table, when the caller has them."""
        if ka is None:
            ka, kd = self.rating_key(table, a), self.rating_key(table, d)
        tactic = table.tactic
        pa: tuple[Played, ...] = ()
        pd: tuple[Played, ...] = ()
        if table.plays or table.weapons:
            ua, ud = a.uid, d.uid
            for p in table.plays:  # the cards played on each
                if p.uid == ua:
                    pa += (p,)
                elif p.uid == ud:
                    pd += (p,)
            wa, wd = _weapons_of(table.weapons, ua, ud)
            pool = self.pool
            key_a = _memo_key(tactic, ka, wa, pool[wd].foe_armor if wd else 0, pa, off)
            key_d = _memo_key(tactic, kd, wd, pool[wa].foe_armor if wa else 0, pd, off)
        else:  # most combats: no weapon, no card played (_memo_key)
            key_a, key_d = (tactic, ka, off), (tactic, kd, off)
        ratings = self._ratings
        ra, rd = ratings.get(key_a), ratings.get(key_d)
        if ra is None:
            ra = self._remember(key_a, table, a, d, off, pa)
        if rd is None:
            rd = self._remember(key_d, table, d, a, off, pd)
        return ra, rd

    def _remember(self, key: tuple, table: Table, t: Trooper, foe: Trooper, off: frozenset[str],
                  plays: tuple[Played, ...]) -> Ratings:
        """``t``'s ratings that :meth:`fighter` did not find under ``key`` (:func:`_memo_key`; ``plays``:
        the cards played on ``t``), worked out and remembered."""
        if len(self._ratings) > 20_000:
            self._ratings.clear()
        if plays:  # the cards played on t, the last parts, added to its ratings without them
            tactic, seen, weapon, takes = key[:4]  # a key with cards played is a whole one
            bare = self._ratings.get(_memo_key(tactic, seen, weapon, takes, (), off))  # remembered, no cards
            if bare is None:
                bare = self.fighter(table._replace(plays=()), t, foe, off, seen=seen)
            hit = _plus_played(bare, plays, tactic, off)
        elif len(key) == 6:  # a whole key: the weapon and what the foe's weapon takes, read off it
            hit = self._sum(table, t, foe, off, None, key[2], key[3])
        else:
            hit = self._sum(table, t, foe, off, None, "", 0)
        self._ratings[key] = hit
        return hit

    def _sum(self, table: Table, t: Trooper, foe: Trooper, off: frozenset[str], terms: list[Term] | None,
             weapon: str | None = None, takes: int = 0) -> Ratings:
        """The sum of :meth:`parts`, each appended to ``terms`` when given.  Without ``terms`` no
        term is built: a part adds its numbers (the printed ratings and attachments remembered as
        one sum, on what they read), as :func:`_added` would add its term (a warrior rated for the
        first time, the bot weighing attacks above all, is worked out whole).  ``weapon``: ``t``'s
        weapon, and ``takes`` what his foe's weapon takes from his Armor, when the caller read them (from
        :meth:`fighter`'s key, without ``terms``)."""
        pool = self.pool
        tactic = table.tactic
        if weapon is None:
            weapon, foe_weapon = _weapons_of(table.weapons, t.uid, foe.uid)
            takes = pool[foe_weapon].foe_armor if foe_weapon else 0
        if terms is None:  # the printed ratings and attachments, remembered on what they read (_own)
            key = (t.card, t.attached, t.inside, tactic, weapon, off)
            own = self._owns.get(key)
            if own is None:
                if len(self._owns) > 10_000:
                    self._owns.clear()
                own = self._owns[key] = self._own(t, tactic, weapon, off, None)
        else:
            own = self._own(t, tactic, weapon, off, terms)
        attack, armor, value, first, ends, always = own
        if takes:
            armor += takes
            if terms is not None:
                terms.append(_new(Term, (f"{foe_weapon} (the opponent's weapon)", R.WEAPONS, 0, takes, 0, "")))
        fortifications = () if t.inside or table.warzone else table.fortifications[t.owner]  # none from a Warzone
        for f in fortifications:
            c = pool[f]  # (its classes looked up only for a fortification of a class, few)
            if (c.area == t.area or (AREA_REACH and self.reaches(c.area, t))) and \
                    (c.applies_to == "any" or c.applies_to in self.classes_of(t)):
                da = c.fight if tactic == "fight" else c.shoot
                if da or c.armor or c.value:
                    attack += da
                    armor += c.armor
                    value += c.value
                    if terms is not None:
                        terms.append(_new(Term, (f, R.FORTIFICATION, da, c.armor, c.value, "")))
        ratings = _new(Ratings, (attack, armor, value, first, ends, always))
        for extra in self.extras():
            more = extra(self, table, t)
            if more:
                ratings = _added(ratings, more, terms)
        if t.cover:
            ratings = _added(ratings, (_new(Term, ("in cover", R.COVER, 0, self.rules.cover_armor, 0, "")),), terms)
        if self.place_terms is not None:
            ratings = _added(ratings, self.place_terms(table, t), terms)
        if table.plays:
            if terms is not None:
                return _added(ratings, self._played(table, t, off), terms)
            return _plus_played(ratings, [p for p in table.plays if p.uid == t.uid], tactic, off)
        return ratings

    def parts(self, table: Table, t: Trooper, foe: Trooper, off: frozenset[str]) -> list[Term]:
        """The terms ``t``'s ratings add up from, in order: its card, what is attached
        to it, the opponent's weapon, its fortifications, the expansions' parts, cover,
        its place, and the cards played on it (a term's note: how it strikes first)."""
        out: list[Term] = []
        self._sum(table, t, foe, off, out)
        return out

    def _played(self, table: Table, t: Trooper, off: frozenset[str]) -> list[Term]:
        """The terms of the cards played on ``t`` in the modify step (the last of :meth:`parts`)."""
        out, counted = [], []
        _plus_played(_NOTHING, [p for p in table.plays if p.uid == t.uid], table.tactic, off, counted)
        for p, da, dr, dv in counted:
            out.append(Term(f"{p.card} (played by seat {p.seat})", R.ART_COMBAT if p.kind == "art" else R.MODIFY,
                            da, dr, dv, _STRIKES["first"] if p.strike else ""))
        return out

    def rating_key(self, table: Table, t: Trooper) -> int:
        """A number for everything :meth:`parts` reads for ``t`` but the two weapons and the cards
        played: its card, area, cover, being inside and what is attached to it; its
        player's fortifications and cards in play (Alliances); the Warzone defended
        from and whether ``t`` defends; every warrior while Sergeants command
        ("Sergeants").  Two warriors with equal numbers, the same weapons and no card
        played on them are rated alike, so a caller may remember ratings under it.  The
        number stands for those values for the combat's lifetime (never given to others): a
        key hashed once here, not again in every memo it keys (a small number hashes at once).
        With a variant's places, the warrior's place too: their terms read its place, its
        cover and the tactic (every variant's ``combat_terms``; a new one must read no more).
        A new part that reads more must be added here."""
        in_play, warzone = table.in_play, table.warzone  # each read once
        if in_play or warzone or self.rules.first_edition_sergeants:
            key = (t.card, t.area, t.cover, t.inside, t.attached, table.fortifications[t.owner],
                   in_play[t.owner] if in_play else (), warzone, warzone and t.uid == table.defender,
                   (t.uid, table.troopers) if self.rules.first_edition_sergeants else ())
        else:  # most combats (no Warzone or Alliance in play, none defended from, no Sergeants): a shorter
            # key, of its own length (never equal to a whole one)
            key = (t.card, t.area, t.cover, t.inside, t.attached, table.fortifications[t.owner])
        if self.place_terms is not None:  # (a game has places or not for its lifetime: no key of the other shape)
            key = (key, t.place)
        number = self._kinds.get(key)
        if number is None:
            if len(self._kinds) > 20_000:
                self._kinds.clear()
            number = self._kinds[key] = next(self._numbers)
        return number

    def _own(self, t: Trooper, tactic: str, weapon: str, off: frozenset[str],
             terms: list[Term] | None) -> tuple[int, int, int, bool, bool, bool]:
        """The sum of ``t``'s printed ratings and of the cards attached to it, each part
        appended to ``terms`` as a term when given (no term built without): one copy of
        each card; a weapon only if it is ``weapon`` and for its tactic; a vehicle only with
        ``t`` inside, and its limits; gifts and spells unless an immunity switches them
        off; Relics and Ki Powers.  A part that strikes first counts as :func:`_added` counts its note.
        :class:`Ratings`' fields in a plain tuple: :meth:`_sum`, its one reader, unpacks it (and
        remembers it on what it reads: the card, the attachments, being inside, the tactic, the
        weapon and the powers off)."""
        pool, weapons = self.pool, self.weapon_cards
        card: Warrior = pool[t.card]
        attack, armor, value = card.fight if tactic == "fight" else card.shoot, card.armor, card.value
        strike = card.strike_first
        first, ends, always = (True, strike == "ends", strike == "always") if strike in _STRIKES else _NO_STRIKE
        if terms is not None:
            terms.append(_printed(pool, t.card, tactic))
        if not t.attached:  # (about a warrior in four)
            return attack, armor, value, first, ends, always
        vehicle = self.vehicle(t) if t.inside else None
        limits = vehicle.restricts if vehicle is not None else "none"
        seen: set[str] = set()
        for a in t.attached:
            name = a.card
            if name in seen:
                continue  # one copy of a card works at a time
            seen.add(name)
            c = pool[name]
            kind = c.type
            strike = ""
            if kind == "equipment":
                if c.kind == "vehicle":
                    if not t.inside:
                        continue
                    rule = R.VEHICLES
                elif limits == "equipment" or (name in weapons and (name != weapon or limits == "weapons")):
                    continue
                else:
                    rule = R.WEAPONS if name in weapons else R.EQUIP
            elif kind == "dark_symmetry":
                if "dark_symmetry" in off or ("gifts" in off and c.level == "lesser"):
                    continue
                rule, strike = R.GIFT, c.strike_first
            elif kind == "art":
                if "art" in off:
                    continue
                c, rule = E.params(c), R.ART  # a lasting spell: its parameters' ratings
            elif kind in ATTACHED_RATINGS:  # the expansions' attachments: Relics, Ki Powers
                rule, strike = ATTACHED_RATINGS[kind], c.strike_first
            else:
                continue
            da = c.fight if tactic == "fight" else c.shoot
            if da or c.armor or c.value or strike:
                attack += da
                armor += c.armor
                value += c.value
                if strike in _STRIKES:  # (how it strikes: the warrior's and each part's, any order)
                    first = True
                    ends = ends or strike == "ends"
                    always = always or strike == "always"
                if terms is not None:
                    terms.append(_new(Term, (name, rule, da, c.armor, c.value, _STRIKES.get(strike, "") if strike else "")))
        return attack, armor, value, first, ends, always

    def explain(self, table: Table, uid: int) -> tuple[Ratings, tuple[Term, ...]]:
        """``uid``'s ratings in this combat and the terms they add up from: its card,
        each piece of equipment, gift, spell, fortification, cover and card played,
        each with the rule that makes it count (and what immunity switched off)."""
        foe = table.defender if uid == table.attacker else table.attacker
        terms: list[Term] = []
        off = self.off(table)
        r = self.fighter(table, table.trooper(uid), table.trooper(foe), off, terms)
        return r, tuple(terms)


__all__ = ["Standing"]
