"""The conformance kit (explorer.core.testing) on toy games: a sound one passes
every check; each deliberately broken one is caught, by the right check, with a
message that says what went wrong and where."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

import pytest

from explorer.core.dist import Dist, die
from explorer.core.engine import Decision, Game, IllegalAction, Policy, Step, Stepper
from explorer.core.events import RuleRef, event
from explorer.core.testing import CHECKS, ConformanceError, check_game

# -- a toy game: two players race to 10 points ----------------------------------------------------

TOY = "toy"
OVERVIEW, ROLL, PASS, CROWN = (RuleRef(TOY, s) for s in ("overview", "race.roll", "race.pass", "race.crown"))

RULEBOOK = """
[overview]
heading = "Overview"
summary = "Two players take turns; the first to 10 points wins."

[race.roll]
heading = "Rolling"
summary = "On your turn roll a d4 or a d6 and add it to your points, or pass."

[race.pass]
heading = "Passing"
summary = "Passing ends your turn with no roll."

[race.crown]
heading = "The end"
summary = "Once someone has 10 points (or after 30 turns) the race ends: most points wins."
"""


@pytest.fixture(autouse=True)
def toy_rulebook(tmp_path, monkeypatch):
    """The toy game's section summaries, in a data folder of their own."""
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "toy.toml").write_text(RULEBOOK)
    monkeypatch.setenv("EXPLORER_DATA", str(tmp_path))  # summaries are cached per file: nothing to clear
    yield


@dataclass(frozen=True)
class Roll:
    die: str


@dataclass(frozen=True)
class Pass:
    pass


@dataclass(frozen=True)
class Crown:
    pass


class RaceState(NamedTuple):
    scores: tuple = (0, 0)
    to_play: int = 0
    turns: int = 0
    done: bool = False


DICE = {"d4": die(4), "d6": die(6)}


class Race(Game):
    """The sound toy game."""

    name = TOY
    dice = DICE

    def decision(self, s):
        if s.done:
            return None
        if max(s.scores) >= 10 or s.turns >= 30:
            return Decision(None, (Crown(),), CROWN, "The race is over")
        return Decision(s.to_play, (Roll("d4"), Roll("d6"), Pass()), ROLL, "Roll or pass")

    def resolve(self, s, action, chance):
        who = s.to_play
        if isinstance(action, Crown):
            return Step(s._replace(done=True), (event(CROWN, f"the race ends at {s.scores}"),))
        if isinstance(action, Pass):
            return Step(s._replace(to_play=1 - who, turns=s.turns + 1), (event(PASS, f"player {who} passes"),))
        n = chance.roll(self.dice[action.die])
        scores = list(s.scores)
        scores[who] += n
        return Step(s._replace(scores=tuple(scores), to_play=1 - who, turns=s.turns + 1),
                    (event(ROLL, f"player {who} rolls {n}", roll=n),))

    def result(self, s):
        if not s.done:
            return None
        a, b = s.scores
        return "draw" if a == b else f"player {int(b > a)}"

    def illegal(self, s, action):
        if s.done:
            return IllegalAction(OVERVIEW, "the race is over")
        if isinstance(action, Roll):
            return IllegalAction(ROLL, f"there is no die {action.die!r}: roll a d4 or a d6")
        return super().illegal(s, action)


START = RaceState()


def check(game, **kw):
    """The kit with small budgets; no subprocess unless asked."""
    kw.setdefault("steps", 300)
    kw.setdefault("hashseed", False)
    return check_game(game, kw.pop("initial", START), **kw)


def failures(game, **kw) -> dict:
    """Which checks fail, each with the text of its examples."""
    report = check(game, raise_on_failure=False, **kw)
    return {c: "\n".join(str(f) for f in fs) for c, fs in report.failures.items()}


# -- the sound game -----------------------------------------------------------------------------------

def test_a_sound_game_passes_every_check_even_under_another_hash_seed():
    """Every check holds on a sound game, replays in a subprocess included."""
    report = check(Race(), steps=400, hashseed=True)
    assert report.ok and report.steps == 400 and report.finished >= 5
    assert report.outcomes > report.steps and report.illegal_tried > report.steps
    assert set(report.results) <= {"draw", "player 0", "player 1"}
    assert "observe" in report.skipped and "hashseed" not in report.skipped
    assert "every check held" in str(report)


def test_the_sound_game_passes_with_its_class_sent_as_factory():
    """game_factory: the subprocess builds the game afresh from an importable callable."""
    assert check(Race(), steps=60, hashseed=True, game_factory=Race).ok


def test_unknown_checks_and_bad_budgets_are_refused():
    with pytest.raises(ValueError, match="unknown check"):
        check(Race(), skip=["purity"])
    with pytest.raises(ValueError, match="steps"):
        check(Race(), steps=0)


# -- the broken games -----------------------------------------------------------------------------------

class Tally(list):
    """A list that hashes by content: mutable, though it looks like a value."""

    def __hash__(self):
        return hash(tuple(self))


class Mutating(Race):
    """Adds a roll to the scores in place."""

    def resolve(self, s, action, chance):
        if isinstance(action, Roll):
            n = chance.roll(self.dice[action.die])
            s.scores[s.to_play] += n
            return Step(s._replace(to_play=1 - s.to_play, turns=s.turns + 1), (event(ROLL, f"rolls {n}"),))
        return super().resolve(s, action, chance)


def test_a_rule_that_mutates_the_state_is_caught():
    """pure: apply() must leave its state alone."""
    found = failures(Mutating(), initial=RaceState(scores=Tally([0, 0])))
    assert "pure" in found
    assert "apply(state, Roll(die=" in found["pure"] and "changed the state it was given" in found["pure"]


class Notes(Tally):
    pass


class MutatingIllegal(Race):
    """Writes down every refused action in the state."""

    def illegal(self, s, action):
        s.scores.append("refused")
        return super().illegal(s, action)


def test_an_illegal_action_that_changes_the_state_is_caught():
    """pure: refusing an action must change nothing."""
    found = failures(MutatingIllegal(), initial=RaceState(scores=Notes([0, 0])))
    assert "game.check(state, " in found["pure"] and "changed the state" in found["pure"]


class BadOdds(Race):
    """A 'd6' with five faces of 1/6."""

    dice = {"d4": DICE["d4"], "d6": Dist._trusted({k: Fraction(1, 6) for k in range(1, 6)})}


def test_probabilities_that_do_not_sum_to_one_are_caught():
    """exact: the outcomes of an action sum to exactly 1."""
    found = failures(BadOdds())
    assert set(found) == {"exact"}
    assert "apply(state, Roll(die='d6')) sum to 5/6, not exactly 1" in found["exact"]


class FloatOdds(Race):
    dice = {"d4": Dist._trusted({k: 0.25 for k in range(1, 5)}), "d6": DICE["d6"]}


def test_float_probabilities_are_caught():
    """exact: probabilities are Fractions."""
    found = failures(FloatOdds())
    assert "gives probability 0.25 (float), not a Fraction" in found["exact"]


class QuietRace(Race):
    """A sound ``next_state`` that builds no events (as a runner that keeps none asks)."""

    def next_state(self, s, action, chance):
        if isinstance(action, (Crown, Pass)):
            return self.resolve(s, action, chance).state
        scores = list(s.scores)
        scores[s.to_play] += chance.roll(self.dice[action.die])
        return s._replace(scores=tuple(scores), to_play=1 - s.to_play, turns=s.turns + 1)


class QuietSlip(QuietRace):
    """Its ``next_state`` forgets to count the turn: the exact analysis would differ from play."""

    def next_state(self, s, action, chance):
        nxt = super().next_state(s, action, chance)
        return nxt._replace(turns=s.turns) if isinstance(action, Roll) else nxt


def test_a_next_state_without_events_must_agree_with_resolve():
    """exact: what the analyzer and the quiet runners read (``next_states``, through
    ``next_state``) is what the rules do (``resolve``), state for state, chance for chance."""
    assert check(QuietRace()).ok
    assert QuietRace().next_states(START, Roll("d4")) == Dist._trusted(
        {s: p for (s, _), p in Race().apply(START, Roll("d4")).items()})
    found = failures(QuietSlip())
    assert set(found) == {"exact"}
    assert "next_state(state, Roll(die='d4'), chance) disagrees with resolve" in found["exact"]


SIZES = {"d4": 4, "d6": 6}


class TypeErrors(Race):
    """Looks the die up without asking whether the action is a roll of a known die."""

    def illegal(self, s, action):
        size = SIZES[action.die]
        return IllegalAction(ROLL, f"a d{size} cannot be rolled now")


def test_an_illegal_action_raising_type_error_is_caught():
    """illegal / malformed: a wrong action is explained by an IllegalAction, never a TypeError
    or a KeyError.  (``game.check`` itself falls back to a generic refusal so a user never
    sees the error; the kit asks ``game.illegal`` directly to catch the explainer's bug.)"""
    found = failures(TypeErrors())
    assert "raised AttributeError" in found["illegal"] and "instead of explaining" in found["illegal"]
    assert "game.illegal(state, Roll(die=" in found["malformed"]
    assert "raised TypeError: unhashable type" in found["malformed"]
    assert "test_testing.py" in found["malformed"]  # where it was raised


class UnknownSection(Race):
    def resolve(self, s, action, chance):
        step = super().resolve(s, action, chance)
        if isinstance(action, Pass):
            return Step(step.state, (event(RuleRef(TOY, "race.nowhere"), "passes"),))
        return step


def test_an_event_citing_an_unknown_section_is_caught():
    """events: every event cites a rule that has a summary."""
    found = failures(UnknownSection())
    assert set(found) == {"events"}
    assert "cites rule toy:race.nowhere, which has no summary" in found["events"]


class GlobalRandom(Race):
    """Passing sometimes scores a point, from the global RNG, not from chance."""

    def resolve(self, s, action, chance):
        step = super().resolve(s, action, chance)
        if isinstance(action, Pass) and random.random() < 0.5:
            scores = list(step.state.scores)
            scores[s.to_play] += 1
            return Step(step.state._replace(scores=tuple(scores)), step.events)
        return step


def test_a_non_deterministic_replay_is_caught():
    """replay: the same seed and actions give the same states (and exact: the
    sampled step must be one apply() listed)."""
    found = failures(GlobalRandom(), steps=400)
    assert "replayed with the same seed, step" in found["replay"] and "gives another state" in found["replay"]
    assert "gave an outcome apply() does not list" in found["exact"]


CROWD = ("Ada", "Bea", "Cal", "Dot", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou", "Max", "Ned", "Oz", "Pam")


class SetOrder(Race):
    """Names the crowd at the end, in the order of a set of strings."""

    def resolve(self, s, action, chance):
        step = super().resolve(s, action, chance)
        if isinstance(action, Crown):
            cheers = ", ".join(set(CROWD))
            return Step(step.state, step.events + (event(CROWN, f"cheered by {cheers}"),))
        return step


def test_a_replay_that_depends_on_the_hash_seed_is_caught():
    """hashseed: what a set of strings iterates in changes with PYTHONHASHSEED;
    only the subprocess sees it."""
    found = failures(SetOrder(), steps=60, hashseed=True)
    assert set(found) == {"hashseed"}
    assert "under PYTHONHASHSEED=" in found["hashseed"] and "log line" in found["hashseed"]


class Tag:
    """A name that caches its hash, as value objects often do."""

    __slots__ = ("name", "_hash")

    def __init__(self, name):
        self.name = name
        self._hash = hash(name)

    def __eq__(self, other):
        return isinstance(other, Tag) and other.name == self.name

    def __hash__(self):
        return self._hash

    def __repr__(self):
        return f"Tag({self.name!r})"


class SafeTag(Tag):
    """Leaves its cached hash out of the pickle."""

    __slots__ = ()

    def __reduce__(self):
        return type(self), (self.name,)


class TaggedState(NamedTuple):
    scores: tuple = (0, 0)
    to_play: int = 0
    turns: int = 0
    done: bool = False
    last: Tag | None = None


class Tagged(Race):
    """Labels each state with a Tag made by the rules."""

    tag = Tag

    def resolve(self, s, action, chance):
        step = super().resolve(s, action, chance)
        return Step(step.state._replace(last=self.tag(f"turn {step.state.turns}")), step.events)


class SafeTagged(Tagged):
    tag = SafeTag


def test_a_cached_hash_that_travels_with_pickle_is_caught():
    """pickle: a state made in another process equals ours and hashes like ours."""
    found = failures(Tagged(), initial=TaggedState(), steps=40, hashseed=True)
    assert set(found) == {"pickle"}
    assert "equals ours but hashes differently" in found["pickle"] and "of type test_testing.Tag: Tag('turn 1')" \
        in found["pickle"]
    assert check(SafeTagged(), initial=TaggedState(), steps=40, hashseed=True).ok


class SilentEnd(Race):
    def decision(self, s):
        return None if s.turns >= 6 else super().decision(s)


class Duplicates(Race):
    def decision(self, s):
        dec = super().decision(s)
        return dec._replace(options=dec.options + (Pass(),)) if dec and dec.player is not None else dec


class ForcedTwo(Race):
    def decision(self, s):
        dec = super().decision(s)
        return dec._replace(options=(Crown(), Pass())) if dec and dec.player is None else dec


class Unhashable(Race):
    def decision(self, s):
        dec = super().decision(s)
        return dec._replace(options=(["roll"],) + dec.options) if dec and dec.player is not None else dec


def test_protocol_breaches_are_caught():
    """protocol: decision() is None only once there is a result; options are
    distinct and hashable; a forced step has exactly one option."""
    assert "decision() is None but result() is None too" in failures(SilentEnd())["protocol"]
    assert "options offered more than once: [Pass()]" in failures(Duplicates())["protocol"]
    assert "a forced decision (player None) has 2 options" in failures(ForcedTwo())["protocol"]
    assert "option ['roll'] is not hashable" in failures(Unhashable())["protocol"]


class Cheat(Policy):
    name = "cheat"

    def choose(self, game, state, decision, rng):
        return Roll("d20")


def test_a_policy_choosing_an_illegal_option_is_caught():
    """policy: policies choose among the options offered."""
    found = failures(Race(), policies=Cheat(), hashseed=True)
    assert set(found) == {"policy"}
    assert "chose Roll(die='d20'), not one of the options" in found["policy"]


def at_most_twelve(game, state):
    assert max(state.scores) <= 12, f"a score of {max(state.scores)}"


def test_invariants_run_after_every_step():
    """invariants=[fn]: each runs on the opening state and after every step."""
    found = failures(Race(), invariants=[at_most_twelve], steps=600)
    assert "at_most_twelve fails after Roll(die=" in found["invariants"]
    assert "AssertionError: a score of 1" in found["invariants"]
    seen = []
    check(Race(), invariants=[lambda game, s: seen.append(s)], steps=50)
    assert seen[0] == START and len(seen) >= 51


# -- hidden information: observe(state, player) ---------------------------------------------------

class HiddenState(NamedTuple):
    scores: tuple = (0, 0)
    to_play: int = 0
    turns: int = 0
    done: bool = False
    hands: tuple = ("d4", "d6")  # each player's die, hidden from the other


class Hidden(Race):
    """Each player holds a die the other cannot see, and may roll only that one."""

    def decision(self, s):
        dec = super().decision(s)
        if dec is None or dec.player is None:
            return dec
        return dec._replace(options=(Roll(s.hands[s.to_play]), Pass()))

    def observe(self, s, player):
        return s.scores, s.to_play, s.turns, s.done, s.hands[player]


class Peeking(Hidden):
    """Its observation leaves out the player's own die, which the options depend on."""

    def observe(self, s, player):
        return s.scores, s.to_play, s.turns, s.done


def deal(i):
    rng = random.Random(i)
    return HiddenState(hands=(rng.choice(("d4", "d6")), rng.choice(("d4", "d6"))))


def test_observe_is_checked_when_the_game_has_one():
    """observe: the options are a function of what the decider sees."""
    report = check(Hidden(), initial=deal)
    assert report.ok and "observe" not in report.skipped
    found = failures(Peeking(), initial=deal)
    assert set(found) == {"observe"}
    assert "sees the same thing here as at walk" in found["observe"] and "different options" in found["observe"]


class Unsteady(Hidden):
    def observe(self, s, player):
        return [s.scores]


def test_an_unhashable_observation_is_caught():
    assert "is not hashable" in failures(Unsteady(), initial=deal)["observe"]


# -- the report --------------------------------------------------------------------------------------

def test_the_error_lists_each_failed_check_with_what_reproduces_it():
    """A failure carries the walk's seed and the actions that reach it."""
    with pytest.raises(ConformanceError) as err:
        check(BadOdds())
    report = err.value.report
    assert list(report.failures) == ["exact"] and report.counts["exact"] >= 1
    text = str(err.value)
    assert text.startswith("check_game(toy):") and "exact: FAILED" in text and "walk 0 (seed '0/0')" in text
    first = report.failed("exact")[0]
    st = Stepper.replay(BadOdds(), START, first.seed, first.actions)
    assert Roll("d6") in BadOdds().decision(st.state).options
    with pytest.raises(ValueError, match="unknown check"):
        report.failed("purity")


def test_skipped_checks_are_not_run():
    report = check(BadOdds(), skip=["exact"])
    assert report.ok and report.skipped["exact"] == "asked" and report.outcomes == 0
    assert set(CHECKS) >= set(report.skipped)


def test_many_failures_of_one_kind_leave_room_for_others():
    """One bug met at every step is counted, and kept once."""
    report = check(TypeErrors(), raise_on_failure=False)
    assert report.counts["illegal"] > report.distinct["illegal"] >= 1
    assert len({f.message.split(" in state")[0] for f in report.failed("illegal")}) == len(report.failed("illegal"))


class NoD8(Race):
    """Trips over one action only the game itself would think of."""

    def illegal(self, s, action):
        if getattr(action, "die", None) == "d8":
            raise KeyError("d8")
        return super().illegal(s, action)


def test_the_game_can_add_its_own_illegal_actions():
    """illegal=fn: extra illegal actions a game knows about are tried too."""
    assert check(NoD8()).ok
    found = failures(NoD8(), illegal=lambda game, state, decision: [Roll("d8")])
    assert "Roll(die='d8')) (from the illegal= callback) raised KeyError" in found["illegal"]


def test_walks_can_be_cut_short():
    """walk_steps: many short walks instead of a few whole games."""
    report = check(Race(), steps=60, walk_steps=5)
    assert report.walks == 12 and report.finished == 0 and report.steps == 60
