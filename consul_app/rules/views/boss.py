"""The dungeon boss card as the screen shows it: hearts, wounds, timeout, relic slots, how it
comes, and the other boss cards of its fight."""

from __future__ import annotations

from dataclasses import dataclass, field

from consul_app.content.models import CardEffect
from consul_app.content.pack import EditionPack
from consul_app.rules.editions import edition_of
from consul_app.rules.handlers.boss import boss_of, boss_reminders
from consul_app.rules.handlers.boss_spawn import extra_relics
from consul_app.rules.handlers.fight_bosses import boss_destroyed, fight_boss
from consul_app.rules.handlers.hearts import boss_hearts, relic_hearts
from consul_app.rules.handlers.timeout import timeout_threshold
from consul_app.rules.model.names import fight_card
from consul_app.rules.model.state import GameState
from consul_app.rules.views.chart import turns_until
from consul_app.rules.views.turn import boss_arrival


@dataclass(frozen=True)
class BossStatus:
    """The dungeon boss card: wounds against hearts and the timeout threshold, and more.

    `relic_slots` is what it has (spawned) or would get if it spawned now (one per standing
    spawning point; 2.0 only, else 0). `activations` is how often it may activate per Consul
    turn (1.0: twice in a round with a spawning point on the board)."""

    id: str
    name: str
    hearts: int
    wounds: int
    timeout_threshold: int
    timeout: bool
    immune_to_crits: bool
    status: list[str]
    spawned: bool
    defeated: bool
    relic_slots: int
    relics: list[str]
    activations: int
    dungeon_effect: list[CardEffect] = field(default_factory=list)
    boss_spawn: list[CardEffect] = field(default_factory=list)
    timeout_effects: list[CardEffect] = field(default_factory=list)
    reminders: list[str] = field(default_factory=list)
    spawning_points: int = 0
    """Spawning points standing now."""
    gets_relics: bool = False
    """The edition gives the boss relics when it spawns (2.0: one per standing spawning point)."""
    spawn_space: int | None = None
    """Before it spawns (2.0): the chart space that spawns it (None: none ahead, or spawned)."""
    turns_until_spawn: int | None = None
    """Before it spawns (2.0): chart advances (turns) until that space."""
    timeout_running: bool = False
    """The timeout has triggered and its steps are not all done yet."""
    arrival: str | None = None
    """Before it spawns (FK, 1.0): how it comes into the dungeon, with what is left to do."""
    spawn_section: str = "Boss spawn"
    """The fight card's section resolved when it spawns (1.0: the Adventure Effects card's
    boss fight)."""
    came_in: str = "spawned"
    """How the boss came into play, in its edition's words ("spawned", 1.0: "was summoned")."""
    spawn_due: str | None = None
    """Spawned, while its fight card's spawn section is still to resolve: when, in its
    edition's words ("to resolve after the relics", 1.0 "... the treasure"; "to resolve
    next"); else None."""
    hearts_from: list[str] = field(default_factory=list)
    """What its relics add to the hearts its card prints ("+2 Frozen Soul"; empty: none)."""
    destroyed: bool = False
    """Its wounds reached its hearts (the heroes win once every Dungeon Boss of the fight is)."""
    others: list[OtherBoss] = field(default_factory=list)
    """The other boss cards the fight card brought with it (Mugg, Daemonus)."""
    timeout_when: str = ""
    """When its timeout comes: "at 5 wounds", or "when Ugg or Mugg is destroyed"."""

    @property
    def in_play(self) -> bool:
        """Spawned and not defeated: it can be wounded, healed and given status effects."""
        return self.spawned and not self.defeated

    def in_play_ids(self) -> list[str]:
        """The bosses that can be wounded, healed and given status effects now, the setup's
        first (none once defeated or before it spawned)."""
        if not self.in_play:
            return []
        first = [] if self.destroyed else [self.id]
        return first + [o.id for o in self.others if not o.destroyed]


@dataclass(frozen=True)
class OtherBoss:
    """Another boss card of the fight: its own wound track and status effects; `dungeon_boss`:
    it counts as a Dungeon Boss too (the heroes must destroy it to win)."""

    id: str
    name: str
    hearts: int
    wounds: int
    status: list[str]
    destroyed: bool
    dungeon_boss: bool


def boss_status(pack: EditionPack, state: GameState) -> BossStatus:
    boss = boss_of(pack, state)
    card = fight_card(pack, state)
    standing = len(state.standing_spawning_points())
    played = edition_of(state)
    if state.boss.spawned:
        slots = state.boss.relic_slots or 0
    else:
        extra = sum(n for _, n in extra_relics(pack, state))
        slots = standing + extra if played.relics_at_spawn else 0
    twice = played.twice_with_points and state.boss.spawned and standing > 0
    reminders = boss_reminders(state)
    turns_to_boss = turns_until(pack, state).boss
    if played.spawns_without_points and not standing:  # at the end of the power-up phase
        turns_to_boss = None
    spawn_space = None if turns_to_boss is None else state.position + turns_to_boss
    hearts = boss_hearts(pack, state)
    others = _other_bosses(pack, state)
    twins = [boss.name, *(o.name for o in others if o.dungeon_boss)]
    threshold = timeout_threshold(hearts) if len(twins) == 1 else 0
    timeout_when = f"when {' or '.join(twins)} is destroyed"
    if threshold:
        timeout_when = f"at {threshold} wounds"
    hearts_from = []
    if state.boss.hearts is not None:
        relics = [pack.relics[r] for r in state.boss.relics if r in pack.relics]
        hearts_from = [f"{n:+d} {relic.name}" for relic, n in relic_hearts(relics)]
    return BossStatus(
        id=boss.id,
        name=boss.name,
        hearts=hearts,
        wounds=state.boss.wounds,
        timeout_threshold=threshold,
        timeout=state.boss.timeout,
        immune_to_crits=state.boss.immune_to_crits,
        status=list(state.boss.status),
        spawned=state.boss.spawned,
        defeated=state.boss.defeated,
        relic_slots=slots,
        relics=list(state.boss.relics),
        activations=2 if twice else 1,
        dungeon_effect=list(card.dungeon_effect) if card else [],
        boss_spawn=list(card.boss_spawn) if card else [],
        timeout_effects=list(card.timeout) if card else [],
        reminders=reminders,
        spawning_points=standing,
        gets_relics=played.relics_at_spawn,
        spawn_space=spawn_space,
        hearts_from=hearts_from,
        turns_until_spawn=turns_to_boss,
        arrival=boss_arrival(pack, state),
        spawn_section=played.words.boss_spawn,
        came_in=played.words.arrived,
        spawn_due=_spawn_due(state),
        timeout_running=any(s.key.startswith("timeout-") and not s.done for s in state.steps),
        destroyed=boss_destroyed(pack, state),
        others=others,
        timeout_when=timeout_when,
    )


def _spawn_due(state: GameState) -> str | None:
    """What comes before the boss's spawn effects while they are still to resolve (its relics,
    1.0 its treasure), else None."""
    due = {s.key for s in state.steps if not s.done}
    if "boss-spawn-effects" not in due:
        return None
    if "relics" in due:
        return f"to resolve after the {edition_of(state).words.relics.lower()}"
    return "to resolve next"


def _other_bosses(pack: EditionPack, state: GameState) -> list[OtherBoss]:
    lines = []
    for other in state.other_bosses:
        entry = pack.dungeon_bosses[other.id]
        brought = fight_boss(pack, state, other.id)
        lines.append(
            OtherBoss(
                id=other.id,
                name=entry.name,
                hearts=entry.hearts,
                wounds=other.wounds,
                status=list(other.status),
                destroyed=other.destroyed,
                dungeon_boss=brought is not None and brought.dungeon_boss,
            )
        )
    return lines
