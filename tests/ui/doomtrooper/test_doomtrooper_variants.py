"""The Doomtrooper variants page (notebook doomtrooper/02): any switches and a variant,
a game stepped through under them, the Colonization board beside it."""

from __future__ import annotations

from explorer.core.data import key_notes
from explorer.doomtrooper.params import CHOICES, OPTIONS, rule_choices, rules_path
from explorer.ui.doomtrooper import VariantTable
from explorer.ui.doomtrooper.table import ADVICE_PLAYOUTS, advice_playouts


def test_every_switch_and_choice_of_the_rules_file_is_offered_with_its_note():
    """Doomtrooper Optional Rules and Variants: every switch of rules.toml is a tick box,
    grouped and explained by the file's own comments; every choice a menu with all its values."""
    table = VariantTable()
    assert set(table.boxes) == set(OPTIONS)
    assert set(table.menus) == set(CHOICES)
    for name in CHOICES:
        assert tuple(v for _, v in table.menus[name].options) == rule_choices()[name]
    notes = key_notes(rules_path(), "options")
    assert table.boxes["relics"].tooltip == notes["relics"].note and "Relics" in notes["relics"].note
    assert notes["outpost"].group.startswith("The expansions")
    assert notes["first_edition_sergeants"].group.startswith("The first-edition additions")


def test_each_variant_deals_for_the_players_it_needs():
    """Beat Down: three players; Front Lines: two teams of two; the others two by default."""
    table = VariantTable()
    needs = {"beat_down": 3, "front_lines": 4}
    for variant in rule_choices()["variant"]:
        table.menus["variant"].value = variant
        message = table.deal()
        assert message.startswith("Dealt"), message
        assert table.stepper.players == needs.get(variant, 2)
        assert table.stepper.game.rules.variant == variant
        # "Ask a good player" thinks about as long in every variant: fewer imagined games where they cost more
        assert table.stepper.stepper_widget.advice.advisor.playouts == advice_playouts(variant)
    assert advice_playouts("colonization") < advice_playouts("standard") == ADVICE_PLAYOUTS


def test_a_combination_the_rules_refuse_is_said_and_the_last_game_stays():
    """Multi-Player Games (Teams): two players cannot split into teams; the page says why."""
    table = VariantTable()
    before = table.stepper
    table.menus["style"].value = "teams"
    message = table.deal()
    assert message.startswith("Not dealt") and "Teams" in message
    assert table.stepper is before and "Not dealt" in table.status.value
    table.players.value = 4
    assert table.deal().startswith("Dealt: seed 1, 4 players")


def test_switches_change_the_game_played_and_the_status_names_them():
    """The expansions: a ticked switch is on in the game dealt, and the status lists it."""
    table = VariantTable()
    table.boxes["relics"].value = True
    table.boxes["alliances"].value = True
    message = table.deal()
    assert table.stepper.game.rules.relics and table.stepper.game.rules.alliances
    assert "relics on" in message and "alliances on" in message


def test_colonization_draws_the_solar_system_and_follows_the_game():
    """Colonization: the board is shown beside the table and redrawn as the game moves on;
    other variants hide it."""
    table = VariantTable(rules={"variant": "colonization"})
    assert table.board.widget.layout.display != "none"
    first = table.board.widget.outputs
    widget = table.stepper.stepper_widget
    for _ in range(6):
        widget.next()
    assert table.board.widget.outputs != first
    assert "Colonization" in str(table.board.layout.title.text)
    table.menus["variant"].value = "standard"
    table.deal()
    assert table.board.widget.layout.display == "none"
