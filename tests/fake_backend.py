"""A deterministic in-memory ToolBackend for the MCP tests, and the server spawn helper.

Its judgments are crude on purpose (a claim is admitted when every word of it
appears in the evidence); what matters is that every result honours the
public shapes and every failure is a typed ``AffidavitError``. Two trigger
words exercise the server's containment: ``CRASH`` raises an unexpected
exception whose message holds personal content, ``BADSHAPE`` returns a result
that breaks the output schema.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path
from typing import Any

from affidavit.errors import InvalidInput, NotFound, SourceConflict, UnknownSource

TESTS_DIR = Path(__file__).resolve().parent
SECRET = "Zebulon Quaintrell"  # personal content that must never reach stdout or logs


def _check_id(field: str, value: str) -> None:
    # The real store refuses path-like ids too: ids are opaque, never file paths.
    if "/" in value or "\\" in value or ".." in value:
        raise InvalidInput(field, "must be an opaque id, not a path")


def _words(text: str) -> list[str]:
    return [w.strip(".,;:!?'\"").lower() for w in text.split() if w.strip(".,;:!?'\"")]


class FakeBackend:
    """Deterministic stand-in for the real store."""

    def __init__(self, operator: bool = False) -> None:
        self.operator = operator
        self.claims: dict[str, dict[str, Any]] = {}
        self.sources: dict[str, str] = {}
        self.events: list[dict[str, Any]] = []
        self.queue: dict[str, dict[str, Any]] = {}
        self.closed = False

    def _event(self, kind: str, summary: str) -> None:
        seq = len(self.events) + 1
        self.events.append(
            {
                "seq": seq,
                "kind": kind,
                "recorded_at": "2024-01-01T00:00:00Z",
                "actor": "agent:test",
                "summary": summary,
            }
        )

    def remember(
        self,
        *,
        claim: str,
        evidence: str,
        source_id: str | None = None,
        source_text: str | None = None,
        subject: str | None = None,
        valid_from: str | None = None,
        valid_to: str | None = None,
    ) -> dict[str, Any]:
        if "CRASH" in claim:
            raise RuntimeError(f"unexpected failure about {SECRET}")
        if "BADSHAPE" in claim:
            return {"status": "admitted", "text": 42}
        if source_id is not None:
            _check_id("source_id", source_id)
            if source_text is not None:
                self.add_source(source_id=source_id, text=source_text)
            if source_id not in self.sources:
                raise UnknownSource(f"source {source_id} is not registered")
        missing = [w for w in _words(claim) if w not in _words(evidence)]
        if missing:
            return {
                "status": "refused",
                "reason": "asserts_more_than_evidence",
                "claim_id": None,
                "receipt": None,
                "text": f"Refused: the evidence does not support '{missing[0]}'.",
            }
        claim_id = "c" + hashlib.sha256(claim.encode()).hexdigest()[:12]
        record = {
            "id": claim_id,
            "text": claim,
            "subject": subject or claim.split()[0],
            "state": "active",
            "valid_from": valid_from,
            "valid_to": valid_to,
        }
        if "maybe" in _words(evidence):
            record["state"] = "quarantined"
            self.queue["q" + claim_id] = {
                "item": "q" + claim_id,
                "claim_id": claim_id,
                "reason": "modality_dropped",
                "claim": claim,
                "evidence": evidence,
                "reviewed_hash": "h" + claim_id,
            }
            self.claims[claim_id] = record
            self._event("CLAIM_QUARANTINED", f"claim {claim_id}")
            return {
                "status": "quarantined",
                "reason": "modality_dropped",
                "claim_id": claim_id,
                "receipt": None,
                "text": f"Quarantined {claim_id} for review.",
            }
        self.claims[claim_id] = record
        self._event("CLAIM_ADMITTED", f"claim {claim_id}")
        receipt = {"root": "r" * 64, "byte_start": 0, "byte_end": len(evidence.encode())}
        return {
            "status": "admitted",
            "reason": None,
            "claim_id": claim_id,
            "receipt": receipt,
            "text": f"Admitted {claim_id}.",
        }

    def recall(
        self, *, query: str, as_of: str | None = None, as_of_seq: int | None = None, limit: int = 10
    ) -> dict[str, Any]:
        terms = [w for w in _words(query) if len(w) > 3]
        hits = [
            c
            for c in self.claims.values()
            if c["state"] in ("active", "disputed") and any(t in _words(c["text"]) for t in terms)
        ][:limit]
        if not hits:
            term = terms[0] if terms else None
            return {
                "status": "abstained",
                "reason": "unknown_subject",
                "ungrounded_term": term,
                "claims": [],
                "next": "remember it with evidence first",
                "text": "Abstained: nothing stored grounds this question.",
            }
        claims = [
            {
                "id": c["id"],
                "text": c["text"],
                "state": c["state"],
                "valid_from": c["valid_from"],
                "valid_to": c["valid_to"],
                "receipt_status": "verified",
            }
            for c in hits
        ]
        return {
            "status": "answered",
            "reason": None,
            "ungrounded_term": None,
            "claims": claims,
            "next": None,
            "text": "\n".join(c["text"] for c in hits),
        }

    def forget(self, *, subject: str) -> dict[str, Any]:
        gone = [k for k, c in self.claims.items() if c["subject"] == subject]
        if not gone:
            return {
                "status": "unknown_subject",
                "certificate": None,
                "text": "Nothing stored about that subject.",
            }
        for key in gone:
            del self.claims[key]
        self._event("ERASED", f"{len(gone)} claims")
        return {
            "status": "erased",
            "certificate": {"claims": len(gone), "signature": "s" * 8},
            "text": f"Erased {len(gone)} claims.",
        }

    def verify(self) -> dict[str, Any]:
        return {
            "ok": True,
            "events": len(self.events),
            "head_hash": "0" * 64,
            "first_bad_seq": None,
            "receipts": {"verified": len(self.claims), "failed": 0, "source_not_held": 0},
            "expected": None, "found": None, "head_seal": "verified",
            "content": {"checked": True, "fields": 0, "opened": 0, "erased": 0, "unreadable_events": 0,
                        "key_missing": 0, "key_corrupted": 0, "ciphertext_invalid": 0,
                        "first_unreadable_seq": None},
            "checks": [{"name": "chain", "status": "passed", "detail": "fake"}],
            "checks_run": ["chain"], "checks_skipped": [],
            "text": f"Chain verified: {len(self.events)} events.",
        }

    def history(self, *, subject: str | None = None, claim_id: str | None = None) -> dict[str, Any]:
        events = [e for e in self.events if claim_id is None or claim_id in e["summary"]]
        return {"events": events, "text": f"{len(events)} events."}

    def add_source(self, *, source_id: str, text: str, origin: str | None = None) -> dict[str, Any]:
        _check_id("source_id", source_id)
        root = hashlib.sha256(text.encode()).hexdigest()
        if source_id in self.sources:
            if self.sources[source_id] != text:
                raise SourceConflict(f"source {source_id} is registered with different text")
            status = "already_registered"
        else:
            self.sources[source_id] = text
            self._event("SOURCE_REGISTERED", f"source {source_id}")
            status = "registered"
        return {
            "status": status,
            "source_id": source_id,
            "root": root,
            "parts": max(1, text.count(".")),
            "text": f"Source {source_id}: {status}.",
        }

    def stats(self) -> dict[str, Any]:
        counts = dict.fromkeys(("active", "disputed", "superseded", "quarantined", "frozen"), 0)
        for c in self.claims.values():
            counts[c["state"]] += 1
        subjects = len({c["subject"] for c in self.claims.values()})
        return {
            "claims": counts,
            "subjects": subjects,
            "sources": len(self.sources),
            "events": len(self.events),
            "head_hash": "0" * 64,
            "text": f"{len(self.claims)} claims.",
        }

    def review_queue(self) -> dict[str, Any]:
        return {"items": list(self.queue.values()), "text": f"{len(self.queue)} items."}

    def review(self, *, item: str, decision: str, note: str,
               reviewed_hash: str | None = None) -> dict[str, Any]:
        entry = self.queue.pop(item, None)
        if entry is None:
            raise NotFound("no such review item")
        claim = self.claims[entry["claim_id"]]
        claim["state"] = "active" if decision == "approve" else "superseded"
        status = "approved" if decision == "approve" else "rejected"
        self._event("REVIEW_DECIDED", f"claim {claim['id']} {status}")
        return {"status": status, "claim_id": claim["id"], "text": f"Claim {status}."}

    def close(self) -> None:
        self.closed = True


def main() -> None:
    """Serve the fake over stdio (the tests spawn this in a child process)."""
    from affidavit.logs import configure_logging
    from affidavit.mcp.server import run

    configure_logging()
    run(FakeBackend(operator="--operator" in sys.argv), sys.stdin.buffer, sys.stdout.buffer)


def server_command(store: str, operator: bool = False) -> tuple[list[str], dict[str, str]]:
    """argv and env of the server under test: the fake, or ``affidavit serve`` when
    ``AFFIDAVIT_MCP_TEST_SERVER=real``."""
    env = dict(os.environ)
    if os.environ.get("AFFIDAVIT_MCP_TEST_SERVER") == "real":
        env["AFFIDAVIT_OPERATOR"] = "1" if operator else ""
        return [sys.executable, "-m", "affidavit", "serve", "--store", store], env
    code = f"import sys; sys.path.insert(0, {str(TESTS_DIR)!r}); import fake_backend; fake_backend.main()"
    return [sys.executable, "-c", code, *(["--operator"] if operator else [])], env


def using_fake() -> bool:
    return os.environ.get("AFFIDAVIT_MCP_TEST_SERVER", "fake") != "real"
