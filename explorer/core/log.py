"""Game logs as JSON lines, one format for every game, and replaying them.

A log is one JSON object per line.  The first line is the header: the log
format (:data:`FORMAT`), the game, the version of the explorer that wrote it, the
seed, the players, every rule value in effect (``rules``: the game's numbers,
switches and choices) and the setup the game needs to start (``setup``: the
opening masterminds, the decks, ...).  Then one line per step::

    {"step": 0, "player": 0, "action": {"type": "Move", "room": "Boiler Room"},
     "text": "move to the Boiler Room", "events": [{"rule": "asylum:turn.move", ...}]}

``player`` is the seat that chose, or ``null`` for a step the rules took on
their own.  A log written with the game's words for its options (``words=``, as
a stepper's "Save game" and ``simulate --log`` do, from the game spec's
``option_words``) adds ``said``, the step as a player reads it
("Razide attacks the Venusian Ranger"), wherever ``text`` reads otherwise
(``#1 attacks #0``; a capital letter alone is not otherwise); replay reads ``text`` and ``action`` and passes ``said`` by.  Every action type is a frozen dataclass registered by class name in
its game's action registry, so ``{"type": ..., **fields}`` turns back into the
very same action.

:func:`replay` reads the header, rebuilds the game under the header's rules
(each checked as the rules file checks its own values), and plays every action
again through a :class:`~explorer.core.engine.Stepper`; each step's player, text
and events must be what the rules give.  Anything else (bad JSON, a truncated
line, a missing or foreign header, a log in an older format, an unknown rule or
one out of its range, an unknown action, a mismatch) is one :class:`LogError`
naming the line, and the field when there is one.

A game plugs in with a :class:`GameLog`: its action registry and two hooks,
one describing where a stepper started, one building the game and its start
from a header.  ``export(stepper, log, seat=s)`` keeps only what seat ``s`` saw
(events carry who may see them); such a log is for reading and does not replay.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from .. import __version__
from .engine import Game, IllegalAction, Stepper
from .params import RuleError

FORMAT = "explorer.log/2"
HEADER_FIELDS = ("format", "game", "explorer", "seed", "players", "rules", "setup")
#: header fields a log may add for readers: the seat whose view it is, who played, how it ended, and
#: for a live example (:mod:`explorer.core.examples`) the section it shows
HEADER_NOTES = ("seat", "bots", "result", "example")
STEP_FIELDS = ("step", "player", "action", "text", "events")
#: step fields a log may add for readers (replay passes them by): the step in the game's words
STEP_NOTES = ("said",)


class LogError(ValueError):
    """A game log that cannot be read, or that does not replay as recorded.

    ``line`` is the 1-based line of the log (``None`` when no line is known, for
    a lone action dict); ``problem`` says what is wrong there and ``field``, when
    known, which field of the line (``rules.turn_cap``, ``setup``, ``action``).
    """

    def __init__(self, line: int | None, problem: str, field: str | None = None):
        self.line, self.problem, self.field = line, problem, field
        where = "" if line is None else f"log line {line}: "
        super().__init__(f"{where}{field + ': ' if field else ''}{problem}")


@dataclass(frozen=True)
class GameLog:
    """What a game gives the log: its name, its actions, its rules and its setup.

    ``rule_names``: every rule a header lists (numbers, switches, choices);
    ``rules(values)``: the rules with those values, checked as the rules file
    checks its own (:class:`~explorer.core.params.RuleError` if refused; ``{}``:
    the file's rules); ``describe(stepper)``: ``(players, setup)`` of the game the
    stepper started; ``start(game, header)``: the state the header's players, seed
    and setup start from (``ValueError``/``LookupError`` if refused);
    ``make(rules)``: the game under those rules.
    """

    key: str
    title: str
    actions: Mapping[str, type]
    rule_names: tuple[str, ...]
    rules: Callable[[Mapping[str, Any]], Any]
    describe: Callable[[Stepper], tuple[int, dict[str, Any]]]
    start: Callable[[Game, Mapping[str, Any]], Any]
    make: Callable[[Any], Game]

    @functools.cached_property
    def names(self) -> dict[type, str]:
        """Each action type's name in a log (the registry's key for it)."""
        return {cls: name for name, cls in self.actions.items()}

    def rule_values(self, rules: Any) -> dict[str, Any]:
        """Every rule's value, as plain data (a header's ``rules``)."""
        return {name: getattr(rules, name) for name in self.rule_names}


Logs = GameLog | Mapping[str, GameLog]


def _kind(value: Any) -> str:
    """The JSON name of a value's type, for messages."""
    if value is None:
        return "null"
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "a list",
            dict: "an object"}.get(type(value), type(value).__name__)


def _short(value: Any, limit: int = 160) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= limit else text[: limit - 3] + "..."


# -- actions --------------------------------------------------------------------------------------

def action_to_json(action: Any, log: GameLog) -> dict[str, Any]:
    """``{"type": name, **fields}`` for any action of ``log``'s game (the name is
    the class's, unless the game's registry gives it another)."""
    name = log.names.get(type(action))
    if name is None:
        raise TypeError(f"{action!r} is not a registered {log.title} action")
    return {"type": name, **{f.name: _field_to_json(getattr(action, f.name), log) for f in dataclasses.fields(action)}}


def _field_to_json(value: Any, log: GameLog) -> Any:
    """A field's value as JSON data: an action inside an action (a play deployed
    for free, say) becomes its own ``{"type": ...}`` object."""
    if type(value) in log.names:
        return action_to_json(value, log)
    if isinstance(value, (tuple, list)) and any(type(v) in log.names for v in value):
        return [_field_to_json(v, log) for v in value]
    return value


def _field_from_json(value: Any, log: GameLog, line: int | None) -> Any:
    """A field's value from JSON: an object with a ``type`` is an action, a list a tuple."""
    if isinstance(value, dict) and "type" in value:
        return action_from_json(value, log, line)
    if isinstance(value, list):
        return tuple(_field_from_json(v, log, line) for v in value)
    return value


def action_from_json(obj: Any, log: GameLog, line: int | None = None) -> Any:
    """The action an :func:`action_to_json` dict describes (:class:`LogError` for anything else)."""
    if not isinstance(obj, dict):
        raise LogError(line, f"an action must be an object, not {_kind(obj)}", "action")
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in log.actions:
        raise LogError(line, f"not a {log.title} action: {_short(obj)} (known types: "
                             f"{', '.join(sorted(log.actions))})", "action")
    try:
        return log.actions[kind](**{k: _field_from_json(v, log, line) for k, v in obj.items() if k != "type"})
    except TypeError as exc:
        raise LogError(line, f"bad fields for {kind}: {exc}", "action") from None


# -- writing --------------------------------------------------------------------------------------

def header(stepper: Stepper, log: GameLog, seat: Any = None) -> dict[str, Any]:
    """The first line: the format, the game, the explorer's version, the seed, the
    players, every rule in effect and the setup (and the seat, for a seat's view)."""
    players, setup = log.describe(stepper)
    head = {"format": FORMAT, "game": log.key, "explorer": __version__, "seed": stepper.seed, "players": players,
            "rules": log.rule_values(stepper.game.rules), "setup": setup}
    if seat is not None:
        head["seat"] = seat
    return head


Words = Callable[[Any, Any], str]


def log_lines(stepper: Stepper, log: GameLog, seat: Any = None, words: Words | None = None) -> list[dict[str, Any]]:
    """The header and one dict per step of ``stepper``'s history; with ``seat``,
    only the events that seat may see; with ``words(state, action)`` (the game's
    words for an option in the state it was taken in), each step's ``said``
    where it reads otherwise than the action's ``text`` (not only in its capitals)."""
    lines = [header(stepper, log, seat)]
    before = stepper.initial
    for e in stepper.history:
        row = {"step": e.index, "player": e.player, "action": action_to_json(e.action, log), "text": str(e.action)}
        said = None if words is None else words(before, e.action)
        if said is not None and said.casefold() != row["text"].casefold():  # not for a capital letter alone
            row["said"] = said
        row["events"] = [ev.as_dict() for ev in e.events if ev.seen_by(seat)]
        lines.append(row)
        before = e.state
    return lines


def export(stepper: Stepper, log: GameLog, seat: Any = None, words: Words | None = None) -> str:
    """The whole log as JSON lines (the same game gives the same bytes); with
    ``seat``, what that seat saw (a log for reading: it does not replay); with
    ``words``, each step also in the game's words (see :func:`log_lines`)."""
    return "".join(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n"
                   for line in log_lines(stepper, log, seat, words))


# -- reading --------------------------------------------------------------------------------------

class LogStep(NamedTuple):
    """One step line of a log: where it is, what it records, and its action."""

    line: int
    row: dict[str, Any]
    action: Any


class Parsed(NamedTuple):
    """A log checked for form: its header (and line), its game and its steps."""

    header: dict[str, Any]
    line: int
    log: GameLog
    steps: list[LogStep]


def _objects(text: str | Iterable[str]) -> list[tuple[int, dict[str, Any]]]:
    """(line number, object) for every non-blank line.  Lines split on newlines
    only: JSON strings may hold other line separators (U+2028, ...)."""
    lines = text.split("\n") if isinstance(text, str) else list(text)
    out = []
    for number, line in enumerate(lines, 1):
        if not isinstance(line, str):
            raise LogError(number, f"expected a line of text, found {type(line).__name__}")
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            last = number == len(lines) and not line.endswith("\n")  # no newline after it: cut short?
            cut = " (the log ends inside this line: truncated?)" if last else ""
            what = exc.msg.removesuffix(" starting at").lower()  # "Unterminated string starting at" -> ...
            raise LogError(number, f"not valid JSON at column {exc.colno} ({what}){cut}") from None
        if not isinstance(obj, dict):
            raise LogError(number, f"expected a JSON object, found {_kind(obj)}")
        out.append((number, obj))
    return out


def _check_keys(obj: dict[str, Any], expected: tuple[str, ...], what: str, line: int,
                optional: tuple[str, ...] = ()) -> None:
    missing = [k for k in expected if k not in obj]
    if missing:
        raise LogError(line, f"{what} lacks {', '.join(repr(k) for k in missing)}", missing[0])
    extra = [k for k in obj if k not in expected and k not in optional]
    if extra:
        raise LogError(line, f"unexpected field(s) in {what}: {', '.join(repr(k) for k in extra)}", extra[0])


def _game_log(head: dict[str, Any], logs: Logs, line: int) -> GameLog:
    """The game a header names, among ``logs``."""
    fmt = head.get("format")
    if fmt is None:
        raise LogError(line, f"the first line must be the header, with \"format\": {FORMAT!r}", "format")
    if fmt != FORMAT:
        old = isinstance(fmt, str) and re.fullmatch(r"explorer\.\w+\.log/\d+", fmt) is not None
        raise LogError(line, f"{'a log in an older format' if old else 'unknown log format'} {_short(fmt)}: this "
                             f"version of the explorer reads {FORMAT!r} (play the game again to get a log in it)",
                       "format")
    _check_keys(head, HEADER_FIELDS, "the header", line, HEADER_NOTES)
    known = {logs.key: logs} if isinstance(logs, GameLog) else dict(logs)
    game = head["game"]
    if game not in known:
        wanted = " or ".join(f"{g.title} ({k!r})" for k, g in known.items())
        raise LogError(line, f"this is a log of {_short(game)}, not of {wanted}", "game")
    return known[game]


def _check_header(head: dict[str, Any], line: int) -> None:
    if not isinstance(head["explorer"], str):
        raise LogError(line, f"the explorer's version must be a string, not {_kind(head['explorer'])}", "explorer")
    seed = head["seed"]
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise LogError(line, f"the seed must be a number or a string, not {_kind(seed)}", "seed")
    players = head["players"]
    if isinstance(players, bool) or not isinstance(players, int):
        raise LogError(line, f"players must be a whole number, not {_kind(players)}", "players")
    for name in ("rules", "setup"):
        if not isinstance(head[name], dict):
            raise LogError(line, f"{name} must be an object, not {_kind(head[name])}", name)


def _check_step(obj: dict[str, Any], index: int, line: int, log: GameLog) -> Any:
    """The action of step line ``obj`` (which must be step ``index``)."""
    if "format" in obj:
        raise LogError(line, "a second header: a log holds one game", "format")
    _check_keys(obj, STEP_FIELDS, f"step {index}", line, STEP_NOTES)
    step = obj["step"]
    if isinstance(step, bool) or step != index or not isinstance(step, int):
        raise LogError(line, f"expected step {index}, found {_short(step)}", "step")
    player = obj["player"]
    if player is not None and (isinstance(player, bool) or not isinstance(player, (int, str))):
        raise LogError(line, f"player must be a seat or null, not {_kind(player)}", "player")
    for name in ("text", *STEP_NOTES):
        if name in obj and not isinstance(obj[name], str):
            raise LogError(line, f"{name} must be a string, not {_kind(obj[name])}", name)
    events = obj["events"]
    if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
        raise LogError(line, "events must be a list of objects", "events")
    return action_from_json(obj["action"], log, line)


def parse(text: str | Iterable[str], logs: Logs) -> Parsed:
    """A log checked for form, not replayed (see :func:`replay`): its header, the
    game it names among ``logs`` (one :class:`GameLog`, or several by key) and
    every step line.  Raises :class:`LogError`."""
    objects = _objects(text)
    if not objects:
        raise LogError(1, f"an empty log (the first line must be a header with format {FORMAT!r})")
    (head_line, head), rest = objects[0], objects[1:]
    log = _game_log(head, logs, head_line)
    _check_header(head, head_line)
    steps = [LogStep(line, obj, _check_step(obj, i, line, log)) for i, (line, obj) in enumerate(rest)]
    return Parsed(head, head_line, log, steps)


def read(text: str | Iterable[str], logs: Logs) -> tuple[dict[str, Any], list[Any]]:
    """The header and the actions of a log (checked for form only)."""
    parsed = parse(text, logs)
    return parsed.header, [s.action for s in parsed.steps]


# -- replaying ------------------------------------------------------------------------------------

def header_rules(head: Mapping[str, Any], log: GameLog, line: int) -> Any:
    """The rules a header records, each checked as the rules file checks its own
    values: every rule given, none unknown, each inside its range or choices."""
    values = head["rules"]
    unknown = [n for n in values if n not in log.rule_names]
    if unknown:
        raise LogError(line, f"no such rule in {log.title} (known: {', '.join(log.rule_names)})",
                       f"rules.{unknown[0]}")
    missing = [n for n in log.rule_names if n not in values]
    if missing:
        raise LogError(line, f"missing: the header must give every rule in effect ({len(missing)} missing)",
                       f"rules.{missing[0]}")
    try:
        return log.rules(values)
    except RuleError as exc:
        raise LogError(line, exc.problem, f"rules.{exc.rule}") from None


def _start(parsed: Parsed, game: Game | None, policies: Any) -> Stepper:
    """A stepper at the start the header describes, under its rules."""
    head, line, log = parsed.header, parsed.line, parsed.log
    if head.get("seat") is not None:
        raise LogError(line, f"a log of what seat {_short(head['seat'])} saw leaves out what it did not see, so it "
                             "does not replay", "seat")
    rules = header_rules(head, log, line)
    if game is None:
        game = log.make(rules)
    else:
        differ = [n for n, v in log.rule_values(game.rules).items() if head["rules"][n] != v]
        if differ:
            raise LogError(line, f"the log was played with {_short(head['rules'][differ[0]])}, the game given has "
                                 f"{_short(getattr(game.rules, differ[0]))}", f"rules.{differ[0]}")
    try:
        initial = log.start(game, head)
    except (ValueError, LookupError, TypeError) as exc:
        raise LogError(line, f"the header's setup is refused: {exc}", "setup") from None
    return Stepper(game, initial, head["seed"], policies)


def _as_json(value: Any) -> Any:
    """``value`` as it reads back from JSON (tuples become lists, ...)."""
    return json.loads(json.dumps(value, ensure_ascii=False))


def _event_difference(recorded: list[dict[str, Any]], replayed: list[dict[str, Any]]) -> str:
    for i, (r, p) in enumerate(zip(recorded, replayed)):
        if r != p:
            return f"event {i + 1} is recorded as {_short(r)} but the replay gives {_short(p)}"
    return f"{len(recorded)} event(s) recorded but the replay gives {len(replayed)}: {_short(replayed)}"


def _replay_step(st: Stepper, step: LogStep, index: int, log: GameLog) -> None:
    """Apply one recorded step and check it against what the rules give."""
    dec = st.decision
    if dec is None:
        raise LogError(step.line, f"step {index}: the game is already over", "action")
    recorded = step.row["action"]
    legal = next((o for o in dec.options if o == step.action), None)
    if legal is None:
        try:
            why = str(st.game.illegal(st.state, step.action))
        except (TypeError, ValueError, KeyError, AttributeError, IndexError):  # a malformed action's values
            why = f"not one of the options of {dec.rule}"
        raise LogError(step.line, f"step {index}: {str(step.action)!r} is not allowed here: {why}", "action")
    canonical = _as_json(action_to_json(legal, log))
    if json.dumps(canonical, sort_keys=True) != json.dumps(recorded, sort_keys=True):
        raise LogError(step.line, f"step {index}: bad fields in {_short(recorded)} (the legal action is "
                                  f"{_short(canonical)})", "action")
    try:
        entry = st.step(legal)
    except IllegalAction as exc:
        raise LogError(step.line, f"step {index}: not allowed here: {exc}", "action") from None
    if entry.player != step.row["player"]:
        raise LogError(step.line, f"step {index}: recorded for player {step.row['player']!r}, but player "
                                  f"{entry.player!r} chooses here", "player")
    if str(entry.action) != step.row["text"]:
        raise LogError(step.line, f"step {index}: the text {step.row['text']!r} does not match the action "
                                  f"({str(entry.action)!r})", "text")
    events = _as_json([ev.as_dict() for ev in entry.events])
    if events != step.row["events"]:
        raise LogError(step.line, f"step {index}: the recorded events differ from the replay: "
                                  f"{_event_difference(step.row['events'], events)}", "events")


def replay(text: str | Iterable[str], logs: Logs, game: Game | None = None, policies: Any = None) -> Stepper:
    """Rebuild the game a log records: its rules, its setup, its seed and its
    actions, hence the same states.  ``logs``: the game (a :class:`GameLog`) or
    the games by key the log may be of.  ``game``: a game object to replay on (its
    rules must be the header's; its other data, the files' own).

    Each step is checked against the replay: the player, the action's text and
    every event must be what the rules give, so an edited or foreign log is
    refused (:class:`LogError` naming the first line that differs).  A log that
    replays re-exports to the very same bytes.
    """
    parsed = parse(text, logs)
    st = _start(parsed, game, policies)
    for i, step in enumerate(parsed.steps):
        _replay_step(st, step, i, parsed.log)
    return st


def summary(st: Stepper, head: Mapping[str, Any], log: GameLog) -> dict[str, Any]:
    """What a replayed log holds, for people: the game, the seed, the players,
    the rules that differ from the rules file, the steps, and the result (``None``
    for a game still under way)."""
    base = log.rule_values(log.rules({}))
    changed = {n: v for n, v in head["rules"].items() if base[n] != v}
    return {"game": log.key, "title": log.title, "seed": head["seed"], "players": head["players"],
            "rules": changed, "steps": len(st.history), "over": st.over,
            "result": st.game.result(st.state) if st.over else None}


__all__ = ["FORMAT", "STEP_NOTES", "GameLog", "LogError", "LogStep", "Parsed", "action_from_json", "action_to_json", "export",
           "header", "header_rules", "log_lines", "parse", "read", "replay", "summary", "Words"]
