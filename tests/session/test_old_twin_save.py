"""An Ugg game saved before fights had several boss cards (old_saves/sde2-ugg-before-twin-
bosses.jsonl, written by that Consul on the bundled content: Ugg spawned alone, a hit of two,
Slow, a wound written for "mugg" that landed on Ugg, the timeout at three wounds, one more)
resumes as it was played: one wound track, the timeout where it came, nothing on Mugg."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from consul_app.rules import Wound, action_data, read_action
from consul_app.rules.model.state import BossState
from consul_app.session import Session
from consul_app.session.journal import Do, _encode
from session.players import bundled_pack

OLD = Path(__file__).parent / "old_saves" / "sde2-ugg-before-twin-bosses.jsonl"


def test_an_old_ugg_game_resumes_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "ugg.jsonl"
    shutil.copyfile(OLD, path)
    with Session.resume(bundled_pack(), path) as resumed:
        assert all("other content" in w for w in resumed.warnings)
        state = resumed.state
        assert state.boss == BossState(
            spawned=True,
            wounds=4,
            status=["slow"],
            timeout=True,
            immune_to_crits=True,
            relic_slots=0,
        )
        assert state.other_bosses == []
        resumed.dispatch(Wound())
        assert resumed.state.boss.defeated  # Ugg's fifth wound ends that fight, as it did


def test_its_lines_are_written_again_byte_for_byte() -> None:
    for raw in OLD.read_bytes().splitlines(keepends=True)[1:]:
        value = json.loads(raw)
        if value["op"] == "do":
            again = Do(action=action_data(read_action(value["action"])), label=value["label"])
            assert _encode(again) == raw
