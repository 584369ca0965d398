"""Multi-word idioms of a question that ask for an answer class, not for their words. Pure.

* "for a living", "earn a living", and after "do" "for work", "for a job", "for money"
  ("what does X do for work?"): the question asks for an occupation, the same demand as
  "What does X do?" — a claim never says "living", nor that a job is work;
* "no longer", "not ... anymore": the question asks about something that
  stopped ("Which version does X no longer support?"), grounded by a claim that
  says it stopped ("X drops support for ...", "X stopped taking ...").

Each idiom becomes one class term at its first token; its tokens demand nothing
else. Light verbs that only carry an occupation noun ("What position does X
*hold*?", "What role does X *play*?") are dropped once an occupation is asked.
"""

from __future__ import annotations

import re
from typing import NamedTuple

_LIVING = re.compile(
    r"\bfor\s+a\s+living\b"
    r"|\b(?:earns?|earned|earning|makes?|made|making)\s+(?:a|their|his|her|its)\s+living\b",
    re.I,
)
# Only after the main verb "do": "where does X go for work" asks a place, not a job.
_DO_FOR = re.compile(
    r"\b(?:do|does|did|doing)\s+(for\s+(?:work|a\s+job|money|an?\s+income|(?:a|their|his|her)\s+job))\b",
    re.I,
)
_NO_LONGER = re.compile(r"\bno\s+longer\b", re.I)
# "anymore" only says cessation under a negation of the same question.
_ANYMORE = re.compile(r"\b(?:anymore|any\s+more|any\s+longer)\b", re.I)
_NEGATION = re.compile(r"\b(?:not|never)\b|\b\w+n[’']t\b", re.I)

# Verbs that carry an occupation noun and add nothing to it.
OCCUPATION_LIGHT_VERBS = frozenset({"hold", "occupy", "have", "fill", "play", "take"})


class Idiom(NamedTuple):
    """``text[start:end]`` asks for the answer class ``cls`` ("occupation", "cessation")."""

    start: int
    end: int
    cls: str


def idioms(text: str) -> tuple[Idiom, ...]:
    """Idioms of ``text`` in order; a negation that "anymore" completes is its own span."""
    out = [Idiom(m.start(), m.end(), "occupation") for m in _LIVING.finditer(text)]
    out += [Idiom(m.start(1), m.end(1), "occupation") for m in _DO_FOR.finditer(text)]
    out += [Idiom(m.start(), m.end(), "cessation") for m in _NO_LONGER.finditer(text)]
    more = _ANYMORE.search(text)
    negation = _NEGATION.search(text)
    if more is not None and negation is not None and not _NO_LONGER.search(text):
        out.append(Idiom(negation.start(), negation.end(), "cessation"))
        out.append(Idiom(more.start(), more.end(), "cessation"))
    return tuple(sorted(out))
