"""The game's story: a summary when the game ends (or on `T`), with small plots of the boss's
wounds, the chart and the monsters, drawn by plotext."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static
from textual_plotext import PlotextPlot

from consul_app.rules import Story, story_sections
from consul_app.tui.widgets.footer import Footer
from consul_app.tui.widgets.monster_bars import MonsterBars

WIDE = 110
"""From this width up the plots stand beside the words; below it, above them."""


class SummaryScreen(Screen[None]):
    """The story in words on the left, its plots on the right; Esc goes back to the table."""

    BINDINGS = [Binding("escape,T", "dismiss", "Back to the table", id="summary.back")]

    DEFAULT_CSS = """
    SummaryScreen #summary-body {
        height: 1fr;
    }
    SummaryScreen #summary-text {
        width: 1fr;
        padding: 0 1;
    }
    SummaryScreen #summary-plots {
        width: 1fr;
    }
    SummaryScreen PlotextPlot {
        height: 1fr;
    }
    /* Small terminals: each plot at a readable height, then the words, in one scroll. */
    SummaryScreen.-compact PlotextPlot {
        height: 12;
    }
    """

    def __init__(self, story: Story) -> None:
        super().__init__()
        self.story = story

    def compose(self) -> ComposeResult:
        story = self.story
        yield Static(
            Text.assemble(("The game's story: ", "bold"), story.result), id="summary-title",
            classes="title-bar",
        )
        plots: list[Widget] = [PlotextPlot(id="plot-wounds")]
        if story.positions:
            plots.append(PlotextPlot(id="plot-chart"))
        plots.append(MonsterBars(story.spawned, story.destroyed, id="monster-bars"))
        words = Static(_told(story), id="summary-text")
        if self.app.size.width < WIDE:  # one scroll: the plots, then the words
            self.add_class("-compact")
            with VerticalScroll(id="summary-body"):
                yield from plots
                yield words
        else:
            with Horizontal(id="summary-body"):
                with VerticalScroll():
                    yield words
                with Vertical(id="summary-plots"):
                    yield from plots
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#summary-body").focus()
        story = self.story
        turns = list(range(1, story.turns + 1))
        wounds = self.query_one("#plot-wounds", PlotextPlot).plt
        wounds.plot(turns, story.wounds, marker="braille")
        wounds.hline(story.timeout_at, "red")
        wounds.ylim(0, story.hearts)
        wounds.yticks(with_tick(whole_ticks(story.hearts, 0), story.timeout_at))
        wounds.xticks(whole_ticks(story.turns))
        wounds.title(f"Boss wounds by {story.turn_word.lower()} (line: timeout)")
        if story.positions:
            chart = self.query_one("#plot-chart", PlotextPlot).plt
            chart.plot(turns, story.positions, marker="braille")
            chart.ylim(0, story.chart_spaces)
            chart.yticks(whole_ticks(story.chart_spaces, 0))
            chart.xticks(whole_ticks(story.turns))
            chart.title(f"{story.step_word.capitalize()} reached by {story.turn_word.lower()}")


def whole_ticks(last: int, first: int = 1, most: int = 6) -> list[int]:
    """At most `most` whole-number ticks from `first` to `last` (turns and wounds come whole),
    `last` always among them."""
    if last <= first:
        return [first]
    step = -(-(last - first) // (most - 1))
    ticks = list(range(first, last + 1, step))
    if ticks[-1] == last:
        return ticks
    if last - ticks[-1] < step / 2:
        ticks.pop()  # too close to `last` to read apart
    return [*ticks, last]

def with_tick(ticks: list[int], mark: int) -> list[int]:
    """`ticks` with `mark` among them (the timeout: its line is then drawn on the row its
    figure labels, which a plot with no whole row per wound may not give an unlabelled value),
    without those next to it (two labels on one row)."""
    return sorted({t for t in ticks if abs(t - mark) > 1} | {mark})


def _told(story: Story) -> Group:
    lines: list[Text] = []
    for heading, items in story_sections(story):
        lines.append(Text(heading, "bold underline"))
        lines += [Text(f"- {item}") for item in items]
        lines.append(Text(""))
    lines.append(Text("Esc: back to the table", "italic"))
    return Group(*lines)
