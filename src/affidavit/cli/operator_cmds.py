"""`affidavit claims` (browse) and the operator commands: review-queue, review, freeze,
unfreeze, resolve-dispute.

They run through the same tool table and backend as the MCP tools (``tool_cmds``).
Operator authority comes from the process (``AFFIDAVIT_OPERATOR=1``), never from an
option; without it these commands fail with exit 2 and say how to get it.
"""

from __future__ import annotations

import argparse
from typing import Any

from affidavit.cli.tool_cmds import _add
from affidavit.errors import InvalidInput


def add_parsers(subparsers: Any) -> None:
    """Register the browse and operator subcommands."""
    p = _add(subparsers, "claims", "list this tenant's claims, filtered and paged",
             tool="list_claims")
    p.add_argument("--subject", metavar="S", help="only claims about this subject")
    p.add_argument("--state", choices=("active", "disputed", "superseded", "quarantined",
                                       "frozen"))
    p.add_argument("--written-by", metavar="AGENT", help="only claims this agent wrote")
    p.add_argument("--source-id", metavar="ID", help="only claims citing this source")
    p.add_argument("--valid-at", metavar="DATE", help="only claims valid on this date")
    p.add_argument("--since-seq", type=int, metavar="N", help="recorded after ledger seq N")
    p.add_argument("--until-seq", type=int, metavar="N", help="recorded at or before seq N")
    p.add_argument("--recorded-after", metavar="DATE", help="recorded on or after this date")
    p.add_argument("--recorded-before", metavar="DATE", help="recorded before this date")
    p.add_argument("--cursor", metavar="C", help="next_cursor of the previous page")
    p.add_argument("--limit", type=int, default=20, metavar="N", help="rows per page (1-100)")

    _add(subparsers, "review-queue", "quarantined claims awaiting review (operator)")

    p = _add(subparsers, "review", "approve or reject one review item (operator)",
             prepare=_review)
    p.add_argument("item", metavar="ITEM")
    group = p.add_mutually_exclusive_group(required=True)
    group.add_argument("--approve", action="store_true")
    group.add_argument("--reject", action="store_true")
    p.add_argument("--note", required=True, metavar="TEXT", help="why; recorded in the ledger")
    p.add_argument("--reviewed-hash", metavar="HEX",
                   help="the item's reviewed_hash from review-queue; refused if it changed")

    for name, what in (("freeze", "take a live claim out of recall, kept for audit"),
                       ("unfreeze", "return a frozen claim to its earlier state")):
        p = _add(subparsers, name, f"{what} (operator)")
        p.add_argument("claim_id", metavar="CLAIM_ID")
        p.add_argument("--note", required=True, metavar="TEXT", help="why; recorded")

    p = _add(subparsers, "resolve-dispute",
             "keep one claim of a dispute, or make both valid at different times (operator)",
             prepare=_resolve)
    p.add_argument("claim_id", metavar="CLAIM_ID", help="any claim of the dispute")
    group = p.add_mutually_exclusive_group(required=True)
    group.add_argument("--keep", metavar="ID", help="the claim that stays; the others are superseded")
    group.add_argument("--valid", action="append", metavar="ID=FROM..TO",
                       help="both valid: each claim's valid time (repeat; FROM or TO may be empty)")
    p.add_argument("--note", required=True, metavar="TEXT", help="why; recorded")
    p.add_argument("--reviewed-hash", metavar="HEX",
                   help="the dispute_hash from `affidavit claims`; refused if it changed")


def _review(args: argparse.Namespace, arguments: dict[str, Any]) -> dict[str, Any]:
    return {**arguments, "decision": "approve" if args.approve else "reject"}


def parse_interval(text: str) -> dict[str, Any]:
    """``ID=FROM..TO`` (either date may be empty) as a tool interval argument."""
    claim_id, sep, span = text.partition("=")
    start, dots, end = span.partition("..")
    if not sep or not dots or not claim_id:
        raise InvalidInput("valid", "expected ID=FROM..TO, e.g. clm_1=2010-01-01..2014-12-31")
    return {"claim_id": claim_id, "valid_from": start or None, "valid_to": end or None}


def _resolve(args: argparse.Namespace, arguments: dict[str, Any]) -> dict[str, Any]:
    if args.keep is not None:
        return {**arguments, "decision": "keep_one"}
    return {**arguments, "decision": "both_valid",
            "intervals": [parse_interval(v) for v in args.valid]}
