"""The designer's tables in people's words: skill against luck, the cards that win,
and what a comparison that stops when it knows spent.  Plain text, so a notebook's
checked output and a terminal read the same.

>>> rate(0.75, 0.468, 0.911, 12)
'75% (9/12), 47% to 91%'
>>> signed(0.05, -0.018, 0.118)
'+5.0 points (-1.8 to +11.8)'
"""

from __future__ import annotations

import math
import textwrap

from ..core.numbers import counted
from ..games import spec


def rate(p: float, low: float, high: float, games: int | None = None) -> str:
    """A win rate with its 95% interval, and the games it counts when they are whole."""
    if p != p:
        return "no games"
    wins = p * games if games else None
    count = f" ({round(wins)}/{games})" if wins is not None and abs(wins - round(wins)) < 1e-9 else ""
    return f"{100 * p:.0f}%{count}, {100 * low:.0f}% to {100 * high:.0f}%"


def signed(d: float, low: float, high: float) -> str:
    """A difference of win rates in points, with its 95% interval."""
    if d != d:
        return "-"
    return f"{100 * d:+.1f} points ({100 * low:+.1f} to {100 * high:+.1f})"


def _columns(rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows)


def value_title(game: str, name: str, value) -> str:
    """A rule's value as people name it: a choice the game titles by its title
    (Doomtrooper's ``variant`` ``beat_down`` is "Beat Down"), any other value as a
    rules file writes it (``true``, ``7``, ``2d6``)."""
    from .variants import value_text

    return spec(game).choice_titles.get(name, {}).get(value) or value_text(value)


def setting_words(game: str, name: str, value) -> str:
    """One rule at one value, in words: a titled choice by its title alone ("Beat
    Down"), any other as "maneuver target = 7"."""
    from .variants import value_text

    title = spec(game).choice_titles.get(name, {}).get(value)
    return title or f"{rule_label(name)} = {value_text(value)}"


def variant_title(attrs) -> str:
    """The variant a run played (``attrs["variant"]``, as :meth:`~explorer.whatif.variants.Variant.describe`
    wrote it) as people name it: one choice whose value the game titles reads as its
    title ("variant = beat_down" is "Beat Down"); anything else as written."""
    text = str(attrs["variant"])
    name, sep, value = text.partition(" = ")
    return spec(attrs["game"]).choice_titles.get(name, {}).get(value, text) if sep else text


def skill_text(frame) -> str:
    """:func:`~explorer.whatif.skill.skill`'s table: the strong bot's wins at each seat."""
    a = frame.attrs
    head = f"{a['strong']} against {a['weak']}, {spec(a['game']).title}, {variant_title(a)}"
    rows = [["the strong bot plays", "it wins (95% interval)", "an even share"]]
    for r in frame.to_dict("records"):
        rows.append([seat_words(a["game"], r["seat"]), rate(r["wins"], r["ci_low"], r["ci_high"], r["games"]), f"{100 * r['even']:.0f}%"])
    return head + "\n" + _columns(rows)


def seat_words(game: str, seat: str) -> str:
    """A seat of a table as people name it: a side by the rulebook's name ("the
    Heroes"), the row over every seat as "both sides" where the game has two; seats by
    number as they are ("seat 1", "every seat")."""
    names = spec(game).seat_names
    if seat in names:
        return f"the {seat.title()}"
    return "both sides" if seat == "every seat" and len(names) == 2 else seat


def seat_or_deck_text(frame) -> str:
    """:func:`~explorer.whatif.decks.seat_or_deck`'s table: each seat with the decks
    balanced, each deck with the seats balanced, then each deck in each seat."""
    a = frame.attrs
    orders = len(a["seats"])
    games = counted(a["games"], "game")
    head = (f"{spec(a['game']).title}, {variant_title(a)}: {a['bots']} bots, the decks dealt round seats "
            f"{_and([str(s) for s in a['seats']])} ({orders} orders of {games}, seed {a['seed']})")
    titles = {"seat": "by seat, every deck in turn", "deck": "by deck, in every seat in turn",
              "deck in seat": "each deck in each seat"}
    rows = [["", "wins (95% interval)", "an even share"]]
    for by, title in titles.items():
        rows.append([title, "", ""])
        rows += [["  " + r["name"], rate(r["wins"], r["ci_low"], r["ci_high"], r["games"]), f"{100 * r['even']:.0f}%"]
                 for r in frame[frame["by"] == by].to_dict("records")]
    return head + "\n" + _columns(rows)


def stakes_text(frame) -> str:
    """:func:`~explorer.whatif.stakes.stakes`'s table: per seat, its win rate playing
    its bot throughout, then what playing each kind of decision at random changes."""
    a = frame.attrs
    out = [f"{spec(a['game']).title}, {variant_title(a)}: {a['bot']} on every seat, one seat at random at one kind of "
           f"decision; {frame['games'].iloc[0]} games a row, seed {a['seed']}"]
    for seat, rows in frame.groupby("seat", sort=False):
        base = rows["base"].iloc[0]
        out.append(f"\n{seat_words(a['game'], seat)}: wins {100 * base:.1f}% playing {a['bot']} throughout")
        table = [["at random at the decisions of", "a game", "its win rate changes by (95% interval)"]]
        table += [[r["heading"], f"{r['decisions']:.1f}", signed(r["change"], r["ci_low"], r["ci_high"])]
                  for r in rows.to_dict("records")]
        out.append("\n".join("  " + line for line in _columns(table).splitlines()))
    return "\n".join(out)


def reach_text(frame, top: int | None = None) -> str:
    """:func:`~explorer.whatif.reach.reach`'s table: the rules whose step changed no
    game (these games cannot judge them), those no step of which the rules accept,
    then the others, fewest games changed first (only ``top`` of them if given)."""
    a = frame.attrs
    game, rows = a["game"], frame.to_dict("records")

    def move(r):
        return f"{rule_label(r['rule'])} {value_title(game, r['rule'], r['value'])} to " \
               f"{value_title(game, r['rule'], r['moved_to'])}"

    out = [f"{spec(game).title}, {variant_title(a)}: {a['bots']}; each rule moved one step, "
           f"{counted(a['games'], 'game')}, seed {a['seed']}"]
    moved = [r for r in rows if r["moved_to"] is not None]
    idle = [r for r in moved if not r["changed"]]
    if idle:
        out.append(f"\nOf the {counted(len(moved), 'rule')} moved, {len(idle)} changed no game, so these games cannot "
                   f"say what they do (a variant or rule they need is off, or a moment these bots never meet):")
        out += textwrap.wrap("; ".join(move(r) for r in idle), 110, initial_indent="  ", subsequent_indent="  ",
                             break_long_words=False, break_on_hyphens=False)
    refused = [r for r in rows if r["moved_to"] is None]
    if refused:
        out.append("\nNot moved, every step refused by the rules:")
        out += [f"  {rule_label(r['rule'])} at {value_title(game, r['rule'], r['value'])}: {r['refused']}"
                for r in refused]
    used = [r for r in moved if r["changed"]]
    if used:
        shown = used if top is None else used[:top]
        out.append(("\nThe others" if idle else "\nThe rules moved") + ", fewest games changed first" +
                   (f" ({len(shown)} of {len(used)})" if len(shown) < len(used) else "") + ":")
        table = [["moved", "games it changed", "of them, the winner", "changed in most games"]]
        table += [[move(r), f"{r['changed']:,}", f"{r['winner_changed']:,}", r["most_changed"]] for r in shown]
        out.append("\n".join("  " + line for line in _columns(table).splitlines()))
    return "\n".join(out)


def reach_said(frame, rule: str, value) -> str | None:
    """What a :func:`~explorer.whatif.reach.reach` table says of ``rule`` at ``value``,
    in one sentence for a page beside the rule; ``None`` when the table has no row for
    it or moved it from another value (the data was edited since).

    >>> import pandas as pd
    >>> frame = pd.DataFrame([{"rule": "turn_cap", "value": "40", "moved_to": "41", "games": 200, "changed": 0,
    ...                        "winner_changed": 0, "most_changed": "", "refused": ""}])
    >>> frame.attrs.update(game="victorian", variant="base (the data as it is)", bots="greedy on every seat")
    >>> reach_said(frame, "turn_cap", 40).split(", so ")[0]
    'On the seeds of a kept run (200 games, greedy on every seat), moving it from 40 to 41 changed no game'
    >>> reach_said(frame, "turn_cap", 39) is None
    True
    """
    from .variants import BASE, value_text

    a = frame.attrs
    rows = [r for r in frame.to_dict("records") if r["rule"] == rule and r["value"] == value_text(value)]
    if not rows:
        return None
    r, game = rows[0], a["game"]
    run = f"{counted(r['games'], 'game')}, {a['bots']}"
    if a["variant"] != BASE.describe():
        run += f", {variant_title(a)}"
    if r["moved_to"] is None:
        return f"A kept run ({run}) could not move it: {r['refused']}."
    said = (f"On the seeds of a kept run ({run}), moving it from {value_title(game, rule, r['value'])} to "
            f"{value_title(game, rule, r['moved_to'])} ")
    if not r["changed"]:
        return said + ("changed no game, so those games cannot judge it (it needs a variant or rule they leave off, "
                       "or a moment their bots never reach).")
    winners = f"the winner in {r['winner_changed']:,}" if r["winner_changed"] else "never the winner"
    return said + f"changed {r['changed']:,} of them ({winners})."


def cards_text(frame, top: int = 5) -> str:
    """:func:`~explorer.whatif.card_stats.card_stats`'s table: its first and last
    ``top`` cards (best first), each with its side's wins drawn and not, and its worth."""
    a = frame.attrs
    head = (f"{spec(a['game']).title}, {variant_title(a)}: {counted(a['games'], 'game')}, "
            f"{counted(a['ablated'], 'card')} played again as blanks")
    rows = [["card", "side", "drawn in", "its side wins: drawn", "not drawn", "worth (card minus blank)"]]
    shown = frame if len(frame) <= 2 * top else frame.iloc[list(range(top)) + list(range(len(frame) - top,
                                                                                         len(frame)))]
    for i, r in enumerate(shown.to_dict("records")):
        if len(frame) > 2 * top and i == top:
            rows.append(["...", "", "", "", "", ""])
        rows.append([r["card"], r["side"], counted(r["drawn"], "game"),
                     rate(r["win_drawn"], r["win_drawn_ci_low"], r["win_drawn_ci_high"], r["drawn"]),
                     rate(r["win_not"], r["win_not_ci_low"], r["win_not_ci_high"], a["games"] - r["drawn"]),
                     signed(r["worth"], r["worth_ci_low"], r["worth_ci_high"])])
    return head + "\n" + _columns(rows)


def compare_text(frame) -> str:
    """:func:`~explorer.whatif.compare`'s table: each metric's words, its mean in the base
    game and in the variant, and the paired difference with its 95% interval; rates
    as percentages and their differences in points, other metrics as numbers."""
    from .compare import metric_list

    a = frame.attrs
    kinds = {m.name: m.is_rate for m in metric_list(a["game"], a.get("settings", {}))}
    rows = [["", "base game", "variant", "difference (95% interval)", "games it changed"]]
    for name, r in frame.iterrows():
        if kinds.get(name, False):
            rows.append([r["label"], percent(r["base"]), percent(r["variant"]),
                         signed(r["diff"], r["ci_low"], r["ci_high"])])
        else:
            ends = "no interval from one game" if math.isnan(r["ci_low"]) else \
                f"{r['ci_low']:+.2f} to {r['ci_high']:+.2f}"
            rows.append([r["label"], f"{r['base']:.2f}", f"{r['variant']:.2f}", f"{r['diff']:+.2f} ({ends})"])
        rows[-1].append(changed_text(r.get("changed")))
    head = f"{a['variant']} against {a['base']}: {counted(a['games'], 'game')} of each, on the same seeds"
    return head + "\n" + _columns(rows) + "".join(f"\n{line}" for line in [unused_text(frame)] if line)


def changed_text(n) -> str:
    """How many games a change altered in one measure, or a dash when a kept run did not count them."""
    return "—" if n is None or n != n else f"{int(n):,}"


#: why a change can alter no game, and what to do about it
UNUSED = ("it never came into play (it may need another rule or variant switched on, or bots that use it) or never "
          "decided anything, so these games cannot say what it does.")


def unused_text(frame) -> str | None:
    """A sentence when the variant altered no game in any measure of the comparison
    ``frame``: the change never came into play, so the run says nothing of what it
    does; ``None`` otherwise."""
    if not frame.attrs.get("unused"):  # (said of every measure, even where the frame shows a few)
        return None
    return f"The change altered nothing measured in any of these {counted(frame.attrs['games'], 'game')}: {UNUSED}"


def unchanged_text(frame, name: str) -> str | None:
    """A sentence naming the values of the sweep ``frame`` of the rule ``name`` at which
    every game came out as at its first value in every measure
    (:func:`~explorer.whatif.readout.unchanged`), or ``None``."""
    from .readout import unchanged

    same = unchanged(frame)
    if not same:
        return None
    game, values = frame.attrs["game"], frame[name].tolist()
    return (f"At {_and([value_title(game, name, values[k]) for k in same])}, every game came out as at "
            f"{value_title(game, name, values[0])} in everything measured: {UNUSED}")


def rule_label(name: str) -> str:
    """A rule's name as people read it: ``maneuver_target`` is "maneuver target", and a
    stat of the roster, ``villain.Oscar.mental_attack``, "Oscar's mental attack"."""
    if name.count(".") >= 2:
        _, who, stat = name.split(".", 2)
        return f"{who}'s {stat.replace('_', ' ')}"
    return name.replace("_", " ")


def percent(x: float | None) -> str:
    """A rate as a percentage to a tenth; a dash for no value."""
    return "—" if x is None or math.isnan(x) else f"{x:.1%}"


def sweep_rows(frame, game: str, rules: list[str]) -> tuple[list[str], list[list[str]]]:
    """A sweep of ``rules`` for people, as a header and rows: each point's values, the
    win rate of every seat or side that plays, the largest gap between two of them with
    the 95% bound of every pair's gap, and the mean game length."""
    from .readout import seat_labels, wins

    outcomes = seat_labels(game, frame)
    header = ([rule_label(r) for r in rules] + [wins(text) for _, text in outcomes]
              + ["largest gap", "its 95% bound", "mean turns"])
    rows = [[value_title(game, rule, r[rule]) for rule in rules] + [percent(r.get(c, math.nan)) for c, _ in outcomes]
            + [percent(r.get("seat_spread", math.nan)), percent(r.get("seat_spread_ci_high", math.nan)),
               f"{r['turns']:.2f}"]
            for r in frame.to_dict("records")]
    return header, rows


def sweep_text(frame, game: str, rules: list[str]) -> str:
    """:func:`sweep_rows` as aligned text (the command line's table)."""
    header, rows = sweep_rows(frame, game, rules)
    return _columns([header, *rows])


def sequential_text(frame) -> str:
    """What a comparison run with ``until`` spent, against a run of fixed size (a
    rate's widths in points, as its table gives them)."""
    run = frame.attrs.get("sequential")
    if not run:
        return f"a run of fixed size: {frame.attrs['games']} games"
    fixed, used = run["fixed_games"], run["games"]
    looks = f"{run['looks']} look{'' if run['looks'] == 1 else 's'}"
    label = frame["label"].get(run["metric"], run["metric"]) if "label" in frame else run["metric"]

    def width(x: float) -> str:
        return f"±{100 * x:.3g} points" if run.get("rate") else f"±{x:.3g}"

    if fixed is None:
        needs = ("no game differed on it, so none can say how many games a run of fixed size needs for "
                 f"{width(run['until'])}")
    else:
        needs = f"a run of fixed size needs about {counted(fixed, 'game')} for an interval of {width(run['until'])}"
    if run["stopped"] == "game limit" and not run.get("rate") and fixed is None:
        return (f"{label}: the game limit came first, after {counted(used, 'game')} ({looks}); every game differed "
                f"on it by the same {run['diff']:+.3g}, which gives an interval no width to stop on")
    if run["stopped"] == "game limit":
        return (f"{label}: the game limit came first, after {counted(used, 'game')} ({looks}), its "
                f"interval {width(run['half_width'])} and crossing zero; {needs}")
    why = {"narrow enough": f"its interval is within {width(run['until'])} of the estimate",
           "excludes zero": "its interval excludes zero"}[run["stopped"]]
    if fixed is None:
        cost = ""
    elif fixed > used:
        cost = f" (saved {counted(fixed - used, 'game')}: {_ratio(used, fixed)})"
    else:
        cost = f" ({counted(used - fixed, 'game')} more: the price of looking after every batch)"
    return f"{label}: stopped after {counted(used, 'game')} ({looks}) because {why}; {needs}{cost}"


def who_wins(row: dict, labels: list[tuple[str, str]]) -> str:
    """Who won the games of one point of a sweep, most wins first: each seat's or
    side's share and count (those with equal wins together: a team's), then the
    draws.  ``labels``: each win rate's column and its name for people
    (:func:`~explorer.whatif.readout.seat_labels`).

    >>> seats = [("win_seat_0", "seat 0"), ("win_seat_1", "seat 1"), ("win_seat_2", "seat 2")]
    >>> who_wins({"games": 300, "win_seat_0": 92 / 300, "win_seat_1": 209 / 300, "draw": 0.0}, seats)
    'seat 1 70% (209), seat 0 31% (92)'
    >>> who_wins({"games": 10, "win_seat_0": 0.5, "win_seat_1": 0.4, "win_seat_2": 0.5, "draw": 0.1}, seats)
    'seats 0 and 2 50% (5), seat 1 40% (4), 1 draw'
    >>> who_wins({"games": 4, "win_heroes": 0.25, "win_villains": 0.75}, [("win_heroes", "Heroes"),
    ...                                                                   ("win_villains", "Villains")])
    'Villains 75% (3), Heroes 25% (1)'
    """
    games = int(row["games"])
    by: dict[int, list[str]] = {}
    for column, label in labels:
        p = row.get(column, math.nan)
        if p == p:  # NaN: a seat that does not play here
            by.setdefault(round(p * games), []).append(label)
    parts = [f"{_together(names)} {100 * wins / games:.0f}% ({wins})"
             for wins, names in sorted(by.items(), key=lambda kv: -kv[0])]
    draws = round(row.get("draw", 0.0) * games)
    if draws:
        parts.append(f"{draws} draw{'s' if draws > 1 else ''}")
    return ", ".join(parts)


def _together(names: list[str]) -> str:
    """Names joined in words; seats by their numbers ("seats 0 and 2")."""
    if len(names) > 1 and all(n.startswith("seat ") for n in names):
        return "seats " + _and([n.removeprefix("seat ") for n in names])
    return _and(names)


def _and(words: list[str]) -> str:
    """``a, b and c``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def endings_rows(frame, param: str = "variant", winners: bool = False) -> tuple[list[str], list[list[str]]]:
    """How the games of each point of a sweep ended (Doomtrooper's variants, say), as a
    header and rows: the games, their length, and the count of each ending that
    happened, the turn cap last (a game cut there never reached an end of its own);
    with ``winners``, also who won them (:func:`who_wins`)."""
    from .readout import seat_labels

    ends = [c for c in frame.columns if c.startswith("end_") and not c.endswith(("_ci_low", "_ci_high"))]
    ends.sort(key=lambda c: c == "end_turn_cap")
    labels = seat_labels(frame.attrs["game"], frame) if winners else []
    titles = spec(frame.attrs["game"]).choice_titles.get(param, {})
    header = [param.replace("_", " "), "players", "turns", *(["who wins"] if winners else []), "how the games ended"]
    rows = []
    for r in frame.to_dict("records"):
        games = int(r["games"])
        parts = [f"{c[4:].replace('_', ' ')} {round(r[c] * games)}" for c in ends if r[c] > 0]
        rows.append([titles.get(r[param], str(r[param])), str(int(r["seats"])), f"{r['turns']:.0f}",
                     *([who_wins(r, labels)] if winners else []), f"{games} games: " + ", ".join(parts)])
    return header, rows


def endings_text(frame, param: str = "variant", winners: bool = False) -> str:
    """:func:`endings_rows` as aligned text."""
    header, rows = endings_rows(frame, param, winners)
    return _columns([header, *rows])


def kept_text(frame) -> str:
    """Where a kept run (:func:`~explorer.whatif.stored.recorded`) comes from: the commit
    that played it, and whether today's rules and bots still play it as they did (the
    same code, or code that plays its stamped probe games alike); a run whose rows were
    played at several commits names each (and its variants, those the rules or bots
    have changed for)."""
    commits = list(dict.fromkeys(str(c) for c in frame["commit"])) if "commit" in frame and len(frame) else []
    if len(commits) > 1 and "current" in frame:
        old = frame[~frame["current"].astype(bool)]  # the rows today's rules or bots play otherwise, only those
        stale = list(dict.fromkeys(str(v) for v in old["variant" if "variant" in old else "commit"]))
        when = "played at commits " + _and(commits)
        if not stale:
            return when + "; today's rules and bots still play it as they did"
        return when + ("; the rules or bots have changed since for " + ", ".join(stale)
                       + ": run the bench again for today's numbers")
    when = f"played at commit {frame.attrs['commit']}" if frame.attrs.get("commit") else "played by an earlier run"
    return when + ("; today's rules and bots still play it as they did" if frame.attrs["current"]
                   else "; the rules or bots have changed since: run the bench again for today's numbers")


def skill_by_variant_text(tables) -> str:
    """Several :func:`~explorer.whatif.skill.skill` tables of one game and one pair of
    bots as one table, a variant a row: the strong bot's wins over every seat (with the
    interval), then at each seat, so variants read side by side; when the variants were
    played at different commits, which played each (and whether its rules and bots
    have changed since)."""
    a = tables[0].attrs
    mixed = len({(t.attrs.get("commit"), t.attrs.get("current")) for t in tables}) > 1
    rows = [["variant", "the strong bot wins (95% interval)", "at each seat, from seat 0", "an even share"]
            + (["played at"] if mixed else [])]
    for t in tables:
        *seats, every = t.to_dict("records")
        rows.append([variant_title(t.attrs), rate(every["wins"], every["ci_low"], every["ci_high"], every["games"]),
                     ", ".join(f"{100 * r['wins']:.0f}%" for r in seats), f"{100 * every['even']:.0f}%"]
                    + ([f"{t.attrs.get('commit', '')}{'' if t.attrs.get('current', True) else ' (older rules or bots)'}"]
                       if mixed else []))
    return f"{a['strong']} against {a['weak']}, {spec(a['game']).title}\n" + _columns(rows)


def kept_skill_text(path, by_variant: bool = False) -> str:
    """A skill run kept by ``bench/bench_designer.py --skill-out`` as a page shows it:
    where it comes from (:func:`kept_text`), then each variant's table (``by_variant``:
    one table, a variant a row, :func:`skill_by_variant_text`)."""
    from .skill import skill_tables
    from .stored import recorded

    frame = recorded(path)
    tables = skill_tables(frame)
    shown = [skill_by_variant_text(tables)] if by_variant else [skill_text(t) for t in tables]
    return "\n\n".join([kept_text(frame)] + shown)


def _ratio(used: int, fixed: int) -> str:
    return f"{used / fixed:.0%} of the fixed run" if fixed and math.isfinite(used / fixed) else "no fixed run"


__all__ = ["cards_text", "changed_text", "endings_rows", "endings_text", "kept_skill_text", "kept_text", "rate",
           "reach_said", "reach_text", "seat_or_deck_text", "seat_words", "sequential_text", "setting_words", "signed",
           "skill_by_variant_text", "skill_text", "unchanged_text", "unused_text", "value_title", "variant_title",
           "who_wins"]
