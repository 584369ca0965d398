"""The CLI a person can live with: one store convention, honest errors, safe forget, operator commands."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from affidavit.cli import build_parser, forget_flow
from affidavit.cli.operator_cmds import parse_interval
from affidavit.errors import InvalidInput
from affidavit.store import Store
from affidavit.testing import append_synthetic

CLAIM = "Omar Haddad lives in Leeds."


def cli(*args: str, env: dict[str, str] | None = None,
        stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-m", "affidavit.cli_entry", *args], capture_output=True,
                          text=True, timeout=120, check=False, env=full, input=stdin)


@pytest.fixture
def where(tmp_path: Path) -> dict[str, str]:
    """A store path and a keyrings directory, given the documented way (AFFIDAVIT_KEYRING_DIR)."""
    return {"store": str(tmp_path / "store"), "keyrings": str(tmp_path / "keyrings")}


def env_of(where: dict[str, str], operator: bool = False) -> dict[str, str]:
    return {"AFFIDAVIT_KEYRING_DIR": where["keyrings"], "AFFIDAVIT_OPERATOR": "1" if operator else ""}


def remember(where: dict[str, str], claim: str = CLAIM) -> str:
    done = cli("remember", claim, "--evidence", claim, "--store", where["store"], "--json",
               env=env_of(where))
    assert done.returncode == 0, done.stderr
    claim_id: str = json.loads(done.stdout)["claim_id"]
    return claim_id


def test_version_prints_the_package_version() -> None:
    """`affidavit --version` names the installed version."""
    from importlib import metadata

    done = cli("--version")
    assert done.returncode == 0 and done.stdout.strip() == f"affidavit {metadata.version('affidavit')}"


@pytest.mark.parametrize("command", [
    ["stats"], ["recall", "Where?"], ["history"], ["claims"], ["log"], ["verify"],
    ["review-queue"], ["forget", "Omar Haddad", "--yes"], ["forget", "Omar Haddad", "--dry-run"],
    ["replay", "--until", "1"], ["reresolve"], ["export", "--out", "/nonexistent-out"],
])
def test_a_read_only_command_on_no_store_says_so_and_creates_nothing(tmp_path: Path,
                                                                     command: list[str]) -> None:
    """A typo in --store is an error naming the path (exit 2), not an empty memory."""
    missing = tmp_path / "typo"
    done = cli(*command, "--store", str(missing))
    assert done.returncode == 2 and f"no store at {missing}" in done.stderr
    assert not missing.exists()


def test_remember_creates_the_store_it_is_pointed_at(where: dict[str, str]) -> None:
    """The control: a writing command creates the store, and then reads see it."""
    claim_id = remember(where)
    done = cli("claims", "--store", where["store"], env=env_of(where))
    assert done.returncode == 0 and done.stdout.startswith("1 claim matches\n") and claim_id in done.stdout


def test_keyring_dir_means_what_the_environment_variable_means(where: dict[str, str]) -> None:
    """--keyring-dir DIR opens the store AFFIDAVIT_KEYRING_DIR=DIR created; the old exact form too."""
    remember(where)
    plain = {"AFFIDAVIT_KEYRING_DIR": ""}
    by_flag = cli("claims", "--store", where["store"], "--keyring-dir", where["keyrings"], env=plain)
    assert by_flag.returncode == 0 and CLAIM in by_flag.stdout and by_flag.stderr == ""
    (exact,) = Path(where["keyrings"]).iterdir()  # the store's own keyring directory
    legacy = cli("log", "--store", where["store"], "--keyring-dir", str(exact), env=plain)
    assert legacy.returncode == 0 and "Omar Haddad" in legacy.stdout and "deprecated" in legacy.stderr
    wrong = cli("claims", "--store", where["store"], "--keyring-dir", where["store"] + "-x", env=plain)
    assert wrong.returncode == 2  # no keyring there: a data command refuses (exit 2)


def test_positional_store_still_works_with_a_deprecation_note(where: dict[str, str]) -> None:
    """`affidavit verify STORE` works and says to use --store; `--store` says nothing extra."""
    remember(where)
    old = cli("verify", where["store"], env=env_of(where))
    new = cli("verify", "--store", where["store"], env=env_of(where))
    assert old.returncode == new.returncode == 0 and old.stdout == new.stdout
    assert "deprecated; use --store" in old.stderr and new.stderr == ""


def test_output_piped_into_head_ends_without_a_traceback(store_dirs: tuple[Path, Path]) -> None:
    """`affidavit log | head -1` prints one line and no BrokenPipe traceback."""
    with Store.open(store_dirs[0], keyring_dir=store_dirs[1]) as store:
        append_synthetic(store, 300, subjects=5)
    script = (f"{sys.executable} -m affidavit.cli_entry log --store {store_dirs[0]} "
              f"--keyring-dir {store_dirs[1]} | head -1")
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=120,
                          check=False)
    assert len(done.stdout.splitlines()) == 1
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr


def test_forget_dry_run_prints_the_closure_and_writes_nothing(where: dict[str, str]) -> None:
    """--dry-run lists the claims that would go; the ledger head does not move."""
    claim_id = remember(where)
    other = remember(where, "Dana Kim works for Harbor Bank.")
    before = cli("stats", "--store", where["store"], "--json", env=env_of(where))
    dry = cli("forget", "Omar Haddad", "--dry-run", "--store", where["store"], env=env_of(where))
    assert dry.returncode == 0 and dry.stdout.startswith("DRY RUN — forget would erase 1 claim, ")
    assert claim_id in dry.stdout and other not in dry.stdout
    after = cli("stats", "--store", where["store"], "--json", env=env_of(where))
    assert json.loads(before.stdout)["events"] == json.loads(after.stdout)["events"]


def test_forget_without_a_terminal_needs_yes(where: dict[str, str]) -> None:
    """No TTY and no --yes: refused (exit 2), nothing erased; with --yes the subject is erased."""
    remember(where)
    refused = cli("forget", "Omar Haddad", "--store", where["store"], env=env_of(where), stdin="")
    assert refused.returncode == 2 and "--yes" in refused.stderr
    assert CLAIM in cli("claims", "--store", where["store"], env=env_of(where)).stdout
    done = cli("forget", "Omar Haddad", "--yes", "--store", where["store"], env=env_of(where))
    assert done.returncode == 0, done.stderr
    assert cli("claims", "--store", where["store"], env=env_of(where)).stdout.startswith("no claims")


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("answer", "expected"), [("yes\n", None), ("no\n", 1), ("\n", 1)])
def test_interactive_forget_asks_first(answer: str, expected: int | None) -> None:
    """At a terminal forget asks; only 'yes' goes on (None), anything else stops (exit 1)."""
    args = build_parser().parse_args(["forget", "Omar Haddad"])
    out = io.StringIO()
    assert forget_flow.before_forget(args, stdin=Tty(answer), out=out) == expected
    assert "cannot be undone" in out.getvalue()
    yes = build_parser().parse_args(["forget", "Omar Haddad", "--yes"])
    assert forget_flow.before_forget(yes, stdin=Tty(""), out=io.StringIO()) is None


def test_verify_certificate_accepts_what_forget_json_prints(where: dict[str, str], tmp_path: Path) -> None:
    """The JSON `forget --json` prints verifies as is; a tampered copy does not."""
    remember(where)
    done = cli("forget", "Omar Haddad", "--yes", "--json", "--store", where["store"], env=env_of(where))
    printed = tmp_path / "forget.json"
    printed.write_text(done.stdout)
    ok = cli("verify-certificate", str(printed), "--public-key", where["store"] + "/signing.pub")
    assert ok.returncode == 0 and ok.stdout.startswith("VALID")
    result = json.loads(done.stdout)
    result["certificate"]["body"]["erasure_seq"] += 1
    printed.write_text(json.dumps(result))
    assert cli("verify-certificate", str(printed)).returncode == 1


def test_operator_commands_need_the_operator_process(where: dict[str, str]) -> None:
    """freeze/unfreeze/review/resolve-dispute: refused without AFFIDAVIT_OPERATOR=1, work with it."""
    claim_id = remember(where)
    store = ["--store", where["store"]]
    refused = cli("freeze", claim_id, "--note", "audit", *store, env=env_of(where))
    assert refused.returncode == 2 and "AFFIDAVIT_OPERATOR=1" in refused.stderr
    frozen = cli("freeze", claim_id, "--note", "audit", *store, env=env_of(where, operator=True))
    assert frozen.returncode == 0 and frozen.stdout.startswith(f"FROZEN {claim_id}")
    back = cli("unfreeze", claim_id, "--note", "done", *store, env=env_of(where, operator=True))
    assert back.returncode == 0 and back.stdout.startswith(f"UNFROZEN {claim_id}")


def test_review_from_the_cli_is_bound_to_the_hash_shown(where: dict[str, str]) -> None:
    """review ITEM --approve --reviewed-hash H approves; a wrong hash is refused as stale."""
    ops = env_of(where, operator=True)
    store = ["--store", where["store"]]
    held = cli("remember", "Priya opened a bakery in Leeds.", "--evidence",
               "Priya Nair and Priya Shah opened a bakery in Leeds.", *store, env=ops)
    assert held.returncode == 1
    queue = json.loads(cli("review-queue", *store, "--json", env=ops).stdout)
    (item,) = queue["items"]
    assert queue["text"].startswith("1 item awaiting review")
    stale = cli("review", item["item"], "--approve", "--note", "ok", "--reviewed-hash", "0" * 64,
                *store, env=ops)
    assert stale.returncode == 2 and "stale_review" in stale.stderr
    done = cli("review", item["item"], "--approve", "--note", "ok", "--reviewed-hash",
               item["reviewed_hash"], *store, env=ops)
    assert done.returncode == 0 and done.stdout.startswith(f"APPROVED {item['item']}")


def test_corrections_and_disputes_from_the_cli(where: dict[str, str]) -> None:
    """remember --supersedes corrects; resolve-dispute --keep resolves a dispute by its hash."""
    store = ["--store", where["store"]]
    old = remember(where)
    fixed = cli("remember", "Omar Haddad lives in York.", "--evidence", "Omar Haddad lives in York.",
                "--supersedes", old, "--note", "moved", *store, "--json", env=env_of(where))
    assert fixed.returncode == 0 and json.loads(fixed.stdout)["transitions"][0].startswith(
        f"corrects {old}")
    a = remember(where, "Dana Kim lives in Leeds.")
    b = remember(where, "Dana Kim lives in Hull.")
    rows = json.loads(cli("claims", "--state", "disputed", *store, "--json", env=env_of(where)).stdout)
    digest = rows["claims"][0]["dispute_hash"]
    done = cli("resolve-dispute", a, "--keep", b, "--note", "registry", "--reviewed-hash", digest,
               *store, env=env_of(where, operator=True))
    assert done.returncode == 0 and done.stdout.startswith("RESOLVED the dispute of 2 claims")
    states = {r["id"]: r["state"] for r in json.loads(
        cli("claims", *store, "--json", env=env_of(where)).stdout)["claims"]}
    assert (states[old], states[a], states[b]) == ("superseded", "superseded", "active")


def test_interval_arguments_parse_or_say_how() -> None:
    """ID=FROM..TO with either side open; anything else is an invalid_input naming the form."""
    assert parse_interval("c1=2010-01-01..") == {"claim_id": "c1", "valid_from": "2010-01-01",
                                                 "valid_to": None}
    with pytest.raises(InvalidInput, match="ID=FROM..TO"):
        parse_interval("c1:2010")
