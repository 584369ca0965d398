"""A small chat-register store for the recall paraphrase, time and multi-hop tests.

Claims are indexed with the write gate's own shapes (as the store would hold them),
supersession applied; every test file asks its questions of this one store, so each
answered paraphrase and its abstaining near-miss see the same claims.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from affidavit.gates.contracts import ReadDecision
from affidavit.gates.read import decide_read
from affidavit.gates.read_index import MemoryReadIndex
from affidavit.gates.write import decide_write

AT = "2025-06-01"

CLAIMS: tuple[tuple[str, str, str | None], ...] = (
    ("study", "Lena Moss studied nursing at Harlow College.", None),
    ("rent", "Lena Moss rents her flat from Ola Berg.", "2022-03-01"),
    ("grew", "Lena Moss grew up in Tromsø.", None),
    ("brothers", "Lena Moss has two brothers.", None),
    ("reports", "Lena Moss reports to Ivan Petrov.", None),
    ("hockey", "Lena Moss plays hockey.", None),
    ("asthma", "Lena Moss has asthma.", None),
    ("bergen", "Lena Moss lives in Bergen.", "2015-01-01"),
    ("oslo", "Lena Moss lives in Oslo.", "2023-05-01"),
    ("stake", "Lena Moss owns 30% of Brix Systems.", None),
    ("joined", "Lena Moss joined Brix Systems in 2019.", None),
    ("works", "Lena Moss works for Brix Systems.", None),
    ("born", "Lena Moss was born in 1988.", None),
    ("inhaler", "Lena Moss takes salbutamol 100 mcg as needed.", None),
    ("married", "Lena Moss is married to Jon Moss.", None),
    ("bought", "Brix Systems bought Tessel in 2019.", None),
    ("makes", "Brix Systems makes industrial sensors.", None),
    ("headcount", "Brix Systems employs 120 people.", None),
    ("ceo", "Ivan Petrov is the chief executive of Brix Systems.", None),
    ("gala", "The Harlow Gala charges £45 per ticket.", None),
    ("teaches", "Sam Reed teaches chemistry at Oslo University.", None),
    ("lets", "Sam Reed rents out his flat to Mia Lund.", None),
    ("piano", "Sam Reed plays the piano.", None),
    ("employs", "Sam Reed hired Tom Hale in 2021.", None),
    ("founded", "Sam Reed founded Reed Labs.", None),
    ("tessel_hq", "Tessel is based in Kraków.", None),
)


def index_of(claims: Sequence[tuple[str | None, ...]]) -> MemoryReadIndex:
    """A store of ``(claim id, text, valid from[, valid to])`` claims, each its own evidence,
    indexed with the write gate's shapes in valid-time order (supersession applied)."""
    index = MemoryReadIndex()
    for claim_id, text, valid_from, *rest in sorted(claims, key=lambda c: c[2] or ""):
        assert claim_id is not None and text is not None
        shape = decide_write(text, text).shape
        assert shape is not None, text
        index.add(claim_id, text, shape, valid_from=valid_from, valid_to=rest[0] if rest else None)
    return index


def build() -> MemoryReadIndex:
    return index_of(CLAIMS)


def ask(index: MemoryReadIndex, question: str, **kw: object) -> ReadDecision:
    return decide_read(question, index, at=AT, **kw)  # type: ignore[arg-type]


def ids(decision: ReadDecision) -> list[str]:
    return [c.claim_id for c in decision.claims]


def assert_pair(index: MemoryReadIndex, question: str, want: list[str], miss: str, at: str) -> None:
    """``question`` is answered by exactly the claims ``want``; its near-miss ``miss``,
    over the same store, abstains."""
    d = decide_read(question, index, at=at)
    assert d.status == "answered" and sorted(c.claim_id for c in d.claims) == sorted(want), d.text
    m = decide_read(miss, index, at=at)
    assert m.status == "abstained", m.text


def red_team_vectors(name: str) -> dict[str, Any]:
    """A red team's probes kept under ``tests/vectors`` (claims as plain strings)."""
    return dict(json.loads((Path(__file__).parent / "vectors" / name).read_text("utf-8")))


def assert_probe(probe: dict[str, Any], answered: bool) -> None:
    """A kept probe still gets its outcome: abstains, or is answered by exactly its claims."""
    index = index_of([(f"c{i}", c, None) for i, c in enumerate(probe["claims"])])
    d = decide_read(probe["question"], index, at=probe["at"])
    if answered:
        assert d.status == "answered" and sorted(ids(d)) == probe["want_ids"], (probe["id"], d.text)
    else:
        assert d.status == "abstained", (probe["id"], probe["question"], d.text)
