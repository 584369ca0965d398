"""Sentence and clause splitting with str offsets into the original text."""

from __future__ import annotations

import re

# A sentence ends at . ! ? followed by space and a capital/digit/quote, or at a
# newline. Abbreviations with a dot ("Dr.", "e.g.", "5.0") do not end one.
_BOUNDARY = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9À-ÖØ-Þ])|\n\s*")
_ABBREVIATIONS = frozenset(
    {"dr", "mr", "mrs", "ms", "prof", "st", "no", "vs", "etc", "e.g", "i.e", "inc", "ltd",
     "co", "jr", "sr", "gen", "col", "capt", "sgt", "rev", "u.s", "u.k", "fig", "approx"}
)  # fmt: skip
_CLAUSE = re.compile(r"\s*[;:,]\s+|\s+(?:but|whereas|while|although|though)\s+|\s+-{1,2}\s+")


def sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans as ``(start, end)`` offsets, whitespace trimmed."""
    spans: list[tuple[int, int]] = []
    start = 0
    for m in _BOUNDARY.finditer(text):
        before = text[start : m.start()].rstrip()
        last_word = re.findall(r"[\w.]+$", before)
        if last_word and last_word[0].rstrip(".").casefold() in _ABBREVIATIONS:
            continue
        spans.append((start, m.start()))
        start = m.end()
    spans.append((start, len(text)))
    out = []
    for a, b in spans:
        while a < b and text[a].isspace():
            a += 1
        while b > a and text[b - 1].isspace():
            b -= 1
        if b > a:
            out.append((a, b))
    return out


def clauses(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """Clause spans inside ``text[start:end]``, split at , ; : and contrastive conjunctions."""
    stop = len(text) if end is None else end
    out: list[tuple[int, int]] = []
    pos = start
    for m in _CLAUSE.finditer(text, start, stop):
        if m.start() > pos:
            out.append((pos, m.start()))
        pos = m.end()
    if stop > pos:
        out.append((pos, stop))
    return out
