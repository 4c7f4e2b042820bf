"""The top bar keeps one height through a whole turn, so the panes below it never jump when a
step opens or closes (asserted on the widgets' regions, at both sizes)."""

from __future__ import annotations

from pathlib import Path

import pytest

from consul_app.content import ContentPack

from .scenarios import SMALL, WIDE, KeyConsul, new_table


@pytest.mark.parametrize("size", [WIDE, SMALL], ids=["120x40", "80x24"])
async def test_the_top_bar_and_the_panes_keep_their_place_through_turns(
    content: ContentPack, size: tuple[int, int], tmp_path: Path
) -> None:
    app = new_table(content, tmp_path)
    async with app.run_test(size=size) as pilot:
        consul = KeyConsul(pilot)
        table = consul.table
        bar = table.query_one("#next-step")
        first = bar.region
        seen_steps = set()
        for _ in range(60):  # the first turns: power-up steps open and close, dialogs come
            await consul.move()
            await pilot.pause()
            if app.screen is not table:
                continue
            step = consul.step()
            seen_steps.add(step.key if step else None)
            assert bar.region == first, f"the bar moved at {step.key if step else 'play'}"
            if consul.state.turn >= 3:
                break
        assert consul.state.turn >= 3
        assert None in seen_steps and len(seen_steps) >= 4  # play and several steps were seen
