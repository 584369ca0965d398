"""Erasure certificates: a signed, self-contained statement of what one erasure removed.

The certificate is JSON ``{"body": {...}, "signature": "<hex>"}``. The signature is
Ed25519 over the canonical JSON of the body (keys sorted, no whitespace, UTF-8),
and the body names the signer's public key, so anyone can check it with the
public key alone (``verify_certificate``, ``affidavit verify-certificate``); no
store, keyring or engine state is needed. The body carries no personal content:
the subject appears only as a keyed fingerprint. Format: docs/erasure.md.
"""

from __future__ import annotations

import base64
import binascii
import os
from pathlib import Path
from typing import Literal

import msgspec

from affidavit.crypto.signer import SIGNATURE_ALG, Signer, verify_signature

CERTIFICATE_FORMAT = "affidavit-erasure-certificate/1"
SIGNING_KEY_FILE = "signing.key"  # in the keyring directory, mode 0600
PUBLIC_KEY_FILE = "signing.pub"  # beside the store, PEM
# DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410): what precedes the 32 key bytes.
_ED25519_SPKI_PREFIX = bytes.fromhex("302a300506032b6570032100")


class ProbeResult(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: Literal["name", "alias", "claim_text", "claim_predicate"]
    status: Literal["answered", "abstained"]


class CertificateBody(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    format: str = CERTIFICATE_FORMAT
    store_id: str
    tenant: str
    subject_fingerprint: str
    erasure_seq: int
    erasure_event_hash: str
    erased_at: str
    scope: str
    entities_erased: int
    claims_erased: int
    parts_redacted: int
    keys_destroyed: int
    key_destroyed: bool
    bystanders_surviving: int
    bystander_receipts_verified: int
    cipher: str
    probes: tuple[ProbeResult, ...]
    probes_abstained: int
    resolver: str
    signature_alg: str = SIGNATURE_ALG
    public_key: str  # hex of the raw 32-byte Ed25519 public key
    adversary_checkable: bool = True


class Certificate(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    body: CertificateBody
    signature: str  # hex


def scope_text(store_id: str, tenant: str, erasure_seq: int) -> str:
    return (f"This store ({store_id}), tenant {tenant}, from ledger seq {erasure_seq} on. "
            "Not covered: backups, exports, copies or bundles of this store taken before "
            "that seq, and anything a reader copied out earlier.")


def build_body(*, store_id: str, tenant: str, fingerprint: str, erasure_seq: int,
               erasure_hash: str, erased_at: str, counts: dict[str, int], key_destroyed: bool,
               probes: tuple[ProbeResult, ...], public_key_hex: str, cipher: str,
               resolver: str) -> CertificateBody:
    return CertificateBody(
        store_id=store_id, tenant=tenant, subject_fingerprint=fingerprint,
        erasure_seq=erasure_seq, erasure_event_hash=erasure_hash, erased_at=erased_at,
        scope=scope_text(store_id, tenant, erasure_seq),
        entities_erased=counts["entities_erased"], claims_erased=counts["claims_erased"],
        parts_redacted=counts["parts_redacted"], keys_destroyed=counts["keys_destroyed"],
        key_destroyed=key_destroyed, bystanders_surviving=counts["bystanders_surviving"],
        bystander_receipts_verified=counts["bystander_receipts_verified"], cipher=cipher,
        probes=probes, probes_abstained=sum(1 for p in probes if p.status == "abstained"),
        resolver=resolver, public_key=public_key_hex,
    )


def canonical(body: CertificateBody) -> bytes:
    """The exact bytes that are signed: sorted keys, no whitespace."""
    return msgspec.json.encode(body, order="sorted")


def signer_for(keyring_dir: Path) -> Signer:
    """The install's signing key (exclusive create, 0600) in the keyring directory."""
    return Signer.load_or_create(keyring_dir / SIGNING_KEY_FILE)


def write_public_key(store_dir: Path, signer: Signer) -> Path:
    """``<store>/signing.pub``: replaced atomically, so a reader never sees half a key."""
    path = store_dir / PUBLIC_KEY_FILE
    pem = signer.public_key_pem()
    if path.exists() and path.read_bytes() == pem:
        return path
    tmp = path.with_name(f".{PUBLIC_KEY_FILE}.{os.getpid()}.tmp")
    tmp.write_bytes(pem)
    os.replace(tmp, path)
    return path


def sign(signer: Signer, body: CertificateBody) -> tuple[Certificate, bytes, bytes]:
    """The certificate, the exact signed payload and the signature."""
    payload = canonical(body)
    signature = signer.sign(payload)
    return Certificate(body, signature.hex()), payload, signature


def from_issued(payload: bytes, signature: bytes) -> Certificate:
    """Rebuild a certificate from a CERTIFICATE_ISSUED event's payload and signature."""
    body = msgspec.json.decode(payload, type=CertificateBody)
    return Certificate(body, signature.hex())


def to_json(certificate: Certificate) -> bytes:
    return msgspec.json.encode(certificate, order="sorted")


def _strict_hex(value: str, size: int) -> bytes | None:
    """Lowercase hex of exactly ``size`` bytes; "AB" for "ab" is a different certificate."""
    if len(value) != 2 * size:
        return None
    try:
        raw = bytes.fromhex(value)
    except ValueError:
        return None
    return raw if raw.hex() == value else None


def public_key_raw(public_key: bytes) -> bytes | None:
    """Raw 32-byte Ed25519 key from raw bytes or a PEM SubjectPublicKeyInfo; None if neither."""
    if len(public_key) == 32:
        return public_key
    text = public_key.strip()
    head, tail = b"-----BEGIN PUBLIC KEY-----", b"-----END PUBLIC KEY-----"
    if not (text.startswith(head) and text.endswith(tail)):
        return None
    try:
        der = base64.b64decode(b"".join(text[len(head):-len(tail)].split()), validate=True)
    except (binascii.Error, ValueError):
        return None
    if len(der) != len(_ED25519_SPKI_PREFIX) + 32 or not der.startswith(_ED25519_SPKI_PREFIX):
        return None
    return der[len(_ED25519_SPKI_PREFIX):]


def verify_certificate(cert_json: bytes, public_key: bytes | None = None) -> bool:
    """True when the certificate is well formed and its signature verifies.

    With ``public_key`` (raw 32 bytes or PEM) the signer must be that key; without
    it only integrity under the embedded key is shown (anyone can sign with a key of
    their own), so pass the store's published ``signing.pub`` when you can.
    """
    try:
        cert = msgspec.json.decode(cert_json, type=Certificate)
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError):
        return False
    body = cert.body
    embedded = _strict_hex(body.public_key, 32)
    signature = _strict_hex(cert.signature, 64)
    if embedded is None or signature is None:
        return False
    if body.format != CERTIFICATE_FORMAT or body.signature_alg != SIGNATURE_ALG:
        return False
    if not body.adversary_checkable:
        return False
    if public_key is not None and public_key_raw(public_key) != embedded:
        return False
    return verify_signature(embedded, canonical(body), signature)
