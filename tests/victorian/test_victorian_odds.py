"""Chain odds from the game's own rules: one hero's attack, a set of heroes against
a Mastermind in one Intercept Phase, a plot against the heroes under the bots;
each checked against an independent enumeration of dice faces and against seeded
Monte Carlo of the same rules."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache

import pytest
from vichelp import GAME

from explorer.core.engine import SampledChance, simulate
from explorer.core.until import Until
from explorer.victorian import odds
from explorer.victorian.bots import get_bot
from explorer.victorian.state import Phase


# -- an independent model of one hero's attack (ATTACK PHASE), dice face by dice face ---------------------

def combat_band(t):
    return "hero_killed" if t <= 1 else "hero_wounded" if t <= 3 else "stop" if t <= 6 else "again"


def showdown_band(t):
    return ("hero_killed" if t <= 1 else "hero_wounded" if t <= 3 else "destroy_base" if t == 4
            else "villain_wounded" if t == 5 else "villain_killed")


def attack_by_hand(hero_fight: int, minions: tuple[int, ...], mm_fight: int) -> dict[str, Fraction]:
    """The hero presses on; wounds kill a unit whose Fight drops to 0."""
    out: dict[str, Fraction] = {}

    def add(key, p):
        out[key] = out.get(key, Fraction(0)) + p

    @lru_cache(maxsize=None)
    def walk(i: int, k: int) -> tuple:
        res: dict[str, Fraction] = {}
        for d in range(1, 7):
            p = Fraction(1, 6)
            if i < len(minions):
                r = combat_band(d + hero_fight - k - minions[i])
                if r == "again":
                    for key, q in walk(i + 1, k + 1):
                        res[key] = res.get(key, 0) + p * q
                    continue
                key = {"stop": "stopped"}.get(r, r)
            else:
                key = showdown_band(d + hero_fight - k - mm_fight)
            if key == "hero_wounded" and hero_fight - 1 <= 0:
                key = "hero_killed"
            if key == "villain_wounded" and mm_fight - 1 <= 0:
                key = "villain_killed"
            res[key] = res.get(key, 0) + p
        return tuple(res.items())

    for key, p in walk(0, 0):
        add(key, p)
    return {k: out.get(k, Fraction(0)) for k in odds.ATTACK_RESULTS}


ATTACKS = [
    ("Tarzan", "Dr Fu-Man-Chu", ("Chinese Horde",), 2, (1,), 2),
    ("Dr Jekyll Mr Hyde", "Dr Moreau", ("Hybrid", "Hybrid", "Hybrid"), 4, (1, 1, 1), 1),
    ("Olaf Svenson", "Count Dracula", ("Vampire", "Werewolf"), 3, (1, 4), 4),
    ("Mina Harker", "Professor Moriarty", (), 3, (), 1),
    ("Chevalier Dupin", "Martian Invasion", ("Tripod",), 1, (2,), 4),
]


@pytest.mark.parametrize("hero, mm, minions, hf, mfs, mmf", ATTACKS, ids=[a[0] for a in ATTACKS])
def test_the_attack_chain_matches_an_enumeration_of_dice_faces(hero, mm, minions, hf, mfs, mmf):
    """ATTACK PHASE: Combat Rolls against each minion, Fight -1 for each further attack, then the Showdown; the
    chain's exact odds equal a hand-written enumeration of every die face."""
    got = odds.attack(hero, mm, list(minions))
    assert sum(got.values()) == 1 and tuple(got) == odds.ATTACK_RESULTS
    assert got == attack_by_hand(hf, mfs, mmf)


def test_the_attack_chain_matches_seeded_monte_carlo():
    """ATTACK PHASE: 4,000 sampled attacks, played by the same rules, land within 4 standard errors."""
    hero, mm, minions = "Dr Jekyll Mr Hyde", "Dr Moreau", ["Hybrid", "Hybrid"]
    exact = odds.attack(hero, mm, minions)
    state = GAME.scenario(heroes=[hero], villains=[mm], minions={mm: minions}, decks={"heroes": [], "villains": []},
                          thwarted=[mm], at=Phase.ATTACK)
    detail = odds.attack_detail(hero, mm, minions)
    n = 4000
    seen: dict[str, int] = {}
    from explorer.victorian.state import Main
    until = Until(GAME, done=lambda s: s.phase is not Phase.ATTACK or ("attacked", hero) in s.used and
                  isinstance(s.pending[0], Main), value=lambda s: s)
    script = odds._Script(hero, mm)
    for i in range(n):
        end = simulate(until, state, script, seed=f"attack#{i}").state
        h, m = end.heroes.unit(hero), end.villains.unit(mm)
        key = ("hero_killed" if h is None else "villain_killed" if m is None else "hero_wounded" if h.wounds else
               "villain_wounded" if m.wounds else "destroy_base" if ("showdown", hero) in end.used else "stopped")
        seen[key] = seen.get(key, 0) + 1
    for key, p in exact.items():
        sd = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(seen.get(key, 0) / n - float(p)) <= 4 * sd + 1e-9, key
    assert sum(p for _, p in detail.items()) == 1


def test_gear_and_wounds_change_the_chain():
    """ATTACK PHASE / WOUND COUNTERS: a weapon adds Fight, a wound takes it away."""
    plain = odds.attack("Sherlock Holmes", "Dr Moreau", ["Hybrid"])
    armed = odds.attack("Sherlock Holmes", "Dr Moreau", ["Hybrid"], gear=["Saber"])
    assert armed == attack_by_hand(2, (1,), 1) and plain == attack_by_hand(1, (1,), 1)
    assert armed["hero_killed"] < plain["hero_killed"]


# -- one Intercept Phase ---------------------------------------------------------------------------------

def thwart_by_hand(tracks: list[int], plots: int) -> dict[str, Fraction]:
    """Each hero in turn: 2D6 + his Track - the Wrong Tracks so far; 10 foils a plot, 11+ thwarts."""
    out = {"thwarted": Fraction(0), "foiled": Fraction(0), "neither": Fraction(0)}

    def walk(i: int, wrong: int, left: int, p: Fraction) -> None:
        if i == len(tracks):
            out["foiled" if left < plots else "neither"] += p
            return
        for a in range(1, 7):
            for b in range(1, 7):
                q = p / 36
                t = a + b + tracks[i] - wrong
                if t >= 11:
                    out["thwarted"] += q
                elif t == 10:
                    walk(i + 1, wrong, max(0, left - 1), q)
                elif t <= 5:
                    walk(i + 1, wrong + 1, left, q)
                else:
                    walk(i + 1, wrong, left, q)

    walk(0, 0, plots, Fraction(1))
    return out


@pytest.mark.parametrize("heroes, tracks", [(["Sherlock Holmes"], [4]), (["Chevalier Dupin", "Tarzan"], [2, 2]),
                                            (["Tarzan", "Allan Quatermain", "James T. West"], [2, 3, 1])])
def test_the_thwart_chain_matches_an_enumeration_of_dice_faces(heroes, tracks):
    """INTERCEPT PHASE: heroes track one after another; Wrong Tracks lower the rolls after them; 10 foils a plot,
    11+ thwarts: P(thwarted in one Intercept Phase)."""
    got = odds.thwart(heroes, "Professor Moriarty", plots=["Bank Heist", "Start War"])
    assert sum(got.values()) == 1 and got == thwart_by_hand(tracks, 2)


# -- a plot under the bots ----------------------------------------------------------------------------------

def test_a_plot_under_the_bots_matches_seeded_monte_carlo():
    """PLOT PHASE / INTERCEPT PHASE: P(a plot pays out before it is foiled), played by the greedy bots, exactly;
    2,000 sampled games of the same rules agree within 4 standard errors."""
    exact = odds.plot_matures("Bank Heist", "Dr Moreau", ["Tarzan"], counters=1)
    assert sum(exact.values()) == 1
    state = GAME.scenario(heroes=["Tarzan"], villains=["Dr Moreau"], plots={"Dr Moreau": [("Bank Heist", 1)]},
                          decks={"heroes": [], "villains": []}, at=Phase.INTERCEPT)
    from explorer.victorian.state import PlotDraw
    bots = {"heroes": get_bot("greedy"), "villains": get_bot("greedy")}
    until = Until(GAME, done=lambda s: s.result is not None or not s.villains.plots or s.turn > 9,
                  value=lambda s: s)
    n, matured = 2000, 0
    for i in range(n):
        end = simulate(until, state, bots, seed=f"plot#{i}").state
        matured += any(isinstance(x, PlotDraw) for x in end.pending) or (
            end.result is not None and end.result.reason == "major plot")
    p = float(exact["matured"])
    assert abs(matured / n - p) <= 4 * (p * (1 - p) / n) ** 0.5


def test_a_major_plot_matures_faster_against_weaker_trackers():
    """PLOT PHASE: a major plot with three counters needs one more: weak trackers rarely stop it."""
    weak = odds.plot_matures("Start War", "Dr Moreau", ["Samson the Coachman"], counters=3)
    strong = odds.plot_matures("Start War", "Dr Moreau", ["Sherlock Holmes"], counters=3)
    assert weak["matured"] > strong["matured"] > 0


# -- explain this number --------------------------------------------------------------------------------------

def test_explain_roll_gives_every_term_with_card_and_rule():
    """Explain this number: a Combat Roll's terms (the hero's Fight, each weapon and vehicle, markers, wounds,
    event cards, the further-attack penalty, the minion's Fight), each with its card and rule section."""
    s = GAME.scenario(heroes=["Allan Quatermain"], gear={"Allan Quatermain": ["Elephant Gun", "Auto-mobile"]},
                      markers={"Allan Quatermain": 1}, wounds={"Allan Quatermain": 1}, villains=["Dr Fu-Man-Chu"],
                      minions={"Dr Fu-Man-Chu": ["Chinese Horde"]}, thwarted=["Dr Fu-Man-Chu"], at=Phase.ATTACK)
    e = odds.explain_roll(s, "combat", "Allan Quatermain", "Chinese Horde 1", attacks=1)
    rows = [(t["label"], t["value"], t["card"], t["rule"]) for t in e["terms"]]
    assert rows == [
        ("Allan Quatermain's Fight", 2, "Allan Quatermain", "cards.heroes"),
        ("Elephant Gun", 1, "Elephant Gun", "recruit.attach"),
        ("Auto-mobile", 1, "Auto-mobile", "recruit.attach"),
        ("1 Invention marker", 1, None, "invention.table"),
        ("1 Wound counter", -1, None, "wounds"),
        ("attack number 2", -1, None, "attack.combat"),
        ("minus Chinese Horde 1's Fight", -1, None, "tokens"),
    ]
    assert e["modifier"] == 2 and sum(e["odds"].values()) == 1
    a = odds.explain_roll(s, "healing", "Allan Quatermain")
    assert a["odds"]["removed"] == Fraction(1, 3)
    with pytest.raises(ValueError):
        odds.explain_roll(s, "poker", "Allan Quatermain")
