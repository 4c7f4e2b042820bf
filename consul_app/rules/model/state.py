"""`GameState`: everything that follows from the setup and the actions so far.

Pure data (msgspec Structs; checkpoints hold them as JSON). Only `apply` makes new states;
views read them.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from consul_app.rules.model.setup import Setup
from consul_app.rules.model.steps import StepState

Phase = Literal["turn", "power-up"]
"""`turn`: the heroes and the Consul play; `power-up`: the steps at the end of the Consul turn
(Forgotten King: the end of the turn; 1.0 has none)."""


class Data(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Mutable parts of a state; read back strictly (unknown fields are errors)."""


class SpawningPointState(Data):
    """A spawning point model of the setup: standing, destroyed by the heroes, or removed when
    the 2.0 dungeon boss spawned (no loot); its wounds and status effects."""

    id: str
    tile: int
    status: Literal["standing", "destroyed", "removed"] = "standing"
    wounds: int = 0
    status_effects: list[str] = []


class TrackedMonster(Data):
    """One monster in play marked with wounds or status effects (the others are counts)."""

    id: str
    wounds: int = 0
    status: list[str] = []


class MiniBossState(Data):
    """The mini-boss on the dungeon (only one at a time); `treasure`: the heroes draw treasure
    for destroying it (not for one a fight card's effect brought, if the card says so)."""

    id: str
    wounds: int = 0
    status: list[str] = []
    treasure: bool = True


class BossState(Data):
    """The dungeon boss: on the chart (2.0) or waiting, then spawned (1.0: summoned)."""

    spawned: bool = False
    wounds: int = 0
    status: list[str] = []
    timeout: bool = False
    immune_to_crits: bool = False
    relic_slots: int | None = None
    relics: list[str] = []
    defeated: bool = False
    hearts: int | None = None
    """Its hearts with its relics' (`EquipRelics`); None: as its card prints them."""


class OtherBossState(Data):
    """Another boss card the fight card brought into play with the dungeon boss (Mugg, Daemonus:
    `FightBoss`), with its own wounds and status effects; `destroyed` once its wounds reached its
    hearts (one that returns at the timeout comes back with none)."""

    id: str
    wounds: int = 0
    status: list[str] = []
    destroyed: bool = False


class GainedBonus(Data):
    """A bonus the monsters gained and the chart space (FK: ladder step) that granted it."""

    bonus: str
    space: int


class Tally(Data):
    """What happened this turn, for rewards, princess coins and the Forgotten King ladder."""

    heroes_destroyed: int = 0
    skull_points_8bit: int = 0
    models_16bit: int = 0
    spawning_point_tiles: list[int] = []
    mini_bosses_destroyed: int = 0
    without_treasure: int = 0
    """Of the mini-bosses destroyed, those that give no treasure."""


class Gauge(Data):
    """SDE 1.0's power gauge: squares filled now and how often it filled completely."""

    filled: int = 0
    fills: int = 0


class GameState(Data):
    """A game in progress. `position` 0 is the chart's START; space n is `spaces[n - 1]`."""

    setup: Setup
    chart: str | None = None
    position: int = 0
    turn: int = 1
    phase: Phase = "turn"
    steps: list[StepState] = []
    pool: dict[str, int] = {}
    board: dict[str, int] = {}
    tracked: list[TrackedMonster] = []
    summoned: dict[str, int] = {}
    spawning_points: list[SpawningPointState] = []
    bonuses: list[GainedBonus] = []
    mini_boss: MiniBossState | None = None
    mini_bosses_destroyed: list[str] = []
    boss: BossState = msgspec.field(default_factory=BossState)
    other_bosses: list[OtherBossState] = []
    """The other bosses of the fight (`SpawnBoss.with_bosses`); none in a one-boss fight."""
    gauge: Gauge | None = None
    hero_wounds: dict[str, int] = {}
    """Wounds heroes suffered by the Consul's rules (Clever cancelling a sighting)."""
    tally: Tally = msgspec.field(default_factory=Tally)
    ended: Literal["heroes-lost", "ended"] | None = None
    """The game ended before the boss was defeated (`EndGame`): nothing more can be done."""

    def standing_spawning_points(self) -> list[SpawningPointState]:
        return [p for p in self.spawning_points if p.status == "standing"]

    def standing_point(
        self, model: str, tile: int, which: int | None = None
    ) -> SpawningPointState | None:
        """The standing spawning point `model` on `tile`. Id and tile do not tell apart the
        two models of a pair placed on one tile: `which` is the n-th of that id on that tile
        (setup order, standing or not, so it never changes); None (journals written before)
        the first standing one."""
        if which is None:
            found = (p for p in self.standing_spawning_points() if (p.id, p.tile) == (model, tile))
            return next(found, None)
        alike = [p for p in self.spawning_points if (p.id, p.tile) == (model, tile)]
        point = alike[which] if which < len(alike) else None
        return point if point is not None and point.status == "standing" else None

    def point_number(self, point: SpawningPointState) -> int | None:
        """`which` of this spawning point (for `standing_point`): None when it is the only
        one of its id on its tile."""
        alike = [p for p in self.spawning_points if (p.id, p.tile) == (point.id, point.tile)]
        return None if len(alike) == 1 else next(n for n, p in enumerate(alike) if p is point)

    def evolve(self) -> GameState:
        """A deep copy to change; the frozen setup is shared (it never changes).

        A msgpack round trip (its decoded setup swapped for the shared one) is the fastest
        deep copy measured: about 5 us for a game of 300 actions, `copy.deepcopy` takes 30.
        Replaying a journal (undo, resume) is mostly this copy."""
        copy = _COPY_DECODER.decode(_COPY_ENCODER.encode(self))
        copy.setup = self.setup
        return copy

    def next_turn(self) -> None:
        """A new turn (1.0: round) begins: the tally starts again, the steps are cleared."""
        self.phase = "turn"
        self.turn += 1
        self.tally = Tally()
        self.steps = []

    def open_step(self) -> StepState | None:
        """The current step: the first one not done."""
        return next((s for s in self.steps if not s.done), None)


_COPY_ENCODER = msgspec.msgpack.Encoder()
_COPY_DECODER = msgspec.msgpack.Decoder(GameState)
