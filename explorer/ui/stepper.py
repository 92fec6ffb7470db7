"""A stepper widget for any game of :mod:`explorer.core.engine`.

Buttons: Next step, Undo, Play to end of turn, Play N turns, Let the bot choose,
Play to the end, Reset with a seed (a widget may show a subset).  When a
decision belongs to a player the person plays (the *viewers*: one seat, several,
or all), one button per legal option, labelled with that player's chance of
winning where the game can compute it: at once when that is cheap, on request
("Label options with win chances") when it is slow.  "Why not?" lists tempting
actions the rules forbid now and explains the one picked.  Below, the log: every
entry shows the rule it applied and opens our summary of that rule.

Given an ``advisor`` (a search bot, or one that works a decision out exactly),
"Ask a good player" under the options says how often a good player wins from
here and what it would choose (:mod:`explorer.ui.advice`).

With the game's :class:`~explorer.core.log.GameLog` (``log``), "Save game" and
"Load game" keep the game as a log file and carry on from one
(:mod:`explorer.ui.saving`).

Game-specific parts plug in: a drawing beside the stepper (``on_change``), how
the state, the log, the status and the result read, and who the players are
called; the rules always come from the game, never from here.  Each step's
decision is asked of the game once (the :class:`~explorer.core.engine.Stepper`
keeps it) and every view reads that one: the options, the status, and "why
not?" through :class:`StepGame`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any, Literal

import ipywidgets as W

from ..core.engine import Decision, Entry, Game, IllegalAction, Policies, Stepper
from ..core.log import GameLog
from .advice import AdvicePanel, Advisor
from .common import Displayable, Html, esc, fraction_text, probability_text, rule_html, tagged
from .saving import SavePanel

#: ``viewers=ALL``: the person decides for every player
ALL = "all"
#: what option odds cost at a decision: none there, compute at once, or on request
OddsCost = Literal["cheap", "slow"] | None
BUTTONS = ("next", "undo", "turn", "turns", "policy", "end", "reset")


def _viewers(viewers: Any) -> Collection[Any] | str:
    if viewers is None:
        return frozenset()
    if viewers == ALL:
        return ALL
    if isinstance(viewers, (set, frozenset, list, tuple)):
        return frozenset(viewers)
    return frozenset({viewers})


class StepperWidget(Displayable):
    """Step through ``game`` from ``initial`` with a seeded :class:`Stepper`.

    ``viewers``: the players whose decisions the person at the widget makes (a
    player, a collection of them, or :data:`ALL`); ``policies`` play the others,
    and play for a viewer on "Let the bot choose".  ``turn_ends(entry)``: whether
    an entry ends a turn.  ``option_odds(state)``: ``{option: P(win)}`` for the
    deciding player (or ``None``); ``odds_cost(state)`` says whether that is
    ``"cheap"`` (labels appear at once), ``"slow"`` (a button asks for them) or
    ``None`` (no odds here).  ``labelling=False`` keeps even cheap odds back until
    :meth:`label_options` is called.  ``odds_owner(decision)`` names whose chance
    a label gives (``"win"``).  ``tempting(game, state)``: illegal actions a learner
    may ask "why not?" about (``game`` knows the step's decision: :class:`StepGame`).
    Renderers: ``describe(state)`` (text), ``render_log(entries)``,
    ``render_status(widget)`` and ``render_result(result)`` (HTML), ``player_name(player)``.
    ``show_forced``: show the step the rules take on their own as a button too.
    ``log``: the game's :class:`~explorer.core.log.GameLog`, for "Save game" and
    "Load game" (``None``: no saving nor loading, for a game without a log format).
    ``option_text(state, option)``: an option's words on its button and in the "why
    not?" list (the game's names for the cards it moves); ``option_tip(state,
    option)``: its tooltip (the texts of those cards); both ``str`` by default.
    ``advisor``: a search bot (or an exact :class:`~explorer.ui.advice.Advisor`) whose
    advice ("what would a good player do?") is offered under the options (:mod:`explorer.ui.advice`).
    """

    def __init__(
        self,
        game: Game,
        initial: Any,
        *,
        seed: int = 1,
        policies: Policies,
        viewers: Any = (),
        turn_ends: Callable[[Entry], bool] = lambda entry: True,
        option_odds: Callable[[Any], dict[Any, Any] | None] | None = None,
        odds_cost: Callable[[Any], OddsCost] = lambda state: "cheap",
        labelling: bool = True,
        odds_owner: Callable[[Decision], str] = lambda dec: "win",
        tempting: Callable[[Any, Any], Sequence[Any]] | None = None,
        describe: Callable[[Any], str] = str,
        render_log: Callable[[Sequence[Entry]], str] | None = None,
        render_status: Callable[[StepperWidget], str] | None = None,
        render_result: Callable[[Any], str] | None = None,
        player_name: Callable[[Any], str] = lambda player: f"player {player}",
        make_initial: Callable[[int], Any] | None = None,
        show_forced: bool = False,
        buttons: Sequence[str] = BUTTONS,
        log_limit: int = 60,
        log: GameLog | None = None,
        option_text: Callable[[Any, Any], str] | None = None,
        option_tip: Callable[[Any, Any], str] | None = None,
        advisor: Advisor | None = None,
    ):
        self.game, self.policies, self.viewers = game, policies, _viewers(viewers)
        self.turn_ends, self.option_odds, self.odds_cost = turn_ends, option_odds, odds_cost
        self.labelling, self.odds_owner, self.tempting = labelling, odds_owner, tempting
        self.describe, self.player_name, self.make_initial = describe, player_name, make_initial
        self.render_log = render_log or default_log
        self.render_status = render_status or default_status
        self.render_result = render_result or (lambda result: f"<b>Game over.</b> {esc(result)}")
        self.show_forced, self.log_limit = show_forced, log_limit
        self.option_text = option_text or (lambda state, option: str(option))
        self.option_tip = option_tip or (lambda state, option: str(option))
        self.stepper = Stepper(game, initial, seed, policies)
        self.labels: dict[Any, Any] = {}
        self.option_buttons: list[W.Button] = []
        self._retired: list[W.Button] = []  # the buttons shown before these, closed at the next refill
        self._tempting: tuple[Any, ...] = ()
        self._listeners: list[Callable[[StepperWidget], None]] = []
        self._build_controls(seed)
        self._build_views()
        self.saving = SavePanel(self, log) if log is not None else None
        self.advice = AdvicePanel(self, advisor) if advisor is not None else None
        self.widget = tagged(W.VBox([
            self._controls(buttons), *([self.saving.widget] if self.saving else []), self.status, self.options_box,
            *([self.advice.widget] if self.advice else []), self.message, self.why_box, self.state_view, self.log_view,
        ]), "xp-stepper")
        self.refresh()

    # -- building the widget --------------------------------------------------------------------
    def _button(self, text: str, icon: str, css: str, fn: Callable[[], Any]) -> W.Button:
        b = tagged(W.Button(description=text, icon=icon, layout=W.Layout(width="auto")), css)
        b.on_click(lambda _: fn())
        return b

    def _build_controls(self, seed: int) -> None:
        """The buttons that step, undo, play on and reset."""
        button = self._button
        self.next_button = button("Next step", "step-forward", "xp-next", self.next)
        self.undo_button = button("Undo", "undo", "xp-undo", self.undo)
        self.turn_button = button("Play to end of turn", "forward", "xp-end-turn", self.play_turn)
        self.turns = tagged(W.BoundedIntText(value=5, min=1, max=500, description="N turns",
                                             style={"description_width": "initial"}, layout=W.Layout(width="120px")),
                            "xp-n-turns")
        self.play_turns_button = button("Play N turns", "fast-forward", "xp-play-turns",
                                        lambda: self.play_turns(self.turns.value))
        self.policy_button = button("Let the bot choose", "user", "xp-policy-step", self.let_policy_choose)
        self.end_button = button("Play to the end", "fast-forward", "xp-play-out", self.play_to_end)
        self.seed = tagged(W.IntText(value=seed, description="Seed", style={"description_width": "initial"},
                                     layout=W.Layout(width="120px")), "xp-seed")
        self.reset_button = button("Reset", "refresh", "xp-reset", lambda: self.reset(self.seed.value))

    def _build_views(self) -> None:
        """The status, the option buttons, "why not?", the state and the log."""
        self.status = tagged(W.HTML(), "xp-step-status")
        self.label_button = self._button("Label options with win chances", "percent", "xp-label-options",
                                         self.label_options)
        self.options_title = W.HTML()
        self.options_row = W.Box(layout=W.Layout(flex_flow="row wrap"))
        self.options_box = tagged(W.VBox([self.options_title, self.options_row]), "xp-options")
        self.message = tagged(W.HTML(), "xp-message")
        self.why_list = tagged(W.Dropdown(description="Not allowed now:", style={"description_width": "initial"},
                                          layout=W.Layout(width="auto", max_width="100%")), "xp-why-not-list")
        self.why_button = self._button("Why not?", "question", "xp-why-not", self.explain_choice)
        self.why_view = tagged(W.HTML(), "xp-why-not-answer")
        self.why_box = W.VBox([W.HBox([self.why_list, self.why_button], layout=W.Layout(flex_flow="row wrap")),
                               self.why_view], layout=W.Layout(display="flex" if self.tempting else "none"))
        self.state_view = tagged(W.HTML(), "xp-state")
        self.log_view = tagged(W.HTML(), "xp-log")

    def _controls(self, buttons: Sequence[str]) -> W.HBox:
        """The row of controls ``buttons`` names, in that order."""
        named = {"next": [self.next_button], "undo": [self.undo_button], "turn": [self.turn_button],
                 "turns": [self.turns, self.play_turns_button], "policy": [self.policy_button],
                 "end": [self.end_button], "reset": [self.seed, self.reset_button]}
        row = [w for name in buttons for w in named[name]]
        return W.HBox(row, layout=W.Layout(flex_flow="row wrap", align_items="center"))

    # -- what the person does (also what the buttons call) --------------------------------------
    def on_change(self, fn: Callable[[StepperWidget], None]) -> None:
        """Call ``fn(self)`` now and after every change (for drawings beside the stepper)."""
        self._listeners.append(fn)
        fn(self)

    def plays(self, player: Any) -> bool:
        """Whether the person at the widget decides for ``player``."""
        return player is not None and (self.viewers == ALL or player in self.viewers)

    def waiting(self) -> bool:
        """Whether the stepper waits for the person's choice."""
        dec = self.stepper.decision
        return dec is not None and not dec.forced and self.plays(dec.player)

    def next(self) -> Entry | None:
        """One step: a forced rules step or a bot's choice (not the person's)."""
        if self.stepper.over or self.waiting():
            return None
        entry = self.stepper.step()
        self.refresh()
        return entry

    def choose(self, option: Any) -> Entry:
        """The person takes ``option``.  An illegal one is reported (with the rule it
        breaks), not applied, and raised."""
        try:
            entry = self.stepper.step(option)
        except IllegalAction as exc:
            self.message.value = _refusal_html(f"Not allowed: {exc.message}", exc)
            raise
        self.refresh()
        return entry

    def let_policy_choose(self) -> Entry | None:
        """The bot takes this step, even a decision that is the person's."""
        if self.stepper.over:
            return None
        entry = self.stepper.step()
        self.refresh()
        return entry

    def undo(self) -> None:
        self.stepper.undo()
        self.refresh()

    def play_turn(self) -> list[Entry]:
        """Step until the current turn ends (or the person must decide)."""
        done = []
        while not self.stepper.over and not self.waiting():
            entry = self.stepper.step()
            done.append(entry)
            if self.turn_ends(entry):
                break
        self.refresh()
        return done

    def play_turns(self, n: int) -> int:
        """Play up to ``n`` whole turns, stopping when the person must decide."""
        played = 0
        for _ in range(n):
            if self.stepper.over or self.waiting() or not self._play_turn_quietly():
                break
            played += 1
        self.refresh()
        return played

    def _play_turn_quietly(self) -> bool:
        while not self.stepper.over and not self.waiting():
            if self.turn_ends(self.stepper.step()):
                return True
        return False

    def play_to_end(self) -> list[Entry]:
        """The bots play every remaining step, the person's decisions too."""
        done = self.stepper.run()
        self.refresh()
        return done

    def reset(self, seed: int | None = None, *, initial: Any = None, policies: Policies | None = None) -> None:
        """Start again with ``seed`` (default: the seed box), from ``initial`` and
        with ``policies`` if given."""
        seed = self.seed.value if seed is None else seed
        self.seed.value = seed
        if policies is not None:
            self.policies = policies
        if initial is None:
            initial = self.make_initial(seed) if self.make_initial else self.stepper.initial
        self.stepper = Stepper(self.game, initial, seed, self.policies)
        self.refresh()

    def adopt(self, stepper: Stepper, make_initial: Callable[[int], Any] | None = None) -> None:
        """Carry on with ``stepper`` (a loaded game): its game, its seed and its
        history, so Undo goes back through it; ``make_initial(seed)``: how Reset
        starts that game again."""
        self.game, self.stepper = stepper.game, stepper
        if make_initial is not None:
            self.make_initial = make_initial
        if isinstance(stepper.seed, int) and not isinstance(stepper.seed, bool):
            self.seed.value = stepper.seed
        self.refresh()

    def label_options(self) -> dict[Any, Any]:
        """Compute the option odds now (and at later decisions while cheap)."""
        self.labelling = True
        self.labels = self._odds(force=True)
        self._show_options()
        if self.advice is not None:
            self.advice.redraw()  # its table gains the exact column
        return self.labels

    def explain_choice(self) -> IllegalAction | None:
        """Explain the action picked in the "Why can't I" list: the rules' reason and
        our summary of the rule it breaks."""
        if self.why_list.value is None or not self._tempting:
            return None
        exc = self.step_game().illegal(self.stepper.state, self._tempting[self.why_list.value])
        self.why_view.value = _refusal_html(exc.message, exc)
        return exc

    # -- the view -------------------------------------------------------------------------------
    def step_game(self) -> StepGame:
        """The game with the current step's decision known, for the views of this step."""
        return StepGame(self.game, self.stepper.state, self.stepper.decision)

    def refresh(self) -> None:
        st = self.stepper
        self.message.value = ""
        self.why_view.value = ""
        self.undo_button.disabled = not st.history
        waiting = self.waiting()
        for b in (self.next_button, self.turn_button, self.play_turns_button):
            b.disabled = st.over or waiting
        self.end_button.disabled = st.over
        self.policy_button.disabled = not waiting  # a bot's or the rules' step is Next step's
        self.policy_button.layout.display = None if self.viewers else "none"  # only the person's turns need it
        self.labels = self._odds(force=False)
        self._show_options()
        if self.advice is not None:
            self.advice.refresh()
        if self.tempting is not None:
            self._tempting = tuple(self.tempting(self.step_game(), st.state)) if not st.over else ()
            self.why_list.options = [(self.option_text(st.state, a), i) for i, a in enumerate(self._tempting)]
            self.why_list.value = 0 if self._tempting else None
            self.why_box.layout.display = "flex" if self._tempting else "none"
        self.status.value = self.render_status(self)
        self.state_view.value = (f"<pre style='margin:0;white-space:pre-wrap;line-height:1.35'>"
                                 f"{esc(self.describe(st.state))}</pre>")
        entries = st.history[-self.log_limit:]
        if entries:
            self.log_view.value = self.render_log(entries)
        else:
            todo = "choose one of the options above" if waiting else "press Next step"
            self.log_view.value = f"<b>Log</b><br><i>Nothing yet: {todo}.</i>"
        for fn in self._listeners:
            fn(self)

    def _shown_decision(self) -> Decision | None:
        dec = self.stepper.decision
        if dec is None:
            return None
        return dec if self.waiting() or (dec.forced and self.show_forced) else None

    def _odds(self, force: bool) -> dict[Any, Any]:
        dec = self._shown_decision()
        if dec is None or self.option_odds is None:
            return {}
        cost = self.odds_cost(self.stepper.state)
        if cost is None or not (force or (self.labelling and cost == "cheap")):
            return {}
        return self.option_odds(self.stepper.state) or {}

    def _show_options(self) -> None:
        old = self.option_buttons
        try:
            self._fill_options()
        finally:
            # Buttons no longer shown are closed one refill later, not at once: each step would
            # otherwise leave three models behind, and a page still drawing the previous row
            # when its models close logs "widget model not found" (ipywidgets draws a row's
            # children asynchronously).
            _close(self._retired)
            self._retired = old

    def _fill_options(self) -> None:
        dec = self._shown_decision()
        if dec is None:
            self.option_buttons = []
            self.options_row.children = ()
            self.options_title.value = ""
            self.options_box.children = (self.options_title, self.options_row)
            return
        owner = self.odds_owner(dec)
        state = self.stepper.state
        buttons = []
        for option in dec.options:
            p = self.labels.get(option)
            text, tip = self.option_text(state, option), self.option_tip(state, option)
            label = text if p is None else f"{text}  ·  {owner} {probability_text(p)}"
            if p is not None:
                tip = f"{tip}\nP({owner}) = exactly {fraction_text(p)}"
            b = tagged(W.Button(description=label, tooltip=tip, layout=W.Layout(width="auto")), "xp-option")
            b.option = option
            b.on_click(lambda btn: self.choose(btn.option))
            buttons.append(b)
        self.option_buttons = buttons
        self.options_row.children = tuple(buttons)
        who = "the rules (nobody chooses)" if dec.forced else self.player_name(dec.player)
        note = (f" (each with the chance to {owner}, exact, if play then follows the bots)"
                if self.labels else "")
        self.options_title.value = f"<b>Choose for {esc(who)}</b>{esc(note)}"
        can_label = (self.option_odds is not None and not self.labels
                     and self.odds_cost(self.stepper.state) is not None)
        self.options_box.children = ((self.options_title, self.label_button, self.options_row) if can_label
                                     else (self.options_title, self.options_row))


class StepGame:
    """The game as the views of one step see it: the step's decision is already
    known, so a view asking for it again (itself, or through the game's ``check``
    and ``illegal``, which run on this view) does not make the rules work it out
    again.  Everything else is the game's own."""

    def __init__(self, game: Game, state: Any, decision: Decision | None):
        self._game, self._state, self._decision = game, state, decision

    def decision(self, state: Any) -> Decision | None:
        return self._decision if state is self._state else self._game.decision(state)

    def check(self, state: Any, action: Any) -> Decision:
        return type(self._game).check(self, state, action)

    def illegal(self, state: Any, action: Any) -> IllegalAction:
        return type(self._game).illegal(self, state, action)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


def _close(buttons) -> None:
    """Close buttons no longer shown, with their layout and style models."""
    for b in buttons:
        for w in (b.layout, b.style, b):
            w.close()


# -- default renderers ----------------------------------------------------------------------

def default_status(w: StepperWidget) -> str:
    """Whose step it is and under which rule, or the result in a banner."""
    st = w.stepper
    dec = st.decision
    if dec is None:
        return result_banner(w.render_result(w.game.result(st.state)))
    step = f"<b>Step {len(st.history) + 1}</b>: {esc(dec.prompt or 'next')}"
    rule = rule_html(dec.rule, compact=True)
    if w.waiting():
        return (f"{step} &mdash; <b style='color:#1f5fa8'>your choice</b> as {esc(w.player_name(dec.player))}: "
                f"pick one of the options below (rule: {rule})")
    who = "the rules decide" if dec.forced else f"a bot plays for {esc(w.player_name(dec.player))}"
    return f"{step} <i>({who}; rule: {rule})</i>"


def result_banner(text: str) -> str:
    """The end of a game, hard to miss."""
    return ("<div class='xp-result' style='font-size:1.15em;padding:6px 10px;margin:4px 0;background:#e8f5e9;"
            f"border-left:5px solid #2e7d32'>{text}</div>")


def default_log(entries: Sequence[Entry]) -> str:
    """Newest first: one line per event, opening to our summary of its rule."""
    rows = []
    for entry in reversed(entries):
        for ev in entry.events:
            rows.append(
                f"<details class='xp-log-entry'><summary><code>{entry.index + 1}</code> "
                f"<span class='xp-rule'>[{esc(ev.rule.section)}]</span> {esc(ev.text)}</summary>"
                f"<div style='margin-left:2em;color:#444'>{rule_html(ev.rule)}</div></details>"
            )
    return ("<b>Log</b> <span style='color:#666'>(newest first; click an entry for its rule)</span>"
            "<div style='max-height:320px;overflow-y:auto;font-size:0.9em;line-height:1.4'>" + "".join(rows) + "</div>")


def _refusal_html(text: str, exc: IllegalAction) -> Html:
    return Html(f"<div class='xp-refusal' style='color:#8a1c1c'>{esc(text)}</div>"
                f"<div style='margin-left:1.5em;color:#333'>The rule: {rule_html(exc.rule)}</div>")
