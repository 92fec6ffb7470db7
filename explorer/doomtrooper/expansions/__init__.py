"""The Doomtrooper Expansion Rules (Inquisition, Warzone, Mortificator, Golgotha,
Apocalypse, Paradise Lost) and the 1st Edition Rule Additions: each a switch of
the rules file; off, a module here changes nothing."""
