"""A forget whose erasure committed but whose keyring (or certificate) write then failed
reports the committed state: the seq, what is pending, why, and what to do; never a crash.

The failure is injected where the driver raises it: the keyring's SQLite connection
raises the apsw error a full disk, a read-only file or a failing disk raises, and the
one translation layer turns it into the typed error.
"""

from __future__ import annotations

import errno
import json
from pathlib import Path
from typing import Any

import apsw
import pytest
from conftest import run_python
from test_erasure import QUESTIONS, load

from affidavit import Store
from affidavit.errors import ErasurePending
from affidavit.memory.tombstones import full_fingerprint

CAUSES = {
    "disk_full": (apsw.FullError, "disk full"),
    "read_only": (apsw.ReadOnlyError, "permission denied"),
    "io_error": (apsw.IOError, "I/O error"),
}


class _FailingWrites:
    """The keyring's connection, except that writes raise ``error`` as the driver would."""

    def __init__(self, conn: apsw.Connection, error: type[apsw.Error]) -> None:
        self._conn, self._error = conn, error

    def _guard(self, sql: str) -> None:
        if not sql.lstrip().upper().startswith("SELECT"):
            raise self._error("injected by the test")

    def execute(self, sql: str, *args: Any) -> Any:
        self._guard(sql)
        return self._conn.execute(sql, *args)

    def executemany(self, sql: str, *args: Any) -> Any:
        self._guard(sql)
        return self._conn.executemany(sql, *args)

    def __enter__(self) -> Any:
        return self._conn.__enter__()

    def __exit__(self, *exc: Any) -> Any:
        return self._conn.__exit__(*exc)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)


def _fail_keyring_writes(store: Store, error: type[apsw.Error]) -> Any:
    """Make the store's keyring file refuse writes; returns a function that undoes it."""
    keystore = store._keyring._store  # type: ignore[attr-defined]  # the local KeyStore
    real = keystore._conn
    keystore._conn = _FailingWrites(real, error)

    def undo() -> None:
        keystore._conn = real

    return undo


def _key_of_subject(store: Store) -> str:
    (key,) = store.entities.resolve("default", "Dana Kim")  # the entity id is its key id
    return key


def _certified(store: Store) -> bool:
    stone = store.erased.match_full("default", full_fingerprint(store, "Dana Kim"))
    return stone is not None and store.erased.certificate(stone.seq) is not None


def test_no_failure_gives_a_certificate(open_store) -> None:  # type: ignore[no-untyped-def]
    """Negative control over the same workload: without a failure forget erases and certifies."""
    store = open_store()
    load(store)
    key = _key_of_subject(store)
    out = store.forget("Dana Kim")
    assert out.status == "erased" and out.certificate is not None
    assert out.pending == () and out.keys_pending == 0 and out.cause is None
    assert not store._keyring.holds(key) and _certified(store)


@pytest.mark.parametrize("cause", sorted(CAUSES))
def test_a_failed_keyring_write_reports_the_committed_erasure(cause, open_store, store_dirs) -> None:  # type: ignore[no-untyped-def]
    """The outcome says committed at seq N, keys and certificate pending, why, and what to do."""
    error, said = CAUSES[cause]
    store = open_store()
    load(store)
    key = _key_of_subject(store)
    head = store.head_seq
    undo = _fail_keyring_writes(store, error)
    out = store.forget("Dana Kim")
    assert out.status == "incomplete" and out.certificate is None
    assert out.erasure_seq == head + 1  # SUBJECT_ERASED committed, right after the head
    assert out.pending == ("keys", "certificate") and out.keys_pending >= 1
    assert out.cause == cause and out.remedy is not None and "forget again" in out.remedy
    assert f"committed at seq {out.erasure_seq}" in out.text and said in out.text
    assert "already treats the subject as gone" in out.text and "no certificate" in out.text
    assert "Dana" not in out.text + out.remedy  # subjects by fingerprint only
    # The committed state is what every projection serves already.
    assert store.recall(QUESTIONS["subject"]).status == "abstained"
    assert store.recall(QUESTIONS["first"]).status == "answered"  # bystander kept
    assert store._keyring.holds(key) and not _certified(store)
    # Fixed: forget again finishes the erasure and certifies it.
    undo()
    again = store.forget("Dana Kim")
    assert again.status == "erased" and again.certificate is not None
    assert again.erasure_seq == out.erasure_seq and not store._keyring.holds(key)
    store.close()
    with Store.open(store_dirs[0], keyring_dir=store_dirs[1], create=False) as reopened:
        assert _certified(reopened)


def test_reopening_finishes_a_pending_erasure(open_store, store_dirs) -> None:  # type: ignore[no-untyped-def]
    """After the failure is fixed, opening the store destroys the pending keys."""
    store = open_store()
    load(store)
    key = _key_of_subject(store)
    _fail_keyring_writes(store, apsw.FullError)
    assert store.forget("Dana Kim").status == "incomplete"
    store.close()
    with Store.open(store_dirs[0], keyring_dir=store_dirs[1], create=False) as reopened:
        assert not reopened._keyring.holds(key)  # the open finished it
        assert not _certified(reopened)
        done = reopened.forget("Dana Kim")
        assert done.status == "erased" and done.certificate is not None


OPEN_WHILE_FULL = r"""
import sys
from pathlib import Path
import apsw
from affidavit.store import Store
from affidavit.ledger import connection
from affidavit.ledger.keystore import KeyStore

def full(self, key_ids, at_us):
    with connection.translate_errors(self.path):
        raise apsw.FullError("injected")

KeyStore.destroy = full
try:
    Store.open(Path(sys.argv[1]), keyring_dir=Path(sys.argv[2]), create=False)
except Exception as exc:
    print(type(exc).__name__, getattr(exc, "code", ""), getattr(exc, "erasure_seqs", ""),
          getattr(exc, "keys_pending", ""))
    print(exc)
    sys.exit(3)
print("opened")
"""


def test_an_open_that_cannot_finish_says_the_erasure_is_pending(open_store, store_dirs) -> None:  # type: ignore[no-untyped-def]
    """Still full at the next open: a typed ErasurePending naming the seq and the cause."""
    store = open_store()
    load(store)
    _fail_keyring_writes(store, apsw.FullError)
    out = store.forget("Dana Kim")
    store.close()
    got = run_python(OPEN_WHILE_FULL, *(str(p) for p in store_dirs))
    assert got.returncode == 3, got.stdout + got.stderr
    first, message = got.stdout.splitlines()[:2]
    assert first.startswith(f"{ErasurePending.__name__} erasure_pending ({out.erasure_seq},)")
    assert "disk full" in message and "open the store again" in message
    assert "Dana" not in got.stdout + got.stderr
    # control: the same open with the disk no longer full finishes and opens
    with Store.open(store_dirs[0], keyring_dir=store_dirs[1], create=False) as reopened:
        assert reopened.forget("Dana Kim").status == "erased"


def test_a_failed_certificate_write_reports_keys_destroyed_and_certificate_pending(
        open_store, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Keys destroyed, but the signing key cannot be written: only the certificate is pending."""
    import affidavit.certificates as certificates

    store = open_store()
    load(store)
    key = _key_of_subject(store)

    def no_space(keyring_dir: Path) -> Any:
        raise OSError(errno.ENOSPC, "No space left on device", str(keyring_dir / "signing.key"))

    monkeypatch.setattr(certificates, "signer_for", no_space)
    out = store.forget("Dana Kim")
    assert out.status == "incomplete" and out.pending == ("certificate",)
    assert out.keys_pending == 0 and out.cause == "disk_full" and not store._keyring.holds(key)
    assert "signing.key" in out.text and "disk full" in out.text
    monkeypatch.undo()
    assert store.forget("Dana Kim").certificate is not None


def test_a_failed_head_mark_write_does_not_report_a_committed_write_as_failed(
        open_store, store_dirs, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A full keyring directory stops the head mark, not the commit: ADMITTED is still true."""
    from affidavit.engine import high_water

    store = open_store()
    assert store.remember("Omar Ali lives in Leeds.", "Omar Ali lives in Leeds.").status == "admitted"

    def no_space(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(high_water, "raise_to", no_space)
    out = store.remember("Dana Kim works for Harbor Bank.", "Dana Kim works for Harbor Bank.")
    assert out.status == "admitted"
    assert store.recall("Where does Dana Kim work?").status == "answered"
    monkeypatch.undo()
    store.close()
    with Store.open(store_dirs[0], keyring_dir=store_dirs[1], create=False) as reopened:
        assert reopened.recall("Where does Dana Kim work?").status == "answered"


CLI_FULL = r"""
import sys
import apsw
from affidavit.ledger import connection
from affidavit.ledger.keystore import KeyStore
from affidavit.ledger.sqlite import SQLiteWriteTx

def full(self, *args):
    with connection.translate_errors(getattr(self, "path", "ledger.db")):
        raise apsw.FullError("injected")
if sys.argv[1] == "keyring":
    KeyStore.destroy = full
elif sys.argv[1] == "ledger":
    SQLiteWriteTx.insert = full
from affidavit.cli import main
sys.exit(main(sys.argv[2:]))
"""


@pytest.mark.parametrize("failing", [True, False])
def test_cli_forget_reports_the_pending_erasure(failing, open_store, store_dirs) -> None:  # type: ignore[no-untyped-def]
    """`affidavit forget --json`: a structured incomplete result and exit 2; control: erased, 0."""
    store = open_store()
    load(store)
    store.close()
    args = ["keyring" if failing else "ok", "forget", "Dana Kim", "--yes", "--json",
            "--store", str(store_dirs[0]), "--keyring-dir", str(store_dirs[1])]
    got = run_python(CLI_FULL, *args)
    assert "Traceback" not in got.stderr
    result = json.loads(got.stdout)
    if failing:
        assert got.returncode == 2 and result["status"] == "incomplete"
        assert result["pending"] == ["keys", "certificate"] and result["cause"] == "disk_full"
        assert result["erasure_seq"] and "disk full" in result["text"]
    else:
        assert got.returncode == 0 and result["status"] == "erased" and result["certificate"]


def _serve(failing: str, store_dirs: tuple[Path, Path], *lines: dict[str, Any]) -> tuple[
        list[dict[str, Any]], str]:
    import subprocess
    import sys

    init = {"jsonrpc": "2.0", "id": 0, "method": "initialize",
            "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                       "clientInfo": {"name": "t", "version": "1"}}}
    feed = "".join(json.dumps(m) + "\n" for m in (init, *lines))
    done = subprocess.run(
        [sys.executable, "-c", CLI_FULL, failing, "serve", "--store", str(store_dirs[0]),
         "--keyring-dir", str(store_dirs[1])],
        input=feed, capture_output=True, text=True, timeout=120, check=False)
    replies = [json.loads(line) for line in done.stdout.splitlines()]  # protocol only
    assert all(r.get("jsonrpc") == "2.0" for r in replies), done.stdout
    assert "Traceback" not in done.stderr
    return replies[1:], done.stderr


def _call(n: int, tool: str, **arguments: Any) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": n, "method": "tools/call",
            "params": {"name": tool, "arguments": arguments}}


@pytest.mark.parametrize("failing", ["keyring", "ok"])
def test_mcp_forget_reports_the_pending_erasure(failing, open_store, store_dirs) -> None:  # type: ignore[no-untyped-def]
    """The MCP forget tool returns a structured incomplete result; control: erased with a certificate."""
    store = open_store()
    load(store)
    store.close()
    (reply,), stderr = _serve(failing, store_dirs, _call(1, "forget", subject="Dana Kim"))
    result = reply["result"]
    got = result["structuredContent"]
    if failing == "keyring":
        assert got["status"] == "incomplete" and got["certificate"] is None
        assert got["pending"] == ["keys", "certificate"] and got["keys_pending"] >= 1
        assert got["cause"] == "disk_full" and got["erasure_seq"] and got["remedy"]
        assert "disk full" in result["content"][0]["text"]
    else:
        assert got["status"] == "erased" and got["certificate"] and got["pending"] == []
    assert "Dana" not in stderr


@pytest.mark.parametrize("failing", ["ledger", "ok"])
def test_disk_full_says_so_on_the_mcp_and_cli_surfaces(failing, open_store, store_dirs) -> None:  # type: ignore[no-untyped-def]
    """remember on a full disk: MCP says disk_full and what to do; the CLI too; controls admit."""
    open_store().close()
    claim = "Dana Kim works for Harbor Bank."
    (reply,), _ = _serve(failing, store_dirs, _call(1, "remember", claim=claim, evidence=claim))
    result = reply["result"]
    if failing == "ledger":
        text = result["content"][0]["text"]
        assert result["isError"] and text.startswith("disk_full: disk full:") and "free space" in text
    else:
        assert result["structuredContent"]["status"] == "admitted"
    cli = run_python(CLI_FULL, failing, "remember", "Omar Ali lives in Leeds.",
                     "--evidence", "Omar Ali lives in Leeds.", "--store", str(store_dirs[0]),
                     "--keyring-dir", str(store_dirs[1]))
    if failing == "ledger":
        said = cli.stderr.splitlines()[-1]  # (after a note on the deprecated --keyring-dir form)
        assert cli.returncode == 2 and said.startswith("error: disk_full: disk full:"), cli.stderr
        assert "free space" in said and "Traceback" not in cli.stderr and cli.stdout == ""
    else:
        assert cli.returncode == 0 and cli.stdout.startswith("ADMITTED")


def test_a_full_ledger_at_the_certificate_reports_only_the_certificate_pending(
        open_store, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The ledger fills between the erasure and its certificate: keys destroyed, certificate
    pending, disk_full said; the certificate append left nothing behind."""
    from affidavit.ledger.sqlite import SQLiteWriteTx

    store = open_store()
    load(store)
    key = _key_of_subject(store)
    real = SQLiteWriteTx.insert

    def full_at_certificate(self: SQLiteWriteTx, rows: Any) -> None:
        if rows and rows[0].kind == "CERTIFICATE_ISSUED":
            raise apsw.FullError("injected by the test")
        real(self, rows)

    monkeypatch.setattr(SQLiteWriteTx, "insert", full_at_certificate)
    out = store.forget("Dana Kim")
    assert out.status == "incomplete" and out.pending == ("certificate",) and out.keys_pending == 0
    assert out.cause == "disk_full" and "ledger.db" in out.text and not store._keyring.holds(key)
    assert not [r for r in store.ledger.rows(0) if r.kind == "CERTIFICATE_ISSUED"]
    monkeypatch.undo()
    done = store.forget("Dana Kim")
    assert done.status == "erased" and done.certificate is not None
