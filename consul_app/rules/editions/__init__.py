"""Each edition in one place: what it is called, its words, what it plays with and gives, and
(in its own module, loaded on first use) its steps.

The engine, the views, the export, the CLI and the TUI ask the `Edition` of a game; none of
them compares an edition's id. A new edition is one more `Edition` here (and its module of
steps, or another edition's), and its content under `data/` (its id in `data/editions.yaml`,
its files in a folder of their own)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, Protocol

from consul_app.rules.editions import words as w
from consul_app.rules.editions.words import Words
from consul_app.rules.views import rule_texts as t

if TYPE_CHECKING:
    from consul_app.content.models import Edition as ContentEdition
    from consul_app.content.pack import ContentPack, EditionPack
    from consul_app.rules.model.state import GameState
    from consul_app.rules.model.steps import StepState

Track = Literal["chart", "ladder", "gauge"]
"""What tracks the Consul's might: the 2.0 Mighty Monster Chart, the Forgotten King ladder, the
1.0 power gauge."""
Offer = Literal["correct-chart", "power-gauge"]
"""Keys an edition offers at the table besides those of every game: correcting the chart (or
ladder) against the printed one, moving the power gauge."""


class EditionRules(Protocol):
    """What each edition's module of steps defines."""

    def end_turn(self, pack: EditionPack, state: GameState) -> None:
        """The turn (1.0: round) ends: start the steps of its end, or the next turn."""

    def before_phase_ends(self, pack: EditionPack, state: GameState) -> list[StepState]:
        """Steps to add once every step is done, before the phase ends."""

    def boss_fight_steps(self, pack: EditionPack, state: GameState) -> list[StepState]:
        """The steps right after the dungeon boss spawns."""

    def timeout_steps(self, pack: EditionPack, state: GameState) -> list[StepState]:
        """The steps of the boss's timeout."""

    def spawning_point_destroyed(self, pack: EditionPack, state: GameState, tile: int) -> None:
        """What happens at once when a spawning point on `tile` is destroyed."""

    def boss_arrival(self, pack: EditionPack, state: GameState) -> str | None:
        """Before the boss is in play, how it gets there (None: nothing to say now)."""

    def turn_notes(self, pack: EditionPack, state: GameState) -> list[str]:
        """What this turn has set in motion that its end will bring, while no step is open."""

    def boss_spawn_prompt(self, state: GameState, step: StepState, boss: str) -> str:
        """What the boss's spawn (1.0: summoning) step tells the Consul to do."""


def _sde2_loot(tile: int) -> str:
    return f"loot equal to its tile number plus one ({tile + 1}), in the power-up phase"


@dataclass(frozen=True, kw_only=True)
class Edition:
    """One edition of the rules."""

    id: str
    """As saves and content files name it: "sde2"."""
    name: str
    """As the Consul reads it: "SDE 2.0"."""
    content: ContentEdition
    """The content it plays (its own id for the bundled editions)."""
    words: Words
    steps: str
    """The module of its steps (`EditionRules`)."""
    track: Track
    setup_fields: tuple[str, ...]
    """The `Setup` fields besides the boss, mini-bosses, spawning points and pets that matter
    in it (2.0: mode and party size pick the chart, heroes with Clever or Dark Reflection
    change boss sightings; 1.0: the game size)."""
    gains_bonuses: bool
    """Its monsters gain bonuses from its chart or ladder (1.0: none)."""
    bonus_ranks: tuple[str, ...] | None
    """Who gains the chart's bonuses: these ranks only (FK: elites and minions), or every
    monster but the dungeon boss (None)."""
    bonus_rule: str
    """Who gains bonuses, in short, beside them."""
    boss_bonus_note: str
    """What the boss's card says about bonuses."""
    monster_bonus_note: str | None
    """What every other card says about bonuses (None: nothing, its bonuses are listed)."""
    relics_at_spawn: bool
    """2.0: the boss equips relics at its spawn, one per spawning point still standing."""
    character_treasure: bool
    """1.0: the boss equips its Character Treasure (the cards bearing its portrait) instead,
    as many as the game uses, each in no particular slot."""
    boss_leaves_chart: bool
    """2.0: the boss token leaves the chart when it spawns."""
    spawns_without_points: bool
    """2.0: with no spawning point in play the boss spawns by itself at the end of the
    power-up phase."""
    mini_boss_on_chart_only: bool
    """2.0: a mini-boss spawns only on a Spawn Mini-Boss space."""
    points_stop_at_summon: bool
    """1.0: the spawning points stop producing monsters once the boss is summoned."""
    twice_with_points: bool
    """1.0: the boss activates twice in a round with a spawning point on the board."""
    rampage_counts: bool
    """2.0: Rampage counts the spawning points destroyed this game."""
    point_loot: Callable[[int], str]
    """What a spawning point destroyed on this tile gives, as the log says it."""
    offers: frozenset[Offer]
    """The table's keys it offers beyond every edition's."""
    boss_reminders: tuple[str, ...]
    """What the Consul must remember while the boss is in play (FK: its activation each
    Consul turn; 1.0: special healing), besides `twice_with_points`."""
    advance_prompt: str
    """The step that moves the token, in words ("{number}": where to, "{summary}": what it
    brings)."""
    step_titles: Mapping[str, str] = field(default_factory=dict)
    """Where it names a step its own way (FK's ladder, 1.0's summoning and card)."""

    def step_title(self, key: str) -> str:
        """The step's title in its words."""
        own = self.step_titles.get(key)
        if own:
            return own
        from consul_app.rules.model.steps import step_def  # (the start screen needs none)

        return step_def(key).title

    def pack(self, content: ContentPack) -> EditionPack:
        """The content it plays, of all the content loaded."""
        return content.edition(self.content)

    def rules(self) -> EditionRules:
        """Its steps (imported on first use: the start screen needs only its words)."""
        return importlib.import_module(self.steps)  # type: ignore[return-value]


SDE2 = Edition(
    id="sde2",
    name="SDE 2.0",
    content="sde2",
    words=w.SDE2,
    steps="consul_app.rules.editions.sde2",
    track="chart",
    setup_fields=("mode", "party_size", "tiles", "heroes"),
    gains_bonuses=True,
    bonus_ranks=None,
    bonus_rule=t.BONUS_RULE,
    boss_bonus_note="The dungeon boss gains no Mighty Monster bonus; its relics apply.",
    monster_bonus_note=None,
    relics_at_spawn=True,
    character_treasure=False,
    boss_leaves_chart=True,
    spawns_without_points=True,
    mini_boss_on_chart_only=True,
    points_stop_at_summon=False,
    twice_with_points=False,
    rampage_counts=True,
    point_loot=_sde2_loot,
    offers=frozenset({"correct-chart"}),
    boss_reminders=(),
    advance_prompt=(
        "Advance the dungeon boss one space, to space {number}: {summary}. Resolve it in "
        "order: spawn, bonuses, boss sightings."
    ),
)
FORGOTTEN_KING = Edition(
    id="forgotten-king",
    name="Forgotten King",
    content="forgotten-king",
    words=w.FORGOTTEN_KING,
    steps="consul_app.rules.editions.forgotten_king",
    track="ladder",
    setup_fields=("tiles",),
    gains_bonuses=True,
    bonus_ranks=("elite", "minion"),
    bonus_rule=t.FK_BONUS_RULE,
    boss_bonus_note="The dungeon boss gains no bonus from the ladder.",
    monster_bonus_note="Forgotten King: only elites and minions gain the ladder's bonuses.",
    relics_at_spawn=False,
    character_treasure=False,
    boss_leaves_chart=False,
    spawns_without_points=False,
    mini_boss_on_chart_only=False,
    points_stop_at_summon=False,
    twice_with_points=False,
    rampage_counts=False,
    point_loot=lambda tile: "the Forgotten King rules name no loot for it",
    offers=frozenset({"correct-chart"}),
    boss_reminders=(t.FK_ACTIVATION,),
    step_titles={"advance-chart": "Climb the ladder one step"},
    advance_prompt=(
        "A mini-boss was destroyed this turn: climb one step, to step {number}: {summary}. "
        + t.FK_BONUS_RULE
    ),
)
CLASSIC = Edition(
    id="classic",
    name="SDE 1.0",
    content="classic",
    words=w.CLASSIC,
    steps="consul_app.rules.editions.classic",
    track="gauge",
    setup_fields=("game_size", "tiles"),
    gains_bonuses=False,
    bonus_ranks=None,
    bonus_rule=t.NO_BONUSES_1_0,
    boss_bonus_note="SDE 1.0: the dungeon boss gains no bonuses; the boss's treasure applies.",
    monster_bonus_note="SDE 1.0: monsters gain no bonuses.",
    relics_at_spawn=False,
    character_treasure=True,
    boss_leaves_chart=False,
    spawns_without_points=False,
    mini_boss_on_chart_only=False,
    points_stop_at_summon=True,
    twice_with_points=True,
    rampage_counts=False,
    point_loot=lambda tile: "the SDE 1.0 rules name no loot for it",
    offers=frozenset({"power-gauge"}),
    boss_reminders=(t.SPECIAL_HEALING,),
    advance_prompt="",  # (1.0 has no chart to advance)
    step_titles={
        "boss-spawn": "Summon the dungeon boss",
        "relics": "Equip the boss's treasure",
        "boss-spawn-effects": "Adventure Effects: boss fight",
        "timeout-effects": "Timeout: Adventure Effects card",
    },
)

EDITIONS: dict[str, Edition] = {e.id: e for e in (SDE2, FORGOTTEN_KING, CLASSIC)}
"""Every edition the rules know, by id (the new-game screen offers those the content is for, in
its order: `all_editions(content)`). A new edition is one more here."""


def edition(edition_id: str) -> Edition:
    """The edition of this id (KeyError for an unknown one)."""
    return EDITIONS[edition_id]


def edition_of(state: GameState) -> Edition:
    """The edition this game plays."""
    return EDITIONS[state.setup.edition]


def edition_rules(state: GameState) -> EditionRules:
    """The steps of this game's edition."""
    return edition_of(state).rules()


def step_title(edition_id: str, key: str) -> str:
    """The step's title in the words of the edition of this id."""
    return EDITIONS[edition_id].step_title(key)


def all_editions(content: ContentPack | None = None) -> list[Edition]:
    """Every edition; given the content, those it is for, in its order (`data/editions.yaml`:
    the order the new-game screen offers them)."""
    if content is None:
        return list(EDITIONS.values())
    order = list(content.editions)
    return sorted(
        (e for e in EDITIONS.values() if e.content in content.editions),
        key=lambda e: order.index(e.content),
    )

