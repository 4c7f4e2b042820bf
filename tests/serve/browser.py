"""Headless Chromium driven through the DevTools protocol (over aiohttp's websocket client).

textual-serve's page draws the terminal with xterm.js on a canvas, so the text is not in the
DOM. A script run before the page's own (`HOOK`) keeps the page's xterm.js `Terminal` when the
page stores it, and `screen_text` reads its buffer: the very characters the canvas shows.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import aiohttp

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,1000",  # (about 120x40 of the page's font: the table as at the laptop)
]

HOOK = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  get() { return undefined; },
  set(value) {
    Object.defineProperty(this, "terminal", {value, writable: true, configurable: true});
    if (value && value.buffer && value.buffer.active) { window.consulTerminal = value; }
  },
});
"""

SCREEN_TEXT = """
(() => {
  const terminal = window.consulTerminal;
  if (!terminal) { return ""; }
  const buffer = terminal.buffer.active;
  const lines = [];
  for (let y = 0; y < terminal.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    lines.push(line ? line.translateToString(true) : "");
  }
  return lines.join("\\n");
})()
"""


def chromium() -> str | None:
    """Debian's chromium, if installed."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


class Browser:
    """One headless Chromium with one page, for `async with`."""

    def __init__(self, profile: Path, deadline: float = 60.0) -> None:
        self.profile = profile
        self.deadline = deadline
        self.process: subprocess.Popen[bytes] | None = None
        self._http: aiohttp.ClientSession | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._ids = itertools.count(1)
        self.requests: list[str] = []
        """The address of every request the page made (seen in the events read so far)."""

    async def __aenter__(self) -> Browser:
        executable = chromium()
        assert executable is not None
        self.process = subprocess.Popen(
            [
                executable,
                *FLAGS,
                f"--user-data-dir={self.profile}",
                "--remote-debugging-port=0",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        port = await self._until(self._devtools_port, "chromium's DevTools port")
        self._http = aiohttp.ClientSession()
        async with self._http.get(f"http://127.0.0.1:{port}/json/list") as response:
            targets = await response.json()
        page = next(t for t in targets if t["type"] == "page")
        self._ws = await self._http.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0)
        await self.send("Page.enable")
        await self.send("Network.enable")
        await self.send("Page.addScriptToEvaluateOnNewDocument", source=HOOK)
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._http is not None:
            await self._http.close()
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=self.deadline)

    def _devtools_port(self) -> int | None:
        try:
            return int((self.profile / "DevToolsActivePort").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    async def _until(self, probe: Any, what: str) -> Any:
        """Await `probe()` (or call it) until it gives something truthy, within the deadline."""
        end = time.monotonic() + self.deadline
        while True:
            found = probe()
            if asyncio.iscoroutine(found):
                found = await found
            if found:
                return found
            assert time.monotonic() < end, f"not within {self.deadline} s: {what}"
            await asyncio.sleep(0.05)

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        """One DevTools command; its result (events in between are skipped, but for the
        addresses of requests)."""
        assert self._ws is not None
        number = next(self._ids)
        await self._ws.send_str(json.dumps({"id": number, "method": method, "params": params}))
        while True:
            message = await asyncio.wait_for(self._ws.receive_json(), self.deadline)
            if message.get("method") == "Network.requestWillBeSent":
                self.requests.append(message["params"]["request"]["url"])
            elif message.get("method") == "Network.webSocketCreated":
                self.requests.append(message["params"]["url"])
            if message.get("id") == number:
                assert "error" not in message, message
                return message.get("result", {})

    async def open(self, url: str) -> None:
        await self.send("Page.navigate", url=url)

    async def screen_text(self) -> str:
        """The characters the page's terminal shows now."""
        result = await self.send("Runtime.evaluate", expression=SCREEN_TEXT, returnByValue=True)
        return result["result"].get("value", "")

    async def until_shown(self, text: str, *also: str) -> str:
        """Wait until the page's terminal shows `text` and each of `also` at once (a screen is
        drawn in parts: its top bar may come before its panes); return the whole screen."""
        texts = (text, *also)

        async def shown() -> str | None:
            screen = await self.screen_text()
            return screen if all(t in screen for t in texts) else None

        return await self._until(shown, f"the page showing {' and '.join(map(repr, texts))}")

    async def screenshot(self) -> bytes:
        import base64

        result = await self.send("Page.captureScreenshot", format="png")
        return base64.b64decode(result["data"])
