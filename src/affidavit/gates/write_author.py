"""Who wrote a message, and what its first person says of them.

Agents quote messages in their writer's own voice: "From: Iida Vik / Hi, my router
stopped on Monday", "Iida Vik here - I moved to Bodø in 2019", "Lena Dahl: the ferry
stops in May". The writer is named once, by a header ("From:", "Reported by:"), a
self-introduction ("X here") or a chat label ("X: ..."); the rest says "I" and "my".
``author`` finds that one name (two candidates give none); ``first_person`` lists the
first-person words of a span with what they stand for, so the gate can read "my router"
as "Iida Vik's router". Pure; only the evidence is read.
"""

from __future__ import annotations

import re
from functools import lru_cache

from affidavit.gates.write_parse import mentions
from affidavit.text.names import refers_to

_HEADER = re.compile(
    r"(?:^|\n)[^\S\n]*(?:from|reported by|sender|written by|submitted by|message from)\s*[:\-]\s*", re.I
)
_HERE = re.compile(r"[^\S\n]+here\b")
_AFTER_DASH = re.compile(r"(?:^|\s[-—–|]\s*)$")
_GREETING = re.compile(r"\b(?:hi|hey|hello|morning|evening|ok|okay|all)\b[,!.]?", re.I)
_LABEL = re.compile(r"[^\S\n]*:[^\S\n]")


@lru_cache(maxsize=1024)
def author(evidence: str) -> str | None:
    """The one name the message gives its writer, if exactly one."""
    if ":" not in evidence and "here" not in evidence and "-" not in evidence:
        return None  # no header, label or self-introduction could name one
    found = mentions(evidence)
    names: list[str] = []
    for m in found:
        line_start = evidence.rfind("\n", 0, m.start) + 1
        before = evidence[line_start : m.start]
        header = _HEADER.match(evidence, max(line_start - 1, 0))
        by_header = header is not None and header.end() == m.start
        opens_line = not _GREETING.sub("", before).strip(" -*•>\t,")
        by_here = opens_line and _HERE.match(evidence, m.end) is not None
        # "Lena Dahl: ...", "Ticket 7 - Iida Vik: ...": a label after a line's start or a dash.
        after_dash = _AFTER_DASH.search(before) is not None
        labelled = _LABEL.match(evidence, m.end) is not None and not m.possessive
        by_label = (opens_line or after_dash) and labelled
        known = any(refers_to(m.name, n) or refers_to(n, m.name) for n in names)
        if (by_header or by_here or by_label) and not known:
            names.append(m.name)
    return names[0] if len(names) == 1 else None


# "I", "my", "me", "mine", "I'm", "I've", "I'll", "I'd" as words.
_FIRST = re.compile(r"(?<![\w'’])(?:I(?:['’](?:m|ve|ll|d))?|my|me|mine|myself)(?![\w'’])")
_READ_AS = {"i": "{n}", "me": "{n}", "myself": "{n}", "my": "{n}'s", "mine": "{n}'s",
            "i'm": "{n} is", "i've": "{n} has", "i'll": "{n} will", "i'd": "{n} would"}  # fmt: skip


def first_person(evidence: str, a: int, b: int, name: str) -> tuple[tuple[int, int, str], ...]:
    """Rewrites of the first-person words in ``evidence[a:b]`` to ``name``."""
    out = []
    for m in _FIRST.finditer(evidence, a, b):
        word = m.group(0).replace("’", "'")
        if word[:1] == "m" and m.start() > a and evidence[m.start() - 1] not in " \t\n(\"'“‘":
            continue
        out.append((m.start(), m.end(), _READ_AS[word.casefold()].format(n=name)))
    return tuple(out)


def quoted_other(evidence: str, a: int, b: int) -> bool:
    """The span quotes somebody ("she said 'I ...'"): its "I" is not the writer."""
    return any(q in evidence[a:b] for q in ('"', "“", "”", "‘", "«"))
