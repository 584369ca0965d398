"""Who did what to whom, read from word order around the claim's own verb.

The name-based role check (``checks_grounding.check_roles``) needs both parties to be
found names. Agents' messages put common noun phrases ("the Brno support team", "the
city council") and speakers ("Ana here - I'm picking up Tove") in those roles, so this
check reads sides instead: for every place the evidence uses the claim's verb, the
words before it (its subject side; after "by" in a passive, the agent side) and after
it. The claim is refused when no use of the verb puts the claim's agent on the agent
side and its patient on the patient side, and some use puts each on the other side.
Same verb lemma only: a converse verb ("sold" for "bought") is ``checks_frames``' work.
"""

from __future__ import annotations

import re

from affidavit.gates.checks_converse import _TO_FROM
from affidavit.gates.checks_markers import lemma_irregular_participles
from affidavit.gates.write_parse import AUX, is_verb_like
from affidavit.text import markers
from affidavit.text.lemmas import STOPWORDS, lemma
from affidavit.text.names import TITLES

Failure = tuple[str, str] | None

_TOKEN = re.compile(r"[^\W_][\w\u0300-\u036f'’\-]*")
_BE = frozenset({"is", "are", "was", "were", "be", "been", "being", "get", "got", "gets", "getting"})
# A sentence's end; not the point of "Prof." or "Dr." before a name.
_END = re.compile(r"(?<!\bProf)(?<!\bDr)(?<!\bMr)(?<!\bMrs)(?<!\bMs)(?<!\bSt)(?<!\bJr)[.;!?](?=\s|$)|\n")
# Role-free verbs: "A met B" says "B met A".
_SYMMETRIC = frozenset({"meet", "marry", "date", "divorce", "partner", "collaborate", "tie", "draw"})


def _tokens(text: str) -> list[tuple[str, int, int]]:
    return [(m.group(0), m.start(), m.end()) for m in _TOKEN.finditer(text)]


def _key(word: str) -> str:
    low = word.casefold().replace("’", "'")
    return low[:-2] if low.endswith("'s") else low


def _content(words: list[str]) -> set[str]:
    out = set()
    for w in words:
        k = _key(w)
        if k in STOPWORDS or k in markers.NEGATORS or k.rstrip(".") in TITLES or k in _BE or len(k) < 2:
            continue
        out.add(k)
    return out


_PERFECT = frozenset({"has", "have", "had", "'ve", "’ve"})
# Prepositions that end a by-phrase's agent ("by Gor *against* Hayk").
_AFTER_AGENT = frozenset({"against", "about", "over", "concerning", "regarding", "on", "to", "for", "with",
                          "after", "before", "because"})


def _participle(word: str) -> bool:
    low = word.casefold()
    return low.endswith(("ed", "en")) or low in lemma_irregular_participles() or low == "lent"


def _sides(
    text: str, toks: list[tuple[str, int, int]], i: int, agentless: bool = False
) -> tuple[set[str], set[str]] | None:
    """(agent side, patient side) of the verb at token ``i``, within its sentence. A
    passive without its agent has no agent side: ``None``, or with ``agentless`` an
    empty agent side and every word on the patient side ("was sent to Ana": Ana too)."""
    start = max((m.end() for m in _END.finditer(text, 0, toks[i][1])), default=0)
    stop_m = _END.search(text, toks[i][2])
    stop = stop_m.start() if stop_m else len(text)
    before = [w for w, a, _ in toks if start <= a < toks[i][1]]
    after = [(w, a) for w, a, _ in toks if toks[i][2] <= a < stop]
    prev = [w.casefold() for w in before[-3:]]
    by_at = next((k for k, (w, _) in enumerate(after[:8]) if w.casefold() == "by"), None)
    # "was trained by", "..., supervised by", "Order 123 placed on 5 May by": a participle
    # with a by-phrase, unless a perfect makes it active ("has lent ... by Friday").
    participle = _participle(toks[i][0])
    # "is to send the order by Friday": an infinitive is never passive, its "by" a deadline.
    passive = by_at is not None and prev[-1:] != ["to"] and (
        bool(_BE & set(prev)) or (participle and not _PERFECT & set(prev[-2:]))
    )
    if passive and by_at is not None:
        # The by-phrase is the agent up to the next preposition: "filed by Gor against his
        # supervisor, Hayk" has Gor acting, the supervisor acted against.
        agent = [w for w, _ in after[by_at + 1 :]]
        cut = next((k for k, w in enumerate(agent) if k and w.casefold() in _AFTER_AGENT), len(agent))
        return _content(agent[:cut]), _content(before)
    if _BE & set(prev[-2:]) and by_at is None and _participle(toks[i][0]):
        if agentless:
            return set(), _content(before) | _content([w for w, _ in after])
        return None  # a passive without its agent ("was sent", "was paid"): no agent side
    return _content(before), _content([w for w, _ in after])


def _by_follows(toks: list[tuple[str, int, int]], k: int) -> bool:
    """A "by" right after the verb at ``k``: its doer is named ("filed by Gor"), unlike a
    reduced clause whose words before it are what it was done to ("no cracks found")."""
    return any(w.casefold() == "by" for w, _, _ in toks[k + 1 : k + 3])


def _inflected_verb(word: str) -> bool:
    """A lower-case word in a verb form ("lent", "trains", "signed"), not an auxiliary."""
    low = word.casefold()
    if not word[:1].islower() or low in AUX or low in STOPWORDS:
        return False
    return is_verb_like(low) or (lemma(low) != low and not low.endswith("s"))  # "lent", not "roads"


def check_order(claim: str, ev: str, verb: str | None = None) -> Failure:
    """The claim's agent and patient are not on the sides the evidence puts them on."""
    c_toks = _tokens(claim)
    if verb is None:  # "The city council lent ...": the parser found no name before the verb
        verb = next((lemma(w) for w, _, _ in c_toks[1:] if _inflected_verb(w)), None)
    if verb is None or verb in _SYMMETRIC or verb in _TO_FROM or verb in AUX or verb == "be":
        return None  # a copula, or a verb whose direction its preposition says ("rent to")
    at = next((k for k, (w, _, _) in enumerate(c_toks) if w[:1].islower() and lemma(w) == verb), None)
    if at is None:
        return None
    c_sides = _sides(claim, c_toks, at)
    if c_sides is None:
        return None
    c_agent, c_patient = c_sides
    if not c_agent or not c_patient or c_agent & c_patient:
        return None
    e_toks = _tokens(ev)
    swapped = False
    for k, (w, _, _) in enumerate(e_toks):
        if not w[:1].islower() or lemma(w) != verb:
            continue  # the same verb only: "works for" and "employs" share a class, not sides
        sides = _sides(ev, e_toks, k, agentless=True)
        if sides is None:
            continue
        agent, patient = sides
        if c_agent & agent and c_patient & patient:
            return None  # a use of the verb with the claim's roles
        if c_agent <= patient and not c_agent & agent and ((c_patient - patient) & agent or not agent):
            swapped = True  # reversed, or the claim's agent is what an agentless passive acted on
        elif agent and agent <= c_patient and not c_agent & agent and _by_follows(e_toks, k):
            swapped = True  # the named doer is the claim's patient ("filed by Gor against Hayk")
    if swapped:
        term = sorted(c_agent)[0]
        return term, f"the evidence has '{term}' on the receiving side of '{verb}', not acting"
    return None
