"""Every CLI command exists in --help and in docs/cli.md, with every option it takes."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

from affidavit.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
CLI_DOC = (ROOT / "docs" / "cli.md").read_text()


def commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def section(name: str) -> str:
    """The docs/cli.md section of one command (empty when it has none)."""
    match = re.search(rf"^### `affidavit {re.escape(name)}`\n(.*?)(?=^### |\Z)", CLI_DOC, re.S | re.M)
    return match.group(1) if match else ""


def test_every_command_is_in_help_and_has_a_docs_section() -> None:
    """`affidavit --help` lists each command, and docs/cli.md has a section for it."""
    listed = subprocess.run([sys.executable, "-m", "affidavit.cli_entry", "--help"],
                            capture_output=True, text=True, check=True, timeout=60).stdout
    for name in commands():
        assert re.search(rf"\b{re.escape(name)}\b", listed), name
        assert section(name), f"docs/cli.md has no section for {name}"


def test_every_option_of_every_command_is_documented() -> None:
    """Each option string (and positional) of each command appears in its docs section."""
    missing = []
    for name, parser in commands().items():
        text = section(name)
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction) or action.help == argparse.SUPPRESS:
                continue
            names = action.option_strings or [action.metavar or action.dest]
            if not any(f"`{n}`" in text for n in names):
                missing.append(f"{name} {names[0]}")
    assert missing == []


def test_the_walker_notices_an_undocumented_command() -> None:
    """The control: a command with no section is reported by ``section``."""
    assert section("no-such-command") == ""
    assert section("claims")
