"""The Tinkerer: bombs, gizmos, Exo-Armor, constructs, and the campaign exceptions."""

from __future__ import annotations

import pytest

from consul_app.md2.content import Md2Content
from consul_app.md2.rules import Md2Setup, Md2State, apply, new_game
from consul_app.md2.rules import actions as a
from consul_app.md2.rules.errors import RuleError
from consul_app.md2.rules.state import Item, PlacedBomb
from consul_app.md2.rules.tinkerer import paid_activations
from consul_app.md2.rules.views import bombs_by_zone, item_count, now, reminders
from tests.md2.conftest import play


def tinkerers_turn(content: Md2Content, game: Md2State, mana: int = 12) -> Md2State:
    return play(content, game, a.StartTurn(hero="tinkerer"),
                a.ChangeMana(hero="tinkerer", by=mana))


def enemy_phase(content: Md2Content, state: Md2State) -> Md2State:
    """End the Tinkerer's turn, let the Bard play, and start the enemy phase."""
    return play(content, state, a.EndTurn(), a.StartTurn(hero="bard"), a.EndTurn(),
                a.StartEnemyPhase())


def test_the_pool_holds_3_small_and_3_large_bombs(game: Md2State) -> None:
    """- Place the 6 Bomb tokens (3 small and 3 large) in a pool near the Tinkerer's Hero
    dashboard."""
    assert game.tinkerer is not None
    assert (game.tinkerer.small_bombs, game.tinkerer.large_bombs) == (3, 3)


def test_a_bomb_is_placed_in_the_tinkerers_turn_by_mana_or_an_item(
    content: Md2Content, game: Md2State
) -> None:
    """Bomb: Some skills and abilities allow the Tinkerer to place Bomb tokens in the Dungeon
    during their turn by spending Mana or discarding items. This is not an action."""
    with pytest.raises(RuleError, match="Only during the Tinkerer's turn"):
        apply(content, game, a.PlaceBomb(size="small", zone="Hall", pay="item"))
    state = play(content, tinkerers_turn(content, game, mana=4),
                 a.PlaceBomb(size="small", zone="Hall", pay="mana", mana=3),
                 a.PlaceBomb(size="large", zone="Crypt", pay="item"))
    assert state.tinkerer is not None
    assert state.tinkerer.mana == 1
    assert (state.tinkerer.small_bombs, state.tinkerer.large_bombs) == (2, 2)
    with pytest.raises(RuleError, match="costs 3 Mana; the Tinkerer has 1"):
        apply(content, state, a.PlaceBomb(size="small", zone="Hall", pay="mana", mana=3))


def test_a_gizmo_is_never_the_discarded_item_for_a_bomb(
    content: Md2Content, game: Md2State
) -> None:
    """The Tinkerer may not use Gizmos as the discarded item (see next section)."""
    state = play(content, tinkerers_turn(content, game), a.DrawGizmo(tier="rare"))
    with pytest.raises(RuleError, match="A Gizmo cannot be the discarded item"):
        apply(content, state, a.PlaceBomb(size="small", zone="Hall", pay="gizmo"))


def test_no_bomb_is_placed_when_the_pool_has_none_of_that_size(
    content: Md2Content, game: Md2State
) -> None:
    """- Place the 6 Bomb tokens (3 small and 3 large) in a pool near the Tinkerer's Hero
    dashboard."""
    state = tinkerers_turn(content, game)
    for _ in range(3):
        state = apply(content, state, a.PlaceBomb(size="large", zone="Hall", pay="item"))
    with pytest.raises(RuleError, match="No large bomb is left in the pool"):
        apply(content, state, a.PlaceBomb(size="large", zone="Hall", pay="item"))


def test_bombs_explode_at_the_start_of_the_enemy_phase_zone_by_zone(
    content: Md2Content, game: Md2State
) -> None:
    """Bombs explode at the start of the Enemy Phase. Players may choose the order in which
    Bombs resolve in the same Zone as long as they resolve all the Bombs in that Zone before
    moving to the next."""
    state = play(content, tinkerers_turn(content, game),
                 a.PlaceBomb(size="small", zone="Hall", pay="item"),
                 a.PlaceBomb(size="large", zone="Crypt", pay="item"),
                 a.PlaceBomb(size="large", zone="Hall", pay="item"))
    state = enemy_phase(content, state)
    assert bombs_by_zone(state.exploding) == {"Hall": {"small": 1, "large": 1},
                                              "Crypt": {"large": 1}}
    assert "Hall: 1 large, 1 small" in now(state)
    with pytest.raises(RuleError, match="bomb\\(s\\) still to explode"):
        apply(content, state, a.EndRound())
    state = apply(content, state, a.ExplodeBomb(zone="Hall", size="large"))
    with pytest.raises(RuleError, match="Resolve every bomb in Hall before the next zone"):
        apply(content, state, a.ExplodeBomb(zone="Crypt", size="large"))
    state = play(content, state, a.ExplodeBomb(zone="Hall", size="small"),
                 a.ExplodeBomb(zone="Crypt", size="large"), a.EndRound())
    assert state.round == 2 and state.exploding == ()


def test_exploded_bombs_go_back_to_the_pool(content: Md2Content, game: Md2State) -> None:
    """Example: Kaylee takes the Bombs I skill at the start of the game. She may spend 3 Mana
    or discard 1 item to place a small Bomb within range. At the start of the Enemy Phase, the
    Bomb explodes."""
    state = play(content, tinkerers_turn(content, game),
                 a.PlaceBomb(size="small", zone="Hall", pay="mana", mana=3))
    state = enemy_phase(content, state)
    assert state.exploding == (PlacedBomb(size="small", zone="Hall"),)
    assert state.tinkerer is not None and state.tinkerer.placed == ()
    state = apply(content, state, a.ExplodeBomb(zone="Hall", size="small"))
    assert state.tinkerer is not None and state.tinkerer.small_bombs == 3


def test_a_gizmo_is_traded_at_the_forge_as_an_item_of_its_tier(
    content: Md2Content, game: Md2State
) -> None:
    """Gizmos may be used as items of their tier to be traded at the Forge just like a
    regular item (returning them to the Treasure bag). Gizmos Rules: Gizmos count as items of
    their rarity that can be traded."""
    state = play(content, game, a.DrawGizmo(tier="common"), a.TradeGizmo(tier="common"))
    assert state.tinkerer is not None and state.tinkerer.gizmos == ()
    with pytest.raises(RuleError, match="holds no epic gizmo"):
        apply(content, state, a.TradeGizmo(tier="epic"))


def test_spending_a_gizmo_uses_one_effect_of_its_tier_once_per_round(
    content: Md2Content, game: Md2State
) -> None:
    """They may also be expended to fulfill 1 of the corresponding Gizmos effects on the Rules
    card. After being spent, they are returned to the Treasure bag. Each Effect may only be
    used once per round. They are used as Consumables by the Tinkerer, returning them to the
    Treasure bag to use 1 of the corresponding effects, according to their rarity. Each effect
    may only be used once per round."""
    state = play(content, game, a.DrawGizmo(tier="common"), a.DrawGizmo(tier="common"),
                 a.DrawGizmo(tier="epic"))
    with pytest.raises(RuleError, match="needs a rare gizmo"):
        apply(content, state, a.SpendGizmo(effect="orb-of-darkness"))
    state = apply(content, state, a.SpendGizmo(effect="smoke-bombs"))
    assert state.tinkerer is not None
    assert state.tinkerer.gizmos == ("common", "epic")
    with pytest.raises(RuleError, match="used this round already"):
        apply(content, state, a.SpendGizmo(effect="smoke-bombs"))
    state = apply(content, state, a.SpendGizmo(effect="cobbled-wings"))
    state = play(content, state, a.StartTurn(hero="bard"), a.EndTurn(),
                 a.StartTurn(hero="tinkerer"), a.EndTurn(), a.StartEnemyPhase(), a.EndRound(),
                 a.DrawGizmo(tier="common"), a.SpendGizmo(effect="smoke-bombs"))
    assert state.tinkerer is not None and state.tinkerer.used_effects == ("smoke-bombs",)


def test_a_drawn_common_gizmo_may_be_traded_or_spent_on_a_common_effect(
    content: Md2Content, game: Md2State
) -> None:
    """Drawing a Common item token, she may trade it at the Forge or expend it to use the
    Smoke Bomb, Cobbled Wing, or Carrier Drone effects during play."""
    common = {e.name for e in content.gizmo_effects.values() if e.tier == "common"}
    assert common == {"Smoke Bombs", "Cobbled Wings", "Carrier Drone"}
    state = play(content, game, a.DrawGizmo(tier="common"))
    state = apply(content, state, a.SpendGizmo(effect="carrier-drone"))
    assert state.tinkerer is not None and state.tinkerer.gizmos == ()


def test_the_twelve_gizmo_effects_three_per_tier(content: Md2Content) -> None:
    """The Gizmo effects, by rarity (the rarity of each Gizmo is shown by the colour of its
    icon on the printed Rules card; the tier labels below are the transcriber's, added from
    that colour):
    - Common:
    - Smoke Bombs: Combat: 2 (black curved-arrow icon).
    - Cobbled Wings: Move: +1 MP.
    - Carrier Drone: Trade: You may also trade with 1 Hero in any Zone.
    - Rare:
    - Holy Hand Explosive: Add 1 fire icon to 1 Enemy in range and immediately resolve all
      fire icons on that Enemy using an orange die instead.
    - Replicating Gadget: Return 1 discarded Consumable to your Inventory.
    - Orb of Darkness: Attack: +1 (shadow icon).
    - Epic:
    - Lucky Coin: +1 action.
    - Freezing Device: Add 2 (snowflake icon) to 1 Enemy in range.
    - Lightbringer Potion: Each Hero in your Zone fully Heals and recovers all (grey spiked
      icon).
    - Legendary:
    - Blade Enhancers: Attack: +2 (red die).
    - Disposable Shield: Defense: +2 (green die).
    - Gift Box: Draw 2 Treasure tokens from the bag as Gizmos.
    """
    by_tier: dict[str, set[str]] = {}
    for effect in content.gizmo_effects.values():
        by_tier.setdefault(effect.tier, set()).add(effect.name)
    assert by_tier == {
        "common": {"Smoke Bombs", "Cobbled Wings", "Carrier Drone"},
        "rare": {"Holy Hand Explosive", "Replicating Gadget", "Orb of Darkness"},
        "epic": {"Lucky Coin", "Freezing Device", "Lightbringer Potion"},
        "legendary": {"Blade Enhancers", "Disposable Shield", "Gift Box"},
    }


def exo_ready(content: Md2Content, game: Md2State) -> Md2State:
    return play(content, game, a.SetSkill(skill="exo-armor", level=1),
                a.EquipItem(name="Axe", slot="hand"), a.EquipItem(name="Helm", slot="head"),
                a.EquipItem(name="Boots", slot="legs"), a.EquipItem(name="Rope"),
                a.StartTurn(hero="tinkerer"))


def test_the_exo_armor_is_gained_by_discarding_items_in_the_turn_never_a_gizmo(
    content: Md2Content, game: Md2State
) -> None:
    """Exo-Armor: If the Tinkerer chooses the Exo-Armor skill, they may, during their turn,
    discard items as indicated in the skill to gain and equip the Upper or Lower part of the
    Exo-Armor. This is not an action. The Tinkerer may not use Gizmos as the discarded item."""
    state = play(content, game, a.StartTurn(hero="tinkerer"))
    with pytest.raises(RuleError, match="Only with the Exo-Armor skill"):
        apply(content, state, a.GainExoArmor(part="upper"))
    state = exo_ready(content, game)
    with pytest.raises(RuleError, match="A Gizmo cannot be the discarded item"):
        apply(content, state, a.GainExoArmor(part="upper", pay="gizmo"))
    state = apply(content, state, a.GainExoArmor(part="upper"))
    assert state.tinkerer is not None and state.tinkerer.exo_armor == ("upper",)


def test_exo_armor_parts_are_never_discarded(content: Md2Content, game: Md2State) -> None:
    """- Exo-Armor parts cannot be discarded unless stated otherwise."""
    state = play(content, exo_ready(content, game), a.GainExoArmor(part="lower"))
    with pytest.raises(RuleError, match="Exo-Armor parts cannot be discarded"):
        apply(content, state, a.PlaceBomb(size="small", zone="Hall", pay="exo-armor"))
    with pytest.raises(RuleError, match="Exo-Armor parts cannot be discarded"):
        apply(content, state, a.CreateConstruct(construct="guard", pay="exo-armor"))


def test_the_upper_part_moves_the_hand_items_to_the_inventory(
    content: Md2Content, game: Md2State
) -> None:
    """- Upper part: Remove any equipped hand items and place them in the Tinkerer's
    Inventory. Then, place the Exo-Armor Upper part over the hands and Hero card slots."""
    state = play(content, exo_ready(content, game), a.GainExoArmor(part="upper"))
    assert state.tinkerer is not None
    assert Item(name="Axe") in state.tinkerer.items
    assert Item(name="Helm", slot="head") in state.tinkerer.items
    with pytest.raises(RuleError, match="Upper part covers the hand slots"):
        apply(content, state, a.EquipItem(name="Axe", slot="hand"))


def test_the_lower_part_moves_head_torso_legs_and_misc_items(
    content: Md2Content, game: Md2State
) -> None:
    """- Lower part: Remove any equipped Head, Torso, Legs, and Miscellaneous items and place
    them in the Tinkerer's Inventory. Then, place the Exo-Armor Lower part over these slots."""
    state = play(content, exo_ready(content, game), a.GainExoArmor(part="lower"))
    assert state.tinkerer is not None
    assert set(state.tinkerer.items) == {Item(name="Axe", slot="hand"), Item(name="Helm"),
                                         Item(name="Boots"), Item(name="Rope")}
    with pytest.raises(RuleError, match="Lower part covers the misc slots"):
        apply(content, state, a.EquipItem(name="Ring", slot="misc"))


def test_the_example_lower_part_for_three_items(content: Md2Content, game: Md2State) -> None:
    """Example: Jebediah decides to take the Exo-Armor I skill. During his turn, Jebediah
    discards 3 of his items to gain the Lower part of the Exo-Armor. First, he moves any Head,
    Torso, Leg, or Miscellaneous items he had equipped back to his Inventory."""
    state = play(content, exo_ready(content, game), a.GainExoArmor(part="lower"))
    assert state.tinkerer is not None
    assert [i.slot for i in state.tinkerer.items if i.name in ("Helm", "Boots")] == [None, None]
    with pytest.raises(RuleError, match="equipped already"):
        apply(content, state, a.GainExoArmor(part="lower"))


def test_constructs_are_limited_by_the_skill_level_and_one_of_each(
    content: Md2Content, game: Md2State
) -> None:
    """The Tinkerer is limited to how many Constructs they may have according to their
    current level of the Constructs skill. In addition, there is only 1 Construct of each
    type."""
    state = play(content, game, a.StartTurn(hero="tinkerer"))
    with pytest.raises(RuleError, match="level 0 allows 0 constructs"):
        apply(content, state, a.CreateConstruct(construct="guard"))
    state = play(content, state, a.SetSkill(skill="constructs", level=2),
                 a.CreateConstruct(construct="guard"))
    with pytest.raises(RuleError, match="only one Guard"):
        apply(content, state, a.CreateConstruct(construct="guard"))
    state = apply(content, state, a.CreateConstruct(construct="scout"))
    with pytest.raises(RuleError, match="level 2 allows 2 constructs"):
        apply(content, state, a.CreateConstruct(construct="sentry"))


def test_each_construct_activates_once_free_then_for_an_action(
    content: Md2Content, game: Md2State
) -> None:
    """During the Tinkerer's turn, they may activate each Construct once (the first
    activation does not cost an action) and may spend actions to activate them again."""
    state = play(content, game, a.SetSkill(skill="constructs", level=2),
                 a.StartTurn(hero="tinkerer"), a.CreateConstruct(construct="guard"),
                 a.CreateConstruct(construct="sentry"), a.ActivateConstruct(construct="guard"),
                 a.ActivateConstruct(construct="sentry"))
    assert state.tinkerer is not None and paid_activations(state.tinkerer) == 0
    state = apply(content, state, a.ActivateConstruct(construct="guard"))
    assert state.tinkerer is not None and paid_activations(state.tinkerer) == 1
    assert "1 construct activation(s) cost an action" in now(state)
    state = play(content, state, a.EndTurn(), a.StartTurn(hero="bard"), a.EndTurn(),
                 a.StartEnemyPhase(), a.EndRound(), a.StartTurn(hero="tinkerer"))
    assert state.tinkerer is not None and state.tinkerer.activations == ()
    with pytest.raises(RuleError, match="Only during the Tinkerer's turn"):
        apply(content, play(content, state, a.EndTurn()), a.ActivateConstruct(construct="guard"))


def test_constructs_cannot_interact_or_carry_and_roll_no_shadow_die(
    content: Md2Content, game: Md2State
) -> None:
    """Constructs can't Interact, Open Doors, Recover, or carry any items unless stated
    otherwise on their respective cards. They also do not roll the Shadow die when attacking
    in Shadow."""
    state = play(content, game, a.SetSkill(skill="constructs", level=1),
                 a.StartTurn(hero="tinkerer"), a.CreateConstruct(construct="scout"))
    assert ("Constructs: no Interact, Open Doors, Recover or carrying items; no Shadow die"
            in reminders(state))
    assert not any("Construct" in r for r in reminders(game))


def test_a_constructs_kill_gives_the_tinkerer_its_experience(
    content: Md2Content, game: Md2State
) -> None:
    """Whenever a Construct kills an Enemy, the Tinkerer gains the experience."""
    state = play(content, game, a.SetSkill(skill="constructs", level=1),
                 a.StartTurn(hero="tinkerer"), a.CreateConstruct(construct="guard"),
                 a.ConstructKill(construct="guard", xp=2))
    assert state.tinkerer is not None and state.tinkerer.xp == 2


def test_a_killed_construct_returns_to_the_pool_and_may_be_made_again(
    content: Md2Content, game: Md2State
) -> None:
    """When a Construct is killed, return the token to the pool (they may be created again by
    paying their cost)."""
    state = play(content, game, a.SetSkill(skill="constructs", level=1),
                 a.StartTurn(hero="tinkerer"), a.CreateConstruct(construct="guard"),
                 a.ConstructKilled(construct="guard"))
    assert state.tinkerer is not None and state.tinkerer.constructs == ()
    state = apply(content, state, a.CreateConstruct(construct="guard"))
    assert state.tinkerer is not None and state.tinkerer.constructs == ("guard",)


def test_campaign_gizmos_go_back_to_the_bag_before_the_town_phase(
    content: Md2Content,
) -> None:
    """- Before the Town Phase, if the Tinkerer holds any Treasure tokens as Gizmos, they are
    returned to the Treasure bag."""
    state = new_game(Md2Setup(heroes=("tinkerer",), campaign=True), content)
    state = play(content, state, a.DrawGizmo(tier="epic"), a.DrawGizmo(tier="rare"),
                 a.StartTownPhase())
    assert state.phase == "town"
    assert state.tinkerer is not None and state.tinkerer.gizmos == ()
    state = apply(content, state, a.StartQuest())
    assert (state.phase, state.round) == ("hero", 1)
    solo = new_game(Md2Setup(heroes=("tinkerer",)), content)
    with pytest.raises(RuleError, match="Campaign Mode only"):
        apply(content, solo, a.StartTownPhase())


def test_campaign_each_exo_armor_part_counts_as_an_item(content: Md2Content) -> None:
    """- Each part of the Exo-Armor counts as 1 item for the Item Limit when starting a
    Quest."""
    state = new_game(Md2Setup(heroes=("tinkerer",), campaign=True), content)
    state = play(content, state, a.SetSkill(skill="exo-armor", level=1),
                 a.EquipItem(name="Axe", slot="hand"), a.StartTurn(hero="tinkerer"),
                 a.GainExoArmor(part="upper"), a.GainExoArmor(part="lower"))
    assert item_count(state) == 3
    assert "Campaign: Exo-Armor parts count toward the item limit (3 items)" in reminders(state)


def test_campaign_blacksmith_never_counts_as_a_forge(content: Md2Content) -> None:
    """- Blacksmith II, and III Skills: When playing in Campaign Mode, your Hero can never
    count as a Forge (this portion of these 2 skills has no effect)."""
    campaign = new_game(Md2Setup(heroes=("bard",), campaign=True), content)
    rule = "Campaign: Blacksmith II and III never make your hero count as a Forge"
    assert rule in reminders(campaign)
    assert rule not in reminders(new_game(Md2Setup(heroes=("bard",)), content))
