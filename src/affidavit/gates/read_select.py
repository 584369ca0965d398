"""Selecting the claims that answer one hop of a question. Pure.

One hop is a set of entities (every named entity must be among a claim's
entities), the demanded terms and a time. The outcome is either the ranked
claims that answer, or why not: no claim grounds a term (``unknown_predicate``,
naming that term) or grounded claims exist but none holds at the asked time
(``no_valid_claim``).

Ranking (documented, deterministic): claims that match every demanded term by
its own lemma first, then more same-lemma matches, then the latest
``valid_from`` (open start last), then the highest ``seq``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from affidavit.gates.contracts import ClaimView, ReadIndex
from affidavit.gates.read_classes import COLOUR_OR_AGE
from affidavit.gates.read_ended import ENDED, stated_end
from affidavit.gates.read_frames import slot_of
from affidavit.gates.read_ground import ROLE_KEY, Grounding, claim_years, ground, lexicon_grounds
from affidavit.gates.read_occupation import names_a_job
from affidavit.gates.read_postings import narrowed
from affidavit.text.lemmas import STOPWORDS, content_lemmas
from affidavit.text.lexical import active
from affidavit.text.memo import memo
from affidavit.text.names import find_names, key_tokens
from affidavit.text.question import Term, TimeScope, Wh
from affidavit.text.wordlists import PLACE_PREPOSITIONS

SELECTABLE = frozenset({"active", "disputed"})
_HISTORY = frozenset({"active", "disputed", "superseded"})
_MIN, _MAX = "0000-01-01", "9999-12-31"


class Window(NamedTuple):
    """The asked time as an inclusive ISO range; ``explicit`` when the question named it."""

    start: str
    end: str
    explicit: bool
    label: str  # how the text names it: "2015", "now (2025-01-01)"
    previous: bool = False  # "before she moved", "used to": a value that no longer holds
    future: bool = False  # "what will X sell": a plan answers it


def window_for(time: TimeScope | None, at: str, now: bool, previous: bool = False,
               past: bool = False, future: bool = False) -> Window:
    """The time a hop is asked at: the question's own time, else ``at`` (any time up to
    ``at`` for a question in the past tense)."""
    if time is not None:
        return Window(time.start, time.end, True, time.surface, previous, future)
    if previous:
        return Window(_MIN, at, True, "an earlier time (no earlier value is stored)", True)
    if past:
        return Window(_MIN, at, False, f"any time up to {at}")
    return Window(at, at, False, f"now ({at})" if now else at, future=future)


def _earlier(grounded: list[ClaimView], window: Window) -> list[ClaimView]:
    """Claims of an earlier value: superseded, or ended before the asked time, latest first.

    Only what the store says has stopped holding answers "before she moved"; a value
    that still holds never does, and neither does an undated claim.
    """
    ended = [
        c for c in grounded
        if c.state == "superseded"
        or (c.state in SELECTABLE and (end := _end_of(c)) is not None and end < window.end)
    ]  # fmt: skip
    ended.sort(key=lambda c: (_end_of(c) or "", c.seq), reverse=True)
    return ended


def _end_of(claim: ClaimView) -> str | None:
    """The claim's stored end, else the one its words state ("" for "used to": before
    any date), else None (open)."""
    if claim.valid_to is not None:
        return claim.valid_to
    stated = stated_end(claim.text, claim.subject_name)
    return "" if stated == ENDED else stated


def holds(claim: ClaimView, window: Window) -> bool:
    """Whether ``claim`` is valid at some point of ``window``.

    An undated claim that states a year ("won the title in 2008") is an event
    at that year: a question about another year must not get it.
    """
    start = claim.valid_from or _MIN
    end = _end_of(claim)
    if end == "":  # "used to": over before it was said, when is not known
        if not window.explicit and window.start == window.end:
            return False  # asked of one day (now): not then
        end = None
    end = end or _MAX
    if not (start <= window.end and window.start <= end):
        return False
    if window.explicit and claim.valid_from is None and claim.valid_to is None:
        years = claim_years(claim)
        spans = end != _MAX and len(years) > 1  # "a nurse from 2010 to 2019": the years between
        inside = spans and min(years) <= window.start[:4] and window.end[:4] <= max(years)
        if years and not inside and not any(window.start[:4] <= y <= window.end[:4] for y in years):
            return False
    return True


class HopResult(NamedTuple):
    """Either ``claims`` (answered) or ``reason`` + ``term`` (abstained)."""

    claims: tuple[ClaimView, ...]
    reason: str | None
    term: str | None
    pool: tuple[ClaimView, ...]  # every claim about the hop's entities (any state) that was read
    grounded: tuple[ClaimView, ...]  # claims that ground the demand, at any time
    known: tuple[ClaimView, ...] | None = None  # newest live claims, when ``pool`` was narrowed


def candidate_claims(
    index: ReadIndex, entity_sets: Sequence[frozenset[str]], terms: Sequence[Term] = ()
) -> tuple[tuple[ClaimView, ...], tuple[ClaimView, ...] | None]:
    """Claims whose entities meet every set; only the first set's claims are read, and of
    an entity named by many claims only those that could ground ``terms``
    (``read_postings``). Second: the newest live claims when the read was narrowed."""
    seen: dict[str, ClaimView] = {}
    recent: list[ClaimView] | None = None
    for entity_id in sorted(entity_sets[0]):
        narrow = narrowed(index, entity_id, terms)
        if narrow is not None:
            recent = (recent or []) + narrow.recent
        claims = narrow.claims if narrow is not None else index.claims_about(entity_id)
        for claim in claims:
            if claim.claim_id in seen:
                continue
            ids = set(claim.entity_ids)
            if all(ids & other for other in entity_sets[1:]):
                seen[claim.claim_id] = claim
    return tuple(seen.values()), (tuple(recent) if recent is not None else None)


def rank(claims: Iterable[ClaimView], exact: dict[str, int], n_terms: int) -> list[ClaimView]:
    """Order claims by the documented ranking (see the module docstring)."""
    ordered = sorted(claims, key=lambda c: c.seq, reverse=True)
    ordered.sort(key=lambda c: c.valid_from or "", reverse=True)
    ordered.sort(key=lambda c: (exact.get(c.claim_id, 0) < n_terms, -exact.get(c.claim_id, 0)))
    return ordered


def select_hop(
    pool: tuple[ClaimView, ...],
    subject_ids: frozenset[str],
    terms: tuple[Term, ...],
    wh: Wh,
    head: int | None,
    window: Window,
    named: frozenset[str],
    about_names: tuple[str, ...] = (),
    bridge: bool = False,
    before_name: tuple[int, ...] = (),
) -> HopResult:
    """Answer one hop from ``pool`` or say which term or time could not be grounded.

    ``subject_ids``: the entity the hop is about; ``named``: every entity the
    question names (an answer to "who"/"where" must name another one);
    ``about_names``: names of the hop's entity as the question and the store write it;
    ``bridge``: the hop is a relative clause whose answer entity the question goes on with;
    ``before_name``: positions of terms right before a name (verbs, see ``Question``).
    """
    history = [c for c in pool if c.state in _HISTORY]
    about = _name_tokens(about_names, pool, subject_ids)

    verdicts: dict[str, Grounding] = {
        c.claim_id: _answer_check(
            ground(terms, wh, c, own=c.subject_id in subject_ids, head=head, about=about, bridge=bridge,
                   plans=window.future),
            wh,
            terms,
            c,
            named,
        )
        for c in history
    }
    grounded = [c for c in history if verdicts[c.claim_id].complete]
    if not grounded:  # the tables and frames ground nothing: the lexicon's word readings
        for c in history:
            g = verdicts[c.claim_id]
            if g.wh_ok and g.grounded.count(False) == 1:
                i = g.grounded.index(False)
                asked = frozenset(t.lemma for t in terms)
                if lexicon_grounds(terms[i], c, own=c.subject_id in subject_ids, asked=asked):
                    verdicts[c.claim_id] = g._replace(
                        grounded=tuple(ok or j == i for j, ok in enumerate(g.grounded))
                    )
        grounded = [c for c in history if verdicts[c.claim_id].complete]
    if not grounded:
        return HopResult(
            (),
            "unknown_predicate",
            _ungrounded_term(terms, wh, head, history, verdicts, before_name),
            pool,
            (),
        )
    states = _HISTORY if window.explicit else SELECTABLE
    if window.previous:
        valid = _earlier(grounded, window)
        if valid:
            return HopResult(tuple(valid), None, None, pool, tuple(grounded))
        return HopResult((), "no_valid_claim", window.label, pool, tuple(grounded))
    valid = [c for c in grounded if c.state in states and holds(c, window)]
    if not valid:
        return HopResult((), "no_valid_claim", window.label, pool, tuple(grounded))
    exact = {c.claim_id: verdicts[c.claim_id].exact for c in valid}
    return HopResult(tuple(rank(valid, exact, len(terms))), None, None, pool, tuple(grounded))


def current_values(
    grounded: Sequence[ClaimView],
    claims: Iterable[ClaimView],
    subject_ids: frozenset[str],
    window: Window,
    wh: Wh,
    named: frozenset[str],
) -> list[ClaimView]:
    """The live values of the slots whose asked value no longer holds, newest first.

    A question asked with a word for now ("still", "currently", "these days") whose grounded claims
    about the asked entity have all ended (superseded, or closed before now) is answered
    by what holds now in the same slot: ``claims`` (every claim about the entity) with
    that subject and the same predicate key, valid now, that fit the question word. A
    slot whose value ended with nothing after it gives none, and the gate abstains
    naming the time as before. Never for a question that names its own time.
    """
    if window.explicit:
        return []
    slots = {key for c in ended_claims(grounded, subject_ids, window) for key in _slot_keys(c)}
    if not slots:
        return []
    jobs = any(key == "key:" + ROLE_KEY for _, key in slots)
    current = [
        c for c in claims
        if slots & _slot_keys(c) and c.state in SELECTABLE and holds(c, window)
        and _fits(wh, c, named)
        # after a job, another job: "X is a member at Y" shares the key, not the slot
        and not (jobs and c.predicate == ROLE_KEY and _no_job(c))
    ]  # fmt: skip
    current.sort(key=lambda c: (c.valid_from or "", c.seq), reverse=True)
    return current


_COPULA_NOUN = re.compile(r"^\s*(?:is|was)\s+(?:a|an|the)\s+[a-z]")  # a title in capitals is a post


def _no_job(claim: ClaimView) -> bool:
    """A role-keyed claim that names a position no job is ("X is a member at Y", "a patient
    at Y"): the write gate's key for any "is a N at Y"; a verb's job ("lectures at Y") is one."""
    rest = claim.text[len(claim.subject_name):] if claim.text.startswith(claim.subject_name) else ""
    return bool(_COPULA_NOUN.match(rest)) and not names_a_job(claim.text, claim.subject_name)


def _fits(wh: Wh, claim: ClaimView, named: frozenset[str]) -> bool:
    """Whether a live value fits the question word as the bare question would: a date for
    "when", a number for "how many", the asked entity's own location for "where". (A live
    value naming any other entity does not say where X works: "X is a member of Y".)"""
    return _answer_check(ground((), wh, claim, own=True), wh, (), claim, named).wh_ok


def ended_claims(
    grounded: Iterable[ClaimView], subject_ids: frozenset[str], window: Window
) -> list[ClaimView]:
    """The grounded claims about the asked entity that no longer hold at ``window``."""
    return [
        c for c in grounded
        if c.subject_id in subject_ids and (c.state == "superseded" or not holds(c, window))
    ]  # fmt: skip


def live_at(window: Window) -> Callable[[ClaimView], bool]:
    """Whether a claim is selectable and valid at ``window``."""
    return lambda c: c.state in SELECTABLE and holds(c, window)


_COLOUR = frozenset({"color", "colour"})


def _slot_keys(claim: ClaimView) -> frozenset[tuple[str, str]]:
    """The slots a claim fills for its subject: its predicate key, and the frame its
    wording fills ("lives in" and "moved to" both say where they live). A position at an
    organisation is no slot of its own: "X is a parent at Y" does not say X still teaches there."""
    keys = {(claim.subject_id, "key:" + claim.predicate)}
    head, _, modifier = claim.predicate.partition(":")
    if modifier and (modifier in COLOUR_OR_AGE or active().categories(modifier) & _COLOUR):
        # "drives a grey Subaru Outback" after "drives a white Toyota Prius": the key the
        # write gate gives keeps the object's first word, a modifier that is no slot.
        keys.add((claim.subject_id, "key:" + head))
    slot = slot_of(frozenset(content_lemmas(claim.text)) | frozenset(claim.predicate_terms))
    if slot is not None:
        keys.add((claim.subject_id, "slot:" + slot))
    return frozenset(keys)


def _name_tokens(
    names: tuple[str, ...], pool: tuple[ClaimView, ...], subject_ids: frozenset[str]
) -> frozenset[str]:
    """Key tokens of the hop entity's names: given, and as subject of its own claims."""
    own = {c.subject_name for c in pool if c.subject_id in subject_ids}
    return frozenset(t for n in (*names, *sorted(own)) for t in key_tokens(n) if t not in STOPWORDS)


def _answer_check(
    g: Grounding, wh: Wh, terms: tuple[Term, ...], claim: ClaimView, named: frozenset[str]
) -> Grounding:
    """ "Who" and "where" want an entity the question did not name ("Who founded X?"
    is not answered by "X was founded in 1874"); a bare "Who is X?" wants anything.

    A noun naming the kind of entity asked for ("Which *company* does Lena work for?")
    is met by a claim that names another entity and grounds the question's other
    words; asked alone ("Which band is X in?") only by the noun's own word.
    """
    others = bool(set(claim.entity_ids) - named) or (wh == "where" and _names_a_place(
        claim.text, claim.subject_name))
    typed = [i for i, t in enumerate(terms) if t.entity_type and not t.frame]
    if typed:
        rest = [ok for i, ok in enumerate(g.grounded) if i not in typed]
        met = others and bool(rest) and all(rest) and _names_a_party(claim.text, claim.subject_name)
        g = g._replace(grounded=tuple(ok or (i in typed and met) for i, ok in enumerate(g.grounded)))
    wants_entity = wh == "where" or (wh == "who" and bool(terms)) or bool(typed)
    if wants_entity and not others:
        return g._replace(wh_ok=False)
    return g


_LOCATIVE = frozenset({"in", "near", "outside", "around", "from", "across"})


def _names_a_party(text: str, subject_name: str) -> bool:
    """Whether ``text`` names an entity besides its subject other than as a place
    ("works for *Brix*", "bought *Tessel*"; not "works as a biologist in *Split*")."""
    return any(word not in _LOCATIVE for word in _words_before_names(text, subject_name))


def _names_a_place(text: str, subject_name: str) -> bool:
    """Whether ``text`` places something at a name other than its subject's ("Zedaveli
    Springs is based *in Zedaveli*": the town need not be an entity of its own)."""
    return any(word in PLACE_PREPOSITIONS for word in _words_before_names(text, subject_name))


@memo(maxsize=16384)
def _words_before_names(text: str, subject_name: str) -> tuple[str, ...]:
    """The word before each name of ``text`` but its subject's ("" at the start)."""
    out: list[str] = []
    for name, start, _end in find_names(text):
        if name == subject_name or start == text.find(subject_name):
            continue
        before = text[:start].split()
        out.append(before[-1].casefold() if before else "")
    return tuple(out)


def _ungrounded_term(
    terms: tuple[Term, ...],
    wh: Wh,
    head: int | None,
    history: list[ClaimView],
    verdicts: dict[str, Grounding],
    before_name: tuple[int, ...] = (),
) -> str:
    """The term to name: the most specific ungrounded one, the predicate first among equals.

    A term no claim grounds is named before one that some claim grounds; when
    every term is grounded somewhere, the failures of the claim that grounds
    the most are named. Among those, what the question demands most
    specifically is named (``_specificity``): the object noun before a light
    verb ("How many *cows* does X own?"), the drug before "dose", any content
    word before a preposition ("after his stroke"). Adjacent ungrounded words
    are named together ("blood pressure"), but not a noun with the verb that
    follows it ("Which hospital treated X").
    """
    if not terms:
        return _WH_WORDS.get(wh, wh)
    anywhere = [any(verdicts[c.claim_id].grounded[i] for c in history) for i in range(len(terms))]
    missing = [not ok for ok in anywhere]
    if not any(missing) and history:
        best = max(history, key=lambda c: (sum(verdicts[c.claim_id].grounded), -c.seq))
        missing = [not ok for ok in verdicts[best.claim_id].grounded]
    if not any(missing):
        return _WH_WORDS.get(wh, wh)
    rank = min(_specificity(t) for t, m in zip(terms, missing, strict=True) if m)
    missing = [m and _specificity(t) == rank for t, m in zip(terms, missing, strict=True)]
    # "What *car* does X drive?": the noun right after the question word names the kind of
    # answer asked, so it is named before the verb that follows the target.
    pick = next((i for i, t in enumerate(terms) if t.asked_kind and missing[i]), None)
    if pick is None:
        pick = next((i for i, t in enumerate(terms) if t.position == head and missing[i]), None)
    if pick is None:
        pick = missing.index(True)
    breaks = set(before_name)

    def joins(left: int, right: int) -> bool:
        adjacent = terms[right].position == terms[left].position + 1
        return adjacent and missing[left] and missing[right] and terms[right].position not in breaks

    lo = hi = pick
    while lo > 0 and joins(lo - 1, lo):
        lo -= 1
    while hi + 1 < len(terms) and joins(hi, hi + 1):
        hi += 1
    return " ".join(t.surface for t in terms[lo : hi + 1])


# Verbs whose object carries the demand ("own cows", "attend university", "take
# amlodipine", "play an instrument", "score goals") and nouns that only say what
# kind of value is asked ("dose of", "kind of"): named after the word they carry.
_LIGHT = frozenset({
    "have", "own", "possess", "hold", "take", "get", "keep", "use", "attend", "play", "score",
    "make", "give", "receive", "do", "occupy", "put", "bring", "set", "go", "come",
    "dose", "dosage", "amount", "kind", "type", "sort",
})  # fmt: skip
# Words that place or negate the demand rather than say it ("after his stroke").
_FUNCTION = frozenset({
    "after", "before", "since", "until", "till", "during", "without", "against", "between",
    "among", "through", "across", "over", "under", "near", "upon", "within", "ago", "no",
    "not", "never", "ever", "again", "yet", "already", "out", "up", "off", "away", "back",
    "down",
})  # fmt: skip


def _specificity(term: Term) -> int:
    """0 for a content word, 1 for a light verb or kind noun, 2 for a function word."""
    if term.kind != "word":
        return 0
    if term.lemma in _FUNCTION:
        return 2
    return 1 if term.lemma in _LIGHT else 0


_WH_WORDS: dict[str, str] = {
    "how_many": "how many", "how_much": "how much", "how_often": "how often", "none": "question",
}  # fmt: skip
