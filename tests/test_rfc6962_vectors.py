"""The published transparency-dev/merkle RFC 6962 vectors, accepted and rejected alike.

Every vector runs against ``affidavit.translog`` (the store's tree maths) and against
``affidavit_verify`` (the standalone bundle verifier, which shares no code with it).
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest

import affidavit_verify
from affidavit import translog

VECTORS = Path(__file__).parent / "vectors" / "transparency-dev-merkle" / "testdata"
INCLUSION = sorted((VECTORS / "inclusion").rglob("*.json"))
CONSISTENCY = sorted((VECTORS / "consistency").rglob("*.json"))
_U64 = 1 << 64


def _load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def _b(value: str | None) -> bytes:
    return base64.b64decode(value or "")


def _proof(values: list[str] | None) -> list[bytes]:
    return [_b(v) for v in values or []]


def _signed(n: int) -> int:
    """Go's uint64 vectors write -1 as 2**64 - 1; either way it is out of range."""
    return n - _U64 if n >= _U64 // 2 else n


def _id(path: Path) -> str:
    return str(path.relative_to(VECTORS))


def test_the_vector_set_is_the_published_one() -> None:
    """All 98 inclusion and 98 consistency vectors are present, both outcomes among them."""
    assert (len(INCLUSION), len(CONSISTENCY)) == (98, 98)
    outcomes = {_load(p)["wantErr"] for p in INCLUSION + CONSISTENCY}
    assert outcomes == {True, False}


@pytest.mark.parametrize("path", INCLUSION, ids=_id)
def test_inclusion_vector(path: Path) -> None:
    """Each inclusion vector verifies exactly when the reference implementation says so."""
    v = _load(path)
    args = (_b(v["leafHash"]), _signed(v["leafIdx"]), _signed(v["treeSize"]), _proof(v["proof"]),
            _b(v["root"]))
    want = not v["wantErr"]
    assert translog.verify_inclusion(*args) is want
    leaf, index, size, proof, root = args
    assert affidavit_verify.verify_path(leaf, index, size, proof, root, affidavit_verify.log_node) is want


@pytest.mark.parametrize("path", CONSISTENCY, ids=_id)
def test_consistency_vector(path: Path) -> None:
    """Each consistency vector verifies exactly when the reference implementation says so."""
    v = _load(path)
    args = (_signed(v["size1"]), _signed(v["size2"]), _b(v["root1"]), _b(v["root2"]),
            _proof(v["proof"]))
    want = not v["wantErr"]
    assert translog.verify_consistency(*args) is want
    assert affidavit_verify.verify_consistency(*args, affidavit_verify.log_node) is want
