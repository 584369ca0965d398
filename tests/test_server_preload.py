"""The server's backend loads the gates' lexical resources beside the open, and a tool call
waits for both: the first question never loads them a second time alongside."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from affidavit import api
from affidavit.text import pinned


def test_a_tool_call_waits_for_the_lexical_resources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """recall on a just-started backend returns only after the loading thread finished."""
    started, finished = threading.Event(), threading.Event()

    def slow_load() -> None:
        started.set()
        time.sleep(0.3)
        pinned.load_pinned()
        finished.set()

    monkeypatch.setattr(api, "load_pinned", slow_load)
    backend = api.LazyStoreBackend(str(tmp_path / "store"), keyring_dir=tmp_path / "keys")
    try:
        assert started.wait(5)
        out = backend.recall(query="Where was Bako Rabason born?")
        assert finished.is_set()
        assert out["status"] == "abstained"
    finally:
        backend.close()


def test_a_failed_preload_leaves_the_first_question_to_load_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fault while preloading is no fault of the server: the question loads what it needs."""

    def broken() -> None:
        raise OSError("unreadable")

    monkeypatch.setattr(api, "load_pinned", broken)
    backend = api.LazyStoreBackend(str(tmp_path / "store"), keyring_dir=tmp_path / "keys")
    try:
        out = backend.recall(query="Where was Bako Rabason born?")
        assert out["status"] == "abstained" and out["ungrounded_term"] == "Bako Rabason"
    finally:
        backend.close()
