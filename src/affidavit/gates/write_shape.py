"""The shape of an admitted claim: subject, entities, predicate key, object, terms.

The predicate key is what the store compares to find conflicts (same subject and
predicate, different object). Functional predicates get a bare key ("role",
"residence", "location", "birth") so that a new job supersedes the old one;
other verbs carry the head of their object ("take:lisinopril") so that two
different medicines are not taken for a conflict.
"""

from __future__ import annotations

import re

from affidavit.gates.contracts import ClaimShape
from affidavit.gates.write_parse import AUX, Mention, analyse, is_verb_like
from affidavit.text.lemmas import STOPWORDS, canonical, lemma, phrase_terms, words
from affidavit.text.memo import memo
from affidavit.text.names import TITLES, name_key
from affidavit.text.question import OCCUPATION_WORDS

_ROLE_VERBS = frozenset(
    {"work", "employ", "teach", "coach", "serve", "lead", "manage", "run", "head", "direct",
     "chair", "practise", "practice", "lecture", "captain"}
)  # fmt: skip
_ROLE_NOUNS = frozenset({"goalkeeper"})
# Synonyms of a role verb that also name a one-off event or being taught ("trained
# as a nurse"): the same words for coverage, but no "role" key (it would supersede
# the person's job).
_AMBIGUOUS_ROLE = frozenset({"train"})
_KIN = frozenset(
    {"sibling", "sister", "brother", "parent", "mother", "father", "child", "daughter", "son",
     "spouse", "wife", "husband", "partner", "cousin", "aunt", "uncle", "niece", "nephew",
     "grandmother", "grandfather", "grandson", "granddaughter", "gp", "doctor"}
)  # fmt: skip
_FUNCTIONAL = {
    "live": "residence", "reside": "residence", "base": "location",
    "headquarter": "location", "bear": "birth", "found": "founding", "establish": "founding",
    "die": "death", "marry": "spouse",
}  # fmt: skip
_SKIP = STOPWORDS | AUX | {"a", "an", "the", "now", "currently"}
_RELATIVE = re.compile(r"^['’]s?\s+(?:[a-z][\w\-]*\s+)??([a-z][\w\-]*)\s+(.+)$", re.S)
# "X's company phone is an iPhone 15": the subject's possessed noun is the slot, its
# present value ("X's boss was Y until 2021" says an ended one, no rival of the present).
_POSSESSED = re.compile(
    r"^['’]s?\s+((?:[a-z][\w\-]*\s+){0,3}?([a-z][\w\-]*))\s+(?:is|has\s+been)\s+(.+?)[.!?]?$", re.S
)


@memo(maxsize=65536)
def display_name(surface: str) -> str:
    """A name as written, with leading titles and a possessive dropped."""
    words_ = re.sub(r"['’]s?$", "", surface.strip()).split()
    while len(words_) > 1 and words_[0].casefold().rstrip(".") in TITLES:
        words_.pop(0)
    return " ".join(words_)


def shape_of(claim: str, subject: str, found: list[Mention]) -> ClaimShape:
    """Parse ``claim`` into a ``ClaimShape`` (subject first in ``entities``)."""
    entities: list[str] = []
    seen: set[str] = set()
    for m in found:
        key = name_key(m.name)
        if key and key not in seen:
            seen.add(key)
            entities.append(display_name(m.name))
    subject_mention = next((m for m in found if m.name == subject), None)
    after = subject_mention.end if subject_mention else 0
    rest = claim[after:].strip().rstrip(".!?").lstrip("'’s ").strip()
    # Predicate words run from the first verb-like word; the object follows it.
    tokens = words(rest)
    verb_index = next((i for i, w in enumerate(tokens) if is_verb_like(w)), 0)
    clause = analyse(claim)
    verb = clause.verb or (lemma(tokens[verb_index]) if tokens else "")
    obj_tokens = tokens[verb_index + 1 :]
    while obj_tokens and obj_tokens[0].casefold() in AUX:
        obj_tokens = obj_tokens[1:]
    if obj_tokens and lemma(obj_tokens[0]) == verb:
        obj_tokens = obj_tokens[1:]
    content = [lemma(w) for w in obj_tokens if w.casefold() not in _SKIP]
    phrased = list(phrase_terms(rest))
    # A position said by a phrase ("is in charge of", "plays in goal") is a role, as
    # the single word ("manages", "is the goalkeeper of") is.
    role_phrase = any(canonical(t) in _ROLE_VERBS or t in _ROLE_NOUNS for t in phrased)
    predicate = "role" if role_phrase else _predicate_key(verb, content, claim)
    owned = _POSSESSED.match(claim[after:].strip()) if subject_mention else None
    relative = _RELATIVE.match(claim[after:].strip()) if subject_mention else None
    if relative is not None and lemma(relative.group(1)) in _KIN:
        # "X's husband is a teacher", "X's husband works at Y": the relative's slot, never
        # X's job; one key per relative and value
        value = next((lemma(w) for w in words(relative.group(2)) if w.casefold() not in _SKIP), "")
        predicate = f"kin:of-{lemma(relative.group(1))}:{value}"
    elif owned is not None and not role_phrase and lemma(owned.group(2)) not in _KIN:
        # The possessed noun names the slot (one phone, one landlord at a time); the
        # words that name it are terms the claim offers.
        head = lemma(owned.group(2))
        predicate = "role" if head in OCCUPATION_WORDS else f"of:{canonical(head)}"
        obj_tokens = words(owned.group(3))
        content = [lemma(w) for w in words(owned.group(1))] + [
            lemma(w) for w in obj_tokens if w.casefold() not in _SKIP
        ]
    terms: list[str] = []
    # Terms a multi-word phrase says ("plays in goal" -> "goalkeeper") come last, so a
    # question that uses the single word finds the claim that uses the phrase.
    for lem in ([verb] if verb and verb not in ("be", "have") else []) + content + phrased:
        for t in (lem, canonical(lem)):
            if t not in terms and t not in _SKIP:
                terms.append(t)
    return ClaimShape(
        subject=display_name(subject),
        entities=tuple(entities),
        predicate=predicate,
        object=" ".join(obj_tokens),
        predicate_terms=tuple(terms),
    )


def _predicate_key(verb: str, content: list[str], claim: str) -> str:
    canon = canonical(verb)
    if verb in _FUNCTIONAL:
        return _FUNCTIONAL[verb]
    if verb == "be":
        kin = next((c for c in content if c in _KIN), None)
        if kin is not None:
            return f"kin:{canonical(kin)}"
        if re.search(r"\b(?:is|are|was|were)\s+(?:a|an|the)\b", claim, re.I):
            return "role"
        return f"be:{content[0]}" if content else "be"
    if verb in _ROLE_VERBS or (canon in _ROLE_VERBS and verb not in _AMBIGUOUS_ROLE):
        return "role"
    canon = verb if verb in _AMBIGUOUS_ROLE else canon
    head = next((c for c in content), "")
    return f"{canon}:{head}" if head else canon
