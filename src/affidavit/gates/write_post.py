"""Whose post a title names in a firm's own report: "<Firm> will ..., its managing director, X, said".

News gives the speaker of a firm's announcement by post alone, in the sentence whose
subject is the firm ("Nilavazhagi Textiles will open a second dyeing unit, managing
director Vetrivel Palaniappan said"; "Lanna Riverbend Textiles posted revenue of ...,
the firm's director Prasert Lamai said"), or names the owner by a possessive ("Lana
Grischa's chief executive, Annatina Cadonau, said"). The claim "X is the managing
director of <firm>" says whose post it is; the sentence does not, in so many words.
``post_readings`` gives such a sentence again as "<name> is the <post> of <owner>", for
a second reading by the gate (the receipt is the sentence).

Read only where the convention leaves no doubt. A red team showed that a bare title in a
later sentence ("... Chief executive X blamed the frost"), or "its" after a name that
is a place, a person or another body, names another owner too often to be read, so:

- the speaker form only: the sentence opens with the firm as its subject and ends with
  the holder as the speaker of what it says (", <post> X said.", ", said <post> X.",
  ", X, its <post>, said."), with nothing after the holder but an age or a time;
- the firm is one by its form (a legal form or an organisation's word in its name) or is
  taken up as a firm in the text ("the company said", "the firm's director"); "its"
  alone does not do (a town, a ferry service, a bakery take "its" too);
- the reported clause names no other party (only places after "in", "at", "near" and
  parts after "its"), and holds no second clause (";");
- a post many kinds of thing have (director, president, treasurer, secretary) only with
  "its" or "the company's" and a firm by its form; "principal" and "head teacher" also
  bare when the firm is a school;
- no reading when the holder is named again in a sentence that speaks of a post or its
  end ("Owusu, who retires in May, ...", "(Ms Owusu is in fact its chair)");
- a possessive owner ("<Name>'s <post>, X") is read as written, or as its longer form in
  the text when that adds only a legal form ("Lana Grischa's" → "Lana Grischa SA"),
  and not inside a report, condition or denial.
"""

from __future__ import annotations

import re

from affidavit.gates.write_degree import LEGAL_FORM, organisation, school
from affidavit.gates.write_parse import Mention, mentions
from affidavit.text.clause_cues import REPORT_TIME
from affidavit.text.clauses import read
from affidavit.text.names import refers_to
from affidavit.text.reference import ORG_NOUNS
from affidavit.text.sentences import DATELINE, sentences

# Posts an organisation as a whole has: bare before a name they are the firm's.
_WHOLE = ("chief executive officer", "chief executive", "ceo", "managing director", "general manager",
          "chief financial officer", "cfo", "finance director", "chief operating officer", "coo",
          "chief technology officer", "cto", "chairman", "chairwoman", "chairperson", "chair", "founder",
          "co-founder", "owner")  # fmt: skip
# Posts of many kinds of thing (a film's director, a country's president): only owned.
_OWNED = ("director", "president", "principal", "head teacher", "headteacher", "treasurer", "secretary")
_SCHOOL_POSTS = frozenset({"principal", "head teacher", "headteacher"})
_POST = "|".join(sorted((re.escape(p) for p in _WHOLE + _OWNED), key=len, reverse=True))
# The nouns that take up a firm ("the company said"); not a council's, a school's or a
# supplier's, which are bodies of their own beside the firm.
_FIRM_NOUNS = ORG_NOUNS - {
    "council", "hospital", "school", "university", "team", "venue", "band", "practice", "club", "studio",
    "employer", "supplier", "contractor", "developer", "agency", "lender", "insurer", "publisher",
    "consultancy", "charity", "bank", "chain",
}  # fmt: skip
_FIRM = "|".join(sorted((re.escape(n) for n in _FIRM_NOUNS), key=len, reverse=True))
_TAKEN_UP = re.compile(rf"\b[Tt]he[ \t]+(?:{_FIRM})\b")
# The holder's phrase after the reported clause: ", managing director ", ", said its
# chief executive, ", ", " (then the name, and ", its founder," after it).
_LEAD = re.compile(
    rf",[ \t]*(?:(?P<said>said|says|added)[ \t]+)?"
    rf"(?:(?:(?P<det>its|the[ \t]+(?:{_FIRM})['’]s?)[ \t]+)?(?P<post>{_POST})[ \t]*,?[ \t]*)?$",
    re.I,
)
_AFTER = re.compile(rf",[ \t]+(?P<det>its|the[ \t]+(?:{_FIRM})['’]s?)[ \t]+(?P<post>{_POST})\b", re.I)
# What may follow the holder: an age and a time, then a report verb unless one came before.
_AGE = r"(?:[ \t]*,[ \t]*\d{1,3}[ \t]*(?=,|[.!]?[ \t]*$))?"
_CLOSES = re.compile(_AGE + r"[ \t]*,?" + REPORT_TIME + r"[ \t]*[.!]?[ \t]*$", re.I)
_SAID_CLOSES = re.compile(
    _AGE
    + r"[ \t]*,?[ \t]*(?:said|says|added|told[ \t]+(?:reporters|the[ \t]+\w+))"
    + REPORT_TIME
    + r"[ \t]*[.!]?[ \t]*$",
    re.I,
)
# A place or a part in the reported clause ("in Aalankurichi", "its Zubigorri line").
_PLACE_WORD = frozenset({"in", "at", "near", "outside", "across", "around", "its"})
# A later sentence about the holder that speaks of a post or its end.
_POST_TALK = re.compile(
    rf"\b(?:{_POST}|not|no[ \t]+longer|former|formerly|left|leaves?|leaving|resign\w*|retir\w*|step\w*|"
    r"interim|acting|fired|sacked|dismiss\w*|replac\w*|successor|succeed\w*|appoint\w*|until)\b",
    re.I,
)
_OWNER_POST = re.compile(rf"['’]s?[ \t]+(?P<post>{_POST})[ \t]*,[ \t]*$", re.I)


def post_readings(evidence: str) -> list[tuple[int, int, str]]:
    """(start, end, reading) for each holder a title gives a post of a named owner."""
    spans = sentences(evidence)
    found = mentions(evidence)
    out: list[tuple[int, int, str]] = []
    for i, (a, b) in enumerate(spans):
        for m in (_untitled(m) for m in found if a <= m.start < b and not m.possessive):
            hit = _speaker_post(evidence, (a, b), found, m) or _possessive_post(evidence, (a, b), found, m)
            if hit is not None and not _named_again(evidence, spans[i + 1 :], found, m):
                out.append((a, b, f"{m.name} is the {hit[0]} of {hit[1]}."))
    return out


_TITLE_IN_NAME = re.compile(rf"(?:{_POST})[ \t]+", re.I)


def _untitled(m: Mention) -> Mention:
    """ "Managing director Vetrivel Palaniappan" read as one name: the name without its title."""
    hit = _TITLE_IN_NAME.match(m.name)
    if hit is None or hit.end() == len(m.name):
        return m
    return Mention(m.name[hit.end() :], m.start + hit.end(), m.end, m.possessive)


def _speaker_post(
    evidence: str, span: tuple[int, int], found: list[Mention], m: Mention
) -> tuple[str, str] | None:
    """The post of a report's speaker named last in a sentence whose subject is a firm."""
    a, b = span
    dateline = DATELINE.match(evidence, a, b)
    body = dateline.end() if dateline is not None and dateline.end() < b else a
    lead = _LEAD.search(evidence, body, m.start)
    if lead is None or re.search(r"[ \t](?:of|from|at|with)[ \t]", m.name):
        return None
    after = None if lead.group("post") else _AFTER.match(evidence, m.end, b)
    hit = lead if lead.group("post") else after
    if hit is None:
        return None
    tail = evidence[(after.end() if after is not None else m.end) : b]
    if not (_CLOSES if lead.group("said") else _SAID_CLOSES).match(tail):
        return None  # more follows the holder ("who retires in May", "of Brax", "and Esi Mensah")
    clause_end = lead.start()
    inside = [o for o in found if body <= o.start < clause_end]
    if (
        not inside
        or evidence[body : inside[0].start].strip() not in ("", "The", "the")
        or ";" in evidence[body:clause_end]
    ):
        return None
    firm = inside[0]
    det = (hit.group("det") or "").casefold()
    by_form = organisation(firm.name)
    if not (by_form or det.startswith("the") or _TAKEN_UP.search(evidence)):
        return None
    for o in inside[1:]:
        before = evidence[: o.start].split()[-1:] or [""]
        if not (refers_to(o.name, firm.name) or before[0].casefold() in _PLACE_WORD):
            return None  # another party in the clause: whose post is it?
    post = hit.group("post").casefold()
    if post in _OWNED and not (det and by_form) and not (post in _SCHOOL_POSTS and school(firm.name)):
        return None
    return post, firm.name


def _possessive_post(
    evidence: str, span: tuple[int, int], found: list[Mention], m: Mention
) -> tuple[str, str] | None:
    """ "Lana Grischa's chief executive, Annatina Cadonau, said ...": the post and its owner."""
    a, b = span
    owner = next((o for o in reversed(found) if o.possessive and a <= o.start and o.end < m.start), None)
    if owner is None:
        return None
    hit = _OWNER_POST.match(evidence[owner.end : m.start])
    if hit is None or evidence[m.end : m.end + 1] != ",":
        return None
    sentence = evidence[a:b]
    if any(seg.frames or seg.negated for seg in read(sentence) if seg.start <= m.start - a < seg.end + 2):
        return None
    longer = [o.name for o in found if o.name != owner.name and refers_to(owner.name, o.name)]
    # "Lana Grischa SA": the owner's name and a legal form only; "Delmont Hospital" may
    # not be what "Delmont's" meant (the town's).
    full = {
        n
        for n in longer
        if LEGAL_FORM.fullmatch(n[len(owner.name) :].strip(" ,.")) and n.startswith(owner.name)
    }
    name = full.pop() if len(full) == 1 else owner.name
    return hit.group("post").casefold(), name


def _named_again(evidence: str, later: list[tuple[int, int]], found: list[Mention], m: Mention) -> bool:
    """The holder is named again in a later sentence that speaks of a post or its end."""
    return any(
        _POST_TALK.search(evidence, a, b) is not None
        and any(a <= o.start < b and (refers_to(o.name, m.name) or refers_to(m.name, o.name)) for o in found)
        for a, b in later
    )
