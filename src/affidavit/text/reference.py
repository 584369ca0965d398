"""Reference inside one evidence: which full name a short form or a description points back to.

Agents quote text that names a person once in full and then by a first name, a
surname, a title and surname ("Dr. Okafor"), a pronoun, or a description ("the
firm", "the CEO") the text itself attached to a name. These functions read only the
evidence (no outside knowledge), and resolve a reference only when exactly one full
name fits: two people called Ana in one evidence leave "Ana" unresolved, never
guessed. Pure functions over mentions ``(name, start, end)``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol

from affidavit.text.names import match_tokens, refers_to
from affidavit.text.wordlists import FIRM_SUFFIXES


class Named(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...


AMBIGUOUS = "\x00ambiguous"  # a short form more than one full name fits
_COORDINATED = re.compile(r"\s*(?:,|and|&|, and|or|with)\s*")


def short_form_referents(text: str, found: Sequence[Named]) -> dict[tuple[int, int], str]:
    """Each one-token mention (titles dropped) -> the one full name in ``found`` it fits.

    A mention two full names fit maps to ``AMBIGUOUS``; one no full name fits is absent.
    The full names may come before or after it: uniqueness is judged over the whole text.
    """
    fulls: dict[tuple[str, ...], str] = {}
    for m in found:
        tokens = match_tokens(m.name)
        if len(tokens) >= 2:
            fulls.setdefault(tokens, m.name)
    out: dict[tuple[int, int], str] = {}
    if not fulls:
        return out
    # "Dana Kim and Mr Kim met": a short form listed beside its full name is someone else,
    # so that short form fits two people.
    beside: set[tuple[str, ...]] = set()
    for left, right in zip(found, found[1:], strict=False):
        if not _COORDINATED.fullmatch(text[left.end : right.start]):
            continue
        for short, full in ((left, right), (right, left)):
            one = match_tokens(short.name)
            if len(one) == 1 and len(match_tokens(full.name)) >= 2 and refers_to(short.name, full.name):
                beside.add(one)
    for m in found:
        if len(match_tokens(m.name)) != 1:
            continue
        if match_tokens(m.name) in beside:
            out[(m.start, m.end)] = AMBIGUOUS
            continue
        fits = [full for full in fulls.values() if refers_to(m.name, full)]
        if len(fits) == 1:
            out[(m.start, m.end)] = fits[0]
        elif fits:
            out[(m.start, m.end)] = AMBIGUOUS
    return out


# Nouns an evidence attaches to a name ("Vantec, a Leeds software firm", "CEO Ada Berg")
# that a later definite description ("the firm", "the CEO") points back with. Nouns in
# one group stand for each other.
_GROUPS: tuple[frozenset[str], ...] = (
    frozenset({"company", "firm", "business", "startup", "start-up", "group", "employer", "agency",
               "consultancy", "retailer", "manufacturer", "maker", "supplier", "contractor",
               "developer", "publisher", "studio", "brand", "chain", "operator", "lender", "bank",
               "insurer", "charity", "club", "team", "band", "school", "university", "hospital",
               "council", "practice", "venue"}),
    frozenset({"ceo", "chief executive"}),
    frozenset({"cfo", "chief financial officer", "finance director"}),
    frozenset({"cto", "chief technology officer"}),
    frozenset({"coo", "chief operating officer"}),
    frozenset({"chair", "chairman", "chairwoman", "chairperson"}),
    frozenset({"founder", "co-founder"}), frozenset({"director"}), frozenset({"manager"}),
    frozenset({"president"}), frozenset({"principal"}), frozenset({"headteacher", "head teacher"}),
    frozenset({"mayor"}), frozenset({"treasurer"}), frozenset({"secretary"}), frozenset({"coach"}),
    frozenset({"captain"}), frozenset({"owner"}), frozenset({"landlord", "landlady"}),
    frozenset({"architect"}), frozenset({"lawyer", "solicitor"}), frozenset({"surgeon"}),
    # Roles a ticket, note or form labels a person with ("Customer: Ana Ruiz").
    frozenset({"customer", "client"}), frozenset({"patient"}), frozenset({"caller"}),
    frozenset({"applicant", "candidate"}), frozenset({"passenger"}), frozenset({"driver"}),
    frozenset({"reporter"}), frozenset({"tenant"}), frozenset({"guest"}),
)  # fmt: skip
_GROUP_OF = {noun: group for group in _GROUPS for noun in group}
_ORG_GROUP = _GROUPS[0]
# The nouns that describe an organisation ("a Bandung start-up", "the firm"), for other modules.
ORG_NOUNS: frozenset[str] = _ORG_GROUP
# Name words that make a name an organisation ("Kestrel Labs", "Brio Foods Ltd").
_ORG_HEADS = FIRM_SUFFIXES | frozenset(
    {"labs", "lab", "systems", "technologies", "tech", "foods", "motors", "media", "software",
     "capital", "ventures", "consulting", "solutions", "industries", "airlines", "logistics",
     "analytics", "energy", "pharma", "bank", "studios", "studio", "networks", "robotics",
     "bakery", "brewery", "builders", "partners", "holdings", "trust", "foundation", "council"}
)  # fmt: skip
_NOUNS = "|".join(sorted((re.escape(n) for n in _GROUP_OF), key=len, reverse=True))
# "X, a Cork software firm," / "X, the CEO of Y," / "X (CEO)": a noun within four words.
# Filler words are neither function words that open a clause nor past verbs ("Ada,
# who joined the firm," binds nothing).
_FILLER = (r"(?:(?!(?:who|which|that|whose|where|when|and|or|but|not|at|in|of|for|from|with|on|near|by)\b)"
           r"(?![\w'’\-]*ed\b)[\w'’\-]+\s+)")  # "a nurse at a hospital" is no hospital
_APPOSITION_AFTER = re.compile(
    rf"\s*(?:,|\(|—|–|-)\s*(?:\d{{1,3}},\s*)?(?:(?:the|a|an|its|our|their)\s+)?{_FILLER}{{0,3}}?({_NOUNS})\b"
    # "... jobs in Přerov, the company said": a trailing attribution, not an apposition.
    r"(?!\s+(?:\w+ly\s+)?(?:said|says|told|added|announced|confirmed|reported|stated)\b)",
    re.I,
)
# "X is the CEO", "X was a founder": a copula, then the noun within three words.
_COPULA_AFTER = re.compile(rf"\s+(?:is|was)\s+(?:the|a|an|its|our)\s+{_FILLER}{{0,3}}?({_NOUNS})\b", re.I)
# "CEO Ada Berg", "the firm Vantec", "its chief executive, Ada Berg": the noun just before.
_NOUN_BEFORE = re.compile(rf"\b({_NOUNS})\s*[,:]?\s*$", re.I)
_FOUNDED = re.compile(
    r"\s+(?:was|is|were)\s+(?:\w+ly\s+)?(?:founded|established|incorporated|headquartered)\b"
)
# "the customer", "the patient": the roles a ticket or note labels a person with, which
# refer back from anywhere in a sentence (``gates.write_view``).
_ROLE_NOUNS = ("customer", "client", "patient", "caller", "applicant", "candidate", "passenger",
               "driver", "reporter", "tenant", "guest")  # fmt: skip
LABELLED_ROLE = re.compile(r"\b[Tt]he\s+(" + "|".join(_ROLE_NOUNS) + r")\b(?!['’])")
# A definite description that opens a clause: "The firm", "the company's CEO" is not one.
DESCRIPTION = re.compile(rf"\b[Tt]he\s+(?:(?:new|former|same|current)\s+)?({_NOUNS})\b(?!['’])", re.I)


def _attached(text: str, m: Named) -> tuple[set[frozenset[str]], set[str]]:
    """The groups of the nouns the text attaches to the name, and those nouns themselves
    (with the name's own words when it has one: "Kibo View Clinic, a practice" is a clinic)."""
    groups: set[frozenset[str]] = set()
    nouns: set[str] = set()
    for pattern in (_APPOSITION_AFTER, _COPULA_AFTER):
        hit = pattern.match(text, m.end)
        if hit is not None:
            groups.add(_GROUP_OF[hit.group(1).casefold()])
            nouns.add(hit.group(1).casefold())
    before = _NOUN_BEFORE.search(text, max(0, m.start - 40), m.start)
    if before is not None:
        groups.add(_GROUP_OF[before.group(1).casefold()])
        nouns.add(before.group(1).casefold())
    tokens = match_tokens(m.name)
    if nouns:
        nouns.update(tokens)  # "Kibo View Clinic, a private practice": a clinic too
    if any(t in _ORG_HEADS for t in tokens[1:]) or (len(tokens) > 2 and "and" in tokens[1:-1]):
        groups.add(_ORG_GROUP)  # "Kestrel Labs", "Lindqvist & Hale"
    elif _FOUNDED.match(text, m.end):
        groups.add(_ORG_GROUP)  # "X was founded in 1987": what is founded is an organisation
    return groups, nouns


# Words for any organisation: "the firm" may point back to "a school" or "Kestrel Labs".
# A narrower noun ("the hospital", "the bank") points back only to a name it was itself
# attached to: "Cal Roureda, a school, ... The hospital employs six people" is about another.
_ANY_ORGANISATION = frozenset({"company", "firm", "business", "group", "employer", "organisation",
                               "organization", "outfit", "concern"})


def description_referent(text: str, found: Sequence[Named], noun: str, before: int) -> str | None:
    """The one name ``text`` describes with ``noun`` before offset ``before`` ("the firm").

    ``None`` when no name, or more than one (counted by the names they could be),
    carries that description earlier in the text.
    """
    group = _GROUP_OF.get(noun.casefold())
    if group is None:
        return None
    key = noun.casefold()
    narrow = group is _ORG_GROUP and key not in _ANY_ORGANISATION
    bound: list[str] = []
    for m in found:
        if m.end > before:
            continue
        groups, nouns = _attached(text, m)
        # A name the text called something else ("Cal Roureda, a school") is not "the hospital";
        # one it gave no noun ("Seoryeong Pharma", an organisation by its name) may be "the chain".
        if group not in groups or (narrow and nouns and key not in nouns):
            continue
        if not any(refers_to(m.name, b) or refers_to(b, m.name) for b in bound):
            bound.append(m.name)
    if len(bound) != 1:
        return None
    # Every other mention of the noun up to the description, and the description itself,
    # must be a bare "the N" that points back: "the company in Lor", "a hospital in Ibadan",
    # "Lor's bank", "the brewery it replaced" are other things of that kind.
    own = [span for m in found if refers_to(bound[0], m.name) for span in _attachments(text, m)]
    own += [(m.start, m.end) for m in found]  # "Sri Kondal Company": the noun inside a name
    here = _mentions_of(key, text, before, before + 40)
    last = here[0].end() if here else before
    for other in _mentions_of(key, text, 0, last):
        if any(a <= other.start() < b for a, b in own):
            continue
        if other.group(0).casefold() != key or not _anaphoric(text, other.start(), other.end()):
            return None
    return bound[0]


def _attachments(text: str, m: Named) -> list[tuple[int, int]]:
    """Where the text attaches a noun to the name (its apposition, copula, noun before)."""
    spans = [(hit.start(), hit.end()) for pattern in (_APPOSITION_AFTER, _COPULA_AFTER)
             if (hit := pattern.match(text, m.end)) is not None]
    before = _NOUN_BEFORE.search(text, max(0, m.start - 40), m.start)
    if before is not None:
        spans.append((before.start(), before.end()))
    return spans


def _mentions_of(noun: str, text: str, start: int, end: int) -> list[re.Match[str]]:
    """Each word of ``text[start:end]`` that is ``noun`` or its plural."""
    return [w for w in re.finditer(rf"\b(?i:{re.escape(noun)})(?:s|es)?\b", text[:end]) if w.start() >= start]


# A bare definite description: "the" (or a word of sameness) right before the noun.
_BARE_THE = re.compile(r"\b(?i:the)[ \t]+(?:(?:new|former|same|current)[ \t]+)?$")
# After the noun, words that make it restrictive ("the company in Lor", "the workshop that
# won", "the brewery it replaced"): another thing of that kind. A preposition before a
# figure ("bought the firm in 2011") is the verb's, not the noun's.
_RESTRICTED = re.compile(
    r"['’]|[ \t]+(?:(?:that|which|who|whom|whose|where|of|in|at|on|across|near|from|with|by|outside|behind|"
    r"opposite|next|beside|along|down|up|over|under|for|called|named|run|owned)\b(?![ \t]+\d)|"
    r"(?:it|they|she|he|we|i|you)\b|[A-Z])",
)


def _anaphoric(text: str, start: int, end: int) -> bool:
    """Whether the noun at ``text[start:end]`` is a bare "the N" that can point back."""
    return (_BARE_THE.search(text, max(0, start - 20), start) is not None
            and _RESTRICTED.match(text, end) is None)  # fmt: skip
