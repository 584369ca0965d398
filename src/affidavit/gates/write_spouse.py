"""A spouse named beside a person read as a marriage.

"Ġorġ Vella and his wife, Marija Azzopardi, live in Mosta", "Ilinca Pop's husband is Radu
Stan", "Ilinca Pop's husband, Radu Stan, said ...": the text says who is whose husband or
wife, and a claim says "is married to". ``spouse_readings`` gives each such sentence again
said as the marriage ("Ġorġ Vella is married to Marija Azzopardi; Marija Azzopardi is
married to Ġorġ Vella."), for a second reading by the gate. What the sentence says before
the pair stays, so a report or a condition that opens it still governs it; what it says
after goes (another name there would otherwise stand beside the marriage's words).

Only "wife", "husband" and "spouse" (a partner, a fiancée or an ex is no spouse now), each
between two names the sentence writes out.
"""

from __future__ import annotations

import re

from affidavit.gates.write_parse import mentions
from affidavit.text.sentences import sentences

_SPOUSE = r"(?:wife|husband|spouse)"
# "X and his wife, Y" / "X and her husband Y"
_AND_SPOUSE = re.compile(rf"^[ \t]+and[ \t]+(?:his|her|their)[ \t]+{_SPOUSE}[ \t]*,?[ \t]*$", re.I)
# "X's husband, Y" / "X's wife is Y" / "X's husband Y"
_OF_SPOUSE = re.compile(rf"^(?:['’]s)?[ \t]+{_SPOUSE}(?:[ \t]*,[ \t]*|[ \t]+is[ \t]+|[ \t]+)$", re.I)


def spouse_readings(evidence: str) -> list[tuple[int, int, str]]:
    """(start, end, reading) for each sentence that names a person's wife or husband."""
    if not re.search(_SPOUSE, evidence, re.I):
        return []
    out: list[tuple[int, int, str]] = []
    for a, b in sentences(evidence):
        sentence = evidence[a:b]
        found = mentions(sentence)
        for first, second in zip(found, found[1:], strict=False):
            between = sentence[first.end : second.start]
            joined = _OF_SPOUSE if first.possessive else _AND_SPOUSE
            if second.possessive or not joined.match(between):
                continue
            # What comes before the pair stays (a report or a condition over it); what comes
            # after goes: another name there would stand beside the marriage's words.
            x, y = first.name, second.name
            out.append((a, b, f"{sentence[: first.start]}{x} is married to {y}; {y} is married to {x}."))
    return out
