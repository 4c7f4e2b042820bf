"""The rule texts the steps show, in short (the rules are in ../shared/rules/)."""

from __future__ import annotations

NONE_LEFT = "none left to spawn"
"""A Spawn Mini-Boss space reached with no mini-boss left (its step is done at once)."""

PLACE_MONSTERS = (
    "Place each within three squares and line of sight of any spawning point (any spawning point, "
    "in any combination); a large base needs one square within three. Monsters that do not fit "
    "stay in the spawning pool."
)
PLACE_AT_EXIT = (
    "adjacent to any dungeon exit in the second or third tile (anywhere in the dungeon if there "
    "is no room there)"
)
ONE_MINI_BOSS = "Only one mini-boss may be on the dungeon at a time."
BONUS_RULE = (
    "Permanent and cumulative: every monster but the dungeon boss gains it, the mini-boss and "
    "later spawns included, unless the bonus says otherwise. Place its reference card next to "
    "the monster cards."
)
FK_BONUS_RULE = "Cumulative: only elite and minion monsters gain the ladder's bonuses."
PETS_RULE = "Pets gain every bonus as if they were 8-Bit monsters."
NO_PETS = "No pets bundled: add yours as your own content (a monster of rank pet)."
RELIC_NOT_APPLIED = "part of it not applied: use your card"
"""A relic choice whose effect the app cannot apply whole (`Relic.not_applied`)."""
NO_BONUSES_1_0 = "SDE 1.0: monsters gain no bonuses (its rules give none)."
SUMMON_1_0 = (
    "in unoccupied squares at least 10 squares from every hero (as close to 10 as possible if "
    "it cannot)"
)
SPECIAL_HEALING = (
    "Special healing: each time the boss rolls a heart and inflicts a wound with an attack, it "
    "may remove one status effect."
)
FK_ACTIVATION = (
    "A Super monster: activate it every Consul turn in addition to the four skull points of "
    "monsters."
)
ACTIVATES_TWICE = "It may activate twice this round: a spawning point is still on the board."
