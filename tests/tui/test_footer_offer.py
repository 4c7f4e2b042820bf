"""The footer offers what Textual's `Screen.active_bindings` would (the keys shown, one per
action, enabled or not), at every moment of a game and wherever the focus is; and a change of
what the table offers (its `e` in the power-up phase) costs the footer no walk of every
binding: only the keys it may show are asked about."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Input

from consul_app.content import ContentPack
from consul_app.rules import default_setup
from consul_app.tui.screens.table import TableScreen
from consul_app.tui.widgets.footer import Footer

from .helpers import until
from .scenarios import SMALL, WIDE, idle, make_app, play_saved


def textuals(screen: Screen[Any], footer: Footer) -> list[tuple[str, str, str, bool]]:
    """The keys Textual's `active_bindings` shows (its own footer's rule: one per action)."""
    shown: list[tuple[str, str, str, bool]] = []
    actions: set[str] = set()
    for _, binding, enabled, _ in screen.active_bindings.values():
        if binding.show and binding.action not in actions:
            actions.add(binding.action)
            display = screen.app.get_key_display(binding)
            shown.append((binding.key, display, binding.description, enabled))
    return shown


def ours(footer: Footer) -> list[tuple[str, str, str, bool]]:
    return [tuple(key) for key in footer.keys]  # type: ignore[misc]


@pytest.mark.parametrize("size", [WIDE, SMALL], ids=["120x40", "80x24"])
async def test_the_table_footer_offers_what_textual_would(
    content: ContentPack, tmp_path: Path, size: tuple[int, int]
) -> None:
    save = tmp_path / "game.jsonl"
    play_saved(content, save, default_setup(content.edition("sde2")), idle(lambda p, s: True))
    app = make_app(content, save)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        footer = table.query_one(Footer)
        await until(pilot, lambda: bool(footer.keys))
        assert ours(footer) == textuals(table, footer)
        await pilot.press("e")  # the power-up phase: `e` is not offered
        await until(pilot, lambda: "e" not in {key.key for key in footer.keys})
        assert ours(footer) == textuals(table, footer)
        for pane in "1345":  # the focus on other panes (and their tabs at 80x24)
            await pilot.press(pane)
            await pilot.pause()
            assert ours(footer) == textuals(table, footer), pane
        await pilot.press("u")  # undone: `e` is back
        await until(pilot, lambda: "e" in {key.key for key in footer.keys})
        assert ours(footer) == textuals(table, footer)


async def test_an_offer_that_changes_walks_no_bindings(
    content: ContentPack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table's `e` hidden and shown again (`refresh_bindings`): the footer asks about the
    keys it may show, not Textual's `active_bindings` (every binding of the focused widget,
    the screen and the app, each action parsed and checked: half of what `e` cost beyond a
    no-op key)."""
    save = tmp_path / "game.jsonl"
    play_saved(content, save, default_setup(content.edition("sde2")), idle(lambda p, s: True))
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        await until(pilot, lambda: bool(footer.keys))
        walks: list[Screen[Any]] = []
        walk = Screen.active_bindings.fget  # type: ignore[attr-defined]
        monkeypatch.setattr(
            Screen, "active_bindings", property(lambda s: walks.append(s) or walk(s))
        )
        await pilot.press("e")
        await until(pilot, lambda: "e" not in {key.key for key in footer.keys})
        await pilot.press("u")
        await until(pilot, lambda: "e" in {key.key for key in footer.keys})
        assert walks == []


class _Offers(Screen[None]):
    """A screen whose `e` comes and goes, and an input that consumes typed letters."""

    BINDINGS = [
        Binding("e", "end", "End"),
        Binding("x", "cut", "Cut"),
        Binding("y", "yank", "Yank", show=False),
    ]
    offered = True

    def compose(self) -> ComposeResult:
        yield Input()
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "end":
            return self.offered
        return None if action == "cut" else True


class _Near(Input):
    """An input with its own binding of `x`, shown: the nearest answers it."""

    BINDINGS = [Binding("x", "near", "Near x")]


async def test_the_footer_follows_focus_keymap_and_offers() -> None:
    class Offers(App[None]):
        def on_mount(self) -> None:
            self.push_screen(_Offers())

    app = Offers()
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, _Offers)
        footer = screen.query_one(Footer)
        screen.set_focus(None)
        await pilot.pause()
        assert ours(footer) == textuals(screen, footer)
        assert ("x", "x", "Cut", False) in ours(footer)  # None: shown, disabled
        screen.offered = False
        screen.refresh_bindings()
        await pilot.pause()
        assert "e" not in [key[0] for key in ours(footer)]
        assert ours(footer) == textuals(screen, footer)
        screen.query_one(Input).focus()  # the input consumes letters: no e, x, y
        await pilot.pause()
        assert ours(footer) == textuals(screen, footer)
        assert not {"e", "x"} & {key[0] for key in ours(footer)}
        screen.set_focus(None)
        screen.offered = True
        app.set_keymap({})  # a new keymap: the chain is read again
        await pilot.pause()
        assert ours(footer) == textuals(screen, footer)
        assert "e" in [key[0] for key in ours(footer)]
        near = _Near()
        await screen.mount(near, before=footer)
        near.focus()
        await pilot.pause()
        assert ours(footer) == textuals(screen, footer)
