"""Villains built in code for tests (imported as ``from factories import make``)."""

from explorer.asylum import Villain


def make(name, pa=3, pd=3, ma=3, md=3, q=3, **kw):
    """A villain with stats given positionally (PA, PD, MA, MD, Q)."""
    return Villain(name=name, physical_attack=pa, physical_defense=pd, mental_attack=ma,
                   mental_defense=md, quickness=q, **kw)
