"""Parse a recall question into what it names, what it demands and when.

Pure and rule-based: the rules describe English questions, not any corpus.

* names are proper-name mentions (``text.names.find_names``); each must resolve;
* the *demand* is every content word left once names, question words,
  auxiliaries and the time expression are removed ("What dose of aspirin does
  X take?" demands dose, aspirin, take);
* a few words name an answer *class* rather than a word the claim must contain
  ("profession", "What does X do?", "which town");
* a relative clause around a name ("the company that acquired X", "the company
  X manages") becomes an inner question whose answer entity the outer question
  is about.
"""

from __future__ import annotations

import re
from typing import Literal

import msgspec

from affidavit.text.lemmas import STOPWORDS, lemma, phrase_matches
from affidavit.text.lexical import organisation_noun
from affidavit.text.names import find_names
from affidavit.text.question_clause import (
    VERB_PARTICLES,
    party_of,
    possessed_by,
    possessive_party,
    predicated_of,
    relative_clause,
)
from affidavit.text.question_forms import origin_at, progressive, subject_first, without_alternative
from affidavit.text.question_idioms import OCCUPATION_LIGHT_VERBS, idioms
from affidavit.text.question_time import NOW, PREVIOUS, TimeScope, time_scope
from affidavit.text.slots import ROLE_ABBREVIATIONS

__all__ = ["Question", "Term", "TermKind", "TimeScope", "Wh", "parse_question"]

Wh = Literal[
    "who", "what", "where", "when", "which", "how_many", "how_much", "how_often", "how_long",
    "none",
]
TermKind = Literal["word", "number", "class"]

# Words that shape a question but demand nothing of a claim.
_NOISE = frozenset({
    "how", "many", "much", "when", "where", "why", "whom", "whose", "which", "what", "who",
    "be", "do", "have", "get", "please", "tell", "me", "know",
    "now", "currently", "today", "present", "current", "presently", "nowadays", "still",
    "hey", "hi", "hello", "ok", "okay", "um", "uh", "btw", "thanks", "remind", "wonder",
    "wondering", "anyone", "quick",
    # determiners and modal auxiliaries: "any allergies I should know about?"
    "any", "some", "should", "would", "could", "can", "will", "might", "must", "shall",
    # chat fillers: "when did she join again?", "where exactly does he live?"
    "again", "exactly", "actually", "anyway", "though", "q", "question", "idea",
})  # fmt: skip
_SUBJECT_PRONOUNS = frozenset({"i", "you", "he", "she", "it", "we", "they"})
_KIND_WORDS = frozenset({"kind", "kinds", "type", "types", "sort", "sorts"})

# Answer-type nouns after which/what: they say what kind of answer, not what
# the claim must say ("In which town ..." wants a place).
TYPE_NOUNS: dict[str, Wh] = {
    "town": "where", "city": "where", "country": "where", "place": "where",
    "location": "where", "village": "where", "region": "where",
    "year": "when", "date": "when", "day": "when", "month": "when", "time": "when",
    "person": "who", "man": "who", "woman": "who",
}  # fmt: skip

# Nouns (and "what does X do") that ask for an occupation: grounded by a role
# claim, not by the word itself.
OCCUPATION_WORDS = frozenset({"profession", "occupation", "job", "role", "position", "career"})
# Nouns that ask for a member of a closed class the claim names ("What languages
# does X speak?" is answered by "X speaks Basque"), keyed by lemma.
CLASS_WORDS = frozenset({"language"})

_TOKEN = re.compile(r"\d+(?:[.,:/]\d+)*|[^\W\d_][\w'’\-]*", re.UNICODE)
class Term(msgspec.Struct, frozen=True):
    """One demanded word: its surface form, lemma, kind and token position."""

    surface: str
    lemma: str
    kind: TermKind
    position: int
    frame: str = ""  # the relation frame (``text.slots``) the word asks for, if any
    strict: bool = False  # the frame absorbed a light verb: only the frame grounds the word
    possessed: bool = False  # the target owns the word ("Lena's landlord"), see ``Question``
    # "Which *company* does Lena work for?": the noun names the kind of entity the answer
    # is (an organisation), met by a claim that names one besides the question's own.
    entity_type: bool = False
    # The word comes after the target's name ("Who did *Lena* borrow a bike from?"): the
    # target is its verb's subject, which a converse verb in a claim states from the other side.
    after_target: bool = False
    # The word right after "what"/"which" ("What *car* does X drive?"): the kind of answer
    # asked, the term an abstention names first.
    asked_kind: bool = False
    # "whose *landlord* is Xana?": the frame is asked from the other side, so only its
    # sided wordings ground it ("rents from Xana"), and a relation noun only with the
    # direction its sentence gives ("Xana is Xuaco's landlord", "Xuaco's landlord is Xana").
    converse: bool = False
    # The word stands right before the target's name ("Who *acquired* Lena Foods?"): a verb
    # whose object the target is (set by ``gates.read_frames.with_frames``).
    before_target: bool = False


class Question(msgspec.Struct, frozen=True):
    """What a question names, demands and when; ``inner`` is a relative-clause hop."""

    wh: Wh
    names: tuple[str, ...]
    terms: tuple[Term, ...]
    head: int | None  # position of the demanded word right after the subject, if any
    time: TimeScope | None
    now: bool
    inner: Question | None = None
    # Positions of terms right before a name: a verb and its object ("Which hospital
    # *treated* X"), never one compound with the word before it.
    before_name: tuple[int, ...] = ()
    target_at: int | None = None  # token position of the first name the question is about
    # Positions of terms the target possesses ("Lena's *landlord*", "the *founder* of X")
    # and of terms said of it ("Is Lena *a landlord*?"): relation nouns read differently.
    possessed: tuple[int, ...] = ()
    predicated: tuple[int, ...] = ()
    previous: bool = False  # asks for an earlier, no longer current value
    # Asked in the past tense with no time of its own ("Where did Lena live?"): any value
    # that held up to now answers, an ended one too.
    past: bool = False
    # Asked of what will be ("what will X sell", "is X going to move"): a plan answers it.
    future: bool = False
    # "whose *landlord* is Xana?": the noun's position; the name is that noun to someone,
    # so its frame is asked from the other side (whom Xana lets to).
    whose_at: int | None = None


_HOW: dict[str, Wh] = {
    "many": "how_many", "much": "how_much", "often": "how_often", "long": "how_long",
}  # fmt: skip


_CONTRACTED = re.compile(r"['’](?:s|re|d|ll)$")
# Indefinite pronouns stand for the value asked after every name ("is X allergic to
# *anything*?"); before a name ("does *anybody* report to X?") or as an owner ("is X
# *somebody's* boss?") they say the direction asked, and are demanded.
_INDEFINITE = frozenset({"anything", "something", "anybody", "somebody", "anywhere", "somewhere"})
_WH_WORDS = frozenset({"who", "whom", "whose", "what", "where", "when", "which", "how", "why"})
_LEAD_IN = 3  # "wait, where does she live": words before the question word that open it
# The words that may open a question and ask nothing: interjections and discourse
# markers, approximators of a count, and the request frame "do you know", "can you tell
# me". A closed class: any other opening word ("before", "first", "initially", "earlier",
# "not", "besides", "except") may change the time asked or exclude the value, and stays.
_OPENERS = frozenset({
    "hey", "hi", "hello", "oh", "ok", "okay", "so", "well", "um", "uh", "umm", "hmm", "wait",
    "yo", "btw", "quick", "q", "and", "roughly", "approximately", "about", "around",
    "do", "you", "u", "ya", "know", "can", "could", "tell", "me", "please", "pls",
})  # fmt: skip


def _lead_in(tokens: list[tuple[str, int, int]], names_at: set[int]) -> set[int]:
    """Positions of the opening words before a question word among the first few ("wait
    where ...", "roughly how many ..."): they open the question, asking nothing. Only
    words of ``_OPENERS``: "before where did X work" asks about an earlier time."""
    for i, (tok, _s, _e) in enumerate(tokens[: _LEAD_IN + 1]):
        if _CONTRACTED.sub("", tok.casefold()) in _WH_WORDS:
            before = set(range(i))
            return before if not before & names_at and all(
                (tokens[p][0][:1].islower() or p == 0) and tokens[p][0].casefold() in _OPENERS
                for p in before
            ) else set()
    return set()


def _wh(tokens: list[str]) -> Wh:
    # "what's", "who's", "where're": a question word with its verb contracted onto it
    low = [_CONTRACTED.sub("", t.casefold()) for t in tokens]
    for i, tok in enumerate(low[:4]):
        if tok == "how" and i + 1 < len(low) and low[i + 1] in _HOW:
            return _HOW[low[i + 1]]
        if tok in ("who", "whom", "whose"):
            return "who"
        if tok in ("what", "where", "when", "which"):
            return tok  # type: ignore[return-value]
    return "none"


_LETTING_VERBS = frozenset({"rent", "lease"})


def _modifies_next(tokens: list[tuple[str, int, int]], pos: int, names_at: set[int]) -> bool:
    """Whether the word at ``pos`` premodifies a lower-case noun after it ("what *company*
    phone does X have": a kind of phone, not an organisation asked for)."""
    nxt = pos + 1
    if nxt >= len(tokens) or nxt in names_at:
        return False
    word = tokens[nxt][0]
    low = word.casefold()
    then = tokens[nxt + 1][0].casefold() if nxt + 1 < len(tokens) else ""
    # the noun it modifies is followed by the question's auxiliary ("... phone does X have")
    return word.isalpha() and word.islower() and low not in STOPWORDS and then in _AUXILIARIES


def _demand(
    tokens: list[tuple[str, int, int]],
    skip: set[int],
    first_name_end: int | None,
    names_at: set[int],
    phrases: dict[int, tuple[int, str, str]] | None = None,
    classes: dict[int, tuple[int, str, str]] | None = None,
) -> tuple[tuple[Term, ...], int | None, Wh | None]:
    """Demanded terms of the non-skipped tokens, the head position and any type-noun class.

    ``names_at``: token positions inside names. ``phrases``: first token position ->
    (last token position, canonical term, surface) of a multi-word phrase of the
    shared phrase table ("plays in goal" asks for a goalkeeper). ``classes``: the same
    for idioms that ask for an answer class ("for a living": an occupation).
    """
    terms: list[Term] = []
    type_class: Wh | None = None
    inside_phrase = -1
    for pos, (tok, _start, _end) in enumerate(tokens):
        if pos in skip or pos <= inside_phrase:
            continue
        idiom = (classes or {}).get(pos)
        if idiom is not None:
            inside_phrase = idiom[0]
            if not any(t.kind == "class" and t.lemma == idiom[1] for t in terms):
                terms.append(Term(idiom[2], idiom[1], "class", pos))
            continue
        phrase = (phrases or {}).get(pos)
        if phrase is not None and not skip.intersection(range(pos, phrase[0] + 1)):
            inside_phrase = phrase[0]
            terms.append(Term(phrase[2], phrase[1], "word", pos))
            continue
        low = tok.casefold()
        prev = tokens[pos - 1][0].casefold() if pos else ""
        if tok[0].isdigit():
            terms.append(Term(tok, tok, "number", pos))
            continue
        back = pos - 1
        while back in names_at:  # "was *Lena* living": the subject between be and the verb
            back -= 1
        lem = progressive(tok, tokens[back][0].casefold() if back >= 0 else "") or lemma(tok)
        if lem in _LETTING_VERBS and any(
            t.casefold() in ("to", "out") for t, _, _ in tokens[pos + 1 : pos + 4]
        ):
            lem = "let"  # "who does X rent (the flat) to": X lets it; a landlord's question
        # "What does X do?": a "do" after every name is the main verb and asks
        # for an occupation ("does" before a name is only do-support).
        nxt = tokens[pos + 1][0].casefold() if pos + 1 < len(tokens) else ""
        is_do_main = (
            lem == "do" and bool(names_at) and pos > max(names_at)
            and nxt not in _SUBJECT_PRONOUNS  # "Lena Moss - where does *she* live?"
        )
        if is_do_main:
            terms.append(Term(tok, "occupation", "class", pos))
            continue
        if low in _NOISE or lem in _NOISE or low in STOPWORDS or lem in STOPWORDS:
            continue
        if _CONTRACTED.sub("", low) in _WH_WORDS:  # "where'd she go": the question word
            continue
        if low in _INDEFINITE and names_at and pos > max(names_at):  # "allergic to anything"
            continue
        if prev == "how" and low in ("often", "long"):  # the question word itself
            continue
        if low in ("one", "any", "each") and nxt == "of":  # "one of Xhunca's huipiles": the huipiles
            continue
        if low in _KIND_WORDS and pos + 1 < len(tokens) and tokens[pos + 1][0].casefold() == "of":
            continue  # "what kind of shop": the shop is the demand, "kind" only its subtype
        if prev in ("which", "what") and low in TYPE_NOUNS:
            type_class = TYPE_NOUNS[low]
            continue
        kind = prev in ("which", "what")
        if lem in OCCUPATION_WORDS:
            terms.append(Term(tok, "occupation", "class", pos))
        elif kind and organisation_noun(lem) and not _modifies_next(tokens, pos, names_at):
            terms.append(Term(tok, lem, "word", pos, entity_type=True, asked_kind=True))
        elif lem in CLASS_WORDS:
            terms.append(Term(tok, lem, "class", pos, asked_kind=kind))
        else:
            terms.append(Term(tok, lem, "word", pos, asked_kind=kind))
    if any(t.kind == "class" and t.lemma == "occupation" for t in terms):
        # "What position does X hold?": the verb only carries the occupation noun.
        terms = [t for t in terms if t.kind != "word" or t.lemma not in OCCUPATION_LIGHT_VERBS]
    return tuple(terms), _head_after(terms, first_name_end), type_class


def _head_after(terms: list[Term], first_name_end: int | None) -> int | None:
    """The demanded term directly after the first name: the question's predicate."""
    if first_name_end is None:
        return None
    for term in terms:
        if term.position == first_name_end + 1:
            return term.position
    return None


def parse_question(question: str) -> Question:
    """Parse ``question`` into names, demanded terms, time scope and any inner hop."""
    question = without_alternative(question)
    scope, time_span = time_scope(question)
    now = scope is None and bool(NOW.search(question))
    tokens = [(m.group(0), m.start(), m.end()) for m in _TOKEN.finditer(question)]
    spans = [m.span() for m in NOW.finditer(question)]
    previous = [m.span() for m in PREVIOUS.finditer(question)]
    mentions = [
        m for m in find_names(question)
        if m[0].casefold() not in ROLE_ABBREVIATIONS  # "Brix's CEO": a role, not a name
        and m[0].casefold() not in STOPWORDS  # "I", "My": a capitalised function word
        and not any(lo <= m[1] < hi for lo, hi in previous)  # "before she moved to Oslo"
    ]
    mentions = subject_first(question, mentions)
    name_of: dict[int, int] = {}  # token position -> mention index
    for pos, (_tok, start, end) in enumerate(tokens):
        for idx, (_surface, m_start, m_end) in enumerate(mentions):
            if start >= m_start and end <= m_end + 2:  # +2: a possessive "'s"
                name_of[pos] = idx
    time_tokens = {
        pos
        for pos, (_t, s, e) in enumerate(tokens)
        if (time_span is not None and s >= time_span[0] and e <= time_span[1])
        or any(lo <= s and e <= hi for lo, hi in spans + previous)
    }
    clause = relative_clause(tokens, name_of)
    possessive_hop = False
    party_at = owner_at = 0  # "Lena's *employer*" / "the *buyer* of Tessel": the party noun
    # Words of the time expression ask nothing of the party ("Lena's boss right now").
    noise = _NOISE | {tokens[p][0].casefold() for p in time_tokens}
    if clause is None:
        clause = possessive_party(tokens, name_of, noise)
        if clause is not None:
            possessive_hop, party_at, owner_at = True, clause[1], clause[0]
    if clause is None:
        clause = party_of(tokens, name_of, noise)
        if clause is not None:
            possessive_hop, party_at = True, clause[0]
            owner_at = min(p for p, i in name_of.items() if i == clause[2])
    wh = _wh([t for t, _, _ in tokens])
    inner: Question | None = None
    outer_scope = scope
    skip = set(name_of) | time_tokens | _lead_in(tokens, set(name_of))
    outer_names = [m[0] for m in mentions]
    if clause is not None:
        lo, hi, name_idx = clause
        inner_skip = {p for p in range(len(tokens)) if not lo <= p <= hi} | set(name_of)
        inner_skip |= time_tokens  # "the company X *used to* work for": a time, not a demand
        name_end = _name_end(name_of, name_idx)
        inner_terms, _, _ = _demand(tokens, inner_skip, name_end, set(name_of),
                                    _phrases_by_token(question, tokens))
        # In a clause every word after the name is said of it ("where X is head"):
        # the first one is the clause's predicate, copula or not.
        inner_head = next(
            (t.position for t in inner_terms if name_end is not None and t.position > name_end),
            None,
        )
        # A time said inside the clause is the clause's ("the company X worked for in
        # 2018", "Lena's former employer"); the rest of the question is asked now.
        span = (tokens[lo][1], tokens[hi][2])
        inside = [(a, b) for a, b in previous if span[0] <= a and b <= span[1]]
        previous = [p for p in previous if p not in inside]
        if time_span is not None and span[0] <= time_span[0] and time_span[1] <= span[1]:
            outer_scope = None
        # The clause is about its name: "the company that *owns* X" asks before it, "the
        # company X *owns*" after it, and a frame trigger that says a side reads it so.
        inner_target = min((p for p, i in name_of.items() if i == name_idx), default=None)
        particle = lo + 2 < len(tokens) and tokens[lo + 1][0].casefold() in VERB_PARTICLES
        by = lo + 2 if particle else lo + 1
        if by < len(tokens) and tokens[by][0].casefold() == "by" and by + 1 == inner_target:
            # "the company owned (taken over) by X": X the verb's subject, as in "X owns"
            inner_target = lo - 1
        inner = Question(
            "which", (mentions[name_idx][0],), inner_terms, inner_head, scope, now,
            previous=bool(inside), target_at=inner_target,
        )
        # "the company that ..." (or "Lena's employer") stands for the bridge. The words
        # before a head's last ("the *ice* plant that X bought") are demanded of the
        # bridge: standing for it, they would let any plant X bought answer.
        skip |= set(range(lo if possessive_hop else lo - 2, hi + 1))
        if possessive_hop:
            inner = msgspec.structs.replace(
                inner, head=party_at, target_at=owner_at, possessed=(party_at,)
            )
        outer_names = [m[0] for i, m in enumerate(mentions) if i != name_idx]
    first_end = _name_end(name_of, 0) if outer_names and clause is None else None
    if clause is not None and not outer_names:
        first_end = clause[1]  # "who does [Lena's boss] *run*": the word after the bridge
    terms, head, type_class = _demand(tokens, skip, first_end, set(name_of),
                                      _phrases_by_token(question, tokens),
                                      _idioms_by_token(question, tokens))
    if type_class is not None and wh in ("which", "what"):
        wh = type_class
    origin = origin_at(tokens, [t.lemma for t in terms], wh, clause is None)
    if origin is not None:  # "Where is Lena (originally) from?": where she comes from
        terms, previous = (Term(tokens[origin][0], "origin", "word", origin),), []
    before = tuple(t.position for t in terms if t.position + 1 in name_of)
    target_at = None
    if clause is None and mentions:
        target_at = min((p for p, i in name_of.items() if i == 0), default=None)
    low = [t.casefold() for t, _, _ in tokens]
    possessed = tuple(t.position for t in terms if possessed_by(low, name_of, t.position))
    predicated = tuple(t.position for t in terms if predicated_of(low, name_of, t.position))
    past = outer_scope is None and not now and not previous and _asked_in_past(tokens)
    return Question(wh, tuple(outer_names), terms, head, outer_scope, now, inner, before, target_at,
                    possessed, predicated, bool(previous), past, _asked_of_future(tokens),
                    _whose_noun(low, name_of))


_AUXILIARIES = frozenset({"do", "does", "did", "is", "are", "am", "was", "were", "has", "have",
                          "had", "will", "can", "could", "would", "should", "may", "might"})
_PAST_AUXILIARIES = frozenset({"did", "was", "were", "had"})


def _asked_in_past(tokens: list[tuple[str, int, int]]) -> bool:
    """The question's first auxiliary is a past one ("where *did* Lena live", "who *was*
    her boss"); "where does she live" and "where has she lived" are not."""
    first = next((t.casefold() for t, _, _ in tokens if t.casefold() in _AUXILIARIES), None)
    return first in _PAST_AUXILIARIES


def _whose_noun(low: list[str], name_of: dict[int, int]) -> int | None:
    """ "whose landlord is Xana Riestra", "whose boss was Ivan": the position of the noun
    after "whose" when a copula and a name follow it."""
    for i, tok in enumerate(low[:4]):
        if tok == "whose" and i + 1 not in name_of and i + 3 in name_of and low[i + 2] in ("is", "was"):
            return i + 1
    return None


def _asked_of_future(tokens: list[tuple[str, int, int]]) -> bool:
    """The question may ask what will be: its first auxiliary is "will" or "shall", it says
    "going to" / "gonna" ("is she going to move?"), or it is in the present progressive,
    which also asks an arrangement ("what is Dmytro presenting at the expo?", "where is
    Piera moving to?")."""
    low = [t.casefold() for t, _, _ in tokens]
    first = next((t for t in low if t in _AUXILIARIES or t == "shall"), None)
    going = any(a == "going" and b == "to" for a, b in zip(low, low[1:], strict=False))
    progressive = first in ("is", "are", "am") and any(
        t.endswith("ing") and len(t) > 5 and t not in ("something", "anything", "nothing", "everything")
        for t in low[low.index(first) + 1 :]
    )
    return first in ("will", "shall") or going or "gonna" in low or progressive


def _phrases_by_token(
    question: str, tokens: list[tuple[str, int, int]]
) -> dict[int, tuple[int, str, str]]:
    out: dict[int, tuple[int, str, str]] = {}
    for match in phrase_matches(question):
        covered = [p for p, (_t, s, e) in enumerate(tokens) if s >= match.start and e <= match.end]
        if covered:
            out[covered[0]] = (covered[-1], match.term, question[match.start : match.end])
    return out


def _idioms_by_token(
    question: str, tokens: list[tuple[str, int, int]]
) -> dict[int, tuple[int, str, str]]:
    out: dict[int, tuple[int, str, str]] = {}
    for idiom in idioms(question):
        covered = [p for p, (_t, s, e) in enumerate(tokens) if s >= idiom.start and e <= idiom.end]
        if covered:
            out[covered[0]] = (covered[-1], idiom.cls, question[idiom.start : idiom.end])
    return out


def _name_end(name_of: dict[int, int], idx: int) -> int | None:
    positions = [p for p, i in name_of.items() if i == idx]
    return max(positions) if positions else None
