"""The read gate: answer a question from grounded claims, or abstain and say why.

``decide_read`` is pure: it reads only the claims of the entities the question
names (``index.claims_about``), never the whole store, and takes "now" as the
``at`` argument. The order of checks:

1. every name in the question resolves to a known entity, else
   ``unknown_subject`` naming it;
2. a stored claim about those entities grounds every demanded term (same lemma
   and equivalence tables as the write gate), else ``unknown_predicate`` naming
   the term; the nearest claim is never offered as the answer;
3. among grounded claims, those valid at the asked time (the question's own
   time, else ``at``) and in state active or disputed — or superseded, when
   the question names a time inside its interval — answer, ranked; else
   ``no_valid_claim`` naming the time.

A relative clause ("the company that acquired X") is answered first; the
entities it yields are what the rest of the question is about, and the answer
is the chain of claims.
"""

from __future__ import annotations

import re

import msgspec

from affidavit.errors import InvalidInput
from affidavit.gates import read_render as render
from affidavit.gates.contracts import ClaimView, ReadDecision, ReadIndex
from affidavit.gates.read_frames import with_frames
from affidavit.gates.read_posts import successors
from affidavit.gates.read_select import (
    SELECTABLE,
    HopResult,
    candidate_claims,
    current_values,
    ended_claims,
    live_at,
    select_hop,
    window_for,
)
from affidavit.gates.write_parse import is_verb_like
from affidavit.text.fold import fold
from affidavit.text.frames import FRAMES_VERSION as VERB_FRAMES_VERSION
from affidavit.text.lemmas import LEMMA_TABLE_VERSION, STOPWORDS, lemma
from affidavit.text.lexical import active as active_lexicon
from affidavit.text.lexical import unknown_noun
from affidavit.text.lexicon import lexicon as pinned_lexicon
from affidavit.text.question import Question, TimeScope, parse_question
from affidavit.text.question_chat import expand_chat
from affidavit.text.question_names import is_known_word, lowercase_runs, word_runs
from affidavit.text.slots import FRAMES_VERSION

# The read gate's version: its rules, the frames table and the lexicon it reads.
# The word equivalences (eq-N) are the write gate's: one table, so both versions name it.
# The verb frames (converses) are read too ("who did Lena borrow it from?" <- "lent").
READ_GATE_VERSION = (
    f"read-gate/3.31+{LEMMA_TABLE_VERSION}+{FRAMES_VERSION}+{VERB_FRAMES_VERSION}+{active_lexicon().identity}"
)
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
MAX_QUESTION_CHARS = 2000


def decide_read(
    question: str, index: ReadIndex, *, at: str, limit: int = 10, at_explicit: bool = False
) -> ReadDecision:
    """Answer ``question`` from ``index`` as of the ISO date ``at``, or abstain.

    ``at_explicit``: the caller asked about that date (not "now"), so it scopes the
    question like a date written in it would, and superseded claims valid then count.
    """
    if not isinstance(question, str) or not question.strip():
        raise InvalidInput("question", "expected a non-empty string")
    if len(question) > MAX_QUESTION_CHARS:
        raise InvalidInput("question", f"expected at most {MAX_QUESTION_CHARS} characters")
    if not isinstance(at, str) or not _ISO_DATE.match(at):
        raise InvalidInput("at", "expected an ISO date YYYY-MM-DD")
    if limit < 1:
        raise InvalidInput("limit", "expected a positive integer")
    # A chat question: names typed in lower case ("is noor still at Quillon?"), if any.
    typed = _with_typed_names(expand_chat(question), index)
    parsed = parse_question(typed)
    parsed = with_frames(parsed)
    if at_explicit and parsed.time is None and not parsed.now:
        parsed = msgspec.structs.replace(parsed, time=TimeScope(at, at, at))
    # Rule 1 first, for every name in the question, inner clause included.
    resolved: dict[str, tuple[frozenset[str], str]] = {}
    for name in _all_names(parsed):
        entities = index.resolve(name)
        if not entities:
            count = _candidates(index, name)
            if count > 1:
                return render.ambiguous_subject(name, count)
            return render.unknown_subject(name)
        resolved[name] = (frozenset(e.entity_id for e in entities), entities[0].name)
    parsed = _without_restated(parsed, resolved)
    if parsed.inner is not None:
        return _two_hops(parsed, parsed.inner, index, resolved, at, limit)
    if not parsed.names:
        # Nothing named: answering would mean scanning the store, which the gate never does.
        return render.no_subject(parsed.terms[0].surface if parsed.terms else None)
    sets = [resolved[n][0] for n in parsed.names]
    about = resolved[parsed.names[0]][1]
    hop = _hop(parsed, index, sets, at, (parsed.names[0], about))
    return _decision(hop, about, limit)


def _without_restated(parsed: Question, resolved: dict[str, tuple[frozenset[str], str]]) -> Question:
    """``parsed`` without a name that only restates part of another name it asks with:
    "the casharea in hoara veclje" asks about Casharea di Hoara Veclje, not the village too."""
    def inside(small: str, big: str) -> bool:
        a, b = fold(small).casefold().split(), fold(big).casefold().split()
        return len(a) < len(b) and any(b[i : i + len(a)] == a for i in range(len(b) - len(a) + 1))

    full = [resolved[n][1] for n in parsed.names]
    keep = tuple(n for n in parsed.names if not any(inside(resolved[n][1], f) for f in full))
    return parsed if keep == parsed.names or not keep else msgspec.structs.replace(parsed, names=keep)


def _candidates(index: ReadIndex, name: str) -> int:
    """How many entities of the caller's tenant ``name`` could name (0 if the index cannot say)."""
    count = getattr(index, "candidates", None)
    return int(count(name)) if callable(count) else 0


def _with_typed_names(question: str, index: ReadIndex) -> str:
    """``question`` with lower-case names the store knows written as the store writes them.

    Only a run that resolves to exactly one entity is rewritten ("lena" -> "Lena Moss"
    when the store knows one Lena), or one that could name several (capitalised, so that
    rule 1 abstains naming how many); anything else is left as typed.
    """
    taken: list[tuple[int, int]] = []
    replace: list[tuple[int, int, str]] = []
    for start, end in lowercase_runs(question):
        if any(start < t_end and t_start < end for t_start, t_end in taken):
            continue
        surface = question[start:end]
        bare = surface[:-2] if surface.endswith(("'s", "’s")) else surface
        entities = index.resolve(bare)
        if not entities and bare == surface and len(bare) > 3 and bare.endswith("s"):
            owner = index.resolve(bare[:-1])  # "lenas boss": a possessive typed without its apostrophe
            if len(owner) == 1:
                taken.append((start, end))
                replace.append((start, end, f"{owner[0].name}'s"))
                continue
        short = len(entities) == 1 and bare == surface and fold(bare) != fold(entities[0].name)
        near = _name_goes_on(question, end, entities[0].name) if short else None
        if near is not None and any(start < t_end and t_start < near for t_start, t_end in taken):
            near = None  # the word it would run on to is another name's, already read
        if near is not None:
            # "what does aralar software make" with only Aralar Sistemak known: the typed name
            # goes on past the part that matched, with a word the known name does not have.
            taken.append((start, near))
            replace.append((start, near, question[start:near].title()))
        elif len(entities) == 1:
            taken.append((start, end))
            replace.append((start, start + len(bare), entities[0].name))
        elif not entities and _typed_name_of_parts(bare, index, bare != surface):
            # "what does sokha keo do" with a Sokha and a Vibol Keo known: a name the store
            # does not hold, made of words that name others; rule 1 abstains naming it.
            taken.append((start, end))
            replace.append((start, start + len(bare), bare.title()))
        elif not entities and _candidates(index, bare) > 1 and not _all_words(bare):
            # abstains below, with the count; "the school narspi teaches at" with two schools
            # known: a word of English is the question's own
            taken.append((start, end))
            replace.append((start, start + len(bare), bare.title()))
    for start, end in word_runs(question):
        # "the company that owns hong tram silk": a name whose every word is a word of
        # English, typed whole (diacritics aside), is the one entity that name is exactly.
        if any(start < t_end and t_start < end for t_start, t_end in taken):
            continue
        entities = index.resolve(question[start:end])
        if len(entities) == 1 and fold(question[start:end]) == fold(entities[0].name):
            taken.append((start, end))
            replace.append((start, end, entities[0].name))
    for start, end, name in sorted(replace, reverse=True):
        question = question[:start] + name + question[end:]
    return question


def _typed_name_of_parts(run: str, index: ReadIndex, possessive: bool) -> bool:
    """Whether ``run`` is a typed name of several words, each of no language the lexicons
    know, that the store does not hold whole: each word of it names someone, and not all
    the same one ("sokha keo" with a Sokha and a Vibol Keo known), or, typed as an owner
    ("ramil villacruz's boss"), a word of it does."""
    parts = run.split()
    if len(parts) < 2 or not all(_no_word(p) for p in parts):
        return False
    named: set[str] = set()
    for part in parts:
        found = index.resolve(part)
        if len(found) == 1:
            named.add(found[0].entity_id)
        elif _candidates(index, part) > 1:
            named.add("several:" + part)
        elif not possessive:
            return False
    return len(named) > 1 or (possessive and bool(named))


def _no_word(word: str) -> bool:
    return word.isalpha() and not is_known_word(word) and unknown_noun(lemma(word))


# Adverbs the lexicon also lists as nouns ("the now", "the here and now").
_ADVERBS = frozenset({"now", "today", "tonight", "tomorrow", "yesterday", "currently", "nowadays",
                      "lately", "recently", "anymore", "again", "too", "also", "here", "there"})
_NEXT_WORD = re.compile(r"[ \t]+([a-z][a-z'’\-]*)\b")


def _name_goes_on(question: str, end: int, known: str) -> int | None:
    """Where a typed name ends that runs on past ``question[:end]`` with a word that is no
    word of the ``known`` name and either is no English word at all ("sokha *keo*") or can
    only be a noun followed by the question's verb ("what does aralar *software* make");
    or None."""
    nxt = _NEXT_WORD.match(question, end)
    if nxt is None:
        return None
    word = nxt.group(1)
    base = lemma(word)
    known_words = {w.casefold() for w in known.split()}
    if word in STOPWORDS or base in STOPWORDS or word in _ADVERBS or word in known_words:
        return None
    if _no_word(word):
        # "what does sokha keo do" with only Sokha Vibol Keo known: a word of no language
        # the lexicons know goes on the typed name, which the store does not hold.
        return nxt.end()
    if not _noun_only(base):
        return None  # not known as a noun, or also a verb: no evidence the name goes on
    then = _NEXT_WORD.match(question, nxt.end())
    if then is None or not _verb_ish(then.group(1)):
        return None  # "does tuk chhou take on": the word may be the question's verb itself
    return nxt.end()


def _noun_only(base: str) -> bool:
    lexicon = pinned_lexicon()
    verb = lexicon.synonyms_first_sense(base, "v") or lexicon.derivations(base, "v")
    return bool(lexicon.categories(base)) and not verb


def _verb_ish(word: str) -> bool:
    base = lemma(word)
    lexicon = pinned_lexicon()
    verb = lexicon.synonyms_first_sense(base, "v") or lexicon.derivations(base, "v")
    return bool(verb) or is_verb_like(word)


def _all_names(parsed: Question) -> list[str]:
    names = list(parsed.names)
    if parsed.inner is not None:
        names.extend(parsed.inner.names)
    return names


def _hop(
    q: Question,
    index: ReadIndex,
    sets: list[frozenset[str]],
    at: str,
    names: tuple[str, ...] = (),
    bridge: bool = False,
) -> HopResult:
    """One hop about ``sets[0]``; ``names``: how the question and the store name it;
    ``bridge``: a relative clause, whose claims must relate to the entity they yield."""
    pool, recent = candidate_claims(index, sets, q.terms)
    window = window_for(q.time, at, q.now, q.previous, q.past, q.future)
    named = frozenset().union(*sets)
    hop = select_hop(pool, sets[0], q.terms, q.wh, q.head, window, named, names, bridge, q.before_name)
    if hop.reason == "no_valid_claim" and q.now:  # "Is Lena still at Brix?": what replaced it
        own = [c for e in sorted(sets[0]) for c in index.claims_about(e)]
        now = current_values(hop.grounded, own, sets[0], window, q.wh, named)
        if not now and q.wh == "none" and not window.explicit:
            # "Is X still chair of Y?": whoever holds that one-holder post now
            asked = frozenset(lemma(w) for t in q.terms if t.kind == "word"
                              for w in (t.lemma, *t.surface.casefold().split()))
            now = successors(ended_claims(hop.grounded, sets[0], window), index.claims_about,
                             sets[0], live_at(window), asked)
        if now:
            hop = hop._replace(claims=tuple(now), reason=None, term=None)
        elif len(sets) > 1 and any(t.frame for t in q.terms):
            # "Does Dilmei still rent from Uchel?" after Uchel's tenancy ended: whoever fills
            # the asked relation for Dilmei now ("Ilebrang is Dilmei's landlord"); "is Mohand
            # still Tassadit's landlord?": for the one who owns the relation word, Tassadit.
            owned = any(t.frame and t.possessed for t in q.terms)
            for holder in (sets[1:] if owned else sets[:1]):
                alone, _ = candidate_claims(index, [holder], q.terms)
                again = select_hop(alone, holder, q.terms, q.wh, q.head, window, holder, (),
                                   bridge, q.before_name)
                if again.reason is None:
                    hop = hop._replace(claims=again.claims, reason=None, term=None)
                    break
    return hop if recent is None else hop._replace(known=recent)


def _known(pool: tuple[ClaimView, ...], limit: int) -> tuple[ClaimView, ...]:
    """What the store holds about the subject now: active and disputed claims, newest first."""
    live = [c for c in pool if c.state in SELECTABLE]
    live.sort(key=lambda c: c.seq, reverse=True)
    return tuple(live[:limit])


def _decision(hop: HopResult, about: str, limit: int) -> ReadDecision:
    known = hop.known[:limit] if hop.known is not None else _known(hop.pool, limit)
    if hop.reason == "unknown_predicate":
        return render.unknown_predicate(hop.term or "", about, known)
    if hop.reason == "no_valid_claim":
        return render.no_valid_claim(hop.term or "", about, hop.grounded[:limit], known)
    return render.answered(hop.claims[:limit], about)


def _two_hops(
    outer: Question,
    inner: Question,
    index: ReadIndex,
    resolved: dict[str, tuple[frozenset[str], str]],
    at: str,
    limit: int,
) -> ReadDecision:
    """Answer the clause, then the question about the entities the clause yields."""
    inner_sets = [resolved[n][0] for n in inner.names]
    inner_names = (inner.names[0], resolved[inner.names[0]][1])
    first = _hop(inner, index, inner_sets, at, inner_names, bridge=True)
    inner_about = resolved[inner.names[0]][1]
    if first.reason is not None:
        return _decision(first, inner_about, limit)
    named = frozenset().union(*inner_sets)
    if outer.terms and all(t.kind == "word" and t.lemma == "name" for t in outer.terms) and not outer.names:
        # "what's the name of Narspi's son": the clause's own answer names him (a claim
        # that names someone besides Narspi)
        links = tuple(c for c in first.claims if set(c.entity_ids) - named)
        if links:
            return render.answered(links[:limit], inner_about)
    chain: list[ClaimView] = []
    answers: list[ClaimView] = []
    last: HopResult | None = None
    for link in first.claims:
        bridge = frozenset(e for e in link.entity_ids if e not in named)
        if not bridge:
            continue
        sets = [bridge] + [resolved[n][0] for n in outer.names]
        hop = _hop(outer, index, sets, at)
        last = hop
        if hop.reason is None:
            chain.append(link)
            answers.extend(c for c in hop.claims if c not in answers)
    if answers:
        claims = (chain + [c for c in answers if c not in chain])[:limit]
        return render.answered(tuple(claims), inner_about)
    if last is None:  # the clause's claims name no other entity to ask about
        term = next((t.surface for t in inner.terms if t.position == inner.head), None)
        term = term or (inner.terms[0].surface if inner.terms else inner_about)
        return render.unknown_predicate(term, inner_about, _known(first.pool, limit))
    via = _bridge_name(first.claims[0], named, last.pool)
    return render.missing_second_hop(_decision(last, via, limit), first.claims[0], via)


def _bridge_name(link: ClaimView, named: frozenset[str], pool: tuple[ClaimView, ...]) -> str:
    """How the text refers to the entity the clause yielded: a name it is the subject under."""
    if link.subject_id not in named:
        return link.subject_name
    bridge = set(link.entity_ids) - named
    own = next((c.subject_name for c in pool if c.subject_id in bridge), None)
    return own or "the entity it names"


def _all_words(run: str) -> bool:
    """Whether every word of a typed run is a word of English ("school")."""
    return all(is_known_word(w) for w in run.split())
