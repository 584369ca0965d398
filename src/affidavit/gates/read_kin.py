"""Kinship from the other side: "Who is X's kid?" <- "X is Y's father". Pure.

A claim that puts its subject in a kin relation to another ("X is Y's father", "X is
the son of Y") says the converse relation of that other to the subject: Y is X's
child. The converse is read only for a word that names no sex ("parent", "child",
"kid", "sibling", "grandparent", "grandchild"): "X is Y's daughter" says Y is X's
parent, never that Y is X's father, as "sibling" never says "brother".

And it says nothing else of X's kin: "Who is X's daughter?" is not answered by "X is
Y's daughter" (X is the daughter there), though the claim holds the word.
"""

from __future__ import annotations

import re

from affidavit.gates.contracts import ClaimView
from affidavit.gates.read_classes import ascii_capitals
from affidavit.text.lemmas import lemma
from affidavit.text.memo import memo
from affidavit.text.question import Term

_PARENTS = frozenset({
    "parent", "father", "mother", "mom", "mum", "dad", "mama", "papa", "mommy", "mummy", "daddy",
})  # fmt: skip
_CHILDREN = frozenset({"child", "son", "daughter", "kid"})
_SIBLINGS = frozenset({"sibling", "brother", "sister"})
_GRANDPARENTS = frozenset({
    "grandparent", "grandfather", "grandmother", "grandpa", "grandma", "grandad", "granddad",
    "granny",
})  # fmt: skip
_GRANDCHILDREN = frozenset({"grandchild", "grandson", "granddaughter", "grandkid"})

# The asked word that names no sex -> the claim words of its converse relation.
CONVERSES: dict[str, frozenset[str]] = {
    "parent": _CHILDREN, "child": _PARENTS, "kid": _PARENTS, "sibling": _SIBLINGS,
    "grandparent": _GRANDCHILDREN, "grandchild": _GRANDPARENTS, "grandkid": _GRANDPARENTS,
}  # fmt: skip

# "is the son of Y", "is a daughter of Y"; "is Y's father", "is one of Y's sons".
_OF = re.compile(r"^\s*(?:is|was)\s+(?:the|a|an|one of the)\s+([a-z\-]+)\s+of\s+[A-Z]")
# The possessor is a name right after the copula: "is married to Hana's daughter" says
# nothing of the subject's own kin (the daughter is Hana's, the subject her husband).
_POSSESSIVE = re.compile(
    r"^\s*(?:is|was)\s+(?:one of\s+)?(?:[A-Z][\w\-]*\s+){0,3}[A-Z][\w\-]*['’]s?\s+([a-z\-]+)\s*(?:$|[.,;])"
)


# Kin words that say a direction: the subject's relative is the converse, not the word.
_DIRECTED = _PARENTS | _CHILDREN | _GRANDPARENTS | _GRANDCHILDREN | frozenset({
    "aunt", "uncle", "niece", "nephew", "mother-in-law", "father-in-law", "son-in-law",
    "daughter-in-law", "stepmother", "stepfather", "stepson", "stepdaughter",
})  # fmt: skip


def kin_reading(term: Term, claim: ClaimView, own: bool) -> bool | None:
    """Whether ``claim``, about the asked entity, answers the kin word asked of it, when
    the claim says its subject's own kin relation to another ("X is Y's father"): only a
    converse that names no sex does ("X's kid", "X's parent" of "X is Y's son"); None
    when that reading does not apply (another word, another claim)."""
    if not own or not term.possessed or (term.lemma not in _DIRECTED and term.lemma not in CONVERSES):
        return None
    said = _kin_word(claim.text, claim.subject_name)
    if said is None or said not in _DIRECTED | _SIBLINGS:
        return None
    return said in CONVERSES.get(term.lemma, frozenset())


@memo(maxsize=16384)
def _kin_word(text: str, subject_name: str) -> str | None:
    """The kin word a claim says its subject is to another ("father" of "X is Y's
    father"), or None."""
    at = text.find(subject_name)
    if at < 0:
        return None
    rest = text[at + len(subject_name) :]
    rest = ascii_capitals(rest)
    m = _OF.match(rest) or _POSSESSIVE.match(rest)
    return lemma(m.group(1)) if m is not None else None
