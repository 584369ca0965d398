"""Reading only the claims that could ground a question, for entities named by many. Pure memo.

An organisation in a large store is named by thousands of claims ("X works for
Harbor Bank"); grounding each one for "Where is Harbor Bank based?" costs a
lemmatisation per claim. For an entity named by more than ``LARGE_POOL`` claims the
hop reads instead the claims that offer one of the keys of its most selective
demanded word: the word's lemma, its equivalence class, its spellings, the kinds and
leader roles that ground it, the verbs of its derivations and the wordings and
categories of its frame. A claim without any of them cannot ground that word, so
every answer is the one a full scan gives. When the claims offering *any* demanded word
are few (``UNION_LIMIT``) all of them are read, so an abstention names the word a full
scan names; beyond that only the most selective word's claims are, and which of several
missing words an abstention names may differ. The claims listed as known are the
entity's newest live claims.

The keys are derived from claim plaintext, so the memo lives with the other text
caches: ``cache_clear`` drops it whenever a subject is erased
(``store.clear_text_caches``). Claim text never changes for a claim id, so entries
stay valid between erasures; claims added since the last read are indexed on the
next one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from collections.abc import Set as AbstractSet
from typing import NamedTuple

from affidavit.gates.contracts import ClaimView
from affidavit.gates.read_classes import KINDS, LEAD_DEMANDS, LEADER_ROLES, us_spelling
from affidavit.text.lemmas import canonical, content_lemmas, lemma, phrase_terms
from affidavit.text.lexical import active
from affidavit.text.memo import memo
from affidavit.text.question import Term
from affidavit.text.slots import BY_NAME

LARGE_POOL = 16
UNION_LIMIT = 256
_QUANTITY = frozenset({"dose", "dosage", "medication", "medicine", "drug", "version"})


@memo(maxsize=None)
def _leader_words() -> frozenset[str]:
    # Lemmatised on first use, not at import: the lemmatiser's table loads on first call.
    return frozenset(lemma(w) for role in LEADER_ROLES for w in role.split())


def claim_keys(claim: ClaimView) -> frozenset[str]:
    """Every key under which ``claim`` is found: its offered lemmas, their classes,
    spellings and categories (a superset of what ``read_ground`` offers)."""
    offered = set(content_lemmas(claim.text)) | set(phrase_terms(claim.text))
    offered |= {lemma(t) for t in claim.predicate_terms}
    keys = set(offered)
    lexicon = active()
    for o in offered:
        keys.add("c:" + canonical(o))
        keys.add("us:" + us_spelling(o))
        keys.update("cat:" + c for c in lexicon.categories(o))
    return frozenset(keys)


def term_keys(term: Term) -> frozenset[str] | None:
    """Keys one of which a claim must have to ground ``term``; None when the word is
    grounded by a claim's shape rather than a word (classes, numbers, doses, roles)."""
    if term.kind != "word" or term.lemma in _QUANTITY or canonical(term.lemma) == canonical("employ"):
        return None
    keys: set[str] = set()
    if term.frame:
        frame = BY_NAME[term.frame]
        if frame.roles and term.strict:
            return None  # role claims ("X is the CTO of Y") fill it: a shape, not a word
        keys.update(p.words[0] for p in frame.patterns)
        keys.update("cat:" + c for c in frame.category)
        if term.strict:
            return frozenset(keys)
    lem = term.lemma
    keys.update({lem, "c:" + canonical(lem), "us:" + us_spelling(lem)})
    keys.update(KINDS.get(lem, ()))
    if lem in LEAD_DEMANDS:
        keys.update(_leader_words())
    for verb, _role in active().derivations(lem):
        keys.add("c:" + canonical(verb))
    return frozenset(keys)


class _Postings:
    __slots__ = ("by_key", "indexed", "order")

    def __init__(self) -> None:
        self.by_key: dict[str, set[str]] = {}
        self.indexed: set[str] = set()
        self.order: list[tuple[int, str]] = []  # (seq, claim id), kept sorted

    def update(self, current: AbstractSet[str], view: Callable[[str], ClaimView | None]) -> None:
        if len(self.indexed) >= len(current):
            # Up to date: an entity's claim ids only grow within one scope (an erasure
            # starts a new scope), so equal sizes mean equal sets; no O(n) comparison.
            return
        fresh = []
        for claim_id in current - self.indexed:
            self.indexed.add(claim_id)  # read once, also another tenant's (no view)
            claim = view(claim_id)
            if claim is None:
                continue
            fresh.append((claim.seq, claim_id))
            for key in claim_keys(claim):
                self.by_key.setdefault(key, set()).add(claim_id)
        self.order.extend(fresh)
        self.order.sort()

    def lookup(self, keys: Iterable[str]) -> set[str]:
        out: set[str] = set()
        for key in keys:
            out |= self.by_key.get(key, set())
        return out


class _PostingsMemo:
    """Postings per (store, tenant, entity). The instance's ``cache_clear`` (not the
    class's: ``clear_text_caches`` calls every module-level ``cache_clear``) runs on
    every erasure."""

    def __init__(self) -> None:
        self._entries: dict[tuple[str, str], _Postings] = {}
        self.cache_clear = self.clear

    def get(self, scope: str, entity_id: str) -> _Postings:
        """``scope`` is ``"<index>|<state>"``: a new state of one index (an erasure) drops
        every entry of its old state."""
        owner = scope.split("|", 1)[0]
        stale = [k for k in self._entries if k[0] != scope and k[0].split("|", 1)[0] == owner]
        for k in stale:
            del self._entries[k]
        return self._entries.setdefault((scope, entity_id), _Postings())

    def clear(self) -> None:
        self._entries.clear()


MEMO = _PostingsMemo()


class Narrowed(NamedTuple):
    """The claims a hop reads, and the newest live claims about the entity (for ``known``)."""

    claims: list[ClaimView]
    recent: list[ClaimView]


def narrowed(index: object, entity_id: str, terms: Sequence[Term], recent: int = 10) -> Narrowed | None:
    """The claims about ``entity_id`` that could ground ``terms``, or None to read them all."""
    ids_about = getattr(index, "claim_ids_about", None)
    view = getattr(index, "claim_view", None)
    scope = getattr(index, "postings_scope", None)
    if not callable(ids_about) or not callable(view) or not isinstance(scope, str):
        return None
    current: AbstractSet[str] = ids_about(entity_id)
    if len(current) <= LARGE_POOL:
        return None
    keysets = [k for k in (term_keys(t) for t in terms) if k is not None]
    if not keysets:
        return None
    postings = MEMO.get(scope, entity_id)
    postings.update(current, view)
    found = [postings.lookup(k) & current for k in keysets]
    union = set().union(*found)
    # Every claim that grounds any demanded word, when that is few: an abstention then names
    # the word a full scan names. Else the most selective word's claims: answers still equal.
    best = union if len(union) <= UNION_LIMIT else min(found, key=len)
    claims = [c for c in (view(cid) for cid in sorted(best)) if c is not None]
    newest: list[ClaimView] = []
    for _seq, claim_id in reversed(postings.order):
        if len(newest) >= recent:
            break
        if claim_id in current:
            claim = view(claim_id)
            if claim is not None and claim.state in ("active", "disputed"):
                newest.append(claim)
    return Narrowed(claims, newest)
