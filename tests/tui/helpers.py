"""Reading the screen in tests: a pane's whole text (scrolled out or not), the notifications;
waiting for what the app does after a refresh."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from io import StringIO
from typing import Any

from rich.console import Console
from textual.app import App
from textual.content import Content
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import OptionList, Static

from consul_app.tui.widgets.card_body import CardBody
from consul_app.tui.widgets.choice_list import ChoiceList


def text(widget: Widget, width: int = 200) -> str:
    """The plain text of a Static (or a card's body), or of every Static and card body inside
    `widget`, one after the other."""
    shown = (Static, CardBody)
    found = [widget] if isinstance(widget, shown) else list(widget.query("Static, CardBody"))
    return "\n".join(
        _plain(w.renderable if isinstance(w, CardBody) else w.content, width) for w in found
    )


def _plain(content: object, width: int) -> str:
    if isinstance(content, Content | str):
        return str(content)
    console = Console(width=width, file=StringIO(), color_system=None, record=True)
    console.print(content)
    return console.export_text()


def notes(app: App[Any]) -> list[str]:
    """Every notification shown so far, as "title: message" (also those whose timeout has
    gone by: the `shown` that conftest keeps)."""
    return [f"{n.title}: {n.message}" for n in vars(app._notifications).get("shown", [])]


def options(option_list: OptionList | ChoiceList) -> str:
    """The text of every option of a list, one per line."""
    if isinstance(option_list, ChoiceList):
        return "\n".join(option_list.prompts())
    return "\n".join(
        str(option_list.get_option_at_index(n).prompt) for n in range(option_list.option_count)
    )


async def until(
    pilot: Pilot[Any],
    condition: Callable[[], bool],
    what: str = "the app never got there",
    deadline: float = 30.0,
) -> None:
    """Let the app run until `condition()` holds; fail after `deadline` seconds saying `what`."""
    end = time.monotonic() + deadline
    while not condition():
        assert time.monotonic() < end, f"{what} after {deadline} s"
        await pilot.pause(0.02)


QUIET = 0.3
"""No frame for this long: the screen has settled."""


async def settled(frames: list[Any], deadline: float = 30.0) -> None:
    """Until no frame has been added to `frames` (a test's record of the drawn frames) for
    `QUIET` seconds."""
    end = time.monotonic() + deadline
    while True:
        seen = len(frames)
        await asyncio.sleep(QUIET)
        if len(frames) == seen:
            return
        assert time.monotonic() < end, "the screen never settled"
