"""A list item's bracket that takes the item back.

Records and CVs qualify an item in a bracket after it: "Languages: Basque, French
(learning)", "Allergies: penicillin (ruled out 2024)", "Skills: welding (planned course)".
The words of "Ihintza speaks French" are all there, and the bracket says she does not
(yet). A claim that names the item (a word of the claim, just before the bracket) is
refused when the bracket holds a word that says the item is not, not yet, or no longer
so and the claim does not keep that word itself.

The words are a closed class of English (like the auxiliaries): those that leave a thing
wanted, planned, partial, doubted, or ended. Pure function of (claim, span).
"""

from __future__ import annotations

import re

from affidavit.text.fold import fold

Failure = tuple[str, str] | None

# Words that leave a thing not (yet, or any longer) so: wanted or planned, partial, doubted,
# ended, denied. The one list the CV readers (a degree's, a job's line) start from too.
UNHELD = (
    r"learning|studying|planned|planning|expected|pending|appl(?:ied|ication)|proposed|provisional|"
    r"requested|awaiting|in[ \t]+progress|not|no[ \t]+longer|never|former(?:ly)?|ex|ruled[ \t]+out|"
    r"stopped|discontinued|withdrawn|withdrew|rejected|declined|cancell?ed|rescinded|lapsed|expired|"
    r"revoked|suspended|deferred|reading[ \t]+only|passive|understand(?:ing)?[ \t]+only|suspected|query|"
    r"queried|unconfirmed|unverified|falsified|disputed|possible|possibly|probable|tbc|tbd|upcoming|"
    r"prospective|intended|future|incoming|candidate"
)
_NOT_HELD = re.compile(r"(?i)\b(?:" + UNHELD + r")\b|\?")
# A bracket about another thing than the item before it.
_ANOTHER = re.compile(r"(?i)\b(?:other|others|else|but|also|too|unlike|except)\b")
# A word and the bracket right after it.
_ITEM = re.compile(r"(?P<word>[^\W\d_][\w'’-]*)[ \t]*\((?P<inside>[^()\n]{1,60})\)")


def _taking_word(note: str) -> str | None:
    """The word that takes a bracketed note's item back, when it opens the note: "(learning)",
    "(reading only)", "(ruled out 2024)"; not "(native)", nor another thing's note ("(not
    other shellfish)", "(but learning Tamil)")."""
    inside = note.strip().strip("()")
    taken = _NOT_HELD.search(inside)
    if taken is None or len(inside[: taken.start()].split()) > 1 or _ANOTHER.search(inside):
        return None
    return taken.group(0)


def takes_back(note: str) -> bool:
    """Whether a bracketed note says its item is not (yet, or any longer) so."""
    return _taking_word(note) is not None


def check_qualified_item(claim: str, span: str) -> Failure:
    """Refuse a claim naming an item whose bracket in the span takes it back."""
    if "(" not in span:
        return None
    claim_words = {fold(w).casefold() for w in re.findall(r"[^\W\d_][\w'’-]*", claim)}
    for hit in _ITEM.finditer(span):
        if fold(hit.group("word")).casefold() not in claim_words:
            continue
        word = _taking_word(hit.group("inside"))
        if word is None:
            continue
        if word != "?" and fold(word).casefold() in claim_words:
            continue  # "Ihintza is learning French": the claim keeps it
        return hit.group(0), f"the evidence qualifies '{hit.group('word')}' as '{hit.group('inside')}'"
    return None
