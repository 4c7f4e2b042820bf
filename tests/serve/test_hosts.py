"""`consul serve` against DNS rebinding, and the page it serves: a page on another site whose
name resolves to this machine reaches the server with that name in its Host header; it is
refused before anything starts. The page is the same for every request (nothing in it comes
from one), and everything it loads comes from the server itself."""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import aiohttp
import pytest

from serve.served import DEADLINE, Served, watchers

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="counts processes in /proc")

PATHS = ["/", "/ws", "/static/js/textual.js", "/static/css/xterm.css"]


def rebinding_hosts(port: int) -> list[str]:
    return [
        f"evil.example:{port}",
        "evil.example",
        f"127.0.0.1.nip.io:{port}",
        f"localhost.evil.example:{port}",
        f"127.0.0.1:{port + 1}",
        "127.0.0.1",
        f"localhost:{port}@evil.example",
        "",
    ]


async def raw_request(port: int, request: bytes) -> bytes:
    """What the server answers to `request`, sent as is."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(request)
        await writer.drain()
        return await asyncio.wait_for(reader.read(), DEADLINE)
    finally:
        writer.close()


async def test_a_rebinding_host_is_refused_and_starts_nothing(served: Served, save: Path) -> None:
    await served.ready()
    async with aiohttp.ClientSession() as http:
        for host in rebinding_hosts(served.port):
            for path in PATHS:
                async with http.get(served.url + path, headers={"Host": host}) as response:
                    assert 400 <= response.status < 500, (host, path, response.status)
            origin = f"http://{host}"  # the rebinding page's own origin: it matches Host
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(f"{served.url}/ws", headers={"Host": host, "Origin": origin})
            assert 400 <= refused.value.status < 500, host
            assert not watchers(save), host
    assert served.stop() == 0


async def test_the_addresses_the_server_was_started_for_are_served(served: Served) -> None:
    await served.ready()
    async with aiohttp.ClientSession() as http:
        for host in ("127.0.0.1", "localhost", "LocalHost", "[::1]"):
            async with http.get(served.url, headers={"Host": f"{host}:{served.port}"}) as page:
                assert page.status == 200, host
    assert served.stop() == 0


async def test_no_request_changes_the_page_of_another(served: Served) -> None:
    await served.ready()
    async with aiohttp.ClientSession() as http:
        async with http.get(served.url) as response:
            page = await response.text()
        for host in ("evil.example", f"localhost:{served.port}", "bad host!", "[::1"):
            async with http.get(served.url, headers={"Host": host}):
                pass
        await raw_request(served.port, b"GET / HTTP/1.0\r\n\r\n")  # no Host at all
        async with http.get(served.url) as response:
            assert await response.text() == page
    assert "evil" not in page
    assert served.stop() == 0


URL = re.compile(
    r"""(?:src|href)\s*=\s*["']([^"']*)["']|url\(\s*["']?([^"')]*)|@import\s+["']([^"']*)"""
)
COMMENT = re.compile(r"/\*.*?\*/|<!--.*?-->", re.S)


def references(text: str) -> list[str]:
    """The addresses an HTML page or a style sheet loads (comments aside)."""
    return [next(g for g in found if g) for found in URL.findall(COMMENT.sub("", text))]


async def test_the_page_loads_nothing_from_another_host(served: Served) -> None:
    """Fonts included: the page and its style sheets name no other host, and everything
    they name is there."""
    await served.ready()
    async with aiohttp.ClientSession() as http:
        async with http.get(served.url) as response:
            page = await response.text()
        assert "fonts.googleapis" not in page
        seen, todo = set(), [(served.url + "/", page)]
        while todo:
            base, text = todo.pop()
            for address in references(text):
                url = urljoin(base, address)
                if url.startswith("data:") or url in seen:
                    continue
                assert urlsplit(url).netloc == f"127.0.0.1:{served.port}", (base, address)
                seen.add(url)
                async with http.get(url) as response:
                    assert response.status == 200, url
                    if url.endswith(".css"):
                        todo.append((url, await response.text()))
        assert any(url.endswith(".ttf") or url.endswith(".woff2") for url in seen), seen
    assert served.stop() == 0


def test_the_hosts_are_those_the_server_was_started_for() -> None:
    from consul_app.serve.hosts import allowed_hosts

    hosts = allowed_hosts(["0.0.0.0", "192.168.1.20"], 8000)
    assert {"127.0.0.1:8000", "localhost:8000", "[::1]:8000", "0.0.0.0:8000"} <= hosts
    assert "192.168.1.20:8000" in hosts  # the network address printed
    assert "192.168.1.20" not in hosts and "192.168.1.21:8000" not in hosts
    assert "[fe80::1]:8000" in allowed_hosts(["fe80::1"], 8000)
    assert "localhost" in allowed_hosts([], 80)  # a browser leaves out port 80
