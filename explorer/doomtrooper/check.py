"""Check every Doomtrooper data file at once (``python -m explorer check doomtrooper``).

Each loader already refuses a bad file with a :class:`~explorer.core.data.DataError`
naming the file, the entry and the field, and checks it against the files it
depends on; :func:`check_data` loads them all, in dependency order, and says in
one line what each holds.
"""

from __future__ import annotations

from ..core.data import Checked, data_path
from ..core.rulebook import check_summaries
from . import sections as R
from .affiliations import load_affiliations
from .cards import load_pool
from .decks import load_decks
from .interpretations import load_interpretations
from .params import CHOICES, NUMBERS, OPTIONS, load_rules


def check_data() -> list[Checked]:
    """Load and cross-check every data file of Doomtrooper; one summary per file.
    The first problem raises :class:`~explorer.core.data.DataError`."""
    out = []
    out.append(check_summaries(R, R.GAME))
    path = data_path("doomtrooper", "affiliations.toml")
    aff = load_affiliations(path)
    out.append(Checked(path, f"{len(aff.of)} affiliations, {len(aff.areas)} areas, {len(aff.rules)} attack rules"))
    path = data_path("doomtrooper", "cards.toml")
    pool = load_pool(path)
    types = pool.make_up()["types"]
    out.append(Checked(path, f"{len(pool)} cards ({', '.join(f'{n} {t}' for t, n in types.items())}; {pool.origin})"))
    path = data_path("doomtrooper", "rules.toml")
    load_rules(path)
    out.append(Checked(path, f"{len(NUMBERS)} numbers, each inside its declared range, {len(OPTIONS)} switches and "
                             f"{len(CHOICES)} choices"))
    path = data_path("doomtrooper", "decks.toml")
    decks = load_decks(path)
    out.append(Checked(path, f"{len(decks)} decks, each keeping the deck rules: "
                             + ", ".join(f"{d.name} ({len(d.cards)})" for d in decks.values())))
    path = data_path("doomtrooper", "interpretations.toml")
    register = load_interpretations(path)
    switched = sum(r.option is not None for r in register.values())
    out.append(Checked(path, f"{len(register)} readings ({switched} with a rules switch)"))
    # the variants with places: the Colonization board and the Home Turf Advantage setups
    from .variants.solar import load_solar, solar_path
    from .variants.home_bases import check_setups, home_turf_path, load_home_turf

    path = solar_path()
    solar = load_solar(path)
    out.append(Checked(path, f"{len(solar.planets)} planets, {len(solar.warzones)} warzones, {len(solar.routes)} "
                             f"routes (Colonization)"))
    path = home_turf_path()
    home = load_home_turf(path)
    check_setups(home, pool, load_rules(), path, decks)
    out.append(Checked(path, f"{len(home.setups)} setups of bases, {len(home.battlefields)} battlefields "
                             "(Home Turf Advantage)"))
    from .variants import check_variant_data  # the variants' own data (Some Cool Optional Rules)
    path = data_path("doomtrooper", "variants.toml")
    out.append(Checked(path, check_variant_data(pool, path, decks, load_rules())))
    return out
