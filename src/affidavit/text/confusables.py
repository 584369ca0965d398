"""Letters Unicode's UTS #39 data calls confusable with Latin, folded to ASCII.

The table (``data/confusables-latin.tsv``) is derived mechanically from Unicode's
``confusables.txt`` by ``tools/build_confusables.py``: a non-ASCII letter is in it
only when its TR39 skeleton, marks removed, equals the skeleton of one or two
lower-case ASCII letters (Cyrillic "а" -> "a", Greek capital "Β" -> "b", "ø" -> "o",
fullwidth "Ｋ" -> "k"). The file is pinned by its SHA-256: erasure fingerprints and
name matching depend on it, so a changed table is a changed decision.

A missing or altered table raises ``ResourceCorrupt``: folding less would let an
erased name back in under a look-alike spelling, so nothing proceeds without it.
"""

from __future__ import annotations

import hashlib
from importlib import resources

from affidavit.errors import ResourceCorrupt
from affidavit.text.memo import memo

TABLE_FILE = "confusables-latin.tsv"
TABLE_SHA256 = "c0a3d7839c8643fcdd808175cc56a6fcf2c76819ee2f200befde0275787fe219"
CONFUSABLES_VERSION = f"uts39-13.0.0-latin-{TABLE_SHA256[:12]}"


def _read() -> bytes:
    try:
        return resources.files("affidavit.text").joinpath("data", TABLE_FILE).read_bytes()
    except OSError:
        raise ResourceCorrupt(TABLE_FILE, "missing from the installed package") from None


@memo(maxsize=1)
def latin_table() -> dict[int, str]:
    """Code point -> ASCII fold, for ``str.translate``; verified against its pinned hash."""
    raw = _read()
    if hashlib.sha256(raw).hexdigest() != TABLE_SHA256:
        raise ResourceCorrupt(TABLE_FILE, "does not match the pinned SHA-256")
    table: dict[int, str] = {}
    for line in raw.decode("utf-8").splitlines():
        if line and not line.startswith("#"):
            code, fold = line.split("\t")
            table[int(code, 16)] = fold
    return table
