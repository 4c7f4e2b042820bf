"""`Md2App`: the MD2 table in a terminal: a new game, or the MD2 game in progress resumed."""

from __future__ import annotations

import gc
from pathlib import Path

from textual.app import App

from consul_app.md2.content import Md2Content
from consul_app.md2.rules import Md2Setup
from consul_app.md2.tui.screen import DashboardScreen
from consul_app.session import SaveError, Session


class Md2App(App[None]):
    """Opens `save` (resumes it), else starts a game of `setup` (saved at `path`, else in the
    saves folder). A save that cannot be opened ends the app with `load_error` (exit 2)."""

    TITLE = "Consul: Massive Darkness 2"
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        content: Md2Content,
        *,
        save: Path | None = None,
        setup: Md2Setup | None = None,
        path: Path | None = None,
    ) -> None:
        super().__init__()
        self.content = content
        self.save = save
        self.setup = setup or Md2Setup(heroes=("bard", "tinkerer"))
        self.path = path
        self.session: Session | None = None
        self.load_error: str | None = None

    def on_mount(self) -> None:
        try:
            if self.save is not None:
                self.session = Session.resume(self.content, self.save)
            else:
                self.session = Session.new(self.content, self.setup, path=self.path, game="md2")
        except (SaveError, OSError) as err:
            self.load_error = str(err)
            self.exit(return_code=2)
            return
        if self.session.warnings:
            notice = "; ".join(self.session.warnings)
        else:
            word = "Resumed" if self.save is not None else "A new game, saved as"
            notice = f"{word} {self.session.path.name}. ? shows every key"
        self.push_screen(DashboardScreen(self.session, self.content, notice=notice))
        if not gc.isenabled():
            # `consul md2` starts with the cyclic garbage collector off: what is loaded so far
            # lives as long as the app (frozen out of collections); back on after this frame.
            gc.freeze()
            self.call_after_refresh(gc.enable)

    def on_unmount(self) -> None:
        if self.session is not None:
            self.session.close()
