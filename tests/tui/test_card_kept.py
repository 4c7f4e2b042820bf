"""Issue 23 (`c` within 1.5x a no-op key): a card opened again in the same state is the card
drawn the last time (the engine's view and its lines), and never once the game has changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from consul_app.content import ContentPack
from consul_app.rules import RuleError, card, default_setup, new_game
from consul_app.tui.card_views import CardViews
from consul_app.tui.screens.card import CardScreen
from consul_app.tui.widgets.card_body import KEEP, CardBody
from consul_app.tui.widgets.pool import PoolTable

from .helpers import text, until
from .scenarios import WIDE, bonus_taken_app


def test_a_card_is_computed_once_a_state(content: ContentPack) -> None:
    """The same pack, state and model: the same view object; another state, another
    view (computed anew); an unknown model's error every time, never remembered."""
    pack = content.edition("sde2")
    state = new_game(pack, default_setup(pack))
    views = CardViews()
    first = views.card(pack, state, "duskweaver-acolyte")
    assert views.card(pack, state, "duskweaver-acolyte") is first
    assert first == card(pack, state, "duskweaver-acolyte")
    assert views.card(pack, state, "leaping-spider") != first
    again = new_game(pack, default_setup(pack))
    assert views.card(pack, again, "duskweaver-acolyte") is not first
    for _ in range(2):
        with pytest.raises(RuleError):
            views.card(pack, again, "no-such-model")


async def test_a_card_opened_again_is_not_drawn_again_until_the_game_changes(
    content: ContentPack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`c` twice on a monster in the same state renders its lines once; after an undo (the
    offense bonus taken back) the card is drawn anew and says what the game says now."""
    app = bonus_taken_app(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        table = app.screen
        table.query_one(PoolTable).focus()
        rendered: list[int] = []
        render_at = CardBody._render_at

        def counted(body: CardBody, renderable: object, width: int, style: object) -> object:
            rendered.append(width)
            return render_at(body, renderable, width, style)  # type: ignore[arg-type]

        monkeypatch.setattr(CardBody, "_render_at", counted)

        async def open_card() -> str:
            await pilot.press("c")
            await until(pilot, lambda: bool(app.screen.query(CardBody)), "the card")
            shown = text(app.screen.query_one(CardBody), width=100)
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is table, "the table")
            return shown

        bonus = "+1ST chart space 2, Bonus Offensive Rolls"
        first = await open_card()
        assert bonus in first and rendered
        rendered.clear()
        assert await open_card() == first
        assert rendered == []
        await pilot.press("u")  # (the bonus taken back)
        await until(pilot, lambda: not table.session.state.bonuses, "the undo")
        after = await open_card()
        assert rendered and bonus not in after


async def test_the_kept_lines_are_those_of_the_last_cards_only(
    content: ContentPack, tmp_path: Path
) -> None:
    """At most `KEEP` cards' lines are kept (the oldest let go first)."""
    app = bonus_taken_app(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        table = app.screen
        pack, state = table.session.pack, table.session.state
        table.show_card("duskweaver-acolyte")
        await until(pilot, lambda: bool(app.screen.query(CardBody)), "the card")
        body = app.screen.query_one(CardBody)
        views = [card(pack, state, "duskweaver-acolyte") for _ in range(KEEP + 3)]
        for view in views:
            body.show(view.name, kept_as=view)
        assert len(body._kept) == KEEP
        assert [kept.shown for kept in body._kept.values()] == views[-KEEP:]


async def test_the_card_under_the_cursor_is_drawn_ahead(
    content: ContentPack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once the pool's cursor has rested on a row (`CARD_AHEAD`), its card in this state is
    drawn ahead: `c` shows it without drawing it, the right card (after the first card, which
    composes the card screen and gives it its room)."""
    app = bonus_taken_app(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        table = app.screen
        pool = table.query_one(PoolTable)
        pool.focus()
        await pilot.press("c")
        await until(pilot, lambda: bool(app.screen.query(CardBody)), "the first card")
        body = app.screen.query_one(CardBody)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is table, "the table")
        drawn: list[object] = []
        render_at = CardBody._render_at

        def counted(body: CardBody, renderable: object, width: int, style: object) -> object:
            drawn.append(app.screen)
            return render_at(body, renderable, width, style)  # type: ignore[arg-type]

        monkeypatch.setattr(CardBody, "_render_at", counted)
        for _ in range(2):
            await pilot.press("down")
            monster = pool.highlighted()
            await until(pilot, lambda: bool(drawn), "the card drawn ahead")
            assert set(drawn) == {table}  # (drawn while the table is shown)
            drawn.clear()
            await pilot.press("c")
            await until(pilot, lambda: app.screen is body.screen, "the card")
            screen = body.screen
            assert isinstance(screen, CardScreen) and screen.view is not None
            assert screen.view == card(table.session.pack, table.session.state, monster)
            assert drawn == []
            assert [line.text for line in body.lines][0].startswith(screen.view.name)
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is table, "the table")


async def test_no_card_is_drawn_ahead_while_the_panes_are_composed_anew(
    content: ContentPack, tmp_path: Path
) -> None:
    """The card drawn ahead once the cursor rests finds no pool while a resize composes the
    panes anew (the pool removed): it draws none, and the table goes on."""
    app = bonus_taken_app(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        table = app.screen
        await table.query_one(PoolTable).remove()
        table._prepare_card()
        await pilot.pause()
        assert app.screen is table and app.is_running


async def test_no_card_is_drawn_ahead_once_the_card_screen_is_taken_apart(
    content: ContentPack, tmp_path: Path
) -> None:
    """As the app closes, the card screen's widgets go before the table's timers stop: a card
    drawn ahead then finds no card body (it raised NoMatches under load) and draws none."""
    app = bonus_taken_app(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        table = app.screen
        table.query_one(PoolTable).focus()
        await pilot.press("c")
        await until(pilot, lambda: bool(app.screen.query(CardBody)), "the card")
        card_screen = app.screen
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is table, "the table")
        await card_screen.query_one(CardBody).remove()
        table._prepare_card()
        await pilot.pause()
        assert app.screen is table and app.is_running
