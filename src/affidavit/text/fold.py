"""Folding a surface for matching only: diacritics, compatibility forms, confusable letters.

"Jørgen" ~ "Jorgen", "Dána" ~ "Dana", fullwidth "Ｄａｎａ" ~ "Dana", and a Cyrillic "а"
typed inside a Latin name ~ "a". The folded form is compared, never stored: keys,
fingerprints and every text the store keeps are left as written (an erased subject's
tombstone is keyed by the name as it was written, see ``text.names``).

The confusable table is the part of Unicode's confusables data that maps single
Cyrillic and Greek letters onto the Latin letter they are drawn like; letters that
only resemble one in some fonts are left out, so folding never joins two names a
reader would tell apart.
"""

from __future__ import annotations

import unicodedata

from affidavit.text.memo import memo

FOLD_VERSION = "fold-1"

# Letters NFKD does not decompose to a Latin base letter.
_LATIN_EXTRA = {
    "ø": "o", "đ": "d", "ð": "d", "ł": "l", "ß": "ss", "æ": "ae", "œ": "oe", "þ": "th",
    "ı": "i", "ħ": "h", "ŧ": "t", "ŀ": "l", "ĸ": "k",
}  # fmt: skip
# Cyrillic and Greek letters drawn exactly like a Latin one (lower case: the text is
# casefolded first).
_CONFUSABLE = {
    # Cyrillic
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "і": "i",
    "ј": "j", "ѕ": "s", "ԁ": "d", "һ": "h", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ё": "e",
    "ї": "i",
    # Greek
    "ο": "o", "α": "a", "ι": "i", "κ": "k", "ν": "v", "ρ": "p", "υ": "u", "ϲ": "c",
    # Latin look-alikes outside ASCII
    "ɑ": "a", "ɡ": "g", "ɩ": "i", "ꞵ": "b",
}  # fmt: skip
_TABLE = str.maketrans({**_LATIN_EXTRA, **_CONFUSABLE})


@memo(maxsize=65536)
def fold(text: str) -> str:
    """``text`` casefolded, compatibility-decomposed, without marks, confusables mapped."""
    if text.isascii():
        return text.casefold()  # the common case: nothing to decompose
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return bare.translate(_TABLE)


def same_folded(a: str, b: str) -> bool:
    """Whether two surfaces are equal once folded (and not already equal as written)."""
    return a != b and fold(a) == fold(b)
