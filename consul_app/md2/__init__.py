"""Massive Darkness 2, the Heroes & Monster Set "Bards & Tinkerers": the hero dashboards of
the Bard and the Tinkerer, a second game beside Super Dungeon Explore.

`content` reads its YAML (songs, instruments, gizmo effects, constructs); `rules` is its pure
engine (no textual, no clock, no randomness: the dice and the treasure bag are on the table).
"""
