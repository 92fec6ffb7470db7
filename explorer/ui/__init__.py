"""Widgets and plots for the notebooks: ipywidgets and plotly over the game
packages.  The game packages never import this one, and this package imports no
game: the generic parts live here (:mod:`.stepper`, :mod:`.common`,
:mod:`.whatif`, :mod:`.distribution`, :mod:`.dice`), each game's widgets in its own subpackage (:mod:`.asylum`,
:mod:`.victorian`, :mod:`.doomtrooper`), which imports only its game, the core
and the generic parts.
"""
