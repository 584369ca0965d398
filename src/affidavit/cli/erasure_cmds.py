"""`affidavit verify-certificate`: check an erasure certificate with the public key alone.

Needs no store and no keyring. Exit 0 when the signature verifies (under the given
public key, if one is passed), 1 when it does not, 2 when a file cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "verify-certificate",
        help="verify an erasure certificate (JSON) with the signer's public key alone",
    )
    p.add_argument("file", metavar="FILE",
                   help="certificate JSON, or what `forget --json` prints, or - for stdin")
    p.add_argument("--public-key", metavar="PEMFILE",
                   help="the store's published signing.pub; without it only integrity under "
                        "the key embedded in the certificate is checked")
    p.set_defaults(func=cmd_verify_certificate)


def _read(name: str) -> bytes | None:
    if name == "-":
        return sys.stdin.buffer.read()
    try:
        return Path(name).read_bytes()
    except OSError as exc:
        print(f"error: cannot read {name}: {exc.strerror}", file=sys.stderr)
        return None


def certificate_of(data: bytes) -> bytes:
    """The certificate in ``data``: itself, or the ``certificate`` of a forget result."""
    try:
        value = json.loads(data)
    except (ValueError, UnicodeDecodeError):
        return data  # not JSON: verification says INVALID
    if isinstance(value, dict) and isinstance(value.get("certificate"), dict):
        return json.dumps(value["certificate"]).encode()
    return data


def cmd_verify_certificate(args: argparse.Namespace) -> int:
    # The signature check (cryptography's key formats) loads when this command runs, not
    # when any other command parses its arguments.
    from affidavit.certificates import public_key_raw, verify_certificate

    cert = _read(args.file)
    if cert is None:
        return 2
    cert = certificate_of(cert)
    key: bytes | None = None
    if args.public_key:
        key = _read(args.public_key)
        if key is None:
            return 2
        if public_key_raw(key) is None:
            print("error: --public-key is not an Ed25519 public key in PEM form", file=sys.stderr)
            return 2
    if not verify_certificate(cert, key):
        print("INVALID — the certificate does not verify"
              + (" under the given public key" if key is not None else "") + ".")
        return 1
    if key is None:
        print("VALID signature under the key embedded in the certificate. Pass --public-key "
              "with the store's signing.pub to check who signed it.")
    else:
        print("VALID — signed by the given public key.")
    return 0
