"""`python -m affidavit.cli_entry ARGS` runs the CLI (the console script's entry point)."""

import sys

from affidavit.cli import main

if __name__ == "__main__":
    sys.exit(main())
