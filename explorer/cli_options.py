"""The types of the command line's options (``python -m explorer``): each reads
one option's text and refuses what is out of range with a message saying what is
wanted, which the command line prints as one ``error:`` line."""

from __future__ import annotations

import argparse


def count(text: str) -> int:
    """A number of things, at least 1: ``100``, ``10_000``, ``1e6`` or ``10**12``."""
    try:
        if "**" in text:
            base, exp = text.split("**")
            value = int(base) ** int(exp) if int(exp) <= 64 else None
        elif "e" in text.lower():
            mantissa, exp = text.lower().split("e")
            value = int(mantissa) * 10 ** int(exp) if 0 <= int(exp) <= 64 else None
        else:
            value = int(text)
    except ValueError:
        value = None
    if value is None:
        raise argparse.ArgumentTypeError(f"expected a whole number such as 100, 1e6 or 10**12, not {text!r}")
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def port(text: str) -> int:
    """A TCP port: 1 to 65535, or 0 for any free one."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, not {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 1 to 65535 (or 0: any free port), not {value}")
    return value


#: The most pre-heated kernels per page: each is a Python process for every notebook.
MAX_POOL = 8


def pool_size(text: str) -> int:
    """Pre-heated kernels per page: 0 (none) to :data:`MAX_POOL`."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if not 0 <= value <= MAX_POOL:
        raise argparse.ArgumentTypeError(f"must be 0 to {MAX_POOL} kernels per page, not {value}")
    return value


def seed_text(text: str) -> str:
    """A run's seed: any word or number, not blank (game i is seeded 'SEED#i')."""
    if not text.strip():
        raise argparse.ArgumentTypeError("give a number or a word, not a blank")
    return text


#: The Dask address schemes a scheduler given on the command line may have (an
#: in-process one lives in the caller's process: only the library can use it).
SCHEMES = ("tcp", "tls")


def scheduler(text: str) -> str:
    """Where a what-if run plays: ``serial`` or a Dask scheduler address."""
    from urllib.parse import urlsplit

    if text == "serial":
        return text
    try:
        parts = urlsplit(text)
        ok = parts.scheme in SCHEMES and bool(parts.hostname) and parts.port != 0
    except ValueError:  # a port that is not a number, or out of range
        ok = False
    if not ok:
        raise argparse.ArgumentTypeError(f"expected 'serial' or a Dask scheduler address such as "
                                         f"tcp://host:8786, not {text!r}")
    return text


def reachable(address: str | None) -> None:
    """Refuse a scheduler address nobody answers at, before any game is played."""
    import socket
    from urllib.parse import urlsplit

    if address is None or address == "serial":
        return
    parts = urlsplit(address)
    try:
        socket.create_connection((parts.hostname, parts.port or 8786), timeout=5).close()
    except OSError as exc:
        raise ValueError(f"--scheduler {address}: nobody answers there ({exc.strerror or exc})") from None


__all__ = ["MAX_POOL", "SCHEMES", "count", "pool_size", "port", "reachable", "scheduler", "seed_text"]
