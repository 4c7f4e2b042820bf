"""Every bundled card can be shown whole: its stat line, its actions (basic attacks and
abilities that cost AP, with what they roll) and a text for every keyword and ability."""

from __future__ import annotations

from pathlib import Path

import pytest

from consul_app.content.loader import load_dirs
from consul_app.content.pack import EditionPack
from consul_app.rules.views.keyword_texts import ability_entry, keyword_entry

DATA = Path(__file__).resolve().parents[2] / "data"
KINDS = ("monsters", "mini_bosses", "dungeon_bosses", "spawning_points")

# How many cards of each kind are whole, and the names of those that are not, with why.
FULL = {
    "sde2": {"monsters": 145, "mini_bosses": 51, "dungeon_bosses": 27, "spawning_points": 40},
    "forgotten-king": {
        "monsters": 63,
        "mini_bosses": 27,
        "dungeon_bosses": 9,
        "spawning_points": 16,
    },
    "classic": {"monsters": 24, "mini_bosses": 9, "dungeon_bosses": 5, "spawning_points": 6},
}
NOT_FULL = {
    # pool names with no card in the reference (creeps, a shapeshift form): no stats
    "sde2": ["Rotten Pumpkin", "Kabomb"],
    # Miserable Toad has no card; the Turtle Shells take no actions (AP 0, no attack)
    "forgotten-king": ["Miserable Toad", "Turtle Shell v1", "Turtle Shell v2"],
    "classic": [],
}


@pytest.fixture(scope="module")
def pack() -> dict[str, EditionPack]:
    return load_dirs([DATA]).editions  # type: ignore[return-value]


def is_full(edition: EditionPack, kind: str, card) -> bool:  # noqa: ANN001
    stats = card.stats
    if stats.move is None or stats.ap is None:
        return False
    if kind == "spawning_points":
        return True
    actions = [a for a in card.abilities if (e := ability_entry(edition, a)) and e.ap is not None]
    return bool(card.attacks or actions)


@pytest.mark.parametrize("edition", sorted(FULL))
def test_every_bundled_card_is_whole(pack: dict[str, EditionPack], edition: str) -> None:
    ed = pack[edition]
    counts = {k: sum(is_full(ed, k, c) for c in ed.kind(k).values()) for k in KINDS}
    assert counts == FULL[edition]
    missing = [c.name for k in KINDS for c in ed.kind(k).values() if not is_full(ed, k, c)]
    assert missing == NOT_FULL[edition]


@pytest.mark.parametrize("edition", sorted(FULL))
def test_every_keyword_and_ability_on_a_card_has_a_text(
    pack: dict[str, EditionPack], edition: str
) -> None:
    ed = pack[edition]
    without = []
    for kind in (*KINDS, "relics"):
        for card in ed.kind(kind).values():
            without += [k for k in card.keywords if keyword_entry(ed, k) is None]
            without += [a for a in card.abilities if ability_entry(ed, a) is None]
    assert without == []


def test_offensive_abilities_say_what_they_roll(pack: dict[str, EditionPack]) -> None:
    """The converter reads the stat from "X vs Y" or the attack icon: "WILL vs WILL" rolls WILL
    against WILL; a magic ability (MA) rolls WILL against ARM."""
    sde2 = pack["sde2"]
    ink = ability_entry(sde2, "Ink Cloud")
    assert ink is not None and (ink.rolls, ink.against, ink.type) == ("WILL", "WILL", "support")
    says = ability_entry(sde2, "Drusilla Says")
    assert says is not None and (says.rolls, says.against, says.ap, says.range) == (
        "WILL",
        None,
        2,
        5,
    )


def test_reviewed_entries(pack: dict[str, EditionPack]) -> None:
    """Issue 8's review: FK Billmen are worth 1 skull point (the reference's 4 is the pool
    count); an errata card is its spawning point's pool, not a second spawning point."""
    assert pack["forgotten-king"].monsters["billmen"].skull_points == 1
    assert "maleficent-idol-errata" not in pack["sde2"].spawning_points
    idol = pack["sde2"].spawning_points["maleficent-idol"]
    assert {p.monster: p.count for p in idol.pool}["heartbound"] == 1
    assert "Arcade -" not in pack["sde2"].relics["fire-breath-potion"].effect


# The reference lists a second STR attack for three FK cards; the range is that of the
# card's magic ability (Bubble & Boil 8, Stranglethorn 6, Doom 6), so it is a magic attack.
SECOND_ATTACKS = {
    "beatrix-the-witch-queen": ("dungeon_bosses", [("STR", 1), ("WILL", 8)]),
    "the-forgotten-king": ("dungeon_bosses", [("STR", 2), ("WILL", 6)]),
    "skullbat": ("monsters", [("STR", 1), ("WILL", 6)]),
}


@pytest.mark.parametrize("card_id", sorted(SECOND_ATTACKS))
def test_fk_second_attack_is_magic(pack: dict[str, EditionPack], card_id: str) -> None:
    kind, attacks = SECOND_ATTACKS[card_id]
    card = pack["forgotten-king"].kind(kind)[card_id]
    assert [(a.rolls, a.range) for a in card.attacks] == attacks


@pytest.mark.parametrize("edition", sorted(FULL))
def test_no_card_repeats_an_attack_stat(pack: dict[str, EditionPack], edition: str) -> None:
    """One basic attack per stat: a melee attack of range 8 is a reference slip."""
    ed = pack[edition]
    repeated = [
        c.name
        for k in KINDS
        for c in ed.kind(k).values()
        if len({a.rolls for a in getattr(c, "attacks", [])}) != len(getattr(c, "attacks", []))
    ]
    assert repeated == []


@pytest.mark.parametrize("edition", sorted(FULL))
def test_texts_say_melee_and_ap_not_card_shorthand(
    pack: dict[str, EditionPack], edition: str
) -> None:
    """A Consul reads "melee" and "AP" on screen, never the printed icons' "0SW" or "1AC"."""
    import re

    shorthand = re.compile(r"\b\d+(SW|AC|MA|MI|RG)\b")
    ed = pack[edition]
    found = [
        e.name
        for kind in ("keywords", "abilities", "relics")
        for e in ed.kind(kind).values()
        if shorthand.search(getattr(e, "text", None) or getattr(e, "effect", "") or "")
    ]
    assert found == []


def test_status_effects_that_change_figures_say_how(pack: dict[str, EditionPack]) -> None:
    """Each bundled status effect whose text changes a card's figures has an `effect` that
    says the same (the card view applies it): 2.0 Poison 'One action point fewer, but never
    below 1.', Slow 'Half movement points, rounded up.', Hex / Bane 'Drop the best die of each
    offense / defense roll.' with their Arcade star; 1.0 Cold, Fragile, Stun, Weak by stat."""
    changes = {
        edition: {
            s.id: (s.effect.ap, s.effect.min_ap, s.effect.half_move, s.effect.drop_best_die)
            for s in pack[edition].status_effects.values()
            if s.effect is not None
        }
        for edition in ("sde2", "forgotten-king", "classic")
    }
    assert changes["sde2"] == {
        "poison": (-1, 1, False, []),
        "slow": (None, None, True, []),
        "hex": (None, None, False, ["offense"]),
        "bane": (None, None, False, ["defense"]),
    }
    curse = (None, None, False, ["defense"])
    assert changes["forgotten-king"] == {**changes["sde2"], "curse": curse}
    assert changes["classic"] == {
        "poison": (-1, None, False, []),
        "slow": (None, None, True, []),
        "bane": (None, None, False, ["offense"]),
        "cold": (None, None, False, ["DEX"]),
        "fragile": (None, None, False, ["ARM"]),
        "stun": (None, None, False, ["WILL"]),
        "weak": (None, None, False, ["ATT"]),
    }
    hex_ = pack["sde2"].status_effects["hex"]
    assert hex_.effect is not None and [(a.stat, str(a.less)) for a in hex_.effect.arcade] == [
        ("STR", "1ST")
    ]
