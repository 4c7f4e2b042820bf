"""`load_screen_css`: a screen's own stylesheet files (`CSS_PATH`) parsed alone when it first shows.

Only consul.tcss is parsed before the first frame; the table, the dialogs and the cards bring
their files (table.tcss, dialogs.tcss, card.tcss) when first shown. Textual 8 then parses every
source again, the widgets' own CSS too (`textual_compat.parse_screen_css`: a full `reparse`,
9 ms when the table first opens). The stylesheet keeps what it parsed with the current
variables (its parse cache, cleared when a theme changes them), so parsing only the new files
gives the same rules, in the same order, for their cost alone.
"""

from __future__ import annotations

from textual.app import App
from textual.screen import Screen

from consul_app.tui.textual_compat import parse_screen_css


def load_screen_css(app: App[None], screen: Screen[object]) -> None:
    """Consul's apps' `_load_screen_css` (an App subclass of its own costs the first frame
    about 0.2 ms: this is a function)."""
    if screen.CSS or app.css_monitor is not None:  # (not ours; or `textual run --dev`)
        parse_screen_css(app, screen)
        return
    sheet = app.stylesheet
    new = [str(path) for path in screen.css_path if not sheet.has_source(str(path))]
    for path in new:
        sheet.read(path)
    if new:
        sheet.parse()
        sheet.update(app)
