"""``python -m affidavit [--store PATH]`` is ``affidavit serve [--store PATH]``."""

from __future__ import annotations

import sys

from affidavit.cli import main

if __name__ == "__main__":
    argv = sys.argv[1:]
    # Accept an explicit "serve" too, so both spellings in client configs work.
    if argv[:1] != ["serve"]:
        argv = ["serve", *argv]
    sys.exit(main(argv))
