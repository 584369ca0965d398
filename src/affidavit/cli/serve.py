"""``affidavit serve``: the MCP server over stdio.

Before anything else runs, the real stdout is set aside for the protocol and
file descriptor 1 is pointed at stderr, so a stray print (ours, a library's,
even from C) can never corrupt the JSON-RPC stream.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from typing import Any, BinaryIO

import structlog

from affidavit.cli import common
from affidavit.errors import AffidavitError
from affidavit.logs import configure_logging

DESCRIPTION = (
    "Serve affidavit's tools over MCP on stdin/stdout (JSON-RPC 2.0, one message per line). "
    "Identity comes from AFFIDAVIT_TENANT, AFFIDAVIT_AGENT and AFFIDAVIT_OPERATOR; logs go "
    "to stderr as JSON."
)


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``serve`` on the ``affidavit`` command's subparsers."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "serve", help="serve the MCP tools over stdio", description=DESCRIPTION
    )
    common.add_store_options(parser)
    parser.set_defaults(func=handle)
    return parser


def handle(args: argparse.Namespace) -> int:
    """Run the server until stdin closes; 0 on a clean exit, 2 if the store cannot open."""
    configure_logging()
    log = structlog.get_logger("affidavit.serve")
    protocol_out = claim_stdout()
    from affidavit.api import open_lazy_backend  # lazy: keeps `affidavit --help` fast
    from affidavit.mcp.server import run

    try:
        # The store opens in the background; tool calls wait for it and fail closed
        # (typed error naming the first bad seq) if it does not verify.
        path = common.store_path(args)
        kdir = common.keyring_dir(args, path)
        if args.keyring_dir and kdir is None:  # a new store: its keyring goes under DIR
            os.environ["AFFIDAVIT_KEYRING_DIR"] = args.keyring_dir
        backend = open_lazy_backend(str(path), keyring_dir=kdir)
    except AffidavitError as exc:
        log.error("store_open_failed", code=exc.code)
        print(f"affidavit serve: {exc.code}: {exc}", file=sys.stderr)
        return 2
    try:
        run(backend, sys.stdin.buffer, protocol_out)
    except KeyboardInterrupt:
        return 130
    finally:
        backend.close()
    return 0


def claim_stdout() -> BinaryIO:
    """Return a private handle on the real stdout and send fd 1 and ``sys.stdout`` to stderr."""
    sys.stdout.flush()
    try:
        out_fd = sys.stdout.fileno()
        err_fd = sys.stderr.fileno()
    except (AttributeError, io.UnsupportedOperation):
        # Not a real process stdout (an embedding host): keep what we were given.
        return sys.stdout.buffer
    protocol_fd = os.dup(out_fd)
    os.dup2(err_fd, out_fd)
    sys.stdout = sys.stderr
    return os.fdopen(protocol_fd, "wb")
