"""Status effects on the card of the model suffering them (data/*/status-effects.yaml: each
effect's `text` is the sentence checked, its `effect` what the card view applies): the boss in
play and the mini-boss on the dungeon."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from msgspec import structs

from consul_app.content.dice import Dice
from consul_app.content.models import DungeonBoss, StatusEffect
from consul_app.content.pack import ContentPack, EditionPack
from consul_app.content.validate import validate
from consul_app.rules import (
    AddStatus,
    CardView,
    GameState,
    Spawn,
    apply,
    card,
    default_setup,
    describe,
    monster_stats,
    new_game,
)
from consul_app.rules.model.state import BossState, MiniBossState

from .packs import make_setup

EFFECTS = {
    "poison": ("One action point fewer, but never below 1.", {"ap": -1, "min_ap": 1}),
    "slow": ("Half movement points, rounded up.", {"half_move": True}),
    "hex": (
        "Drop the best die of each offense roll. (Arcade - a monster has 1ST less STR.)",
        {"drop_best_die": ["offense"], "arcade": [{"stat": "STR", "less": "1ST"}]},
    ),
    "bane": (
        "Drop the best die of each defense roll. (Arcade - a monster has 1ST less ARM.)",
        {"drop_best_die": ["defense"], "arcade": [{"stat": "ARM", "less": "1ST"}]},
    ),
    "ice": ("No unique actions.", None),
}
"""The 2.0 status effects as data/sde2/status-effects.yaml has them."""


def _with_effects(pack: EditionPack) -> None:
    for sid, (text, effect) in EFFECTS.items():
        data = {"id": sid, "name": sid.title(), "edition": pack.edition, "text": text}
        pack.status_effects[sid] = validate(StatusEffect, {**data, "effect": effect})


def _boss(pack: EditionPack, move: int = 6, ap: int = 4) -> None:
    pack.dungeon_bosses["big"] = validate(
        DungeonBoss,
        {
            "id": "big",
            "name": "Big Boss",
            "edition": pack.edition,
            "bits": "super",
            "hearts": 9,
            "fight_card": "big-card",
            "stats": {"move": move, "ap": ap, "STR": "2R", "ARM": "3R", "WILL": "2B", "DEX": "1G"},
            "attacks": [{"rolls": "STR", "range": 1}],
        },
    )


def _suffering(pack: EditionPack, *status: str, mode: str = "explore", **stats: int) -> CardView:
    """The card of the boss in play suffering these status effects."""
    _with_effects(pack)
    _boss(pack, **stats)
    state = new_game(pack, make_setup("sde2"))  # (the test pack has no Arcade chart)
    setup = structs.replace(state.setup, mode=mode)
    state = structs.replace(state, setup=setup, boss=BossState(spawned=True, status=list(status)))
    return card(pack, state, "big")


def _figure(view: CardView, stat: str) -> str:
    return next(f.text for f in view.stats if f.stat == stat)


def test_poison_one_action_point_fewer_but_never_below_1(sde2: EditionPack) -> None:
    """Poison: 'One action point fewer, but never below 1.'"""
    view = _suffering(sde2, "poison")
    assert (view.ap, _figure(view, "AP")) == (3, "AP 4 -1 Poison")
    ap = next(f for f in view.stats if f.stat == "AP")
    assert [a.text for a in ap.added] == ["-1: status effect Poison, never below 1"]
    assert [t.name for t in view.suffers] == ["Poison"]
    assert _suffering(sde2, "poison", ap=1).ap == 1


def test_slow_halves_movement_rounded_up(sde2: EditionPack) -> None:
    """Slow: 'Half movement points, rounded up.'"""
    view = _suffering(sde2, "slow")
    assert (view.move, _figure(view, "MOVE")) == (3, "MOVE 6 Slow")
    assert _suffering(sde2, "slow", move=7).move == 4


def test_hex_drops_the_best_die_of_each_offense_roll(sde2: EditionPack) -> None:
    """Hex: 'Drop the best die of each offense roll.' Its attack drops one; its defense rolls
    do not."""
    view = _suffering(sde2, "hex")
    attack = view.actions[0].roll
    assert attack is not None and attack.drop == "drop the best die (Hex)"
    assert attack.total == Dice(red=2) and not attack.changed
    assert all(roll.drop is None for roll in view.defense)
    assert _figure(view, "STR") == "STR 2R"  # (the stat line: every roll of STR does not drop)


def test_bane_drops_the_best_die_of_each_defense_roll(sde2: EditionPack) -> None:
    """Bane: 'Drop the best die of each defense roll.' Every defense roll (ARM, WILL, DEX)
    drops one; its attack does not."""
    view = _suffering(sde2, "bane")
    assert {roll.stat: roll.drop for roll in view.defense} == {
        "ARM": "drop the best die (Bane)",
        "WILL": "drop the best die (Bane)",
        "DEX": "drop the best die (Bane)",
    }
    assert view.actions[0].roll is not None and view.actions[0].roll.drop is None


def test_in_arcade_hex_and_bane_take_a_star_instead(sde2: EditionPack) -> None:
    """'(Arcade - a monster has 1ST less STR.)' / '(... 1ST less ARM.)': in Arcade mode the
    boss loses a star, and drops no die."""
    view = _suffering(sde2, "hex", "bane", mode="arcade")
    assert _figure(view, "STR") == "STR 2R -1ST"
    attack = view.actions[0].roll
    assert attack is not None and (attack.text, attack.drop) == ("STR 2R -1ST", None)
    assert str(attack.total) == "2R -1ST"
    arm = next(roll for roll in view.defense if roll.stat == "ARM")
    assert (arm.text, arm.drop) == ("ARM 3R -1ST", None)


def test_a_status_effect_without_figures_is_listed_but_changes_none(sde2: EditionPack) -> None:
    """Ice: 'No unique actions.' It is named on the card with its text; no figure changes."""
    plain = _suffering(sde2)
    view = _suffering(sde2, "ice")
    assert [(t.name, t.text) for t in view.suffers] == [("Ice", "No unique actions.")]
    assert view.stats == plain.stats and view.actions == plain.actions


def test_the_mini_boss_on_the_dungeon_suffers_its_own(sde2: EditionPack) -> None:
    """The mini-boss's status effects change its card; the boss's do not."""
    _with_effects(sde2)
    sde2.mini_bosses["chief"] = structs.replace(
        sde2.mini_bosses["chief"], stats=structs.replace(sde2.mini_bosses["chief"].stats, ap=3)
    )
    state: GameState = new_game(sde2, make_setup("sde2"))
    state = structs.replace(state, mini_boss=MiniBossState(id="chief", status=["poison", "bane"]))
    view = card(sde2, state, "chief")
    assert (view.ap, _figure(view, "AP")) == (2, "AP 3 -1 Poison")
    assert [line.text for line in monster_stats(sde2, state, "chief")] == [
        "STR 2R",
        "ARM 1R drop best die",
    ]


def test_1_0_poison_has_no_minimum(classic: EditionPack) -> None:
    """1.0 Poison (data/classic): 'One action point fewer in its activation.' No floor but 0."""
    text = "One action point fewer in its activation."
    data = {"id": "poison", "name": "Poison", "edition": "classic", "text": text}
    classic.status_effects["poison"] = validate(StatusEffect, {**data, "effect": {"ap": -1}})
    boss = classic.dungeon_bosses["big"]
    classic.dungeon_bosses["big"] = structs.replace(boss, stats=structs.replace(boss.stats, ap=1))
    state = new_game(classic, make_setup("classic"))
    state = structs.replace(state, boss=BossState(spawned=True, status=["poison"]))
    assert card(classic, state, "big").ap == 0


@pytest.mark.parametrize(
    ("effect", "message"),
    [({}, "an effect changes"), ({"min_ap": 1}, "min_ap goes with ap"), ({"ap": 1}, "less than")],
)
def test_an_effect_that_changes_nothing_is_refused(effect: dict, message: str) -> None:
    data = {"id": "odd", "name": "Odd", "edition": "sde2", "text": "Odd.", "effect": effect}
    with pytest.raises(ValueError, match=message):
        validate(StatusEffect, data)


@given(
    ap=st.integers(min_value=0, max_value=10),
    move=st.integers(min_value=0, max_value=20),
    status=st.lists(st.sampled_from(sorted(EFFECTS)), unique=True),
)
def test_poison_never_takes_ap_below_1_and_slow_halves_rounded_up(
    ap: int, move: int, status: list[str]
) -> None:
    """Invariants: with Poison, AP is one fewer but never below 1 (nor above what it had);
    with Slow, MOVE is half rounded up; without them, as printed."""
    from .packs import sde2_pack

    view = _suffering(sde2_pack(), *status, ap=ap, move=move)
    assert view.ap == (max(ap - 1, min(ap, 1)) if "poison" in status else ap)
    assert view.move == (-(-move // 2) if "slow" in status else move)


def test_a_status_effect_a_model_is_immune_to_is_removed_at_once(sde2: EditionPack) -> None:
    """Keywords: "Immune: Poison: Poison never affects this model; any Poison token it gets is
    removed at once"; "Immune: Status Effects" likewise for every one of them. The action is
    taken (a journal that has one replays) and its label says why nothing changed."""
    _with_effects(sde2)
    chief = sde2.mini_bosses["chief"]
    sde2.mini_bosses["chief"] = structs.replace(chief, keywords=["Immune: Poison"])
    _boss(sde2)
    big = sde2.dungeon_bosses["big"]
    sde2.dungeon_bosses["big"] = structs.replace(big, keywords=["Immune: Status Effects"])
    state: GameState = new_game(sde2, make_setup("sde2"))
    state = structs.replace(
        state, mini_boss=MiniBossState(id="chief"), boss=BossState(spawned=True)
    )
    poison = AddStatus(target="mini-boss", status="poison")
    after = apply(sde2, state, poison)
    assert after.mini_boss is not None and after.mini_boss.status == []
    chief = sde2.mini_bosses["chief"].name
    assert describe(sde2, poison, state) == (
        f"Mini-boss {chief} gains Poison: removed at once (Immune: Poison)"
    )
    slowed = apply(sde2, state, AddStatus(target="mini-boss", status="slow"))  # not immune
    assert slowed.mini_boss is not None and slowed.mini_boss.status == ["slow"]
    for status in ("poison", "hex"):
        hexed = AddStatus(target="boss", status=status)
        assert apply(sde2, state, hexed).boss.status == []
        assert describe(sde2, hexed, state).endswith("removed at once (Immune: Status Effects)")


def test_a_poisoned_1_ap_monster_of_1_0_has_no_action_point_left(content: ContentPack) -> None:
    """1.0 Poison (reference/sde/1.0/status_effects.json): "A model suffering Poison loses one
    action point its activation." The 1.0 text sets no minimum (2.0's adds "to a minimum of
    1"), so a 1-AP monster that suffers it has none left in its activation: AP 0, and the
    bundled status effect says so."""
    classic = content.edition("classic")
    assert "no minimum" in classic.status_effects["poison"].text
    assert classic.status_effects["poison"].effect.min_ap is None
    state = new_game(classic, default_setup(classic, "classic"))
    one_ap = next(m for m in state.pool if classic.monsters[m].stats.ap == 1)
    state = apply(classic, state, Spawn(monsters={one_ap: 1}))
    state = apply(classic, state, AddStatus(target="monster", model=one_ap, status="poison"))
    poisoned = card(classic, state, one_ap, marked=0)
    assert (poisoned.ap, _figure(poisoned, "AP")) == (0, "AP 1 -1 Poison")
    assert card(classic, state, one_ap).ap == 1  # the others of its kind
