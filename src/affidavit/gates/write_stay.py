"""Years spent at an organisation read as years worked there.

Bios and CVs say where someone worked by saying where they were: "Before that, Tóbi spent
four years at Ìmọ́lẹ̀ Solar", "She was previously at Ziguinchor Mboq", "was previously with
the Cocobod for eight years". ``stay_readings`` gives each such sentence again with the
stay said as work ("worked for four years at Ìmọ́lẹ̀ Solar", "previously worked at
Ziguinchor Mboq"), for a second reading by the gate.

Conservative: a stay of years or decades ("spent two weeks at the Sligo hospital" is a
visit or a treatment, not a job), or one the text marks as a former post ("previously",
"formerly" right before "at"/"with"); at a named party or a common noun phrase, never at a
school, a college or a university (that is study, ``write_degree``'s), and never in a
sentence that frames it (a question, a condition, a report: the reading keeps every other
word, so the later checks still see those).
"""

from __future__ import annotations

import re

from affidavit.text.sentences import sentences

_DURATION = (r"(?P<span>(?:(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
             r"fifteen|twenty|a|a few|several|many)[ \t]+)?(?:years?|decades?))")
# "spent four years at X", "spent a decade with X".
_SPENT = re.compile(r"\b(?P<verb>spent|spends|has[ \t]+spent|had[ \t]+spent)[ \t]+" + _DURATION
                    + r"[ \t]+(?P<prep>at|with)[ \t]+(?=\S)")
# "was previously at X", "was formerly with X".
_WAS_AT = re.compile(
    r"\b(?P<verb>was|were)[ \t]+(?P<when>previously|formerly)[ \t]+(?P<prep>at|with)[ \t]+(?=\S)"
)
_STUDY_PLACE = re.compile(r"(?:the[ \t]+)?(?:[\w'’-]+[ \t]+){0,4}?(?:university|college|school|academy|"
                          r"institute|polytechnic|conservatoire|conservatory)\b", re.I)
_PAST = {"spent": "worked", "spends": "works", "has spent": "has worked", "had spent": "had worked"}


def stay_readings(evidence: str) -> list[tuple[int, int, str]]:
    """(start, end, reading) for each sentence that says someone spent years at a party."""
    out: list[tuple[int, int, str]] = []
    for a, b in sentences(evidence):
        sentence = evidence[a:b]
        for hit in _SPENT.finditer(sentence):
            if _STUDY_PLACE.match(sentence, hit.end()):
                continue
            verb = _PAST[" ".join(hit.group("verb").split())]
            said = f"{verb} for {hit.group('span')} at "
            out.append((a, b, sentence[: hit.start()] + said + sentence[hit.end() :]))
        for hit in _WAS_AT.finditer(sentence):
            if _STUDY_PLACE.match(sentence, hit.end()):
                continue
            said = f"{hit.group('when')} worked at "
            out.append((a, b, sentence[: hit.start()] + said + sentence[hit.end() :]))
    return out
