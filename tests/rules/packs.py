"""Small hand-made content packs for the rules tests (independent of the bundled charts)."""

from __future__ import annotations

from typing import Any

from msgspec import structs

from consul_app.content.models import (
    Bonus,
    Chart,
    ChartSpace,
    DungeonBoss,
    FightCard,
    MiniBoss,
    Monster,
    PowerGauge,
    Relic,
    SpawningPoint,
    StatusEffect,
)
from consul_app.content.pack import EditionPack
from consul_app.content.validate import validate
from consul_app.rules import (
    Action,
    AnswerSighting,
    ChooseBonus,
    ConfirmStep,
    EndTurn,
    EquipRelics,
    GameState,
    PlacedSpawningPoint,
    Setup,
    SpawnMiniBoss,
    Step,
    apply,
    power_up_steps,
)


def _fill(pack: EditionPack, kind: str, model: type, entries: list[dict[str, Any]]) -> None:
    for entry in entries:
        item = validate(model, {"edition": pack.edition, **entry})
        pack.kind(kind)[item.id] = item


def _common(pack: EditionPack, att: str = "STR") -> None:
    _fill(
        pack,
        "monsters",
        Monster,
        [
            {
                "id": "kobold",
                "name": "Kobold",
                "rank": "minion",
                "bits": "8-bit",
                "hearts": 1,
                "skull_points": 1,
                "stats": {att: "1B", "ARM": "1B", "DEX": "1B"},
                "attacks": [{"rolls": att, "range": 1}, {"rolls": "DEX", "range": 4}],
            },
            {
                "id": "kobold-elite",
                "name": "Kobold Elite",
                "rank": "elite",
                "bits": "8-bit",
                "hearts": 2,
                "skull_points": 2,
                "stats": {att: "2B", "ARM": "1R", "WILL": "1B"},
                "attacks": [{"rolls": att}],
            },
            {
                "id": "dragon",
                "name": "Dragon",
                "rank": "elite",
                "bits": "16-bit",
                "hearts": 6,
                "skull_points": 4,
                "base": "large",
                "stats": {att: "2R", "ARM": "2B"},
                "attacks": [{"rolls": att}],
            },
            {
                "id": "cat",
                "name": "Cat",
                "rank": "pet",
                "bits": "8-bit",
                "hearts": 2,
                "stats": {att: "1B", "ARM": "1B"},
                "attacks": [{"rolls": att}],
            },
        ],
    )
    _fill(
        pack,
        "spawning_points",
        SpawningPoint,
        [
            {
                "id": "burrow",
                "name": "Burrow",
                "hearts": 4,
                "pool": [
                    {"monster": "kobold", "count": 4},
                    {"monster": "kobold-elite", "count": 2},
                ],
            },
            {
                "id": "nest",
                "name": "Nest",
                "hearts": 4,
                "pool": [{"monster": "dragon", "count": 1}, {"monster": "kobold", "count": 2}],
            },
            {
                "id": "twin",
                "name": "Twin Idol",
                "hearts": 3,
                "models": 2,
                "paired": True,
                "paired_with": ["twin"],
                "pool": [{"monster": "kobold", "count": 3}],
            },
            {
                "id": "left-gate",
                "name": "Left Gate",
                "hearts": 3,
                "paired": True,
                "paired_with": ["right-gate"],
                "pool": [{"monster": "kobold-elite", "count": 1}],
            },
            {
                "id": "right-gate",
                "name": "Right Gate",
                "hearts": 3,
                "paired": True,
                "paired_with": ["left-gate"],
                "pool": [{"monster": "kobold-elite", "count": 1}],
            },
        ],
    )
    _fill(
        pack,
        "mini_bosses",
        MiniBoss,
        [
            {
                "id": "chief",
                "name": "Chief",
                "hearts": 6,
                "stats": {att: "2R", "ARM": "1R"},
                "attacks": [{"rolls": att}],
            },
            {"id": "queen", "name": "Queen", "hearts": 8},
        ],
    )
    _fill(
        pack,
        "status_effects",
        StatusEffect,
        [
            {"id": "poison", "name": "Poison", "text": "Loses hearts."},
            {"id": "stun", "name": "Stun", "text": "Loses an action."},
        ],
    )


def _bosses(pack: EditionPack, card: dict[str, Any]) -> None:
    _fill(
        pack,
        "dungeon_bosses",
        DungeonBoss,
        [
            {
                "id": "sidekick",
                "name": "Sidekick",
                "hearts": 4,
                "fight_card": "big-card",
                "companion": True,
            },
            {"id": "big", "name": "Big Boss", "hearts": 9, "fight_card": "big-card"},
            {"id": "even", "name": "Even Boss", "hearts": 10, "fight_card": "big-card"},
            {"id": "witch", "name": "Witch Queen", "hearts": 8, "fight_card": "big-card"},
        ],
    )
    _fill(
        pack,
        "fight_cards",
        FightCard,
        [{"id": "big-card", "name": "Big Fight", "bosses": ["big", "even", "witch"], **card}],
    )


def _bonuses(pack: EditionPack) -> None:
    _fill(
        pack,
        "bonuses",
        Bonus,
        [
            {
                "id": "offense",
                "name": "+1 blue on offense",
                "text": "Offense +1B.",
                "dice": {"roll": "offense", "add": "1B"},
            },
            {
                "id": "defense",
                "name": "+1 star on defense",
                "text": "Defense +1ST.",
                "dice": {"roll": "defense", "add": "1ST"},
            },
            {
                "id": "poisoning",
                "name": "Monsters cause Poison",
                "text": "Cause Poison.",
                "status": "poison",
            },
            {
                "id": "massive",
                "name": "Massive Damage",
                "text": "8-Bit only.",
                "ability": "Massive Damage",
                "applies_to": {"bits": ["8-bit"]},
            },
            {
                "id": "elite-str",
                "name": "Elites +1 red STR",
                "text": "Elites STR +1R.",
                "applies_to": {"ranks": ["elite"]},
                "dice": {"roll": "STR", "add": "1R"},
            },
            {
                "id": "boss-only",
                "name": "Mini-boss armour",
                "text": "Mini-boss ARM +1ST.",
                "applies_to": {"ranks": ["mini-boss"]},
                "dice": {"roll": "ARM", "add": "1ST"},
            },
        ],
    )


CARD = {
    "dungeon_effect": [{"name": "Gloom", "text": "Heroes see less."}],
    "boss_spawn": [{"name": "Roar", "text": "Heroes are stunned."}],
    "timeout": [{"name": "Quake", "text": "All models within 3 take a wound."}],
    "summoned": [{"name": "Imps", "up_to": 4}],
}

# The 2.0 standard explore chart of the tests. Space numbers are 1-based.
STANDARD = [
    {"spawn": 3, "bits": ["8-bit"]},  # 1
    {"choose_bonus": ["offense", "defense"]},  # 2
    {"boss_sighting": [1]},  # 3
    {"spawn": 4, "bits": ["8-bit", "16-bit"], "mini_boss": True},  # 4
    {"bonuses": ["massive", "poisoning"]},  # 5
    {"mini_boss": True},  # 6
    {"spawn": 2, "bits": ["8-bit"], "bonuses": ["elite-str"], "boss_sighting": [1, 2]},  # 7
    {"dungeon_boss": True},  # 8
]


def sde2_pack() -> EditionPack:
    pack = EditionPack("sde2")
    _common(pack)
    _bosses(pack, CARD)
    _fill(
        pack,
        "dungeon_bosses",
        DungeonBoss,
        [
            {
                "id": "special",
                "name": "Special Boss",
                "hearts": 12,
                "fight_card": "big-card",
                "chart": "special-chart",
            },
        ],
    )
    _bonuses(pack)
    _fill(
        pack,
        "relics",
        Relic,
        [
            {"id": "crown", "name": "Crown", "slot": "Head", "effect": "+1 ARM."},
            {
                "id": "big-sword",
                "name": "Big Sword",
                "slot": "Hand",
                "effect": "+1 STR.",
                "portrait": ["big"],
            },
            {
                "id": "odd-sword",
                "name": "Odd Sword",
                "slot": "Hand",
                "effect": "+1 DEX.",
                "portrait": ["special"],
            },
            {"id": "ring", "name": "Ring", "slot": "Ring", "effect": "+1 WILL."},
        ],
    )
    _fill(
        pack,
        "charts",
        Chart,
        [
            {
                "id": "standard",
                "name": "Standard",
                "mode": "explore",
                "size": "standard",
                "spaces": STANDARD,
            },
            {
                "id": "extended",
                "name": "Extended",
                "mode": "explore",
                "size": "extended",
                "spaces": [{"spawn": 8, "bits": ["8-bit", "16-bit"]}, {"dungeon_boss": True}],
            },
            {
                "id": "special-chart",
                "name": "Special",
                "mode": "explore",
                "boss": "special",
                "spaces": [{"bonuses": ["offense"]}, {"dungeon_boss": True}],
            },
        ],
    )
    return pack


FK_LADDER = [
    {"bonuses": ["offense"]},
    {"choose_bonus": ["defense", "elite-str"]},
    {"bonuses": ["poisoning"]},
]


def fk_pack() -> EditionPack:
    pack = EditionPack("forgotten-king")
    _common(pack)
    _bosses(pack, CARD)
    _bonuses(pack)
    _fill(
        pack,
        "charts",
        Chart,
        [
            {"id": "ladder", "name": "Ladder", "kind": "ladder", "spaces": FK_LADDER},
        ],
    )
    return pack


def classic_pack() -> EditionPack:
    pack = EditionPack("classic")
    _common(pack, att="ATT")
    _bosses(
        pack,
        {
            "dungeon_effect": [{"name": "Darkness", "text": "Line of sight is 6."}],
            "boss_spawn": [{"name": "Howl", "text": "Heroes lose a potion."}],
            "timeout": [{"name": "Rage", "text": "The boss gains an action."}],
            "timeout_summons": [
                {"monster": "kobold", "count": 2},
                {"monster": "dragon", "count": 1},
            ],
        },
    )
    _bonuses(pack)
    _fill(
        pack,
        "power_gauges",
        PowerGauge,
        [
            {
                "id": "gauge",
                "name": "Power Gauge",
                "squares": 10,
                "sixteen_bit_at": 4,
                "super_at": 8,
            },
        ],
    )
    return pack


PACKS = {"sde2": sde2_pack, "forgotten-king": fk_pack, "classic": classic_pack}


def make_setup(edition: str = "sde2", **changes: Any) -> Setup:
    """Big Boss, both mini-bosses, a Burrow on tile 2 and a Nest on tile 3, 4 tiles."""
    fields: dict[str, Any] = {
        "edition": edition,
        "boss": "big",
        "mini_bosses": ["chief", "queen"],
        "spawning_points": [
            PlacedSpawningPoint(id="burrow", tile=2),
            PlacedSpawningPoint(id="nest", tile=3),
        ],
    }
    fields.update(changes)
    return Setup(**fields)


def play(pack: EditionPack, state: GameState, *actions: Action) -> GameState:
    """Apply the actions in order. The heroes' 2.0 Equipment part (a step of its own, tested in
    test_power_up_sde2) is confirmed unless the next action confirms it itself."""
    for action, then in zip(actions, [*actions[1:], None], strict=False):
        if action != ConfirmStep(step="equipment"):
            state = skip_equipment(pack, state)
        state = apply(pack, state, action)
        if isinstance(action, EndTurn) and then != ConfirmStep(step="equipment"):
            state = skip_equipment(pack, state)
    return state


def skip_equipment(pack: EditionPack, state: GameState) -> GameState:
    """Confirm the heroes' Equipment part if it is the current step."""
    step = current(pack, state)
    if step is not None and step.key == "equipment":
        state = apply(pack, state, ConfirmStep(step="equipment"))
    return state


def current(pack: EditionPack, state: GameState) -> Step | None:
    return next((s for s in power_up_steps(pack, state) if s.current), None)


def open_keys(pack: EditionPack, state: GameState) -> list[str]:
    """Keys of the steps not done yet, in order."""
    return [s.key for s in power_up_steps(pack, state) if not s.done]


def do_step(pack: EditionPack, state: GameState) -> GameState:
    """Do the current step: its Enter action, or the first choice of a decision."""
    step = current(pack, state)
    assert step is not None, "no step is due"
    if step.action is not None:
        return apply(pack, state, step.action)
    answers: dict[str, Action] = {
        "choose-bonus": ChooseBonus(bonus=step.choices[0].id),
        "relics": EquipRelics(relics=[c.id for c in step.choices][: step.limit or 0]),
        "boss-sighting": AnswerSighting(heroes_present=False),
        "mini-boss": SpawnMiniBoss(mini_boss=step.choices[0].id),
        "timeout-mini-boss": SpawnMiniBoss(mini_boss=step.choices[0].id),
    }
    return apply(pack, state, answers[step.key])


def run_to(pack: EditionPack, state: GameState, key: str) -> GameState:
    """Do steps until `key` is the current step."""
    while (step := current(pack, state)) is not None and step.key != key:
        state = do_step(pack, state)
    assert step is not None, f"{key} never came"
    return state


def finish_steps(pack: EditionPack, state: GameState) -> GameState:
    """Do every step due (decisions take the first option, sightings answer no)."""
    while current(pack, state) is not None:
        state = do_step(pack, state)
    return state


def next_turn(pack: EditionPack, state: GameState) -> GameState:
    """End the turn and do all the steps of the power-up phase."""
    return finish_steps(pack, apply(pack, state, EndTurn()))


def with_spaces(pack: EditionPack, spaces: list[dict[str, Any]], chart: str = "standard") -> None:
    """Replace the spaces of one of the pack's charts."""
    pack.charts[chart] = structs.replace(
        pack.charts[chart], spaces=[ChartSpace(**s) for s in spaces]
    )
