"""Where someone lives, read from a move or an address the evidence states.

"I moved from Crickhowell to 3 Ffordd yr Orsaf, Llanrwst on 1 May 2024" says the writer
lives in Llanrwst (from that day); "New address from 1 July: Folake Ogunleye, 14 Gbongan
Road, Osogbo" and "Home address: 7 Odos Linou, Omodos" say where the person lives.
``residence_readings`` gives each such sentence again with "lives in <town>" said in it,
for a second reading by the gate; the town is the last name of the address (its last
comma-set part).

Conservative: a move only in the past tense ("moved", "has moved", "relocated"), not one
followed by another ("then to Bergen", "moved again", "back to") nor a stay for a while ("for
a year"); an address only under a label that says it is a home ("home address", "new
address", "address:" on a person's record).
"""

from __future__ import annotations

import re

from affidavit.gates.write_parse import Mention, mentions
from affidavit.text.sentences import sentences

# A town's name: capitalised words, a particle inside ("Gârbova de Sus", "Stratford-upon-Avon").
_PLACE = (r"(?P<place>[A-ZÀ-ÞĀ-Ž][\w'’-]+(?:[ \t]+(?:(?:de|del|della|di|da|do|la|le|les|am|an|im|sur|"
          r"en|upon|on|under|by|y)[ \t]+)?[A-ZÀ-ÞĀ-Ž][\w'’-]+){0,2})")
# "moved (from X) to [address, ] Town": the town is the to-phrase's last name.
_MOVED = re.compile(
    r"\b(?P<verb>moved|has moved|have moved|relocated|has relocated)\b(?:[ \t]+from[ \t]+[^,.;]+?)?"
    r"(?:[ \t]+(?:up|down|over|out))?[ \t]+to[ \t]+(?:[^.;\n]*?,[ \t]*)?" + _PLACE
    + r"(?=[ \t]*(?:[.,;!]|$|\n|[ \t](?:on|in|at|last|this|two|a|since|after|with|during|over|early|late)\b))"
)
# A stay for a while ("for a year", "for six months"), not a purpose ("for a radio job").
_NOT_SETTLED = re.compile(
    r"\b(?i:then|again|back to|for (?:a|an|one|two|three|six|a few|some|the) "
    r"(?:[a-z]+ )?(?:years?|months?|weeks?|days?|while|time|term|season|summer|winter|semester))\b"
)
_ADDRESS = re.compile(
    r"\b(?i:home address|new address|address|lives at)\b[^:\n]*:[ \t]*[^\n]*?,[ \t]*" + _PLACE
    + r"[ \t]*\.?[ \t]*(?:$|\n)",
    re.M,
)


# "Pema Lama grew up in Namche Bazaar", "Nirmala Rajendran, who grew up in Tellippalai,":
# where one grew up is one's hometown, said in the sentence's place.
_GREW_UP = re.compile(r"\b(?P<who>who[ \t]+)?grew[ \t]+up[ \t]+in[ \t]+" + _PLACE)
# "Mereani Tuilau was promoted to head nurse": she became head nurse.
_PROMOTED = re.compile(r"\b(?:was|has[ \t]+been|had[ \t]+been|got)[ \t]+promoted[ \t]+to\b")


def hometown_readings(evidence: str) -> list[tuple[int, int, str]]:
    """(start, end, reading) for each sentence that says where its lead name grew up, or
    that its lead name was promoted to a post (read only from plain sentences: see
    ``write._plain``)."""
    out: list[tuple[int, int, str]] = []
    for a, b in sentences(evidence):
        sentence = evidence[a:b]
        lead = _lead_name(sentence)
        grew = _GREW_UP.search(sentence)
        if grew is not None and lead is not None:
            # The lead name, just before "grew up" or before ", who grew up".
            before = sentence[: grew.start()].rstrip(" ,\t" if grew.group("who") else " \t")
            tail = sentence[grew.end("place") :]
            place = grew.group("place")
            if lead.end == len(before) and not _OPEN_TAIL.search(tail) and not place.endswith(("'s", "’s")):
                # The clause alone: "... and lives in Kathmandu" would lend its town to it.
                out.append((a, b, f"{before[: lead.end]}'s hometown is {grew.group('place')}."))
        promoted = _PROMOTED.search(sentence)
        if promoted is not None and lead is not None and not _NOT_YET.search(sentence) \
                and lead.end == len(sentence[: promoted.start()].rstrip()):
            out.append((a, b, sentence[: promoted.start()] + "became" + sentence[promoted.end() :]))
    return out


def _lead_name(sentence: str) -> Mention | None:
    """The name that opens the sentence (after a label such as "About the author:")."""
    label = re.match(r"[^:\n]{0,40}:[ \t]*", sentence)
    at = label.end() if label is not None else 0
    at += len(sentence[at:]) - len(sentence[at:].lstrip())
    found = [m for m in mentions(sentence, 0, len(sentence)) if not m.possessive]
    return next((m for m in found if m.start == at), None)


# After the town: a hedge, a correction or another town ("..., I think", "— or was it
# Lukla?", "until she was four, then ...", "... respectively").
_OPEN_TAIL = re.compile(r"\?|\b(?:until|then|or|but|respectively|believes?|thinks?|says?|said|told|"
                        r"according|claims?|probably|apparently|rumou?r)\b", re.I)
# A promotion still to come or not taken up.
_NOT_YET = re.compile(r"\b(?:effective[ \t]+(?:next|from[ \t]+next)|next[ \t]+(?:week|month|year)|will|"
                      r"but|declin\w*|draft|on paper|acting|interim|assistant|shortlist|deputy)\b", re.I)


def residence_readings(evidence: str) -> list[tuple[int, int, str]]:
    """(start, end, reading) for each sentence that states a move or a home address."""
    out: list[tuple[int, int, str]] = []
    for a, b in sentences(evidence):
        sentence = evidence[a:b]
        moved = _MOVED.search(sentence)
        if moved is not None and not _NOT_SETTLED.search(sentence, moved.end()):
            lives = f"lives in {moved.group('place')}"
            out.append((a, b, sentence[: moved.start()] + lives + sentence[moved.end("place") :]))
        address = _ADDRESS.search(sentence)
        if address is not None:
            # The record's person: named on the line, or the record's first name before it.
            colon = a + sentence.index(":", address.start())
            named = [m for m in mentions(evidence, 0, colon) if not m.possessive]
            who = f"{named[-1].name} " if named else ""
            out.append((a, b, f"{sentence.rstrip('. ')} ; {who}lives in {address.group('place')}."))
    return out
