"""The round of an MD2 game: who plays, the hero phase, the enemy phase."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from consul_app.md2.content import Md2Content
from consul_app.md2.rules import Md2Setup, Md2State, apply, label, new_game, read_md2_action
from consul_app.md2.rules import actions as a
from consul_app.md2.rules.errors import RuleError
from consul_app.md2.rules.views import now
from tests.md2.conftest import play

ROOT = Path(__file__).resolve().parents[2]


def test_one_hero_or_both(content: Md2Content) -> None:
    """Setup: which heroes play; a hero not playing has no dashboard."""
    bard = new_game(Md2Setup(heroes=("bard",)), content)
    assert bard.tinkerer is None and bard.bard is not None
    with pytest.raises(RuleError, match="No Tinkerer is playing"):
        apply(content, bard, a.DrawGizmo(tier="rare"))
    with pytest.raises(RuleError, match="The Tinkerer is not playing"):
        apply(content, bard, a.StartTurn(hero="tinkerer"))
    with pytest.raises(ValueError, match="each hero plays once"):
        Md2Setup(heroes=("bard", "bard"))


def test_each_hero_takes_one_turn_then_the_enemy_phase(
    content: Md2Content, game: Md2State
) -> None:
    """The hero phase: each hero's turn once, in the order the players choose."""
    assert now(game) == "Hero phase of round 1: whose turn? (Bard or Tinkerer)"
    state = apply(content, game, a.StartTurn(hero="tinkerer"))
    with pytest.raises(RuleError, match="End the Tinkerer's turn first"):
        apply(content, state, a.StartTurn(hero="bard"))
    state = apply(content, state, a.EndTurn())
    with pytest.raises(RuleError, match="had a turn this round"):
        apply(content, state, a.StartTurn(hero="tinkerer"))
    with pytest.raises(RuleError, match="The Bard still to take a turn"):
        apply(content, state, a.StartEnemyPhase())
    state = play(content, state, a.StartTurn(hero="bard"), a.EndTurn())
    assert now(state) == "Hero phase of round 1 done: start the enemy phase"
    state = apply(content, state, a.StartEnemyPhase())
    assert now(state).startswith("Enemy phase of round 1")
    state = apply(content, state, a.EndRound())
    assert (state.round, state.phase, state.had_turn) == (2, "hero", ())


def test_mana_is_tracked_and_never_below_zero(content: Md2Content, game: Md2State) -> None:
    """The Bard's Mana is tracked, so that a note without 3 Mana is refused."""
    state = apply(content, game, a.ChangeMana(hero="bard", by=4))
    with pytest.raises(RuleError, match="The Bard has 4 Mana"):
        apply(content, state, a.ChangeMana(hero="bard", by=-5))


def test_every_action_reads_back_from_its_json_and_has_a_label(
    content: Md2Content, game: Md2State
) -> None:
    """The journal stores actions as JSON: each reads back equal, and the log names it."""
    for cls in a.Md2Action.__args__:  # type: ignore[attr-defined]
        fields = {
            "hero": "bard", "zone": "Hall", "size": "small", "skill": "constructs", "level": 1,
            "line": "G", "column": 0, "to_line": "B", "to_column": 0, "instrument": "lute",
            "tier": "rare", "song": "starting-song-1", "pay": "item", "effect": "lucky-coin",
            "name": "Axe", "part": "upper", "construct": "guard", "xp": 1, "by": 2,
        }
        action = cls(**{f: fields[f] for f in cls.__struct_fields__ if f in fields})
        assert read_md2_action(msgspec.json.decode(msgspec.json.encode(action))) == action
        assert label(content, game, action)


def test_a_bad_action_is_refused_with_its_field() -> None:
    with pytest.raises(msgspec.ValidationError, match="column"):
        read_md2_action({"type": "place_note", "line": "G", "column": 9})
    with pytest.raises(msgspec.ValidationError):
        read_md2_action({"type": "no_such_thing"})


def test_the_md2_engine_imports_no_textual_rich_or_clock() -> None:
    """Pure like SDE's engine: no screen library, and no clock or randomness of its own."""
    code = (
        "import sys, consul_app.md2.rules, consul_app.md2.rules.views; "
        "print('textual' in sys.modules or 'rich' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.stdout.strip() == "False"
    for path in (ROOT / "consul_app" / "md2").rglob("*.py"):
        imports = re.findall(r"^(?:from|import) (\w+)", path.read_text(), re.MULTILINE)
        assert not {"time", "datetime", "random", "secrets"} & set(imports), path
