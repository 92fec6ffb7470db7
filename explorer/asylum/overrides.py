"""What-if changes to the Doom Asylum rules: :func:`override_rules` applies
values a user typed (the what-if layer, ``--rule NAME=VALUE``) and refuses any
that the rules file's ranges, the roster or the Event Table could not live with.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from ..core.data import companion
from .event_table import load_event_table, unwinnable
from .params import NUMBERS, OPTIONS, AsylumRules, RuleError, problems, rules_file
from .villains import load_roster


def override_rules(changes: Mapping[str, int | bool], rules: AsylumRules | None = None,
                   path: str | os.PathLike | None = None) -> AsylumRules:
    """``rules`` (default: the loaded data) with ``changes`` applied, each change
    checked as the file's values are: a known rule, a number (or, for an option,
    a boolean) inside the range the rules file declares, and a whole that still
    makes sense, with the roster and the Event Table too.  Refusals raise
    :class:`RuleError`."""
    loaded = rules_file(path)
    base = loaded.rules if rules is None else rules
    for name, value in changes.items():
        if name in NUMBERS:
            if type(value) is not int:
                raise RuleError(name, f"must be a whole number, not {value!r}")
        elif name in OPTIONS:
            if type(value) is not bool:
                raise RuleError(name, f"is an option: true or false, not {value!r}")
        else:
            raise RuleError(name, f"no such rule (numbers: {', '.join(NUMBERS)}; options: {', '.join(OPTIONS)})")
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
