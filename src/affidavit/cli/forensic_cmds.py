"""`affidavit replay`, `reresolve`, `checkpoint`, `prove`, `export`: forensics on a store.

Exit codes: 0 ok; 1 a finding (a decision today's gate makes differently, a proof
that does not verify); 2 an error (bad arguments, a store that cannot open).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from affidavit.cli import common
from affidavit.cli.ledger_cmds import _quiet_arg, _store_arg
from affidavit.progress import Phases
from affidavit.wording import plural

if TYPE_CHECKING:  # the store (and the gates under it) load when a command runs, not to parse
    from affidavit.store import Store


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("replay", help="what the store held at a past seq or time")
    _store_arg(p)
    group = p.add_mutually_exclusive_group(required=True)
    group.add_argument("--until", type=int, metavar="SEQ", help="replay events 1..SEQ")
    group.add_argument("--until-time", metavar="ISO", help="replay events recorded at or before ISO")
    p.add_argument("--subject", metavar="NAME", help="show this subject's claims as they stood")
    p.add_argument("--json", action="store_true", help="print the structured result")
    _quiet_arg(p)
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("reresolve", help="re-decide recorded writes with today's gate (read-only)")
    _store_arg(p)
    p.add_argument("--all-tenants", action="store_true", help="every tenant (operator use)")
    p.add_argument("--json", action="store_true", help="print the structured result")
    _quiet_arg(p)
    p.set_defaults(func=cmd_reresolve)

    p = sub.add_parser("checkpoint", help="append a signed checkpoint of the event log")
    _store_arg(p)
    p.add_argument("--json", action="store_true", help="print the structured result")
    p.set_defaults(func=cmd_checkpoint)

    p = sub.add_parser("prove", help="inclusion or consistency proof under the latest checkpoint")
    _store_arg(p)
    group = p.add_mutually_exclusive_group(required=True)
    group.add_argument("--seq", type=int, metavar="N", help="prove event N is in the log")
    group.add_argument("--from-checkpoint", metavar="FILE_OR_SIZE",
                       help="prove today's log extends an earlier checkpoint (note file or size)")
    p.set_defaults(func=cmd_prove)

    p = sub.add_parser("export", help="write a bundle that affidavit-verify checks independently")
    _store_arg(p)
    p.add_argument("--out", required=True, metavar="DIR", help="new, empty directory")
    p.add_argument("--claims", nargs="+", default=["all"], metavar="ID",
                   help="'all' (default) or claim ids whose receipts to include")
    p.add_argument("--include-evidence", action="store_true",
                   help="include the held source parts (personal content!) so receipts re-derive")
    p.add_argument("--all-tenants", action="store_true", help="receipts of every tenant")
    p.add_argument("--checkpoint", action="store_true",
                   help="first sign a checkpoint covering every event (unless the head is one), "
                   "so the bundle's every event is under a signature (needs the keyring)")
    p.add_argument("--json", action="store_true", help="print the structured result")
    _quiet_arg(p)
    p.set_defaults(func=cmd_export)


def _open(args: argparse.Namespace, *, keyring_needed: bool = False) -> Store:
    return common.open_store(args, keyring_needed=keyring_needed)


def _emit(value: Any, as_json: bool, text: str) -> None:
    print(json.dumps(msgspec.to_builtins(value)) if as_json else text)


def cmd_replay(args: argparse.Namespace) -> int:
    from affidavit.forensics.replay import replay_to, seq_at_time

    with _open(args) as store:
        seq = args.until if args.until is not None else seq_at_time(store, args.until_time)
        phases = Phases(quiet=args.quiet)
        summary = replay_to(store, seq, subject=args.subject, progress=phases.start("replay"))
        phases.end()
    _emit(summary, args.json, summary.text())
    return 0


def cmd_reresolve(args: argparse.Namespace) -> int:
    from affidavit.forensics.reresolve import reresolve

    with _open(args) as store:
        if args.all_tenants:
            store.identity.require_operator("reresolve --all-tenants")
        phases = Phases(quiet=args.quiet)
        report = reresolve(store, tenant=None if args.all_tenants else store.identity.tenant,
                           progress=phases.start("reresolve"))
        phases.end()
    _emit(report, args.json, report.text())
    return 1 if report.changed else 0


def cmd_checkpoint(args: argparse.Namespace) -> int:
    from affidavit.forensics.checkpoints import sign_checkpoint, signed_note

    with _open(args, keyring_needed=True) as store:
        cp = sign_checkpoint(store)
    e = cp.event
    note = signed_note(e.note, e.note.split("\n", 1)[0], e.public_key, e.signature)
    value = {"seq": cp.seq, "tree_size": e.tree_size, "head_hash": e.head_hash,
             "tree_root": e.tree_root, "note": note, "public_key": e.public_key.hex()}
    _emit(value, args.json, note.rstrip("\n"))
    return 0


def cmd_prove(args: argparse.Namespace) -> int:
    from affidavit.errors import LogBehindCheckpoint
    from affidavit.forensics import proofs

    with _open(args) as store:
        if args.seq is not None:
            result: Any = proofs.prove_inclusion(store, args.seq)
        else:
            size, root, note = proofs.read_old_checkpoint(args.from_checkpoint)
            try:
                result = proofs.prove_consistency(store, size, root, note)
            except LogBehindCheckpoint as exc:  # a finding about the store, not an error
                print(json.dumps({"verified": False, "finding": exc.code, "held_size": exc.size,
                                  "head_seq": exc.head_seq, "detail": str(exc)}, indent=2))
                return 1
    print(json.dumps(msgspec.to_builtins(result), indent=2))
    return 0 if result.verified else 1


def cmd_export(args: argparse.Namespace) -> int:
    from affidavit.forensics.export import covering_checkpoint, export_bundle

    claims = None if args.claims == ["all"] else args.claims
    with _open(args, keyring_needed=args.checkpoint) as store:
        if args.all_tenants:
            store.identity.require_operator("export --all-tenants")
        phases = Phases(quiet=args.quiet)
        if args.checkpoint:
            covering_checkpoint(store)
        summary = export_bundle(store, Path(args.out), claims=claims,
                                include_evidence=args.include_evidence, all_tenants=args.all_tenants,
                                progress=phases.start("export"))
        phases.end()
    text = (f"exported {plural(summary.events, 'event')}, "
            f"{plural(summary.checkpoints, 'checkpoint')}, "
            f"{plural(summary.receipts, 'receipt')} ({summary.receipts_with_evidence} with "
            f"evidence), {plural(summary.certificates, 'certificate')} to {summary.out}\n"
            f"check it anywhere with: affidavit-verify {summary.out}")
    _emit(summary, args.json, text)
    return 0
