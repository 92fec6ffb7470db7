"""Game logs as JSON lines, and replaying them.

A log is one JSON object per line.  The first line is a header naming the game,
the seed and the setup (players and their starting masterminds); then one line
per step::

    {"step": 0, "player": 0, "action": {"type": "Move", "room": "Boiler Room"},
     "text": "move to the Boiler Room", "events": [{"rule": "asylum:turn.move", ...}]}

``player`` is the seat that chose, or ``null`` for a step the rules took on their
own.  Every action type is a frozen dataclass registered by class name in
:data:`explorer.asylum.game.ACTION_TYPES`, so ``{"type": ..., **fields}`` turns
back into the very same action.  Replaying the actions with the seed through a
:class:`~explorer.core.engine.Stepper` gives back every state.

A log is checked as it is read and as it is replayed: bad JSON, a missing or
wrong header, a line that is not an object, an unknown action, bad fields, a
step out of order, an action the rules do not allow there, or recorded events
(or text) that differ from what the replay gives all raise one error type,
:class:`LogError`, naming the line and what is wrong.

>>> from explorer.asylum.game import setup
>>> from explorer.asylum.bots import GreedyBot
>>> from explorer.core.engine import Stepper
>>> game, state = setup(players=2, seed=3)
>>> st = Stepper(game, state, seed=3, policies=GreedyBot())
>>> _ = st.run(max_steps=30)
>>> again = replay_log(export_log(st), game)
>>> [e.state for e in again.history] == [e.state for e in st.history]
True
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable
from typing import Any, NamedTuple

from ..core.engine import IllegalAction, Stepper
from .game import ACTION_TYPES, AsylumGame
from .state import Phase

FORMAT = "explorer.asylum.log/1"
HEADER_FIELDS = ("format", "game", "seed", "players", "opening", "masterminds")
#: header fields a log may add for readers (who played, how it ended); replay ignores them
HEADER_NOTES = ("bots", "result")
STEP_FIELDS = ("step", "player", "action", "text", "events")


class LogError(ValueError):
    """A game log that cannot be read, or that does not replay as recorded.

    ``line`` is the 1-based line of the log (``None`` when no line is known, for
    a lone action dict); ``problem`` says what is wrong there.
    """

    def __init__(self, problem: str, line: int | None = None):
        self.problem = problem
        self.line = line
        super().__init__(problem if line is None else f"log line {line}: {problem}")


def _kind(value: Any) -> str:
    """The JSON name of a value's type, for messages."""
    if value is None:
        return "null"
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "a list",
            dict: "an object"}.get(type(value), type(value).__name__)


def _short(value: Any, limit: int = 160) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def action_to_json(action: Any) -> dict[str, Any]:
    """``{"type": class name, **fields}`` for any registered action."""
    name = type(action).__name__
    if ACTION_TYPES.get(name) is not type(action):
        raise TypeError(f"{action!r} is not a registered Doom Asylum action")
    return {"type": name, **{f.name: getattr(action, f.name) for f in dataclasses.fields(action)}}


def action_from_json(obj: Any) -> Any:
    """The action a :func:`action_to_json` dict describes (:class:`LogError`, with
    no line, for anything else)."""
    if not isinstance(obj, dict):
        raise LogError(f"an action must be an object, not {_kind(obj)}")
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in ACTION_TYPES:
        raise LogError(f"not a Doom Asylum action: {_short(obj)} (known types: {', '.join(sorted(ACTION_TYPES))})")
    fields = {k: v for k, v in obj.items() if k != "type"}
    try:
        return ACTION_TYPES[kind](**fields)
    except TypeError as exc:
        raise LogError(f"bad fields for {kind}: {exc}") from None


def header(stepper: Stepper) -> dict[str, Any]:
    """The first line: the game, the seed, and where play started.  ``opening`` is
    ``"draw"`` when the log starts before the opening draw (its first step draws the
    masterminds; ``masterminds`` then says how: "star", "random" or the names), or
    ``"drawn"`` when it starts after it (``masterminds`` names them)."""
    initial = stepper.initial
    if initial.phase is Phase.SETUP:
        choice = initial.choice
        return {"format": FORMAT, "game": "asylum", "seed": stepper.seed, "players": initial.players,
                "opening": "draw", "masterminds": choice if isinstance(choice, str) else list(choice)}
    return {"format": FORMAT, "game": "asylum", "seed": stepper.seed, "players": len(initial.parties),
            "opening": "drawn", "masterminds": list(initial.start_masterminds)}


def log_lines(stepper: Stepper) -> list[dict[str, Any]]:
    """The header and one dict per step of ``stepper``'s history."""
    lines = [header(stepper)]
    for e in stepper.history:
        lines.append({
            "step": e.index,
            "player": e.player,
            "action": action_to_json(e.action),
            "text": str(e.action),
            "events": [ev.as_dict() for ev in e.events],
        })
    return lines


def export_log(stepper: Stepper) -> str:
    """The whole log as JSON lines (deterministic: the same game gives the same bytes)."""
    return "".join(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n" for line in log_lines(stepper))


# -- reading -------------------------------------------------------------------------------------

class LogStep(NamedTuple):
    """One step line of a log: where it is, what it records, and its action."""

    line: int
    row: dict[str, Any]
    action: Any


def _objects(text: str | Iterable[str]) -> list[tuple[int, dict[str, Any]]]:
    """(line number, object) for every non-blank line.  Lines split on newlines
    only: JSON strings may hold other line separators (U+2028, ...)."""
    lines = text.split("\n") if isinstance(text, str) else list(text)
    out = []
    for number, line in enumerate(lines, 1):
        if not isinstance(line, str):
            raise LogError(f"expected a line of text, found {type(line).__name__}", number)
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise LogError(f"not valid JSON ({exc.msg}, column {exc.colno})", number) from None
        if not isinstance(obj, dict):
            raise LogError(f"expected a JSON object, found {_kind(obj)}", number)
        out.append((number, obj))
    return out


def _check_keys(obj: dict[str, Any], expected: tuple[str, ...], what: str, line: int,
                optional: tuple[str, ...] = ()) -> None:
    missing = [k for k in expected if k not in obj]
    if missing:
        raise LogError(f"{what} lacks {', '.join(repr(k) for k in missing)}", line)
    extra = [k for k in obj if k not in expected and k not in optional]
    if extra:
        raise LogError(f"unexpected field(s) in {what}: {', '.join(repr(k) for k in extra)}", line)


def _check_header(obj: dict[str, Any], line: int) -> None:
    if "format" not in obj:
        raise LogError(f"the first line must be the header, with \"format\": {FORMAT!r}", line)
    if obj["format"] != FORMAT:
        raise LogError(f"unknown log format {obj['format']!r} (this reads {FORMAT!r})", line)
    _check_keys(obj, HEADER_FIELDS, "the header", line, HEADER_NOTES)
    if obj["game"] != "asylum":
        raise LogError(f"this is a log of {obj['game']!r}, not of Doom Asylum ('asylum')", line)
    seed = obj["seed"]
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise LogError(f"the seed must be a number or a string, not {_kind(seed)}", line)
    players = obj["players"]
    if isinstance(players, bool) or not isinstance(players, int):
        raise LogError(f"players must be a whole number, not {_kind(players)}", line)
    opening = obj["opening"]
    if opening not in ("draw", "drawn"):
        raise LogError(f"opening must be 'draw' (the log starts with the draw of masterminds) or 'drawn', "
                       f"not {_short(opening)}", line)
    names = obj["masterminds"]
    named = isinstance(names, list) and all(isinstance(n, str) for n in names)
    if not named and not (opening == "draw" and names in ("star", "random")):
        raise LogError("masterminds must be a list of villain names" + (", 'star' or 'random'" if opening == "draw"
                                                                         else ""), line)


def _check_step(obj: dict[str, Any], index: int, line: int) -> Any:
    """The action of step line ``obj`` (which must be step ``index``)."""
    if "format" in obj:
        raise LogError("a second header: a log holds one game", line)
    _check_keys(obj, STEP_FIELDS, f"step {index}", line)
    step = obj["step"]
    if isinstance(step, bool) or step != index or not isinstance(step, int):
        raise LogError(f"expected step {index}, found {_short(step)}", line)
    player = obj["player"]
    if player is not None and (isinstance(player, bool) or not isinstance(player, int)):
        raise LogError(f"player must be a seat number or null, not {_kind(player)}", line)
    if not isinstance(obj["text"], str):
        raise LogError(f"text must be a string, not {_kind(obj['text'])}", line)
    events = obj["events"]
    if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
        raise LogError("events must be a list of objects", line)
    try:
        return action_from_json(obj["action"])
    except LogError as exc:
        raise LogError(exc.problem, line) from None


def parse_log(text: str | Iterable[str]) -> tuple[dict[str, Any], int, list[LogStep]]:
    """The header, its line number, and every step line of a log, checked for
    form (not replayed: see :func:`replay_log`).  Raises :class:`LogError`."""
    objects = _objects(text)
    if not objects:
        raise LogError(f"an empty log (the first line must be a header with format {FORMAT!r})", 1)
    (head_line, head), rest = objects[0], objects[1:]
    _check_header(head, head_line)
    steps = [LogStep(line, obj, _check_step(obj, i, line)) for i, (line, obj) in enumerate(rest)]
    return head, head_line, steps


def read_log(text: str | Iterable[str]) -> tuple[dict[str, Any], list[Any]]:
    """The header and the actions of a JSON-lines log (checked for form only)."""
    head, _, steps = parse_log(text)
    return head, [s.action for s in steps]


def _as_json(value: Any) -> Any:
    """``value`` as it reads back from JSON (tuples become lists, ...)."""
    return json.loads(json.dumps(value, ensure_ascii=False))


def _event_difference(recorded: list[dict[str, Any]], replayed: list[dict[str, Any]]) -> str:
    for i, (r, p) in enumerate(zip(recorded, replayed)):
        if r != p:
            return f"event {i + 1} is recorded as {_short(r)} but the replay gives {_short(p)}"
    return f"{len(recorded)} event(s) recorded but the replay gives {len(replayed)}: {_short(replayed)}"


def _replay_step(st: Stepper, step: LogStep, index: int) -> None:
    """Apply one recorded step and check it against what the rules give."""
    dec = st.decision
    if dec is None:
        raise LogError(f"step {index}: the game is already over", step.line)
    recorded = step.row["action"]
    legal = next((o for o in dec.options if o == step.action), None)
    if legal is None:
        raise LogError(f"step {index}: {str(step.action)!r} is not allowed here: "
                       f"{st.game.illegal(st.state, step.action)}", step.line)
    canonical = _as_json(action_to_json(legal))
    if json.dumps(canonical, sort_keys=True) != json.dumps(recorded, sort_keys=True):
        raise LogError(f"step {index}: bad fields in {_short(recorded)} (the legal action is {_short(canonical)})",
                       step.line)
    try:
        entry = st.step(legal)
    except IllegalAction as exc:
        raise LogError(f"step {index}: not allowed here: {exc}", step.line) from None
    if entry.player != step.row["player"]:
        raise LogError(f"step {index}: recorded for player {step.row['player']!r}, but player {entry.player!r} "
                       f"chooses here", step.line)
    if str(entry.action) != step.row["text"]:
        raise LogError(f"step {index}: the text {step.row['text']!r} does not match the action "
                       f"({str(entry.action)!r})", step.line)
    events = _as_json([ev.as_dict() for ev in entry.events])
    if events != step.row["events"]:
        raise LogError(f"step {index}: the recorded events differ from the replay: "
                       f"{_event_difference(step.row['events'], events)}", step.line)


def replay_log(text: str | Iterable[str], game: AsylumGame | None = None, policies=None) -> Stepper:
    """Rebuild the game a log records: same setup, same seed, same actions, hence
    the same states.  ``game`` must have the roster, board, rules and Event Table
    the log was made with (default: the data files).

    Each step is checked against the replay: the player, the action's text and
    every event must be what the rules give, so an edited or foreign log is
    refused (:class:`LogError` naming the first line that differs).  A log that
    replays re-exports to the very same bytes.
    """
    head, head_line, steps = parse_log(text)
    game = game or AsylumGame()
    try:
        if head.get("opening") == "draw":
            initial = game.new_game(head["players"], head["masterminds"])
        else:
            initial = game.setup(head["players"], head["seed"], head["masterminds"])
    except (ValueError, LookupError) as exc:
        raise LogError(f"the header's setup is refused: {exc}", head_line) from None
    st = Stepper(game, initial, head["seed"], policies)
    for i, step in enumerate(steps):
        _replay_step(st, step, i)
    return st


__all__ = [
    "FORMAT", "LogError", "LogStep", "action_from_json", "action_to_json", "export_log", "log_lines", "parse_log",
    "read_log", "replay_log",
]
