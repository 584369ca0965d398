"""Folding names for lookup: case and diacritics ignored ("tromso" finds "Tromsø"). Pure.

The write gate keeps names as written; a question typed on a phone or a keyboard
without the letters ("Krakow", "Muller", "Tromso") should still find them. Only the
lookup folds: what a claim says is never changed.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

# Letters that are not a base letter plus a combining mark, so NFKD leaves them alone.
_LETTERS = str.maketrans({
    "ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ß": "ss", "ł": "l",
    "Ł": "L", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th", "ı": "i",
    "ħ": "h", "Ħ": "H", "ŀ": "l", "Ŀ": "L",
})  # fmt: skip


@lru_cache(maxsize=65536)
def fold(name: str) -> str:
    """``name`` without diacritics and with special letters spelled out ("Tromsø" -> "Tromso")."""
    decomposed = unicodedata.normalize("NFKD", name.translate(_LETTERS))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))
