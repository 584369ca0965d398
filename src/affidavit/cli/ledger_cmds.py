"""`affidavit verify`, `log`, `salvage`: the ledger as stored."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import msgspec

from affidavit.cli import common
from affidavit.engine.paths import store_location
from affidavit.identity import Identity
from affidavit.ledger.location import is_url
from affidavit.wording import plural


def _store_arg(p: argparse.ArgumentParser) -> None:
    """``--store``/``--keyring-dir``; the old positional store still works, with a note."""
    common.add_store_options(p, legacy_positional=True)


def _path(args: argparse.Namespace) -> Path:
    return common.require_store(common.store_path(args))


def _keyring(args: argparse.Namespace) -> Path | str | None:
    """``--keyring-dir`` as given: a directory, or a ``postgresql://`` URL of a key database."""
    value = getattr(args, "keyring_dir", None)
    if not value:
        return None
    return value if is_url(value) else Path(value)


def _quiet_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--quiet", "-q", action="store_true",
                   help="no progress line on stderr (it is drawn only on a terminal anyway)")


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("verify", help="verify the hash chain from genesis; exit 1 on failure")
    _store_arg(p)
    p.add_argument("--json", action="store_true", help="print the structured result")
    _quiet_arg(p)
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser("log", help="print the ledger human-readably")
    _store_arg(p)
    p.add_argument("--all-tenants", action="store_true", help="every tenant (operator use)")
    p.add_argument("--json", action="store_true", help="print the structured result")
    p.set_defaults(func=cmd_log)

    p = sub.add_parser("salvage", help="export the verified prefix to a new store")
    _store_arg(p)
    p.add_argument("--out", required=True, help="new, empty store directory")
    p.add_argument("--out-keyring-dir", help="where the copy's own keyring goes (default: beside "
                   "the original's, under the keyring root)")
    p.set_defaults(func=cmd_salvage)

    p = sub.add_parser("migrate", help="copy a store to the other backend and verify the copy")
    p.add_argument("source", help="store directory or postgresql:// URL to copy from")
    p.add_argument("target", help="empty directory or postgresql:// URL (empty schema) to copy to")
    p.add_argument("--keyring-dir", help="the store's keyring (default: AFFIDAVIT_KEYRING_DIR/<store id>)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_migrate)


def cmd_verify(args: argparse.Namespace) -> int:
    from affidavit.memory.verify import verify_at, verify_result
    from affidavit.progress import Phases

    path = _path(args)
    phases = Phases(quiet=args.quiet)
    report = verify_at(path, common.keyring_dir(args, path), Identity.from_env(),
                       phases.start("verify"))  # the MCP tool's report
    phases.end()
    if args.json:
        print(json.dumps(verify_result(report)))
    else:
        print(report.text())
    return 0 if report.ok else 1


def cmd_log(args: argparse.Namespace) -> int:
    from affidavit.memory.history import entries

    with common.open_store(args) as store:
        if args.all_tenants:
            store.identity.require_operator("log --all-tenants")
        tenant = None if args.all_tenants else store.identity.tenant
        for entry in entries(store, tenant=tenant):
            if args.json:
                sys.stdout.write(msgspec.json.encode(entry).decode() + "\n")
            else:
                print(f"{entry.seq:>7}  {entry.recorded_at}  {entry.kind:<20} {entry.actor:<12} "
                      f"{entry.resolver:<24} {entry.summary}")
    return 0


def cmd_salvage(args: argparse.Namespace) -> int:
    from affidavit.engine.salvage import salvage

    # The copy holds every tenant's events (the chain links them all), so it answers
    # every tenant's questions: only an operator process may make one.
    Identity.from_env().require_operator("salvage (the copy holds every tenant's events)")
    path = _path(args)
    out_kdir = Path(args.out_keyring_dir) if args.out_keyring_dir else None
    result = salvage(path, Path(args.out), common.keyring_dir(args, path), out_kdir)
    verdict = result.verdict
    print(f"salvaged {plural(verdict.events, 'verified event')} to {args.out}")
    if result.keyring_dir is not None:
        print(f"the copy has its own keyring ({plural(result.keys_copied, 'key')} its events "
              f"need) at {result.keyring_dir}; the original's keyring is not shared")
    else:
        print("the original's keyring was not available: the copy holds ciphertext it cannot open")
    if not verdict.ok:
        print(f"dropped from seq {verdict.first_bad_seq}: {verdict.found}")
    return 0


def cmd_migrate(args: argparse.Namespace) -> int:
    from affidavit.engine.migration import migrate

    report = migrate(store_location(args.source), store_location(args.target), _keyring(args))
    if args.json:
        print(json.dumps(msgspec.to_builtins(report)))
    else:
        print(report.text())
    return 0
