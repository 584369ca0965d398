"""Sentence and clause splitting with str offsets into the original text."""

from __future__ import annotations

import re

# A sentence ends at . ! ? followed by space and a capital/digit/quote, or at a
# newline. Abbreviations with a dot ("Dr.", "e.g.", "5.0") do not end one.
# One regex finds every boundary: a stop with its tail, or a newline with the space
# after it. It opens with one character class, so the scan between candidates runs
# in C (the same pattern opened by an alternation scanned about twice as slowly);
# finditer resumes after each boundary's space, as skipping the candidates inside
# it did.
_BOUNDARY = re.compile(r"[.!?\n](?:(?<=\n)\s*|(?<!\n)[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9À-ÖØ-Þ]))")
_ABBREVIATIONS = frozenset(
    {"dr", "mr", "mrs", "ms", "prof", "st", "no", "vs", "etc", "e.g", "i.e", "inc", "ltd",
     "co", "jr", "sr", "gen", "col", "capt", "sgt", "rev", "u.s", "u.k", "fig", "approx", "rs"}
)  # fmt: skip
_MONTH_ABBREVIATIONS = frozenset(
    {"Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Sept", "Oct", "Nov", "Dec"}
)
# "b. 1970", "d. 2001", "c. 1850": born, died, circa, before a year.
_BIO_MARKS = frozenset({"b", "d", "c", "ca"})
_LONGEST = max(len(a) for a in _ABBREVIATIONS)
_LAST_LETTERS = frozenset(a[-1] for a in _ABBREVIATIONS)
# Every abbreviation is ASCII and at least two characters long: a run ending in any
# other two ASCII characters (lower-cased) is none of them.
_LAST_TWO = frozenset(a[-2:] for a in _ABBREVIATIONS)
_RUN_TAIL = re.compile(r"[\w.]*\Z")  # matches at the window's end at the latest
# "but" joins clauses, except in "all but one", "everyone but Ana", "nothing but": an exception.
_CLAUSE = re.compile(
    r"\s*[;:,]\s+|(?<!\ball)(?<!\bnothing)(?<!\banything)(?<!\beveryone)(?<!\beverybody)\s+but\s+|"
    r"\s+(?:whereas|while|although|though)\s+|\s+-{1,2}\s+",
    re.I,
)


# "KAMPOT, 8 January 2026 — ", "MANDAUE — ": a news dateline before the first sentence.
DATELINE = re.compile(
    # Latin Extended-B too ("VALEA ȘTIUCII", Romanian Ș and Ț)
    r"[A-ZÀ-ÞĀ-ŽȘȚ][A-ZÀ-ÞĀ-ŽȘȚ'’. -]+(?:,[^—–\n(]{1,40})?(?:[ \t]*\([^)\n]{1,40}\))?[ \t]*[—–-][ \t]*"
)
_LIST_NUMBER = re.compile(r"\s*\d{1,2}\.")


def sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans as ``(start, end)`` offsets, whitespace trimmed."""
    out: list[tuple[int, int]] = []
    start = 0
    for m in _BOUNDARY.finditer(text):
        # The sentence ends just after a stop, or at a newline; the next starts after the space.
        at, resume = m.span()
        cut = at if text[at] == "\n" else at + 1
        last = text[cut - 1]
        if last in "!?" or (
            last == "."
            and cut >= 2
            and text[cut - 2].isalnum()
            and text[cut - 2].casefold()[-1:] not in _LAST_LETTERS
        ):
            pass  # "!", "?" or a word ending in a letter no abbreviation ends in
        elif _ends_with_abbreviation(text, start, cut):
            continue
        if last == "." and text[at] != "\n" and _LIST_NUMBER.fullmatch(text, start, cut):
            start = resume  # "1. Q4 revenue was ...": a numbered item's number, not a sentence
            continue
        if last == "." and resume < len(text) and text[resume].isdigit():
            tail = text[max(start, cut - 6) : cut - 1].split()
            if tail and (tail[-1] in _MONTH_ABBREVIATIONS or tail[-1].lstrip("(") in _BIO_MARKS):
                continue  # "Sept. 8, 2020", "(b. 1970)": the number follows the abbreviation's dot
        # ``_trimmed`` inlined: this loop runs once per boundary of every evidence.
        a, b = start, cut
        while a < b and text[a].isspace():
            a += 1
        while b > a and text[b - 1].isspace():
            b -= 1
        if b > a:
            out.append((a, b))
        start = resume
    _trimmed(text, start, len(text), out)
    return out


def _trimmed(text: str, a: int, b: int, out: list[tuple[int, int]]) -> None:
    """Append ``text[a:b]`` without its outer whitespace, unless nothing is left."""
    while a < b and text[a].isspace():
        a += 1
    while b > a and text[b - 1].isspace():
        b -= 1
    if b > a:
        out.append((a, b))


def _ends_with_abbreviation(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` ends with an abbreviation ("Dr.", "e.g.", "Ltd.").

    The last run of word characters and dots, trailing spaces then trailing dots
    ignored. Read in place from a window no longer than the longest abbreviation plus
    one (a longer run is none): slicing and splitting per boundary cost more.
    """
    j = end
    while j > start and text[j - 1].isspace():
        j -= 1
    while j > start and text[j - 1] == ".":
        j -= 1
    if j - start >= 2 and text[j - 2 : j].isascii() and text[j - 2 : j].lower() not in _LAST_TWO:
        return False  # no abbreviation ends in these two characters (the common case)
    # The run is the longest suffix of the window made of [\w.] (\w is str.isalnum()
    # or "_"), found by one regex call rather than a character loop.
    i = _RUN_TAIL.search(text, max(start, j - _LONGEST - 1), j).start()  # type: ignore[union-attr]
    if j - i > _LONGEST:
        return False
    return text[i:j].casefold() in _ABBREVIATIONS


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
