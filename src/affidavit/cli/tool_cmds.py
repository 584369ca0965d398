"""The MCP tools as ``affidavit`` subcommands: remember, recall, forget, history, stats,
add-source (and, in ``operator_cmds``, claims and the operator tools).

Arguments go through the same validation as MCP arguments (one tool table), and
the backend is the same ``ToolBackend``. Readable text by default, the structured
result with ``--json``. Exit codes: 0 admitted / answered / ok, 1 refused /
abstained / quarantined / not stored / unknown subject, 2 error (bad arguments,
a store that cannot open, a tool failure, an incomplete erasure).
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final, TextIO

import msgspec

from affidavit.cli import common
from affidavit.errors import AffidavitError
from affidavit.logs import configure_logging
from affidavit.mcp.backend import ToolBackend
from affidavit.mcp.tools import find_tool, invoke, parse_arguments

EXIT_OK: Final = 0
EXIT_NO: Final = 1  # a refusal or abstention: a real answer, just not a yes
EXIT_ERROR: Final = 2

# Statuses that are answers but not successes; anything else listed here is an error.
_NO: Final = frozenset({"refused", "quarantined", "not_stored", "abstained", "unknown_subject"})
_ERROR: Final = frozenset({"incomplete"})
# Tools that may create the store; every other command needs one to exist already.
_CREATES: Final = frozenset({"remember", "add_source"})


def add_parsers(subparsers: Any) -> None:
    """Register every tool subcommand on the ``affidavit`` command's subparsers."""
    p = _add(subparsers, "remember", "store a claim if the quoted evidence supports it")
    p.add_argument("claim", metavar="CLAIM")
    p.add_argument("--evidence", required=True, metavar="TEXT", help="verbatim quote")
    p.add_argument("--source-id", metavar="ID", help="registered source the quote is from")
    p.add_argument("--source-text", metavar="TEXT", help="register this text as --source-id")
    p.add_argument("--subject", metavar="S", help="who or what the claim is about")
    p.add_argument("--valid-from", metavar="DATE", help="YYYY-MM-DD")
    p.add_argument("--valid-to", metavar="DATE", help="YYYY-MM-DD")
    p.add_argument("--supersedes", metavar="CLAIM_ID",
                   help="correct this claim on purpose (needs --note saying why)")
    p.add_argument("--note", metavar="TEXT", help="why (recorded with --supersedes)")

    p = _add(subparsers, "recall", "answer from stored claims, or abstain")
    p.add_argument("query", metavar="QUERY")
    p.add_argument("--as-of", metavar="DATE", help="what held on this date (YYYY-MM-DD)")
    p.add_argument("--as-of-seq", type=int, metavar="N", help="what the store believed at seq N")
    p.add_argument("--limit", type=int, default=10, metavar="N", help="most claims (1-100)")

    p = _add(subparsers, "forget", "erase a subject provably (irreversible)")
    p.add_argument("subject", metavar="SUBJECT")
    p.add_argument("--dry-run", action="store_true",
                   help="print what would be erased; write nothing")
    p.add_argument("--yes", action="store_true",
                   help="do not ask for confirmation (required when stdin is not a terminal)")

    p = _add(subparsers, "history", "ledger events, optionally for one subject or claim")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--subject", metavar="S")
    group.add_argument("--claim-id", metavar="ID")

    _add(subparsers, "stats", "counts of claims by state, subjects, sources, events")

    p = _add(subparsers, "add-source", "register a source document's text under an id")
    p.add_argument("source_id", metavar="ID")
    group = p.add_mutually_exclusive_group(required=True)
    group.add_argument("--text", metavar="TEXT")
    group.add_argument("--file", metavar="F", type=Path, help="read the text from a UTF-8 file")
    p.add_argument("--origin", metavar="TEXT", help="where the document came from")


Prepare = Callable[[argparse.Namespace, dict[str, Any]], dict[str, Any]]


def _add(subparsers: Any, name: str, help_text: str, *, tool: str | None = None,
         prepare: Prepare | None = None) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(name, help=help_text,
                                                            description=help_text)
    common.add_store_options(parser)
    parser.add_argument("--json", action="store_true", help="print the structured result")
    parser.set_defaults(func=handle, tool=tool or name.replace("-", "_"), prepare=prepare)
    return parser


def handle(args: argparse.Namespace) -> int:
    """Open the store named by ``--store`` (or the environment), run one tool, report."""
    configure_logging(level=logging.WARNING)  # the answer is the output here
    from affidavit.api import open_backend  # lazy: the engine loads only when needed
    from affidavit.cli import forget_flow

    try:
        path = common.store_path(args)
        if args.tool not in _CREATES:
            common.require_store(path)
        if args.tool == "forget":
            done = forget_flow.before_forget(args)
            if done is not None:
                return done
        kdir = common.keyring_dir(args, path)
        with common.keyring_root(args):
            backend = open_backend(path, keyring_dir=kdir)
    except AffidavitError as exc:
        print(f"error: {exc.code}: {exc}", file=sys.stderr)
        return EXIT_ERROR
    try:
        return execute(args, backend)
    finally:
        backend.close()


def execute(args: argparse.Namespace, backend: ToolBackend, out: TextIO | None = None) -> int:
    """Run the tool named by ``args.tool`` against ``backend``; return the exit code."""
    out = out or sys.stdout
    tool = find_tool(args.tool, operator=True)
    if tool is None:  # the table and the parsers disagree: a bug, not user error
        print(f"error: no tool {args.tool}", file=sys.stderr)
        return EXIT_ERROR
    try:
        arguments = _arguments(args)
    except (OSError, UnicodeDecodeError) as exc:
        print(f"error: cannot read --file: {type(exc).__name__}", file=sys.stderr)
        return EXIT_ERROR
    parsed = parse_arguments(tool, arguments)
    if isinstance(parsed, str):
        print(f"error: invalid arguments: {parsed}", file=sys.stderr)
        return EXIT_ERROR
    try:
        result = invoke(backend, tool, parsed)
    except AffidavitError as exc:
        print(f"error: {exc.code}: {exc}", file=sys.stderr)
        return EXIT_ERROR
    if args.json:
        out.write(msgspec.json.encode(result).decode() + "\n")
    else:
        out.write(str(result.get("text", "")) + "\n")
    return exit_code(result)


def exit_code(result: dict[str, Any]) -> int:
    """0 for a yes, 1 for a refusal or abstention, 2 for an error status."""
    status = result.get("status")
    if status in _ERROR or result.get("ok") is False:
        return EXIT_ERROR
    return EXIT_NO if status in _NO else EXIT_OK


def _arguments(args: argparse.Namespace) -> dict[str, Any]:
    # Only the options the tool takes, without unset ones (schema defaults apply).
    tool = find_tool(args.tool, operator=True)
    assert tool is not None
    names = [f.name for f in msgspec.structs.fields(tool.args)]
    arguments = {n: getattr(args, n) for n in names if getattr(args, n, None) is not None}
    if args.tool == "add_source" and getattr(args, "file", None) is not None:
        arguments["text"] = args.file.read_text(encoding="utf-8")
    prepare: Prepare | None = getattr(args, "prepare", None)
    return prepare(args, arguments) if prepare is not None else arguments
