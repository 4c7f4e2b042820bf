"""The bundled pack (data/) holds every entry of the reference, no more and no fewer.

Reads the YAML directly (yaml.safe_load + ContentFile), independent of the loader module.
The reference is /work/shared/reference/sde (folders 2.0/, fk/, 1.0/).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from consul_app.content.models import KINDS, ContentFile
from consul_app.content.validate import validate

DATA = Path(__file__).resolve().parents[2] / "data"
SCHEMA_LINE = "# yaml-language-server: $schema=../content.schema.json"

EXPECTED: dict[str, dict[str, int]] = {
    "sde2": {
        # 2.0/monsters.json: 186 cards - 42 spawning points = 144 pool-model cards (one of
        # them, Skull Squawk (Beta), is in no pool), + 3 pool names with no monster card:
        # Sohei Oni (a mini-boss card), Rotten Pumpkin and Kabomb (creeps).
        "monsters": 147,
        # 2.0/spawning_points.json has 42, - the errata cards of Cursed Barrow and Maleficent
        # Idol (merged into their spawning point: the errata's pool).
        "spawning_points": 40,
        # 2.0/mini_bosses.json has 51 explore mini-boss cards.
        "mini_bosses": 51,
        # 2.0/bosses.json has 27 explore boss cards (incl. the companions Daemonus and Mugg).
        "dungeon_bosses": 27,
        # 2.0/boss_fight_cards.json has 24 cards, + 1 placeholder for Ymnaur Wintersson,
        # whose card is not in the reference.
        "fight_cards": 25,
        # 2.0/relics.json has 75, - The Thirsting Blade (it names Von Drakk, no 2.0 boss).
        "relics": 74,
        # 2.0/mighty_monster_cards.json has 10, + 3 chart status bonuses (Poison, Ice, Slow).
        "bonuses": 13,
        # 2.0/status_effects.json has 8.
        "status_effects": 8,
        # 2.0/charts.json names 16 charts, two of them the same general Explore standard
        # chart: Explore and Arcade, standard and extended (4), + the boss chart cards, each
        # standard and extended: Bomechan (explore), Hoarfang and Sleighride Candy (explore,
        # arcade) (10).
        "charts": 14,
        "power_gauges": 0,
        # Every keyword and ability named on a non-Arcade card (/work/tools/text_names.py),
        # + one entry per other printing of a name (its own row differs): Pile-On on The Guth
        # (+1R), Crashing Waves on the Clan Yurei Chunin (reach 1).
        # + the hero keywords Clever and Werecursed (keywords.json), for the lookup.
        "keywords": 248,
        "abilities": 433,
    },
    "forgotten-king": {
        # fk/monsters.json: 81 cards - 16 spawning points = 65 (the Rock Pile v2 cards are in
        # no pool), + Miserable Toad, a pool name with no card.
        "monsters": 66,
        # fk/spawning_points.json has 16.
        "spawning_points": 16,
        # fk/mini_bosses.json has 27 explore mini-boss cards.
        "mini_bosses": 27,
        # fk/bosses.json has 9 explore boss cards.
        "dungeon_bosses": 9,
        # fk/boss_fight_cards.json has 7.
        "fight_cards": 7,
        # FK relics are not bundled (only 9 of 65 FK Character Treasures name their model).
        "relics": 0,
        # The ladder's bonuses (hand-made: the reference has no FK chart steps).
        "bonuses": 6,
        # fk/status_effects.json has 9.
        "status_effects": 9,
        # The Classic Mighty Monster Chart, a ladder.
        "charts": 1,
        "power_gauges": 0,
        "keywords": 82,
        "abilities": 154,
    },
    "classic": {
        # 1.0/monsters.json: 30 cards - 6 spawning points.
        "monsters": 24,
        # 1.0/spawning_points.json has 6.
        "spawning_points": 6,
        # 1.0/mini_bosses.json has 9.
        "mini_bosses": 9,
        # 1.0/bosses.json has 5 (Nocturne shares Von Drakk's card).
        "dungeon_bosses": 5,
        # 1.0/boss_fight_cards.json has 3 Adventure Effects cards, + 1 placeholder for The
        # Forgotten King, whose card is not in the reference.
        "fight_cards": 4,
        # 1.0/treasure.json has 24 Character Treasures, - Cat's Paw (it names Nyan-Nyan,
        # no 1.0 boss or mini-boss).
        "relics": 23,
        # 1.0 has no Mighty Monster Chart, so no bonuses.
        "bonuses": 0,
        # 1.0/status_effects.json has 14.
        "status_effects": 14,
        "charts": 0,
        # The power gauge (a reconstruction).
        "power_gauges": 1,
        "keywords": 49,
        # + the Splash of the treasure Fire Gel Goo (magic, Fire), another card than the
        # monster's Splash (+1R ATT).
        "abilities": 73,
    },
}


def load_edition(edition: str) -> Counter[str]:
    """Validate every file of one edition folder; count its entries per kind."""
    counts: Counter[str] = Counter()
    for path in sorted((DATA / edition).glob("*.yaml")):
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
        file_edition = raw.get("edition")
        filled = {
            key: [{"edition": file_edition, **entry} for entry in value] if key in KINDS else value
            for key, value in raw.items()
        }
        content = validate(ContentFile, filled)
        for kind in KINDS:
            counts[kind] += len(getattr(content, kind))
    return counts


@pytest.mark.parametrize("edition", sorted(EXPECTED))
def test_counts_per_kind_match_the_reference(edition: str) -> None:
    counts = load_edition(edition)
    assert {kind: counts[kind] for kind in KINDS} == EXPECTED[edition]


@pytest.mark.parametrize("edition", sorted(EXPECTED))
def test_files_start_with_the_schema_line_and_their_edition(edition: str) -> None:
    for path in sorted((DATA / edition).glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        assert text.splitlines()[0] == SCHEMA_LINE, path.name
        assert yaml.safe_load(text)["edition"] == edition, path.name
