"""Write ``src/affidavit/text/data/simplemma-en.index``: restart points into simplemma's
English dictionary stream (see ``affidavit.text.lemma_dict``).

    python tools/build_lemma_index.py

Run it when the pinned simplemma changes; the index names the SHA-256 of the stream it
was built from, and a stream that does not match is read by simplemma's own loader.
"""

from __future__ import annotations

import sys
from pathlib import Path

import msgspec

from affidavit.text.lemma_dict import INDEX_FILE, _stream, build_index

OUT = Path(__file__).resolve().parent.parent / "src" / "affidavit" / "text" / "data" / INDEX_FILE


def main() -> int:
    index = build_index(_stream("en"))
    OUT.write_bytes(msgspec.msgpack.encode(index))
    print(f"{OUT.name}: {index.count:,} records, {len(index.seeds):,} restart points, "
          f"stream sha256 {index.stream_sha256[:16]}…, {OUT.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
