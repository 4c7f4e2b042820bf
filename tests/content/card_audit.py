"""A machine audit of every card the app shows against the reference row of that card.

For every model of every edition (monsters, spawning points, mini-bosses, dungeon bosses) and
every relic (1.0: the boss treasure), the card view (`rules.card`) is compared with the rows
the reference gives for that card, in the card's own reference file (a monster's row is in
monsters.json, a boss's in bosses.json, a relic's in relics.json or treasure.json: the same
name may be another card there). Compared, for each action: the cost and what pays it (AP or
Potion), whether it rolls and which stat (the icons SW = STR, MI = DEX, MA = WILL, "X vs Y"),
the range and the area (Wave 4, Aura 3, ...); for each action, keyword and ability: the dice
tokens of its text (+1B, 1ST, ...) against those of the Explore wording (the Arcade one only
where no other exists).

The reference parsing here is its own, written apart from scripts/convert_cards.py, so that a
slip in the converter is caught rather than repeated. Run it as a script for the list:
`.venv/bin/python -m tests.content.card_audit`.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from msgspec import structs

from consul_app.content.dice import Dice
from consul_app.content.models import Relic
from consul_app.content.pack import ContentPack, EditionPack
from consul_app.rules import card, default_setup, new_game
from consul_app.rules import edition as edition_of
from consul_app.rules.model.state import BossState
from consul_app.rules.views.cards import CardView

FOLDERS = {"sde2": "2.0", "forgotten-king": "fk", "classic": "1.0"}
ICON_STATS = {"SW": "STR", "MI": "DEX", "MA": "WILL"}
COLUMN_STATS = {"Strength": "STR", "Dexterity": "DEX", "Will": "WILL"}
ICON = re.compile(r"(?<![A-Za-z])(\d*)\s*(SW|MI|MA)(\d*)\b")
VS = re.compile(r"\b(STR|DEX|WILL|ARM|ATT)\s+vs\.?\s+(STR|DEX|WILL|ARM|ATT)\b")
NAMED_RANGE = re.compile(r"\b(?:RANGE|Range|Missile|Missle|Magic)\s*(\d+)|\b(\d+)\s*RANGE\b")
AREA = re.compile(r"\b(Wave|Aura|Burst|Sweep|Lance|Spray|Cone|Blast)\s*(\d+)", re.IGNORECASE)
DICE_TOKEN = re.compile(
    r"(?<![A-Za-z0-9])(?:\+\s*(\d*)|(\d+))\s*(ST|Star|B|R|G)(?![A-Za-z0-9])", re.IGNORECASE
)
ARCADE_ASIDE = re.compile(r"\(Arcade\b[^)]*\)", re.IGNORECASE)
REST = re.compile(r"\(([^)]*)\)")


@dataclass(frozen=True)
class Row:
    """The facts of one reference row of an ability (or keyword: only `dice`)."""

    text: str
    cost: int | None = None
    pays: str | None = None
    rolls: str | None = None
    range: int | None = None
    areas: tuple[str, ...] = ()
    dice: tuple[str, ...] = ()
    explained: tuple[str, ...] = ()
    """Dice of the keywords the row names (Throw, Mark): a text may explain them."""

    def key(self) -> tuple[Any, ...]:
        return (self.cost, self.pays, self.rolls, self.range, self.areas, self.dice)


@dataclass
class Audit:
    mismatches: list[str] = field(default_factory=list)
    ambiguous: list[str] = field(default_factory=list)
    checked: int = 0


def dice_tokens(text: str) -> tuple[str, ...]:
    """The dice a text names, sorted: "+1B STR ... +1ST" -> ("1B", "1ST"). Stat lines
    ("2B 1R") count too; a bare "+ST" is one star."""
    out = set()
    for plus, count, colour in DICE_TOKEN.findall(ARCADE_ASIDE.sub("", text)):
        colour = "ST" if colour.lower() == "star" else colour.upper()
        out.add(f"{plus or count or 1}{colour}")
    return tuple(sorted(out))


def areas(text: str) -> tuple[str, ...]:
    found = AREA.findall(ARCADE_ASIDE.sub("", text))
    return tuple(sorted({f"{k.title()} {n}" for k, n in found}))


def row_facts(row: dict[str, Any], edition: str) -> Row:
    """What one ability row says: cost, payment, rolled stat, range, areas, dice."""
    text = (row.get("text") or "").strip()
    pays = {"Action": "AP", "Potion": "Potion"}.get(row.get("resource") or "")
    cost = row.get("cost") if pays else None
    rolls = _rolls(text, row, edition)
    return Row(text, cost, pays, rolls, _range(text, row), areas(text), dice_tokens(text))


def _rolls(text: str, row: dict[str, Any], edition: str) -> str | None:
    vs = VS.search(text)
    if vs:
        return vs.group(1)
    if re.match(r"^\s*augment\b", text, re.IGNORECASE):
        return None
    icon = ICON.search(text.split(".")[0])
    if icon:
        return ICON_STATS[icon.group(2)]
    if re.match(r"^\s*(Missile|Missle)\b", text):
        return "DEX"
    if re.match(r"^\s*Magic\b", text):
        return "WILL"
    if row.get("type") != "Offense":
        return None
    if row.get("attribute") == "Attack":
        return "ATT" if edition == "classic" else "STR"
    return COLUMN_STATS.get(row.get("attribute") or "")


def _range(text: str, row: dict[str, Any]) -> int | None:
    icon = ICON.search(text.split(".")[0])
    if icon and (icon.group(1) or icon.group(3)):
        return int(icon.group(1) or icon.group(3))
    named = NAMED_RANGE.search(text)
    if named:
        return int(named.group(1) or named.group(2))
    column = row.get("range")
    return column if isinstance(column, int) and column > 0 else None


def structs_replace(row: Row, explained: tuple[str, ...]) -> Row:
    return Row(row.text, row.cost, row.pays, row.rolls, row.range, row.areas, row.dice, explained)


def explore_rows(variants: list[Any]) -> list[dict[str, Any]]:
    """The rows to compare with: the Explore ones, else the Default ones, else any but Arcade
    (never the Arcade wording where another exists)."""
    rows = [v for v in variants if isinstance(v, dict)]
    for mode in ("Explore", "Default"):
        chosen = [v for v in rows if v.get("play_mode") == mode]
        if chosen:
            return chosen
    return [v for v in rows if v.get("play_mode") != "Arcade"]


class Reference:
    """The reference files of one edition, by kind of card."""

    def __init__(self, folder: Path) -> None:
        self.files: dict[str, dict[str, Any]] = {}
        for name in ("monsters", "mini_bosses", "bosses", "relics", "treasure"):
            path = folder / f"{name}.json"
            if path.exists():
                self.files[name] = json.loads(path.read_text(encoding="utf-8"))

    def cards(self, file: str, listing: str) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        for raw in self.files.get(file, {}).get(listing, []):
            if raw.get("play_mode") in ("Explore", "Default", None):
                out.setdefault(_norm(raw["name"]), raw)
        return out

    def explained(self, file: str, text: str) -> tuple[str, ...]:
        """The dice named by the Explore texts of the keywords that `text` names."""
        found: set[str] = set()
        for key, variants in self.files.get(file, {}).get("keyword_texts", {}).items():
            name = key.removesuffix(" X")  # "Throw X": the keyword of "Throw 4"
            if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.IGNORECASE):
                for row in explore_rows(variants):
                    found.update(dice_tokens(row.get("text") or ""))
        return tuple(sorted(found))

    def rows(self, file: str, kind: str, name: str) -> list[dict[str, Any]]:
        texts = self.files.get(file, {}).get(f"{kind}_texts", {})
        for key, variants in texts.items():
            if _norm(key) == _norm(name):
                return explore_rows(variants)
        return []


@functools.cache
def _norm(name: str) -> str:
    """A name as compared (the same few thousand names are compared again and again: kept)."""
    name = re.sub(r"\s+", " ", name).strip().lower()
    name = name.replace("lrod", "lord").replace("molton", "molten")
    return re.sub(r"^the (.*)$", r"\1", name)


def audit(pack: ContentPack, reference_root: Path) -> Audit:
    """Every card of every edition against its reference rows."""
    result = Audit()
    for edition, folder in FOLDERS.items():
        if edition not in pack.editions:
            continue
        ed_pack = pack.edition(edition)
        ref = Reference(reference_root / folder)
        _audit_edition(ed_pack, ref, result)
    return result


def _models(ed: EditionPack) -> Iterator[tuple[str, str, str, str]]:
    """(id, name, reference file, listing) of every model."""
    for monster in ed.monsters.values():
        yield monster.id, monster.name, "monsters", "monsters"
    for point in ed.spawning_points.values():
        yield point.id, point.name, "monsters", "monsters"
    for mini in ed.mini_bosses.values():
        yield mini.id, mini.name, "mini_bosses", "mini_bosses"
    for boss in ed.dungeon_bosses.values():
        yield boss.id, boss.name, "bosses", "bosses"


def _audit_edition(ed: EditionPack, ref: Reference, result: Audit) -> None:
    setup = default_setup(ed)
    state = new_game(ed, setup)
    for model_id, name, file, listing in _models(ed):
        raw = ref.cards(file, listing).get(_norm(name))
        if raw is None:
            continue  # no card in the reference (creeps, fill-ins): nothing to compare
        view = card(ed, state, model_id)
        where = f"{ed.edition} {model_id}"
        _audit_card(view, raw, ref, file, where, ed.edition, result, relic=None)
    relic_file = "relics" if ed.edition == "sde2" else "treasure"
    relic_listing = "relics" if ed.edition == "sde2" else "treasure"
    raw_relics = ref.cards(relic_file, relic_listing)
    boss_id = setup.boss
    for relic in ed.relics.values():
        raw = raw_relics.get(_norm(relic.name))
        if raw is None:
            continue
        bosses = [b for b in relic.portrait if b in ed.dungeon_bosses]
        boss = bosses[0] if bosses else boss_id
        relic_state = structs.replace(
            state,
            setup=structs.replace(state.setup, boss=boss),
            boss=BossState(spawned=True, relics=[relic.id], relic_slots=1),
        )
        view = card(ed, relic_state, boss)
        where = f"{ed.edition} relic {relic.id}"
        _audit_card(view, raw, ref, relic_file, where, ed.edition, result, relic=relic)


def _audit_card(
    view: CardView,
    raw: dict[str, Any],
    ref: Reference,
    file: str,
    where: str,
    edition: str,
    result: Audit,
    relic: Relic | None,
) -> None:
    if relic is None:
        _audit_printed(view, raw, where, result)
    actions = {a.name.lower(): a for a in view.actions if not a.basic}
    if relic is None:
        traits = {t.name.lower(): t for t in (*view.keywords, *view.abilities)}
    else:
        source = f"{edition_of(edition).words.relic} {relic.name}"  # (1.0: its treasure)
        traits = {t.name.lower(): t for t in view.gained if t.source == source}
    for name in raw.get("abilities") or []:
        rows = ref.rows(file, "ability", name)
        if not rows:
            continue
        facts = [
            structs_replace(row_facts(r, edition), ref.explained(file, r.get("text") or ""))
            for r in rows
        ]
        label = f"{where} {name}"
        action = actions.get(_clean(name).lower())
        trait = traits.get(_clean(name).lower())
        if action is None and trait is None:
            continue  # not on the card: the content's card lists (checked elsewhere)
        result.checked += 1
        if relic is not None and action is not None:
            action = action if f"From {source}." in action.notes else None
        shown = _shown(action, trait)
        found = [_differences(f, action, shown) for f in facts]
        best = min(found, key=len)
        distinct = {f.key() for f in facts}
        if len(distinct) > 1:
            result.ambiguous.append(f"{label}: " + " | ".join(f.text for f in facts))
        if best:
            result.mismatches.extend(f"{label}: {d}" for d in best)
    for name in raw.get("keywords") or []:
        rows = ref.rows(file, "keyword", name)
        trait = traits.get(_clean(name).lower())
        if not rows or trait is None:
            continue
        result.checked += 1
        options = {dice_tokens(r.get("text") or "") for r in rows}
        shown = dice_tokens(trait.text)
        if len(options) > 1:
            result.ambiguous.append(
                f"{where} {name}: " + " | ".join(" ".join(o) or "-" for o in sorted(options))
            )
        if shown not in options:
            expect = " ".join(sorted(options)[0]) or "-"
            result.mismatches.append(
                f"{where} {name}: dice app={' '.join(shown) or '-'} reference={expect}"
            )


STAT_NAMES = {"MOVE": "MOVE", "AP": "AP", "STR": "STR", "ATT": "ATT", "ARM": "ARM"}


def _audit_printed(view: CardView, raw: dict[str, Any], where: str, result: Audit) -> None:
    """The stat line and the basic attacks (1 AP, the stat, the range) as printed."""
    printed = {f.stat: f.base for f in view.stats}
    for stat, value in (raw.get("stats") or {}).items():
        if value is None or stat not in ("MOVE", "AP", "STR", "ATT", "ARM", "WILL", "DEX"):
            continue
        result.checked += 1
        shown = printed.get(stat)
        same = shown is not None and (
            str(shown) == str(value) or Dice.parse(str(shown)) == Dice.parse(str(value))
            if stat not in ("MOVE", "AP")
            else shown == str(value)
        )
        if not same:
            result.mismatches.append(f"{where} {stat}: app={shown} reference={value}")
    basic = sorted((a.rolls or "", a.range or 0, a.ap or 0) for a in view.actions if a.basic)
    wanted = sorted((o["attribute"], o["range"], 1) for o in raw.get("offense") or [])
    result.checked += 1
    stats = [o["attribute"] for o in raw.get("offense") or []]
    if len(set(stats)) < len(stats):  # a stat twice: one attack per stat, the second's is lost
        result.ambiguous.append(f"{where} basic attacks: the reference repeats {stats}")
        basic = sorted(("", n, ap) for _, n, ap in basic)
        wanted = sorted(("", n, ap) for _, n, ap in wanted)
    if basic != wanted:
        result.mismatches.append(f"{where} basic attacks: app={basic} reference={wanted}")


def _clean(name: str) -> str:
    return re.sub(r"\s+", " ", name).strip()


def _shown(action: Any, trait: Any) -> str:
    if action is not None:
        return action.text
    return trait.text if trait is not None else ""


def _differences(facts: Row, action: Any, text: str) -> list[str]:
    """What the app shows that differs from one reference row."""
    out: list[str] = []
    if facts.cost is not None:
        if action is None:
            out.append(f"cost app=not an action reference={facts.cost} {facts.pays}")
        else:
            pays = "Potion" if getattr(action, "pays", "AP") == "Potion" else "AP"
            if (action.ap, pays) != (facts.cost, facts.pays):
                out.append(f"cost app={action.ap} {pays} reference={facts.cost} {facts.pays}")
    if action is not None:
        if (action.roll is not None) != (facts.rolls is not None):
            app = action.rolls if action.roll is not None else "no roll"
            out.append(f"roll app={app} reference={facts.rolls or 'no roll'}")
        elif facts.rolls is not None and action.rolls != facts.rolls:
            out.append(f"rolled stat app={action.rolls} reference={facts.rolls}")
        wrong_range = facts.range is not None and action.range != facts.range
        if wrong_range and facts.rolls is not None and (facts.range, action.range) != (0, None):
            out.append(f"range app={action.range} reference={facts.range}")
    shown_areas = areas(text)
    if shown_areas != facts.areas:
        app, ref = ", ".join(shown_areas) or "-", ", ".join(facts.areas) or "-"
        out.append(f"area app={app} reference={ref}")
    shown = list(dice_tokens(text))
    own = getattr(action.roll, "added", []) if action is not None and action.roll else []
    own_dice = next((a.dice for a in own if a.reason == "the ability's own dice"), None)
    if own_dice is not None and not _in_text(own_dice, shown):
        shown += list(dice_tokens(str(own_dice)))
    shown_set = set(shown)
    if not (set(facts.dice) <= shown_set <= set(facts.dice) | set(facts.explained)):
        out.append(
            f"dice app={' '.join(sorted(shown)) or '-'} reference={' '.join(facts.dice) or '-'}"
        )
    return out


def _in_text(dice: Dice, tokens: list[str]) -> bool:
    return all(t in tokens for t in dice_tokens(str(dice)))


def main() -> None:
    from consul_app.content.loader import load_dirs
    from tests.content.test_own_words import reference_dir

    root = Path(__file__).resolve().parents[2]
    reference = reference_dir()
    if reference is None:
        raise SystemExit("the reference is not beside the clone (set CONSUL_REFERENCE)")
    result = audit(load_dirs([root / "data"]), reference)
    for line in result.mismatches:
        print(line)
    print(f"{len(result.mismatches)} mismatches, {result.checked} checked")
    print("ambiguous:")
    for line in result.ambiguous:
        print(" ", line)


if __name__ == "__main__":
    main()
