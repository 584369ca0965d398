"""Does a claim say what is so, or what someone means to do, or what may be? Pure.

A claim stored as "Tsering plans to open a shop in Dehradun" or "Yordanos hopes to start
midwifery in 2027 if she gets a place" says nothing of any shop or any degree. Such a
claim answers only a question that asks about the plan: by its words ("what does X plan
to open?") or by asking what will be ("what will X sell?"). Read here, as the subject's
own verb after its name:

* intention and expectation: "plans / hopes / intends / aims / wants / wishes / expects /
  aspires / longs / promised / decided / agreed / is trying / is preparing to", "would
  like / love to", "has plans to", "is going / about / due / set / scheduled / supposed /
  likely / eager / keen / determined / ready to", "is gonna", "is thinking about /
  considering moving", "is looking for", "has applied for", "has been offered", "is
  saving up for", "is moving to";
* modality and the future: "will", "shall", "would", "could", "might", "may", "should",
  "is to";
* a condition on a claim that is a plan or in the future ("will sell the bakery if the
  council agrees"): "if" and "unless" read only in lower case or opening the claim ("If
  Insurance" is a name), never "even if", "as if", or "asks / checks / wonders if"
  (a question). "in case" is a purpose ("keeps a key in case she is locked out").

A claim whose own verb is denied ("does not live in Oslo", "never rented from Xana",
"refused to rent", "no longer works at Brix"; not "did not move until 2019") says what
is not so: it answers a yes-or-no
question ("does Lena live in Oslo?") and one that asks what stopped, never a question
for a value ("where does Lena live?", "who rents from Xana?").

Not read: an intention in a later clause ("works in Oslo and wants to move to Bergen"),
which the gate still takes as the claim's; a plan noun ("a wedding planner").
"""

from __future__ import annotations

import re

from affidavit.text.memo import memo

# A word of negation anywhere in a clause: "not", "never", "no" (and "no longer"), "nor",
# "none", a contracted "n't". ``read_ended`` and ``read_occupation`` read a clause with it.
DENIAL_WORDS = re.compile(r"\b(?:not|never|no|nor|none)\b|n[’']t\b", re.I)
_LEAD = r"^\s*(?:also\s+|still\s+|now\s+|really\s+|just\s+|already\s+)?"
_INTENDS = re.compile(
    _LEAD
    + r"(?:(?:had\s+)?(?:plans?|planned|planning|hopes?|hoped|hoping|intends?|intended|aims?|aimed|"
    r"wants?|wanted|wish(?:es)?|wished|expects?|expected|aspires?|aspired|longs?|longed|promised|"
    r"promises|decided|has\s+decided|agreed|has\s+agreed|tries|tried|(?:would|'d)\s+(?:like|love)|"
    r"has\s+plans|had\s+plans|(?:is|are|was|were)\s+(?:planning|hoping|aiming|intending|trying|"
    r"preparing|getting\s+ready|going|about|set|due|scheduled|supposed|likely|eager|keen|"
    r"determined|ready|expected|to))\s+(?:to|2)\b"
    r"|(?:is|are|was|were)\s+gonna\b|(?:is|are)\s+moving\s+to\b|['’]s\s+moving\s+to\b"
    r"|(?:is|are)\s+(?:thinking\s+(?:about|of)|considering)\s+\w+ing\b"
    r"|(?:is|are)\s+(?:looking\s+for|saving\s+(?:up\s+)?for)\b|ha(?:s|ve)\s+(?:applied\s+for|been\s+offered)\b"
    r"|(?:will|shall|would|could|might|may|should|must)\s|['’]ll\s)",
    re.I,
)
# A conditional clause; "if" and "unless" lower case unless they open the claim.
_CONDITION = re.compile(
    r"(?:^|(?<![Ee]ven )(?<![Aa]s )(?<=\s))(?:if|unless|provided\s+that)\b|^(?:If|Unless)\b"
)
_QUESTION_VERBS = re.compile(
    r"\b(?:ask|asks|asked|check|checks|checked|wonder|wonders|wondered|see|know)\s+if\b", re.I
)
_FUTURE = re.compile(r"\b(?:will|shall|would|could|might|may|going\s+to|gonna)\b|['’]ll\b", re.I)
# Question words that ask about a plan or what will be ("plan", "hope", "going").
INTENT_WORDS = frozenset({
    "plan", "hope", "intend", "aim", "want", "wish", "like", "love", "go", "if", "would", "will",
    "future", "expect", "due", "aspire", "promise", "decide", "agree", "try", "prepare",
    "consider", "think", "apply", "offer", "save", "schedule", "suppose",
})  # fmt: skip


@memo(maxsize=65536)
def states_intention(text: str, subject_name: str) -> bool:
    """Whether a claim states its subject's plan, a possibility or the future, or what
    holds only on a condition, rather than what is so."""
    at = text.find(subject_name) if subject_name else -1
    rest = text[at + len(subject_name) :] if at >= 0 else text
    if _INTENDS.match(rest):
        return True
    condition = _CONDITION.search(text)
    return condition is not None and not _QUESTION_VERBS.search(text) and bool(_FUTURE.search(text))


# The subject's own verb denied: "does not live", "doesn't rent", "never rented", "is not",
# "no longer works", "refused to rent", "has never".
_DENIED = re.compile(
    _LEAD
    + r"(?:(?:does|do|did|is|are|was|were|has|have|had|will|would|can|could|should)(?:\s+not\b|n[’']t\b)"
    r"|(?:has\s+|had\s+|have\s+)?never\b|no\s+longer\b|not\b|(?:refused|refuses|declined|declines)\s+to\b)",
    re.I,
)


_NOT_UNTIL = re.compile(r"\b(?:until|till|before)\b", re.I)


@memo(maxsize=65536)
def states_denial(text: str, subject_name: str) -> bool:
    """Whether a claim denies its own verb ("Lena Moss does not live in Oslo")."""
    at = text.find(subject_name) if subject_name else -1
    rest = text[at + len(subject_name) :] if at >= 0 else text
    # "did not move to Oslo until 2019" says when the move happened, not that it did not
    return bool(_DENIED.match(rest)) and not _NOT_UNTIL.search(rest)
