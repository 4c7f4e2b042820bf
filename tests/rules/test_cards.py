"""The card view: each roll a model makes with the bonuses that apply to it, and why
(mighty-monster-chart.txt, BONUSES; dungeon-boss.txt, relics), and the lookup."""

from __future__ import annotations

import pytest
from msgspec import structs

from consul_app.content.dice import Dice
from consul_app.content.models import Ability, DungeonBoss, Keyword, Monster, Relic
from consul_app.content.pack import EditionPack
from consul_app.content.validate import dump, validate
from consul_app.rules import (
    CardView,
    GameState,
    RuleError,
    card,
    lookup,
    monster_stats,
    new_game,
)
from consul_app.rules.model.state import BossState, GainedBonus

from .packs import make_setup


def with_bonuses(pack: EditionPack, *bonuses: str, edition: str = "sde2") -> GameState:
    """A new game whose monsters gained these bonuses on chart spaces 1, 2, ..."""
    state = new_game(pack, make_setup(edition))
    gained = [GainedBonus(bonus=b, space=n) for n, b in enumerate(bonuses, start=1)]
    return structs.replace(state, bonuses=gained)


def add_monster(pack: EditionPack, **fields: object) -> None:
    base = {"rank": "minion", "bits": "8-bit", "hearts": 1, "skull_points": 1}
    monster = validate(Monster, {"edition": pack.edition, **base, **fields})
    pack.monsters[monster.id] = monster


def add_ability(pack: EditionPack, **fields: object) -> None:
    ability = validate(Ability, {"edition": pack.edition, **fields})
    pack.abilities[ability.id] = ability


def action(view: CardView, name: str):  # noqa: ANN201 - a CardAction
    return next(a for a in view.actions if a.name == name)


def defense(view: CardView) -> dict[str, str]:
    return {roll.stat: roll.text for roll in view.defense}


def test_a_will_attacker_gets_its_offense_bonus_on_will(sde2: EditionPack) -> None:
    """'Dice bonuses add a die to monsters' offense rolls or defense rolls.' An offense roll
    is the roll of the stat the action names: a magic attack rolls WILL, so the offense bonus
    goes to WILL, and not to STR or DEX, which it never rolls to attack. Its WILL also
    defends (against magic), and that roll gains nothing: the row says "off"."""
    add_monster(
        sde2,
        id="witch",
        name="Witch",
        stats={"STR": "1B", "ARM": "1B", "WILL": "3R", "DEX": "2B"},
        attacks=[{"rolls": "WILL", "range": 5}],
    )
    state = with_bonuses(sde2, "offense")
    view = card(sde2, state, "witch")
    magic = action(view, "Magic attack")
    assert (magic.rolls, magic.against, magic.range, magic.ap) == ("WILL", "ARM", 5, 1)
    assert magic.roll is not None and magic.roll.text == "WILL 3R +1B"
    assert magic.roll.total == Dice(red=3, blue=1)
    assert [a.text for a in magic.roll.added] == ["+1B: chart space 1, +1 blue on offense"]
    assert [line.text for line in monster_stats(sde2, state, "witch")] == [
        "STR 1B",
        "ARM 1B",
        "WILL 3R +1B off",
        "DEX 2B",
    ]


def test_an_ability_rolls_the_stats_it_names(sde2: EditionPack) -> None:
    """An ability "WILL vs DEX": the model rolls WILL with its offense bonus and its own dice;
    the target rolls DEX."""
    add_ability(
        sde2,
        id="hex-bolt",
        name="Hex Bolt",
        text="Magic bolt.",
        type="offense",
        ap=2,
        range=6,
        rolls="WILL",
        against="DEX",
        add="1R",
    )
    add_monster(
        sde2, id="imp", name="Imp", stats={"WILL": "2B", "ARM": "1B"}, abilities=["Hex Bolt"]
    )
    view = card(sde2, with_bonuses(sde2, "offense"), "imp")
    bolt = action(view, "Hex Bolt")
    assert (bolt.ap, bolt.range, bolt.rolls, bolt.against, bolt.type) == (
        2,
        6,
        "WILL",
        "DEX",
        "offense",
    )
    assert bolt.roll is not None and bolt.roll.text == "WILL 2B +1B 1R"
    assert [a.reason for a in bolt.roll.added] == [
        "the ability's own dice",
        "chart space 1, +1 blue on offense",
    ]
    assert view.abilities[0].text == "Magic bolt."


def test_a_support_action_gets_no_offense_bonus(sde2: EditionPack) -> None:
    """Our reading (README, "Where the rules leave room"): 'Dice bonuses add a die to monsters'
    offense rolls' means the rolls of offensive actions. A support action that rolls ("WILL vs
    WILL, Compel 4") is not an offensive action: no offense bonus, but a bonus that names the
    stat it rolls still applies."""
    add_ability(
        sde2,
        id="dance",
        name="Dance",
        text="Compel.",
        type="support",
        ap=1,
        rolls="WILL",
        against="WILL",
    )
    add_monster(
        sde2,
        id="piper",
        name="Piper",
        rank="elite",
        stats={"WILL": "2B", "ARM": "1B"},
        abilities=["Dance"],
    )
    view = card(sde2, with_bonuses(sde2, "offense"), "piper")
    dance = action(view, "Dance")
    assert dance.roll is not None and dance.roll.text == "WILL 2B"
    assert dance.notes == ["A support action: offense bonuses do not apply."]


def test_a_defense_bonus_goes_to_arm_dex_and_will_defense(sde2: EditionPack) -> None:
    """'Dice bonuses add a die to monsters' ... defense rolls.' A model defends with the stat
    the attack names after "vs": ARM, DEX or WILL; each defense roll gains the bonus."""
    state = with_bonuses(sde2, "defense")
    view = card(sde2, state, "kobold")  # prints ARM and DEX
    assert defense(view) == {"ARM": "ARM 1B +1ST", "DEX": "DEX 1B +1ST"}
    elite = card(sde2, state, "kobold-elite")  # prints ARM and WILL
    assert defense(elite) == {"ARM": "ARM 1R +1ST", "WILL": "WILL 1B +1ST"}
    assert elite.defends_basic == ["ARM"]
    assert [a.text for a in elite.defense[1].added] == ["+1ST: chart space 1, +1 star on defense"]
    # the offensive actions do not gain it
    assert action(elite, "Melee attack").roll.text == "STR 2B"  # type: ignore[union-attr]


def test_a_stat_bonus_goes_to_every_roll_of_that_stat(sde2: EditionPack) -> None:
    """A bonus that names a stat ("Elites +1 red STR") is as though printed on that stat."""
    view = card(sde2, with_bonuses(sde2, "elite-str"), "kobold-elite")
    assert action(view, "Melee attack").roll.text == "STR 2B +1R"  # type: ignore[union-attr]
    assert [f.text for f in view.stats] == ["STR 2B +1R", "ARM 1R", "WILL 1B"]


def test_mighty_doubles_the_chart_bonuses(sde2: EditionPack) -> None:
    """Mighty: 'This monster doubles all bonuses gained from the Mighty Monster Chart.'"""
    add_monster(
        sde2,
        id="clutch-drake",
        name="Clutch Drake",
        stats={"STR": "2B", "ARM": "1B"},
        attacks=[{"rolls": "STR"}],
        keywords=["Mighty"],
    )
    state = with_bonuses(sde2, "offense", "defense")
    view = card(sde2, state, "clutch-drake")
    melee = action(view, "Melee attack").roll
    assert melee is not None and melee.text == "STR 2B +2B"
    assert [a.text for a in melee.added] == [
        "+2B: chart space 1, +1 blue on offense, doubled by Mighty"
    ]
    assert defense(view) == {"ARM": "ARM 1B +2ST"}
    assert [e.keyword for e in view.effects] == ["Mighty"]
    assert card(sde2, state, "kobold").defense[0].text == "ARM 1B +1ST"  # not Mighty: single


def test_the_dungeon_boss_gets_relic_modifiers_and_no_chart_bonus(sde2: EditionPack) -> None:
    """'Bonuses apply to all monsters except the dungeon boss.' 'The dungeon boss gains all the
    abilities and bonuses listed on the relic card exactly as though they were printed on the
    model's card.'"""
    sde2.dungeon_bosses["big"] = structs.replace(
        sde2.dungeon_bosses["big"],
        stats=structs.replace(
            sde2.dungeon_bosses["big"].stats, move=5, ap=4, STR=Dice(red=2), ARM=Dice(red=1)
        ),
    )
    sde2.dungeon_bosses["big"] = validate(
        DungeonBoss, {**dump(sde2.dungeon_bosses["big"]), "attacks": [{"rolls": "STR"}]}
    )
    sde2.relics["sandals"] = validate(
        Relic,
        {
            "edition": "sde2",
            "id": "sandals",
            "name": "Sandals",
            "slot": "Top",
            "effect": "+4 MOVE and +1R STR; gains Backstabber.",
            "modifiers": [{"stat": "MOVE", "add": 4}, {"stat": "STR", "add": "1R"}],
            "keywords": ["Backstabber"],
        },
    )
    sde2.keywords["backstabber"] = Keyword(
        edition="sde2", id="backstabber", name="Backstabber", text="Passes a wound."
    )
    state = with_bonuses(sde2, "offense", "defense")
    state = structs.replace(state, boss=BossState(spawned=True, relics=["sandals"]))
    view = card(sde2, state, "big")
    assert view.kind == "dungeon boss" and view.bonuses == []
    assert view.move == 9 and view.ap == 4
    assert [f.text for f in view.stats] == ["MOVE 5 +4", "AP 4", "STR 2R +1R", "ARM 1R"]
    melee = action(view, "Melee attack").roll
    assert melee is not None and [a.text for a in melee.added] == ["+1R: relic Sandals"]
    assert defense(view) == {"ARM": "ARM 1R"}
    assert [(t.name, t.text, t.source) for t in view.gained] == [
        ("Backstabber", "Passes a wound.", "relic Sandals")
    ]
    assert view.relics[0].modifiers == ["+4 MOVE", "+1R STR", "gains Backstabber"]


def test_ability_and_status_bonuses_are_on_the_card(sde2: EditionPack) -> None:
    """'Bonus abilities give monsters the listed ability.' '(A status effect ability means the
    monster causes the status effect when it inflicts a wound when using an offensive
    action.)'"""
    view = card(sde2, with_bonuses(sde2, "massive", "poisoning"), "kobold")
    assert [(t.name, t.kind, t.source) for t in view.gained] == [
        ("Massive Damage", "ability", "chart space 1, Massive Damage"),
        ("Poison", "status effect", "chart space 2, Monsters cause Poison"),
    ]
    assert view.gained[1].text == "Causes Poison when it wounds: Loses hearts."


def test_rampage_counts_spawning_points_destroyed(sde2: EditionPack) -> None:
    """Rampage (2.0): 'gains +1B while making offensive actions for each spawning point that was
    destroyed this game.' Removed at the boss spawn does not count."""
    add_monster(
        sde2,
        id="oni",
        name="Oni",
        stats={"STR": "2R", "ARM": "1B"},
        attacks=[{"rolls": "STR"}],
        keywords=["Rampage"],
    )
    state = with_bonuses(sde2)
    assert action(card(sde2, state, "oni"), "Melee attack").roll.text == "STR 2R"  # type: ignore[union-attr]
    points = [structs.replace(p, status="destroyed") for p in state.spawning_points]
    state = structs.replace(state, spawning_points=points)
    melee = action(card(sde2, state, "oni"), "Melee attack").roll
    assert melee is not None and melee.text == "STR 2R +2B"
    assert melee.added[0].reason.startswith("Rampage: +1B on offense per spawning point")
    assert defense(card(sde2, state, "oni")) == {"ARM": "ARM 1B"}


def test_the_consuls_wrath_from_a_relic_adds_a_red_die_to_offense(sde2: EditionPack) -> None:
    """Dark Crystal: 'Gains The Consul's Wrath', whose text is 'adds +1R to all its offense
    rolls': the boss's attacks roll one more red die, its defense does not."""
    sde2.dungeon_bosses["big"] = validate(
        DungeonBoss,
        {
            **dump(sde2.dungeon_bosses["big"]),
            "stats": {"move": 5, "ap": 4, "STR": "2R", "ARM": "1R"},
            "attacks": [{"rolls": "STR"}],
        },
    )
    sde2.relics["crystal"] = validate(
        Relic,
        {
            "edition": "sde2",
            "id": "crystal",
            "name": "Crystal",
            "slot": "Bottom",
            "effect": "Gains The Consul's Wrath.",
            "keywords": ["The Consul's Wrath"],
        },
    )
    state = structs.replace(with_bonuses(sde2), boss=BossState(spawned=True, relics=[]))
    assert action(card(sde2, state, "big"), "Melee attack").roll.text == "STR 2R"  # type: ignore[union-attr]
    state = structs.replace(state, boss=BossState(spawned=True, relics=["crystal"]))
    view = card(sde2, state, "big")
    melee = action(view, "Melee attack").roll
    assert melee is not None and melee.text == "STR 2R +1R"
    assert [a.reason for a in melee.added] == ["The Consul's Wrath: +1R on every offense roll"]
    assert defense(view) == {"ARM": "ARM 1R"}


def test_trophies_counts_ghostflames_in_play(sde2: EditionPack) -> None:
    """Trophies: 'gains +1ST ARM for each Ghostflame in play.'"""
    add_monster(sde2, id="ghostflame", name="Ghostflame", stats={"STR": "1B", "ARM": "1B"})
    add_monster(sde2, id="hunter", name="Hunter", stats={"ARM": "2B"}, keywords=["Trophies"])
    state = structs.replace(with_bonuses(sde2), board={"ghostflame": 3, "kobold": 2})
    view = card(sde2, state, "hunter")
    assert defense(view) == {"ARM": "ARM 2B +3ST"}
    assert [f.text for f in view.stats] == ["ARM 2B +3ST"]


def test_forgotten_king_and_classic_cards(fk: EditionPack, classic: EditionPack) -> None:
    """FK: 'Only elite and minion monsters gain the benefits of the Mighty Monster chart.' 1.0
    has no bonuses; its cards attack with ATT."""
    state = with_bonuses(fk, "offense", edition="forgotten-king")
    assert action(card(fk, state, "kobold"), "Melee attack").roll.text == "STR 1B +1B"  # type: ignore[union-attr]
    chief = card(fk, state, "chief")
    assert action(chief, "Melee attack").roll.text == "STR 2R"  # type: ignore[union-attr]
    assert chief.notes == ["Forgotten King: only elites and minions gain the ladder's bonuses."]
    classic_state = new_game(classic, make_setup("classic"))
    view = card(classic, classic_state, "kobold")
    assert action(view, "Melee attack").rolls == "ATT"
    assert view.notes == ["SDE 1.0: monsters gain no bonuses."]


def test_the_boss_note_names_each_editions_equipment(
    sde2: EditionPack, fk: EditionPack, classic: EditionPack
) -> None:
    """2.0: 'it may choose and equip up to one relic equipment card for each spawning point'.
    1.0 bosses carry treasure, not relics; Forgotten King bosses get neither."""
    notes = {
        ed: card(pack, new_game(pack, make_setup(ed)), "big").notes
        for ed, pack in (("sde2", sde2), ("forgotten-king", fk), ("classic", classic))
    }
    assert notes == {
        "sde2": ["The dungeon boss gains no Mighty Monster bonus; its relics apply."],
        "forgotten-king": ["The dungeon boss gains no bonus from the ladder."],
        "classic": ["SDE 1.0: the dungeon boss gains no bonuses; the boss's treasure applies."],
    }


def test_spawning_point_and_unknown_cards(sde2: EditionPack) -> None:
    state = with_bonuses(sde2, "defense")
    view = card(sde2, state, "burrow")
    assert (view.kind, view.hearts, view.bonuses) == ("spawning point", 4, [])
    with pytest.raises(RuleError, match="unknown monster 'ghost'"):
        card(sde2, state, "ghost")


def test_lookup_finds_by_a_few_letters(sde2: EditionPack) -> None:
    sde2.keywords["backstabber"] = Keyword(
        edition="sde2", id="backstabber", name="Backstabber", text="Passes a wound."
    )
    add_ability(sde2, id="stab", name="Stab", text="A quick stab.")
    hits = lookup(sde2, "sta")
    assert [(h.kind, h.name) for h in hits] == [("ability", "Stab"), ("keyword", "Backstabber")]
    assert hits[1].text == "Passes a wound."
    assert [h.kind for h in lookup(sde2, "kob")] == ["monster", "monster"]
    assert lookup(sde2, "kob")[0].text.startswith("Minion, 8-Bit, 1 skull point, 1 heart.")
    assert [(h.kind, h.name) for h in lookup(sde2, "POIS")] == [("status effect", "Poison")]
    assert [h.kind for h in lookup(sde2, "crown")] == ["relic"]
    assert lookup(sde2, "  ") == []


def test_a_defense_bonus_shows_on_every_defense_stat_of_a_row(sde2: EditionPack) -> None:
    """README: 'A defense bonus applies to every defense roll (ARM, DEX or WILL).' The row of
    the spawning pool (QA: Leaping Spider, "+1ST def" chosen) says it on ARM, WILL and DEX,
    as the card's defense rolls do; a stat rolled to attack and to defend (a DEX archer) keeps
    each bonus to its own rolls."""
    add_monster(
        sde2,
        id="spider",
        name="Spider",
        stats={"STR": "2B 1R", "ARM": "1ST", "WILL": "3B", "DEX": "3B"},
        attacks=[{"rolls": "STR"}],
    )
    add_monster(
        sde2,
        id="archer",
        name="Archer",
        stats={"STR": "1B", "ARM": "1B", "DEX": "2B"},
        attacks=[{"rolls": "DEX", "range": 6}],
    )
    state = with_bonuses(sde2, "defense")
    spider = card(sde2, state, "spider")
    assert defense(spider) == {"ARM": "ARM 1ST +1ST", "WILL": "WILL 3B +1ST", "DEX": "DEX 3B +1ST"}
    assert [line.text for line in monster_stats(sde2, state, "spider")] == [
        "STR 2B 1R",
        "ARM 1ST +1ST",
        "WILL 3B +1ST",
        "DEX 3B +1ST",
    ]
    both = with_bonuses(sde2, "offense", "defense")
    assert [line.text for line in monster_stats(sde2, both, "archer")] == [
        "STR 1B",
        "ARM 1B +1ST",
        "DEX 2B +1B off +1ST def",
    ]
    dex = monster_stats(sde2, both, "archer")[2]
    assert (dex.bonus, dex.offense, dex.defense) == (Dice(), Dice(blue=1), Dice(stars=1))
    archer = card(sde2, both, "archer")
    assert action(archer, "Missile attack").roll.text == "DEX 2B +1B"
    assert defense(archer)["DEX"] == "DEX 2B +1ST"
