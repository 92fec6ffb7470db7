"""What-if changes to the Doom Asylum rules: :func:`override_rules` applies
values a user typed (the what-if layer, ``--rule NAME=VALUE``) and refuses any
that the rules file's ranges, the roster or the Event Table could not live with.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from ..core.data import companion
from .event_table import load_event_table, unwinnable
from ..core.params import RuleError
from .params import SCHEMA, AsylumRules, problems, rules_file
from .villains import load_roster


def override_rules(changes: Mapping[str, int | bool], rules: AsylumRules | None = None,
                   path: str | os.PathLike | None = None) -> AsylumRules:
    """``rules`` (default: the loaded data) with ``changes`` applied, each change
    checked as the file's values are: a known rule, a number (or, for an option,
    a boolean) inside the range the rules file declares, and a whole that still
    makes sense, with the roster and the Event Table too.  Refusals raise
    :class:`~explorer.core.params.RuleError`."""
    loaded = rules_file(path)
    base = loaded.rules if rules is None else rules
    SCHEMA.check(changes, loaded.declared)
    new = base.replace(**changes)
    roster = load_roster(loaded.roster_path)
    for name, problem in problems(new, loaded.ranges, roster, loaded.roster_path):
        raise RuleError(name, problem)
    for result, problem in unwinnable(load_event_table(companion(loaded.roster_path, "asylum", "events.toml")),
                                      new, roster):
        culprit = next((n for n in ("max_level", "maneuver_counts_upgrades") if n in changes), next(iter(changes)))
        raise RuleError(culprit, f"the Event Table's {result.name!r} could no longer be won: {problem}")
    return new


__all__ = ["override_rules"]
