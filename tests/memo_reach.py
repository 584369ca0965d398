"""What a module-level cache still reaches: the strings a walk of the collector's links finds.

The walk goes through containers, ``lru_cache`` wrappers and ``text.memo`` memos (the
instance, its own class, the ``staticmethod`` there that is its live cache), and stops
at functions, modules and other classes, which reach everything else in the process.
"""

from __future__ import annotations

import functools
import gc
import sys

from affidavit.text.memo import Memo

LRU = type(functools.lru_cache(maxsize=None)(len))
WALKED = (dict, tuple, list, set, frozenset, staticmethod, LRU, Memo)


def strings_reachable(root: object) -> list[str]:
    """Every string reachable from ``root`` through the objects above."""
    found: list[str] = []
    stack, seen = [root], set()
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, str):
            found.append(item)
        elif (item is root or isinstance(item, WALKED)
              or (isinstance(item, type) and issubclass(item, Memo))):
            stack.extend(gc.get_referents(item))
    return found


def memoised_strings(prefix: str = "affidavit") -> list[tuple[str, str]]:
    """Every string reachable from a module-level cache of the modules under ``prefix``,
    with the cache's name."""
    found = []
    for name, module in list(sys.modules.items()):
        if not name.startswith(prefix) or name == "affidavit.testing" or module is None:
            continue  # affidavit.testing is a test-data helper, never loaded by a server
        for value in list(vars(module).values()):
            if isinstance(value, type) or getattr(value, "__module__", None) != name:
                continue
            if hasattr(value, "cache_clear"):
                label = f"{name}.{getattr(value, '__name__', '?')}"
                found += [(label, s) for s in strings_reachable(value)]
    return found
