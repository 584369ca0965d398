"""What a later sentence undoes, the earlier one no longer supports.

"Tomas Berg will give the keynote. Later he said he would not." holds every word of the
claim, then takes it back. The other checks read only the clause the claim matches; this
one reads what the evidence goes on to say after it, whatever the sentence:

- a negation of the same predicate by the same subject: an elided one ("he would not",
  "she didn't after all", "Actually, she didn't", "Turns out he won't"), whose auxiliary is
  of the claim's kind (a future for a future, a copula for a copula; an inability undoes a
  future), or one that restates the claim's verb and nothing else ("she did not sign it");
  a pronoun is the subject's only when no other name but places and the claim's own
  stands between, and an elided answer after a question answers the question;
- a retraction or a denial of what was said ("He later retracted it", "The company denied
  the report", "The claim was withdrawn"), unless its own clause denies it ("Nobody
  denied it");
- a verdict that it was false, or a sentence that takes the one before back whole ("That
  turned out to be untrue", "Regulators said the claim was false", "Not true, he's ill",
  "Scratch that.", "Sorry, my mistake", "That is no longer the case");
- a plan called off whole, said alone ("Update: that's off."), against a future claim;
- a doubt cast on it ("anyone know if that's true?", "can anyone confirm?", "or so I
  thought").

A claim that keeps the undoing (it is negated itself) or reports what was said (its own
report frame, "was accused of") is not undone: the report stays true. Closed classes of
function words, auxiliaries and reporting verbs only. Pure function of (claim, evidence).
"""

from __future__ import annotations

import re

from affidavit.gates.write_parse import analyse, mentions
from affidavit.text import clauses as context
from affidavit.text import markers
from affidavit.text.lemmas import content_lemmas, lemma
from affidavit.text.markers import negations
from affidavit.text.names import refers_to

Undone = tuple[str, str, str] | None  # (code, term, why)

# Where a later clause may begin: a sentence, a line, or a conjoined clause.
_OPEN = r"(?:^|(?<=[.!?;\n])|(?<=[.!?;\n][\"'’”)])|\b(?i:but|yet|then|and)\b|,)[ \t\"'“‘]*"
# A new sentence only: "..., my bad" after a correction owns up to the earlier error.
_SENTENCE_OPEN = r"(?:(?<=[.!?\n])|(?<=[.!?\n][\"'’”)]))[ \t\"'“‘]*"
_LATER = r"(?:(?:later|then|since|eventually|afterwards|subsequently|now|in[ \t]+the[ \t]+end)[ \t,]+)"
_PRONOUN = r"(?:[Hh]e|[Ss]he|[Tt]hey|[Ii]t)"
_NAME = r"[A-Z][\w'’\-]*(?:[ \t]+[A-Z][\w'’\-]*){0,3}"
_REPORTED = (
    r"(?:said|says|told[ \t]+\w+|announced|confirmed|admitted|explained|decided|wrote|"
    r"texted|added|insisted|realised|realized|replied|clarified)(?:[ \t]+that)?"
)
# A negated auxiliary, written out or contracted (curly apostrophe too), or "never".
_NEG_AUX = (
    r"(?P<aux>(?:will|would|shall|could|can|did|does|do|is|was|are|were|has|have|had|should|might|"
    r"must|may)[ \t]+not|(?:wo|sha|would|could|ca|did|does|do|is|was|are|were|has|have|had|should|"
    r"must|might)n['’]t|cannot|never)\b"
)
# A lead-in that corrects what went before: "Actually, she didn't.", "Sorry - no, he won't."
_CORRECTING = (
    r"(?:(?i:actually|in[ \t]+fact|sorry|wait|no|oops|scratch[ \t]+that|(?:it[ \t]+)?turn(?:s|ed)[ \t]+out)"
    r"[ \t]*[,:\-—–]?[ \t]*)*"
)
_UNDO_NEG = re.compile(
    _OPEN + r"(?:(?i:update|edit|correction)[ \t]*:[ \t]*)?" + _CORRECTING + _LATER + r"?"
    r"(?:(?P<speaker>[^.!?;\n]{1,40}?)[ \t]+" + _LATER + r"?" + _REPORTED + r"[ \t]+)?"
    r"(?P<who>" + _NAME + r"|" + _PRONOUN + r")[ \t]+" + _LATER + r"?" + _NEG_AUX
    + r"(?P<rest>[^.!?;\n]*)"
)
# What may follow an elided predicate: "he would not after all", "she won't do so now".
_ELIDED_REST = re.compile(
    r"^(?:[ \t,]+(?:after[ \t]+all|any[ \t]?more|either|now|though|in[ \t]+the[ \t]+end|yet|"
    r"do[ \t]+so|do[ \t]+it|do[ \t]+that|go[ \t]+ahead|be|have|be[ \t]+able[ \t]+to|"
    r"anymore|at[ \t]+all))*[ \t]*$",
    re.I,
)
_AUX_KIND = {
    "will": "future", "would": "future", "shall": "future", "wo": "future", "sha": "future",
    "did": "do", "does": "do", "do": "do", "never": "do",
    "is": "be", "was": "be", "are": "be", "were": "be",
    "has": "have", "have": "have", "had": "have",
    "can": "can", "could": "can", "ca": "can", "cannot": "can",
}  # fmt: skip
# What a statement is called when it is taken back or judged.
# A pronoun object ends its clause ("denied it.", not "denied that the audit ...").
_SAID = (
    r"(?:(?:it|this|that)(?=[ \t]*(?:[.!?;,\n]|$|(?:later|again|outright|too)\b)"
    r"|[ \t]+(?:was|is|were|turned|proved|has|had)\b|['’]s\b)"
    r"|the[ \t]+(?:claims?|statements?|remarks?|comments?|reports?|story|stories|"
    r"announcement|allegations?|rumou?rs?|news|posts?|tweets?|messages?|figures?|account|"
    r"information|plan|offer))"
)
_RETRACTED = re.compile(
    _OPEN + r"(?:[^.!?;\n]{0,60}?[ \t])?" + _LATER + r"?(?:has[ \t]+|had[ \t]+)?" + _LATER + r"?"
    r"(?P<verb>retracted|withdrew|took[ \t]+back|denied|recanted|disowned|walked[ \t]+back|"
    r"rebutted|refuted|debunked)[ \t]+" + _SAID + r"\b"
    r"|\b" + _SAID + r"[ \t]+(?:was|were|has[ \t]+been|have[ \t]+been|had[ \t]+been|is|got)[ \t]+"
    + _LATER + r"?(?P<verb2>retracted|withdrawn|denied|disproved|debunked|refuted)\b",
    re.I,
)
_FALSE = (
    r"(?:false|untrue|wrong|incorrect|inaccurate|not[ \t]+true|not[ \t]+the[ \t]+case|a[ \t]+hoax|"
    r"a[ \t]+lie|baseless|unfounded|fake|bogus)"
)
# A retraction its own clause denies: "Nobody denied it", "has not retracted it".
_NOBODY = re.compile(r"\b(?:nobody|no[ \t]+one|none|never|not|n['’]t)\b", re.I)
_JUDGED_FALSE = re.compile(
    r"\b" + _SAID + r"(?:['’]s|[ \t]+(?:was|is|were|are)(?:[ \t]+later)?|[ \t]+(?:later[ \t]+)?"
    r"(?:turned[ \t]+out|proved|proves|has[ \t]+proved|has[ \t]+turned[ \t]+out|was[ \t]+shown|"
    r"has[ \t]+been[ \t]+shown)(?:[ \t]+to[ \t]+be)?)[ \t]+(?:completely[ \t]+|entirely[ \t]+|totally[ \t]+)?"
    + _FALSE + r"\b(?![ \t]+(?:that|to)\b)"  # "It is false that X ...": X is denied, not what went before
    # a bare verdict, or a sentence that takes the one before back: "Not true, he's ill.",
    # "Not any more.", "Scratch that.", "Sorry, my mistake", "That is no longer the case."
    r"|" + _OPEN + r"(?:(?i:not[ \t]+true|untrue|false|not[ \t]+any[ \t]?more|no[ \t]+longer))[ \t]*[.!,;]"
    r"|" + _SENTENCE_OPEN + r"(?:(?i:sorry|oops|actually)[ \t]*[,:\-—–]?[ \t]*)?(?i:scratch[ \t]+that|"
    r"(?:ignore|disregard)[ \t]+(?:that|this|the[ \t]+above|my[ \t]+last)|"
    r"forget[ \t]+(?:that|what[ \t]+I[ \t]+said)|my[ \t]+mistake|my[ \t]+bad|I[ \t]+was[ \t]+wrong)\b"
    r"|\b" + _SAID + r"(?:['’]s|[ \t]+is|[ \t]+was)[ \t]+no[ \t]+longer[ \t]+"
    r"(?:the[ \t]+case|true|happening|on)\b",
    re.I,
)
# "Update: that's off.", "It's been called off.": a plan called off whole, said alone (a
# past event stays done: "switched the heating on. It's off." is a later state).
_PLAN_OFF = re.compile(
    _SENTENCE_OPEN + r"(?:(?:update|edit)[ \t]*:[ \t]*)?(?:it|that|this)"
    r"(?:['’]s|[ \t]+is|[ \t]+has[ \t]+been|['’]s[ \t]+been)[ \t]+"
    r"(?:off|cancell?ed|called[ \t]+off|not[ \t]+happening)[ \t]*(?:after[ \t]+all)?[ \t]*[.!]",
    re.I,
)
_DOUBTED = re.compile(
    r"\b(?:if|whether)[ \t]+(?:that|this|it)(?:['’]s|[ \t]+is|[ \t]+was)[ \t]+(?:really[ \t]+)?"
    r"(?:true|right|correct|accurate|real|the[ \t]+case|legit)\b"
    r"|\b(?:is|was)[ \t]+(?:that|this|it)[ \t]+(?:really[ \t]+)?(?:true|right|correct|accurate|real|legit)"
    r"[ \t]*\?"
    r"|\bcan[ \t]+(?:anyone|anybody|someone|somebody|you)[ \t]+confirm\b"
    r"|\bor[ \t]+so[ \t]+(?:I|we)[ \t]+(?:thought|believed|heard|was[ \t]+told)\b",
    re.I,
)
# A doubt answered at once: "Is that right? Yes, confirmed." (a closed class of answers).
_ANSWERED_YES = re.compile(r"[ \t]*\??[ \t\n]*(?:yes|yep|yeah|correct|confirmed)\b(?![ \t]*\?)", re.I)
# Words each reading needs somewhere in what follows, looked for as plain substrings of
# the casefolded text before any pattern scans it (a scan of 1 KB costs 0.2-0.5 ms).
_NEGATION_KEYS = (" not", " never", " cannot", " no ", " no,", "n't", "n’t")
_RETRACTION_KEYS = ("retract", "withdr", "took back", "denied", "recant", "disown", "walked back", "rebut",
                    "refut", "debunk", "disprov")  # fmt: skip
_VERDICT_KEYS = ("false", "untrue", "wrong", "incorrect", "inaccurate", "hoax", " lie", "baseless",
                 "unfounded", "fake", "bogus", "scratch", "ignore", "disregard", "forget", "mistake",
                 "my bad")  # fmt: skip
_DOUBT_KEYS = ("true", "right", "correct", "accurate", "real", "the case", "legit", "confirm", "or so ")
_OFF_KEYS = ("off", "cancel", "not happening")


def _has(low: str, keys: tuple[str, ...]) -> bool:
    return any(k in low for k in keys)


# A claim that reports what was said stays true when what was said is taken back.
_REPORTS = re.compile(
    r"\b(?:said|says|claimed|claims|alleged|alleges|accused|reported|announced|denied|denies|heard|"
    r"hears|told|wrote|posted|texted|thinks|believes|"
    r"rumou?red|promised|pledged|predicted|retracted|withdrew|withdrawn)\b",
    re.I,
)
_WORD = re.compile(r"[\w'’]+")


def check_undone(claim: str, ev: str, subject: str, start: int) -> Undone:
    """What the evidence says after ``start`` (where the claim's span begins) that undoes
    the claim: (code, term, why), or ``None``."""
    if negations(claim) % 2 or _REPORTS.search(claim):
        return None
    if any(seg.frames for seg in context.read(claim)):
        return None
    later = ev[start:]
    claimed = tuple(m.name for m in mentions(claim))
    # Each reading scans every clause opening; a word it needs, looked for first, spares
    # the scan of evidence that has none (most of it).
    low = " " + later.casefold()
    negated = _has(low, _NEGATION_KEYS)
    for m in _UNDO_NEG.finditer(later) if negated else ():
        if m.start() == 0 and start == 0:
            continue  # the claim's own opening clause, not a later one
        if not _about(subject, m.group("who"), ev, start, start + m.start("who"), claimed):
            continue
        aux = m.group("aux")
        elided = _ELIDED_REST.match(m.group("rest")) is not None
        if elided and "?" in later[: m.start()]:
            continue  # "Is she also the chair? She isn't.": the ellipsis answers the question
        if elided and _kind_agrees(aux, claim) or not elided and _restates(claim, m.group("rest")):
            said = " ".join(aux.split())
            return "negation_flipped", said, f"the evidence goes on to say the subject {said}"
    for m in _RETRACTED.finditer(later) if _has(low, _RETRACTION_KEYS) else ():
        if _NOBODY.search(later, max(0, m.start() - 1), m.start("verb") if m.group("verb") else m.end()):
            continue  # "Nobody denied it.", "It was never retracted."
        if m.start() > 0 or start > 0:
            verb = " ".join((m.group("verb") or m.group("verb2")).split())
            return "negation_flipped", verb, f"the evidence says what was said was {verb}"
    for m in _JUDGED_FALSE.finditer(later) if negated or _has(low, _VERDICT_KEYS) else ():
        if m.start() > 0 or start > 0:
            return "negation_flipped", m.group(0).strip(" .!"), "the evidence goes on to call it false"
    off = _PLAN_OFF.search(later) if _has(low, _OFF_KEYS) and _claim_kind(claim) == "future" else None
    if off is not None:
        return "negation_flipped", off.group(0).strip(" .!"), "the evidence goes on to call it off"
    hit = _DOUBTED.search(later) if _has(low, _DOUBT_KEYS) else None
    if hit is not None and _ANSWERED_YES.match(later, hit.end()):
        hit = None  # "Is that right? Yes, confirmed by the board.": the question is answered
    if hit is not None and "hedge" not in markers.modalities(claim):  # "might be closing" keeps the doubt
        return "modality_dropped", hit.group(0).strip(" ?"), "the evidence goes on to doubt it"
    return None


def _about(subject: str, who: str, ev: str, start: int, at: int, claimed: tuple[str, ...] = ()) -> bool:
    """``who`` is the subject: its name, or a pronoun with no other name between the
    claim's span and it but places (then the pronoun can only point back to the subject)."""
    if who[:1].isupper() and who.casefold() not in ("he", "she", "they", "it"):
        return refers_to(subject, who) or refers_to(who, subject)
    text = ev[start:at]
    return all(
        refers_to(subject, m.name) or refers_to(m.name, subject) or _PLACE_BEFORE.search(text, 0, m.start)
        or m.name in claimed  # "the Orrin lease" the claim names too: its own words, no antecedent
        for m in mentions(text)
    )


# "moved to Tartu", "lives in Narva": a place, which no "he" or "she" points back to.
_PLACE_BEFORE = re.compile(r"\b(?:to|in|at|from|near|into|via)[ \t]+(?:the[ \t]+)?$", re.I)


def _claim_kind(claim: str) -> str:
    words = [w.casefold().replace("’", "'") for w in _WORD.findall(claim)]
    if {"will", "would", "shall", "'ll"} & set(words) or "going" in words:
        return "future"
    if {"is", "was", "are", "were", "am"} & set(words):
        return "be"
    if {"has", "have", "had"} & set(words):
        return "have"
    if {"can", "could"} & set(words):
        return "can"
    return "do"


def _kind_agrees(aux: str, claim: str) -> bool:
    """The elided auxiliary stands for the claim's predicate: of its kind, or a modal."""
    kind = _AUX_KIND.get(aux.split()[0].casefold().replace("n't", "").replace("n’t", ""))
    claimed = _claim_kind(claim)
    # "will give the keynote ... he can't": what cannot be done will not be.
    return kind is None or kind == claimed or (kind == "can" and claimed == "future")


def _restates(claim: str, rest: str) -> bool:
    """The negated predicate names the claim's verb and nothing the claim does not."""
    verb = analyse(claim).verb
    if not verb or verb in ("be", "have", "do"):
        return False  # an auxiliary says nothing of which predicate
    rest = re.split(r"[ \t]+[—–-]+[ \t]+|,", rest)[0]  # "not agreed to X — those are ...": its own clause
    if not any(lemma(w.casefold()) == verb for w in _WORD.findall(rest)):
        return False
    # "she didn't renew the licence" does not undo "renewed the permit": what else the
    # negated predicate names, the claim names too ("did not sign it", "... the lease").
    return set(content_lemmas(rest)) - {verb} <= set(content_lemmas(claim))
