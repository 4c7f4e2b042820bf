"""Relics on the 2.0 dungeon boss (dungeon-boss.txt, SDE 2.0, "SPAWNING POINTS AND RELICS"):
"The dungeon boss gains all the abilities and bonuses listed on the relic card exactly as
though they were printed on the model's card." Hearts too: its wound track, timeout and defeat
count them; what the app cannot read is said on the card ("not applied: use your card")."""

from __future__ import annotations

import pytest
from msgspec import structs

from consul_app.content.dice import Dice
from consul_app.content.models import Ability, Relic, StatModifier, Stats
from consul_app.content.pack import EditionPack
from consul_app.rules import (
    ChooseRelics,
    EquipRelics,
    GameState,
    Wound,
    action_data,
    apply,
    boss_status,
    card,
    describe,
    power_up_steps,
    read_action,
)

from .packs import finish_steps, run_to
from .test_boss_sde2 import THREE_POINTS, boss_spawned

RELICS = [
    Relic(
        id="soul",
        edition="sde2",
        name="Soul",
        slot="Bottom",
        effect="+2 hearts.",
        modifiers=[StatModifier(stat="HEARTS", add=2)],
    ),
    Relic(
        id="potion",
        edition="sde2",
        name="Potion",
        slot="Top",
        effect="+1 DEX, no die known.",
        modifiers=[StatModifier(stat="DEX", add=1, not_applied="no die colour")],
    ),
    Relic(
        id="marbles",
        edition="sde2",
        name="Marbles",
        slot="Left",
        effect="Unknown.",
        not_applied="its effect is not known",
    ),
    Relic(
        id="kimono",
        edition="sde2",
        name="Kimono",
        slot="Feet",
        effect="Ghosts get +1B on every roll.",
        keywords=["Spirit Call"],
    ),
    Relic(
        id="wand",
        edition="sde2",
        name="Wand",
        slot="Right",
        effect="+1R WILL, Zap.",
        modifiers=[StatModifier(stat="WILL", add=Dice.parse("1R"))],
        abilities=["Zap"],
    ),
]


@pytest.fixture
def pack(sde2: EditionPack) -> EditionPack:
    """The rules tests' 2.0 pack with these relics; Big Boss: 9 hearts, WILL 2B, DEX 1B 1G."""
    sde2.relics.update({r.id: r for r in RELICS})
    stats = Stats(move=4, ap=3, WILL=Dice.parse("2B"), DEX=Dice.parse("1B 1G"))
    sde2.dungeon_bosses["big"] = structs.replace(sde2.dungeon_bosses["big"], stats=stats)
    sde2.abilities["zap"] = Ability(
        id="zap", edition="sde2", name="Zap", text="A bolt.", type="offense", ap=2, rolls="WILL"
    )
    return sde2


def equipped(pack: EditionPack, *relics: str, old: bool = False) -> GameState:
    """Big Boss spawned with three spawning points standing, these relics equipped (`old`: as
    a journal written before relic hearts counted), every step done."""
    state = run_to(pack, boss_spawned(pack, spawning_points=THREE_POINTS), "relics")
    action = (ChooseRelics if old else EquipRelics)(relics=list(relics))
    return finish_steps(pack, apply(pack, state, action))


def test_relic_hearts_count_as_printed_ones(pack: EditionPack) -> None:
    """'The dungeon boss gains all the abilities and bonuses listed on the relic card exactly
    as though they were printed on the model's card.'"""
    state = equipped(pack, "soul")
    status = boss_status(pack, state)
    assert (status.hearts, status.hearts_from) == (11, ["+2 Soul"])
    view = card(pack, state, "big")
    assert view.hearts == 11
    assert [a.text for a in view.hearts_added] == ["+2: relic Soul"]
    others = [pack.monsters["kobold"], pack.mini_bosses["chief"], pack.spawning_points["burrow"]]
    for other in others:  # only the boss wears them
        assert card(pack, state, other.id).hearts == other.hearts


def test_the_timeout_comes_at_half_the_hearts_with_relics(pack: EditionPack) -> None:
    """'Immediately after the boss has a number of wound tokens equal to, or greater than, half
    of the number of hearts on its card, a timeout is triggered.' With 9 printed hearts and 2
    from a relic: 11 hearts, timeout at 6 wounds (not 5)."""
    state = equipped(pack, "soul")
    assert boss_status(pack, state).timeout_threshold == 6
    state = apply(pack, state, Wound(wounds=5))
    assert not state.boss.timeout
    assert apply(pack, state, Wound(wounds=1)).boss.timeout


def test_the_boss_is_defeated_only_at_all_its_hearts(pack: EditionPack) -> None:
    state = equipped(pack, "soul")
    assert describe(pack, Wound(wounds=9), state) == "Boss takes 9 wounds"
    assert not apply(pack, state, Wound(wounds=9)).boss.defeated
    assert describe(pack, Wound(wounds=11), state).endswith("defeated")
    assert apply(pack, state, Wound(wounds=11)).boss.defeated


def test_an_old_journal_replays_on_the_printed_hearts(pack: EditionPack) -> None:
    """A journal written before relic hearts counted holds `choose_relics`: it reads and writes
    the same bytes, and replays as it was played (timeout at 5 of 9 hearts), and the card says
    that its relics' hearts are not counted."""
    data = {"relics": ["soul"], "type": "choose_relics"}
    assert action_data(read_action(data)) == data
    state = equipped(pack, "soul", old=True)
    assert boss_status(pack, state).hearts == 9
    assert apply(pack, state, Wound(wounds=5)).boss.timeout
    assert any("not counted" in note for note in card(pack, state, "big").notes)


def test_a_dice_relic_changes_its_stat_marked_as_from_the_relic(pack: EditionPack) -> None:
    figure = next(f for f in card(pack, equipped(pack, "wand"), "big").stats if f.stat == "WILL")
    assert figure.text.endswith("+1R")
    assert [a.text for a in figure.added] == ["+1R: relic Wand"]


def test_a_relic_action_is_on_the_card_with_its_dice(pack: EditionPack) -> None:
    """'The dungeon boss gains all the abilities and bonuses listed on the relic card exactly as
    though they were printed on the model's card.' A relic's action is listed with its roll."""
    view = card(pack, equipped(pack, "wand"), "big")
    zap = next(a for a in view.actions if a.name == "Zap")
    assert zap.ap == 2 and zap.roll is not None
    assert "+1R: relic Wand" in [a.text for a in zap.roll.added]
    assert "From relic Wand." in zap.notes


def test_a_change_the_app_cannot_read_says_use_your_card(pack: EditionPack) -> None:
    """'+1 DEX' with no die: the figure stays as printed and says so, never silently."""
    view = card(pack, equipped(pack, "potion", "marbles"), "big")
    dex = next(f for f in view.stats if f.stat == "DEX")
    assert dex.text == "DEX 1B 1G (+1 not applied: use your card)"
    assert dex.added[0].text == "+1: relic Potion, not applied: use your card (no die colour)"
    defense = next(r for r in view.defense if r.stat == "DEX")
    assert defense.total == Dice.parse("1B 1G")
    relics = {r.name: r.not_applied for r in view.relics}
    assert relics["Potion"] == ["+1 DEX not applied: use your card (no die colour)"]
    assert relics["Marbles"] == ["not applied: use your card (its effect is not known)"]
    assert "Relic Marbles: not applied: use your card (its effect is not known)." in view.notes


def test_spirit_call_from_a_relic_gives_every_ghost_1b(pack: EditionPack) -> None:
    """'The dungeon boss gains all the abilities and bonuses listed on the relic card exactly as
    though they were printed on the model's card.' A relic's Spirit Call ("while this model is
    in play, every Ghost model gets +1B on all rolls") reaches the Ghosts in the pool."""
    kobold = pack.monsters["kobold"]
    pack.monsters["kobold"] = structs.replace(kobold, keywords=["Ghost"])
    pack.monsters["dragon"] = structs.replace(pack.monsters["dragon"], keywords=["Ghost Charge"])
    before = card(pack, equipped(pack, "wand"), "kobold")
    assert all(not f.added for f in before.stats if f.stat != "MOVE")
    state = equipped(pack, "kimono")
    ghost = card(pack, state, "kobold")
    reason = (
        "+1B: Spirit Call: +1B on every roll of a Ghost while Big Boss (relic Kimono) is in play"
    )
    for figure in (f for f in ghost.stats if f.stat in ("STR", "ARM", "DEX")):
        assert [a.text for a in figure.added] == [reason]
    assert not any(f.added for f in card(pack, state, "dragon").stats)
    assert not any(f.added for f in card(pack, apply(pack, state, Wound(wounds=9)), "kobold").stats)


def test_the_relic_dialog_says_what_will_not_be_applied(pack: EditionPack) -> None:
    """The choice of a relic the app cannot apply whole says so before it is chosen."""
    state = run_to(pack, boss_spawned(pack, spawning_points=THREE_POINTS), "relics")
    step = next(s for s in power_up_steps(pack, state) if s.current)
    notes = {c.id: c.note for c in step.choices}
    assert notes["potion"].endswith("(part of it not applied: use your card)")
    assert notes["marbles"].endswith("use your card)")
    assert notes["wand"] == "Right: +1R WILL, Zap."
