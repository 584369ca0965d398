"""Find quoted evidence in a source document and report UTF-8 byte offsets.

``locate_span(document, quoted)`` returns ``(byte_start, byte_end)``, a half-open
range into ``document.encode("utf-8")``, or ``None``. It never guesses:

1. Exact: the first occurrence of ``quoted`` as a substring wins.
2. Otherwise tolerant: both texts are folded character-for-character (curly single
   and double quotes to ASCII ``'`` and ``"``; Unicode hyphen, non-breaking hyphen,
   figure dash and en dash to ``-``); every run of whitespace (``str.isspace``:
   spaces, tabs, newlines, no-break and other Unicode spaces) matches any other
   run; whitespace at the ends of the quote is ignored. The first occurrence wins
   and the range is mapped back to the original text, so it starts at the first
   and ends after the last non-space character of the match.

No other fuzziness: no case folding, no accent stripping, no em dash, no edit
distance. An empty or all-whitespace quote gives ``None``.

Cost: two C-level passes (``str.find``, ``str.translate``) plus one regex scan for
multi-character whitespace runs; linear in the document for practical inputs.
"""

from __future__ import annotations

import re
from bisect import bisect_left

from affidavit.errors import InvalidInput

# Every str.isspace character lies below U+3001; computed rather than typed out so
# the set is exactly the one str.split() uses for the quote.
_SPACES = "".join(chr(c) for c in range(0x3001) if chr(c).isspace())

_FOLDS = {
    "\u2018": "'",  # left single quotation mark
    "\u2019": "'",  # right single quotation mark / apostrophe
    "\u201a": "'",  # single low-9 quotation mark
    "\u201b": "'",  # single high-reversed-9 quotation mark
    "\u201c": '"',  # left double quotation mark
    "\u201d": '"',  # right double quotation mark
    "\u201e": '"',  # double low-9 quotation mark
    "\u201f": '"',  # double high-reversed-9 quotation mark
    "\u2010": "-",  # hyphen
    "\u2011": "-",  # non-breaking hyphen
    "\u2012": "-",  # figure dash
    "\u2013": "-",  # en dash
}
# One character to one character, so folded indices equal original indices.
_FOLD_TABLE = str.maketrans({**_FOLDS, **dict.fromkeys(_SPACES, " ")})
_MULTI_SPACE = re.compile(" {2,}")


def char_to_byte_span(text: str, start: int, end: int) -> tuple[int, int]:
    """Map a half-open character range of ``text`` to UTF-8 byte offsets."""
    if not 0 <= start <= end <= len(text):
        raise InvalidInput("span", f"expected 0 <= start <= end <= {len(text)}")
    try:
        byte_start = len(text[:start].encode("utf-8"))
        byte_end = byte_start + len(text[start:end].encode("utf-8"))
    except UnicodeEncodeError:
        raise InvalidInput("text", "not encodable as UTF-8 (lone surrogate)") from None
    return byte_start, byte_end


def _tolerant_char_span(document: str, quoted: str) -> tuple[int, int] | None:
    needle = " ".join(quoted.translate(_FOLD_TABLE).split())
    if not needle:
        return None
    folded = document.translate(_FOLD_TABLE)
    # Collapse runs of two or more spaces; remember where each collapsed run sits in
    # the collapsed text and how many characters were removed up to and including it.
    positions: list[int] = []
    removed: list[int] = []
    pieces: list[str] = []
    last = 0
    total = 0
    for m in _MULTI_SPACE.finditer(folded):
        pieces.append(folded[last : m.start() + 1])
        positions.append(m.start() - total)
        total += m.end() - m.start() - 1
        removed.append(total)
        last = m.end()
    pieces.append(folded[last:])
    collapsed = "".join(pieces)
    at = collapsed.find(needle)
    if at < 0:
        return None

    def to_original(i: int) -> int:
        # i indexes a non-space character; add what was removed by runs before it.
        k = bisect_left(positions, i)
        return i + (removed[k - 1] if k else 0)

    return to_original(at), to_original(at + len(needle) - 1) + 1


def locate_span(document: str, quoted: str) -> tuple[int, int] | None:
    """Byte range of the first occurrence of ``quoted`` in ``document``, or ``None``."""
    if not quoted.strip():  # empty or whitespace-only: nothing to locate
        return None
    at = document.find(quoted)
    if at >= 0:
        return char_to_byte_span(document, at, at + len(quoted))
    span = _tolerant_char_span(document, quoted)
    if span is None:
        return None
    return char_to_byte_span(document, *span)
