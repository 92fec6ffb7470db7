"""The stepper's option words: its buttons, their tooltips and the "why not?" list read through
the game's ``option_text`` and ``option_tip`` hooks (``str`` by default), with the win chance
appended where one is shown ("Conflicts": one action per villain, alternating sides)."""

from factories import make
from explorer.asylum import odds, why_not
from explorer.asylum.conflict import Conflict, ConflictState
from explorer.asylum.policies import ExpectedVPPolicy
from explorer.ui.doomtrooper.table import TableStepper
from explorer.doomtrooper import words
from explorer.ui.stepper import StepperWidget

GAME = Conflict()


def widget(**kw):
    start = GAME.start([make("A1"), make("A2")], [make("D1"), make("D2", abilities=("flying",))])
    return StepperWidget(GAME, start, seed=3, policies=ExpectedVPPolicy(), viewers=0, tempting=why_not.tempting,
                         option_odds=lambda s: odds.option_odds(s) if isinstance(s, ConflictState) else None, **kw)


def test_without_hooks_an_option_reads_as_its_str():
    """Conflicts (conflict): no hook, the option's own words, then its chance."""
    w = widget()
    for b in w.option_buttons:
        assert b.description.startswith(str(b.option)) and "win" in b.description
        assert b.tooltip.startswith(str(b.option)) and "exactly" in b.tooltip


def test_the_hooks_word_the_buttons_tips_and_why_not_list():
    """Conflicts (conflict): the hooks give each button its words and its tooltip (the chance still
    follows), and each entry of "Not allowed now" its words."""
    w = widget(option_text=lambda state, o: f"say {o}", option_tip=lambda state, o: f"card of {o}")
    assert w.option_buttons
    for b in w.option_buttons:
        assert b.description.startswith(f"say {b.option}") and "win" in b.description
        assert b.tooltip.startswith(f"card of {b.option}\n") and "exactly" in b.tooltip
    assert all(label.startswith("say ") for label, _ in w.why_list.options)


def test_a_doomtrooper_table_names_cards_on_its_buttons():
    """Step Two: Actions (turn.actions): the Doomtrooper table's buttons read as the game's words,
    their tooltips as the cards' texts, never a warrior's number."""
    t = TableStepper(seed=2, seat=0)
    w = t.stepper_widget
    seen = 0
    for _ in range(300):
        if w.stepper.over:
            break
        if w.waiting():
            state = w.stepper.state
            for b in w.option_buttons:
                assert b.description == words.option_text(state, b.option, 0, w.game)
                assert b.tooltip == words.option_tip(state, b.option, 0, w.game)
                assert "#" not in b.description
                seen += 1
            w.let_policy_choose()
        else:
            w.next()
    assert seen > 10


def test_a_fork_names_its_options_in_the_game_s_words():
    """The Cardinal's Gift (setup.gift): "Fork here" lists each option in the stepper's words."""
    from explorer.ui.fork import ForkPanel

    t = TableStepper(seed=2, seat=0)
    w = t.stepper_widget
    while not w.waiting():
        w.next()
    panel = ForkPanel(w)
    panel.games.value = 10
    frame = panel.fork()
    assert len(frame) == len(w.stepper.decision.options)
    for option in w.stepper.decision.options:
        assert words.option_text(w.stepper.state, option, 0, w.game).replace("'", "&#x27;") in panel.view.value
