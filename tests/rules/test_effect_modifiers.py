"""Fight-card effects that change monsters, applied on their cards with the effect as the
reason (the bundled cards, as the reference prints them):
- Forgotten King, The Forgotten King's timeout, Last Stand: "Forgotten King, elite, and minion
  monsters gain Immune: Status Effects."
- Forgotten King, King Starfire's boss spawn, Zealotry: "All kobolds and drakes gain +1B STR."
- Forgotten King, Goro's boss spawn, Wind Spirit: "All elite and minion monsters gain the
  ability Fly."
- Forgotten King, Starfire's boss spawn, Burning Blades: "All elite and minion monsters gain the
  ability FIRE."
- SDE 1.0, Starfire's Adventure Effects, Burning Blades: "All minions and denizens gain the Fire
  ability as though it were printed on their stat card."
"""

from __future__ import annotations

from session.players import bundled_pack

from consul_app.content.pack import EditionPack
from consul_app.rules import (
    AddStatus,
    AdvanceGauge,
    CardView,
    DestroySpawningPoint,
    EndTurn,
    GameState,
    PlacedSpawningPoint,
    Setup,
    Wound,
    apply,
    card,
    new_game,
)
from consul_app.rules.handlers.tracked import immune_to

from .packs import finish_steps


def _game(edition: str, boss: str) -> tuple[EditionPack, GameState]:
    """A game of `boss` with one Egg Clutch on tile 2, before the boss comes."""
    pack = bundled_pack().edition(edition)
    setup = Setup(
        edition=edition,
        boss=boss,
        spawning_points=[PlacedSpawningPoint(id="egg-clutch", tile=2)],
    )
    return pack, new_game(pack, setup)


def _fight(pack: EditionPack, state: GameState) -> GameState:
    """The Egg Clutch falls; the boss comes (1.0: summoned at the next round)."""
    state = apply(pack, state, DestroySpawningPoint(spawning_point="egg-clutch", tile=2))
    state = finish_steps(pack, state)
    if not state.boss.spawned:
        state = finish_steps(pack, apply(pack, state, EndTurn()))
    assert state.boss.spawned
    return state


def _gained(view: CardView) -> dict[str, str]:
    return {t.name: t.source for t in view.gained}


def test_last_stand_makes_the_forgotten_king_elites_and_minions_immune_from_the_timeout() -> None:
    pack, state = _game("forgotten-king", "the-forgotten-king")
    state = _fight(pack, state)
    reason = "fight card (since the timeout), Last Stand"
    assert "Immune: Status Effects" not in _gained(card(pack, state, "the-forgotten-king"))
    slowed = apply(pack, state, AddStatus(status="slow"))
    assert slowed.boss.status == ["slow"]  # before the timeout Slow lands
    state = finish_steps(pack, apply(pack, state, Wound(wounds=4)))
    assert state.boss.timeout
    for model in ("the-forgotten-king", "wyrmling", "dragon-priest"):  # boss, minion, elite
        assert _gained(card(pack, state, model))["Immune: Status Effects"] == reason, model
    mini = next(iter(pack.mini_bosses))
    assert "Immune: Status Effects" not in _gained(card(pack, state, mini))
    slow = AddStatus(status="slow")
    assert immune_to(pack, state, slow) == "Immune: Status Effects"
    assert apply(pack, state, slow).boss.status == []  # removed at once


def test_zealotry_gives_kobolds_and_drakes_1b_str_once_king_starfire_came() -> None:
    pack, state = _game("forgotten-king", "king-starfire")

    def strength(state: GameState, model: str) -> str:
        return next(s.text for s in card(pack, state, model).stats if s.stat == "STR")

    before = {m: strength(state, m) for m in ("gouger", "wyrmling", "billmen")}
    state = _fight(pack, state)
    assert strength(state, "gouger") == f"{before['gouger']} +1B"  # a kobold
    assert strength(state, "wyrmling") == f"{before['wyrmling']} +1B"  # a drake
    assert strength(state, "billmen") == before["billmen"]  # a chimera
    melee = next(a for a in card(pack, state, "gouger").actions if a.roll and a.roll.stat == "STR")
    assert any(
        added.reason == "fight card (since the boss came), Zealotry" for added in melee.roll.added
    )


def test_wind_spirit_gives_elites_and_minions_fly() -> None:
    pack, state = _game("forgotten-king", "goro")
    assert "Fly" not in _gained(card(pack, state, "billmen"))
    state = _fight(pack, state)
    assert _gained(card(pack, state, "billmen"))["Fly"] == (
        "fight card (since the boss came), Wind Spirit"
    )
    assert "Fly" in _gained(card(pack, state, "mist-hound"))  # an elite


def test_burning_blades_forgotten_king_elites_and_minions_1_0_minions_and_denizens() -> None:
    pack, state = _game("forgotten-king", "starfire")
    state = _fight(pack, state)
    assert "Fire" in _gained(card(pack, state, "billmen"))
    assert "Fire" in _gained(card(pack, state, "mist-hound"))
    pack, state = _game("classic", "starfire")
    assert "Fire" not in _gained(card(pack, state, "whelp"))
    state = _fight(pack, apply(pack, state, AdvanceGauge(squares=1)))
    reason = "Adventure Effects card (since the boss came), Burning Blades"
    assert _gained(card(pack, state, "whelp"))["Fire"] == reason  # a denizen
    assert _gained(card(pack, state, "gouger"))["Fire"] == reason  # a minion
