"""Build the bundled content pack (data/) from the SDE reference JSON.

Usage: python scripts/convert_reference.py /work/shared/reference/sde data/

Stats, names and pools come from the reference (a fan database of the card texts). Every
effect text is written by hand in scripts/texts/<edition>/*.yaml and merged here by id; a
missing or unused text stops the run. The charts cannot be converted (the reference has them
as pictures only), so they are built below as marked reconstructions. The script re-validates
everything it writes with consul_app.content.models. The app never imports this file.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from consul_app.content.models import ContentFile  # noqa: E402
from consul_app.content.validate import adapter, validate  # noqa: E402
from scripts.convert_cards import (  # noqa: E402
    OWN_FILE,
    ability_rows,
    explore_row,
    file_rows,
    named_entries,
    printing,
    relic_file,
    relic_modifiers,
)

TEXTS_DIR = Path(__file__).resolve().parent / "texts"
SOURCE_NOTE = "reference/sde/{folder}/"

EDITIONS: dict[str, str] = {"2.0": "sde2", "fk": "forgotten-king", "1.0": "classic"}
EDITION_TITLES = {"sde2": "SDE 2.0", "forgotten-king": "Forgotten King", "classic": "SDE 1.0"}

RANKS = {"Minion": "minion", "Elite": "elite", "Denizen": "denizen", "Shapeshift": "elite"}
BITS = {"8 Bit": "8-bit", "16 Bit": "16-bit", "Super": "super"}
BASES = {"Small": "small", "Large": "large", "Huge": "huge"}
STAT_KEYS = [
    ("MOVE", "move"),
    ("AP", "ap"),
    ("STR", "STR"),
    ("ATT", "ATT"),
    ("ARM", "ARM"),
    ("WILL", "WILL"),
    ("DEX", "DEX"),
]

# Obvious typos in names that are fixed (everything else keeps the reference's spelling).
NAME_FIXES = {
    "Randy, Lrod of Spiders": "Randy, Lord of Spiders",
    "Molton Core": "Molten Core",
}

# Bosses that come with another boss and share its fight card (2.0 companions).
COMPANIONS = {"sde2": {"Daemonus": "The Midnight Queen", "Mugg": "Ugg"}}
# Bosses that are another boss's second form and share its card.
FORMS = {"classic": {"Nocturne": "Von Drakk"}, "forgotten-king": {"Nocturne": "Von Drakk"}}
# Elemental shrines pair with any elemental shrine of their edition.
SHRINE = re.compile(r"^Clan \w+ Shrine$")
# Keywords that only carry the printed pool list; the pool itself is converted instead.
POOL_KEYWORD = re.compile(r"^(Spawning Pool|.* comes with)$")

# An errata card corrects its spawning point's pool: one spawning point, with the errata's pool
# (the reference lists the errata as a second spawning point of the same name).
ERRATA_POOLS = {
    "Cursed Barrow": "Pool as the errata card gives it (5 Draugr; the first printing had 4).",
    "Maleficent Idol": (
        "Pool as the errata card gives it (1 Heartbound; the first printing had 2)."
    ),
}

# Values the reference has wrong, with what we use instead and why.
SKULL_FIXES = {
    ("forgotten-king", "Billmen"): (
        1,
        "The reference gives 4 skull points, the number of Billmen in the Bramble Knight pool; "
        "an FK 8-Bit minion with one heart is worth 1.",
    ),
}
# Cards that look odd but are real printings.
REAL_CARDS = {
    "Bashful Boris (Beta)": (
        "Another printing of Bashful Boris, kept as its own card: the reference has it as a "
        "separate FK card marked Beta (other stats, Introspection instead of Earthshaker). "
        "Bring one of the two."
    ),
}

# Pool names that have no monster card in the reference: how to fill them in.
NOT_IN_REFERENCE = {
    ("sde2", "Rotten Pumpkin"): dict(
        rank="minion",
        bits="8-bit",
        warband="Corrupted Harvest",
        note="Creep card, not in the reference. Hearts and stats unknown (hearts 1 is a "
        "placeholder); 0 skull points, so spawns never buy it. Abilities place it.",
    ),
    ("sde2", "Kabomb"): dict(
        rank="minion",
        bits="8-bit",
        warband="Scrap Tower",
        note="Creep card (KaBomb), not in the reference. Hearts and stats unknown (hearts 1 is a "
        "placeholder); 0 skull points, as Scrap Tower monsters' abilities place KaBombs.",
    ),
    ("forgotten-king", "Miserable Toad"): dict(
        rank="minion",
        bits="8-bit",
        warband="Pumpkin Patch",
        note="No card in the reference. Curse Coven Witches turn Heroes into Miserable Toads "
        "with these models; hearts 1 and 0 skull points are placeholders.",
    ),
}
# 2.0 "Sohei Oni" is in a pool but only exists as a mini-boss card.
SOHEI_ONI_NOTE = (
    "The pool lists Sohei Oni but the reference only has the Clan Sohei Oni mini-boss card; its "
    "stats, hearts and skulls are used. Rank elite and 16-Bit are a guess (like other clan Oni)."
)
SHAPESHIFT_NOTE = "FK Shapeshift card (a model other monsters turn into); treated as an elite."
VARIANT_NOTE = "Other printing of {base}; not in any spawning pool. Swap it into the pool by hand."

# Fight-card effects split in two by the reference that belong together: (edition, card,
# section) -> index of the first of the two.
MERGE_EFFECTS = {("sde2", "Professor Cackle-Clink", "boss_spawn"): 1}
SECTIONS = {
    "dungeon_effect": "dungeon_effect",
    "boss_spawn_effect": "boss_spawn",
    "timeout_effect": "timeout",
}

# 1.0 "Summon:" names that are not pool monster names.
SUMMON_NAMES = {"Boneheads": "Bone Head"}


HEARTS_SUSPECT = (
    "1 heart is what the reference gives, surely a slip of the fan database (it would fall to "
    "its first wound): check your card and correct it in your own content folder."
)

# --------------------------------------------------------------------------- helpers


def slug(name: str) -> str:
    """Lowercase id of a name: "Black-Handed Henry" -> "black-handed-henry"."""
    text = name.lower().replace("'", "").replace("\u2019", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def clean(name: str) -> str:
    """A display name: single spaces, obvious typos fixed."""
    name = re.sub(r"\s+", " ", name).strip()
    return NAME_FIXES.get(name, name)


def load(ref: Path, folder: str, name: str) -> dict[str, Any]:
    """One reference JSON file, its repeated attack stats mended (see `mend_attacks`)."""
    with open(ref / folder / f"{name}.json", encoding="utf-8") as fh:
        data = json.load(fh)
    if isinstance(data, dict):
        for cards in data.values():
            for card in cards if isinstance(cards, list) else []:
                if isinstance(card, dict) and card.get("offense"):
                    mend_attacks(card, data.get("ability_texts", {}))
    return data


ABILITY_STATS = {"Strength": "STR", "Dexterity": "DEX", "Will": "WILL"}


def mend_attacks(card: dict[str, Any], ability_texts: dict[str, Any]) -> None:
    """A card has one basic attack per stat. Where the reference repeats a stat (three FK
    cards list "STR 1" and "STR 8"), the second attack lost its stat: it is the stat of the
    card's ability with that range (Beatrix's Bubble & Boil: WILL 8, a magic attack)."""
    seen: set[str] = set()
    for attack in card["offense"]:
        if attack["attribute"] in seen:
            rows = [r for a in card.get("abilities") or [] for r in ability_texts.get(a, [])]
            for row in rows:
                stat = ABILITY_STATS.get(row.get("attribute"))
                same_range = row.get("range") == attack["range"]
                if row.get("play_mode") != "Arcade" and same_range and stat not in (None, *seen):
                    attack["attribute"] = stat
        seen.add(attack["attribute"])


def stats_of(card: dict[str, Any]) -> dict[str, Any]:
    """The card's stat line with our keys; null stats left out."""
    stats = card.get("stats") or {}
    return {key: stats[src] for src, key in STAT_KEYS if stats.get(src) is not None}


def attacks_of(card: dict[str, Any]) -> list[dict[str, Any]]:
    """The card's basic attacks: the stat and the range of each."""
    return [{"rolls": o["attribute"], "range": o["range"]} for o in card.get("offense") or []]


def model_fields(card: dict[str, Any], bits: str | None = None) -> dict[str, Any]:
    """The fields every miniature's card has, in file order."""
    entry: dict[str, Any] = {
        "id": slug(clean(card["name"])),
        "name": clean(card["name"]),
        "bits": bits or BITS[card["bits"]],
        "hearts": card["hearts"],
        "skull_points": card.get("skulls") or 0,
        "base": BASES[card["model_size"]],
        "stats": stats_of(card),
    }
    attacks = attacks_of(card)
    if attacks:
        entry["attacks"] = attacks
    if (card.get("defense") or ["ARM"]) != ["ARM"]:
        entry["defends_with"] = card["defense"]
    entry["keywords"] = [clean(k) for k in card.get("keywords", [])]
    entry["abilities"] = [clean(a) for a in card.get("abilities", [])]
    if card.get("creature_type") and card["creature_type"] != "Spawning Point":
        entry["creature_type"] = card["creature_type"]
    return entry


def unique_ids(entries: list[dict[str, Any]]) -> None:
    """Give repeated ids a -2, -3 suffix (same name printed twice)."""
    seen: dict[str, int] = {}
    for entry in entries:
        base = entry["id"]
        seen[base] = seen.get(base, 0) + 1
        if seen[base] > 1:
            entry["id"] = f"{base}-{seen[base]}"
            entry["__comment__"] = f"Same name as {base}, printed a second time."


class Texts:
    """Hand-written texts of one edition, keyed by kind then id; tracks what was used."""

    def __init__(self, edition: str) -> None:
        """Load every texts file of `edition`."""
        self.edition = edition
        self.data: dict[str, dict[str, Any]] = {}
        folder = TEXTS_DIR / edition
        for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
            self.data[path.stem] = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        self.used: set[tuple[str, str]] = set()
        self.missing: list[str] = []

    def get(self, kind: str, key: str) -> Any:
        """The text for `key`, noting it as used (or as missing)."""
        value = self.data.get(kind, {}).get(key)
        if value is None:
            self.missing.append(f"scripts/texts/{self.edition}/{kind}.yaml: {key}")
            return None
        self.used.add((kind, key))
        return value

    def take_all(self, kind: str) -> dict[str, Any]:
        """Every text of a kind keyed by name (keywords, abilities), all counted as used."""
        items = self.data.get(kind, {})
        self.used.update((kind, key) for key in items)
        return items

    def unused(self) -> list[str]:
        """Texts that no entry asked for (typos in ids)."""
        return [
            f"scripts/texts/{self.edition}/{kind}.yaml: {key}"
            for kind, items in self.data.items()
            for key in items
            if (kind, key) not in self.used
        ]


# --------------------------------------------------------------------------- kinds


def convert_pool_models(
    ref: Path, folder: str, ed: str
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Spawning points and the monsters of their pools (plus unpooled variant cards)."""
    cards = load(ref, folder, "monsters")["monsters"]
    by_name = {c["name"]: c for c in cards}
    sps = load(ref, folder, "spawning_points")["spawning_points"]
    mini = {c["name"]: c for c in load(ref, folder, "mini_bosses")["mini_bosses"]}

    shrines = [slug(s["name"]) for s in sps if SHRINE.match(s["name"])]
    monsters: dict[str, dict[str, Any]] = {}
    points: list[dict[str, Any]] = []
    errata = {
        sp["name"].removesuffix(" Errata"): sp for sp in sps if sp["name"].endswith(" Errata")
    }
    sps = [sp for sp in sps if not sp["name"].endswith(" Errata")]
    for sp in sps:
        pool = []
        for item in errata.get(sp["name"], sp)["spawning_pool"]:
            model_name = item.get("model") or item["name_in_pool"]
            monster = monster_entry(ed, model_name, by_name, mini, sp["warband"])
            monsters.setdefault(monster["id"], monster)
            pool.append({"monster": monster["id"], "count": item["count"]})
        models = sp["spawning_points_in_pool"]
        entry: dict[str, Any] = {
            "id": slug(sp["name"]),
            "name": clean(sp["name"]),
            "hearts": sp["hearts"],
            "base": BASES[sp["model_size"]],
            "stats": stats_of(sp),
            "attacks": attacks_of(by_name.get(sp["name"], sp)),  # (its card in monsters.json)
            "keywords": [k for k in sp["keywords"] if not POOL_KEYWORD.match(k)],
            "abilities": [clean(a) for a in sp.get("abilities") or []],
            "models": models,
        }
        if sp["paired"]:
            entry["paired"] = True
            entry["paired_with"] = shrines if SHRINE.match(sp["name"]) else [entry["id"]]
        entry["pool"] = pool
        if sp["name"] in ERRATA_POOLS:
            entry["note"] = ERRATA_POOLS[sp["name"]]
        points.append(entry)

    # Monster cards of a warband that no pool lists (other printings): keep them, noted.
    for card in cards:
        if "Spawning" in card["rank"] or slug(clean(card["name"])) in monsters:
            continue
        entry = monster_entry(ed, card["name"], by_name, mini, card["warband"])
        base = re.sub(r"\s*(\(Beta\)|v2)$", "", card["name"])
        entry["note"] = VARIANT_NOTE.format(base=base)
        monsters[entry["id"]] = entry

    order = {sp["warband"]: i for i, sp in enumerate(sps)}
    ordered = sorted(monsters.values(), key=lambda m: order.get(m.get("warband"), 999))
    last = None
    for monster in ordered:
        if monster.get("warband") != last:
            last = monster.get("warband")
            monster["__comment__"] = f"--- {last}"
    return ordered, points


def monster_entry(
    ed: str,
    name: str,
    by_name: dict[str, dict[str, Any]],
    mini: dict[str, dict[str, Any]],
    warband: str,
) -> dict[str, Any]:
    """A Monster entry for a pool name: from its card, or filled in when there is none."""
    card = by_name.get(name)
    if card is not None:
        entry = model_fields(card)
        entry["rank"] = RANKS[card["rank"]]
        entry["warband"] = clean(card["warband"])
        if card["rank"] == "Shapeshift":
            entry["note"] = SHAPESHIFT_NOTE
        if (ed, name) in SKULL_FIXES:
            entry["skull_points"], entry["note"] = SKULL_FIXES[(ed, name)]
        return reorder_monster(entry)
    if name in mini:  # 2.0 Sohei Oni: a mini-boss card in a pool
        entry = model_fields(mini[name], bits="16-bit")
        entry.update(rank="elite", warband=clean(warband), note=SOHEI_ONI_NOTE)
        return reorder_monster(entry)
    facts = NOT_IN_REFERENCE.get((ed, name))
    if facts is None:
        raise SystemExit(f"{ed}: pool name {name!r} has no card and no fill-in facts")
    entry = {
        "id": slug(name),
        "name": clean(name),
        "bits": facts["bits"],
        "hearts": 1,
        "skull_points": 0,
        "base": "small",
        "rank": facts["rank"],
        "warband": facts["warband"],
        "note": facts["note"],
    }
    return reorder_monster(entry)


def reorder_monster(entry: dict[str, Any]) -> dict[str, Any]:
    """A Monster entry's fields in file order."""
    keys = [
        "id",
        "name",
        "rank",
        "bits",
        "hearts",
        "skull_points",
        "base",
        "warband",
        "stats",
        "attacks",
        "defends_with",
        "keywords",
        "abilities",
        "creature_type",
        "note",
    ]
    return {k: entry[k] for k in keys if k in entry}


def convert_mini_bosses(ref: Path, folder: str) -> list[dict[str, Any]]:
    """Explore mini-boss cards."""
    out = []
    for card in load(ref, folder, "mini_bosses")["mini_bosses"]:
        if card["play_mode"] not in ("Explore", "Default"):
            continue
        entry = model_fields(card)
        if card["name"] != entry["name"]:
            entry["__comment__"] = f"Name fixed: the reference has {card['name']!r}."
        if card["name"] in REAL_CARDS:
            entry["__comment__"] = REAL_CARDS[card["name"]]
        out.append(entry)
    return out


def effect_list(
    ed: str,
    card_name: str,
    section: str,
    effects: list[dict[str, Any]],
    written: Any,
    where: str,
) -> list[dict[str, Any]]:
    """Pair the reference's effect names with the hand-written texts, in order."""
    effects = [dict(e) for e in effects]
    first = MERGE_EFFECTS.get((ed, card_name, section))
    if first is not None:
        effects[first : first + 2] = [effects[first]]
    written = written or []
    if len(written) != len(effects):
        raise SystemExit(
            f"{where}: {section} has {len(effects)} effects in the reference, "
            f"{len(written)} written"
        )
    out = []
    for ref_effect, mine in zip(effects, written, strict=True):
        mine = {"text": mine} if isinstance(mine, str) else dict(mine)
        name = mine.get("name") or ref_effect.get("name")
        if not name or name == "???":
            raise SystemExit(f"{where}: {section} effect has no name; write one in the texts")
        out.append({"name": clean(name), "text": mine["text"]})
    return out


def convert_bosses_and_cards(
    ref: Path, folder: str, ed: str, texts: Texts, monsters: list[dict[str, Any]]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Explore dungeon bosses and their fight cards (1.0: Adventure Effects)."""
    bosses = [b for b in load(ref, folder, "bosses")["bosses"] if b["play_mode"] == "Explore"]
    names = {b["name"] for b in bosses}
    raw_cards = load(ref, folder, "boss_fight_cards")["boss_fight_cards"]
    monster_ids = {m["id"]: m for m in monsters}
    sharing = {**COMPANIONS.get(ed, {}), **FORMS.get(ed, {})}

    cards: list[dict[str, Any]] = []
    card_of: dict[str, str] = {}
    for raw in raw_cards:
        card_id = slug(raw["name"])
        members = [
            b["boss"]
            for b in raw["bosses"]
            if b["play_mode"] in (None, "Explore", "Default") and b["boss"] in names
        ]
        members += [b for b, main in sharing.items() if main in members]
        members = list(dict.fromkeys(members))
        for member in members:
            card_of[member] = card_id
        entry: dict[str, Any] = {
            "id": card_id,
            "name": raw["name"],
            "bosses": [slug(m) for m in members],
        }
        written = texts.get("fight-cards", card_id) or {}
        for section in raw["sections"]:
            key = SECTIONS.get(section["section"])
            if key is None:  # difficulty ratings are campaign rules, not fight effects
                continue
            where = f"{ed} fight card {card_id}"
            entry[key] = effect_list(
                ed, raw["name"], key, section["effects"], written.get(key), where
            )
        if "summoned" in written:  # models its effects bring "until N are out", counted
            entry["summoned"] = written["summoned"]
        if "timeout_mini_boss" in written:  # a mini-boss its timeout brings onto the dungeon
            entry["timeout_mini_boss"] = written["timeout_mini_boss"]
        if "models" in written:  # models it brings with no stat card: for the lookup
            entry["models"] = written["models"]
        for key in ("with_bosses", "modifiers"):  # other bosses; what its effects change
            if key in written:
                entry[key] = written[key]
        extra = set(written) - set(entry)
        if extra:
            raise SystemExit(f"{ed} fight card {card_id}: texts for unknown sections {extra}")
        summons = [s for s in raw.get("summons", []) if s["section"] == "timeout_effect"]
        if summons:
            entry["timeout_summons"] = [
                summon_entry(m, monster_ids) for s in summons for m in s["models"]
            ]
        cards.append(entry)

    out = []
    for boss in bosses:
        entry = model_fields(boss)
        comments = []
        if boss["name"] in FORMS.get(ed, {}):
            comments.append(f"{FORMS[ed][boss['name']]}'s other form; it shares his card.")
        if boss["bits"] != "Super" and boss["name"] not in COMPANIONS.get(ed, {}):
            entry["bits"] = "super"
            comments.append(f"The reference says {boss['bits']}; a dungeon boss is Super.")
        if boss["hearts"] <= 1:
            entry["hearts_note"] = HEARTS_SUSPECT
        if comments:
            entry["__comment__"] = " ".join(comments)
        if boss["name"] not in card_of:
            card_id = slug(boss["name"])
            cards.append(
                {
                    "id": card_id,
                    "name": boss["name"],
                    "bosses": [entry["id"]],
                    "note": "This boss's fight card is not in the reference. Add its boss spawn "
                    "and timeout effects here from the printed card.",
                }
            )
            card_of[boss["name"]] = card_id
        entry["fight_card"] = card_of[boss["name"]]
        if boss["name"] in COMPANIONS.get(ed, {}):
            entry["companion"] = True
        out.append(entry)
    return out, cards


def summon_entry(model: dict[str, Any], monster_ids: dict[str, Any]) -> dict[str, Any]:
    """A 1.0 "Summon:" item as a pool monster id (plural names mapped to the card)."""
    name = SUMMON_NAMES.get(model["model"], model["model"])
    for candidate in (name, name.removesuffix("s"), name.removesuffix("es")):
        if slug(candidate) in monster_ids:
            return {"monster": slug(candidate), "count": model["count"]}
    raise SystemExit(f"summon {model['model']!r} names no pool monster")


RELICS_NOT_APPLIED = {
    "sde2": {
        "darbles": "its effect is not in the reference",
        "stompin-boots": "this relic's own text is not in the reference (the treasure card of "
        "its name gives +1 heart)",
    },
    "classic": {"burning-horn": "+1G on an attribute the reference does not name"},
}
"""Relics whose effect (or part of it) the reference does not give: the boss's card says
"not applied: use your card" with why."""


def convert_relics(
    ref: Path, folder: str, ed: str, texts: Texts, portraits: set[str]
) -> tuple[list[dict[str, Any]], list[str]]:
    """2.0 relics.json, or the 1.0 Character Treasure cards (the boss relics)."""
    if ed == "sde2":
        raw = load(ref, folder, "relics")["relics"]
    else:
        raw = [
            t
            for t in load(ref, folder, "treasure")["treasure"]
            if t["type"] == "Character Treasure"
        ]
    out: list[dict[str, Any]] = []
    dropped: list[str] = []
    for relic in raw:
        owners = [slug(clean(r["model"])) for r in relic["restricted_to"]]
        owners = list(dict.fromkeys(owners))
        if any(o not in portraits for o in owners):
            names = ", ".join(r["model"] for r in relic["restricted_to"])
            dropped.append(f"{relic['name']} (names {names}, not a boss or mini-boss here)")
            continue
        modifiers, notes = relic_modifiers(relic)
        entry = {
            "id": slug(relic["name"]),
            "name": relic["name"],
            "slot": relic["slot"],
            "portrait": owners,
            "modifiers": modifiers,
            "keywords": [clean(k) for k in relic.get("keywords") or []],
            "abilities": [clean(a) for a in relic.get("abilities") or []],
        }
        if notes:
            entry["__comment__"] = " ".join(notes)
        out.append({k: v for k, v in entry.items() if v != []})
    unique_ids(out)
    for entry in out:
        entry["effect"] = texts.get("relics", entry["id"])
        if entry["id"] in RELICS_NOT_APPLIED.get(ed, {}):
            entry["not_applied"] = RELICS_NOT_APPLIED[ed][entry["id"]]
    keys = [
        "id",
        "name",
        "slot",
        "portrait",
        "effect",
        "modifiers",
        "keywords",
        "abilities",
        "not_applied",
    ]
    return [reorder(e, keys) for e in out], dropped


def convert_keywords_and_abilities(
    ref: Path, folder: str, texts: Texts, pack: dict[str, list[dict[str, Any]]]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """An entry per keyword and ability name with a text; every name on a card needs one. A
    card's facts and dice come from its own row (a monster's from monsters.json, a boss's from
    bosses.json, a relic's from its relic file): a name printed differently on two cards is two
    entries (`named_entries`)."""
    ed = texts.edition
    keywords = {clean(k): v for k, v in texts.take_all("keywords").items()}
    abilities = {clean(a): v for a, v in texts.take_all("abilities").items()}
    rows = {clean(name): variants for name, variants in ability_rows(ref, folder).items()}
    for kind, known in (("keywords", keywords), ("abilities", abilities)):
        for entries in pack.values():
            for entry in entries:
                for name in entry.get(kind, []):
                    if name not in known:
                        texts.missing.append(f"scripts/texts/{ed}/{kind}.yaml: {name}")
    out = []
    for kind, written in (("keywords", keywords), ("abilities", abilities)):
        printed = printings_by_card(ref, folder, ed, kind, pack)
        entries, missing = named_entries(kind, written, rows, printed, ed, slug)
        texts.missing += [f"scripts/texts/{ed}/{kind}.yaml: {m}" for m in missing]
        out.append(entries)
    return out[0], out[1]


def printings_by_card(
    ref: Path, folder: str, ed: str, kind: str, pack: dict[str, list[dict[str, Any]]]
) -> dict[str, list[tuple[dict[str, Any] | None, list[str]]]]:
    """Each name's printings on the edition's cards, the one most cards print first: its row
    (from the card's own reference file) and the ids of the cards that print it so."""
    files: dict[str, dict[str, Any]] = {}
    mini_names = {m["name"] for m in pack.get("mini_bosses", [])}
    groups: dict[str, dict[tuple[Any, ...], tuple[dict[str, Any], list[str]]]] = {}
    for pack_kind, entries in pack.items():
        for entry in entries:
            if pack_kind == "relics":
                fname = relic_file(ed)
            elif pack_kind == "monsters" and entry.get("note") == SOHEI_ONI_NOTE:
                fname = OWN_FILE["mini_bosses"] if entry["name"] in mini_names else "monsters.json"
            else:
                fname = OWN_FILE.get(pack_kind, "")
            if not fname:
                continue
            if fname not in files:
                files[fname] = file_rows(ref, folder, fname)
            own = {clean(n): v for n, v in files[fname].get(kind, {}).items()}
            for name in entry.get(kind, []):
                row = explore_row(own.get(name, []))
                if row is None:
                    continue
                key = printing(kind, row, ed)
                found = groups.setdefault(name, {}).setdefault(key, (row, []))
                found[1].append(entry["id"])
    out: dict[str, list[tuple[dict[str, Any] | None, list[str]]]] = {}
    for name, found in groups.items():
        ordered = sorted(found.values(), key=lambda v: -len(v[1]))
        out[name] = [(row, sorted(set(cards))) for row, cards in ordered]
    return out


def reorder(entry: dict[str, Any], keys: Iterable[str]) -> dict[str, Any]:
    """Only `keys` (plus a comment), in that order."""
    keys = ["__comment__", *keys]
    return {k: entry[k] for k in keys if k in entry}


DROP_OFFENSE = {"drop_best_die": ["offense"], "arcade": [{"stat": "STR", "less": "1ST"}]}
DROP_DEFENSE = {"drop_best_die": ["defense"], "arcade": [{"stat": "ARM", "less": "1ST"}]}
STATUS_CHANGES: dict[str, dict[str, dict[str, Any]]] = {
    "sde2": {
        "poison": {"ap": -1, "min_ap": 1},
        "slow": {"half_move": True},
        "hex": DROP_OFFENSE,
        "bane": DROP_DEFENSE,
    },
    "forgotten-king": {
        "poison": {"ap": -1, "min_ap": 1},
        "slow": {"half_move": True},
        "hex": DROP_OFFENSE,
        "bane": DROP_DEFENSE,
        "curse": {"drop_best_die": ["defense"]},
    },
    "classic": {
        "poison": {"ap": -1},
        "slow": {"half_move": True},
        "bane": {"drop_best_die": ["offense"]},
        "cold": {"drop_best_die": ["DEX"]},
        "fragile": {"drop_best_die": ["ARM"]},
        "stun": {"drop_best_die": ["WILL"]},
        "weak": {"drop_best_die": ["ATT"]},
    },
}
"""What each status effect changes on a card, read from the reference's texts: Poison "reduces
its total number of action points by 1" (2.0 and FK: "to a minimum of 1"; 1.0 names no
minimum), Slow "halves its movement points, rounding up", Hex / Bane (1.0: Bane) "discards the
highest result rolled" on its offense / defense rolls, and in Arcade "reduces its STR / ARM by
1ST" (FK's second Hex row says defense: its Explore row and 2.0 say offense); FK Curse drops on
defense rolls; 1.0 Cold, Fragile, Stun, Weak on the rolls of DEX, ARM, WILL, ATT. The others
(Fire, Ice, Immobile, Knockdown, Bind, Choke, Pacify, Vulnerable) change no figure."""


STANDS_UP = "once it pays 1 AP or all its MOVE to stand up"
STATUS_ENDS: dict[str, dict[str, str]] = {
    "sde2": {"immobile": "after its next activation", "knockdown": STANDS_UP},
    "forgotten-king": {"immobile": "after its next activation", "knockdown": STANDS_UP},
    "classic": {"knockdown": STANDS_UP},
}
"""When a status effect ends by itself, read from the reference's texts: Immobile "may not move
during its next activation", Knockdown until it "spends one action point or all of its movement
points to remove the Knockdown token". The others last until their token is removed."""


def convert_status_effects(ref: Path, folder: str, texts: Texts) -> list[dict[str, Any]]:
    """Status effects, each with its hand-written text, what it changes on a card and when it
    ends by itself."""
    out = []
    changes = STATUS_CHANGES[texts.edition]
    ends = STATUS_ENDS[texts.edition]
    for status in load(ref, folder, "status_effects")["status_effects"]:
        sid = slug(status["name"])
        entry = {"id": sid, "name": status["name"], "text": texts.get("status-effects", sid)}
        if sid in changes:
            entry["effect"] = changes[sid]
        if sid in ends:
            entry["ends"] = ends[sid]
        out.append(entry)
    unknown = (set(changes) | set(ends)) - {e["id"] for e in out}
    if unknown:
        said = f"{texts.edition} status effect: {unknown}"
        raise SystemExit(f"STATUS_CHANGES or STATUS_ENDS name no {said}")
    return out


def convert_mighty_monster_cards(ref: Path, texts: Texts) -> list[dict[str, Any]]:
    """The ten 2.0 Mighty Monster reference cards, with their bonus in structured form."""
    out = []
    for card in load(ref, "2.0", "mighty_monster_cards")["mighty_monster_cards"]:
        bid = slug(card["name"])
        entry: dict[str, Any] = {"id": bid, "name": card["name"], "card": True}
        entry["applies_to"] = bonus_target(card["applies_to"])
        entry.update(bonus_effect(card["bonus"], card["name"]))
        entry["text"] = texts.get("bonuses", bid)
        out.append(entry)
    return out


def bonus_target(applies_to: str) -> dict[str, Any]:
    """A Mighty Monster card's "applies to" as a BonusTarget."""
    if applies_to == "all monsters except the dungeon boss":
        return {}
    if applies_to == "all 8-Bit monsters":
        return {"bits": ["8-bit"]}
    match = re.fullmatch(r"all (.+)", applies_to)
    if match:
        return {"monsters": [match.group(1)]}
    raise SystemExit(f"unknown Mighty Monster target {applies_to!r}")


def bonus_effect(bonus: str, name: str) -> dict[str, Any]:
    """A Mighty Monster card's bonus as `dice` or `ability`."""
    match = re.fullmatch(
        r"\+(\d+(?:ST|B|R|G)) to (?:all )?(offense rolls|defense rolls|ARM|STR)", bonus
    )
    if match:
        roll = match.group(2).split()[0]
        return {"dice": {"roll": roll, "add": match.group(1)}}
    ability = re.sub(r"^Bonus (Ijin \w+ )?", "", name)
    return {"ability": ability}


# --------------------------------------------------------------------------- charts

STATUS_BONUSES = {
    "monsters-cause-poison": ("Monsters cause Poison", "poison"),
    "monsters-cause-ice": ("Monsters cause Ice", "ice"),
    "monsters-cause-slow": ("Monsters cause Slow", "slow"),
}

OFFENSE, DEFENSE = "bonus-offensive-rolls", "bonus-defensive-rolls"
B8, B816 = ["8-bit"], ["8-bit", "16-bit"]

CHART_NOTE = (
    "Reconstruction, not verified. The printed chart exists only as a picture. {what} To "
    "correct it, compare each space with your printed {board} and edit this file (see "
    "data/README.md), then set verified to true."
)
STANDARD_WHAT = (
    "The spawn numbers and texts come from a garbled scan of the 3-4 heroes row; their order "
    "and the status effect are guesses."
)
EXTENDED_WHAT = (
    "The spawn numbers and texts come from a garbled scan of the 5-6 heroes row; their order "
    "is a guess."
)
ARCADE_WHAT = "Nothing of the Arcade chart is known. This copies the Explore {size} chart."
BOSS_WHAT = (
    "Nothing of {boss}'s own chart is known. This is the Explore {size} chart with a "
    "bonus in {boss}'s theme. Only the chart's existence is a fact."
)


def spawn(points: int, bits: list[str] | None = None, **more: Any) -> dict[str, Any]:
    """A spawn space; up to 3 skull points 8-Bit only, more both."""
    return {"spawn": points, "bits": bits or (B8 if points <= 3 else B816), **more}


def standard_spaces(status_bonus: str = "monsters-cause-poison") -> list[dict[str, Any]]:
    """3-4 heroes: the eleven spawn numbers and the texts seen on the board, in a likely order."""
    return [
        spawn(2),
        {"choose_bonus": [OFFENSE, DEFENSE]},
        spawn(4),
        spawn(3),
        spawn(5),
        {"boss_sighting": [1]},
        spawn(4),
        {"bonuses": [status_bonus]},
        spawn(6),
        {"mini_boss": True},
        spawn(2),
        spawn(6),
        {"choose_bonus": [OFFENSE, DEFENSE]},
        spawn(4),
        spawn(6),
        {"boss_sighting": [1, 2]},
        spawn(6),
        {"dungeon_boss": True},
    ]


def extended_spaces() -> list[dict[str, Any]]:
    """5-6 heroes: "4 4 4 4 8 4 8 ..." then "4 8 8 4 8 4 8 8", texts placed in between."""
    return [
        spawn(4, B8),
        spawn(4, B8),
        spawn(4, B8),
        spawn(4, B8, bonuses=[OFFENSE]),
        spawn(8),
        spawn(4, B8),
        spawn(8, mini_boss=True),
        spawn(4, B8),
        spawn(8, boss_sighting=[1, 2]),
        {"choose_bonus": [DEFENSE, "bonus-massive-damage"]},
        spawn(8),
        spawn(4, B8, mini_boss=True),
        spawn(8, bonuses=[DEFENSE]),
        spawn(4, B8),
        spawn(8, bonuses=[OFFENSE]),
        spawn(8),
        {"boss_sighting": [1, 2, 3]},
        {"dungeon_boss": True},
    ]


BOSS_CHART_CARDS = (
    ("bomechan", "Bomechan", ("explore",)),
    ("hoarfang", "Hoarfang", ("explore", "arcade")),
    ("sleighride-candy", "Sleighride Candy", ("explore", "arcade")),
)
"""The bosses with chart cards of their own (2.0/charts.json), and in which modes; each comes
as a standard (3-4 heroes) and an extended (5-6 heroes) chart."""

BOSS_THEMES = {
    "bomechan": "bonus-ijin-kunoichi-frenzy",
    "hoarfang": "monsters-cause-ice",
    "sleighride-candy": "monsters-cause-slow",
}


def boss_spaces(boss: str, size: str) -> list[dict[str, Any]]:
    """The general chart of that size with a bonus in the boss's theme (Bomechan: its Devil's
    Island bonus cards)."""
    theme = BOSS_THEMES[boss]
    if size == "standard":
        spaces = standard_spaces(theme)
        if boss == "bomechan":
            spaces[12] = {"choose_bonus": ["bonus-ijin-oni-sturdy", OFFENSE, DEFENSE]}
        return spaces
    spaces = extended_spaces()
    spaces[3] = spawn(4, B8, bonuses=[theme])
    if boss == "bomechan":
        spaces[9] = {"choose_bonus": ["bonus-ijin-oni-sturdy", DEFENSE, "bonus-massive-damage"]}
    return spaces


def numbered(spaces: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Put the space number above each space as a comment (easier to check by hand)."""
    out = []
    for i, space in enumerate(spaces, start=1):
        label = "space {i}: dungeon boss" if space.get("dungeon_boss") else "space {i}"
        out.append({"__comment__": label.format(i=i), **space})
    return out


def sde2_charts() -> list[dict[str, Any]]:
    """Every 2.0 chart, each a marked reconstruction."""

    def chart(
        cid: str,
        name: str,
        mode: str,
        size: str,
        what: str,
        spaces: list[Any],
        boss: str | None = None,
        board: str = "board",
    ) -> dict[str, Any]:
        """One chart entry."""
        entry: dict[str, Any] = {
            "id": cid,
            "name": name,
            "kind": "chart",
            "mode": mode,
            "size": size,
        }
        if boss:
            entry["boss"] = boss
        entry["verified"] = False
        entry["note"] = CHART_NOTE.format(what=what, board=board)
        entry["spaces"] = numbered(spaces)
        return entry

    arcade_std = ARCADE_WHAT.format(size="standard")
    arcade_ext = ARCADE_WHAT.format(size="extended")
    return [
        chart(
            "explore-standard",
            "Mighty Monster Chart (3-4 heroes)",
            "explore",
            "standard",
            STANDARD_WHAT,
            standard_spaces(),
        ),
        chart(
            "explore-extended",
            "Mighty Monster Chart (5-6 heroes)",
            "explore",
            "extended",
            EXTENDED_WHAT,
            extended_spaces(),
        ),
        chart(
            "arcade-standard",
            "Arcade Mighty Monster Chart (3-4 heroes)",
            "arcade",
            "standard",
            arcade_std,
            standard_spaces(),
        ),
        chart(
            "arcade-extended",
            "Arcade Mighty Monster Chart (5-6 heroes)",
            "arcade",
            "extended",
            arcade_ext,
            extended_spaces(),
        ),
        *(
            chart(
                f"{boss}-{mode}" + ("" if size == "standard" else "-extended"),
                f"{name}'s {mode.title()} Mighty Monster Chart"
                + (" (3-4 heroes)" if size == "standard" else " (5-6 heroes)"),
                mode,
                size,
                BOSS_WHAT.format(boss=name, size=size),
                boss_spaces(boss, size),
                boss,
                "chart card",
            )
            for boss, name, modes in BOSS_CHART_CARDS
            for mode in modes
            for size in ("standard", "extended")
        ),
    ]


BOSS_CHARTS = {
    "bomechan": "bomechan-explore",
    "hoarfang": "hoarfang-explore",
    "sleighride-candy": "sleighride-candy-explore",
}

FK_STEPS = [
    ("fk-offense-star-1", "First offense star", "offense"),
    ("fk-defense-star-1", "First defense star", "defense"),
    ("fk-offense-star-2", "Second offense star", "offense"),
    ("fk-defense-star-2", "Second defense star", "defense"),
    ("fk-offense-star-3", "Third offense star", "offense"),
    ("fk-defense-star-3", "Third defense star", "defense"),
]


def fk_bonuses(texts: Texts) -> list[dict[str, Any]]:
    """The static-star bonuses of the Forgotten King ladder."""
    return [
        {
            "id": bid,
            "name": name,
            "card": False,
            "applies_to": {"ranks": ["elite", "minion"]},
            "dice": {"roll": roll, "add": "1ST"},
            "text": texts.get("bonuses", bid),
        }
        for bid, name, roll in FK_STEPS
    ]


def fk_ladder() -> dict[str, Any]:
    """The Forgotten King ladder: five plausible steps."""
    steps = [
        [FK_STEPS[0][0]],
        [FK_STEPS[1][0]],
        [FK_STEPS[2][0]],
        [FK_STEPS[3][0]],
        [FK_STEPS[4][0], FK_STEPS[5][0]],
    ]
    return {
        "id": "classic-ladder",
        "name": "Classic Mighty Monster Chart",
        "kind": "ladder",
        "mode": "explore",
        "verified": False,
        "note": "Reconstruction, not verified. The reference has the FK chart as a picture only. "
        "It is climbed one step after a turn in which a mini-boss was destroyed; bonuses "
        "add up, elites and minions only. The steps here are a guess; correct them from "
        "your chart card (see data/README.md), then set verified to true.",
        "spaces": [
            {"__comment__": f"step {i}", "bonuses": ids} for i, ids in enumerate(steps, start=1)
        ],
    }


def classic_gauge() -> dict[str, Any]:
    """The 1.0 power gauge with a plausible length."""
    return {
        "id": "power-gauge",
        "name": "Power Gauge",
        "squares": 24,
        "sixteen_bit_at": 9,
        "super_at": 17,
        "verified": False,
        "note": "Reconstruction, not verified. No source gives the gauge's length; 24 squares "
        "with 16-Bit from square 9 and Super from square 17 is a plausible default. "
        "Count the squares on your printed gauge and edit these three numbers.",
    }


# --------------------------------------------------------------------------- writing


def scalar(value: Any) -> str:
    """A value as a one-line YAML scalar or flow list."""
    text = yaml.safe_dump(value, default_flow_style=True, width=10_000, allow_unicode=True)
    return text.removesuffix("\n").removesuffix("\n...").strip()


def emit(value: dict[str, Any], indent: int = 0) -> list[str]:
    """Block-style YAML of one mapping; short lists of scalars stay on one line."""
    pad = " " * indent
    lines: list[str] = []
    for key, val in value.items():
        if key == "__comment__":
            continue
        if isinstance(val, dict):
            if not val:
                continue
            lines.append(f"{pad}{key}:")
            lines.extend(emit(val, indent + 2))
        elif isinstance(val, list):
            if not val:
                continue
            if all(not isinstance(v, (dict, list)) for v in val):
                flow = f"{pad}{key}: {scalar(val)}"
                if len(flow) <= 100:
                    lines.append(flow)
                    continue
                lines.append(f"{pad}{key}:")
                lines.extend(f"{pad}  - {scalar(v)}" for v in val)
                continue
            lines.append(f"{pad}{key}:")
            for item in val:
                lines.extend(emit_item(item, indent + 2))
        else:
            lines.extend(pad + line for line in scalar_lines(key, val, 86 - indent))
    return lines


def scalar_lines(key: str, value: Any, width: int) -> list[str]:
    """`key: value`, a long text folded over several lines by PyYAML itself."""
    text = yaml.safe_dump({key: value}, width=max(width, 40), allow_unicode=True, sort_keys=False)
    return text.rstrip("\n").splitlines()


def emit_item(item: dict[str, Any], indent: int) -> list[str]:
    """One list item (a mapping), its comment above it."""
    pad = " " * indent
    lines = [f"{pad}# {item['__comment__']}"] if "__comment__" in item else []
    body = emit(item, indent + 2)
    if not body:
        return [*lines, f"{pad}- {{}}"]
    body[0] = f"{pad}- {body[0][indent + 2 :]}"
    return lines + body


def strip_comments(value: Any) -> Any:
    """The data as it reads back from YAML: no comments, no empty values."""
    if isinstance(value, dict):
        return {
            k: strip_comments(v)
            for k, v in value.items()
            if k != "__comment__" and v not in ([], {})
        }
    if isinstance(value, list):
        return [strip_comments(v) for v in value]
    return value


def write_file(
    out_dir: Path,
    ed: str,
    kind: str,
    entries: list[dict[str, Any]],
    about: str,
    sources: list[str],
    extra: list[str] | None = None,
) -> Path:
    """One YAML file of the pack, checked by re-reading and validating it."""
    path = out_dir / ed / f"{kind.replace('_', '-')}.yaml"
    if kind == "power_gauges":
        path = out_dir / ed / "power-gauge.yaml"
    header = ["# yaml-language-server: $schema=../content.schema.json", f"# {about}"]
    header += [f"# Facts from: {s}" for s in sources]
    if any(s.startswith("reference/sde/") and ".json" in s for s in sources):
        header.append("#   (the SDE fan database Kamurai/SDWiki, as extracted for this project)")
    header += [f"# {line}" for line in extra or []]
    header.append("# Built by scripts/convert_reference.py; texts are our own short paraphrases.")
    lines = [*header, f"edition: {ed}", "", f"{kind}:"]
    for entry in entries:
        lines.extend(emit_item(entry, 2))
        lines.append("")
    text = "\n".join(lines).rstrip("\n") + "\n"
    data = yaml.safe_load(text)
    expected = {"edition": ed, kind: strip_comments(entries)}
    if data != expected:
        raise SystemExit(f"{path}: the YAML writer lost something")
    filled = {kind: [{**e, "edition": ed} for e in data[kind]], "edition": ed}
    validate(ContentFile, filled)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def write_schema(out_dir: Path) -> None:
    """JSON schema for editors; `edition` may be left to the file's top-level `edition:`."""
    try:
        from consul_app.content.schema import schema_json
    except ImportError:  # the app's schema module is optional here
        schema = adapter(ContentFile).json_schema()
        for definition in schema.get("$defs", {}).values():
            required = definition.get("required")
            if required and "edition" in required:
                required.remove("edition")
        text = json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
    else:
        text = schema_json()
    (out_dir / "content.schema.json").write_text(text, encoding="utf-8")


# --------------------------------------------------------------------------- checks


REFS = {
    "spawning_points": [("pool.monster", "monsters"), ("paired_with", "spawning_points")],
    "dungeon_bosses": [("fight_card", "fight_cards"), ("chart", "charts")],
    "fight_cards": [("bosses", "dungeon_bosses"), ("timeout_summons.monster", "monsters")],
    "relics": [("portrait", "mini_bosses|dungeon_bosses")],
    "bonuses": [("status", "status_effects")],
    "charts": [
        ("boss", "dungeon_bosses"),
        ("spaces.bonuses", "bonuses"),
        ("spaces.choose_bonus", "bonuses"),
    ],
}


def values_at(entry: dict[str, Any], path: str) -> list[str]:
    """Every value found along a dotted path (lists are walked)."""
    head, _, rest = path.partition(".")
    value = entry.get(head)
    if value is None:
        return []
    items = value if isinstance(value, list) else [value]
    if not rest:
        return [str(v) for v in items]
    return [v for item in items for v in values_at(item, rest)]


def check_references(ed: str, pack: dict[str, list[dict[str, Any]]]) -> list[str]:
    """Problems: repeated ids and ids that name nothing in the edition."""
    ids = {kind: {e["id"] for e in entries} for kind, entries in pack.items()}
    problems = []
    for kind, entries in pack.items():
        if len(ids[kind]) != len(entries):
            problems.append(f"{ed} {kind}: repeated ids")
        for path, targets in REFS.get(kind, []):
            allowed = set().union(*(ids.get(t, set()) for t in targets.split("|")))
            for entry in entries:
                for ref in values_at(entry, path):
                    if ref not in allowed:
                        problems.append(f"{ed} {kind} {entry['id']}: {path} {ref!r} unknown")
    return problems


# --------------------------------------------------------------------------- main


def convert_edition(ref: Path, out_dir: Path, folder: str) -> dict[str, Any]:
    """Write every file of one edition; return counts and notes for the summary."""
    ed = EDITIONS[folder]
    title = EDITION_TITLES[ed]
    texts = Texts(ed)
    src = SOURCE_NOTE.format(folder=folder)
    pack: dict[str, list[dict[str, Any]]] = {}

    monsters, points = convert_pool_models(ref, folder, ed)
    pack["monsters"] = monsters
    pack["spawning_points"] = points
    pack["mini_bosses"] = convert_mini_bosses(ref, folder)
    bosses, cards = convert_bosses_and_cards(ref, folder, ed, texts, monsters)
    for boss in bosses:
        if ed == "sde2" and boss["id"] in BOSS_CHARTS:
            boss["chart"] = BOSS_CHARTS[boss["id"]]
    pack["dungeon_bosses"] = [
        reorder(
            b,
            [
                "id",
                "name",
                "bits",
                "hearts",
                "skull_points",
                "base",
                "fight_card",
                "chart",
                "companion",
                "stats",
                "attacks",
                "defends_with",
                "keywords",
                "abilities",
                "creature_type",
                "hearts_note",
            ],
        )
        for b in bosses
    ]
    pack["fight_cards"] = cards
    portraits = {e["id"] for e in pack["mini_bosses"] + pack["dungeon_bosses"]}
    dropped: list[str] = []
    if ed in ("sde2", "classic"):
        pack["relics"], dropped = convert_relics(ref, folder, ed, texts, portraits)
    pack["keywords"], pack["abilities"] = convert_keywords_and_abilities(ref, folder, texts, pack)
    pack["status_effects"] = convert_status_effects(ref, folder, texts)
    if ed == "sde2":
        bonuses = convert_mighty_monster_cards(ref, texts)
        for bid, (name, status) in STATUS_BONUSES.items():
            bonuses.append(
                {
                    "id": bid,
                    "name": name,
                    "card": False,
                    "status": status,
                    "text": texts.get("bonuses", bid),
                }
            )
        pack["bonuses"] = bonuses
        pack["charts"] = sde2_charts()
    elif ed == "forgotten-king":
        pack["bonuses"] = fk_bonuses(texts)
        pack["charts"] = [fk_ladder()]
    else:
        pack["power_gauges"] = [classic_gauge()]

    if texts.missing or texts.unused():
        lines = [f"missing text: {m}" for m in texts.missing]
        lines += [f"unused text: {u}" for u in texts.unused()]
        raise SystemExit("\n".join(lines))
    problems = check_references(ed, {k: strip_comments(v) for k, v in pack.items()})
    if problems:
        raise SystemExit("\n".join(problems))

    files = {
        "monsters": (
            f"{title} pool monsters, grouped by warband.",
            ["monsters.json", "spawning_points.json"],
        ),
        "spawning_points": (
            f"{title} spawning points and the pools they bring.",
            ["spawning_points.json"],
        ),
        "mini_bosses": (f"{title} mini-bosses (Explore cards).", ["mini_bosses.json"]),
        "dungeon_bosses": (
            f"{title} dungeon bosses (Explore cards).",
            ["bosses.json", "boss_fight_cards.json"],
        ),
        "fight_cards": (
            f"{title} {'Adventure Effects cards' if ed == 'classic' else 'boss fight cards'}:"
            " effects in short words.",
            ["boss_fight_cards.json"],
        ),
        "relics": (
            f"{title} relics the dungeon boss equips.",
            ["relics.json" if ed == "sde2" else "treasure.json (Character Treasure)"],
        ),
        "status_effects": (f"{title} status effects in short words.", ["status_effects.json"]),
        "keywords": (
            f"{title} keywords on the cards, in short words.",
            ["monsters.json, mini_bosses.json, bosses.json, relics (names only)"],
        ),
        "abilities": (
            f"{title} abilities on the cards: cost, range and rolls, in short words.",
            ["ability_texts of the card files (type, cost, range, attribute, 'X vs Y')"],
        ),
        "bonuses": (
            f"{title} Mighty Monster bonuses.",
            ["mighty_monster_cards.json"] if ed == "sde2" else [],
        ),
        "charts": (
            f"{title} Mighty Monster Charts: reconstructions, verified: false.",
            ["charts.json (names only)", "charts.md"],
        ),
        "power_gauges": (f"{title} power gauge: a reconstruction, verified: false.", ["charts.md"]),
    }
    extras: dict[str, list[str]] = {
        "relics": [f"Left out: {d}." for d in dropped],
        "bonuses": [
            "card: false marks bonuses that are not printed cards"
            + (" (the ladder steps)." if ed != "sde2" else " (chart status effects).")
        ],
    }
    for kind, entries in pack.items():
        about, names = files[kind]
        sources = [f"{src}{', '.join(names)}"] if names else ["none (hand-written)"]
        if kind == "charts" and ed == "sde2":
            sources = [f"{src}{names[0]}", "reference/sde/charts.md (the spaces)"]
        elif kind in ("charts", "power_gauges"):
            sources = ["reference/sde/charts.md (what is known; the rest is a guess)"]
        write_file(out_dir, ed, kind, entries, about, sources, extras.get(kind))
    return {"counts": {k: len(v) for k, v in pack.items()}, "dropped": dropped}


def main(argv: list[str] | None = None) -> int:
    """Write the schema and every edition; print the counts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reference", type=Path, help="reference/sde folder (2.0/, fk/, 1.0/)")
    parser.add_argument("out", type=Path, help="the pack folder to write (data/)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    write_schema(args.out)
    for folder, ed in EDITIONS.items():
        summary = convert_edition(args.reference, args.out, folder)
        counts = ", ".join(f"{k} {n}" for k, n in summary["counts"].items())
        print(f"{ed}: {counts}")
        for dropped in summary["dropped"]:
            print(f"  left out relic: {dropped}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
