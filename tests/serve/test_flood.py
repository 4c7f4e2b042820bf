"""`consul serve` against requests no browser sends and a flood of idle connections: a bad
request gets a 4xx and one line in words on the Consul's terminal; the server outlives running
out of file descriptors and serves again once they come back."""

from __future__ import annotations

import asyncio
import contextlib
import resource
import socket
import sys
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from serve.served import DEADLINE, Served, until
from serve.test_hosts import raw_request

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="a Linux descriptor limit")

FILES = 256
"""The server's descriptor limit."""

FLOOD = 300
"""Idle connections opened at once: more than the server may hold."""


def traceback_free(lines: list[str]) -> bool:
    return not any("Traceback" in line or line.startswith("  File ") for line in lines)


async def test_a_bad_request_gets_a_400_and_one_line(served: Served) -> None:
    await served.ready()
    before = len(served.output())
    async with aiohttp.ClientSession() as http, http.get(f"{served.url}/ws") as response:
        assert response.status == 400  # no websocket upgrade
        assert "websocket" in (await response.text()).lower()
    answer = await raw_request(served.port, b"NONSENSE\r\n\r\n")
    assert answer.split(b" ")[1] == b"400"
    answer = await raw_request(served.port, b"GET /static/../../../etc/passwd HTTP/1.1\r\n\r\n")
    assert b"root:" not in answer
    await until(lambda: len(served.output()) > before, "a line about the bad request")
    await asyncio.sleep(0.5)  # (any more lines it would print)
    said = served.output()[before:]
    assert traceback_free(said), said
    assert len(said) <= 3, said
    assert any("websocket" in line.lower() for line in said), said
    assert served.stop() == 0


@pytest.fixture
def limited(save: Path) -> Iterator[Served]:
    """`consul serve` that may hold FILES descriptors."""
    server = Served(save, files=FILES)
    yield server
    server.end(save)


def flood(port: int) -> list[socket.socket]:
    """FLOOD connections that say nothing (those the server's backlog cannot take wait)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4 * FLOOD)), hard))
    idle = []
    for _ in range(FLOOD):
        connection = socket.socket()
        connection.setblocking(False)
        with contextlib.suppress(BlockingIOError):
            connection.connect(("127.0.0.1", port))
        idle.append(connection)
    return idle


async def test_the_server_outlives_a_flood_of_idle_connections(limited: Served) -> None:
    await limited.ready()
    idle = flood(limited.port)
    try:
        await until(
            lambda: len(list(Path(f"/proc/{limited.process.pid}/fd").iterdir())) > FILES - 8,
            "the server out of descriptors",
        )
        # While the flood holds its connections, the server still answers: it drops those
        # that say nothing, and takes new ones again once it has descriptors.
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=DEADLINE)) as http:

            async def answers() -> bool:
                with contextlib.suppress(aiohttp.ClientError, asyncio.TimeoutError):
                    async with http.get(limited.url) as response:
                        return response.status == 200
                return False

            end = asyncio.get_running_loop().time() + 2 * DEADLINE
            while not await answers():
                assert limited.process.poll() is None, limited.output()
                assert asyncio.get_running_loop().time() < end, "the server never answered"
                await asyncio.sleep(0.2)
    finally:
        for connection in idle:
            connection.close()
    assert limited.process.poll() is None, limited.output()
    said = limited.output()
    assert traceback_free(said), said
    assert any("file descriptors" in line for line in said), said
    assert limited.stop() == 0
    said = limited.output()  # and nothing more as it stops (asyncio's retries of accept())
    assert traceback_free(said) and not [line for line in said if "Exception" in line], said
    assert len(said) < 10, said
