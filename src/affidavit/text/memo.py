"""Memoised text functions whose caches an erasure drops at once and frees later.

An erasure must not leave the erased words reachable from the text and gate caches,
so ``forget`` clears them all. ``functools.lru_cache`` frees every entry before its
``cache_clear`` returns, and after many writes those caches hold a few hundred
thousand entries: freeing them was most of the time a ``forget`` took.

``memo(maxsize)`` memoises through an ``lru_cache`` too, but its ``cache_clear``
swaps in a new empty one, so nothing the module holds reaches the old entries, and
hands the old cache to a reaper, a daemon thread that frees it. Inside
``held_until_exit()`` (a ``forget``) the old caches wait for the block to end: the
reaper then frees them while the caller goes on, instead of taking the GIL from the
erasure. The work is moved, not saved: whatever this process does next shares the
GIL with the reaper until it is done (``reaped`` waits for that).

A call costs one more type-slot lookup than an ``lru_cache`` (no Python frame): each
memo is the only instance of its own class, whose ``__call__`` is the live cache.
"""

from __future__ import annotations

import gc
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache, update_wrapper
from typing import TYPE_CHECKING, Any, Generic, ParamSpec, TypeAlias, TypeVar, cast

if TYPE_CHECKING:
    from functools import _lru_cache_wrapper

P = ParamSpec("P")
R = TypeVar("R")
Cache: TypeAlias = "_lru_cache_wrapper[Any]"
FREE_SLICE = 10_000  # keys and results freed per hold of the GIL (under a millisecond)


class Memo(Generic[P, R]):
    """A memoised function: call it as the function; ``cache_clear`` and ``cache_info``
    as on an ``lru_cache``."""

    __wrapped__: Callable[P, R]
    _maxsize: int | None

    if TYPE_CHECKING:  # at run time each memo's own class holds the live cache as __call__
        def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R: ...

    def live(self) -> Cache:
        """The ``lru_cache`` that calls go to now."""
        return cast(Cache, type(self).__call__)

    def cache_info(self) -> Any:
        return self.live().cache_info()

    def cache_clear(self) -> None:
        """Point calls at a new empty cache now; the old one is freed by the reaper."""
        old = self.live()
        own: Any = type(self)  # the class is this memo's alone
        own.__call__ = staticmethod(lru_cache(maxsize=self._maxsize)(self.__wrapped__))
        if old.cache_info().currsize:
            reap(old)


def memo(maxsize: int | None) -> Callable[[Callable[P, R]], Memo[P, R]]:
    """``functools.lru_cache(maxsize)``, as a ``Memo``."""

    def wrap(func: Callable[P, R]) -> Memo[P, R]:
        own = type(f"Memo[{func.__qualname__}]", (Memo,),
                   {"__call__": staticmethod(lru_cache(maxsize=maxsize)(func))})
        made = cast(Memo[P, R], own())
        update_wrapper(made, func)  # __module__, __name__, __doc__, __wrapped__ of func
        made._maxsize = maxsize
        return made

    return wrap


class _Reaper:
    """Frees handed-over caches on one daemon thread, started on first use.

    Where no thread can be had (the interpreter is shutting down, or the process is
    out of threads) the caller frees them itself: slower, never left undone.
    """

    def __init__(self) -> None:
        self._cv = threading.Condition()
        self._queue: deque[Cache] = deque()
        self._unfreed = 0  # handed over and not yet freed
        self._thread: threading.Thread | None = None

    def take(self, caches: list[Cache]) -> None:
        if not caches:
            return
        with self._cv:
            if self._started():
                self._queue.extend(caches)
                self._unfreed += len(caches)
                self._cv.notify()
                return
            caches.extend(self._queue)  # a dead reaper's leftovers too
            self._queue.clear()
            self._unfreed = 0
        for cache in caches:
            cache.cache_clear()

    def wait(self, timeout: float | None) -> bool:
        with self._cv:
            return self._cv.wait_for(lambda: self._unfreed == 0, timeout)

    def after_fork(self) -> None:
        """In a forked child the reaper thread is gone and its lock may be held: start
        afresh; what was queued is freed by the child's own reaper."""
        self._cv = threading.Condition()
        self._thread = None
        self._unfreed = len(self._queue)

    def _started(self) -> bool:
        if self._thread is not None and self._thread.is_alive():
            return True
        try:
            self._thread = self._spawn()
        except RuntimeError:  # "can't start new thread", or at interpreter shutdown
            return False
        return True

    def _spawn(self) -> threading.Thread:
        thread = threading.Thread(target=self._run, name="affidavit-memo-reaper", daemon=True)
        thread.start()
        return thread

    def _run(self) -> None:
        while True:
            with self._cv:
                self._cv.wait_for(lambda: bool(self._queue))
                cache = self._queue.popleft()
            _free(cache)
            del cache
            with self._cv:
                self._unfreed -= 1
                self._cv.notify_all()


def _free(cache: Cache) -> None:
    """Clear ``cache`` in bites, handing the GIL to a waiting caller between them.

    One ``cache_clear`` of a full 65,536-entry cache holds the GIL for about ten
    milliseconds. The entries' keys and results are taken first (a bounded
    ``lru_cache`` lists them to the collector; an unbounded one lists only its table
    and frees in one piece), so clearing frees only the table; they then go a slice
    at a time. A busy caller keeps most of the GIL: the reaper takes longer, the caller
    is barely slowed. The entries go even if a caller still holds the old cache.
    """
    held = gc.get_referents(cache)
    cache.cache_clear()
    while held:
        del held[-FREE_SLICE:]
        time.sleep(0)  # hand the GIL to a waiting thread, if any


_REAPER = _Reaper()
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=lambda: _REAPER.after_fork())
_held = threading.local()


def reap(cache: Cache) -> None:
    """Free ``cache``'s entries on the reaper, after the enclosing ``held_until_exit``."""
    held: list[Cache] | None = getattr(_held, "caches", None)
    if held is not None:
        held.append(cache)
    else:
        _REAPER.take([cache])


@contextmanager
def held_until_exit() -> Iterator[None]:
    """Caches this thread clears inside the block go to the reaper when it ends."""
    if getattr(_held, "caches", None) is not None:  # nested: the outer block hands them over
        yield
        return
    held: list[Cache] = []
    _held.caches = held
    try:
        yield
    finally:
        _held.caches = None
        _REAPER.take(held)


def reaped(timeout: float | None = None) -> bool:
    """Wait until every cache handed to the reaper is freed; False if ``timeout`` passed."""
    return _REAPER.wait(timeout)
