"""Forms of a question that change how it is read, not what it names. Pure.

* ``subject_first``: the name right after an auxiliary is the question's subject
  ("What share of Brix *does Lena* own?" is about Lena);
* ``progressive``: an "-ing" after a form of *be* is its verb ("was Lena *living*");
* ``origin_at``: "Where is X (originally) from?" asks where X comes from;
* ``without_alternative``: "..., or did she move?" asks nothing new.
"""

from __future__ import annotations

import re

from affidavit.text.lemmas import lemma
from affidavit.text.question_names import is_known_word

# "Does Lena still live in Oslo, or did she move?": the alternative asks nothing new.
_ALTERNATIVE = re.compile(
    r",?\s+or\s+(?:(?:did|does|do|is|was|are|were|has|have|had)\s+(?:she|he|they|it)\b|not\b)"
    r"[^?]*",
    re.I,
)


def without_alternative(question: str) -> str:
    """``question`` without a trailing alternative ("or did she move?", "or not?")."""
    return _ALTERNATIVE.sub("", question)


_BE_FORMS = frozenset({"is", "was", "are", "were", "am", "been", "be", "being"})
# "where's", "she's", "they're": a form of *be* contracted onto a question word or pronoun.
_CONTRACTED_BE = re.compile(r"^(?:(?:where|who|what|how|when|she|he|it|that|there)['’]s|\w+['’]re)$")


def progressive(tok: str, before: str) -> str | None:
    """The verb of a progressive "-ing" right after a form of *be* (``before``), its
    subject aside ("where was Lena *living*" -> "live"), when the lemmatiser keeps the
    "-ing" noun; None otherwise ("the head of *marketing*" stays a noun)."""
    low = tok.casefold()
    be = before in _BE_FORMS or bool(_CONTRACTED_BE.match(before))
    if not be or not low.endswith("ing") or len(low) < 6:
        return None
    if lemma(low) != low:
        return None
    stem = low[:-3]
    for verb in (stem + "e", stem, stem[:-1] if stem[-1:] == stem[-2:-1] else ""):
        if verb and is_known_word(verb):
            return lemma(verb)
    return None


_AUX_BEFORE = re.compile(r"\b(?:does|did|do|is|was|are|were|has|have|had)\s+$", re.I)


def subject_first(question: str, mentions: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """The mentions with the question's grammatical subject first: the name right after
    an auxiliary ("What share of Brix *does Lena* own?" is about Lena, not Brix). Left
    as found when no later name follows an auxiliary."""
    for i, mention in enumerate(mentions):
        if i and _AUX_BEFORE.search(question[: mention[1]]):
            return [mention, *mentions[:i], *mentions[i + 1 :]]
    return mentions


_BE_OR_CONTRACTED = re.compile(r"^(?:is|was|are|were|where['’]s)$", re.I)


def origin_at(
    tokens: list[tuple[str, int, int]], lemmas: list[str], wh: str, plain: bool
) -> int | None:
    """The position of the "from" of "Where is X from?" / "where's X originally from": a
    *be* question that ends in "from" and demands nothing else (``lemmas``); "Where did
    X move from?" has its own verb and is not one."""
    low = [t.casefold() for t, _s, _e in tokens]
    at = len(low) - 2 if len(low) > 3 and low[-1] == "originally" else len(low) - 1
    if wh != "where" or not plain or len(low) < 3 or low[at] != "from":  # "... from originally"
        return None
    if not any(_BE_OR_CONTRACTED.match(t) for t in low[:3]):
        return None
    if any(lem != "originally" for lem in lemmas):
        return None
    return at
