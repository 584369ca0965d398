"""`affidavit import FILE.jsonl`: bulk remember through the same gate, resumable.

stdout carries one outcome per line (readable, or JSON with ``--json``) and the
counts at the end; progress goes to stderr on a terminal only. Exit codes: 0 every
line admitted or already stored; 1 some line refused, quarantined, not stored or
invalid; 2 an error (the file cannot be read, the store cannot open).
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

import msgspec

from affidavit.cli.ledger_cmds import _keyring, _quiet_arg
from affidavit.engine.paths import store_location
from affidavit.errors import AffidavitError

_OK = frozenset({"admitted", "already_stored"})


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("import", help="remember every claim of a JSONL file (resumable)")
    p.add_argument("file", metavar="FILE.jsonl", type=Path,
                   help="one JSON object per line: claim, evidence and optionally source_id, "
                        "source_text, valid_from, valid_to, subject")
    p.add_argument("--store", metavar="PATH", help="store directory")
    p.add_argument("--keyring-dir", help="keyring directory (default: AFFIDAVIT_KEYRING_DIR/<store id>)")
    p.add_argument("--batch", type=int, default=200, metavar="N",
                   help="sync the ledger to disk every N written lines (default 200)")
    p.add_argument("--json", action="store_true", help="JSON lines: one per outcome, then the counts")
    _quiet_arg(p)
    p.set_defaults(func=cmd_import)


def cmd_import(args: argparse.Namespace) -> int:
    from affidavit.logs import configure_logging
    from affidavit.memory.importing import count_lines, import_claims, read_jsonl
    from affidavit.progress import Phases
    from affidavit.store import Store

    configure_logging(level=logging.WARNING)  # the outcomes are the output here
    if not args.file.is_file():
        print(f"error: no file {args.file}", file=sys.stderr)
        return 2
    encode = msgspec.json.Encoder()
    out = sys.stdout

    def emit(value: msgspec.Struct, text: str) -> None:
        out.write((encode.encode(value).decode() if args.json else text) + "\n")

    phases = Phases(quiet=args.quiet)
    with Store.open(store_location(args.store), keyring_dir=_keyring(args)) as store:
        hook = phases.start("import")
        total = count_lines(args.file) if hook is not None else None
        try:
            report = import_claims(store, read_jsonl(args.file), batch_size=args.batch,
                                   on_outcome=lambda o: emit(o, o.text()), keep_outcomes=False,
                                   progress=hook, total=total)
        except (OSError, UnicodeDecodeError) as exc:
            raise AffidavitError(f"cannot read {args.file.name}: {type(exc).__name__}") from exc
        finally:
            phases.end()
    emit(report, report.text())
    return 0 if all(n == 0 for name, n in report.counts.items() if name not in _OK) else 1
