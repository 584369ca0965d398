"""A record's field names the doer of what its label says.

"supervisor: Prof. Ilgvars Mežulis" on Anete Zariņa's CV says that Mežulis supervised, and
"Covering: Ásta Kolbeinsdóttir" in a note about Snorri Baldvinsson's leave says that
Kolbeinsdóttir covers. A label that is an agent noun (its verb from the pinned lexicon's
derivations: "supervisor" -> "supervise") or a verb's "-ing" form makes the name after it
that verb's doer; a claim that has the same verb with that name as its object, and another
party doing it, has the roles the wrong way round. Pure function of (claim, evidence).
"""

from __future__ import annotations

import re

from affidavit.gates.write_parse import analyse
from affidavit.text import lexical
from affidavit.text.lemmas import lemma
from affidavit.text.names import find_names, refers_to

Failure = tuple[str, str] | None

# "supervisor: Prof. X", "Covering: X plus one agency worker", "Reviewer - Dr X": a label
# opening a line or a clause, then the name (an honorific before it is no part of it).
_FIELD = re.compile(
    r"(?:^|[\n;.(]|[.;][ \t])[ \t]*(?P<label>[A-Za-z][a-z\-]{2,30})[ \t]*(?::|[ \t][-–—][ \t])[ \t]*"
    r"(?:(?:Prof|Dr|Mr|Mrs|Ms|Mx|Rev)\.?[ \t]+)?(?P<name>[^\W\d_][^\n,;:()]{1,60})",
    re.M,
)


def _label_verb(label: str) -> str | None:
    """The verb a label names its doer by: an agent noun's verb, or an "-ing" form's."""
    low = label.casefold()
    found = [verb for verb, role in lexical.active().derivations(low) if role == "agent" and verb != low]
    if len(found) == 1:
        return found[0]
    if low.endswith("ing") and len(low) > 5:
        return lemma(low)
    return None


def check_field_doer(claim: str, ev: str) -> Failure:
    shape = analyse(claim)
    if shape.verb is None or shape.passive or not shape.agents or not shape.patients:
        return None
    for m in _FIELD.finditer(ev):
        if _label_verb(m.group("label")) != shape.verb:
            continue
        named = [n for n, _, _ in find_names(m.group("name"))][:1]
        if not named:
            continue
        doer = named[0]
        done_to = any(refers_to(p, doer) or refers_to(doer, p) for p in shape.patients)
        doing = any(refers_to(a, doer) or refers_to(doer, a) for a in shape.agents)
        if done_to and not doing:
            label = m.group("label")
            return doer, f"the evidence's '{label}:' names '{doer}' as the one who does it"
    return None
