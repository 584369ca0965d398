"""`affidavit report`: the self-contained HTML audit report, and its figures as JSON.

Exit codes: 0 no integrity finding; 1 a finding (the chain or head seal fails, the
newest checkpoint does not verify or the head does not extend it, an erasure
certificate does not verify); 2 an error (bad arguments, not an operator for the
scope asked, not a ledger).
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from pathlib import Path

from affidavit.cli.ledger_cmds import _keyring, _path, _quiet_arg, _store_arg
from affidavit.errors import InvalidInput


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("report", help="write a self-contained HTML audit report (and/or its JSON)")
    _store_arg(p)
    p.add_argument("--html", metavar="OUT.html", type=Path, help="write the page here")
    p.add_argument("--json", action="store_true", help="print the report's figures as JSON")
    scope = p.add_mutually_exclusive_group()
    scope.add_argument("--tenant", metavar="T", help="this tenant (another one: operator only)")
    scope.add_argument("--all-tenants", action="store_true", help="every tenant (operator only)")
    p.add_argument("--since", metavar="SEQ_OR_ISO",
                   help="dated sections from this seq, or from events recorded at or after this time")
    p.add_argument("--include-content", action="store_true",
                   help="show claim texts (personal content!) where the keyring opens them")
    p.add_argument("--no-reresolve", action="store_true",
                   help="skip re-deciding every recorded write with today's gate (the slow part)")
    _quiet_arg(p)
    p.set_defaults(func=cmd_report)


def regenerate_command(args: argparse.Namespace, tenant_env: str, operator: bool) -> str:
    """The exact command (absolute paths, identity variables) that writes this report again."""
    env = []
    keyring_env = os.environ.get("AFFIDAVIT_KEYRING_DIR")
    if keyring_env and not args.keyring_dir:
        env.append(f"AFFIDAVIT_KEYRING_DIR={Path(keyring_env).resolve()}")
    if tenant_env != "default":
        env.append(f"AFFIDAVIT_TENANT={tenant_env}")
    if operator:
        env.append("AFFIDAVIT_OPERATOR=1")
    location, keyring = _path(args), _keyring(args)  # a URL stays as given
    words = ["affidavit", "report", str(location.resolve() if isinstance(location, Path) else location)]
    if keyring is not None:
        words += ["--keyring-dir", str(keyring.resolve() if isinstance(keyring, Path) else keyring)]
    if args.html is not None:
        words += ["--html", str(args.html.resolve())]
    if args.json:
        words.append("--json")
    if args.all_tenants:
        words.append("--all-tenants")
    elif args.tenant:
        words += ["--tenant", args.tenant]
    if args.since:
        words += ["--since", args.since]
    if args.include_content:
        words.append("--include-content")
    if args.no_reresolve:
        words.append("--no-reresolve")
    return shlex.join([*env, *words])


def _write(path: Path, page: str, private: bool) -> None:
    """Replace ``path`` atomically; a page with personal content is readable by its owner only."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600 if private else 0o644)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(page)
    os.replace(tmp, path)


def cmd_report(args: argparse.Namespace) -> int:
    import msgspec

    from affidavit.clock import SystemClock
    from affidavit.forensics.report import ReportOptions, build_report
    from affidavit.forensics.report_html import render_html
    from affidavit.identity import Identity
    from affidavit.progress import Phases

    if args.html is None and not args.json:
        raise InvalidInput("report", "expected --html OUT.html, --json, or both")
    identity = Identity.from_env()
    tenant = None if args.all_tenants else (args.tenant or identity.tenant)
    needs_operator = tenant is None or tenant != identity.tenant
    options = ReportOptions(tenant=tenant, since=args.since, include_content=args.include_content,
                            command=regenerate_command(args, identity.tenant, needs_operator),
                            reresolve=not args.no_reresolve)
    phases = Phases(quiet=args.quiet)
    report = build_report(_path(args), _keyring(args), identity=identity, options=options,
                          at_us=SystemClock().now_us(), phases=phases)
    if args.html is not None:
        _write(args.html, render_html(report), private=report.content_included)
    if args.json:
        sys.stdout.write(msgspec.json.encode(report).decode() + "\n")
    else:
        status = "no integrity findings" if not report.findings else "; ".join(report.findings)
        print(f"wrote {args.html}: {report.chain.events} events, {status}")
    return 1 if report.findings else 0
