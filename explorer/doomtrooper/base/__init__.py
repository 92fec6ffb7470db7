"""The basic rules of Doomtrooper, the "Notes from the Masters" (Sabotage,
Immunity, Freelancers, ...), the Advanced Vehicle Rules and multi-player games:
one module per rulebook topic, each registering its actions."""
