"""Does a claim relate its subject to the asked entity, or to something inside it? Pure.

"Who runs Tohoku University?" is not answered by "K directs the seismology lab
at Tohoku University", nor "Who is the head of Northgate?" by "S is the head
of compliance at Northgate": the demanded word governs another thing (the lab,
compliance), and the asked entity only locates it. The rule, for a claim whose
subject is not the asked entity and where the demanded words come before it:

* the words between the last demanded word and the entity end in a
  preposition ("... at <entity>"), and
* before that preposition stand content words the question did not ask for:
  after a verb they are its object ("directs *the lab* at"); after a noun,
  those following another preposition are ("head of *compliance* at"), while
  the noun's own continuation is not ("chief executive *officer* of").

An apposition ("founded the software company Y") or a direct object ("designed
the Y footbridge") has no preposition before the entity and is left alone.
The same reading applies to the entity a relative clause yields ("the company
X runs" is not the one X heads marketing at). Verbs of affiliation carry through
a part to the whole ("teaches history at Y" does teach at Y) and are exempt.
"""

from __future__ import annotations

from affidavit.text.lemmas import STOPWORDS, canonical, lemma, words
from affidavit.text.memo import memo

_PREPOSITIONS = frozenset({"of", "at", "in", "for", "with", "within", "on", "from", "inside"})
_DETERMINERS = frozenset({"the", "a", "an", "its", "their", "his", "her"})
# A preposition that introduces the verb's other party (a source), never a whole that
# locates its object: "rents her flat from Ola", "borrowed a bike from Jakub".
_PARTIES = frozenset({"from"})
_AFFILIATION = frozenset({
    "work", "employ", "teach", "lecture", "study", "play", "live", "reside", "serve",
    "train", "coach", "practise", "practice", "attend", "join", "volunteer",
})  # fmt: skip


@memo(maxsize=65536)
def relation_elsewhere(
    text: str, subject_name: str, entity_tokens: frozenset[str], demanded: frozenset[str]
) -> bool:
    """Whether the demanded words of ``text`` govern something inside the entity instead of it.

    ``entity_tokens``: key tokens of the asked entity's names, or empty for the
    entity a bridge hop yields (the first name after the demanded words);
    ``demanded``: the question's term lemmas. False whenever the shape cannot be read.
    """
    at = text.find(subject_name)
    raw = words(text[at + len(subject_name) :] if at >= 0 else text)
    toks = [w.casefold() for w in raw]
    wanted = {canonical(d) for d in demanded}
    if entity_tokens:
        ent = next((i for i, t in enumerate(toks) if t in entity_tokens), None)
    else:  # the entity a bridge hop yields: the first name after the demanded words
        found = [i for i, t in enumerate(toks) if canonical(lemma(t)) in wanted]
        start = found[0] if found else len(raw)
        ent = next((i for i in range(start, len(raw)) if raw[i][0].isupper()), None)
    if ent is None:
        return False
    hits = [i for i in range(ent) if canonical(lemma(toks[i])) in wanted]
    if not hits:
        return False
    last = hits[-1]
    first = last
    while first - 1 in hits:
        first -= 1
    region = toks[last + 1 : ent]
    while region and region[-1] in _DETERMINERS:
        region.pop()
    if not region or region[-1] not in _PREPOSITIONS:
        return False  # an apposition or a direct object: the entity itself
    if region[-1] in _PARTIES:
        return False  # "rents her flat from Ola": a party to the verb, not a place of its object
    inner = region[:-1]
    noun = first > 0 and toks[first - 1] in _DETERMINERS
    if not noun and lemma(toks[last]) in _AFFILIATION:
        return False
    after_prep = not noun
    for tok in inner:
        if tok in _PREPOSITIONS:
            after_prep = True
        elif after_prep and tok not in STOPWORDS and not tok[0].isdigit():
            return True
    return False
