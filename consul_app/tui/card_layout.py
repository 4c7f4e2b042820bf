"""How a model's card is laid out on screen, like the printed card: the stat line, each action
with the dice it rolls now (and why), the defense rolls, then keywords and abilities with their
texts. Layout only: every figure comes from the engine's card view (`rules.card`).

A stat or dice figure ("WILL 3R +1ST") is never split across lines: figures wrap as whole
units (`Figures`), and only prose (rule texts, reasons) wraps between words.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.text import Text
from textual.content import Content
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions

from consul_app.rules import Added, CardAction, CardView, RollView, Trait
from consul_app.tui import symbols
from consul_app.tui.rows import Lines, Stack, content, strip, wrap

GAP = 2
"""Spaces between two figures of a line."""
NOW = ("MOVE", "AP")
"""The figures a card says "= now" of when something changes them."""


class Figures(Lines):
    """Short figures side by side; a line breaks between two figures, never inside one. Drawn
    as a Rich renderable (a pane's group) or straight to lines (`Lines`: the card)."""

    def __init__(self, figures: Iterable[Text | str], *, gap: int = GAP, indent: int = 0) -> None:
        self.figures = [f if isinstance(f, Text) else Text(f) for f in figures if f]
        self.gap = gap
        self.indent = indent

    def lines(self, width: int) -> list[Text]:
        """The figures packed into lines of at most `width` cells (a figure wider than that
        stands alone on its line)."""
        lines: list[Text] = []
        line = Text(" " * self.indent)
        for figure in self.figures:
            filled = line.cell_len > self.indent
            if filled and line.cell_len + self.gap + figure.cell_len > width:
                lines.append(line)
                line = Text(" " * self.indent)
                filled = False
            if filled:
                line.append(" " * self.gap)
            line.append_text(figure)
        if line.cell_len > self.indent:
            lines.append(line)
        return lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines(options.max_width):
            line.no_wrap = True
            line.overflow = "ignore"
            yield line

    def content_lines(self, width: int) -> list[Content]:
        """`lines` as Content, cut at `width` as Rich cuts them."""
        return [content(line).truncate(width) for line in self.lines(width)]

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        return [strip(line, style) for line in self.content_lines(width)][:height]

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widths = [f.cell_len for f in self.figures] or [0]
        whole = sum(widths) + self.gap * (len(widths) - 1) + self.indent
        return Measurement(max(widths) + self.indent, whole)


class Hanging(Lines):
    """Prose indented by `indent` cells, its wrapped lines hanging under its first (lighter
    than a Rich table: a card is drawn at once). Drawn as a Rich renderable or as `Lines`."""

    def __init__(self, text: Text, *, indent: int = 2) -> None:
        self.text = text
        self.indent = indent

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(1, options.max_width - self.indent)
        for line in self.text.wrap(console, width):
            line = Text(" " * self.indent).append_text(line)
            line.no_wrap = True
            yield line

    def content_lines(self, width: int) -> list[Content]:
        """The lines, each cut at `width` as Rich cuts them."""
        indent = Content(" " * self.indent)
        lines = wrap(content(self.text), max(1, width - self.indent))
        return [(indent + line).truncate(width) for line in lines]

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        return [strip(line, style) for line in self.content_lines(width)][:height]


class Card(Stack):
    """A whole card's parts, one under the other, each line padded to the width (as
    `Visual.to_strips` pads, but as each line is made: not a second line made of each)."""

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        pad = (style + Style(reverse=False)).rich_style
        strips: list[Strip] = []
        for part in self.parts:
            if isinstance(part, Figures | Hanging):
                lines = part.content_lines(width)
            elif isinstance(part, Content):
                lines = wrap(part, width)
            else:
                strips += part.render_strips(width, None, style, options)
                continue
            for line in lines:
                segments = line.render_segments(style)
                if line.cell_length < width:
                    segments.append(Segment(" " * (width - line.cell_length), pad))
                strips.append(Strip(segments, max(width, line.cell_length)))
        return strips[:height]

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        words = self.text.plain.split() or [""]
        return Measurement(
            self.indent + max(len(w) for w in words), self.indent + self.text.cell_len
        )


# -- the figures ---------------------------------------------------------------------------


def header(view: CardView) -> Figures:
    """Name, then what kind of model it is, its hearts and base."""
    facts = [view.rank if view.kind != "pet" else "pet", view.bits]
    if view.skull_points:
        facts.append(f"{view.skull_points} skull point{'s' * (view.skull_points != 1)}")
    if view.hearts:
        hearts = symbols.hearts(view.hearts)
        changed = [a for a in view.hearts_added if a.change != "not applied"]
        facts.append(Text(hearts, "bold") if changed else hearts)
    facts.append(f"{view.base} base")
    return Figures([Text(view.name, "bold"), *(f for f in facts if f)], gap=3)


def stat_line(view: CardView) -> Figures:
    """MOVE 6 +4 = 10  AP 4 -1 Poison = 3  STR 2R +1R  ARM 3R ...: each figure as printed with
    what is added (bold), MOVE and AP with what they come to now (each roll's dice are under its
    action)."""
    return Figures(stat_figures(view))


def stat_figures(view: CardView, stats: Iterable[str] | None = None) -> list[Text]:
    """The figures of `stat_line` (of these `stats` only, if given)."""
    now = {"MOVE": view.move, "AP": view.ap}
    figures: list[Text] = []
    for figure in view.stats:
        if stats is not None and figure.stat not in stats:
            continue
        text = Text(figure.text, "bold" if figure.added else "")
        if figure.added and now.get(figure.stat) is not None:
            text.append(f" = {now[figure.stat]}", "bold reverse")
        figures.append(text)
    return figures


def suffered_figures(view: CardView) -> list[Text]:
    """The figures its status effects change, as they play now: "MOVE 2 Slow = 1", "ARM 1ST
    drop the best die (Bane)" (a roll once, by the first action or defense that makes it)."""
    figures = stat_figures(view, [f.stat for f in view.stats if f.stat in NOW and f.added])
    rolls = [a.roll for a in view.actions if a.roll is not None] + list(view.defense)
    seen: set[str] = set()
    for roll in rolls:
        if roll.text in seen or not any(a.change in ("drop", "less") for a in roll.added):
            continue
        seen.add(roll.text)
        figures.append(Text(f"{roll.text} {roll.drop}" if roll.drop else roll.text, "bold"))
    return figures


def action_facts(action: CardAction) -> list[str]:
    """ "1 AP" (a potion ability: "1 Potion"), "range 5", "WILL vs ARM", "support"."""
    facts = [action.cost] if action.cost else []
    if action.range is not None:
        facts.append("melee" if action.range == 1 else f"range {action.range}")
    if action.rolls and action.against:
        facts.append(f"{action.rolls} vs {action.against}")
    if not action.basic:
        facts.append(action.type)
    return facts


def roll_figures(roll: RollView) -> list[Text]:
    """ "WILL 3R +1ST", "= 3R 1ST", "drop the best die (Hex)": the printed dice and what is
    added or lost, the dice to roll, and whether it drops its best die."""
    figures = [Text(roll.text, "bold")]
    if roll.changed:
        figures.append(Text(f"= {roll.total}", "bold reverse"))
    if roll.drop:
        figures.append(Text(roll.drop, "bold reverse"))
    return figures


# -- the whole card ------------------------------------------------------------------------


def card_body(view: CardView) -> Card:
    """The card view: every figure with the reason for every added die, every text (drawn
    straight to lines: a Rich group of the same parts took three times as long)."""
    parts: list[Text | Lines] = [header(view), stat_line(view)]
    parts += _reasons([*view.hearts_added, *(a for figure in view.stats for a in figure.added)])
    if view.suffers:
        parts += [_heading("Status effects it suffers"), *_traits(view.suffers, sources=False)]
    if view.actions:
        parts.append(_heading("Actions"))
        for action in view.actions:
            parts += _action(action)
    if view.defense:
        parts.append(_heading("Defense"))
        for roll in view.defense:
            basic = [_against_basic(view)] if roll.stat in view.defends_basic else []
            parts.append(Figures([*roll_figures(roll), *basic], gap=1, indent=2))
            parts += _reasons(roll.added, roll=True)
            parts += _conditions(roll, indent=4)
    actions = {a.name for a in view.actions}
    for title, traits in (
        ("Keywords", view.keywords),
        ("Abilities", [t for t in view.abilities if t.name not in actions]),
        ("Gained", [t for t in view.gained if t.name not in actions]),
    ):
        if traits:
            parts += [_heading(title), *_traits(traits)]
    if view.relics:
        parts.append(_heading(view.relics_title))
        for relic in view.relics:
            changes = f" ({', '.join(relic.modifiers)})" if relic.modifiers else ""
            parts.append(
                Hanging(
                    Text.assemble((relic.name, "bold"), f" [{relic.slot}]: {relic.effect}{changes}")
                )
            )
            parts += [Hanging(Text(what, "bold"), indent=4) for what in relic.not_applied]
    notes = [e.reason for e in view.effects] + view.notes
    if notes:
        parts += [_heading("Notes"), *(Hanging(Text(n, "italic")) for n in notes)]
    return Card(*parts)


def _against_basic(view: CardView) -> str:
    """ "(against basic attacks)"; a card that names two stats: "(against basic attacks: ARM or
    DEX, your choice)"."""
    if len(view.defends_basic) < 2:
        return "(against basic attacks)"
    return f"(against basic attacks: {' or '.join(view.defends_basic)}, your choice)"


def _heading(title: str) -> Text:
    return Text(f"\n{title}", "bold underline")


def _action(action: CardAction) -> list[Text | Lines]:
    name = Text(action.name, "bold")
    parts: list[Text | Lines] = [Figures([name, *action_facts(action)], gap=3)]
    if action.roll is not None:
        parts.append(Figures(["rolls", *roll_figures(action.roll)], gap=1, indent=2))
        parts += _reasons(action.roll.added, roll=True)
        parts += _conditions(action.roll, indent=4)
    texts = [Text(action.text)] if action.text and not action.basic else []
    texts += [Text(note, "italic") for note in action.notes]
    return parts + [Hanging(text) for text in texts]


def _conditions(roll: RollView, indent: int) -> list[Text | Lines]:
    """ "· +1B if the target has Knockdown (Pile-On)": dice to add when the condition holds."""
    return [Hanging(Text(f"· {text}", "italic"), indent=indent) for text in roll.conditions]


def _reasons(added: Iterable[Added], *, roll: bool = False) -> list[Text | Lines]:
    """One line per added die (or number, dice lost, figure halved): the amount (never split),
    then why (wrapped under it). A dropped die names its cause in its figure already; so does
    a change not applied on a `roll` (the stat line gives its reason once)."""
    skip = ("drop", "not applied") if roll else ("drop",)
    return [
        Hanging(Text.assemble((row.amount, "bold"), " ", row.reason), indent=4)
        for row in added
        if row.change not in skip
    ]


def _traits(traits: Sequence[Trait], *, sources: bool = True) -> list[Text | Lines]:
    rows = []
    for trait in traits:
        source = "" if trait.source == "card" or not sources else f" ({trait.source})"
        text = trait.text or "(no text in the content)"
        ends = f" Ends {trait.ends}." if trait.ends else ""
        rows.append(Hanging(Text.assemble((trait.name, "bold"), source, ": ", text, ends)))
    return rows


# -- the short card of a pane --------------------------------------------------------------


def card_summary(view: CardView) -> list[RenderableType]:
    """A pane's short card: the stat line and each action that rolls dice, with the dice it
    rolls now (and its defense rolls, when a status effect it suffers changes them), then the
    names of its other actions, keywords and abilities (the card view has the reasons and the
    texts)."""
    parts: list[RenderableType] = [stat_line(view)]
    rolling = [a for a in view.actions if a.roll is not None]
    for action in rolling:
        assert action.roll is not None
        facts = [f for f in action_facts(action) if f != action.type]
        name = Text(action.name, "underline")
        parts.append(Figures([name, *facts, *roll_figures(action.roll)], gap=1))
        parts += _conditions(action.roll, indent=2)
    if any(a.change in ("drop", "less") for roll in view.defense for a in roll.added):
        drops = {roll.drop for roll in view.defense}
        shared = drops.pop() if len(drops) == 1 else None  # (said once, after them all)
        rolls = [Text("Defense", "underline")]
        for roll in view.defense:
            figures = roll_figures(roll)
            rolls += figures[:-1] if shared and len(figures) > 1 else figures
        if shared:
            rolls.append(Text(shared, "bold reverse"))
        parts.append(Figures(rolls, gap=1))
    shown = {a.name for a in rolling}
    traits = [a.name for a in view.actions if a.name not in shown]
    traits += [t.name for t in view.keywords]
    traits += [t.name for t in view.abilities if t.name not in shown and t.name not in traits]
    traits += [t.name for t in view.gained]
    if traits:  # (a relic's action is on the card and among what it gained: named once)
        parts.append(Text(", ".join(dict.fromkeys(traits)), "italic"))
    return parts
