"""`consul serve [SAVE]`: the watch screen in web browsers (a tablet at the table)."""

from __future__ import annotations

import argparse
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from consul_app.commands.watch import add_save_argument, find_save, no_such_save

if TYPE_CHECKING:
    from consul_app.content import ContentPack

LOOPBACK = ("127.0.0.1", "::1", "localhost")
EVERYWHERE = ("0.0.0.0", "::")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="show `consul watch` in web browsers (read-only)",
        description="Serve the watch screen of a game to web browsers, read-only: each "
        "browser gets `consul watch SAVE` and nothing else. Without SAVE: the game in "
        "progress (a waiting page while there is none), and each new game the Consul starts. "
        "Only this machine can connect unless --host says otherwise.",
    )
    add_save_argument(parser)
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 for "
        "every network this machine is on: anyone who can reach the port can watch)",
    )
    parser.add_argument("--port", type=int, default=8000, help="default: 8000")
    parser.add_argument(
        "--viewers", type=int, default=8, help="how many browsers may watch at once (default 8)"
    )
    parser.set_defaults(run=run)


def _fail(message: str) -> int:
    print(f"consul serve: {message}", file=sys.stderr)
    return 2


def _the_game_in_progress(content_dirs: list[Path]) -> tuple[ContentPack, Path | None] | str:
    """The content and the save `consul watch` would pick now (None: none yet), or why the
    content cannot be read."""
    from consul_app.content import ContentError
    from consul_app.content.cache import load_pack_cached
    from consul_app.session import latest_unfinished

    try:
        content = load_pack_cached(content_dirs)
    except ContentError as err:
        return str(err)
    latest = latest_unfinished(content, game=None)  # (of SDE or of MD2)
    return content, latest.path if latest else None


def _lan_address() -> str | None:
    """This machine's address on its network, for a tablet's browser (connecting a UDP socket
    only picks the route: no packet is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: routed like any address outside
            return str(probe.getsockname()[0])
    except OSError:
        return None


def run(args: argparse.Namespace) -> int:
    from consul_app.base.shown import shown
    from consul_app.serve import address, serve

    if not 0 < args.port < 65536:
        return _fail(f"--port {args.port}: a port is 1-65535")
    if args.viewers < 1:
        return _fail(f"--viewers {args.viewers}: at least one")
    save = find_save(args.save)
    if no_such_save("serve", args.save, save):
        return 2
    follow = None
    if save is None:
        found = _the_game_in_progress(args.content)
        if isinstance(found, str):
            return _fail(found)
        follow, save = found
    url = address(args.host, args.port)
    if follow is None:
        print(f"Serving {shown(save)} read-only at {url}", flush=True)
    elif save is None:
        print(f"Serving the game in progress read-only at {url}", flush=True)
        print("No game in progress yet: viewers wait for the Consul to start one.", flush=True)
    else:
        print(f"Serving the game in progress ({shown(save)}) read-only at {url}", flush=True)
    lan = _lan_address() if args.host in EVERYWHERE else None
    if lan:
        print(f"On this machine's network: {address(lan, args.port)}", flush=True)
    if args.host not in LOOPBACK:
        print(
            f"Warning: anyone who can reach port {args.port} of this machine can watch this "
            "game. Use it on a network you trust.",
            flush=True,
        )
    print(f"At most {args.viewers} viewers at once. Ctrl+C stops.", flush=True)
    try:
        serve(
            save,
            host=args.host,
            port=args.port,
            viewers=args.viewers,
            content_dirs=args.content,
            lan=lan,
            follow=follow,
        )
    except OSError as err:
        return _fail(f"cannot listen on {args.host}:{args.port} ({err.strerror or err})")
    return 0
