"""How a conflict's result is written ("Concluding a Conflict", "Victory in
Conflicts", "Defeated villains"): who won, the Doomsday points and who is lost
(:func:`settle`, :func:`verdict`), and, for the exact analysis, the result
relative to a state (:class:`RelativeResults`, which :class:`~explorer.asylum.conflict.Conflict`
takes its ``memo_key``, ``relative_result``, ``carry`` and ``absolute_result`` from).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..core.events import Event, event
from ..core.numbers import counted
from . import sections as R
from .conflict_state import DEFENDER, ConflictResult, ConflictSetup, ConflictState
from .params import AsylumRules


class RelativeResults:
    """The exact analysis of a conflict: the future as a relative outcome.

    Play from a state depends on who is to act, who has acted, who is down (not in
    which order) and any pending attack; the score so far and the order of defeat
    only matter when the result is written.  So the analyzer memoises on that key
    and works with outcomes relative to a state, packed into one int (see
    :class:`~explorer.asylum.conflict_state.Packing`): VP gained from here by each
    side, the place of each villain defeated from here on, and the successful
    aftermath rolls."""

    def memo_key(self, state: ConflictState) -> tuple:
        setup = state.setup
        if state.result is not None:
            return setup, self.relative_result(state)
        down0 = down1 = 0
        for i in state.fallen[0]:
            down0 |= 1 << i
        for i in state.fallen[1]:
            down1 |= 1 << i
        a0, a1 = state.acted
        if not setup.rules.defeated_villains_act:  # the downed act no more either way
            a0 |= down0
            a1 |= down1
        r0, r1 = setup.packing.rollers
        if r0 or r1:  # _conclude rolls their aftermath in order of defeat: keep the order of rolls the same
            return (setup, state.turn, a0, a1, down0, down1, state.pending,
                    tuple(i for i in state.fallen[0] if i in r0), tuple(i for i in state.fallen[1] if i in r1))
        return setup, state.turn, a0, a1, down0, down1, state.pending

    def relative_result(self, state: ConflictState) -> int:
        setup = state.setup
        pack = setup.packing
        out = pack.zero
        for name in state.result.slipped:
            side, i = setup.index[name]
            out += 1 << pack.slips[side][i]
        return out

    def carry(self, before: ConflictState, after: ConflictState):
        if after.vp is before.vp and after.fallen is before.fallen:
            return None
        pack = before.setup.packing
        add = 0
        for side in (0, 1):
            old, new = before.fallen[side], after.fallen[side]
            for at in range(len(old), len(new)):
                add += (at + 1) << pack.place[side][new[at]]
        g0, g1 = after.vp[0] - before.vp[0], after.vp[1] - before.vp[1]
        if g0 or g1:
            bound = pack.vp_zero >> 1  # then any gain from one state to another fits its field
            if not (-bound < after.vp[0] < bound and -bound < after.vp[1] < bound):
                raise ValueError(f"victory points {after.vp} are beyond what exact analysis can hold (±{bound})")
            add += (g0 << pack.vp0) + (g1 << pack.vp1)
        return add.__add__ if add else None

    def absolute_result(self, state: ConflictState, outcome: int) -> ConflictResult:
        setup = state.setup
        pack = setup.packing
        vp = (state.vp[0] + (outcome >> pack.vp0) - pack.vp_zero,
              state.vp[1] + (outcome >> pack.vp1 & pack.vp_mask) - pack.vp_zero)
        fallen: list[tuple[int, ...]] = []
        slipped: list[str] = []
        for side in (0, 1):
            later = sorted((outcome >> at & pack.place_mask, i) for i, at in enumerate(pack.place[side])
                           if outcome >> at & pack.place_mask)
            order = state.fallen[side] + tuple(i for _, i in later)
            # as _conclude lists them: by side, in order of defeat, once per successful roll
            kept = []
            for i in order:
                n = outcome >> pack.slips[side][i] & pack.slip_mask
                slipped.extend([setup.teams[side][i].name] * n)
                if not n:
                    kept.append(i)
            fallen.append(tuple(kept))
        return settle(setup, vp, fallen, slipped)



def settle(setup: ConflictSetup, vp: tuple[int, int], fallen: Sequence[tuple[int, ...]], slipped: Sequence[str],
            events: list[Event] | None = None) -> ConflictResult:
    """Who won, the Doomsday points and who is lost, once the aftermath rolls are made
    ("Concluding a Conflict", "Defeated villains"); the events go to ``events`` if given."""
    winner, dd, said = verdict(vp, setup.ambush, setup.doom_ready, setup.rules)
    if events is not None:
        events.extend(said)
    lost = []
    for side in (0, 1):
        gone = fallen[side][:-1]
        lost.append(tuple(setup.teams[side][i].name for i in gone))
        if events is None:
            continue
        if gone:
            events.append(event(R.DEFEATED, f"{', '.join(lost[side])} lost; {setup.teams[side][fallen[side][-1]].name} survives as the last defeated"))
        elif fallen[side]:
            events.append(event(R.DEFEATED, f"{setup.teams[side][fallen[side][0]].name} was the only one defeated and recovers"))
    return ConflictResult(
        vp=vp, winner=winner, doomsday=dd,
        defeated=tuple(tuple(setup.teams[s][i].name for i in fallen[s]) for s in (0, 1)),
        lost=(lost[0], lost[1]), slipped=tuple(slipped),
    )


@lru_cache(maxsize=4096)
def verdict(vp: tuple[int, int], ambush: bool, doom_ready: bool,
             rules: AsylumRules) -> tuple[int | None, tuple[int, int], tuple[Event, ...]]:
    """Who won at ``vp``, the Doomsday points each side wins and the events saying so
    ("Victory in Conflicts", "Concluding a Conflict"): :func:`settle`'s reading of the
    score, which depends on nothing else (cached: the same scores come up again and again)."""
    winner = None if vp[0] == vp[1] else (0 if vp[0] > vp[1] else 1)
    dd = [0, 0]
    events = []
    scored = not ambush or (winner == DEFENDER and rules.ambush_win_doomsday)  # an ambusher is no player
    if winner is None:
        events.append(event(R.DRAW, f"draw at {vp[0]}-{vp[1]} VP: no Doomsday points" + ("" if ambush else "; the attacker goes back")))
    else:
        names = ("attackers", "defenders")
        events.append(event(R.CONCLUSION, f"the {names[winner]} win {vp[0]}-{vp[1]} VP", winner=winner))
        if scored:
            dd[winner] = rules.win_doomsday_doom_ready if doom_ready else rules.win_doomsday
            events.append(event(R.WINNER_DOOMSDAY, f"the winner gains {counted(dd[winner], 'Doomsday point')}"))
            if abs(vp[0] - vp[1]) >= rules.sound_defeat_margin:
                dd[winner] += rules.sound_defeat_bonus
                events.append(event(R.SOUND_DEFEAT, f"a sound defeat: +{rules.sound_defeat_bonus} Doomsday point"))
    return winner, (dd[0], dd[1]), tuple(events)


__all__ = ["RelativeResults", "settle", "verdict"]
