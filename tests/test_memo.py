"""The text layer's memo: a cache cut off at once, freed by the reaper, never left unfreed.

An erasure clears every text and gate cache; ``cache_clear`` must leave nothing the module
holds reaching the old entries when it returns, the reaper must really free them (the
old cache empties even while someone still holds it), a process without a reaper thread
must free them itself, and the reaper's daemon thread must never hold up an exit.
"""

from __future__ import annotations

import functools
import sys
import threading
import time
import types

import pytest
from memo_reach import memoised_strings, strings_reachable

from affidavit.text import memo as memo_module
from affidavit.text.memo import Memo, held_until_exit, memo, reaped
from tests.conftest import run_python

SECRET = "Saarepuu"


@memo(maxsize=4096)
def shout(word: str) -> tuple[str, str]:
    """The word and its capitals."""
    return word, word.upper()


def _fill(n: int = 50) -> None:
    shout.cache_clear()
    assert reaped(timeout=10)
    for i in range(n):
        shout(f"{SECRET} {i}")


def _wait_empty(cache: object, seconds: float = 10) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if cache.cache_info().currsize == 0:  # type: ignore[attr-defined]
            return True
        time.sleep(0.01)
    return False


def test_a_memo_answers_and_counts_as_its_lru_cache() -> None:
    """Same results, hits and misses as functools.lru_cache; the function's own names."""
    _fill(0)
    assert shout("boat") == ("boat", "BOAT") and shout("boat") is shout("boat")
    info = shout.cache_info()
    assert (info.hits, info.misses, info.maxsize, info.currsize) == (2, 1, 4096, 1)
    assert shout.__name__ == "shout" and shout.__module__ == __name__
    assert shout.__doc__ == "The word and its capitals." and shout.__wrapped__("a") == ("a", "A")
    assert isinstance(shout, Memo) and type(shout) is not Memo  # a class of its own


def test_cache_clear_cuts_the_old_entries_off_at_once_and_the_reaper_frees_them() -> None:
    """After cache_clear nothing the memo holds reaches them; the old cache then empties."""
    _fill()
    old = shout.live()
    assert any(SECRET in s for s in strings_reachable(shout))  # control: the walk finds them
    shout.cache_clear()
    assert not any(SECRET in s for s in strings_reachable(shout))
    assert shout.cache_info().currsize == 0 and shout.live() is not old
    assert _wait_empty(old)  # this test still holds it: only the reaper can have emptied it
    assert reaped(timeout=10) and not any(SECRET in s for s in strings_reachable(old))


def test_inside_held_until_exit_the_old_cache_waits_for_the_block_to_end() -> None:
    """Cleared inside the block: cut off at once, handed to the reaper only at its end."""
    _fill()
    with held_until_exit():
        old = shout.live()
        shout.cache_clear()
        with held_until_exit():  # a nested block hands nothing over itself
            shout(SECRET)
            shout.cache_clear()
        assert not any(SECRET in s for s in strings_reachable(shout))
        time.sleep(0.05)
        assert old.cache_info().currsize == 50  # held: no reaper has it yet
    assert _wait_empty(old)


def test_the_reaper_frees_caches_even_when_a_caller_still_holds_them() -> None:
    """A plain lru_cache handed to the reaper is emptied, not only dropped."""
    cache = functools.lru_cache(maxsize=None)(str.upper)
    for i in range(3000):
        cache(f"{SECRET} {i}")
    memo_module.reap(cache)
    assert _wait_empty(cache)


@pytest.fixture
def no_reaper_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """A process in which no reaper thread is alive and none can be started."""
    assert reaped(timeout=10)

    def refuse() -> threading.Thread:
        raise RuntimeError("can't start new thread")

    reaper = memo_module._Reaper()
    monkeypatch.setattr(reaper, "_spawn", refuse)
    monkeypatch.setattr(memo_module, "_REAPER", reaper)


@pytest.mark.usefixtures("no_reaper_thread")
def test_without_a_reaper_thread_cache_clear_frees_in_place() -> None:
    _fill()
    old = shout.live()
    shout.cache_clear()
    assert old.cache_info().currsize == 0  # freed before cache_clear returned
    assert reaped(timeout=0)


@pytest.mark.usefixtures("no_reaper_thread")
def test_a_forget_in_a_process_without_a_reaper_thread_erases_and_frees(open_store) -> None:  # type: ignore[no-untyped-def]
    from affidavit.text import lemmas

    store = open_store()
    said = "Ilmar Saarepuu repairs boats in Haapsalu."
    assert store.remember(said, said).status == "admitted"
    assert store.recall("Who repairs boats in Haapsalu?").status == "answered"
    old = lemmas.content_lemmas.live()
    assert old.cache_info().currsize > 0
    assert any(SECRET.lower() in s.lower() for _, s in memoised_strings())  # control
    assert store.forget("Ilmar Saarepuu").status == "erased"
    assert old.cache_info().currsize == 0  # freed by forget itself: no thread could
    assert not any(SECRET.lower() in s.lower() for _, s in memoised_strings())


def test_a_dead_reaper_thread_is_replaced() -> None:
    """A reaper whose thread is gone (as in a forked child) starts a new one on the next
    hand-over, which frees what the old one left queued too."""
    reaper = memo_module._Reaper()
    left = functools.lru_cache(maxsize=None)(str.upper)
    left(SECRET)
    gone = threading.Thread(target=lambda: None)
    gone.start()
    gone.join()
    reaper._thread, reaper._queue = gone, memo_module.deque([left])
    reaper.after_fork()
    fresh = functools.lru_cache(maxsize=None)(str.lower)
    fresh(SECRET)
    reaper.take([fresh])
    assert reaper.wait(timeout=10)
    assert left.cache_info().currsize == 0 and fresh.cache_info().currsize == 0


EXIT_WHILE_FREEING = """
import time
from affidavit.text.memo import memo, reaped

@memo(maxsize=1 << 20)
def pair(i):
    return (str(i) * 3, [str(i)])

for i in range(400_000):
    pair(i)
pair.cache_clear()
print(reaped(timeout=0), flush=True)
"""


def test_the_process_exits_at_once_while_the_reaper_is_still_freeing() -> None:
    """The reaper is a daemon thread: an exit does not wait for it, nor fails because of it."""
    start = time.monotonic()
    done = run_python(EXIT_WHILE_FREEING, timeout=60)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.strip() == "False"  # control: it exited with the freeing under way
    assert time.monotonic() - start < 30


FORKED = """
import os
from affidavit.text.memo import memo, reaped

@memo(maxsize=None)
def pair(i):
    return str(i) * 3

for i in range(1000):
    pair(i)
pair.cache_clear()  # the parent's reaper thread starts
assert reaped(timeout=10)
for i in range(1000):
    pair(i)
pid = os.fork()
if pid == 0:  # the child has no reaper thread: the next hand-over starts its own
    old = pair.live()
    pair.cache_clear()
    ok = reaped(timeout=10) and old.cache_info().currsize == 0
    os._exit(0 if ok else 1)
_, status = os.waitpid(pid, 0)
print(os.waitstatus_to_exitcode(status))
"""


@pytest.mark.skipif(not hasattr(sys.modules["os"], "fork"), reason="needs fork")
def test_a_forked_child_frees_through_a_reaper_of_its_own() -> None:
    done = run_python(FORKED, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "0"


def plain_caches(modules: dict[str, types.ModuleType]) -> list[str]:
    """Module-level caches that free in place (functools), so would cost forget again."""
    lru = type(functools.lru_cache(maxsize=None)(len))
    return sorted(f"{name}.{key}" for name, module in modules.items()
                  for key, value in vars(module).items()
                  if isinstance(value, lru) and getattr(value, "__module__", None) == name)


def test_every_text_and_gate_cache_is_a_memo() -> None:
    import affidavit.gates.read
    import affidavit.gates.write  # noqa: F401  (load every text and gate module they use)

    loaded = {n: m for n, m in sys.modules.items()
              if m is not None and n.startswith(("affidavit.text", "affidavit.gates"))}
    assert plain_caches(loaded) == []
    fake = types.ModuleType("affidavit.text.fake")
    fake.plain = functools.lru_cache(maxsize=8)(len)  # type: ignore[attr-defined]
    fake.plain.__module__ = fake.__name__  # type: ignore[attr-defined]
    assert plain_caches({fake.__name__: fake}) == ["affidavit.text.fake.plain"]  # control
    memos = [v for m in loaded.values() for v in vars(m).values() if isinstance(v, Memo)]
    assert len(memos) > 50  # control: the memos are there
