"""affidavit-verify: check an exported bundle with nothing but this file.

Standalone on purpose: it imports only the standard library and ``cryptography``
(for Ed25519), never the engine, so an auditor can read all of it. It
re-implements the event hash chain, the RFC 6962 log tree, the source-document
receipt tree and the signature checks (docs/forensics.md describes the bundle).

Every check ends as PASS, FAIL or NOT VERIFIABLE HERE; the last is never counted
as a pass. SKIPPED names a check no bundle can answer (the keyed head seal, which
`affidavit verify` checks with the keyring); it is listed, never passed. A bundle is
all-PASS when nothing failed and nothing was NOT VERIFIABLE HERE. Exit status: 0 no
failure, 1 at least one failure, 2 unusable bundle.

    affidavit-verify DIR [--public-key PEM] [--json]
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import struct
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

BUNDLE_FORMAT = "affidavit-bundle/1"
EVENT_DOMAIN = b"affidavit/event/v1\n"
SOURCE_LEAF = b"affidavit/source-leaf/v1\x00"
SOURCE_NODE = b"affidavit/source-node/v1\x00"
MIN_SALT = 16
PASS, FAIL, NOT_HERE, SKIPPED = "PASS", "FAIL", "NOT VERIFIABLE HERE", "SKIPPED"


def sha256(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def lp(data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + data


def event_hash(e: dict[str, Any], prev: bytes) -> bytes:
    """docs/ledger-format.md: SHA-256 over the domain tag, the header and the stored body."""
    return sha256(EVENT_DOMAIN + struct.pack(">Q", e["seq"]) + lp(e["kind"].encode())
                  + lp(e["tenant"].encode()) + lp(e["actor"].encode())
                  + struct.pack(">q", e["recorded_at"]) + lp(e["resolver"].encode())
                  + lp(e["body"]) + prev)


def log_leaf(data: bytes) -> bytes:
    return sha256(b"\x00" + data)


def log_node(left: bytes, right: bytes) -> bytes:
    return sha256(b"\x01" + left + right)


def source_node(left: bytes, right: bytes) -> bytes:
    return sha256(SOURCE_NODE + left + right)


def source_leaf(salt: bytes, part: bytes) -> bytes:
    return sha256(SOURCE_LEAF + struct.pack(">I", len(salt)) + salt + struct.pack(">Q", len(part)) + part)


def tree_root(leaves: Sequence[bytes], node: Callable[[bytes, bytes], bytes]) -> bytes:
    """RFC 6962 MTH over already-hashed leaves (left subtree: largest power of two < n)."""
    if not leaves:
        return sha256(b"")
    level = list(leaves)
    while len(level) > 1:  # pairing bottom-up and promoting the odd node gives the RFC shape
        up = [node(level[i], level[i + 1]) for i in range(0, len(level) - 1, 2)]
        level = up + ([level[-1]] if len(level) % 2 else [])
    return level[0]


def verify_path(leaf: bytes, index: int, size: int, proof: Sequence[bytes], root: bytes,
                node: Callable[[bytes, bytes], bytes]) -> bool:
    """RFC 9162 2.1.3.2 inclusion check; a malformed proof is a failed one."""
    if not 0 <= index < size or len(leaf) != 32 or len(root) != 32:
        return False
    fn, sn, r = index, size - 1, leaf
    for p in proof:
        if sn == 0 or len(p) != 32:
            return False
        if fn & 1 or fn == sn:
            r = node(p, r)
            while not fn & 1 and fn != 0:
                fn, sn = fn >> 1, sn >> 1
        else:
            r = node(r, p)
        fn, sn = fn >> 1, sn >> 1
    return sn == 0 and r == root


def verify_consistency(size1: int, size2: int, root1: bytes, root2: bytes, proof: Sequence[bytes],
                       node: Callable[[bytes, bytes], bytes]) -> bool:
    """RFC 9162 2.1.4.2: the tree of ``size2`` extends the tree of ``size1``.

    As the transparency-dev reference decides the edge cases: a proof from the empty
    tree proves nothing, and equal sizes need an empty proof and equal roots.
    """
    if not 0 < size1 <= size2 or any(len(c) != 32 for c in proof):
        return False
    if size1 == size2:
        return not proof and root1 == root2
    if not proof:
        return False
    path = ([root1] if size1 & (size1 - 1) == 0 else []) + list(proof)
    fn, sn = size1 - 1, size2 - 1
    while fn & 1:
        fn, sn = fn >> 1, sn >> 1
    fr = sr = path[0]
    for c in path[1:]:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            fr, sr = node(c, fr), node(c, sr)
            while not fn & 1 and fn != 0:
                fn, sn = fn >> 1, sn >> 1
        else:
            sr = node(sr, c)
        fn, sn = fn >> 1, sn >> 1
    return fr == root1 and sr == root2 and sn == 0


def ed25519_ok(public_key: bytes, payload: bytes, signature: bytes) -> bool:
    try:
        Ed25519PublicKey.from_public_bytes(public_key).verify(signature, payload)
    except (InvalidSignature, ValueError):
        return False
    return True


def unhex(value: Any, size: int | None = None) -> bytes:
    if not isinstance(value, str) or value != value.lower():
        raise ValueError("expected lowercase hex")
    raw = bytes.fromhex(value)
    if size is not None and len(raw) != size:
        raise ValueError(f"expected {size} bytes")
    return raw


# -- compact bodies (ledger format 2, docs/ledger-format.md): 0x01 || positional msgpack ------

COMPACT = 0x01
# Field names in declaration order, as far as this verifier reads them (a test holds them
# to affidavit.events): a compact body is an array, a JSON body an object of the same fields.
COMPACT_FIELDS: dict[str, tuple[str, ...]] = {
    "STORE_CREATED": ("store_id", "format", "vocabulary"),
    "SOURCE_REGISTERED": ("source_ref", "root", "leaf_hashes"),
    "CLAIM_ADMITTED": ("claim_id", "subject_id", "entity_ids", "verdict", "private", "receipt"),
    "CLAIM_QUARANTINED": ("claim_id", "subject_id", "entity_ids", "reason", "private", "receipt"),
    "CERTIFICATE_ISSUED": ("erasure_seq", "payload", "signature", "public_key"),
    "CHECKPOINT_SIGNED": ("tree_size", "head_hash", "tree_root", "note", "signature", "public_key"),
}
RECEIPT_REF_FIELDS = ("source_ref", "receipt")
RECEIPT_FIELDS = ("root_hex", "byte_start", "byte_end", "part_indices", "leaf_hashes_hex", "proofs",
                  "tree_size", "parts_byte_start")


class Msgpack:
    """The msgpack this format uses (nil, bool, int, str, bin, array, ext) with its tokens."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0
        self.tokens: list[str] = []  # in the order they are defined; ext 0 refers to them

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise ValueError("truncated msgpack")
        self.at += n
        return self.data[self.at - n:self.at]

    def uint(self, n: int) -> int:
        return int.from_bytes(self.take(n), "big")

    def value(self) -> Any:
        b = self.take(1)[0]
        if b <= 0x7F or b >= 0xE0:
            return b if b <= 0x7F else b - 0x100
        if 0xA0 <= b <= 0xBF:
            return self.take(b - 0xA0).decode()
        if 0x90 <= b <= 0x9F:
            return [self.value() for _ in range(b - 0x90)]
        if b in (0xC0, 0xC2, 0xC3):
            return {0xC0: None, 0xC2: False, 0xC3: True}[b]
        if 0xCC <= b <= 0xCF:  # uint 8/16/32/64
            return self.uint(1 << (b - 0xCC))
        if 0xD0 <= b <= 0xD3:  # int 8/16/32/64
            return int.from_bytes(self.take(1 << (b - 0xD0)), "big", signed=True)
        if 0xD9 <= b <= 0xDB:  # str 8/16/32
            return self.take(self.uint(1 << (b - 0xD9))).decode()
        if 0xC4 <= b <= 0xC6:  # bin 8/16/32
            return self.take(self.uint(1 << (b - 0xC4)))
        if b in (0xDC, 0xDD):  # array 16/32
            return [self.value() for _ in range(self.uint(2 if b == 0xDC else 4))]
        if 0xD4 <= b <= 0xD8:  # fixext 1/2/4/8/16
            code = self.take(1)[0]
            return self.ext(code, self.take(1 << (b - 0xD4)))
        if 0xC7 <= b <= 0xC9:  # ext 8/16/32
            n = self.uint(1 << (b - 0xC7))
            code = self.take(1)[0]
            return self.ext(code, self.take(n))
        raise ValueError(f"msgpack type 0x{b:02x} is not used by the format")

    def ext(self, code: int, data: bytes) -> str:
        """A token: 0 refers to an earlier one, 1 is hex, 2 is a prefix, "_" and hex."""
        if code == 0:
            return self.tokens[int.from_bytes(data, "big")]
        if code == 1:
            text = data.hex()
        elif code == 2 and data:
            text = data[1:1 + data[0]].decode("ascii") + "_" + data[1 + data[0]:].hex()
        else:
            raise ValueError(f"unknown extension type {code}")
        self.tokens.append(text)
        return text


def parse_body(kind: str, body: bytes) -> Any:
    """A body as the JSON object it stands for (compact: only the fields read here, named)."""
    if body[:1] != bytes([COMPACT]):
        return json.loads(body)
    reader = Msgpack(body[1:])
    values = reader.value()
    if reader.at != len(reader.data) or not isinstance(values, list):
        raise ValueError("not one positional msgpack value")
    out = dict(zip(COMPACT_FIELDS.get(kind, ()), values, strict=False))
    ref = out.get("receipt")
    if isinstance(ref, list):
        out["receipt"] = ref = dict(zip(RECEIPT_REF_FIELDS, ref, strict=False))
        if isinstance(ref.get("receipt"), list):
            ref["receipt"] = dict(zip(RECEIPT_FIELDS, ref["receipt"], strict=False))
    return out


class Report:
    def __init__(self) -> None:
        self.items: list[tuple[str, str, str]] = []

    def add(self, status: str, what: str, detail: str = "") -> None:
        self.items.append((status, what, detail))

    def count(self, status: str) -> int:
        return sum(1 for s, _, _ in self.items if s == status)


class Unusable(Exception):
    """The bundle cannot be read at all."""


def read_lines(path: Path) -> list[dict[str, Any]]:
    if not path.is_file():
        raise Unusable(f"missing {path.name}")
    out = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            item = json.loads(line)
        except ValueError:
            raise Unusable(f"{path.name} line {number} is not JSON") from None
        if not isinstance(item, dict):
            raise Unusable(f"{path.name} line {number} is not an object")
        out.append(item)
    return out


Event = dict[str, Any]


def check_chain(report: Report, lines: list[Event], manifest: dict[str, Any]) -> list[Event]:
    """Verify the chain from genesis; returns the verified prefix with bodies parsed."""
    events: list[dict[str, Any]] = []
    prev, prev_at = bytes(32), -(2**63)
    withheld = 0
    for number, raw in enumerate(lines, 1):
        if raw.get("withheld") is True:  # another tenant's event: it can only be linked
            try:
                e = {"seq": raw["seq"], "kind": None, "withheld": True, "parsed": None,
                     "prev_hash": unhex(raw["prev_hash"], 32), "hash": unhex(raw["hash"], 32)}
            except (KeyError, ValueError, TypeError):
                report.add(FAIL, "chain", f"events.jsonl line {number} is malformed")
                return events
            if e["seq"] != number or e["prev_hash"] != prev or number == 1:
                report.add(FAIL, "chain", f"seq {number}: a withheld event does not link in place")
                return events
            events.append(e)
            prev, withheld = e["hash"], withheld + 1
            continue
        try:
            e = dict(raw, body=unhex(raw["body"]), prev_hash=unhex(raw["prev_hash"], 32),
                     hash=unhex(raw["hash"], 32))
            ints = all(type(e[k]) is int for k in ("seq", "recorded_at"))
            ok_types = ints and all(isinstance(e[k], str) for k in ("kind", "tenant", "actor", "resolver"))
        except (KeyError, ValueError, TypeError):
            ok_types = False
        if not ok_types:
            report.add(FAIL, "chain", f"events.jsonl line {number} is malformed")
            return events
        why = None
        if e["seq"] != number:
            why = f"expected seq {number}, found seq {e['seq']} (an event is missing or out of order)"
        elif e["prev_hash"] != prev:
            why = f"seq {number}: prev_hash does not link to the previous event"
        elif e["recorded_at"] < prev_at:
            why = f"seq {number}: recorded_at goes backwards"
        elif event_hash(e, prev) != e["hash"]:
            why = f"seq {number}: hash does not match the stored row"
        if why:
            report.add(FAIL, "chain", why)
            return events
        try:
            e["parsed"] = parse_body(e["kind"], e["body"])
        except (ValueError, IndexError):
            e["parsed"] = None
        events.append(e)
        prev, prev_at = e["hash"], e["recorded_at"]
    first = events[0]["parsed"] if events else None
    if not events or events[0]["kind"] != "STORE_CREATED" or not isinstance(first, dict) \
            or first.get("store_id") != manifest.get("store_id"):
        report.add(FAIL, "chain", "genesis is not STORE_CREATED for the manifest's store_id")
    elif len(events) != manifest.get("events") or prev.hex() != manifest.get("head_hash"):
        report.add(FAIL, "chain", f"{len(events)} events ending at {prev.hex()[:16]}…, but the "
                   f"manifest says {manifest.get('events')} ending at {str(manifest.get('head_hash'))[:16]}…")
    else:
        report.add(PASS, "chain", f"{len(events)} events chain from genesis to {prev.hex()[:16]}…")
    if withheld:
        report.add(NOT_HERE, "other tenants' events", f"{withheld} event(s) of other tenants are "
                   "withheld: linked in place and covered by the signed roots, hashes not recomputed")
    return events


def b64(value: Any) -> bytes:
    """A bytes field: base64 in a JSON body, raw in a compact one."""
    return value if isinstance(value, bytes) else base64.b64decode(value, validate=True)


def check_checkpoints(report: Report, events: list[dict[str, Any]], lines: list[dict[str, Any]],
                      origin: str, pinned: bytes | None) -> None:
    hashes = [e["hash"] for e in events]
    by_seq = {}
    covered, covering_seq = 0, 0  # the largest valid tree_size, and that checkpoint's own seq
    for e in events:
        if e["kind"] != "CHECKPOINT_SIGNED":
            continue
        what = f"checkpoint at seq {e['seq']}"
        b = e["parsed"] or {}
        try:
            size, note = b["tree_size"], b["note"]
            sig, key = b64(b["signature"]), b64(b["public_key"])
        except (KeyError, ValueError, TypeError):
            report.add(FAIL, what, "body does not decode")
            continue
        by_seq[e["seq"]] = (size, note, sig, key, b)
        if not isinstance(size, int) or not 0 <= size < e["seq"]:
            report.add(FAIL, what, "tree_size is not a prefix before the checkpoint")
            continue
        root = tree_root([log_leaf(h) for h in hashes[:size]], log_node)
        expect_note = f"{origin}\n{size}\n{base64.b64encode(root).decode()}\n"
        head = hashes[size - 1].hex() if size else bytes(32).hex()
        if note != expect_note or b.get("tree_root") != root.hex() or b.get("head_hash") != head:
            report.add(FAIL, what, "root, size or origin differ from the exported events")
        elif not ed25519_ok(key, note.encode(), sig):
            report.add(FAIL, what, "Ed25519 signature does not verify")
        elif pinned is not None and key != pinned:
            report.add(FAIL, what, "signed by a key other than the pinned public key")
        else:
            if size >= covered:
                covered, covering_seq = size, e["seq"]
            report.add(PASS, what, f"signed root over {size} events")
    check_consistency_proofs(report, by_seq, lines)
    for line in lines:
        got = by_seq.get(line.get("seq"))
        try:
            same = got is not None and (line["tree_size"], line["note"], unhex(line["signature"]),
                                        unhex(line["public_key"])) == got[:4]
        except (KeyError, ValueError):
            same = False
        if not same:
            report.add(FAIL, f"checkpoints.jsonl seq {line.get('seq')}", "differs from the ledger event")
    if pinned is None and by_seq:
        report.add(NOT_HERE, "signing key", "no public key pinned or shipped: signatures are checked "
                   "against the key inside the events only")
    report_coverage(report, len(events), covered, covering_seq)


def report_coverage(report: Report, count: int, covered: int, covering_seq: int) -> None:
    """Which events a valid signed checkpoint covers.

    A checkpoint cannot cover itself: it signs the root of the ``tree_size`` events
    before it. When it covers every event before it (``tree_size == seq - 1``), its own
    CHECKPOINT_SIGNED event counts as covered by its own signature (the size, root and
    note it carries are what was signed; its header is chain-verified). Events after it
    are chain-verified only.
    """
    through = covering_seq if covered and covered == covering_seq - 1 else covered
    tail = count - through
    if tail:
        first = through + 1
        report.add(NOT_HERE, "checkpoint coverage",
                   f"{tail} event(s) from seq {first} on, after the last valid checkpoint, are "
                   "chain-verified only (export with --checkpoint to cover them)")
    elif count:
        report.add(PASS, "checkpoint coverage",
                   f"all {count} events: 1..{covered} under the signed root of the checkpoint at seq "
                   f"{covering_seq}, which is covered by its own signature")


def check_consistency_proofs(report: Report, by_seq: dict[int, Any], lines: list[dict[str, Any]]) -> None:
    """Each shipped proof shows a signed checkpoint extends the signed one before it."""
    roots = {v[0]: unhex(v[4].get("tree_root"), 32) for v in by_seq.values() if v[4].get("tree_root")}
    for line in lines:
        link = line.get("consistency")
        if link is None:
            continue
        what = f"consistency of checkpoint at seq {line.get('seq')}"
        try:
            old_size, new_size = int(link["from_size"]), int(line["tree_size"])
            proof = [unhex(h, 32) for h in link["proof"]]
            old_root, new_root = roots[old_size], roots[new_size]
        except (KeyError, ValueError, TypeError):
            report.add(FAIL, what, "proof or the checkpoints it links are missing or malformed")
            continue
        if verify_consistency(old_size, new_size, old_root, new_root, proof, log_node):
            report.add(PASS, what, f"extends the signed checkpoint of {old_size} events (RFC 6962 proof)")
        else:
            report.add(FAIL, what, f"does not extend the signed checkpoint of {old_size} events")


def check_held_checkpoint(report: Report, events: list[Event], note: str, origin: str,
                          pinned: bytes | None) -> None:
    """A checkpoint the auditor kept from earlier: is the bundle's log an extension of it?"""
    what = "held checkpoint"
    lines = note.split("\n")
    try:
        name, size, root = lines[0], int(lines[1]), base64.b64decode(lines[2], validate=True)
    except (IndexError, ValueError):
        report.add(FAIL, what, "not a checkpoint note (origin, size, base64 root)")
        return
    if name != origin:
        report.add(FAIL, what, f"for another log ({name!r}), not {origin!r}")
    elif not 0 < size <= len(events):
        report.add(FAIL, what, f"covers {size} events but the bundle holds {len(events)}: the log "
                   "was cut or rolled back, or the checkpoint is of the empty log")
    elif tree_root([log_leaf(e["hash"]) for e in events[:size]], log_node) != root:
        report.add(FAIL, what, f"the bundle's first {size} events do not hash to its root: "
                   "the log was rewritten")
    else:
        report.add(PASS, what, f"the bundle's log extends the held checkpoint of {size} events")
        signed = held_signature(note, name, pinned)
        if signed is not None:
            detail = "verified" if signed else "does not verify"
            report.add(PASS if signed else FAIL, "held checkpoint signature",
                       f"{detail} against the pinned key")


def held_signature(note: str, name: str, pinned: bytes | None) -> bool | None:
    body, _, sigs = note.partition("\n\n")
    if pinned is None or not sigs:
        return None
    for line in sigs.splitlines():
        parts = line.split(" ")
        if len(parts) == 3 and parts[0] == "\u2014" and parts[1] == name:
            try:
                blob = base64.b64decode(parts[2], validate=True)
            except ValueError:
                return False
            return ed25519_ok(pinned, (body + "\n").encode(), blob[4:])
    return False


def check_receipts(report: Report, events: list[dict[str, Any]], lines: list[dict[str, Any]]) -> None:
    for line in lines:
        what = f"receipt of {line.get('claim_id')} (seq {line.get('event_seq')})"
        try:
            status, detail = receipt_status(events, line)
        except (KeyError, ValueError, TypeError, IndexError, AttributeError):
            status, detail = FAIL, "malformed receipt entry"
        report.add(status, what, detail)


def receipt_status(events: list[dict[str, Any]], line: dict[str, Any]) -> tuple[str, str]:
    seq, src_seq, r = line["event_seq"], line["source_seq"], line["receipt"]
    if not (isinstance(seq, int) and 1 <= seq <= len(events)):
        return FAIL, "its claim event is not in the chain"
    claim = events[seq - 1]
    body = claim["parsed"] or {}
    kinds = ("CLAIM_ADMITTED", "CLAIM_QUARANTINED")
    if claim["kind"] not in kinds or body.get("claim_id") != line["claim_id"]:
        return FAIL, "event_seq does not point at this claim"
    if (body.get("receipt") or {}).get("receipt") != r:
        return FAIL, "differs from the receipt recorded in the claim event"
    if not (isinstance(src_seq, int) and 1 <= src_seq <= len(events)):
        return NOT_HERE, "its source registration is not in the bundle"
    source = events[src_seq - 1]
    sbody = source["parsed"] or {}
    if source["kind"] != "SOURCE_REGISTERED" or source["tenant"] != claim["tenant"] \
            or sbody.get("source_ref") != body["receipt"]["source_ref"]:
        return FAIL, "source_seq is not this claim's source registration"
    idx, leaves_hex = r["part_indices"], r["leaf_hashes_hex"]
    root = unhex(r["root_hex"], 32)
    if sbody.get("root") != r["root_hex"] or r["tree_size"] != len(sbody["leaf_hashes"]):
        return FAIL, "root or size differ from the registered source"
    if not idx or len(idx) != len(leaves_hex) or len(idx) != len(r["proofs"]) \
            or any(b != a + 1 for a, b in zip(idx, idx[1:], strict=False)):
        return FAIL, "malformed receipt"
    for i, leaf_hex, proof in zip(idx, leaves_hex, r["proofs"], strict=True):
        if sbody["leaf_hashes"][i] != leaf_hex:
            return FAIL, f"leaf of part {i} differs from the registered source"
        if not verify_path(unhex(leaf_hex, 32), i, r["tree_size"], [unhex(p, 32) for p in proof],
                           root, source_node):
            return FAIL, f"inclusion proof for part {i} does not reach the root"
    parts = line.get("parts")
    if parts is None:
        return NOT_HERE, "proofs reach the root; evidence not included, so leaves are not re-derived"
    held = []
    for i, leaf_hex, part in zip(idx, leaves_hex, parts, strict=True):
        if part is None:
            return NOT_HERE, f"proofs reach the root; part {i} is no longer held (redacted or erased)"
        salt, data = unhex(part["salt"]), unhex(part["bytes"])
        if part["index"] != i or len(salt) < MIN_SALT or source_leaf(salt, data).hex() != leaf_hex:
            return FAIL, f"held part {i} does not match its leaf hash"
        held.append(len(data))
    first_end = r["parts_byte_start"] + held[0]
    last_start = r["parts_byte_start"] + sum(held[:-1])
    if not (r["parts_byte_start"] <= r["byte_start"] < first_end
            and last_start < r["byte_end"] <= last_start + held[-1]):
        return FAIL, "byte range does not lie within exactly the receipt's parts"
    return PASS, f"{len(idx)} part(s) re-derived and proven under the source root"


def check_certificates(report: Report, events: list[dict[str, Any]], lines: list[dict[str, Any]],
                       pinned: bytes | None) -> None:
    for line in lines:
        what = f"certificate at seq {line.get('seq')}"
        try:
            seq = line["seq"]
            e = events[seq - 1] if isinstance(seq, int) and 1 <= seq <= len(events) else None
            b = (e or {}).get("parsed") or {}
            payload, sig, key = unhex(line["payload"]), unhex(line["signature"]), unhex(line["public_key"])
            recorded = e is not None and e["kind"] == "CERTIFICATE_ISSUED" and (
                b64(b["payload"]), b64(b["signature"]), b64(b["public_key"])) == (payload, sig, key)
        except (KeyError, ValueError, TypeError):
            report.add(FAIL, what, "malformed certificate entry")
            continue
        if not recorded:
            report.add(FAIL, what, "differs from the CERTIFICATE_ISSUED event in the chain")
        elif not certificate_bound(events, payload, b.get("erasure_seq")):
            report.add(FAIL, what, "payload does not name the erasure event it certifies")
        elif not ed25519_ok(key, payload, sig):
            report.add(FAIL, what, "Ed25519 signature does not verify")
        elif pinned is not None and key != pinned:
            report.add(FAIL, what, "signed by a key other than the pinned public key")
        else:
            report.add(PASS, what, "signature verifies over the recorded payload")


def certificate_bound(events: list[Event], payload: bytes, erasure_seq: Any) -> bool:
    """The signed body names the erasure event (seq and hash) and the signer's key."""
    try:
        body = json.loads(payload)
        seq = body["erasure_seq"]
        target = events[seq - 1] if type(seq) is int and 1 <= seq <= len(events) else None
        return (target is not None and seq == erasure_seq and target["kind"] == "SUBJECT_ERASED"
                and body["erasure_event_hash"] == target["hash"].hex())
    except (ValueError, KeyError, TypeError):
        return False


def load_key(path: Path) -> bytes:
    key = serialization.load_pem_public_key(path.read_bytes())
    if not isinstance(key, Ed25519PublicKey):
        raise Unusable(f"{path.name} is not an Ed25519 public key")
    return key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def verify_bundle(bundle: Path, public_key: Path | None = None, held_note: str | None = None) -> Report:
    try:
        manifest = json.loads((bundle / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise Unusable("missing or unreadable manifest.json") from None
    if not isinstance(manifest, dict) or manifest.get("format") != BUNDLE_FORMAT:
        raise Unusable(f"not an {BUNDLE_FORMAT} bundle")
    shipped = bundle / "signing.pub"
    try:
        pinned = load_key(public_key) if public_key else (load_key(shipped) if shipped.is_file() else None)
    except ValueError:
        raise Unusable("the public key is not a PEM Ed25519 key") from None
    report = Report()
    events = check_chain(report, read_lines(bundle / "events.jsonl"), manifest)
    origin = f"affidavit/{manifest.get('store_id')}"
    check_checkpoints(report, events, read_lines(bundle / "checkpoints.jsonl"), origin, pinned)
    if held_note is not None:
        check_held_checkpoint(report, events, held_note, origin, pinned)
    check_receipts(report, events, read_lines(bundle / "receipts.jsonl"))
    check_certificates(report, events, read_lines(bundle / "certificates.jsonl"), pinned)
    report.add(SKIPPED, "head seal", "a keyed MAC: no bundle can check it; `affidavit verify` "
               "checks it with the store's keyring")
    return report


def held_note_text(path: Path) -> str:
    """A bare or signed note, or the JSON `affidavit checkpoint --json` prints."""
    text = path.read_text(encoding="utf-8")
    if text.lstrip().startswith("{"):
        try:
            return str(json.loads(text)["note"])
        except (ValueError, KeyError, TypeError):
            raise Unusable("the checkpoint JSON has no note") from None
    return text


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="affidavit-verify", description=__doc__.split("\n")[0])
    parser.add_argument("bundle", type=Path)
    parser.add_argument("--public-key", type=Path, help="pin the expected Ed25519 key (PEM)")
    parser.add_argument("--checkpoint", type=Path, metavar="NOTE",
                        help="a checkpoint note kept from earlier: check the bundle's log extends it")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        held = None if args.checkpoint is None else held_note_text(args.checkpoint)
        report = verify_bundle(args.bundle, args.public_key, held)
    except (Unusable, OSError, UnicodeDecodeError) as exc:
        print(f"UNUSABLE BUNDLE: {exc}", file=sys.stderr)
        return 2
    failed, not_here = report.count(FAIL), report.count(NOT_HERE)
    if args.json:
        print(json.dumps({"ok": failed == 0, "all_pass": failed == 0 and not_here == 0, "results": [
            {"status": s, "what": w, "detail": d} for s, w, d in report.items]}))
    else:
        for status, what, detail in report.items:
            print(f"{status:<20} {what}: {detail}")
        print(f"{report.count(PASS)} passed, {failed} failed, {not_here} not verifiable here, "
              f"{report.count(SKIPPED)} skipped (not checkable from a bundle)")
        if failed == 0 and not_here == 0:
            print("ALL PASS")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
