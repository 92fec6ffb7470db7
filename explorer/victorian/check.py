"""Check every data file of the Victorian card game at once
(``python -m explorer check victorian``).

Each loader refuses a bad file with a :class:`~explorer.core.data.DataError`
naming the file, the card (or entry) and the field; :func:`check_data` loads
them all, in dependency order, builds the game from them (which cross-checks the
two card lists and the decks), and says in one line what each holds.
"""

from __future__ import annotations

from collections import Counter

from ..core.data import Checked, DataError, data_path
from ..core.rulebook import check_summaries
from . import sections as R
from .cards import SIDES, deck_counts, load_cards, load_tokens, load_traits
from .interpretations import load_interpretations
from .params import NUMBERS, OPTIONS, load_rules
from .tables.data import FACE_TABLES, load_tables


def check_data() -> list[Checked]:
    """Load and cross-check every data file; one summary per file."""
    out = []
    out.append(check_summaries(R, R.GAME))
    path = data_path("victorian", "tokens.toml")
    tokens = load_tokens(path)
    out.append(Checked(path, f"{len(tokens)} kinds of token"))
    path = data_path("victorian", "traits.toml")
    traits = load_traits(path)
    out.append(Checked(path, f"{len(traits)} traits ({sum(k == 'descriptor' for k in traits.values())} descriptors)"))
    for side in SIDES:
        path = data_path("victorian", f"{side}.toml")
        cards = load_cards(side, path)
        types = Counter(c.type for c in cards.values())
        texts = sum(bool(c.text) for c in cards.values())  # each checked as read: one line of our words
        out.append(Checked(path, f"our card text on {texts}; {len(cards)} cards: "
                           + ", ".join(f"{n} {t}" for t, n in sorted(types.items()))))
    path = data_path("victorian", "decks.toml")
    sizes = [sum(deck_counts(side, path).values()) for side in SIDES]
    out.append(Checked(path, f"decks of {sizes[0]} (Heroes) and {sizes[1]} (Villains) cards"))
    rules = load_rules()
    for side, size in zip(SIDES, sizes):
        if size < rules.opening_hand:
            raise DataError(path, side, "counts", f"{size} cards: fewer than an opening hand ({rules.opening_hand}, "
                                                  "rules.toml)")
    path = data_path("victorian", "tables.toml")
    load_tables(path)
    out.append(Checked(path, f"6 banded tables and {len(FACE_TABLES)} 1D6 tables"))
    path = data_path("victorian", "rules.toml")
    load_rules(path)
    out.append(Checked(path, f"{len(NUMBERS)} numbers, each inside its declared range, and {len(OPTIONS)} options"))
    path = data_path("victorian", "interpretations.toml")
    register = load_interpretations(path)
    switched = sum(r.option is not None for r in register.values())
    out.append(Checked(path, f"{len(register)} readings ({switched} with a rules option, "
                             f"{sum(r.ours for r in register.values())} of our own design)"))
    from .game import VictorianGame

    VictorianGame()  # the two lists together: no card on both
    return out
