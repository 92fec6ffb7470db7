"""Save and load a game in any stepper, in the one log format of :mod:`explorer.core.log`.

"Save game" writes the stepper's game as its log (a header with the rules in
effect, then the steps, each also in the words of the stepper's options where its
action reads otherwise: ``said``) into a download link,
``<game>-seed<seed>-step<n>.jsonl``.
The link is a ``data:`` URL with the ``download`` attribute inside an
``ipywidgets.HTML``: the browser saves it by itself, so it works alike in
JupyterLab and in the Voila app.  A server path would not (Voila serves no
files of the kernel's folder), nor would a script (HTML widgets do not run
one).  A step made after the link was written leaves it stale, so it goes away.

"Load game" replays an uploaded ``.jsonl`` log under its header's rules
(:func:`explorer.core.log.replay`) and hands the replayed stepper to the
widget, at the last step of the log: history, Undo and stepping on follow, and
Reset starts the loaded game's setup again.  A file that does not replay (bad
JSON, cut short, another game's, an older format, a rule out of its range, not
UTF-8) leaves the stepper as it was and shows one message naming the log's
line and what is wrong.
"""

from __future__ import annotations

import base64
import html
import json
import re
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from ..core.data import DataError
from ..core.engine import Stepper
from ..core.log import GameLog, LogError, export, header_rules, parse, replay
from ..core.numbers import counted
from .common import tagged

if TYPE_CHECKING:
    from .stepper import StepperWidget

MEDIA_TYPE = "application/x-ndjson"


def file_name(log: GameLog, stepper: Stepper) -> str:
    """The saved file's name: the game, the seed and the step (``asylum-seed3-step12.jsonl``)."""
    seed = re.sub(r"[^\w.-]+", "_", str(stepper.seed))
    return f"{log.key}-seed{seed}-step{len(stepper.history)}.jsonl"


def download_link(text: str, name: str) -> str:
    """An ``<a download>`` link holding ``text`` as a ``data:`` URL."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (f"<a class='xp-save-file' download='{html.escape(name)}' href='data:{MEDIA_TYPE};base64,{data}'>"
            f"Download {html.escape(name)}</a>")


def _decode(data: bytes) -> str:
    """The file's text (UTF-8, a leading byte-order mark allowed)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise LogError(line, f"not UTF-8 text (byte {data[exc.start]:#04x}): save the log again from the "
                             "explorer") from None


class SavePanel:
    """The "Save game" button with its link, and the "Load game" upload, for ``stepper``."""

    def __init__(self, stepper: StepperWidget, log: GameLog):
        self.stepper_widget, self.log = stepper, log
        self.save_button = tagged(W.Button(description="Save game", icon="download", layout=W.Layout(width="auto"),
                                           tooltip="The game so far as a log file (JSON lines) to keep"), "xp-save")
        self.save_button.on_click(lambda _: self.save())
        self.link = tagged(W.HTML(), "xp-save-link")
        self.upload = tagged(W.FileUpload(accept=".jsonl", multiple=False, description="Load game",
                                          layout=W.Layout(width="auto")), "xp-load")
        self.upload.observe(self._uploaded, names="value")
        self.note = tagged(W.HTML(), "xp-load-note")
        self.error = tagged(W.HTML(), "xp-load-error")
        self.widget = tagged(W.VBox([
            W.HBox([self.save_button, self.link, self.upload], layout=W.Layout(flex_flow="row wrap",
                                                                             align_items="center")),
            self.note, self.error]), "xp-save-load")
        stepper.on_change(self._changed)

    def save(self) -> str:
        """The game's log; the link offers it as a file.  A game whose start the
        log cannot describe is not saved: the message says why."""
        st = self.stepper_widget.stepper
        self.note.value = self.error.value = ""
        try:
            text = export(st, self.log, words=self.stepper_widget.option_text)
        except ValueError as exc:
            self.link.value = ""
            self.error.value = _message(f"This game cannot be saved: {exc}")
            return ""
        self.link.value = download_link(text, file_name(self.log, st))
        return text

    def load(self, data: bytes | str, name: str = "the file") -> Stepper | None:
        """Replay the log ``data`` and make it the stepper's game (``None``, and the
        stepper untouched, if it does not replay: the message says where and why)."""
        try:
            text = _decode(bytes(data)) if not isinstance(data, str) else data
            st, restart = self._replay(text)
        except LogError as exc:
            where = "" if exc.line is None else f"line {exc.line}" + (f" ({exc.field})" if exc.field else "") + ": "
            self.note.value, self.error.value = "", _message(f"Not loaded: {name}, {where}{exc.problem}. "
                                                             "The game is unchanged.")
            return None
        except DataError as exc:
            self.note.value, self.error.value = "", _message(f"Not loaded: {name}: {exc}. The game is unchanged.")
            return None
        self.stepper_widget.adopt(st, restart)
        self.error.value = ""
        self.note.value = (f"<span style='color:#2e7d32'>Loaded {html.escape(name)}: "
                           f"{counted(len(st.history), 'step')}, "
                           f"seed {html.escape(str(st.seed))}.</span>")
        return st

    def _replay(self, text: str) -> tuple[Stepper, Any]:
        """The replayed stepper and how Reset starts its setup again with a seed.
        The widget's own game object is kept when the log's rules are its rules."""
        parsed = parse(text, self.log)
        head, log, current = parsed.header, self.log, self.stepper_widget.game
        same = _plain(log.rule_values(header_rules(head, log, parsed.line))) == _plain(log.rule_values(current.rules))
        st = replay(text, log, current if same else None, self.stepper_widget.policies)
        return st, lambda seed: log.start(st.game, {**head, "seed": seed})

    def _uploaded(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        file = files[0]
        self.upload.value = ()  # the same file may be loaded again
        self.load(bytes(file["content"]), file.get("name") or "the file")

    def _changed(self, _: StepperWidget) -> None:
        """A step or a reset: the link and the messages are out of date."""
        self.link.value = self.note.value = self.error.value = ""


def _plain(values: dict[str, Any]) -> str:
    return json.dumps(values, sort_keys=True, ensure_ascii=False)


def _message(text: str) -> str:
    return f"<div style='color:#b00020;white-space:pre-wrap'>{html.escape(text)}</div>"


__all__ = ["SavePanel", "download_link", "file_name"]
