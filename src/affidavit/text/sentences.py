"""Sentence and clause splitting with str offsets into the original text."""

from __future__ import annotations

import re

# A sentence ends at . ! ? followed by space and a capital/digit/quote, or at a
# newline. Abbreviations with a dot ("Dr.", "e.g.", "5.0") do not end one.
# Only the few . ! ? and newline characters are candidates; the tail is matched
# there (one regex tried at every position was most of the splitting time).
_CANDIDATE = re.compile(r"[.!?\n]")
_AFTER_STOP = re.compile(r"[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9À-ÖØ-Þ])")
_NEWLINE = re.compile(r"\n\s*")
_ABBREVIATIONS = frozenset(
    {"dr", "mr", "mrs", "ms", "prof", "st", "no", "vs", "etc", "e.g", "i.e", "inc", "ltd",
     "co", "jr", "sr", "gen", "col", "capt", "sgt", "rev", "u.s", "u.k", "fig", "approx"}
)  # fmt: skip
_MONTH_ABBREVIATIONS = frozenset(
    {"Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Sept", "Oct", "Nov", "Dec"}
)
_LONGEST = max(len(a) for a in _ABBREVIATIONS)
_NOT_RUN = re.compile(r"[^\w.]")
_WINDOW = 32
_LAST_LETTERS = frozenset(a[-1] for a in _ABBREVIATIONS)
_CLAUSE = re.compile(r"\s*[;:,]\s+|\s+(?:but|whereas|while|although|though)\s+|\s+-{1,2}\s+")


def sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans as ``(start, end)`` offsets, whitespace trimmed."""
    spans: list[tuple[int, int]] = []
    start = 0
    for cut, resume in _boundaries(text):
        if text[cut - 1] in "!?" or (
            text[cut - 1] == "."
            and cut >= 2
            and text[cut - 2].isalnum()
            and text[cut - 2].casefold()[-1:] not in _LAST_LETTERS
        ):
            pass  # "!", "?" or a word ending in a letter no abbreviation ends in
        elif _ends_with_abbreviation(text, start, cut):
            continue
        if text[cut - 1] == "." and resume < len(text) and text[resume].isdigit():
            tail = text[max(start, cut - 6) : cut - 1].split()
            if tail and tail[-1] in _MONTH_ABBREVIATIONS:
                continue  # "Sept. 8, 2020": the day follows the month's dot
        spans.append((start, cut))
        start = resume
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


def _boundaries(text: str) -> list[tuple[int, int]]:
    """``(cut, resume)`` for each boundary: the sentence ends at cut, the next starts at resume."""
    out: list[tuple[int, int]] = []
    last = 0
    for c in _CANDIDATE.finditer(text):
        at = c.start()
        if at < last:
            continue
        m = _NEWLINE.match(text, at) if text[at] == "\n" else _AFTER_STOP.match(text, at + 1)
        if m is not None:
            out.append((m.start(), m.end()))
            last = m.end()
    return out


def _ends_with_abbreviation(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` ends with an abbreviation ("Dr.", "e.g.", "Ltd.").

    The last run of word characters and dots, trailing dots and spaces ignored. Looks
    at a short window before ``end`` (no abbreviation is longer than ``_LONGEST``);
    only a window of nothing but one run or spaces needs the whole sentence.
    """
    lo = max(start, end - _WINDOW)
    seg = text[lo:end].rstrip().rstrip(".")
    run = _NOT_RUN.split(seg)[-1]
    if len(run) == len(seg) and lo > start:  # the run may go on before the window
        seg = text[start:end].rstrip().rstrip(".")
        run = _NOT_RUN.split(seg)[-1]
    return len(run) <= _LONGEST and run.casefold() in _ABBREVIATIONS


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
