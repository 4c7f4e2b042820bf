"""The rules engine: a game's state, changed only by actions. Pure and deterministic: no I/O,
no clock, no randomness, never imports textual or rich.

    state = new_game(pack, setup)            # SetupError if it cannot be played
    state = apply(pack, state, action)       # RuleError if the rules forbid it; pure
    describe(pack, action)                   # "Advance the chart to space 7"
    power_up_steps(pack, state)              # what to do now, in rule order

Everything on screen is a view computed from (pack, state); undo replays actions from
`new_game`, so the state follows from the setup and the actions alone.
"""

from consul_app.rules.actions import (
    ACTION_ADAPTER,
    Action,
    AddStatus,
    AdvanceChart,
    AdvanceGauge,
    AnswerSighting,
    ChooseBonus,
    ChooseRelics,
    ConfirmStep,
    DestroyHero,
    DestroyMiniBoss,
    DestroyMonsters,
    DestroySpawningPoint,
    EndTurn,
    Heal,
    RemoveStatus,
    Spawn,
    SpawnBoss,
    SpawnMiniBoss,
    Wound,
)
from consul_app.rules.bonus_views import (
    BonusLine,
    GroupBonuses,
    StatLine,
    bonuses_by_rank,
    monster_bonuses,
    monster_stats,
)
from consul_app.rules.boss import eligible_relics
from consul_app.rules.chart import select_chart, space_summary
from consul_app.rules.describe import describe
from consul_app.rules.engine import apply
from consul_app.rules.errors import RuleError, SetupError
from consul_app.rules.game import new_game
from consul_app.rules.prompts import Choice, Step, answer, pending_decision, power_up_steps
from consul_app.rules.setup import GameSize, PlacedSpawningPoint, Setup, default_setup
from consul_app.rules.state import GameState
from consul_app.rules.steps import StepKey
from consul_app.rules.timeout import timeout_threshold
from consul_app.rules.views import (
    BossStatus,
    GaugeStatus,
    PoolLine,
    SpaceView,
    TurnsUntil,
    boss_status,
    chart_spaces,
    current_space,
    gauge_status,
    pool,
    spawning_points_remaining,
    turns_until,
    upcoming_spaces,
)

__all__ = [
    "ACTION_ADAPTER",
    "Action",
    "AddStatus",
    "AdvanceChart",
    "AdvanceGauge",
    "AnswerSighting",
    "BonusLine",
    "BossStatus",
    "Choice",
    "ChooseBonus",
    "ChooseRelics",
    "ConfirmStep",
    "DestroyHero",
    "DestroyMiniBoss",
    "DestroyMonsters",
    "DestroySpawningPoint",
    "EndTurn",
    "GameSize",
    "GameState",
    "GaugeStatus",
    "GroupBonuses",
    "Heal",
    "PlacedSpawningPoint",
    "PoolLine",
    "RemoveStatus",
    "RuleError",
    "Setup",
    "SetupError",
    "SpaceView",
    "Spawn",
    "SpawnBoss",
    "SpawnMiniBoss",
    "StatLine",
    "Step",
    "StepKey",
    "TurnsUntil",
    "Wound",
    "answer",
    "apply",
    "bonuses_by_rank",
    "boss_status",
    "chart_spaces",
    "current_space",
    "default_setup",
    "describe",
    "eligible_relics",
    "gauge_status",
    "monster_bonuses",
    "monster_stats",
    "new_game",
    "pending_decision",
    "pool",
    "power_up_steps",
    "select_chart",
    "space_summary",
    "spawning_points_remaining",
    "timeout_threshold",
    "turns_until",
    "upcoming_spaces",
]
