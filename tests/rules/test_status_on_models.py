"""Status effects on a monster in play and on a spawning point: each suffers them on its own
model, and the card of that model applies them as the boss's does (1.0 general rules of status
effects, reference/sde/1.0/status_effects.json: "When a model suffers a status effect, place the
appropriate counter on their card. A model with a status effect counter suffers its effects at
all times until the counter is removed.")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec import structs
from session.players import bundled_pack

from consul_app.content.pack import EditionPack
from consul_app.rules import (
    AddStatus,
    CardView,
    DestroyMarked,
    DestroyMonsters,
    GameState,
    RemoveStatus,
    RuleError,
    Spawn,
    apply,
    card,
    describe,
    new_game,
)
from consul_app.rules.handlers.tracked import immune_to

from .packs import make_setup, play
from .test_status_effects import _with_effects


def _figure(view: CardView, stat: str) -> str:
    return next(f.text for f in view.stats if f.stat == stat)


def _kobolds(pack: EditionPack, *actions: AddStatus) -> GameState:
    """Three Kobolds on the dungeon, then the actions."""
    _with_effects(pack)
    kobold = pack.monsters["kobold"]
    stats = structs.replace(kobold.stats, move=4, ap=2)
    pack.monsters["kobold"] = structs.replace(kobold, stats=stats)
    return play(pack, new_game(pack, make_setup()), Spawn(monsters={"kobold": 3}), *actions)


def test_a_slowed_monster_moves_half_the_others_as_printed(sde2: EditionPack) -> None:
    """Slow: 'Half movement points, rounded up.' on the one Kobold that suffers it: its card
    (`marked=0`) halves its MOVE; the card of the kind, which the others play by, does not."""
    state = _kobolds(sde2, AddStatus(target="monster", model="kobold", status="slow"))
    slowed = card(sde2, state, "kobold", marked=0)
    assert (slowed.move, _figure(slowed, "MOVE")) == (2, "MOVE 4 Slow")
    assert [(t.name, t.source) for t in slowed.suffers] == [("Slow", "suffers it now")]
    plain = card(sde2, state, "kobold")
    assert (plain.move, _figure(plain, "MOVE"), plain.suffers) == (4, "MOVE 4", [])


def test_a_poisoned_and_hexed_monster_plays_with_both(sde2: EditionPack) -> None:
    """Poison: 'One action point fewer, but never below 1.' Hex: 'Drop the best die of each
    offense roll.' Both on the second marked Kobold; the first keeps only its own."""
    state = _kobolds(
        sde2,
        AddStatus(target="monster", model="kobold", status="slow"),
        AddStatus(target="monster", model="kobold", status="poison"),
        AddStatus(target="monster", model="kobold", which=1, status="hex"),
    )
    assert [m.status for m in state.tracked] == [["slow"], ["poison", "hex"]]
    second = card(sde2, state, "kobold", marked=1)
    assert (second.ap, _figure(second, "AP"), second.move) == (1, "AP 2 -1 Poison", 4)
    assert {a.name: a.roll and a.roll.drop for a in second.actions} == {
        "Melee attack": "drop the best die (Hex)",
        "Missile attack": "drop the best die (Hex)",
    }
    assert card(sde2, state, "kobold", marked=0).ap == 2


def test_a_spawning_point_suffers_its_own(sde2: EditionPack) -> None:
    """Bane: 'Drop the best die of each defense roll.' on the Burrow of tile 2: its defense
    rolls drop one; the Nest on tile 3 and the Burrow's card without a tile do not."""
    _with_effects(sde2)
    burrow = sde2.spawning_points["burrow"]
    stats = structs.replace(burrow.stats, move=2, ap=1)
    sde2.spawning_points["burrow"] = structs.replace(burrow, stats=stats)
    state = play(
        sde2,
        new_game(sde2, make_setup()),
        AddStatus(target="spawning-point", model="burrow", tile=2, status="bane"),
        AddStatus(target="spawning-point", model="burrow", tile=2, status="slow"),
    )
    view = card(sde2, state, "burrow", tile=2)
    assert {roll.stat: roll.drop for roll in view.defense} == {"ARM": "drop the best die (Bane)"}
    assert (view.move, _figure(view, "MOVE")) == (1, "MOVE 2 Slow")
    assert [t.name for t in view.suffers] == ["Bane", "Slow"]
    assert card(sde2, state, "burrow").suffers == []
    with pytest.raises(RuleError, match="on tile 3"):
        card(sde2, state, "burrow", tile=3)


def test_taken_off_it_plays_as_printed_again(sde2: EditionPack) -> None:
    """'...suffers its effects at all times until the counter is removed': removed, the
    monster is one of the counts again and its card is the kind's."""
    state = _kobolds(sde2, AddStatus(target="monster", model="kobold", status="slow"))
    state = apply(
        sde2, state, RemoveStatus(target="monster", model="kobold", which=0, status="slow")
    )
    assert state.tracked == []
    with pytest.raises(RuleError, match="no marked 'kobold' #1"):
        card(sde2, state, "kobold", marked=0)


def test_a_status_effect_with_an_end_says_when_it_ends() -> None:
    """Immobile (2.0: 'A model affected by Immobile may not move during its next activation'):
    the content's `ends` is on the card of the model suffering it; Slow has none."""
    pack = _bundled().edition("sde2")
    state = new_game(pack, _bundled_setup(pack))
    monster = next(
        m for m in state.pool if not any("Immune" in k for k in pack.monsters[m].keywords)
    )
    state = play(
        pack,
        state,
        Spawn(monsters={monster: 1}),
        AddStatus(target="monster", model=monster, status="immobile"),
        AddStatus(target="monster", model=monster, which=0, status="slow"),
    )
    view = card(pack, state, monster, marked=0)
    assert [(t.name, t.ends) for t in view.suffers] == [
        ("Immobile", "after its next activation"),
        ("Slow", None),
    ]


def test_immune_to_status_effects_except_fire(sde2: EditionPack) -> None:
    """Keyword 'Immune: Status Effects Except Fire' (Corrupted Harvest, a spawning point):
    'Ignores every status effect except Fire, which still hits it normally; other status tokens
    are removed at once.'"""
    _with_effects(sde2)
    burrow = sde2.spawning_points["burrow"]
    keywords = ["Immune: Status Effects Except Fire"]
    sde2.spawning_points["burrow"] = structs.replace(burrow, keywords=keywords)
    sde2.status_effects["fire"] = structs.replace(
        sde2.status_effects["ice"], id="fire", name="Fire", text="A wound in every upkeep."
    )
    state = new_game(sde2, make_setup())
    poison = AddStatus(target="spawning-point", model="burrow", tile=2, status="poison")
    assert apply(sde2, state, poison).spawning_points[0].status_effects == []
    assert describe(sde2, poison, state).endswith(
        "removed at once (Immune: Status Effects Except Fire)"
    )
    fire = AddStatus(target="spawning-point", model="burrow", tile=2, status="fire")
    assert apply(sde2, state, fire).spawning_points[0].status_effects == ["fire"]


def _bundled():  # type: ignore[no-untyped-def]
    return bundled_pack()


def _bundled_setup(pack: EditionPack):  # type: ignore[no-untyped-def]
    from consul_app.rules import default_setup

    return default_setup(pack)


IMMUNE_WORDS = {
    "immune: status effects": None,  # every one
    "immune: status effects except fire": "fire",
}


@pytest.mark.parametrize("edition", ["sde2", "forgotten-king", "classic"])
def test_bundled_immunities_keep_status_effects_off(edition: str) -> None:
    """Keywords (reference/sde, e.g. 2.0 Arcadian Spider Nest and Bandit Knight: 'Immune:
    Status Effects'; Corrupted Harvest: 'Immune: Status Effects Except Fire'; monsters with
    'Immune: Poison' or 'Immune: Fire'): "any token it gets is removed at once". Every bundled
    monster and spawning point keeps off exactly the status effects its keywords name."""
    pack = _bundled().edition(edition)
    state = new_game(pack, _bundled_setup(pack))
    models: list[tuple[str, str, list[str]]] = [
        ("monster", m.id, m.keywords) for m in pack.monsters.values()
    ]
    models += [("spawning-point", p.id, p.keywords) for p in pack.spawning_points.values()]
    checked = 0
    for target, model, keywords in models:
        words = {k.lower() for k in keywords}
        for status in pack.status_effects.values():
            name = status.name.lower()
            kept_off = f"immune: {name}" in words or any(
                word in words and but != status.id for word, but in IMMUNE_WORDS.items()
            )
            action = AddStatus(target=target, model=model, tile=1, status=status.id)  # type: ignore[arg-type]
            assert (immune_to(pack, state, action) is not None) == kept_off, (model, status.id)
            checked += kept_off
    assert checked > 10


@settings(max_examples=40, deadline=None)
@given(
    marks=st.lists(
        st.tuples(st.sampled_from(["poison", "slow", "hex", "bane", "ice"]), st.integers(0, 3)),
        max_size=8,
    )
)
def test_status_effects_on_monsters_never_change_the_card_of_their_kind(
    marks: list[tuple[str, int]],
) -> None:
    """Invariant: whatever status effects the Kobolds on the dungeon suffer, the card of the
    kind (the one the unmarked Kobolds play by) is the one printed with its bonuses; each marked
    one's card lists exactly its own."""
    from .packs import sde2_pack

    pack = sde2_pack()
    state = _kobolds(pack)
    printed = card(pack, state, "kobold")
    for status, which in marks:
        marked = len(state.tracked)
        action = AddStatus(
            target="monster", model="kobold", status=status, which=which if which < marked else None
        )
        try:
            state = apply(pack, state, action)
        except RuleError:
            continue
    assert card(pack, state, "kobold") == printed
    for n, monster in enumerate(state.tracked):
        names = [t.name.lower() for t in card(pack, state, "kobold", marked=n).suffers]
        assert names == monster.status


def test_the_marked_monster_destroyed_by_key_takes_its_marks(sde2: EditionPack) -> None:
    """`DestroyMarked(model, which)`: that marked monster is destroyed (its status effects go
    with it), counted for the rewards as any other; `DestroyMonsters` takes unmarked ones first."""
    state = _kobolds(
        sde2,
        AddStatus(target="monster", model="kobold", status="slow"),
        AddStatus(target="monster", model="kobold", status="hex"),
    )
    gone = DestroyMarked(model="kobold", which=0)
    assert describe(sde2, gone) == "Destroyed Kobold #1"
    after = apply(sde2, state, gone)
    assert ([m.status for m in after.tracked], after.board["kobold"]) == ([["hex"]], 2)
    plain = apply(sde2, state, DestroyMonsters(monsters={"kobold": 1}))
    assert [m.status for m in plain.tracked] == [["slow"], ["hex"]]
    assert (after.tally, after.pool) == (plain.tally, plain.pool)
    with pytest.raises(RuleError, match="only 2 Kobold carry wounds or status effects"):
        apply(sde2, state, DestroyMarked(model="kobold", which=2))
