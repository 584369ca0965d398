"""Small pure helpers for readable output: counts with the right noun."""

from __future__ import annotations

_IRREGULAR = {"entry": "entries", "entity": "entities", "is": "are", "was": "were", "this": "these"}


def plural(n: int, noun: str) -> str:
    """``1 claim``, ``2 claims``, ``0 claims``, ``1 entry``, ``3 entries``."""
    if n == 1:
        return f"{n} {noun}"
    return f"{n} {_IRREGULAR.get(noun, noun + 's')}"


def valid_time(valid_from: str | None, valid_to: str | None) -> str:
    """``undated``, ``from 2010-01-01``, ``to 2015-12-31``, ``2010-01-01 to 2015-12-31``."""
    if valid_from is None and valid_to is None:
        return "undated"
    if valid_to is None:
        return f"from {valid_from}"
    if valid_from is None:
        return f"to {valid_to}"
    return f"{valid_from} to {valid_to}"
