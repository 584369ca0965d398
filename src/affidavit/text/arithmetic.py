"""A claim's number that the evidence's own numbers make certain, and says how.

"we'll take 40 bales at ₦18,500 each" makes "the order comes to ₦740,000 in total"; "14 at
dinner, 3 left early, the rest went on" makes "eleven went on"; "38 staff now, up from 30"
makes "eight more staff". ``derived`` says whether a claim's number is the sum, the
difference or the product of two numbers of the evidence, and only when words on both
sides say which: the claim names a total ("in total", "together", "comes to"), a remainder
or a change ("the rest", "left", "more", "fewer", "by"), and for a product the evidence
names a price per item ("each", "apiece", "per head"). A number that merely equals some sum of the
evidence's numbers, with no such word, is still invented.

The units must agree: both operands with the claim's unit (a currency, a percent), or all
three bare counts. Pure; no rounding (Decimal arithmetic, equality exact).
"""

from __future__ import annotations

import re
from itertools import combinations

from affidavit.text.numbers import Quantity

_TOTAL = re.compile(
    r"\b(?:in total|total(?:ling|ing|led|ed|s)?|together|combined|altogether|in all|all told|overall|"
    r"comes? to|came to|come to|sum|both)\b",
    re.I,
)
_REMAINDER = re.compile(
    r"\b(?:the rest|rest of|remaining|remain(?:s|ed)?|left|leftover|other|others|more|fewer|less|"
    r"still|balance|difference|longer|shorter|older|younger|increase[sd]?|decrease[sd]?|undamaged|"
    r"intact|unpaid|outstanding)\b",
    re.I,
)
# In the evidence only these name a remainder ("the rest of us went on"), not "more" or "other".
_REST = re.compile(r"\b(?:the rest|the remaining|the others|the remainder)\b", re.I)
# A price per item ("40 bales at ₦18,500 each"), not per night or month: those rate time.
_RATE = re.compile(r"\b(?:each|apiece|a piece|per (?:head|person|item|unit|piece)|a head)\b|[×x]\s*\d", re.I)


def _units_agree(q: Quantity, a: Quantity, b: Quantity) -> bool:
    return a.unit == b.unit == q.unit or (q.unit is None and a.unit == b.unit and a.unit in (None, "%"))


def _product_units(q: Quantity, a: Quantity, b: Quantity) -> bool:
    # "40 bales at ₦18,500 each": a count times a price is that price's unit.
    return (a.unit is None and b.unit == q.unit) or (b.unit is None and a.unit == q.unit)


def derived(q: Quantity, claim: str, evidence: str, ev_q: tuple[Quantity, ...]) -> str | None:
    """How ``q`` follows from two of ``ev_q`` ("sum", "difference", "product"), or None."""
    if q.unit is not None and q.unit.startswith(("version:", "ord")):
        return None
    by = re.search(r"\bby\s+" + re.escape(q.surface.strip()), claim) is not None
    total = _TOTAL.search(claim) is not None
    # "14 of us ... 3 left early, the rest went on": the remainder may be the evidence's word.
    remainder = by or _REMAINDER.search(claim) is not None or _REST.search(evidence) is not None
    rate = _RATE.search(evidence) is not None
    distinct = {(x.value, x.unit): x for x in ev_q if x.value > 0}
    for a, b in combinations(distinct.values(), 2):
        if total and _units_agree(q, a, b) and a.value + b.value == q.value:
            return "sum"
        if remainder and _units_agree(q, a, b) and abs(a.value - b.value) == q.value:
            return "difference"
        if total and rate and _product_units(q, a, b) and a.value * b.value == q.value:
            return "product"
    return None


def cue_words(
    claim: str, evidence: str, claim_q: tuple[Quantity, ...], ev_q: tuple[Quantity, ...]
) -> set[str]:
    """The claim's words that name the sum or difference it states ("total", "more",
    "left"): said by the evidence's numbers when a claim number is ``derived`` from them."""
    stated = {(q.value, q.unit) for q in ev_q}
    if not any((q.value, q.unit) not in stated and derived(q, claim, evidence, ev_q) for q in claim_q):
        return set()
    found: set[str] = set()
    for pattern in (_TOTAL, _REMAINDER):
        for hit in pattern.finditer(claim):
            found.update(w.casefold() for w in hit.group(0).split())
    return found
