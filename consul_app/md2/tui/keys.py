"""Every MD2 action's key, in one table: the screen's bindings, its help and README's keys
come from it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Key:
    key: str
    """Textual's key name(s), comma separated."""
    shown: str
    """As the help and README show it."""
    action: str
    description: str
    section: str
    short: str = ""
    """The word the keys line shows (none: not shown there, only in the help)."""


KEYS: tuple[Key, ...] = (
    Key("1", "1", "start_turn('bard')", "The Bard's turn (the chords move)", "Round", "Bard"),
    Key("2", "2", "start_turn('tinkerer')", "The Tinkerer's turn", "Round", "Tinkerer"),
    Key("e", "e", "end_turn", "End the turn", "Round", "end turn"),
    Key("p", "p", "enemy_phase", "The enemy phase (bombs explode)", "Round", "enemy phase"),
    Key("x", "x", "explode", "A bomb explodes (by zone)", "Round", "explode"),
    Key("n", "n", "end_round", "End the round", "Round", "end round"),
    Key("T", "T", "town", "The Town Phase (campaign)", "Round", "town"),
    Key("N", "N", "quest", "A new quest (campaign)", "Round", "quest"),
    Key("plus,equals_sign", "+", "mana(1)", "Mana +1", "Both"),
    Key("minus", "-", "mana(-1)", "Mana -1", "Both"),
    Key("M", "M", "mana(3)", "Mana +3", "Both"),
    Key("o", "o", "place_note", "Place a note (3 Mana)", "Bard", "note"),
    Key("v", "v", "move_note", "Move a note (3 Mana)", "Bard", "move"),
    Key("i", "i", "equip_instrument", "Equip an instrument", "Bard", "instrument"),
    Key("I", "I", "unequip_instrument", "Unequip an instrument", "Bard"),
    Key("g", "g", "gain_instrument", "Two items of a tier: its instrument", "Bard", "gain"),
    Key("s", "s", "learn_song", "Learn a song", "Bard", "song"),
    Key("b", "b", "place_bomb", "Place a bomb in a zone", "Tinkerer", "bomb"),
    Key("d", "d", "draw_gizmo", "Draw a gizmo", "Tinkerer", "gizmo"),
    Key("z", "z", "spend_gizmo", "Spend a gizmo: an effect", "Tinkerer", "spend"),
    Key("f", "f", "trade_gizmo", "Trade a gizmo at the Forge", "Tinkerer", "forge"),
    Key("a", "a", "exo_armor", "Gain an Exo-Armor part", "Tinkerer", "exo"),
    Key("c", "c", "create_construct", "Create a construct", "Tinkerer", "build"),
    Key("y", "y", "activate_construct", "Activate a construct", "Tinkerer", "activate"),
    Key("k", "k", "construct_kill", "A construct kills (XP)", "Tinkerer", "kill"),
    Key("K", "K", "construct_killed", "A construct is killed", "Tinkerer"),
    Key("l", "l", "skill", "Set a skill level", "Tinkerer", "skill"),
    Key("q", "q", "equip_item", "Equip or stow an item", "Tinkerer"),
    Key("Q", "Q", "drop_item", "Discard an item", "Tinkerer"),
    Key("u,ctrl+z", "u", "undo", "Undo", "Game", "undo"),
    Key("r,ctrl+y", "r", "redo", "Redo", "Game", "redo"),
    Key("L", "L", "log", "The whole log", "Game"),
    Key("question_mark", "?", "help", "All the keys", "Game", "keys"),
    Key("ctrl+q", "ctrl+q", "quit", "Quit (the game is saved)", "Game"),
)
SECTIONS = ("Round", "Both", "Bard", "Tinkerer", "Game")


def keys_line(*sections: str) -> str:
    """"o note  v move  ...": the short keys of `sections`, for the keys line."""
    return "  ".join(f"{k.shown} {k.short}" for k in KEYS if k.section in sections and k.short)


CONTEXT = {
    "between turns": ("start_turn('bard')", "start_turn('tinkerer')", "enemy_phase"),
    "bard": ("place_note", "move_note", "equip_instrument", "gain_instrument", "learn_song",
             "end_turn"),
    "tinkerer": ("place_bomb", "draw_gizmo", "spend_gizmo", "trade_gizmo", "exo_armor",
                 "create_construct", "activate_construct", "construct_kill", "skill",
                 "end_turn"),
    "enemy": ("explode", "end_round", "town"),
    "town": ("quest",),
}
"""What the keys line offers at each moment (every key is in the help, `?`)."""


def context_keys(moment: str, campaign: bool) -> str:
    """The keys line at `moment` (a key of CONTEXT): its keys, Mana, undo, redo, the help."""
    by_action = {k.action: k for k in KEYS}
    wanted = [a for a in CONTEXT[moment] if campaign or a not in ("town", "quest")]
    parts = [f"{by_action[a].shown} {by_action[a].short}" for a in wanted]
    return "  ".join([*parts, "+/- Mana", "u/r undo/redo", "? keys"])
