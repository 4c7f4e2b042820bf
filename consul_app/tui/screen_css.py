"""`ScreenCssApp`: a screen's own stylesheet files (`CSS_PATH`) parsed alone when it first shows.

Only consul.tcss is parsed before the first frame; the table, the dialogs and the cards bring
their files (table.tcss, dialogs.tcss, card.tcss) when first shown. Textual 8 then parses every
source again, the widgets' own CSS too (`App._load_screen_css`: a full `reparse`, 9 ms when the
table first opens). The stylesheet keeps what it parsed with the current variables (its parse
cache, cleared when a theme changes them), so parsing only the new files gives the same rules,
in the same order, for their cost alone.
"""

from __future__ import annotations

from textual.app import App
from textual.screen import Screen


class ScreenCssApp(App[None]):
    """The base of Consul's apps (`ConsulApp`, `WatchApp`)."""

    def _load_screen_css(self, screen: Screen[object]) -> None:
        if screen.CSS or self.css_monitor is not None:  # (not ours; or `textual run --dev`)
            super()._load_screen_css(screen)
            return
        sheet = self.stylesheet
        new = [str(path) for path in screen.css_path if not sheet.has_source(str(path))]
        for path in new:
            sheet.read(path)
        if new:
            sheet.parse()
            sheet.update(self)
