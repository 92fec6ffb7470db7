"""What would a good player do? The search bot's advice in every game's stepper,
driven without a browser: the panel at the person's decisions, a chance to win
in words, a row per option with the choice marked, "let a good player choose",
advice that never changes the game, advice from the deciding seat's view only
(the Victorian game, THE DECKS: the other hand is secret), and stale advice
cleared by a step, undo, reset and a loaded game."""

from __future__ import annotations

import re
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from factories import make
from explorer.asylum import odds
from explorer.asylum.policies import ExpectedVPPolicy
from explorer.core.protocol import outcomes
from explorer.core.sampler import simulate
from explorer.core.search import SearchBot, SolvedReport
from explorer.ui.advice import about, estimate, possessive, tries
from explorer.ui.asylum.conflict_lab import ConflictLab
from explorer.ui.asylum.rules_tour import RulesTour
from explorer.ui.common import esc, probability_text
from explorer.ui.doomtrooper.table import TableStepper
from explorer.ui.stepper import ALL, StepperWidget
from explorer.ui.victorian.stepper import VictorianStepper

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "victorian"))
from vichelp import swapped  # noqa: E402

#: each game's page with a seat the person plays, and its stepper widget
PAGES = {
    "asylum": (lambda seed: RulesTour(players=3, seed=seed, viewers=0), lambda w: w.stepper_widget),
    "victorian": (lambda seed: VictorianStepper(seed=seed, plays=True), lambda w: w.stepper),
    "doomtrooper": (lambda seed: TableStepper(seed=seed, seat=0), lambda w: w.stepper_widget),
}
SAID = re.compile(r"A good player here wins <b>(about (\d+)%|under 1%|over 99%)</b> \((\d+)% to (\d+)%: from (.+) view, "
                  r"the choice tried in (\d+) of (\d+) imagined games\)\.")


def widget(key: str, seed: int = 3) -> StepperWidget:
    make_page, inner = PAGES[key]
    return inner(make_page(seed))


def to_choice(sw: StepperWidget, limit: int = 400) -> StepperWidget:
    """Play on with the bots to the person's next decision with two options or more."""
    for _ in range(limit):
        dec = sw.stepper.decision
        if dec is None or (sw.waiting() and len(dec.options) > 1):
            break
        sw.let_policy_choose()
    assert sw.waiting() and len(sw.stepper.decision.options) > 1
    return sw


def rows(sw: StepperWidget) -> list[str]:
    return re.findall(r"<tr class=\"xp-advice-option[^\"]*\">(.*?)</tr>", sw.advice.options.value)


@pytest.mark.parametrize("key", list(PAGES))
def test_every_games_stepper_offers_advice_in_words_with_a_row_per_option(key):
    sw = to_choice(widget(key))
    panel = sw.advice
    assert panel is not None and panel.widget in sw.widget.children
    assert panel.widget.layout.display == "flex"
    classes = {c for w in (panel.widget, panel.ask_button, panel.value, panel.play_button) for c in w._dom_classes}
    assert {"xp-advice", "xp-advice-button", "xp-advice-value", "xp-advice-play"} <= classes
    panel.ask_button.click()
    report = panel.report
    said = SAID.search(panel.value.value)
    assert said, panel.value.value
    if said.group(2) is not None:
        assert 0 <= int(said.group(2)) <= 100 and int(said.group(2)) == round(100 * report.value)
    assert said.group(5).startswith(("seat 0", "the Heroes")) and int(said.group(7)) == report.playouts
    chosen = next(o for o in report.options if o.option == report.choice)
    assert int(said.group(6)) == chosen.visits  # the value is the choice's: its games, not the whole search's
    assert int(said.group(3)) <= round(100 * report.value) <= int(said.group(4))
    assert "/" not in said.group(1) and "." not in said.group(1)  # an estimate: no fraction, no decimals
    dec = sw.stepper.decision
    shown = rows(sw)
    assert len(shown) == len(dec.options)
    marked = [r for r in shown if "a good player&#x27;s choice" in r]
    assert len(marked) == 1 and sw.option_text(sw.stepper.state, report.choice) in re.sub("&#x27;", "'", marked[0])
    assert shown.index(marked[0]) == dec.options.index(report.choice)
    assert sum(o.visits for o in report.options) == report.playouts


@pytest.mark.parametrize("key", list(PAGES))
def test_let_a_good_player_choose_plays_the_advised_option(key):
    sw = to_choice(widget(key, seed=5))
    dec, before = sw.stepper.decision, len(sw.stepper.history)
    report = sw.advice.ask()
    sw.advice.play_button.click()
    entry = sw.stepper.history[before]
    assert entry.action == report.choice and entry.action in dec.options and entry.player == dec.player


def test_letting_choose_without_asking_first_searches_the_same_advice():
    a, b = to_choice(widget("victorian")), to_choice(widget("victorian"))
    report = a.advice.ask()
    entry = b.advice.play()
    assert entry.action == report.choice


@pytest.mark.parametrize("key", list(PAGES))
def test_asking_at_every_decision_leaves_the_game_as_it_was(key):
    """The advice draws from its own stream: the same game, with or without it,
    keeps the same log, byte for byte."""
    asked, plain = widget(key, seed=7), widget(key, seed=7)
    asked.advice.every.value = True
    shown = 0
    for _ in range(60):
        if asked.stepper.over:
            break
        if asked.waiting() and len(asked.stepper.decision.options) > 1:
            assert asked.advice.report is not None  # asked at once, at the person's decision
            asked.advice.ask_button.click()
            shown += 1
        asked.let_policy_choose()
        plain.let_policy_choose()
    assert shown >= 2
    assert asked.saving.save() == plain.saving.save()
    assert asked.stepper.log() == plain.stepper.log()


def test_the_advice_reads_only_what_the_deciding_side_sees():
    page = VictorianStepper(seed=4, plays=True)
    sw = to_choice(page.stepper)
    me = sw.stepper.decision.player
    twin_state = swapped(sw.stepper.state, me)
    game = sw.game
    assert twin_state != sw.stepper.state and game.observe(twin_state, me) == game.observe(sw.stepper.state, me)
    twin = StepperWidget(game, twin_state, seed=sw.stepper.seed, policies=sw.policies, viewers={me},
                         advisor=sw.advice.advisor)
    # the same seed and step: a fresh stepper at the twin state, advised at the same step number
    seen = StepperWidget(game, sw.stepper.state, seed=sw.stepper.seed, policies=sw.policies, viewers={me},
                         advisor=sw.advice.advisor)
    assert twin.advice.ask() == seen.advice.ask()
    assert twin.advice.value.value == seen.advice.value.value


def test_a_kept_choice_below_another_estimate_is_explained():
    """The search keeps the greedy bot's choice unless another option surely leads it: where an
    option's estimate is higher than the choice's (a lead of a few imagined games), the panel says
    why it is not chosen; where the choice has the highest estimate, it says nothing more."""
    kept = to_choice(widget("victorian", seed=2))
    report = kept.advice.ask()
    chosen = next(o for o in report.options if o.option == report.choice)
    assert max(o.value for o in report.options) > chosen.value
    assert "sticks to the greedy bot&#x27;s choice" in kept.advice.value.value
    best = to_choice(widget("victorian", seed=3))
    report = best.advice.ask()
    assert report.options[0].option == report.choice and "sticks to" not in best.advice.value.value


def test_the_same_position_and_seed_give_the_same_advice():
    a, b = to_choice(widget("doomtrooper", seed=2)), to_choice(widget("doomtrooper", seed=2))
    assert a.advice.ask() == b.advice.ask()
    assert a.advice.rng().random() == b.advice.rng().random()


def test_undo_reset_and_load_clear_stale_advice():
    sw = to_choice(widget("victorian", seed=6))
    saved = sw.saving.save()
    sw.advice.ask()
    assert sw.advice.report is not None and sw.advice.options.value
    sw.undo()
    assert sw.advice.report is None and sw.advice.value.value == "" and sw.advice.options.value == ""
    to_choice(sw)
    sw.advice.ask()
    sw.reset(6)
    assert sw.advice.report is None and sw.advice.value.value == ""
    to_choice(sw)
    sw.advice.ask()
    assert sw.saving.load(saved, "saved.jsonl") is not None
    assert sw.advice.report is None and sw.advice.value.value == ""
    again = sw.advice.ask()  # the loaded game is at the same step and seed: the same advice as before
    assert again.choice in sw.stepper.decision.options


def test_the_panel_waits_for_the_persons_decisions():
    sw = widget("victorian")
    sw.viewers = frozenset()  # nobody played by the person: nothing to advise
    sw.refresh()
    assert sw.advice.widget.layout.display == "none" and sw.advice.ask() is None and sw.advice.play() is None


def test_thinking_shows_while_the_search_runs():
    sw = to_choice(widget("asylum"))
    seen = []
    real = sw.advice.advisor.search

    def search(*args):
        seen.append((sw.advice.value.value, sw.advice.ask_button.disabled))
        return real(*args)

    sw.advice.advisor.search = search
    sw.advice.ask()
    assert seen == [("<i>A good player is thinking...</i>", True)] and not sw.advice.ask_button.disabled
    sw.advice.ask()  # the same position: the advice shown is reused, not searched again
    assert len(seen) == 1


def conflict_widget() -> StepperWidget:
    """A two-against-two conflict ("Conflicts"), both sides the person's, the
    rules' own steps shown too, advised by a small search over expected-vp play;
    its buttons carry each option's exact odds under expected-vp play once asked
    for (as in the rules tour's conflicts)."""
    game = odds.GAME
    start = game.start([make("A1", ma=4), make("A2", pa=4)], [make("D1", md=2), make("D2", q=4)])
    advisor = SearchBot(30, rollout=ExpectedVPPolicy(), reward=lambda result, side: float(result.winner == side))
    return StepperWidget(game, start, seed=2, policies=ExpectedVPPolicy(), viewers=ALL, show_forced=True,
                         describe=lambda s: s.describe(), advisor=advisor, labelling=False,
                         option_odds=lambda state: odds.option_odds(state, "expected-vp"),
                         odds_cost=lambda state: "slow")


def test_a_forced_step_or_a_single_option_is_said_not_searched():
    sw = conflict_widget()
    for _ in range(100):
        dec = sw.stepper.decision
        if dec is None or dec.forced:
            break
        sw.advice.play()
    dec = sw.stepper.decision
    assert dec is not None and dec.forced  # "Concluding a Conflict": the rules take the step
    assert sw.advice.widget.layout.display == "flex" and sw.advice.ask() is None
    assert "Nothing to weigh: the rules take this step." in sw.advice.value.value
    assert sw.advice.play_button.disabled and sw.advice.play() is None


def test_helpers_read_as_people_say_them():
    assert [about(x) for x in (0.62, 0.005, 0.996)] == ["about 62%", "under 1%", "over 99%"]
    assert estimate(0.5, 4) == "about 50% (15% to 85%)" and estimate(0.0, 150) == "about 0% (0% to 2%)"
    assert possessive("the Villains") == "the Villains'" and tries(3) == "3 times"


def test_an_option_tried_a_few_times_shows_how_little_that_settles():
    """Ten imagined games all won read "about 100%", but allow a true chance as low
    as 72%: each row gives the range its games leave open (Wilson's, 95%), so an
    estimate beside exact odds of the same option is not read as surer than it is."""
    sw = conflict_widget()
    report = sw.advice.ask()
    found = {o.option: o for o in report.options}
    shown = rows(sw)
    checked = 0
    for option, row in zip(sw.stepper.decision.options, shown):
        o = found.get(option)
        if o is None or not o.visits:
            continue
        low, high = (int(x) for x in re.search(r"\((\d+)% to (\d+)%\)", row).groups())
        assert low <= round(100 * o.value) <= high
        assert high - low >= (20 if o.visits <= 20 else 0)
        checked += 1
    assert checked >= 2 and "the range an option&#x27;s imagined games leave open" in sw.advice.options.value


def test_beside_the_buttons_exact_odds_the_table_gives_them_and_says_why_they_differ():
    """Where the stepper's buttons carry exact odds ("Conflicts": each option's
    chance if the bots play on, once asked for), the advice table repeats them
    beside the good player's estimate and says that the two answer different
    questions; without exact odds (before they are asked for, and in the
    Victorian game) it has no such column."""
    sw = conflict_widget()
    sw.advice.ask()
    assert not sw.labels and "exact chance" not in sw.advice.options.value
    sw.label_options()  # asked after the advice: the table shown gains the column
    assert sw.labels
    table = sw.advice.options.value
    assert "<th>exact chance, if the bots play on</th>" in table and "so the two can differ" in table
    for option, row in zip(sw.stepper.decision.options, rows(sw)):
        exact = re.findall(r"<td class=\"xp-num\">(.*?)</td>", row)[0]
        assert exact == esc(probability_text(sw.labels[option]))
    plain = to_choice(widget("victorian"))
    plain.advice.ask()
    assert not plain.labels and "exact chance" not in plain.advice.options.value


SOLVED = re.compile(r"A good player here wins <b>([^<]+)</b>( and draws ([^,]+))?, exactly, if both sides play "
                    r"their best from here \(every roll worked out\)\.")


def lab(attackers=("Doctor Cortex", "Baron Von Blitz"), defenders=("Corporal Union", "Oscar")) -> ConflictLab:
    return ConflictLab(attackers=list(attackers), defenders=list(defenders), seed=1)


def best_play(game, state, memo) -> tuple[Fraction, Fraction, Fraction]:
    """(attackers win, draw, defenders win) when both sides play their best from
    ``state``, worked out here on its own: expectiminimax over every roll
    (``outcomes``) on the attackers' edge, P(win) - P(lose), the first best option
    taken on a tie ("Conflicts", "Victory in Conflicts")."""
    if state in memo:
        return memo[state]
    dec = game.decision(state)
    if dec is None:
        winner = game.result(state).winner
        found = (Fraction(winner == 0), Fraction(winner is None), Fraction(winner == 1))
    else:
        values = [after(game, state, option, memo) for option in dec.options]
        edges = [w - lose for w, _, lose in values]
        pick = edges.index(min(edges) if dec.player == 1 else max(edges))
        found = values[pick]
    memo[state] = found
    return found


def after(game, state, option, memo) -> tuple[Fraction, Fraction, Fraction]:
    """:func:`best_play` once ``option`` is taken."""
    total = [Fraction(0)] * 3
    for nxt, p in outcomes(lambda chance: game.next_state(state, option, chance)).pairs:
        total = [t + p * v for t, v in zip(total, best_play(game, nxt, memo))]
    return tuple(total)


def test_the_conflict_labs_good_player_plays_perfectly_and_says_so_exactly():
    """The lab's advice is worked out, not estimated ("Conflicts": a conflict is
    small enough): both sides playing their best, every roll enumerated, each
    option's chance to win and to draw as exact fractions; the headline is the
    choice's, the choice is marked in its row, and no range or imagined game is
    mentioned."""
    sw = lab().stepper_widget
    assert sw.advice.widget.layout.display == "flex"
    assert sw.advice.ask_button.tooltip == "work out every roll from here, both sides playing their best"
    sw.advice.ask_button.click()
    report, dec = sw.advice.report, sw.stepper.decision
    assert isinstance(report, SolvedReport) and [o.option for o in report.options] == list(dec.options)
    said = SOLVED.search(sw.advice.value.value)
    chosen = next(o for o in report.options if o.option == report.choice)
    assert said and said.group(1) == esc(probability_text(report.value)) and report.value == chosen.win
    assert (said.group(3) or "") == (esc(probability_text(chosen.draw)) if chosen.draw else "")
    shown = rows(sw)
    assert len(shown) == len(dec.options)
    for o, row in zip(report.options, shown):
        cells = re.findall(r"<td class=\"xp-num\">(.*?)</td>", row)
        assert cells == [esc(probability_text(o.win)), esc(probability_text(o.draw))]
        assert 0 <= o.win + o.draw <= 1
        assert ("a good player&#x27;s choice" in row) == (o.option == report.choice)
    table = sw.advice.options.value
    assert "imagined" not in table and "a draw counts half a win" in table
    assert "<th>then wins, both at their best</th>" in table and "exact chance" not in table
    sw.label_options()  # with the buttons' odds (the policies playing on) beside them
    assert "<th>exact chance, if the bots play on</th>" in sw.advice.options.value


@pytest.mark.parametrize("teams", [(["Doctor Cortex"], ["Corporal Union"]),
                                   (["Doctor Cortex", "Baron Von Blitz"], ["Corporal Union", "Oscar"]),
                                   (["Madame Nocturne", "The Puppeteer"], ["Skyraker", "Gargantua"])])
def test_the_labs_perfect_play_agrees_with_an_enumeration_of_its_own(teams):
    """Every option's chance to win and to draw, and the choice, equal a plain
    expectiminimax written here (exact fractions), at the opening decision and
    at a later one of each side."""
    sw = lab(*teams).stepper_widget
    game, memo = sw.game, {}
    for _ in range(3):
        dec = sw.stepper.decision
        if dec is None or dec.forced:
            break
        report = sw.advice.ask()
        side = dec.player
        for o in report.options:
            att, draw, dfn = after(game, sw.stepper.state, o.option, memo)
            assert (o.win, o.draw) == ((att if side == 0 else dfn), draw)
        edges = [after(game, sw.stepper.state, a, memo) for a in dec.options]
        edges = [w - lose for w, _, lose in edges]
        best = min(edges) if side == 1 else max(edges)
        assert report.choice == dec.options[edges.index(best)]
        sw.advice.play()


def test_the_labs_perfect_play_agrees_with_conflicts_played_out():
    """Seeded Monte Carlo: 1,500 conflicts played from the opening, both sides taking
    the good player's choice, win as often as the advice says (within four
    standard errors)."""
    sw = lab().stepper_widget
    report = sw.advice.ask()
    best = sw.advice.advisor.policy
    n = 1500
    wins = sum(simulate(sw.game, sw.stepper.state, {0: best, 1: best}, f"mc#{i}").result.winner == 0 for i in range(n))
    p = float(report.value)
    assert abs(wins / n - p) < 4 * (p * (1 - p) / n) ** 0.5


def test_the_labs_good_player_is_asked_once_per_conflict_and_plays_its_choice():
    """The advice for the other side's next decision reuses what was worked out
    (the policy's memo), and "Let a good player choose" plays the choice."""
    sw = lab(("Doctor Cortex", "Baron Von Blitz", "Madame Nocturne"),
             ("Corporal Union", "Oscar", "The Puppeteer")).stepper_widget
    report = sw.advice.ask()
    sw.advice.play_button.click()
    assert sw.stepper.history[-1].action == report.choice
    known = len(sw.advice.advisor.policy._nodes)
    sw.advice.ask()
    assert len(sw.advice.advisor.policy._nodes) == known  # nothing new to work out
