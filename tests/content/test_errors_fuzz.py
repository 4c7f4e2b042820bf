"""Whatever a content file says, loading it succeeds or raises ContentError: nothing else."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from consul_app.content import ContentError
from consul_app.content.loader import load_dirs

VALID = b"""\
edition: sde2
monsters:
  - &kobold
    id: kobold
    name: Kobold
    rank: minion
    bits: 8-bit
    hearts: 1
    stats: {move: 4, ap: 2, STR: 1B 1R, ARM: 1ST}
  - <<: *kobold
    id: kobold-chief
    name: Kobold Chief
    rank: elite
    hearts: 2
spawning_points:
  - id: den
    name: Den
    hearts: 3
    pool:
      - {monster: kobold, count: 3}
      - {monster: kobold-chief, count: 1}
status_effects:
  - {id: burn, name: Burn, text: Takes a wound.}
bonuses:
  - id: fire
    name: Fire
    status: burn
    text: "Monsters cause burn."
  - {id: tough, name: Tough, dice: {roll: defense, add: 1B}, text: +1B on defense.}
charts:
  - id: chart
    name: Chart
    spaces:
      - {spawn: 2, bits: [8-bit, 16-bit]}
      - choose_bonus: [fire, tough]
      - bonuses: [fire]
        boss_sighting: [1, 2]
      - dungeon_boss: true
"""

VALUES = [
    "[]", "{}", "~", "", "-1", "0", "yes", "1.5", ".nan", "'x'", '"\\x00"', "x: y", "- z",
    "!!python/object/apply:os.system ['true']", "!foo x", "!!int x", "!!binary aGk=",
    "&a x", "*a", "*kobold", "*nope", "[1, [2]]", "{a: 1}", "<<: *kobold", "2020-13-45",
    "Kobold", "kobold", "1B", "8-bit", "true", "|\n  text", ">-", "\t", "é", "%", "@", "`",
]  # fmt: skip


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    """The valid pack after a few random byte, line and value edits."""
    data = VALID
    for _ in range(draw(st.integers(1, 4))):
        lines = data.split(b"\n")
        at = draw(st.integers(0, max(len(data) - 1, 0)))
        row = draw(st.integers(0, len(lines) - 1))
        edit = draw(
            st.sampled_from(["byte", "insert", "cut", "drop", "copy", "swap", "indent", "value"])
        )
        if edit == "byte":
            data = data[:at] + bytes([draw(st.integers(0, 255))]) + data[at + 1 :]
        elif edit == "insert":
            data = data[:at] + draw(st.binary(min_size=1, max_size=4)) + data[at:]
        elif edit == "cut":
            data = data[:at] + data[at + draw(st.integers(1, 40)) :]
        elif edit == "drop":
            data = b"\n".join(lines[:row] + lines[row + 1 :])
        elif edit == "copy":
            data = b"\n".join(lines[: row + 1] + lines[row:])
        elif edit == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[row], lines[other] = lines[other], lines[row]
            data = b"\n".join(lines)
        elif edit == "indent":
            lines[row] = b"  " + lines[row] if draw(st.booleans()) else lines[row][2:]
            data = b"\n".join(lines)
        else:
            key, sep, _ = lines[row].partition(b": ")
            lines[row] = key + (sep or b": ") + draw(st.sampled_from(VALUES)).encode()
            data = b"\n".join(lines)
    return data


def test_the_unmutated_pack_is_valid(tmp_path: Path) -> None:
    (tmp_path / "pack.yaml").write_bytes(VALID)
    assert len(load_dirs([tmp_path]).edition("sde2").monsters) == 2


@settings(max_examples=400, deadline=None)
@given(mutated())
def test_mutated_yaml_gives_content_error_or_a_pack(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "pack.yaml").write_bytes(data)
        try:
            load_dirs([folder])
        except ContentError as err:
            assert err.issues
            last_line = data.count(b"\n") + 1
            for issue in err.issues:
                assert issue.line is None or 1 <= issue.line <= last_line
                assert issue.message
                assert str(issue).startswith(issue.file)
