"""Direction of a movement or transfer: "from A to B" is not "from B to A".

The role checks compare who acts on whom; places and accounts are no parties, so a
claim that swaps the source and the goal of a movement ("flew from Oslo to Rome" for
"flew from Rome to Oslo", "moved money from savings to current" for the reverse) keeps
every word and passes coverage. This check reads the word after each "from" (source)
and after each "to"/"into"/"towards" (goal) in claim and evidence, and refuses the claim
when its source is only ever a goal in the evidence and its goal only ever a source.
Pure.
"""

from __future__ import annotations

import re

Failure = tuple[str, str] | None

_SOURCE = frozenset({"from"})
_GOAL = frozenset({"to", "into", "towards", "toward", "onto"})
_SKIP = frozenset({"the", "a", "an", "my", "our", "his", "her", "their", "its", "your"})
_TOKEN = re.compile(r"[^\W_][\w'’\-]*")


def _ends(text: str) -> tuple[set[str], set[str]]:
    """The words that open the source and the goal phrases of ``text`` (casefolded)."""
    toks = [t.casefold() for t in _TOKEN.findall(text)]
    sources: set[str] = set()
    goals: set[str] = set()
    for i, t in enumerate(toks):
        if t not in _SOURCE and t not in _GOAL:
            continue
        j = i + 1
        while j < len(toks) and toks[j] in _SKIP:
            j += 1
        if j < len(toks):
            (sources if t in _SOURCE else goals).add(toks[j])
    return sources, goals


def check_direction(claim: str, ev: str) -> Failure:
    """The claim's source and goal are not the evidence's goal and source."""
    c_src, c_goal = _ends(claim)
    if not c_src or not c_goal:
        return None  # a direction needs both ends in the claim
    e_src, e_goal = _ends(ev)
    for s in sorted(c_src):
        if s in e_goal and s not in e_src and any(g in e_src and g not in e_goal for g in c_goal):
            return s, f"the evidence has '{s}' as where it went, not where it came from"
    return None
