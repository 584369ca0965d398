"""Nicknames and other names the evidence itself says a person goes by.

"Katarzyna Nowak, known to everyone as Kasia", "Tomás Ruiz (aka Tomi)", "Ngozi Eze, who
goes by Zizi", "Robert Hale, nicknamed Bobby": the store records the second name as an
alias of the first, so recall finds the person by either and ``forget`` erases both.
Pure and conservative: only these explicit frames, the full name first, the alias one or
two capitalised words.
"""

from __future__ import annotations

import re

_NAME = r"(?P<full>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){1,3})"
_ALIAS = r"[\"“‘']?(?P<alias>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?)[\"”’']?"
_FRAMES = (
    rf"{_NAME},?\s+(?:better\s+|widely\s+|also\s+)?known(?:\s+to\s+(?:everyone|all|friends|most|us))?\s+as\s+{_ALIAS}",
    rf"{_NAME}\s*\(\s*(?:aka|a\.k\.a\.|known as|called|nicknamed)\s+{_ALIAS}\s*\)",
    rf"{_NAME},?\s+(?:aka|a\.k\.a\.)\s+{_ALIAS}",
    rf"{_NAME},?\s+(?:who\s+)?goes\s+by\s+{_ALIAS}",
    rf"{_NAME},?\s+nicknamed\s+{_ALIAS}",
    rf"{_NAME},?\s+(?:or\s+)?{_ALIAS}\s+to\s+(?:her|his|their)\s+friends",
)
_PATTERNS = tuple(re.compile(p) for p in _FRAMES)


def stated_aliases(text: str) -> list[tuple[str, str]]:
    """(full name, alias) pairs the text states, in order of appearance."""
    found: list[tuple[int, str, str]] = []
    for pattern in _PATTERNS:
        for m in pattern.finditer(text):
            full, alias = m.group("full"), m.group("alias")
            if alias.casefold() not in full.casefold().split():
                found.append((m.start(), full, alias))
    return [(full, alias) for _, full, alias in sorted(found)]
