"""`affidavit verify`, `log`, `salvage`: the ledger as stored."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import msgspec

from affidavit.identity import Identity
from affidavit.store import Store, default_store_path


def _store_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("store", nargs="?",
                   help="store directory (default: AFFIDAVIT_STORE or the per-user default)")
    p.add_argument("--keyring-dir", help="keyring directory (default: AFFIDAVIT_KEYRING_DIR/<store id>)")


def _path(args: argparse.Namespace) -> Path:
    return Path(args.store) if args.store else default_store_path()


def _quiet_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--quiet", "-q", action="store_true",
                   help="no progress line on stderr (it is drawn only on a terminal anyway)")


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("verify", help="verify the hash chain from genesis; exit 1 on failure")
    _store_arg(p)
    p.add_argument("--json", action="store_true")
    _quiet_arg(p)
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser("log", help="print the ledger human-readably")
    _store_arg(p)
    p.add_argument("--all-tenants", action="store_true", help="every tenant (operator use)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_log)

    p = sub.add_parser("salvage", help="export the verified prefix to a new store")
    _store_arg(p)
    p.add_argument("--out", required=True, help="new, empty store directory")
    p.add_argument("--out-keyring-dir", help="where the copy's own keyring goes (default: beside "
                   "the original's, under the keyring root)")
    p.set_defaults(func=cmd_salvage)


def cmd_verify(args: argparse.Namespace) -> int:
    from affidavit.memory.verify import verify_at, verify_result
    from affidavit.progress import Phases

    kdir = Path(args.keyring_dir) if args.keyring_dir else None
    phases = Phases(quiet=args.quiet)
    report = verify_at(_path(args), kdir, Identity.from_env(), phases.start("verify"))  # the MCP tool's
    phases.end()
    if args.json:
        print(json.dumps(verify_result(report)))
    else:
        print(report.text())
    return 0 if report.ok else 1


def cmd_log(args: argparse.Namespace) -> int:
    from affidavit.memory.history import entries

    kdir = Path(args.keyring_dir) if args.keyring_dir else None
    with Store.open(_path(args), keyring_dir=kdir, create=False, allow_missing_keyring=True) as store:
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
    kdir = Path(args.keyring_dir) if args.keyring_dir else None
    out_kdir = Path(args.out_keyring_dir) if args.out_keyring_dir else None
    result = salvage(_path(args), Path(args.out), kdir, out_kdir)
    verdict = result.verdict
    print(f"salvaged {verdict.events} verified events to {args.out}")
    if result.keyring_dir is not None:
        print(f"the copy has its own keyring ({result.keys_copied} keys its events need) at "
              f"{result.keyring_dir}; the original's keyring is not shared")
    else:
        print("the original's keyring was not available: the copy holds ciphertext it cannot open")
    if not verdict.ok:
        print(f"dropped from seq {verdict.first_bad_seq}: {verdict.found}")
    return 0
