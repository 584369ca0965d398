"""Obvious credentials are refused at the boundary, before anything is written.

Every text a caller gives that the store keeps is scanned: claim, evidence, subject,
source text, a source's id and origin, review and freeze notes. ``remember`` answers
with a typed refusal (a value); the other inputs raise ``InvalidInput``.
"""

from __future__ import annotations

import re

from affidavit.errors import InvalidInput

_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("private key", re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----")),
    ("AWS access key", re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b")),
    ("API key", re.compile(r"\b(?:sk|pk|rk)[-_](?:live|test|proj|ant)?[-_]?[A-Za-z0-9_-]{20,}\b")),
    ("GitHub token", re.compile(r"\bgh[pousr]_[A-Za-z0-9]{30,}\b")),
    ("Slack token", re.compile(r"\bxox[abprs]-[A-Za-z0-9-]{10,}\b")),
    ("Google API key", re.compile(r"\bAIza[0-9A-Za-z_-]{35}\b")),
    ("bearer token", re.compile(r"\bBearer\s+[A-Za-z0-9._~+/-]{20,}=*", re.IGNORECASE)),
    ("JSON web token", re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}")),
    ("password in a URL", re.compile(r"[a-z][a-z0-9+.-]*://[^/\s:@]+:[^/\s@]+@", re.IGNORECASE)),
    ("password", re.compile(r"\b(?:password|passwd|pwd)\s*[:=]\s*\S{6,}", re.IGNORECASE)),
)


def find_secret(text: str) -> str | None:
    """The kind of the first credential-looking string in ``text``, or None."""
    for kind, pattern in _PATTERNS:
        if pattern.search(text):
            return kind
    return None


def refuse_secrets(**fields: str | None) -> None:
    """Raise ``InvalidInput`` naming the first field that holds a credential (never its value)."""
    for field, text in fields.items():
        kind = find_secret(text) if text else None
        if kind is not None:
            raise InvalidInput(field, f"holds what looks like a {kind}; credentials are never "
                               "stored: remove it and try again")
