"""The `affidavit` command."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from importlib import metadata

from affidavit.errors import AffidavitError

# Each module exposes add_parser(subparsers) / add_parsers(subparsers).
_COMMAND_MODULES = (
    "affidavit.cli.ledger_cmds",
    "affidavit.cli.serve",
    "affidavit.cli.tool_cmds",
    "affidavit.cli.forensic_cmds",
    "affidavit.cli.erasure_cmds",
    "affidavit.cli.operator_cmds",
    "affidavit.cli.postgres_cmds",
    "affidavit.cli.import_cmds",
    "affidavit.cli.report_cmds",
)
EXIT_PIPE = 141  # 128 + SIGPIPE, what a shell reports for a reader that went away


def version() -> str:
    try:
        return metadata.version("affidavit")
    except metadata.PackageNotFoundError:
        return "0+unknown"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="affidavit",
        description="Agent memory on a hash-chained, replayable, verifiable ledger.",
    )
    parser.add_argument("--version", action="version", version=f"affidavit {version()}")
    parser.add_argument(
        "--store", dest="global_store", metavar="PATH|URL", default=None,
        help="the store for any command: a directory or a postgresql:// URL (as AFFIDAVIT_STORE)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in _COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        register = getattr(module, "add_parsers", None) or module.add_parser
        register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from affidavit.logs import configure_logging

    configure_logging()
    args = build_parser().parse_args(argv)
    if args.global_store:
        # `affidavit --store X cmd` means the same as `cmd --store X` / AFFIDAVIT_STORE=X.
        if getattr(args, "store", None) is None:
            args.store = args.global_store
        os.environ["AFFIDAVIT_STORE"] = args.global_store
    try:
        code = int(args.func(args))
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        # The reader (`| head`) went away: stop quietly. Point stdout at /dev/null so the
        # interpreter's own flush at exit does not raise a second time.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_PIPE
    except AffidavitError as exc:
        print(f"error ({exc.code}): {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
