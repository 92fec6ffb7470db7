"""The ``reference`` command: a game's quick reference as one static, printable page
(:mod:`explorer.reference`); and ``check``'s line of a game's live examples."""

from __future__ import annotations

import argparse


def add_reference(sub: argparse._SubParsersAction) -> None:
    """Declare ``reference GAME --out FILE``."""
    from .games import GAMES

    r = sub.add_parser("reference", help="write a game's quick reference: one static, printable page",
                       epilog="The page needs no script and no internet: open it in a browser or print it.")
    r.add_argument("game", choices=list(GAMES), help="which game")
    r.add_argument("--out", required=True, help="the HTML file to write (in an existing folder)")


def reference(args: argparse.Namespace) -> int:
    """Write the page; a file that cannot be written there (no such folder, a folder
    in the way, no permission) is the user's mistake, said before the page is built."""
    from . import reference as page
    from .whatif.stored import check_out

    print(f"wrote {page.write(args.game, check_out(args.out, ('.html',), 'the page'))}")
    return 0


def print_coverage(game: str) -> None:
    """``check``: print how many of ``game``'s rule sections have a live example (the
    stored ones, counted; the tests replay them)."""
    from .core.examples import coverage_line
    from .core.rulebook import sections
    from .games import spec

    print(coverage_line(spec(game).title, game, sections(game)))
