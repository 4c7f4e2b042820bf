"""The rules engine: a game's state, changed only by actions. Pure and deterministic: no I/O,
no clock, no randomness, never imports textual or rich.

    state = new_game(pack, setup)            # SetupError if it cannot be played
    state = apply(pack, state, action)       # RuleError if the rules forbid it; pure
    describe(pack, action)                   # "Advance the chart to space 7"
    power_up_steps(pack, state)              # what to do now, in rule order

Everything on screen is a view computed from (pack, state); undo replays actions from
`new_game`, so the state follows from the setup and the actions alone.

Each name is imported from its module when first used (`consul_app.base.lazy`), so importing one
part of the engine (`consul_app.rules.model.setup` for the new-game screen) does not import it all.
"""

from typing import TYPE_CHECKING

from consul_app.base.lazy import lazy_exports

if TYPE_CHECKING:
    from consul_app.rules.editions import Offer, all_editions, edition, edition_of
    from consul_app.rules.editions.words import Words
    from consul_app.rules.engine import apply
    from consul_app.rules.game import new_game
    from consul_app.rules.handlers.boss_spawn import eligible_relics, extra_relics, relics_per_slot
    from consul_app.rules.handlers.summons import summons_out
    from consul_app.rules.handlers.timeout import timeout_cause, timeout_threshold
    from consul_app.rules.handlers.tracked import immune_to, marked_monsters
    from consul_app.rules.model.actions import (
        Action,
        AddStatus,
        AdvanceChart,
        AdvanceGauge,
        AnswerSighting,
        CancelSighting,
        ChooseBonus,
        ChooseRelics,
        ConfirmStep,
        DestroyHero,
        DestroyMarked,
        DestroyMiniBoss,
        DestroyMonsters,
        DestroySpawningPoint,
        DestroySummoned,
        EndGame,
        EndTurn,
        EquipRelics,
        Heal,
        RemoveStatus,
        Spawn,
        SpawnBoss,
        SpawnMiniBoss,
        Summon,
        Target,
        Wound,
        action_data,
        read_action,
    )
    from consul_app.rules.model.chart import select_chart, space_summary
    from consul_app.rules.model.errors import RuleError, SetupError
    from consul_app.rules.model.placing import add_spawning_point
    from consul_app.rules.model.setup import (
        HERO_KEYWORDS,
        MAX_TILES,
        PARTY_SIZES,
        GameSize,
        Hero,
        HeroKeyword,
        PlacedSpawningPoint,
        Setup,
        bosses_to_choose,
        default_setup,
        pets_to_choose,
        setup_fields,
        with_hero_keyword,
    )
    from consul_app.rules.model.state import GameState
    from consul_app.rules.model.steps import Choice, StepKey
    from consul_app.rules.views.bonuses import (
        BonusLine,
        GroupBonuses,
        StatLine,
        bonus_rules,
        bonuses_by_rank,
        monster_bonuses,
    )
    from consul_app.rules.views.boss import BossStatus, OtherBoss, boss_status
    from consul_app.rules.views.cards import (
        ROLL_MARKS,
        Added,
        CardAction,
        CardView,
        RelicView,
        RollView,
        StatFigure,
        Trait,
        card,
        monster_stats,
        stat_lines,
    )
    from consul_app.rules.views.chart import (
        ChartStatus,
        SpaceView,
        TurnsUntil,
        chart_spaces,
        chart_status,
        current_space,
        turns_until,
        upcoming_spaces,
    )
    from consul_app.rules.views.describe import describe
    from consul_app.rules.views.gauge import GaugeStatus, gauge_status
    from consul_app.rules.views.keyword_effects import KeywordEffect
    from consul_app.rules.views.lookup import LOOKUP_KINDS, LookupHit, lookup
    from consul_app.rules.views.options import MiniBossOption, mini_bosses_left, refusal
    from consul_app.rules.views.pool import PoolLine, pool
    from consul_app.rules.views.prompts import (
        Step,
        answer,
        pending_decision,
        power_up_steps,
        reflected_sighting,
    )
    from consul_app.rules.views.recap import Recap, phase_bounds, recap
    from consul_app.rules.views.spawning_points import (
        SpawningPointLine,
        spawning_point_lines,
        spawning_points_remaining,
    )
    from consul_app.rules.views.story import Event, Story, story, story_sections
    from consul_app.rules.views.turn import free_spawn_refusal, phase_name, turn_name, turn_notes

__all__ = [
    "LOOKUP_KINDS",
    "Added",
    "CardAction",
    "CardView",
    "KeywordEffect",
    "LookupHit",
    "ROLL_MARKS",
    "RelicView",
    "RollView",
    "StatFigure",
    "Trait",
    "card",
    "lookup",
    "MAX_TILES",
    "PARTY_SIZES",
    "Action",
    "AddStatus",
    "AdvanceChart",
    "AdvanceGauge",
    "AnswerSighting",
    "CancelSighting",
    "BonusLine",
    "BossStatus",
    "ChartStatus",
    "Choice",
    "ChooseBonus",
    "ChooseRelics",
    "EquipRelics",
    "ConfirmStep",
    "DestroyHero",
    "EndGame",
    "DestroyMarked",
    "DestroyMiniBoss",
    "DestroyMonsters",
    "DestroySpawningPoint",
    "DestroySummoned",
    "HERO_KEYWORDS",
    "Hero",
    "HeroKeyword",
    "EndTurn",
    "Event",
    "GameSize",
    "GameState",
    "GaugeStatus",
    "GroupBonuses",
    "Heal",
    "MiniBossOption",
    "OtherBoss",
    "PlacedSpawningPoint",
    "PoolLine",
    "Recap",
    "RemoveStatus",
    "RuleError",
    "Setup",
    "SetupError",
    "SpaceView",
    "SpawningPointLine",
    "Spawn",
    "SpawnBoss",
    "SpawnMiniBoss",
    "Summon",
    "Target",
    "StatLine",
    "Step",
    "StepKey",
    "Story",
    "TurnsUntil",
    "Wound",
    "action_data",
    "add_spawning_point",
    "answer",
    "apply",
    "bonus_rules",
    "bonuses_by_rank",
    "boss_status",
    "bosses_to_choose",
    "chart_spaces",
    "chart_status",
    "current_space",
    "default_setup",
    "describe",
    "eligible_relics",
    "extra_relics",
    "relics_per_slot",
    "free_spawn_refusal",
    "gauge_status",
    "immune_to",
    "marked_monsters",
    "mini_bosses_left",
    "monster_bonuses",
    "monster_stats",
    "new_game",
    "pending_decision",
    "pets_to_choose",
    "phase_bounds",
    "phase_name",
    "pool",
    "read_action",
    "power_up_steps",
    "recap",
    "reflected_sighting",
    "refusal",
    "select_chart",
    "setup_fields",
    "space_summary",
    "spawning_point_lines",
    "summons_out",
    "spawning_points_remaining",
    "stat_lines",
    "story",
    "story_sections",
    "timeout_cause",
    "timeout_threshold",
    "turn_name",
    "Words",
    "Offer",
    "all_editions",
    "edition",
    "edition_of",
    "turn_notes",
    "turns_until",
    "upcoming_spaces",
    "with_hero_keyword",
]

_HOMES: dict[str, str] = {
    "editions": "Offer all_editions edition edition_of",
    "editions.words": "Words",
    "engine": "apply",
    "game": "new_game",
    "handlers.boss_spawn": "eligible_relics extra_relics relics_per_slot",
    "handlers.summons": "summons_out",
    "handlers.timeout": "timeout_cause timeout_threshold",
    "handlers.tracked": "immune_to marked_monsters",
    "model.actions": "Action AddStatus AdvanceChart AdvanceGauge AnswerSighting CancelSighting"
    " ChooseBonus ChooseRelics ConfirmStep DestroyHero DestroyMiniBoss DestroyMarked"
    " DestroyMonsters DestroySpawningPoint DestroySummoned EndGame EndTurn EquipRelics Heal"
    " RemoveStatus Spawn SpawnBoss SpawnMiniBoss Summon Target Wound action_data read_action",
    "model.chart": "select_chart space_summary",
    "model.errors": "RuleError SetupError",
    "model.placing": "add_spawning_point",
    "model.setup": "HERO_KEYWORDS MAX_TILES PARTY_SIZES GameSize Hero HeroKeyword"
    " PlacedSpawningPoint Setup bosses_to_choose default_setup pets_to_choose setup_fields"
    " with_hero_keyword",
    "model.state": "GameState",
    "model.steps": "Choice StepKey",
    "views.bonuses": "BonusLine GroupBonuses StatLine bonus_rules bonuses_by_rank monster_bonuses",
    "views.boss": "BossStatus OtherBoss boss_status",
    "views.cards": "Added CardAction CardView ROLL_MARKS RelicView RollView StatFigure Trait card"
    " monster_stats stat_lines",
    "views.chart": "ChartStatus SpaceView TurnsUntil chart_spaces chart_status current_space"
    " turns_until upcoming_spaces",
    "views.describe": "describe",
    "views.gauge": "GaugeStatus gauge_status",
    "views.keyword_effects": "KeywordEffect",
    "views.lookup": "LOOKUP_KINDS LookupHit lookup",
    "views.options": "MiniBossOption mini_bosses_left refusal",
    "views.pool": "PoolLine pool",
    "views.prompts": "Step answer pending_decision power_up_steps reflected_sighting",
    "views.recap": "Recap phase_bounds recap",
    "views.spawning_points": "SpawningPointLine spawning_point_lines spawning_points_remaining",
    "views.story": "Event Story story story_sections",
    "views.turn": "free_spawn_refusal phase_name turn_name turn_notes",
}
"""Where each name of `__all__` comes from: its module (relative to this package), then the
names, separated by spaces."""

__getattr__, __dir__ = lazy_exports(__name__, _HOMES)
