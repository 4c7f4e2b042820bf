"""Loading content packs: every kind, editions, merging packs by id, the content hash."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import yaml

from consul_app.base import paths
from consul_app.content import ContentError, Dice, Monster, load_pack
from consul_app.content.loader import load_dirs, pack_files
from consul_app.content.safeyaml import parse

PACK = {
    "monsters.yaml": """
        edition: sde2
        monsters:
          - id: kobold
            name: Kobold
            rank: minion
            bits: 8-bit
            hearts: 1
            skull_points: 1
            stats: {move: 4, ap: 2, STR: 1B, ARM: 1B, WILL: 1B, DEX: 1B}
          - id: dragon
            name: Dragon
            rank: elite
            bits: 16-bit
            hearts: 3
        spawning_points:
          - id: den
            name: Den
            hearts: 3
            pool:
              - monster: kobold
                count: 3
              - monster: dragon
                count: 1
        """,
    "bosses/bosses.yaml": """
        edition: sde2
        mini_bosses:
          - id: ogre
            name: Ogre
            hearts: 6
        dungeon_bosses:
          - id: wyrm
            name: Wyrm
            hearts: 12
            fight_card: wyrm-card
            chart: wyrm-chart
        fight_cards:
          - id: wyrm-card
            name: Wyrm
            bosses: [wyrm]
            timeout_summons:
              - monster: kobold
                count: 2
        relics:
          - id: crown
            name: Crown
            slot: Head
            effect: +1 ARM
            portrait: [wyrm, ogre]
        """,
    "chart.yml": """
        edition: sde2
        status_effects:
          - id: burn
            name: Burn
            text: Takes a wound.
        bonuses:
          - id: fire
            name: Fire
            status: burn
            text: Monsters cause burn.
          - id: tough
            name: Tough
            dice: {roll: defense, add: 1B}
            text: +1B on defense.
        charts:
          - id: wyrm-chart
            name: Wyrm chart
            boss: wyrm
            spaces:
              - spawn: 2
                bits: [8-bit]
              - choose_bonus: [fire, tough]
              - dungeon_boss: true
        """,
}


def write_pack(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return root


@pytest.fixture
def pack_dir(tmp_path: Path) -> Path:
    return write_pack(tmp_path / "pack", PACK)


def test_loads_every_kind_with_the_files_edition(pack_dir: Path) -> None:
    sde2 = load_dirs([pack_dir]).edition("sde2")
    counts = {kind: len(sde2.kind(kind)) for kind in ("monsters", "dungeon_bosses", "charts")}
    assert counts == {"monsters": 2, "dungeon_bosses": 1, "charts": 1}
    kobold = sde2.monsters["kobold"]
    assert isinstance(kobold, Monster)
    assert kobold.edition == "sde2"
    strength = kobold.stats.STR
    assert strength == Dice(blue=1)
    assert sde2.relics["crown"].portrait == ["wyrm", "ogre"]
    assert sde2.charts["wyrm-chart"].spaces[1].choose_bonus == ["fire", "tough"]


def monsters_file(*entries: tuple[str, str, int]) -> str:
    """A file of minion monsters, each (id, edition, hearts)."""
    lines = ["monsters:"]
    for id_, edition, hearts in entries:
        lines += [
            f"  - id: {id_}",
            f"    edition: {edition}",
            f"    name: {id_.title()}",
            "    rank: minion",
            "    bits: 8-bit",
            f"    hearts: {hearts}",
        ]
    return "\n".join(lines) + "\n"


def test_an_entry_can_name_its_own_edition(tmp_path: Path) -> None:
    write_pack(tmp_path, {"m.yaml": "edition: sde2\n" + monsters_file(("old", "classic", 1))})
    pack = load_dirs([tmp_path])
    assert list(pack.edition("classic").monsters) == ["old"]
    assert pack.edition("sde2").monsters == {}


def test_reads_yaml_and_yml_recursively_and_skips_hidden_files(tmp_path: Path) -> None:
    write_pack(
        tmp_path,
        {
            "a/b/deep.yml": monsters_file(("deep", "sde2", 1)),
            "top.yaml": monsters_file(("top", "sde2", 1)),
            ".git/x.yaml": "not: [valid",
            ".#lock.yaml": "not: [valid",
            "notes.txt": "not: [valid",
        },
    )
    assert [rel for rel, _ in pack_files(tmp_path)] == ["a/b/deep.yml", "top.yaml"]
    assert list(load_dirs([tmp_path]).edition("sde2").monsters) == ["deep", "top"]


def test_empty_and_comment_only_files_are_fine(tmp_path: Path) -> None:
    write_pack(tmp_path, {"empty.yaml": "", "comments.yaml": "# nothing yet\n", "null.yaml": "~"})
    assert load_dirs([tmp_path]).edition("sde2").monsters == {}


def test_a_later_pack_overrides_and_adds_by_id(pack_dir: Path, tmp_path: Path) -> None:
    mine = write_pack(
        tmp_path / "mine",
        {
            "m.yaml": monsters_file(
                ("kobold", "sde2", 5), ("imp", "sde2", 1), ("kobold", "classic", 2)
            )
        },
    )
    pack = load_dirs([pack_dir, mine])
    sde2 = pack.edition("sde2")
    assert list(sde2.monsters) == ["kobold", "dragon", "imp"]
    assert sde2.monsters["kobold"].hearts == 5
    assert sde2.monsters["dragon"].hearts == 3
    assert list(pack.edition("classic").monsters) == ["kobold"]
    assert pack.sources == [str(pack_dir), str(mine)]


def test_references_resolve_after_merging(pack_dir: Path, tmp_path: Path) -> None:
    mine = write_pack(
        tmp_path / "mine",
        {
            "sp.yaml": """
                edition: sde2
                spawning_points:
                  - id: nest
                    name: Nest
                    hearts: 2
                    pool: [{monster: dragon, count: 2}]
                """
        },
    )
    assert list(load_dirs([pack_dir, mine]).edition("sde2").spawning_points) == ["den", "nest"]


def test_the_same_folder_given_twice_loads_once(pack_dir: Path) -> None:
    assert load_dirs([pack_dir, pack_dir]).sources == [str(pack_dir)]


def test_content_hash_tracks_paths_and_bytes_not_location(pack_dir: Path, tmp_path: Path) -> None:
    first = load_dirs([pack_dir]).content_hash
    assert len(first) == 64
    assert load_dirs([pack_dir]).content_hash == first
    moved = shutil.copytree(pack_dir, tmp_path / "elsewhere")
    assert load_dirs([moved]).content_hash == first
    (moved / "chart.yml").rename(moved / "chart.yaml")
    renamed = load_dirs([moved]).content_hash
    assert renamed != first
    with (moved / "chart.yaml").open("a") as f:
        f.write("# a comment\n")
    assert load_dirs([moved]).content_hash not in (first, renamed)


def test_editions_loads_only_those(pack_dir: Path, tmp_path: Path) -> None:
    write_pack(pack_dir, {"old.yaml": monsters_file(("old", "classic", 1))})
    pack = load_dirs([pack_dir], editions=["classic"])
    assert list(pack.edition("classic").monsters) == ["old"]
    assert pack.edition("sde2").monsters == {}


def test_editions_skips_problems_of_other_editions(tmp_path: Path) -> None:
    write_pack(tmp_path, {"m.yaml": monsters_file(("bad", "sde2", -1), ("ok", "classic", 1))})
    assert list(load_dirs([tmp_path], editions=["classic"]).edition("classic").monsters) == ["ok"]


def test_editions_keeps_lines_right(tmp_path: Path) -> None:
    write_pack(tmp_path, {"m.yaml": monsters_file(("a", "sde2", 1), ("b", "classic", -1))})
    with pytest.raises(ContentError) as caught:
        load_dirs([tmp_path], editions=["classic"])
    (issue,) = caught.value.issues
    assert (issue.line, issue.field) == (13, "monsters[1].hearts")


def test_editions_does_not_parse_files_of_other_editions(tmp_path: Path) -> None:
    write_pack(tmp_path, {"old.yaml": "edition: classic\nmonsters: [not, yaml"})
    assert load_dirs([tmp_path], editions=["sde2"]).edition("classic").monsters == {}
    with pytest.raises(ContentError):
        load_dirs([tmp_path], editions=["classic"])


def test_editions_parses_files_whose_entries_may_name_their_own(tmp_path: Path) -> None:
    text = "edition: classic\n" + monsters_file(("new", "sde2", 1))
    write_pack(tmp_path, {"m.yaml": text})
    assert list(load_dirs([tmp_path], editions=["sde2"]).edition("sde2").monsters) == ["new"]


def test_unknown_edition_is_a_programming_error(pack_dir: Path) -> None:
    with pytest.raises(ValueError, match="unknown editions"):
        load_dirs([pack_dir], editions=["sde3"])  # type: ignore[list-item]


def test_load_pack_merges_bundled_then_user_then_dirs(
    tmp_path: Path, pack_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copyfile(paths.bundled_data_dir() / "editions.yaml", pack_dir / "editions.yaml")
    monkeypatch.setattr(paths, "bundled_data_dir", lambda: pack_dir)
    write_pack(paths.user_content_dir(), {"m.yaml": monsters_file(("kobold", "sde2", 5))})
    extra = write_pack(tmp_path / "extra", {"m.yaml": monsters_file(("dragon", "sde2", 9))})
    sde2 = load_pack([extra]).edition("sde2")
    assert (sde2.monsters["kobold"].hearts, sde2.monsters["dragon"].hearts) == (5, 9)
    assert load_pack(include_user=False).edition("sde2").monsters["kobold"].hearts == 1


def test_load_pack_without_a_user_folder(pack_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copyfile(paths.bundled_data_dir() / "editions.yaml", pack_dir / "editions.yaml")
    monkeypatch.setattr(paths, "bundled_data_dir", lambda: pack_dir)
    assert not paths.user_content_dir().exists()
    assert load_pack().sources == [str(pack_dir)]


SCALARS = b"""
ints: [0, 12, -3, +4, 0x1F, 0o17, 017, 0b101, 1_000, 1:30]
floats: [1.5, -2., .5, 1e3, 6.8523015e+5, .inf, -.Inf, 1:30.5]
bools: [yes, No, TRUE, off, on, y, n]
nulls: [~, null, Null, ""]
strings: [2B 1R, 1ST, "12", '~', 08, 1e3x]
date: 2024-05-01
stamp: 2001-12-14t21:59:43.10-05:00
base: &base {a: 1, b: [x, y]}
copy: *base
merged:
  <<: *base
  b: z
multi:
  <<: [{a: 1, c: 1}, {a: 2, d: 2}]
  d: 3
"""


def test_scalars_anchors_and_merges_match_safe_load() -> None:
    doc = parse(SCALARS)
    assert doc.problems == []
    assert doc.value == yaml.safe_load(SCALARS)


def test_content_does_not_import_rich_or_textual() -> None:
    code = (
        "import sys, consul_app.content; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('rich', 'textual')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_edition_hash_tracks_entries_not_comments_or_other_editions(
    pack_dir: Path, tmp_path: Path
) -> None:
    first = load_dirs([pack_dir]).edition("sde2").content_hash()
    assert len(first) == 64
    with (pack_dir / "chart.yml").open("a") as f:
        f.write("# a comment\n")
    write_pack(pack_dir, {"old.yaml": monsters_file(("old", "classic", 1))})
    assert load_dirs([pack_dir]).edition("sde2").content_hash() == first
    text = (pack_dir / "chart.yml").read_text().replace("Takes a wound.", "Takes two wounds.")
    (pack_dir / "chart.yml").write_text(text)
    assert load_dirs([pack_dir]).edition("sde2").content_hash() != first
