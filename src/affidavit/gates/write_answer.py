"""A question one speaker asks and the next line's speaker answers, read as what it says.

Transcripts and chat put a fact across two turns: "HOST: Who founded Domu Coop?" /
"ANTIOCO SERRA: My father did, in 1978." says "Antioco Serra's father founded Domu Coop,
in 1978"; "bopha: did the shipment leave phnom penh?" / "kunthea: yes, it left this
morning" says the shipment left. Read alone, the question is only asked, so the gate
refuses its content. ``answer_readings`` gives, for each labelled question followed by
another speaker's answer, the text the pair says as one line, which the gate decides
on a second reading (the receipt covers both lines).

Conservative by construction: only an answer that opens affirmatively answers a yes/no
question; an answer that declines, denies or asks back ("no", "not sure", "dunno",
"?") reads as nothing; whatever hedge or negation the answer carries stays in the
reading for the marker checks; "you" in the question is the answerer, "I" the asker,
and in the answer the reverse. A label that is a role ("HOST:", "Q:") speaks without a
name: its first person stays unread.
"""

from __future__ import annotations

import re

from affidavit.gates.write_parse import is_verb_like
from affidavit.gates.write_writer import label_at

# The yes/no question's auxiliary, dropped from the reading ("did the van leave" -> "the
# van leave"); a modal one is kept ("will Ada join" -> "will Ada join": still a future).
_DROPPED_AUX = frozenset({"do", "does", "did", "is", "are", "was", "were", "has", "have", "had"})
_KEPT_AUX = frozenset({"will", "would", "can", "could", "should", "shall", "may", "might", "must"})
_WH = frozenset({"who", "what", "where", "when", "which", "how", "whom", "whose"})
_YES = re.compile(
    r"(?i:yes|yeah|yep|yup|yea|ya|correct|right|that'?s right|indeed|sure|affirmative|"
    r"(?:it|he|she|they|we|i) (?:did|does|do|is|are|was|were|has|have|had|will))\b[\s,.!:;-]*"
)
_DECLINED = re.compile(
    r"(?i:no|nope|nah|not|never|none|nobody|dunno|idk|no idea|not sure|unsure|maybe|perhaps|"
    r"i don'?t know|don'?t know|can'?t say|who knows|ask)\b"
)
# A yes/no question written without its "?": an auxiliary, then its subject.
_ASKS = re.compile(
    r"(?i:did|does|do|is|are|was|were|has|have|had|can|could|will)\s+(?i:anyone|anybody|you|u|he|she|they|we|it|the|"
    r"[A-Z])"
)
_OPENERS = re.compile(r"(?i:(?:and|so|ok(?:ay)?|well|hey|hi|right|but|oh)\b[\s,]*)+")
_VP_ELLIPSIS = re.compile(r"^(?P<who>.+?)\s+(?i:did|does|do|is|was|has|had|will)\b(?P<rest>.*)$")
_YOU = re.compile(r"\b(?:you|You|u|U|yours|your|Your|ur)\b")
# "I think", "I guess": the answerer's hedge stays a hedge, not a statement about them.
_I = re.compile(
    r"\b(?:I(?!['’]?\s*(?:think|guess|believe|reckon|suppose|assume|hope|doubt|suspect|heard|hear|"
    r"gather|understand|imagine|'d say|would say)\b)|me|Me|my|My|mine|myself)\b"
)


def _persons(text: str, second: str | None, first: str | None) -> str | None:
    """``text`` with "you" read as ``second`` and "I" as ``first``; None when a person
    it uses has no name to read it as."""
    if _YOU.search(text) and second is None or _I.search(text) and first is None:
        return None

    def you(m: re.Match[str]) -> str:
        return f"{second}'s" if m.group(0).casefold() in ("your", "ur", "yours") else str(second)

    def me(m: re.Match[str]) -> str:
        return f"{first}'s" if m.group(0).casefold() in ("my", "mine") else str(first)

    return _I.sub(me, _YOU.sub(you, text))


_CONTRACTED = re.compile(r"\b(?i:(who|what|where|when|which|how))['’]s\b")


def _reading(question: str, answer: str, asker: str | None, answerer: str | None) -> str | None:
    question = _OPENERS.sub("", question.strip().rstrip("?").strip(), count=1)
    question = _CONTRACTED.sub(lambda m: f"{m.group(1)} is", question)  # "who's doing" -> "who is doing"
    answer = answer.strip()
    words = question.split()
    if len(words) < 2 or not answer or answer.endswith("?"):
        return None
    q = _persons(question, answerer, asker)
    head = words[0].casefold()
    if head in _DROPPED_AUX or head in _KEPT_AUX:
        yes = _YES.match(answer)
        if yes is None or "n't" in words[0] or words[1].casefold() == "not":
            return None  # not answered yes, or asked in the negative: nothing is said
        rest = _persons(answer[yes.end() :], asker, answerer)
        if q is None or rest is None:
            return None
        body = q.split(" ", 1)[1] if head in _DROPPED_AUX else q
        if not rest.strip():
            return f"{body}."
        # "yes, left at 8": a predicate without its subject is the question's subject's.
        joined = is_verb_like(rest.split()[0]) and rest[:1].islower()
        return f"{body} and {rest}" if joined else f"{body}. {rest}"
    if head not in _WH or _DECLINED.match(answer):
        return None
    said = _persons(answer, asker, answerer)
    if q is None or said is None:
        return None
    first, _, after = (said.strip() + " ").partition(". ")  # "Me. I signed it off ...": the reply
    after = f" {after.strip()}" if after.strip() else ""
    rest = q.split(" ", 1)[1]
    second = rest.split(" ", 1)[0].casefold()
    if head == "how" and " " in rest:
        # "how many boats were lost" + "Eleven." -> "Eleven boats were lost."; "how long is
        # the drive" + "about three hours" -> "the drive is about three hours".
        rest = rest.split(" ", 1)[1]
        if second in ("many", "much"):
            number = first.split(" ", 1)[0].rstrip(".,")
            return f"{number} {rest}. {said}"
        return _be_last(rest, said)
    if head in ("who", "what", "which") and second not in ("do", "does", "did"):
        # The subject is asked ("who founded X", "who is doing the demo"): the answer names
        # it, an elided verb ("My father did, in 1978") gives way to the question's, and
        # what the answer adds after a comma ("me, Thursday 3pm") follows the predicate.
        core, tail = first.rstrip("."), ""
        ellipsis = _VP_ELLIPSIS.match(core)
        if ellipsis is not None:
            core, tail = ellipsis.group("who"), ellipsis.group("rest")
        elif "," in core:
            core, tail = core.split(",", 1)[0], "," + core.split(",", 1)[1]
        return f"{core} {rest}{tail}.{after}"
    if second in ("is", "are", "was", "were"):
        return _be_last(rest, said)  # "where is the depot" + "in Kano" -> "the depot is in Kano"
    if second in _DROPPED_AUX:
        rest = rest.split(" ", 1)[1] if " " in rest else ""
    return f"{rest} {said}".strip()


def _be_last(rest: str, said: str) -> str:
    """ "is the drive from X" + "about three hours" -> "the drive from X is about three hours"."""
    verb, _, subject = rest.partition(" ")
    if verb.casefold() in ("is", "are", "was", "were") and subject:
        return f"{subject} {verb} {said}"
    return f"{rest} {said}"


def answer_readings(evidence: str) -> list[tuple[int, int, str, str]]:
    """(start, end, reading, who answers) for each labelled question answered on the next
    line by another speaker; start and end span both lines."""
    out: list[tuple[int, int, str, str]] = []
    lines = [(a, a + len(line)) for a, line in _line_spans(evidence) if line.strip()]
    for (qa, qb), (aa, ab) in zip(lines, lines[1:], strict=False):
        asked, answered = label_at(evidence, qa, qb), label_at(evidence, aa, ab)
        if asked is None or answered is None or asked[0].casefold() == answered[0].casefold():
            continue
        question = evidence[asked[1] : qb].strip()
        if "?" in question.rstrip("?"):
            continue  # one question on the line, and it ends it
        said_yes = _YES.match(evidence[answered[1] : ab].strip()) is not None
        if not question.endswith("?") and not (_ASKS.match(question) and said_yes):
            continue  # chat drops the "?" of "did anyone see my charger": a yes still answers it
        reading = _reading(question, evidence[answered[1] : ab], asked[2], answered[2])
        if reading is not None:
            out.append((qa, ab, reading, answered[2] or answered[0]))
    return out


def _line_spans(text: str) -> list[tuple[int, str]]:
    out, pos = [], 0
    for line in text.split("\n"):
        out.append((pos, line))
        pos += len(line) + 1
    return out
