"""Every kind of content error names its file, line (1-based) and field, all in one run."""

from __future__ import annotations

import textwrap
from pathlib import Path
from string import Template

import pytest
import yaml

from consul_app.content import ContentError, Issue, safeyaml
from consul_app.content.loader import load_dirs

MONSTER = "  - {id: kobold, name: Kobold, rank: minion, bits: 8-bit, hearts: 1}\n"


def write(root: Path, name: str, text: str) -> Path:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return path


def issues_of(root: Path) -> list[Issue]:
    with pytest.raises(ContentError) as caught:
        load_dirs([root])
    return list(caught.value.issues)


def only_issue(root: Path) -> Issue:
    (issue,) = issues_of(root)
    return issue


def assert_issue(issue: Issue, path: Path, line: int, field: str, message: str) -> None:
    assert (issue.file, issue.line, issue.field) == (str(path), line, field)
    assert message in issue.message
    assert str(issue) == f"{path}:{line}: {field + ': ' if field else ''}{issue.message}"


def test_yaml_syntax_error_gives_the_line_of_the_problem(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "m.yaml",
        """
        monsters:
          - id: kobold
            name: Kobold
           rank: minion
        """,
    )
    assert_issue(only_issue(tmp_path), path, 4, "", "did not find expected '-' indicator")


def test_syntax_error_at_the_end_of_a_file_without_final_newline(tmp_path: Path) -> None:
    path = tmp_path / "m.yaml"
    path.write_text("monsters:\n  - id: [")
    assert_issue(only_issue(tmp_path), path, 2, "", "did not find expected node content")


def test_an_unclosed_bracket_names_the_line_it_was_opened_on(tmp_path: Path) -> None:
    """PyYAML finds the missing ']' at the end of the file: the message also says where the
    list began, and a file ending in a newline has no line after its last."""
    path = tmp_path / "m.yaml"
    path.write_text("monsters:\n  - id: kobold\n    keywords: [Mob\n    rank: minion\n")
    issue = only_issue(tmp_path)
    assert_issue(issue, path, 4, "", "did not find expected ',' or ']'")
    assert issue.message.endswith("(opened on line 3)")


def test_text_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "m.yaml"
    path.write_bytes(b"monsters:\n  - id: kobold\n    name: Kob\xffld\n")
    assert_issue(only_issue(tmp_path), path, 3, "", "invalid")


def test_wrong_type(tmp_path: Path) -> None:
    path = write(tmp_path, "m.yaml", "edition: sde2\nmonsters:\n" + MONSTER.replace("1}", "many}"))
    issue = only_issue(tmp_path)
    assert_issue(issue, path, 3, "monsters[0].hearts", "should be a valid integer")
    assert issue.message.endswith("(got 'many')")


def test_a_list_that_is_not_a_list(tmp_path: Path) -> None:
    path = write(tmp_path, "m.yaml", "edition: sde2\nmonsters: kobold\n")
    assert_issue(only_issue(tmp_path), path, 2, "monsters", "valid list")


def test_missing_field_points_at_the_entry(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "m.yaml",
        """
        edition: sde2
        monsters:
          - id: kobold
            rank: minion
            bits: 8-bit
            hearts: 1
        """,
    )
    assert_issue(only_issue(tmp_path), path, 3, "monsters[0].name", "missing field 'name'")


def test_missing_edition_says_where_to_give_it(tmp_path: Path) -> None:
    path = write(tmp_path, "m.yaml", "monsters:\n" + MONSTER)
    issue = only_issue(tmp_path)
    assert_issue(issue, path, 2, "monsters[0].edition", "missing field 'edition'")
    assert "top of the file" in issue.message


def test_unknown_field(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "m.yaml",
        """
        edition: sde2
        monsters:
          - id: kobold
            name: Kobold
            rank: minion
            bits: 8-bit
            hearts: 1
            colour: red
        """,
    )
    assert_issue(only_issue(tmp_path), path, 8, "monsters[0].colour", "unknown field 'colour'")


def test_unknown_nested_field(tmp_path: Path) -> None:
    text = "edition: sde2\nmonsters:\n" + MONSTER.replace("}", ", stats: {moves: 4}}")
    path = write(tmp_path, "m.yaml", text)
    assert_issue(only_issue(tmp_path), path, 3, "monsters[0].stats.moves", "unknown field")


def test_unknown_top_level_key(tmp_path: Path) -> None:
    path = write(tmp_path, "m.yaml", "edition: sde2\nmonster:\n" + MONSTER)
    issue = only_issue(tmp_path)
    assert_issue(issue, path, 2, "monster", "unknown top-level key 'monster'")
    assert "monsters" in issue.message


def test_top_level_that_is_not_a_mapping(tmp_path: Path) -> None:
    path = write(tmp_path, "m.yaml", "# a list\n- kobold\n- dragon\n")
    assert_issue(only_issue(tmp_path), path, 2, "", "top level must be a mapping")


def test_unknown_edition(tmp_path: Path) -> None:
    """The editions are those data/editions.yaml lists: the message names them."""
    path = write(tmp_path, "m.yaml", "edition: sde3\nmonsters:\n" + MONSTER)
    issues = issues_of(tmp_path)
    known = "the editions are sde2, forgotten-king, classic (listed in data/editions.yaml)"
    assert_issue(issues[0], path, 1, "edition", f"unknown edition 'sde3': {known}")
    assert [i.field for i in issues] == ["edition"]  # (not its entries' editions, missing since)


def test_an_entry_of_an_unknown_edition(tmp_path: Path) -> None:
    path = write(
        tmp_path, "m.yaml", "edition: sde2\nmonsters:\n" + MONSTER + MONSTER.replace(
            "kobold, name: Kobold", "imp, name: Imp, edition: Classic"
        )
    )
    assert_issue(only_issue(tmp_path), path, 4, "monsters[1].edition", "unknown edition 'Classic'")


def test_a_pack_may_list_an_edition_of_its_own(tmp_path: Path) -> None:
    """A folder's editions.yaml adds editions (after the bundled pack's, in its order)."""
    write(tmp_path, "editions.yaml", "editions: [bouts, sde2]\n")
    write(tmp_path, "m.yaml", "edition: bouts\nmonsters:\n" + MONSTER)
    pack = load_dirs([tmp_path])
    assert list(pack.editions) == ["sde2", "forgotten-king", "classic", "bouts"]
    assert list(pack.edition("bouts").monsters) == ["kobold"]


@pytest.mark.parametrize(
    ("text", "line", "field", "message"),
    [
        ("editions:\n  - bouts\n  - Bouts 2\n", 3, "editions[1]", "lowercase letters"),
        ("editions: bouts\n", 1, "", "a list of edition ids"),
        ("editions: [bouts]\nnames: [Bouts]\n", 1, "", "nothing else"),
        ("editions: [bouts\n", 1, "", "expected ',' or ']'"),
    ],
)
def test_a_broken_editions_file(
    tmp_path: Path, text: str, line: int, field: str, message: str
) -> None:
    """Said with its file, line and field; the content naming an edition it may list is not
    reported too (that would only repeat the problem once per file)."""
    path = write(tmp_path, "editions.yaml", text)
    write(tmp_path, "m.yaml", "edition: bouts\nmonsters:\n" + MONSTER)
    assert_issue(only_issue(tmp_path), path, line, field, message)


def test_bad_dice(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "m.yaml",
        "edition: sde2\nmonsters:\n" + MONSTER.replace("}", ", stats: {STR: 2X}}"),
    )
    assert_issue(only_issue(tmp_path), path, 3, "monsters[0].stats.STR", "'2X' is not dice")


@pytest.mark.parametrize(
    ("hearts", "message"), [(-1, "greater than or equal to 1 (got -1)"), (99, "less than")]
)
def test_impossible_hearts(tmp_path: Path, hearts: int, message: str) -> None:
    path = write(
        tmp_path, "m.yaml", "edition: sde2\nmonsters:\n" + MONSTER.replace("1}", f"{hearts}}}")
    )
    assert_issue(only_issue(tmp_path), path, 3, "monsters[0].hearts", message)


CHART = """
    edition: sde2
    charts:
      - id: c
        name: C
        spaces:
          - {spawn: 2, bits: [8-bit]}
          - dungeon_boss: $boss
          - dungeon_boss: $again
    """


@pytest.mark.parametrize(("boss", "again"), [("false", "false"), ("true", "true")])
def test_chart_needs_exactly_one_dungeon_boss_space(tmp_path: Path, boss: str, again: str) -> None:
    path = write(tmp_path, "c.yaml", Template(CHART).substitute(boss=boss, again=again))
    assert_issue(only_issue(tmp_path), path, 3, "charts[0]", "exactly one dungeon_boss space")


def test_choose_bonus_with_one_option(tmp_path: Path) -> None:
    text = Template(CHART).substitute(boss="true", again="false")
    path = write(tmp_path, "c.yaml", text.replace("[8-bit]", "[8-bit], choose_bonus: [x]"))
    first, unknown = issues_of(tmp_path)
    assert_issue(first, path, 6, "charts[0].spaces[0]", "choose_bonus needs at least two options")
    assert_issue(unknown, path, 6, "charts[0].spaces[0].choose_bonus[0]", "unknown bonus 'x'")


def test_duplicate_id_in_one_file(tmp_path: Path) -> None:
    path = write(tmp_path, "m.yaml", "edition: sde2\nmonsters:\n" + MONSTER + MONSTER)
    issue = only_issue(tmp_path)
    assert_issue(issue, path, 4, "monsters[1].id", "duplicate id 'kobold' in sde2 monsters")
    assert issue.message.endswith(f"first at {path}:3")


def test_duplicate_id_across_files_of_one_pack(tmp_path: Path) -> None:
    first = write(tmp_path, "a.yaml", "edition: sde2\nmonsters:\n" + MONSTER)
    second = write(tmp_path, "b/b.yaml", "monsters:\n" + MONSTER.replace("}", ", edition: sde2}"))
    issue = only_issue(tmp_path)
    assert_issue(issue, second, 2, "monsters[0].id", f"first at {first}:3")


STATUS = "  - {id: %s, name: %s, text: Lose one AP.}\n"


def test_duplicate_status_effect_name_in_one_file(tmp_path: Path) -> None:
    """Two status effects of one name could not be told apart in the status dialog."""
    text = "edition: sde2\nstatus_effects:\n" + STATUS % ("poison", "Poison")
    path = write(tmp_path, "s.yaml", text + STATUS % ("venom", "Poison"))
    issue = only_issue(tmp_path)
    message = "duplicate name 'Poison' in sde2 status_effects (id 'poison' has it)"
    assert_issue(issue, path, 4, "status_effects[1].name", message)
    assert f"first at {path}:3" in issue.message


def test_duplicate_status_effect_name_across_packs_case_ignored(tmp_path: Path) -> None:
    """A later pack may replace a status effect by its id, not add a second of its name."""
    first = write(
        tmp_path / "a", "s.yaml", "edition: sde2\nstatus_effects:\n" + STATUS % ("poison", "Poison")
    )
    second = write(
        tmp_path / "b", "s.yaml", "edition: sde2\nstatus_effects:\n" + STATUS % ("mine", "poison")
    )
    with pytest.raises(ContentError) as caught:
        load_dirs([tmp_path / "a", tmp_path / "b"])
    (issue,) = caught.value.issues
    assert_issue(issue, second, 3, "status_effects[0].name", f"first at {first}:3")
    assert "give this one its id" in issue.message


def test_a_status_effect_replaced_by_id_or_in_another_edition_is_no_duplicate(
    tmp_path: Path,
) -> None:
    write(
        tmp_path / "a", "s.yaml", "edition: sde2\nstatus_effects:\n" + STATUS % ("poison", "Poison")
    )
    write(
        tmp_path / "b", "s.yaml", "edition: sde2\nstatus_effects:\n" + STATUS % ("poison", "Poison")
    )
    write(
        tmp_path / "b",
        "c.yaml",
        "edition: classic\nstatus_effects:\n" + STATUS % ("venom", "Poison"),
    )
    pack = load_dirs([tmp_path / "a", tmp_path / "b"])
    assert [s.name for s in pack.edition("sde2").status_effects.values()] == ["Poison"]
    assert [s.name for s in pack.edition("classic").status_effects.values()] == ["Poison"]


def test_the_same_id_in_another_edition_is_not_a_duplicate(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", "edition: sde2\nmonsters:\n" + MONSTER)
    write(tmp_path, "b.yaml", "edition: classic\nmonsters:\n" + MONSTER)
    assert len(load_dirs([tmp_path]).edition("classic").monsters) == 1


def test_python_tags_are_never_run(tmp_path: Path) -> None:
    hacked = tmp_path / "HACKED"
    path = write(
        tmp_path / "pack",
        "m.yaml",
        f"""
        edition: sde2
        monsters:
          - id: kobold
            name: Kobold
            rank: minion
            bits: 8-bit
            hearts: 1
            note: !!python/object/apply:os.system ["echo hacked > {hacked}"]
        """,
    )
    issue = only_issue(tmp_path / "pack")
    assert_issue(issue, path, 8, "monsters[0].note", "unsupported YAML tag !!python/object/apply")
    assert not hacked.exists()


def test_custom_tags_are_rejected(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "m.yaml",
        "edition: sde2\nmonsters:\n" + MONSTER.replace("Kobold", "!include k.yaml"),
    )
    assert_issue(only_issue(tmp_path), path, 3, "monsters[0].name", "unsupported YAML tag !include")


def test_scalar_that_does_not_fit_its_tag(tmp_path: Path) -> None:
    path = write(
        tmp_path, "m.yaml", "edition: sde2\nmonsters:\n" + MONSTER.replace("1}", "!!int one}")
    )
    assert_issue(only_issue(tmp_path), path, 3, "monsters[0].hearts", "'one' is not a valid !!int")


def test_duplicate_mapping_key(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "m.yaml",
        """
        edition: sde2
        monsters:
          - id: kobold
            name: Kobold
            rank: minion
            bits: 8-bit
            hearts: 1
            hearts: 2
        """,
    )
    assert_issue(only_issue(tmp_path), path, 8, "monsters[0].hearts", "duplicate key 'hearts'")


def test_merge_of_something_that_is_not_a_mapping(tmp_path: Path) -> None:
    path = write(tmp_path, "m.yaml", "edition: sde2\nmonsters:\n  - <<: [kobold]\n" + MONSTER)
    issues = issues_of(tmp_path)
    assert_issue(issues[0], path, 3, "monsters[0].<<[0]", "'<<' merges a mapping")


def test_recursive_alias(tmp_path: Path) -> None:
    path = write(tmp_path, "m.yaml", "edition: sde2\nmonsters: &loop [*loop]\n")
    issue = only_issue(tmp_path)
    assert (issue.file, issue.line) == (str(path), 2)
    assert "nested more than" in issue.message


def test_alias_bomb(tmp_path: Path) -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 10)}]" for n in range(1, 8)]
    write(tmp_path, "m.yaml", "\n".join(lines) + "\n")
    assert "once aliases are expanded" in only_issue(tmp_path).message


@pytest.mark.parametrize("loader", [yaml.SafeLoader, safeyaml._LOADER])
def test_deep_nesting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: type) -> None:
    monkeypatch.setattr(safeyaml, "_LOADER", loader)
    write(tmp_path, "m.yaml", "monsters: " + "[" * 5000 + "]" * 5000)
    assert "nest" in only_issue(tmp_path).message


def test_a_file_given_as_a_folder(tmp_path: Path) -> None:
    path = write(tmp_path, "m.yaml", "edition: sde2\n")
    assert str(only_issue(path)) == f"{path}: not a folder of YAML files"


def test_a_file_that_cannot_be_read(tmp_path: Path) -> None:
    (tmp_path / "gone.yaml").symlink_to(tmp_path / "nowhere.yaml")
    issue = only_issue(tmp_path)
    assert (issue.file, issue.line) == (str(tmp_path / "gone.yaml"), None)
    assert issue.message.startswith("cannot read")


def test_long_values_are_shortened_in_messages(tmp_path: Path) -> None:
    write(tmp_path, "m.yaml", "edition: sde2\nmonsters:\n" + MONSTER.replace("Kobold", "K" * 500))
    issue = only_issue(tmp_path)
    assert issue.field == "monsters[0].name"
    assert issue.message.endswith("...)")
    assert len(issue.message) < 120


def test_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as caught:
        load_dirs([tmp_path / "nope"])
    assert str(caught.value.issues[0]) == f"{tmp_path / 'nope'}: no such content folder"


REFS = Template("""
    edition: sde2
    monsters:
      - {id: kobold, name: Kobold, rank: minion, bits: 8-bit, hearts: 1}
    spawning_points:
      - id: den
        name: Den
        hearts: 3
        paired: true
        paired_with: [$paired_with]
        pool:
          - monster: $pool
            count: 3
    mini_bosses:
      - {id: ogre, name: Ogre, hearts: 6}
    dungeon_bosses:
      - id: wyrm
        name: Wyrm
        hearts: 12
        fight_card: $fight_card
        chart: $chart
    fight_cards:
      - id: wyrm-card
        name: Wyrm
        bosses: [$bosses]
        timeout_summons:
          - monster: $timeout_summons
            count: 2
    relics:
      - {id: crown, name: Crown, slot: Head, effect: +1 ARM, portrait: [$portrait]}
    status_effects:
      - {id: burn, name: Burn, text: Takes a wound.}
    bonuses:
      - {id: fire, name: Fire, status: $status, text: Monsters cause burn.}
      - {id: tough, name: Tough, ability: Tough, text: Tougher.}
    charts:
      - id: wyrm-chart
        name: Wyrm chart
        boss: $boss
        spaces:
          - bonuses: [$bonuses]
          - choose_bonus: [fire, $choose_bonus]
          - dungeon_boss: true
    keywords:
      - {id: tough, name: Tough, text: Harder to wound.}
    """)
GOOD_REFS = {
    "paired_with": "den",
    "pool": "kobold",
    "fight_card": "wyrm-card",
    "chart": "wyrm-chart",
    "bosses": "wyrm",
    "timeout_summons": "kobold",
    "portrait": "ogre",
    "status": "burn",
    "boss": "wyrm",
    "bonuses": "fire",
    "choose_bonus": "tough",
}


def test_the_reference_fixture_is_valid(tmp_path: Path) -> None:
    write(tmp_path, "refs.yaml", REFS.substitute(GOOD_REFS))
    assert load_dirs([tmp_path]).edition("sde2").relics["crown"].portrait == ["ogre"]


@pytest.mark.parametrize(
    ("ref", "field", "message"),
    [
        ("paired_with", "spawning_points[0].paired_with[0]", "unknown spawning point 'nope'"),
        ("pool", "spawning_points[0].pool[0].monster", "unknown monster 'nope'"),
        ("fight_card", "dungeon_bosses[0].fight_card", "unknown fight card 'nope'"),
        ("chart", "dungeon_bosses[0].chart", "unknown chart 'nope'"),
        ("bosses", "fight_cards[0].bosses[0]", "unknown dungeon boss 'nope'"),
        ("timeout_summons", "fight_cards[0].timeout_summons[0].monster", "unknown monster"),
        ("portrait", "relics[0].portrait[0]", "unknown boss or mini-boss 'nope'"),
        ("status", "bonuses[0].status", "unknown status effect 'nope'"),
        ("boss", "charts[0].boss", "unknown dungeon boss 'nope'"),
        ("bonuses", "charts[0].spaces[0].bonuses[0]", "unknown bonus 'nope' in sde2"),
        ("choose_bonus", "charts[0].spaces[1].choose_bonus[1]", "unknown bonus 'nope'"),
    ],
)
def test_unknown_reference(tmp_path: Path, ref: str, field: str, message: str) -> None:
    text = textwrap.dedent(REFS.substitute(GOOD_REFS | {ref: "nope"})).lstrip()
    path = write(tmp_path, "refs.yaml", text)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "nope" in row)
    assert_issue(only_issue(tmp_path), path, line, field, message)


def test_unknown_reference_suggests_a_close_id(tmp_path: Path) -> None:
    write(tmp_path, "refs.yaml", REFS.substitute(GOOD_REFS | {"pool": "kobld"}))
    assert only_issue(tmp_path).message.endswith("(did you mean 'kobold'?)")


def test_references_stay_within_their_edition(tmp_path: Path) -> None:
    write(tmp_path, "refs.yaml", REFS.substitute(GOOD_REFS | {"pool": "imp"}))
    write(tmp_path, "old.yaml", "edition: classic\nmonsters:\n" + MONSTER.replace("kobold", "imp"))
    assert only_issue(tmp_path).message == "unknown monster 'imp' in sde2"


@pytest.mark.parametrize("loader", [yaml.SafeLoader, safeyaml._LOADER])
def test_both_composers_give_the_same_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loader: type
) -> None:
    monkeypatch.setattr(safeyaml, "_LOADER", loader)
    text = textwrap.dedent(REFS.substitute(GOOD_REFS | {"pool": "kobld"})).lstrip() + "relics: []\n"
    write(tmp_path, "refs.yaml", text)
    rows = text.splitlines()
    found = [(i.line, i.field) for i in issues_of(tmp_path)]
    assert found == [
        (rows.index("      - monster: kobld") + 1, "spawning_points[0].pool[0].monster"),
        (len(rows), "relics"),
    ]


def test_naming_an_invalid_entry_reports_only_the_entry(tmp_path: Path) -> None:
    text = REFS.substitute(GOOD_REFS).replace("hearts: 1}", "hearts: 0}")
    path = write(tmp_path, "refs.yaml", text)
    assert_issue(only_issue(tmp_path), path, 3, "monsters[0].hearts", "greater than")


def test_an_invalid_entry_still_has_its_references_checked(tmp_path: Path) -> None:
    text = REFS.substitute(GOOD_REFS | {"pool": "nope"}).replace("hearts: 3\n", "hearts: -3\n")
    write(tmp_path, "refs.yaml", text)
    assert [i.field for i in issues_of(tmp_path)] == [
        "spawning_points[0].hearts",
        "spawning_points[0].pool[0].monster",
    ]


def test_a_bad_id_is_reported_once(tmp_path: Path) -> None:
    write(tmp_path, "refs.yaml", REFS.substitute(GOOD_REFS | {"chart": "Not A Slug"}))
    issue = only_issue(tmp_path)
    assert (issue.field, issue.message[:21]) == ("dungeon_bosses[0].chart", "string should match p")


def test_unreadable_files_do_not_cause_unknown_references(tmp_path: Path) -> None:
    lines = textwrap.dedent(REFS.substitute(GOOD_REFS)).strip().splitlines()
    write(tmp_path, "refs.yaml", "\n".join(lines[:1] + lines[3:]))
    write(tmp_path, "monsters.yaml", "edition: sde2\nmonsters: [\n" + MONSTER)
    (issue,) = issues_of(tmp_path)
    assert issue.file.endswith("monsters.yaml")


def test_every_problem_of_every_file_in_one_run(tmp_path: Path) -> None:
    write(tmp_path, "refs.yaml", REFS.substitute(GOOD_REFS | {"status": "frozen", "bosses": "x"}))
    write(
        tmp_path,
        "more/monsters.yaml",
        """
        edition: sde2
        monsters:
          - {id: imp, name: Imp, rank: minion, bits: 8-bit, hearts: -2}
          - {id: bat, name: Bat, rank: minion, bits: 8-bit, hearts: 1, flies: true}
          - {id: kobold, name: Again, rank: minion, bits: 8-bit, hearts: 1}
          - {id: rat, name: !!python/name:os.system, rank: minion, bits: 8-bit, hearts: 1}
        mini_boses: []
        """,
    )
    write(tmp_path, "broken.yaml", "relics:\n  - id: [x\n")
    found = [(Path(i.file).name, i.line, i.field) for i in issues_of(tmp_path)]
    assert found == [
        ("broken.yaml", 2, ""),  # its last line: the file has two
        ("monsters.yaml", 3, "monsters[0].hearts"),
        ("monsters.yaml", 4, "monsters[1].flies"),
        ("monsters.yaml", 6, "monsters[3].name"),
        ("monsters.yaml", 7, "mini_boses"),
        ("refs.yaml", 3, "monsters[0].id"),
        # Issue 23: the broken file does not hide the unknown status effect ('frozen' is
        # nowhere in it); the unknown boss 'x' is not reported: broken.yaml may define it.
        ("refs.yaml", 33, "bonuses[0].status"),
    ]
    write(tmp_path, "broken.yaml", "relics: []\n")
    found = [(Path(i.file).name, i.field) for i in issues_of(tmp_path)]
    assert ("refs.yaml", "fight_cards[0].bosses[0]") in found
    assert ("refs.yaml", "bonuses[0].status") in found
    assert len(found) == 7


def test_content_error_lists_every_issue(tmp_path: Path) -> None:
    write(tmp_path, "m.yaml", "edition: sde2\nmonsters:\n" + MONSTER.replace("1}", "0}") + MONSTER)
    with pytest.raises(ContentError) as caught:
        load_dirs([tmp_path])
    lines = str(caught.value).splitlines()
    assert lines[0] == "2 problems in the content:"
    assert lines[1:] == [f"  {issue}" for issue in caught.value.issues]


def test_a_field_of_several_forms_is_one_problem_said_plainly(tmp_path: Path) -> None:
    """A relic's added dice may be a number or dice: a value that is neither is one problem of
    that field, not one per form pydantic tried (`add.int`, `add.function-plain[...]`); a
    status effect's `effect` that is not a mapping says so without naming a class."""
    relics = write(
        tmp_path,
        "r.yaml",
        """
        edition: sde2
        relics:
          - id: staff
            name: Staff
            slot: Right
            effect: More power.
            modifiers:
              - {stat: AP, add: 9Q}
        """,
    )
    (issue,) = issues_of(tmp_path)
    assert_issue(issue, relics, 8, "relics[0].modifiers[0].add", "'9Q' is not dice")
    relics.unlink()
    effects = write(
        tmp_path,
        "s.yaml",
        """
        edition: sde2
        status_effects:
          - {id: sleepy, name: Sleepy, text: Sleeps., effect: drop best}
        """,
    )
    (issue,) = issues_of(tmp_path)
    assert_issue(issue, effects, 3, "status_effects[0].effect", "should be a mapping")
    assert "StatusChange" not in issue.message and "instance" not in issue.message
