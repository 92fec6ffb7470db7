"""Helpers for tests: villains built in code, and scripted dice
(``from factories import Rolls, make``)."""

from explorer.asylum import Villain


def make(name, pa=3, pd=3, ma=3, md=3, q=3, **kw):
    """A villain with stats given positionally (PA, PD, MA, MD, Q)."""
    return Villain(name=name, physical_attack=pa, physical_defense=pd, mental_attack=ma,
                   mental_defense=md, quickness=q, **kw)


class Rolls:
    """A chance that answers each roll from a script, checking the value can happen."""

    def __init__(self, *values):
        self.values = list(values)

    def roll(self, dist):
        value = self.values.pop(0)
        assert value in dist, f"{value!r} cannot be rolled on {dist!r}"
        return value
