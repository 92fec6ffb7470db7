"""Results kept in a file beside a notebook or a script: written once, read back while
the rules code and data that played them are unchanged (their fingerprint), played
again after any change.  A sweep keeps one row per point (:func:`explorer.whatif.sweep`),
a comparison one row per metric (:func:`explorer.whatif.compare`), the stakes one row
per seat and kind of decision (:func:`explorer.whatif.stakes`), skill against luck one row
per seat (:func:`explorer.whatif.skill`), the seat or the deck one row per seat, deck and
deck in a seat (:func:`explorer.whatif.seat_or_deck`), the cards that win one row per card
(:func:`explorer.whatif.card_stats`): each with ``out=`` (:func:`keep`).

A long run kept for a page (:func:`recorded`) can also carry the hash of what its code
did (:mod:`explorer.whatif.probe`, stamped by :func:`stamp`): a row whose code has
changed since, but whose probe games come out alike, is still current."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from .fingerprint import code_files, fingerprint, seats_search
from .kinds import KINDS, run_kind


def row_fingerprint(row: Mapping[str, Any]) -> str:
    """The fingerprint of the code and data as they are now, for the run a stored
    row describes (its game and its ``setting:`` columns)."""
    return fingerprint(str(row["game"]), _settings(row))


def _settings(row: Mapping[str, Any]) -> dict[str, Any]:
    """A stored row's ``setting:`` columns, by setting name."""
    return {k.partition(":")[2]: v for k, v in row.items() if str(k).startswith("setting:")}


def row_behaviour(row: Mapping[str, Any]) -> str | None:
    """What today's code does with the run a stored row describes
    (:func:`explorer.whatif.probe.behaviour`): its rules, its game settings, and the
    search bot's probes if the run seats it; None if its rules cannot be read or
    played (the row can only be current by its fingerprint).  A data file that cannot
    be read raises its :class:`~explorer.core.data.DataError`."""
    from ..core.data import DataError
    from .probe import behaviour, row_rules, row_settings

    try:
        return behaviour(str(row["game"]), row_rules(row), row_settings(row), seats_search(_settings(row)))
    except DataError:
        raise  # a data file the designer broke: said as such, not as a stale row
    except (ValueError, KeyError):
        return None


#: the files results are kept in
RESULT_SUFFIXES = (".parquet", ".csv")


def check_out(out: str | os.PathLike, suffixes: tuple[str, ...] = RESULT_SUFFIXES,
              what: str = "results") -> Path:
    """The file ``out`` to write ``what`` to, checked before any game is played:
    named with one of ``suffixes``, in a folder that exists, not a folder itself, and
    (a file yet to be made) one that can be written (a ValueError says which)."""
    path = Path(out)
    if path.suffix not in suffixes:
        raise ValueError(f"write {what} to a {' or '.join(suffixes)} file, not {str(out)!r}")
    folder = path.parent
    if not folder.is_dir():
        why = "is a file, not a folder" if folder.exists() else "does not exist"
        raise ValueError(f"cannot write {str(out)!r}: {str(folder)!r} {why}")
    if path.is_dir():
        raise ValueError(f"cannot write {str(out)!r}: it is a folder")
    if not path.exists():  # it will be written: try now (a kept file is tried when it must be, by writable)
        writable(path)
    return path


def writable(path: Path) -> None:
    """Refuse, as a ValueError, a file that cannot be written, before a run that would
    write it is played.  Only then: a page whose kept runs are current reads them from a
    folder it may not write (a read-only install)."""
    tmp = _tmp(path)  # what write_rows writes first: try it now
    try:
        tmp.touch()
        tmp.unlink()
    except OSError as exc:
        raise ValueError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None


def _tmp(path: Path) -> Path:
    """Where this process writes ``path`` before moving it into place: its own name, so two
    kernels of one page (the app keeps two ready) playing the same stale run at once
    never write into each other's half-written file; the last to finish wins, whole.

    >>> _tmp(Path("runs/a.parquet")).name == f"a.parquet.{os.getpid()}.tmp"
    True
    """
    return path.with_name(f"{path.name}.{os.getpid()}.tmp")


def write_rows(path: Path, rows: list[dict[str, Any]]) -> None:
    """Write ``rows`` to ``path`` (.csv or .parquet) whole, or not at all."""
    import pandas as pd

    frame = pd.DataFrame(rows)
    tmp = _tmp(path)
    if path.suffix == ".csv":
        frame.to_csv(tmp, index=False)
    else:
        frame.to_parquet(tmp, index=False)
    os.replace(tmp, path)


def read_rows(path: Path, what: str = "what-if results", advice: str = ": use another output file"):
    """The results stored in ``path`` as a DataFrame, or None for an empty file; a
    file that cannot be read, or holds no ``what`` of ours, is a ValueError ending
    with ``advice`` (for a file about to be written over: use another)."""
    import pandas as pd

    if path.suffix not in RESULT_SUFFIXES:
        raise ValueError(f"{path}: {what} are read from .parquet or .csv files")
    if not path.stat().st_size:
        return None
    try:
        old = pd.read_csv(path) if path.suffix == ".csv" else pd.read_parquet(path)
    except (ValueError, OSError) as exc:
        raise ValueError(f"{path} cannot be read as {path.suffix[1:]} ({str(exc).splitlines()[0]}){advice}") from None
    if "fingerprint" not in old.columns or "game" not in old.columns:
        raise ValueError(f"{path} holds no {what} (it has no fingerprint column){advice}")
    return old


def kept_rows(path: Path, meta: Mapping[str, Any], what: str = "what-if results") -> list[dict[str, Any]] | None:
    """The rows ``path`` holds for the run ``meta`` describes (its game, seed, games,
    settings, fingerprint...): None when there is no file, an empty one, or one played
    by other rules, code or data (to be played again; code that plays its stamped
    probe games alike counts as the same, :func:`stamp`); a ValueError when the file
    holds another run."""
    if not path.exists():
        return None
    old = read_rows(path, what)
    if old is None or not len(old):
        return None
    rows = old.to_dict("records")
    check_run(path, rows[0], meta, what)  # (first: a stale file of another run is not written over)
    return None if row_states(rows[:1]) == ["stale"] else rows


def run_meta(game: str, settings: Mapping[str, Any], **run: Any) -> dict[str, Any]:
    """What each kept row of a run says of it: its ``game``, the fields of ``run`` (its
    kind, variant, seed, games...), each of the game's ``settings`` as a ``setting:``
    column, and the fingerprint of the code and data that play it.

    >>> meta = run_meta("asylum", {"policy": "greedy"}, run="skill", seed="1")
    >>> [k for k in meta if k != "fingerprint"]
    ['game', 'run', 'seed', 'setting:policy']
    """
    return {"game": game, **run, **{f"setting:{k}": v for k, v in settings.items()},
            "fingerprint": fingerprint(game, settings)}


def keep(path: Path | None, meta: Mapping[str, Any], what: str,
         play: Callable[[], list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The rows of the run ``meta`` describes (:func:`run_meta`): read back from ``path``
    while the code and data that played them still play them alike (:func:`kept_rows`),
    else played by ``play()`` and written there, each row with ``meta`` and the run's
    probe hash (:func:`stamp`).  ``path`` None: played, and kept nowhere.  A row's own
    columns must not share a name with ``meta``'s."""
    if path is not None:
        rows = kept_rows(path, meta, what)
        if rows is not None:
            return rows
        writable(path)  # a file not there, or not current: it will be written
    rows = play()
    if path is not None:
        stamped = {**meta, "behaviour": row_behaviour(meta) or ""}
        write_rows(path, [{**row, **stamped} for row in rows])
    return rows


def check_run(path: Path, row: Mapping[str, Any], meta: Mapping[str, Any], what: str,
              hint: str = "use another output file, or the same settings") -> None:
    """Refuse, as a ValueError naming both, a kept ``row`` of another run than the one
    ``meta`` describes (its kind, game, seed, games, base, settings...; the fingerprint is
    judged apart).  A row without a base was played on the data as it is."""
    from .variants import BASE

    kind, asked = run_kind(row), run_kind(meta)
    if kind != asked:
        raise ValueError(f"{path} holds {KINDS.get(kind, kind)}, not {KINDS[asked]}: use another output file")
    for k, v in {"base_rules": None, **meta}.items():
        if k not in ("fingerprint", "run") and _text(row.get(k)) != _text(v):
            held = (f"on {row.get(k) or BASE.describe()}, not on {v or BASE.describe()}" if k == "base_rules"
                    else f"with {k} = {row.get(k)!r}, not {v!r}")
            raise ValueError(f"{path} holds {what} {held}: {hint}")


def _text(value: Any) -> str:
    """A kept value as text, to compare with the run asked for: a value left out (None)
    reads back from a .csv file as NaN, and is the same.

    >>> _text(float("nan")), _text(None), _text(3), _text("3")
    ('None', 'None', '3', '3')
    """
    return "None" if value is None or (isinstance(value, float) and value != value) else str(value)


def kept(path: str | os.PathLike) -> Path:
    """Where a page keeps a run (the ``out=`` of its sweep or comparison): ``path``
    itself while the data in use is the explorer's own; while ``EXPLORER_DATA`` points
    at a copy being tried, its counterpart in that copy's ``kept/`` folder (under the
    same folder names as beside the notebooks), started as a copy of the page's file.
    The rows the edit leaves current are read back from it, the ones it changes are
    played again and written there: trying an edit never writes over a file of the
    checkout, and going back to the checkout's data finds its runs as they were.

    >>> kept("variant_games.parquet").name   # beside the page, or kept with a copy being tried
    'variant_games.parquet'
    """
    from ..core.data import data_dir, own_data_dir

    path, data, own = Path(path), data_dir(), own_data_dir().resolve()
    if data.resolve() == own:
        return path
    full, notebooks = path.resolve(), own.parent / "notebooks"
    there = data / "kept" / (full.relative_to(notebooks) if full.is_relative_to(notebooks) else path.name)
    if not there.exists():
        try:
            there.parent.mkdir(parents=True, exist_ok=True)
            if path.exists():  # whole or not at all, as write_rows writes
                tmp = _tmp(there)
                shutil.copyfile(path, tmp)
                os.replace(tmp, there)
        except OSError as exc:
            raise ValueError(f"cannot keep runs for the data in {data}: {exc.strerror or exc} (the folder "
                             f"{there.parent} is where runs played on that data are kept)") from None
    return there


def recorded(path: str | os.PathLike):
    """A sweep kept by a bench run too long to play again on a page: its rows as a
    DataFrame, read whatever code wrote them, with ``attrs["current"]`` saying
    whether the rules code and data are still the ones that played it, or play its
    probe games alike (:func:`stamp`), so a page can say so instead of playing it
    again, and ``attrs["commit"]`` the commit the run recorded, if it did.  A run
    can join rows played at several commits (a long run played again a variant at a
    time): its ``current`` column says it of each row."""
    path = Path(path)
    if not path.exists():
        raise ValueError(f"no recorded run at {path}: make it with the command its page names")
    frame = read_rows(path, "recorded results")
    if frame is None or not len(frame):
        raise ValueError(f"{path} holds no rows: make it again with the command its page names")
    frame["current"] = [state != "stale" for state in row_states(frame.to_dict("records"))]
    first = frame.iloc[0]
    frame.attrs["game"] = str(first["game"])
    frame.attrs["current"] = bool(frame["current"].all())
    frame.attrs["commit"] = str(first["commit"]) if "commit" in frame else ""
    return frame


def row_states(rows: list[dict[str, Any]]) -> list[str]:
    """Each kept row's standing today: ``current`` (the code and data that played it),
    ``alike`` (the code changed, but its stamped probe games come out as they did)
    or ``stale``.  Today's fingerprint is computed once per game and settings, the
    behaviour (once per process for each run's rules) only where a fingerprint differs."""
    return [state for state, _ in _standing(rows)]


def _standing(rows: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """Each row's standing (:func:`row_states`) with today's fingerprint for its run."""
    now: dict[tuple, str] = {}
    out = []
    for row in rows:
        key = tuple((k, str(v)) for k, v in row.items() if k == "game" or str(k).startswith("setting:"))
        if key not in now:
            now[key] = row_fingerprint(row)
        stamped = row.get("behaviour")
        if str(row["fingerprint"]) == now[key]:
            state = "current"
        elif isinstance(stamped, str) and stamped:
            state = "alike" if stamped == row_behaviour(row) else "stale"
        else:
            state = "stale"
        out.append((state, now[key]))
    return out


def stamp(path: str | os.PathLike) -> dict[str, int]:
    """Keep with each row of the run kept in ``path`` the hash of what today's code
    does (:mod:`explorer.whatif.probe`), so a later change to the code that plays
    its probe games alike leaves the row current: rows played by today's code get
    the hash; rows whose code changed but whose stamped hash is today's take
    today's fingerprint (their ``commit`` still says where they were played); stale
    rows are left as they are, to be played again.  The file is written only if a
    row changed.  Returns how many rows were ``stamped``, ``alike`` and ``stale``.
    """
    path = Path(path)
    frame = read_rows(path, "recorded results")
    if frame is None:
        return {"stamped": 0, "alike": 0, "stale": 0}
    rows = frame.to_dict("records")
    counts = {"stamped": 0, "alike": 0, "stale": 0}
    changed = False
    for row, (state, today) in zip(rows, _standing(rows)):
        if state == "stale":
            counts["stale"] += 1
            continue
        counts["stamped" if state == "current" else "alike"] += 1
        fresh = {"fingerprint": today, "behaviour": row_behaviour(row) or ""}
        if any(row.get(k) != v for k, v in fresh.items()):
            row.update(fresh)
            changed = True
    if changed:
        write_rows(path, rows)
    return counts


__all__ = ["KINDS", "check_out", "check_run", "code_files", "fingerprint", "keep", "kept", "kept_rows", "read_rows",
           "recorded", "row_behaviour", "row_fingerprint", "row_states", "run_kind", "run_meta", "seats_search",
           "stamp", "writable", "write_rows"]
