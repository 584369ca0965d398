"""Shared fixtures: every store lives in a temp dir with its keyring outside it."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from affidavit.clock import FixedClock
from affidavit.identity import Identity
from affidavit.store import Store

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test may touch the user's real default store or keyrings."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.delenv("AFFIDAVIT_STORE", raising=False)
    monkeypatch.delenv("AFFIDAVIT_KEYRING_DIR", raising=False)
    for var in ("AFFIDAVIT_TENANT", "AFFIDAVIT_AGENT", "AFFIDAVIT_OPERATOR", "AFFIDAVIT_AUDIT_READS"):
        monkeypatch.delenv(var, raising=False)


@pytest.fixture
def store_dirs(tmp_path: Path) -> tuple[Path, Path]:
    return tmp_path / "store", tmp_path / "keyring"


@pytest.fixture
def open_store(store_dirs: tuple[Path, Path]) -> Iterator:
    """Open (or reopen) the test store; everything opened is closed at teardown."""
    opened: list[Store] = []

    def _open(identity: Identity | None = None, **kwargs: object) -> Store:
        store_path, keyring_dir = store_dirs
        kwargs.setdefault("clock", FixedClock(step_us=1000))
        store = Store.open(store_path, keyring_dir=keyring_dir,
                           identity=identity or Identity(), **kwargs)  # type: ignore[arg-type]
        opened.append(store)
        return store

    yield _open
    for store in opened:
        with contextlib.suppress(Exception):
            store.close()


def run_python(code: str, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run code in a fresh interpreter (a new process proves a guarantee survives restart)."""
    env = dict(os.environ)
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True, text=True, timeout=timeout, env=env, check=False,
    )


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A store URL on the test server in a schema of this test's own (dropped after)."""
    import pg

    with pg.temp_schema("t") as schema:
        yield pg.url_for(schema=schema)


@pytest.fixture
def pg_database() -> Iterator[str]:
    """A database of this test's own on the test server (dropped after); its name."""
    import pg

    with pg.temp_database() as name:
        yield name
