"""Converses by frame: the claim states the evidence's relation with the other verb.

"The contract was awarded to Brix" -> "Brix won the contract"; "Tom lent Ava his car" ->
"Ava borrowed Tom's car"; "Kestrel hired Ola" -> "Ola joined Kestrel". Each verb's frame
(``text.frames``) says which slot holds which role; the names in the claim's slots must
be the names in the same roles of the evidence, read through the evidence's frame
(voice included: a passive's subject takes its object's role, a by-phrase its subject's).
A name in another role is ``relation_transposed``; a role the evidence leaves unsaid
refuses too. When the roles agree, the claim's verb and prepositions are supported by
the converse, and this check stands in for the plain role check.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from affidavit.gates.write_parse import Mention, analyse, main_start, mentions
from affidavit.text.currencies import CODES
from affidavit.text.frames import Frame, converse_pairs, converse_verbs
from affidavit.text.lemmas import lemma
from affidavit.text.memo import memo
from affidavit.text.names import refers_to
from affidavit.text.wordlists import NOT_NAMES

Failure = tuple[str, str]
Roles = dict[str, list[str]]
_WORD = re.compile(r"[\w'’\-]+")
_BE = frozenset({"is", "are", "was", "were", "be", "been", "being", "get", "gets", "got"})
_CLAUSE_END = re.compile(r";|\.(?:\s|$)|,\s*(?:and|but|which|who|while)\b|\s(?:but|while|whereas)\s")
_PREPOSITIONS = frozenset({"to", "from", "for", "at", "by", "with", "under", "in", "on", "of", "as", "into"})
_POSSESSIVE_PRONOUN = re.compile(r"\s+(?:his|her|their|its)\s+\w", re.I)
_OWNER = "owner"
_AND = (",", "and", ", and", "&")
_AMOUNT_AFTER = re.compile(r"\s?\d")


class FrameMatch(NamedTuple):
    """The claim's roles agree with the evidence's through a converse frame."""

    support: str  # the claim's words the converse says (its verb, its prepositions)


def _verb_at(text: str, verbs: frozenset[str]) -> re.Match[str] | None:
    words = _WORD.finditer(text)
    return next((w for w in words if w.group(0)[:1].islower() and lemma(w.group(0)) in verbs), None)


def _mentions(text: str, begin: int, verb_at: int) -> list[Mention]:
    """Mentions, with a capitalised word opening the clause right before the verb read as
    a name ("Acme sold ...": the finder reads a lone sentence-initial word as common)."""
    # "EUR 3,200,000": a currency code before its amount is no party.
    found = [m for m in mentions(text) if not (m.name in CODES and _AMOUNT_AFTER.match(text, m.end))]
    first = _WORD.search(text, begin, verb_at)
    if (
        first is not None
        and first.group(0)[:1].isupper()
        and not any(m.start <= first.start() < m.end for m in found)
        and first.group(0).casefold() not in NOT_NAMES
        and not text[first.end() : verb_at].strip()
    ):
        found = sorted(
            [*found, Mention(first.group(0), first.start(), first.end(), False)], key=lambda m: m.start
        )
    return found


def _run(text: str, found: list[Mention], last: int) -> list[str]:
    """The name at ``found[last]`` with those coordinated before it ("A, B and C")."""
    names = [found[last].name]
    j = last
    while j > 0 and text[found[j - 1].end : found[j].start].strip() in _AND:
        j -= 1
        names.append(found[j].name)
    return names


def _coordinated_after(text: str, found: list[Mention], first: int) -> list[str]:
    names = [found[first].name]
    j = first
    while j + 1 < len(found) and text[found[j].end : found[j + 1].start].strip() in _AND:
        j += 1
        names.append(found[j].name)
    return names


@memo(maxsize=64)
def _prep_phrase(prep: str) -> re.Pattern[str]:
    """ "to Loizos", "to the Brix board", and a name after its description: "to his nephew
    Loizos", "from its founder, Veikko Nurmela" (the name is the party, not the noun)."""
    return re.compile(
        rf"\b{prep}\s+(?:[Tt]he\s+|(?:[Hh]is|[Hh]er|[Tt]heir|[Ii]ts|[Oo]ur|[Mm]y)\s+"
        r"(?:[a-z][\w\-]*\s+){0,2}?[a-z][\w\-]*,?\s+)?"
    )


def roles(text: str, frame: Frame, verb: re.Match[str], evidence: bool = True) -> Roles:
    """Names in each role of ``frame`` around the verb occurrence ``verb`` in ``text``.

    A possessive pronoun ("his car") makes every participant a possible owner, on the
    evidence side only: there it may support a claim's owner, in a claim it asserts none.
    """
    begin = main_start(text, 0, verb.start())
    found = _mentions(text, begin, verb.start())
    stop = _CLAUSE_END.search(text, verb.end())
    end = stop.start() if stop else len(text)
    prev = [w.group(0).casefold() for w in _WORD.finditer(text, begin, verb.start())]
    prev = [w for w in prev if not w.endswith("ly")]
    passive = bool(prev) and prev[-1] in _BE
    out: Roles = {}
    before = [i for i, m in enumerate(found) if begin <= m.start and m.end <= verb.start()]
    before = [i for i in before if not found[i].possessive]
    after = [i for i, m in enumerate(found) if verb.end() <= m.start < end]
    taken: set[int] = set()
    preps = (*frame.preps, ("by", frame.subject)) if passive else frame.preps
    for prep, role in preps:
        for hit in _prep_phrase(prep).finditer(text[:end]):
            if hit.start() < verb.end():
                continue
            at = next((i for i in after if found[i].start == hit.end()), None)
            if at is not None:
                out.setdefault(role, []).extend(_coordinated_after(text, found, at))
                taken.update(i for i in after if found[i].name in out[role])
    gap_free = [i for i in after if text[verb.end() : found[i].start].strip().casefold() in ("", "the")]
    direct = next((i for i in gap_free if i not in taken), None)
    second_np = _second_np(text, found, direct, verb.end(), end)
    if passive:
        passive_role = frame.dative if frame.dative and second_np else frame.object
        if before and passive_role:
            out.setdefault(passive_role, []).extend(_run(text, found, before[-1]))
    else:
        if before:
            out.setdefault(frame.subject, []).extend(_run(text, found, before[-1]))
        if direct is not None and found[direct].possessive:
            out.setdefault(_OWNER, []).append(found[direct].name)
        elif direct is not None:
            object_role = frame.dative if frame.dative and second_np else frame.object
            if object_role:
                out.setdefault(object_role, []).extend(_coordinated_after(text, found, direct))
    for i in after:  # "Tom's car" after the first object: whose thing it is
        if found[i].possessive and i != direct and _OWNER not in out:
            out[_OWNER] = [found[i].name]
    if evidence and _OWNER not in out and _POSSESSIVE_PRONOUN.search(text, verb.end(), end):
        # "his car": any participant's, the text does not say whose (no gender is read).
        out[_OWNER] = [n for names in out.values() for n in names]
    return out


def _second_np(text: str, found: list[Mention], direct: int | None, start: int, end: int) -> bool:
    """Whether a second object follows the first ("lent Ava his car", "was awarded the prize")."""
    at = found[direct].end if direct is not None else start
    nxt = _WORD.search(text, at, end)
    if nxt is None or text[at : nxt.start()].strip(" "):
        return False  # punctuation or nothing after it
    return nxt.group(0).casefold() not in _PREPOSITIONS and nxt.group(0).casefold() not in ("and", "or")


def _same(a: str, b: str) -> bool:
    return refers_to(a, b) or refers_to(b, a)


def _compare(claim_roles: Roles, ev_roles: Roles) -> Failure | None:
    for role, names in claim_roles.items():
        for name in names:
            if any(_same(name, e) for e in ev_roles.get(role, ())):
                continue
            elsewhere = (r for r, ns in ev_roles.items() if r != role and any(_same(name, e) for e in ns))
            other = next(elsewhere, None)
            if other is not None:
                return name, f"the evidence has '{name}' as the {other}, the claim as the {role}"
            return name, f"the evidence does not say '{name}' is the {role}"
    return None


def check_frames(claim: str, ev: str) -> FrameMatch | Failure | None:
    """``FrameMatch`` when the claim's converse verb maps onto the evidence's roles, a
    failure when it maps them swapped or not at all, ``None`` when no converse applies."""
    verb = analyse(claim).verb
    if not verb or not converse_verbs(verb):
        # The parser may miss the verb when the subject is a lone capitalised word.
        first = next(
            (
                w
                for w in _WORD.finditer(claim)
                if w.group(0)[:1].islower() and converse_verbs(lemma(w.group(0)))
            ),
            None,
        )
        verb = lemma(first.group(0)) if first else None
    if not verb:
        return None
    others = converse_verbs(verb)
    if _verb_at(ev, frozenset({verb})) is not None:
        return None  # the evidence uses the claim's own verb: the plain checks decide
    claim_verb = _verb_at(claim, frozenset({verb}))
    # "paid ₦85k for the generator he bought off Ṣeun": each converse verb the evidence
    # uses is tried in turn; the first failure is kept when none agrees.
    ev_verbs = [w for w in _WORD.finditer(ev) if w.group(0)[:1].islower() and lemma(w.group(0)) in others]
    if not ev_verbs or claim_verb is None:
        return None
    failure: Failure | None = None
    for ev_verb in ev_verbs:
        for c_frame, e_frame in converse_pairs(verb, lemma(ev_verb.group(0))):
            claim_roles = roles(claim, c_frame, claim_verb, evidence=False)
            if not claim_roles:
                continue
            failed = _compare(claim_roles, roles(ev, e_frame, ev_verb))
            if failed is None:
                preps = " ".join(p for p, _ in c_frame.preps)
                return FrameMatch(f"{claim_verb.group(0)} {preps}".strip())
            failure = failure or failed
    return failure
