"""The cards at the table: a model's card (pool row, mini-boss, boss, palette), the boss's card
in the Boss pane with its relics applied, the lookup, the relic dialog's slots, and no stat or
dice figure cut at 120x40 or 80x24. The figures checked come from the engine's card view: the
screen only lays them out."""

from __future__ import annotations

from pathlib import Path

from msgspec.structs import replace
from textual.widgets import Input, OptionList, Static

from consul_app.content import ContentPack
from consul_app.rules import ROLL_MARKS, CardView, card, default_setup, stat_lines
from consul_app.tui.screens.card import CardScreen
from consul_app.tui.screens.help import HelpScreen
from consul_app.tui.screens.lookup import LookupScreen
from consul_app.tui.screens.pick_many import PickManyScreen
from consul_app.tui.screens.pick_one import PickOneScreen
from consul_app.tui.screens.table import TableScreen
from consul_app.tui.widgets.card_body import CardBody
from consul_app.tui.widgets.pool import MARK, PoolTable, _fitted

from .helpers import notes, options, text, until
from .scenarios import (
    SMALL,
    WIDE,
    boss_with_relic,
    make_app,
    offense_bonus_taken,
    play_saved,
    step_is,
)


def _save(content: ContentPack, tmp_path: Path, goal, **setup: object) -> Path:  # noqa: ANN001
    save = tmp_path / "game.jsonl"
    base = default_setup(content.edition("sde2"))
    play_saved(content, save, replace(base, **setup), goal)
    return save


def _table(app: object) -> TableScreen:
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, TableScreen), screen
    return screen


def _lines(widget: Static) -> list[str]:
    """The widget's text as laid out at its own width."""
    return text(widget, width=widget.content_region.width).splitlines()


def _body_lines(body: CardBody) -> list[str]:
    """A card's lines as drawn (each as wide as its body's text: the scrollbar is beside)."""
    return [line.text for line in body.lines]


def _figures(view: CardView) -> list[str]:
    """Every stat and dice figure of a card: the stat line, each roll, what it comes to, each
    added die."""
    figures = [figure.text for figure in view.stats]
    rolls = [a.roll for a in view.actions if a.roll is not None] + view.defense
    for roll in rolls:
        figures.append(roll.text)
        if roll.added:
            figures.append(f"= {roll.total}")
        figures += [a.text.split(":")[0] for a in roll.added]
    return figures


def _uncut(figures: list[str], lines: list[str], width: int) -> None:
    """Each figure stands whole on one line, and no line is wider than the widget."""
    assert all(len(line.rstrip()) <= width for line in lines), lines
    for figure in figures:
        assert any(figure in line for line in lines), (figure, lines)


def _card_screen(app: object) -> CardScreen:
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, CardScreen), screen
    return screen


def _card_text(app: object) -> str:
    return text(_card_screen(app).query_one(CardBody), width=100)


async def test_the_card_of_a_will_attacker_has_its_offense_bonus_on_will(
    content: ContentPack, tmp_path: Path
) -> None:
    """Duskweaver Acolyte attacks with WILL: "+1ST offense" goes to its magic attack's WILL
    roll (with its reason), never to STR or DEX, which it does not attack with."""
    app = make_app(content, _save(content, tmp_path, offense_bonus_taken))
    async with app.run_test(size=WIDE) as pilot:
        table = _table(app)
        assert table.query_one(PoolTable).highlighted() == "duskweaver-acolyte"
        await pilot.press("c")
        body = _card_text(app)
        assert "Magic attack   1 AP   range 6   WILL vs ARM" in body
        assert "rolls WILL 2R +1ST = 1ST 2R" in body
        assert "+1ST chart space 2, Bonus Offensive Rolls" in body
        assert "STR 1B +1ST" not in body and "DEX 3B +1ST" not in body
        view = card(table.session.pack, table.session.state, "duskweaver-acolyte")
        for figure in _figures(view):
            assert figure in body
        for trait in [*view.keywords, *view.gained]:
            assert f"{trait.name}" in body and trait.text.split()[0] in body
        await pilot.press("escape")
        assert app.screen is table


async def test_enter_on_a_pool_row_opens_its_card_when_nothing_is_due(
    content: ContentPack, tmp_path: Path
) -> None:
    app = make_app(content, _save(content, tmp_path, offense_bonus_taken))
    async with app.run_test(size=WIDE) as pilot:
        table = _table(app)
        assert table.current_step() is None
        done = len(table.session.history)
        await pilot.press("down", "enter")
        assert _card_screen(app).view.id == "leaping-spider"
        await pilot.press("c")  # c closes it as well
        assert app.screen is table
        await pilot.press("4", "enter")  # in the Boss pane: the boss's card
        assert _card_screen(app).view.id == table.session.state.setup.boss
        await pilot.press("escape")
        assert len(table.session.history) == done  # Enter did nothing else


async def test_the_mini_boss_card_of_drusilla_demonica(
    content: ContentPack, tmp_path: Path
) -> None:
    """B with no mini-boss on the dungeon and one brought to the game opens its card (no list
    of one to pick from); Drusilla attacks WILL at range 5."""
    save = _save(content, tmp_path, offense_bonus_taken, mini_bosses=["drusilla-demonica"])
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("B")
        await until(pilot, lambda: isinstance(app.screen, CardScreen), "the card")
        body = _card_text(app)
        assert "Drusilla Demonica" in body
        assert "Magic attack   1 AP   range 5   WILL vs ARM" in body
        assert "rolls WILL 3R +1ST = 1ST 3R" in body


async def test_the_boss_pane_shows_the_boss_card_with_its_relic(
    content: ContentPack, tmp_path: Path
) -> None:
    """In the fight the Boss pane has the boss's stat line and attacks, Cursed Staff's +1 AP
    applied; b opens the whole card, which names the relic as the reason and gains no chart
    bonus."""
    app = make_app(content, _save(content, tmp_path, boss_with_relic))
    async with app.run_test(size=WIDE) as pilot:
        table = _table(app)
        state = table.session.state
        assert state.boss.relics == ["cursed-staff"]
        view = card(table.session.pack, state, state.setup.boss)
        boss = table.query_one("#boss .model", Static)
        lines = _lines(boss)
        assert any("AP 4 +1 = 5" in line for line in lines), lines
        pool = table.query_one(PoolTable)  # at 120x40 too, the pool fits: nothing is cut
        assert 0 < pool.virtual_size.width <= pool.scrollable_content_region.width
        rolls = [a.roll.text for a in view.actions if a.roll is not None]
        _uncut([f.text for f in view.stats] + rolls, lines, boss.content_region.width)
        await pilot.press("b")
        body = _card_text(app)
        assert "+1 relic Cursed Staff" in body
        assert "Cursed Staff [Right]: +1 AP. (+1 AP)" in body
        assert "chart space" not in body  # the boss gains no chart bonus
        assert "The dungeon boss gains no Mighty Monster bonus" in body


async def test_status_effects_on_the_boss_change_its_figures_in_the_pane_and_the_card(
    content: ContentPack, tmp_path: Path
) -> None:
    """QA: with Poison on the boss the pane still said "AP 4". Poison: 'One action point fewer,
    but never below 1.'; Slow: 'Half movement points, rounded up.'; Hex: 'Drop the best die of
    each offense roll.' The pane's stat line and rolls, and the whole card (b), say so."""
    app = make_app(content, _save(content, tmp_path, boss_with_relic))
    async with app.run_test(size=WIDE) as pilot:
        table = _table(app)
        for status in ("Poison", "Slow", "Hex"):
            await pilot.press("s")
            assert isinstance(app.screen, PickOneScreen)
            shown = options(app.screen.query_one(OptionList))
            number = next(n for n in range(1, 10) if f"{n}. {status}" in shown)
            await pilot.press(str(number))
            assert app.screen is table
        boss = table.query_one("#boss .model", Static)
        pane = " ".join(_lines(boss))
        figures = ["MOVE 6 Slow = 3", "AP 4 +1 -1 Poison = 4", "drop the best die (Hex)"]
        for figure in figures:
            assert figure in pane
        assert "Status effects: Poison, Slow, Hex" in text(table.query_one("#boss .status"))
        await pilot.press("b")
        body = _card_text(app)
        for figure in [*figures, "rolls STR 2R drop the best die (Hex)"]:
            assert figure in body
        assert "-1 status effect Poison, never below 1" in body
        assert "Status effects it suffers" in body


async def test_the_lookup_finds_a_keyword_by_three_letters(
    content: ContentPack, tmp_path: Path
) -> None:
    app = make_app(content, _save(content, tmp_path, offense_bonus_taken))
    async with app.run_test(size=WIDE) as pilot:
        table = _table(app)
        await pilot.press("slash", "s", "u", "r")
        screen = app.screen
        assert isinstance(screen, LookupScreen)
        hit = screen.highlighted()
        assert hit is not None and (hit.kind, hit.name) == ("keyword", "Surefoot")
        shown = text(screen.query_one("#lookup-text Static", Static))
        assert table.session.pack.keywords["surefoot"].text in shown.replace("\n", " ")
        await pilot.press("enter")  # a keyword has no card
        assert app.screen is screen
        for _ in "sur":
            await pilot.press("backspace")
        await pilot.press(*"zzq")
        assert screen.query_one(OptionList).option_count == 0
        assert "Nothing is called 'zzq'." in text(screen.query_one("#lookup-text Static", Static))
        screen.query_one(Input).value = "duskw"
        await pilot.pause()
        assert screen.highlighted().id == "duskweaver-acolyte"  # type: ignore[union-attr]
        await pilot.press("enter")
        assert _card_screen(app).view.name == "Duskweaver Acolyte"
        await pilot.press("escape", "escape")
        assert app.screen is table


async def test_at_80x24_no_stat_or_dice_figure_is_cut(content: ContentPack, tmp_path: Path) -> None:
    """The pool drops columns rather than cut one (it does not scroll sideways); the card and
    the Boss pane wrap between figures, never inside one."""
    app = make_app(content, _save(content, tmp_path, boss_with_relic))
    async with app.run_test(size=SMALL) as pilot:
        table = _table(app)
        pack, state = table.session.pack, table.session.state
        pool = table.query_one(PoolTable)
        await pilot.press("2")
        await pilot.pause()
        assert pool.virtual_size.width <= pool.scrollable_content_region.width
        rows = range(pool.row_count)
        cells = {str(cell).replace("\n", " ") for row in rows for cell in pool.get_row_at(row)}
        for monster in state.pool:  # (with the narrow marks, which the pool explains)
            for line in stat_lines(card(pack, state, monster), ROLL_MARKS):
                assert line.cell in cells
        budget = text(table.query_one("#pool .budget", Static))
        assert "All of them gained: Poison" in budget  # chart space 8, said once
        assert "* attack only" in budget
        await pilot.press("c")
        body = _card_screen(app).query_one(CardBody)
        width = body.virtual_size.width
        assert width < 80
        _uncut(_figures(_card_screen(app).view), _body_lines(body), width)
        await pilot.press("escape", "4")
        boss = table.query_one("#boss .model", Static)
        view = card(pack, state, state.setup.boss)
        rolls = [a.roll.text for a in view.actions if a.roll is not None]
        _uncut([f.text for f in view.stats] + rolls, _lines(boss), boss.content_region.width)
        await pilot.press("b")
        body = _card_screen(app).query_one(CardBody)
        _uncut(_figures(view), _body_lines(body), body.virtual_size.width)


async def test_a_defense_bonus_shows_on_arm_will_and_dex_in_the_pool(
    content: ContentPack, tmp_path: Path
) -> None:
    """README: 'A defense bonus applies to every defense roll (ARM, DEX or WILL).' QA: after
    "+1ST def", Leaping Spider's pool row had it on ARM only, its card on all three. A stat it
    also attacks with (Trapdoor Spider's DEX) marks the bonus as for its defense rolls only."""
    app = make_app(content, _save(content, tmp_path, step_is("choose-bonus")))
    async with app.run_test(size=SMALL) as pilot:
        table = _table(app)
        await pilot.press("enter")
        assert isinstance(app.screen, PickOneScreen)
        await pilot.press("down", "enter")
        assert [b.bonus for b in table.session.state.bonuses] == ["bonus-defensive-rolls"]
        await pilot.press("2")
        await pilot.pause()
        pool = table.query_one(PoolTable)
        columns = [str(c.value) for c in pool.columns]
        spider = dict(zip(columns, map(str, pool.get_row("leaping-spider")), strict=True))
        trapdoor = dict(zip(columns, map(str, pool.get_row("trapdoor-spider")), strict=True))
        assert (spider["ARM"], spider["WILL"], spider["DEX"]) == ("1ST +1ST", "3B +1ST", "3B +1ST")
        assert (trapdoor["STR"], trapdoor["DEX"]) == ("2B", "3B +1ST°")
        assert "° defense only" in text(table.query_one("#pool .budget", Static))
        await pilot.press("down", "c")
        assert _card_screen(app).view.id == "leaping-spider"
        body = _card_text(app)
        for figure in ("ARM 1ST +1ST = 2ST", "WILL 3B +1ST = 1ST 3B", "DEX 3B +1ST = 1ST 3B"):
            assert figure in body


async def test_the_relic_dialog_shows_the_slots_and_refuses_two_in_one(
    content: ContentPack, tmp_path: Path
) -> None:
    """A relic "takes up an equipment slot": two in one slot are refused with the engine's
    reason, and the dialog stays open until the Consul picks again."""
    app = make_app(content, _save(content, tmp_path, step_is("relics")))
    async with app.run_test(size=WIDE) as pilot:
        table = _table(app)
        pack = table.session.pack
        await pilot.press("enter")
        dialog = app.screen
        assert isinstance(dialog, PickManyScreen) and dialog.limit >= 2
        slots = [pack.relics[c.id].slot for c in dialog.choices]
        first = slots.index(slots[0], 0)
        second = slots.index(slots[0], first + 1)
        await pilot.press("space", *["down"] * (second - first), "space")
        count = text(dialog.query_one(".count", Static))
        names = [pack.relics[dialog.choices[n].id].name for n in (first, second)]
        assert f"Slots taken: {slots[0]}: {names[0]} + {names[1]}" in count
        assert f"Not allowed: {names[0]} and {names[1]} both take the {slots[0]} slot" in count
        await pilot.press("enter")
        assert app.screen is dialog
        assert notes(app)[-1].startswith("Not allowed: ")
        await pilot.press("space", "enter")  # untick the second one
        assert app.screen is table
        assert table.session.state.boss.relics == [dialog.choices[first].id]


async def test_the_palette_and_the_help_name_the_cards(
    content: ContentPack, tmp_path: Path
) -> None:
    app = make_app(content, _save(content, tmp_path, offense_bonus_taken))
    async with app.run_test(size=WIDE) as pilot:
        table = _table(app)
        commands = {c.title: c for c in app.get_system_commands(table)}
        for title in ("Card: Black-Handed Henry", "Card: Arachne", "Card: Duskweaver Acolyte"):
            assert title in commands
        assert "Look up" in commands
        commands["Card: Arachne"].callback()
        await pilot.pause()
        assert _card_screen(app).view.name == "Arachne"
        await pilot.press("escape", "question_mark")
        assert isinstance(app.screen, HelpScreen)
        keys = text(app.screen.query_one(Static))
        for line in ("Card of the selected monster", "The boss's card", "Look up"):
            assert line in keys
        assert "Close the card" in keys and "Close the lookup" in keys


def test_the_pool_drops_the_columns_that_matter_least() -> None:
    """Outside a spawn step skull points and bits go before hearts, MOVE and AP; in a spawn
    step they stay and the card's columns go; the dice stats always stay. Long names are cut
    (down to 13 letters) when that keeps a card's column. (No Gained column: nothing that only
    some gained.)"""
    columns = ["Monster", "Bits", "Sk", "Pool", "Board", "♥", "MOVE", "AP", "STR", "Gained"]
    rows = {"spider": ["Leaping Spider", "8B", "1", "3", "0", "1", "6", "1", "2B 1R", "-"]}
    cells = list(zip(columns, rows["spider"], strict=True))[:-1]
    wide = sum(max(len(c), len(v)) + 2 for c, v in cells) + len(MARK)  # (the cursor's mark)
    assert _fitted((columns, rows), wide, spawning=False)[0] == columns[:-1]
    narrower = _fitted((columns, rows), wide - 1, spawning=False)[0]
    assert narrower == [c for c in columns[:-1] if c != "Sk"]
    playing = _fitted((columns, rows), 48, spawning=False)[0]
    assert playing == ["Monster", "Pool", "Board", "♥", "MOVE", "STR"]
    # two cells more: the name is cut to 13 letters rather than AP dropped (its card has it)
    playing, cut = _fitted((columns, rows), 50, spawning=False)
    assert playing == ["Monster", "Pool", "Board", "♥", "MOVE", "AP", "STR"]
    assert cut["spider"][0] == "Leaping Spid…"
    spawning, cut = _fitted((columns, rows), 50, spawning=True)
    assert spawning == ["Monster", "Bits", "Sk", "Pool", "Board", "♥", "STR"]
    assert cut["spider"][0] == "Leaping Spid…"
    assert _fitted((columns, rows), 10, spawning=False)[0] == ["Monster", "Pool", "Board", "STR"]
    squeezed = _fitted((columns, rows), 38, spawning=True)[0]
    assert squeezed == ["Monster", "Sk", "Pool", "STR"]  # bits and the board went first


def test_the_boss_panes_short_card_names_a_relics_action_once(content: ContentPack) -> None:
    """Seen in a real terminal at 120x40: Black-Handed Henry with Icy Armor Potion listed
    "Soul Jar, Minty Fortress, Potion Stash 2, Potion Pirate, Minty Fortress" in the Boss pane:
    the potion the relic gives is an action of its card and what it gained, said once."""
    from consul_app.rules import new_game
    from consul_app.tui.card_layout import card_summary

    pack = content.edition("sde2")
    state = new_game(pack, replace(default_setup(pack), boss="black-handed-henry"))
    boss = replace(state.boss, spawned=True, relics=["icy-armor-potion"])
    view = card(pack, replace(state, boss=boss), "black-handed-henry")
    names = str(card_summary(view)[-1]).split(", ")
    assert "Minty Fortress" in names
    assert len(names) == len(set(names)), names
