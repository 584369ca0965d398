"""Narrowed reads of an entity named by many claims answer exactly as a full scan does."""

from __future__ import annotations

import random

import pytest

from affidavit.engine import clear_text_caches
from affidavit.gates import read_postings
from affidavit.gates.contracts import ClaimShape
from affidavit.gates.read import decide_read
from affidavit.gates.read_index import MemoryReadIndex

AT = "2025-06-01"
QUESTIONS = [
    "Where is Harbor Bank based?", "Who runs Harbor Bank?", "Who works for Harbor Bank?",
    "Who founded Harbor Bank?", "What is the headcount of Harbor Bank?",
    "Who is the CEO of Harbor Bank?", "Where is the company that employs Person001 Doe based?",
    "Who owns Harbor Bank?", "What does Harbor Bank make?", "Who is Harbor Bank's founder?",
    "Where was Harbor Bank based in 2001?", "What is Harbor Bank's salary?",
    "Who manages Harbor Bank?", "What sport does Harbor Bank sponsor?",
]  # fmt: skip


def _index(seed: int) -> MemoryReadIndex:
    rng = random.Random(seed)
    index = MemoryReadIndex()
    facts = [("{p} works for Harbor Bank.", "work"), ("{p} manages Harbor Bank.", "manage"),
             ("{p} is the chief executive of Harbor Bank.", "role"),
             ("{p} owns 2% of Harbor Bank.", "own")]
    for n in range(300):
        person = f"Person{n:03d} Doe"
        template, pred = rng.choice(facts)
        text = template.format(p=person)
        rest = text[len(person):].strip(" .")
        index.add(f"c{n}", text, ClaimShape(person, (person, "Harbor Bank"), pred, rest, (pred,)),
                  valid_from=f"{1990 + rng.randrange(30)}-01-01")
    org = [("Harbor Bank is based in Leeds.", "location", "2000-01-01"),
           ("Harbor Bank makes payment terminals.", "make", None),
           ("Harbor Bank employs 4,000 people.", "size", None),
           ("Harbor Bank sponsors Leeds Rhinos.", "sponsor", None)]
    for i, (text, pred, start) in enumerate(org):
        rest = text[len("Harbor Bank"):].strip(" .")
        index.add(f"o{i}", text, ClaimShape("Harbor Bank", ("Harbor Bank",), pred, rest, (pred,)),
                  valid_from=start)
    return index


@pytest.mark.parametrize("seed", [1, 2])
def test_narrowed_answers_equal_full_scan_answers(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """For every question the status, the reason and the answering claims are the same with
    and without the postings (seeded; prints nothing unless it fails)."""
    index = _index(seed)
    narrow = {q: decide_read(q, index, at=AT) for q in QUESTIONS}
    monkeypatch.setattr(read_postings, "LARGE_POOL", 10**9)
    full = {q: decide_read(q, index, at=AT) for q in QUESTIONS}
    answered = 0
    for q in QUESTIONS:
        a, b = narrow[q], full[q]
        assert (a.status, a.reason) == (b.status, b.reason), (seed, q)
        assert [c.claim_id for c in a.claims] == [c.claim_id for c in b.claims], (seed, q)
        answered += a.status == "answered"
    assert answered >= 6  # the control: the battery is not all abstentions


def test_an_erasure_clears_the_memo() -> None:
    """The postings hold lemmas of claim text: the erasure hook drops them with the text caches."""
    index = _index(3)
    decide_read("Where is Harbor Bank based?", index, at=AT)
    assert read_postings.MEMO._entries
    clear_text_caches()
    assert not read_postings.MEMO._entries
