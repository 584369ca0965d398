"""What a sentence says of a name in apposition, read as sentences of their own.

News writes facts about a party into the description set beside its name: "Tuk Chhou
Pepper, the Kampot-based grower bought by Kirirom Agri Group in 2022, named Chanthou Sorn
as general manager" says that Tuk Chhou Pepper is based in Kampot and that Kirirom Agri
Group bought it in 2022; "Larnaca-based Xylotymbou Foods completed ..." says where
Xylotymbou Foods is based. ``apposition_readings`` gives, per sentence, those statements
and the sentence without its apposition, which the gate decides on a second reading (the
receipt is the sentence).

A relative clause set beside a name (", which makes submersible pumps,") is read the same
way, and a description the speaker of a report is given ("Manana Tsereteli, Rioni
Freight's chief executive, said ...") is the writer's, not the speaker's.

Conservative by construction: nothing is read of a name under a frame (a report, a
condition, a question, a supposition: "Ola says Brix, the Kerry dairy, ..."). An
apposition opens with a determiner ("the", "a", "an", "its"), right after a name, and
ends at the next comma or the sentence's end; it holds no finite verb (a participle only
before "by": "founded by X", read as the passive it is). A "<Place>-based" or
"-headquartered" word says that of the name it opens, or of the apposition's own head
noun ("the Kampot-based grower"), never of a name after it.
"""

from __future__ import annotations

import re

from affidavit.gates.checks_called_off import ends_post
from affidavit.gates.write_parse import AUX, is_verb_like, mentions
from affidavit.text.clause_cues import REPORT_TIME
from affidavit.text.clauses import read
from affidavit.text.lemmas import content_lemmas
from affidavit.text.names import refers_to
from affidavit.text.sentences import DATELINE as _DATELINE
from affidavit.text.sentences import sentences

# After the name: ", the Tolosa maker of payroll software, ..." or at the sentence's end.
_APPOSITION = re.compile(
    r",[ \t]+(?P<app>(?:the|a|an|its|their|[A-ZÀ-ÞĀ-Ž][\w'’-]*(?:[ \t][A-ZÀ-ÞĀ-Ž][\w'’-]*){0,3}['’]s?"
    # "managing director of Arpa Foods": a post with no article, then whose it is
    r"|(?!(?:one|two|three|four|five|some|many|most|several|each|all|none|both|either|neither|any|"
    r"part|member|head)\b)"
    r"(?=(?:[a-z][\w'’-]*|[A-Z]{2,4})(?:[ \t][a-z][\w'’-]*){0,3}[ \t](?:of|at)[ \t][A-ZÀ-ÞĀ-Ž])"
    r"(?:[a-z][\w'’-]*|[A-Z]{2,4}))[ \t]"
    r"[^,;:()\n]+?)(?:,[ \t]*(?P<rest>[^\n]*)|[.!]?[ \t]*$)"
)
# ", which makes submersible pumps, said ...": a relative clause set beside the name.
_WHICH = re.compile(r",[ \t]+(?:which|who)[ \t]+(?P<said>[^,;:()\n]+?),[ \t]*(?P<rest>[^\n]*)")
_BY = re.compile(r"\b(?P<verb>[a-z]+ed|bought|built|run|led|held|sold|made|set up|taken over|owned)\s+by\s+"
                 r"(?P<by>[^,;]+)$")
_BASED = re.compile(
    r"\b(?P<place>[A-ZÀ-ÞĀ-Ž][\w'’]+(?:[ -][A-ZÀ-ÞĀ-Ž][\w'’]+)?)-(?P<kind>based|headquartered)\b[ \t]*"
)


_OBJECT_START = frozenset({"the", "a", "an", "his", "her", "its", "their", "my", "our", "your", "to", "that",
                           "this", "these", "those", "him", "them", "it"})


def _verbless(text: str) -> bool:
    """No finite verb in ``text``: no auxiliary, and no "-s" or irregular verb form taking an
    object ("the grower sells the pepper"); "maker of wine bottles" is a noun phrase, and an
    "-ed" word is a participle ("bought by X")."""
    words = [w.casefold().strip(",.") for w in text.split()]
    for i, low in enumerate(words):
        if low in AUX:
            return False
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if is_verb_like(low) and not low.endswith("ed") and nxt in _OBJECT_START:
            return False
    return True


_AFTER_PREPOSITION = re.compile(r"\b(?i:of|to|for|with|from|by|at|in|on|about|like)[ \t]+$")


def _framed(sentence: str, at: int) -> bool:
    """The name at ``at`` sits under a frame (a report, condition, question, supposition):
    what is said of it there is said only under that frame."""
    return any(seg.frames or seg.negated for seg in read(sentence) if seg.start <= at < seg.end + 2)


# "Vaigai Pumps' finance director, Meenakshi Venkatesan, said ...": the description first.
_DESCRIBED_FIRST = re.compile(
    r"(?P<desc>(?:the|a|an|The|A|An|[A-ZÀ-ÞĀ-Ž][^,;:()\n]*?['’]s?)[ \t][^,;:()\n]+?),[ \t]+$"
)

_SAID_AFTER = re.compile(
    r",[ \t]*(?:\w+ly[ \t]+)?(?:said|says|added|adds|told[ \t]+reporters)"
    + REPORT_TIME + r"[ \t]*[.!]*[ \t]*$"
)


def _readings(sentence: str) -> list[str]:
    out: list[str] = []
    for m in mentions(sentence):
        before = _DESCRIBED_FIRST.search(sentence, 0, m.start)
        # At the sentence's start, or closing it as a report's speaker ("..., its chief
        # executive, Ysolde Marrack, said."): the description is the writer's.
        opens = before is not None and (
            not sentence[: before.start()].strip()
            or (sentence[: before.start()].rstrip().endswith(",") and _SAID_AFTER.match(sentence, m.end))
        )
        if (before is not None and opens and not m.possessive and sentence[m.end : m.end + 1] == ","
                and _verbless(before.group("desc")) and not ends_post(sentence[m.end :])):
            out.append(f"{m.name} is {before.group('desc').strip()}.")
        if m.possessive or _framed(sentence, m.start):
            continue
        name = m.name
        # "Larnaca-based Xylotymbou Foods": the place said of the name it opens.
        based = _BASED.match(name)
        if based is not None and based.end() < len(name):
            name = name[based.end() :]
            out.append(f"{name} is {based.group('kind')} in {based.group('place')}.")
        if _AFTER_PREPOSITION.search(sentence, 0, m.start):
            continue  # "An aide to Jolanta, who asked not to be named": the aide asked it
        # Only a name that opens the sentence is the subject of what follows its aside.
        subject = not sentence[: m.start].strip()
        which = _WHICH.match(sentence, m.end)
        if which is not None:
            out.append(f"{name} {which.group('said').strip()}.")
            if which.group("rest").strip() and subject:
                out.append(f"{name} {which.group('rest').strip()}")
        app = _APPOSITION.match(sentence, m.end)
        if app is None or not _verbless(app.group("app")):
            continue
        if ends_post(app.group("rest") or ""):
            continue  # "Rommel Ilagan, the mayor, resigned": the description has ended
        described = app.group("app").strip()
        out.append(f"{name} is {described}.")
        inner = _BASED.search(described)
        word_end = inner.end("kind") if inner is not None else 0
        named_after = inner is not None and any(
            n.start == inner.end() or (n.start <= inner.start() and n.end > word_end)
            for n in mentions(described)
        )
        if inner is not None and not named_after:
            # "the Kampot-based grower": the grower, so the name, is based there.
            out.append(f"{name} is {inner.group('kind')} in {inner.group('place')}.")
        passive = _BY.search(described)
        if passive is not None:
            out.append(f"{name} was {passive.group('verb')} by {passive.group('by').strip()}.")
        rest = (app.group("rest") or "").strip()
        if rest and subject:
            out.append(f"{name} {rest}" + ("" if rest.endswith((".", "!", "?")) else "."))
    return out


def apposition_readings(evidence: str) -> list[tuple[int, int, str]]:
    """(start, end, reading) for each statement a sentence makes in apposition (and the
    sentence without it); start and end span the sentence."""
    out: list[tuple[int, int, str]] = []
    for a, b in sentences(evidence):
        sentence = evidence[a:b]
        dateline = _DATELINE.match(sentence)
        dated = dateline is not None and dateline.end() < len(sentence)
        body = sentence[dateline.end() :] if dateline is not None and dated else sentence
        out.extend((a, b, reading) for reading in _readings(body))
    return out


_COPULA = re.compile(r"^(?P<subject>.+?)\s+(?:is|was|are|were)\s+(?P<said>(?:the|a|an)\s.+?)\.?$")


def check_described_other(claim: str, ev: str) -> tuple[str, str] | None:
    """ "Ernio Logistika is the Tolosa maker of payroll software" from "Ernio Logistika has
    bought Aralar Sistemak, the Tolosa maker of payroll software": the description is set
    beside another name, so it is that name's."""
    hit = _COPULA.match(claim.strip())
    if hit is None:
        return None
    subject, said = hit.group("subject"), set(content_lemmas(hit.group("said")))
    if not said:
        return None
    for m in mentions(ev):
        app = _APPOSITION.match(ev, m.end)
        if app is None or not said <= set(content_lemmas(app.group("app"))):
            continue
        if refers_to(subject, m.name) or refers_to(m.name, subject):
            return None  # the subject's own description
        return subject, f"the evidence describes '{m.name}' as '{app.group('app').strip()}', not '{subject}'"
    return None


# "HR note (recruiter: Dinesh Sethuraman): ...": a name set in brackets under a role label.
_ROLE_LABEL = re.compile(r"\((?P<role>[^():\n]{1,30}):[ \t]*(?P<named>[^()\n]{1,60})\)")


def check_bracketed_role(claim: str, ev: str) -> tuple[str, str] | None:
    """The claim's subject is named only as a role a note's brackets label ("(recruiter:
    Dinesh Sethuraman): the candidate declined"): that says who the recruiter is, not that
    the recruiter did what the note says. A claim of the role itself is left alone."""
    subject = _COPULA.match(claim.strip())
    hits = [m for m in mentions(ev) if not m.possessive]
    spans = [(r.start("named"), r.end("named"), r.group("role").strip()) for r in _ROLE_LABEL.finditer(ev)]
    if not spans or _ROLE_LABEL.search(claim):
        return None  # the claim keeps the label: it says what the note says
    names = [m for m in mentions(claim) if not m.possessive][:1]
    if not names:
        return None
    own = [m for m in hits if refers_to(names[0].name, m.name) or refers_to(m.name, names[0].name)]
    if not own or not all(any(a <= m.start < b for a, b, _ in spans) for m in own):
        return None
    role = next(r for a, b, r in spans if a <= own[0].start < b)
    if subject is not None and set(content_lemmas(role)) & set(content_lemmas(subject.group("said"))):
        return None  # "Dinesh Sethuraman is the recruiter": what the label says
    return names[0].name, f"the evidence names '{names[0].name}' only as the note's {role}"
