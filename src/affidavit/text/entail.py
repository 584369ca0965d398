"""Which evidence word a claim word may stand for, read from the pinned lexicon. Pure.

The write gate's coverage check asks, for a claim word the evidence does not say,
whether the pinned WordNet-derived lexicon (``affidavit.text.lexicon``) says the
evidence implies it. Direction matters: a claim may say less than the evidence, never
more.

* ``hypernym``: the claim names a category of an evidence noun ("a dog" for "a
  spaniel"; never "a spaniel" for "a dog");
* ``synonym``: the claim word and an evidence word each list the other in their first
  sense (mutual first-sense synonyms: "purchase" ~ "buy", "begin" ~ "start"); a word
  whose first sense only contains the other ("ship" lists "send"; "send" does not list
  "ship") is not enough, and a WordNet antonym never is;
* ``derivation``: an agent noun and its verb ("the founder of X" ~ "founded X", "the
  owner" ~ "owns"), both ways; patient nouns ("employee") swap the roles and are left
  to the role checks' converses.

Co-hyponyms ("cat" for "dog") are never related. A missing or altered lexicon file
answers nothing, so the gate can only refuse more without it. ``LEXICON_IDENTITY`` is
the pinned file's identity, known without loading it (the read gate names it so too).
"""

from __future__ import annotations

from collections.abc import Iterable

from affidavit.text import lexicon
from affidavit.text.memo import memo

LEXICON_IDENTITY = lexicon._version(lexicon.PINNED_SHA256)


def implied_by(claim_lemma: str, evidence_lemmas: Iterable[str]) -> tuple[str, str] | None:
    """``(relation, evidence lemma)`` when an evidence lemma implies ``claim_lemma``."""
    have = frozenset(evidence_lemmas)
    if claim_lemma in have or len(claim_lemma) < 3 or not claim_lemma.isalpha():
        return None
    for relation, partners in _partners(claim_lemma):
        hit = sorted(partners & have)
        if hit:
            return relation, hit[0]
    return None


@memo(maxsize=8192)
def _partners(word: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """Evidence lemmas that imply ``word``, by relation (looked up once per word)."""
    out: list[tuple[str, frozenset[str]]] = []
    antonyms = lexicon.antonyms(word)
    synonyms = {
        s for pos in ("n", "v") for s in lexicon.synonyms_first_sense(word, pos)
        if " " not in s and word in lexicon.synonyms_first_sense(s, pos) and s not in antonyms
    }  # fmt: skip
    if synonyms:
        out.append(("synonym", frozenset(synonyms)))
    derived = {
        other for pos in ("n", "v") for other, _, role in lexicon.derivations(word, pos)
        if role == "agent" and " " not in other
    }  # fmt: skip
    derived |= _agent_nouns(word) | ({stem} if (stem := _agent_stem(word)) else set())
    if derived:
        out.append(("derivation", frozenset(derived)))
    return tuple(out)


def _verb(word: str) -> bool:
    return bool(lexicon.synonyms_first_sense(word, "v") or lexicon.derivations(word, "v"))


def _agent_stem(noun: str) -> str | None:
    """The verb an "-er" agent noun the lexicon does not link is made from ("maker" -> "make",
    "grower" -> "grow"): only when the lexicon knows the noun and the stem as a verb."""
    if not noun.endswith("er") or len(noun) < 5 or not lexicon.categories(noun):
        return None
    for stem in (noun[:-1], noun[:-2]):  # "make-r", "grow-er"
        if len(stem) >= 3 and _verb(stem) and not lexicon.derivations(noun, "n"):
            return stem
    return None


def _agent_nouns(verb: str) -> set[str]:
    """The "-er" agent nouns of ``verb`` the lexicon knows as nouns but does not link to it."""
    if not _verb(verb):
        return set()
    found = {verb + "r" if verb.endswith("e") else verb + "er"}
    return {n for n in found if lexicon.categories(n) and _agent_stem(n) == verb}


def generalises(claim_lemma: str, evidence_lemmas: Iterable[str]) -> str | None:
    """The evidence noun of which ``claim_lemma`` names a category ("dog" <- "spaniel")."""
    if len(claim_lemma) < 3 or not claim_lemma.isalpha():
        return None
    found = (e for e in sorted(set(evidence_lemmas)) if e != claim_lemma and lexicon.is_a(e, claim_lemma))
    return next(found, None)
