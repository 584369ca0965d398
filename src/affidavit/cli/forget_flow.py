"""`affidavit forget`: the dry run, and the confirmation an interactive erasure asks for.

``--dry-run`` prints the closure that would be erased and writes nothing. Without
``--yes`` an interactive terminal asks; when stdin is not a terminal nothing is
asked and ``--yes`` is required (a script must say it means it).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

import msgspec

from affidavit.cli import common

EXIT_ERROR = 2


def before_forget(args: argparse.Namespace, stdin: TextIO | None = None,
                  out: TextIO | None = None) -> int | None:
    """An exit code when forget must stop here (dry run, declined, no --yes); None to go on."""
    stdin, out = stdin or sys.stdin, out or sys.stdout
    if args.dry_run:
        return _dry_run(args, out)
    if args.yes:
        return None
    if not stdin.isatty():
        print("error: forget is irreversible; stdin is not a terminal, so nothing was asked "
              "and nothing was erased. Pass --yes to erase (or --dry-run to see what would "
              "be erased).", file=sys.stderr)
        return EXIT_ERROR
    out.write(f"Erase everything stored about {args.subject!r}? This cannot be undone. "
              "Type 'yes' to erase: ")
    out.flush()
    if stdin.readline().strip().lower() != "yes":
        out.write("Not erased.\n")
        return 1
    return None


def _dry_run(args: argparse.Namespace, out: TextIO) -> int:
    from affidavit.memory.forget_preview import preview

    with common.open_store(args) as store:  # identity from the environment, as forget's
        result = preview(store, args.subject)
    if args.json:
        out.write(json.dumps(msgspec.to_builtins(result)) + "\n")
    else:
        out.write(result.text + "\n")
    return 0 if result.status == "would_erase" else 1
