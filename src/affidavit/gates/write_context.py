"""A quote read in its document: who "I" is, which firm "we" are, when only the source says.

An agent quotes the sentence that says the fact ("I moved to Drogheda in 2022") from an
email whose sign-off or header names the writer. The quote alone names nobody, so the
gate refuses it (``unknown_subject``). With the source text at hand, the gate may read
the quote in a window of its document; the claim is admitted only when

- the window supports it, and
- the same window with the quote blanked out does not: the quote is what says it, the
  document only says who it is about.

The stored evidence is then the span the gate chose in the window (the quote and the
line that names the writer), so the receipt shows everything the decision read. Pure.
"""

from __future__ import annotations

from affidavit.gates.contracts import WriteDecision
from affidavit.gates.write import decide_write

# A document larger than this is read around the quote only (a long thread's other
# messages are not this quote's context, and the decision's cost stays bounded).
WINDOW_CHARS = 3_000


def _window(source: str, start: int, end: int) -> tuple[int, int]:
    if len(source) <= WINDOW_CHARS:
        return 0, len(source)
    half = max(0, (WINDOW_CHARS - (end - start)) // 2)
    a = source.rfind("\n", 0, max(0, start - half)) + 1
    b = source.find("\n", min(len(source), end + half))
    return a, len(source) if b < 0 else b


def decide_in_source(claim: str, evidence: str, source: str) -> tuple[str, WriteDecision] | None:
    """The window of ``source`` that admits ``claim`` through ``evidence``, with the decision,
    or None when the document adds nothing the quote needs (or the support lies outside it)."""
    start = source.find(evidence)
    if start < 0 or not evidence.strip():
        return None
    end = start + len(evidence)
    a, b = _window(source, start, end)
    window = source[a:b]
    if window.strip() == evidence.strip():
        return None  # the quote is the whole document: nothing more to read
    decision = decide_write(claim, window)
    if decision.verdict == "REJECT" or decision.span is None:
        return None
    s, e = decision.span
    if e <= start - a or s >= end - a:
        return None  # the chosen span does not reach the quote
    qs, qe = start - a, end - a
    blanked = window[:qs] + " " * (qe - qs) + window[qe:]
    if decide_write(claim, blanked).verdict != "REJECT":
        return None  # the rest of the document says it without the quote: quote that instead
    return window, decision
