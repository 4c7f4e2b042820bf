"""The game's story: a summary when the game ends (or on `T`), with small plots of the boss's
wounds, the chart and the monsters, drawn by plotext."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static
from textual_plotext import PlotextPlot

from consul_app.rules import Story, story_sections

WIDE = 110
"""From this width up the plots stand beside the words; below it, above them."""


class SummaryScreen(Screen[None]):
    """The story in words on the left, its plots on the right; Esc goes back to the table."""

    BINDINGS = [Binding("escape,T", "dismiss", "Back to the table", id="summary.back")]

    DEFAULT_CSS = """
    SummaryScreen #summary-title {
        height: auto;
        padding: 0 1;
        background: $boost;
        border-bottom: solid $primary;
    }
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
        yield Static(
            Text.assemble(("The game's story: ", "bold"), self.story.result), id="summary-title"
        )
        plots = [PlotextPlot(id="plot-wounds"), PlotextPlot(id="plot-monsters")]
        if self.story.positions:
            plots.insert(1, PlotextPlot(id="plot-chart"))
        words = Static(_told(self.story), id="summary-text")
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
        wounds.title(f"Boss wounds by {story.turn_word.lower()} (line: timeout)")
        if story.positions:
            chart = self.query_one("#plot-chart", PlotextPlot).plt
            chart.plot(turns, story.positions, marker="braille")
            chart.ylim(0, story.chart_spaces)
            chart.title(f"Chart space reached by {story.turn_word.lower()}")
        monsters = self.query_one("#plot-monsters", PlotextPlot).plt
        names = list(dict.fromkeys([*story.spawned, *story.destroyed]))
        if names:
            monsters.multiple_bar(
                names,
                [
                    [story.spawned.get(n, 0) for n in names],
                    [story.destroyed.get(n, 0) for n in names],
                ],
                labels=["spawned", "destroyed"],
                marker=["sd", "x"],  # told apart by their marks too, not by colour alone
                orientation="horizontal",
            )
        monsters.title("Monsters spawned and destroyed")


def _told(story: Story) -> Group:
    lines: list[Text] = []
    for heading, items in story_sections(story):
        lines.append(Text(heading, "bold underline"))
        lines += [Text(f"- {item}") for item in items]
        lines.append(Text(""))
    lines.append(Text("Esc: back to the table", "italic"))
    return Group(*lines)
