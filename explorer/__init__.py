"""The rules explorer: three tabletop rulebooks as code you can step through,
question and change.  Game packages: :mod:`explorer.asylum` (Doom Asylum)."""

__version__ = "0.1.0"
