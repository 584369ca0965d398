"""The README's promises hold: its test command is what CI runs; every CLI command is documented."""

from __future__ import annotations

import re
from pathlib import Path

from affidavit.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent


def _readme_commands() -> list[str]:
    return re.findall(r"```sh\n(.*?)\n```", (ROOT / "README.md").read_text(), re.S)


def test_ci_runs_the_readme_test_command() -> None:
    """The second shell block of the README is the command .ci/run executes."""
    test_command = _readme_commands()[1].strip()
    assert test_command in (ROOT / ".ci" / "run").read_text().splitlines()


def test_every_cli_command_is_named_in_the_readme() -> None:
    """Each subcommand the parser knows appears in the README's command list."""
    parser = build_parser()
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    readme = (ROOT / "README.md").read_text()
    missing = [name for name in sub.choices if name not in readme]
    assert missing == []
