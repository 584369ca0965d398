"""Which sentences of an evidence speak about the claim's subject.

Names are found per sentence, and only in the sentences that need them: those that
could name the subject (one regex pass over the evidence finds the subject's name
words) and those a pronoun or a list fragment borrows its antecedent from. On a long
evidence most sentences are about other things, and finding names was most of the
work of deciding.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache

from affidavit.gates.write_parse import _WORD, PRONOUNS, Mention, is_verb_like, mentions, unlisted_verb
from affidavit.text.names import key_tokens, refers_to
from affidavit.text.sentences import sentences

_NUMBER_TAIL = re.compile(r"\s+\d[\w.]*")
Linked = tuple[tuple[int, int], str | None]
# ASCII characters that start a ``_WORD`` match no pronoun can open (every pronoun
# starts with h, s, i or t): a sentence opening with one opens with no pronoun.
_PRONOUN_INITIALS = frozenset(p[0] for p in PRONOUNS)
_NO_PRONOUN_START = frozenset(
    ch for ch in map(chr, range(128)) if _WORD.fullmatch(ch) and ch.casefold() not in _PRONOUN_INITIALS
)


class EvidenceView:
    """The sentences of one evidence, with the names in each found on first request."""

    def __init__(self, evidence: str) -> None:
        self.evidence = evidence
        self.spans: tuple[tuple[int, int], ...] = tuple(sentences(evidence))
        self._starts = [a for a, _ in self.spans]
        self._names: list[tuple[Mention, ...] | None] = [None] * len(self.spans)
        self._lower = evidence.lower() if evidence.isascii() else None  # same offsets
        self._hits: dict[str, set[int] | None] = {}

    def names(self, i: int) -> tuple[Mention, ...]:
        found = self._names[i]
        if found is None:
            a, b = self.spans[i]
            found = self._names[i] = tuple(mentions(self.evidence, a, b))
        return found

    def may_name(self, subject: str) -> set[int] | None:
        """Sentences that could name ``subject`` (a superset); ``None``: every sentence.

        A mention that refers to the subject holds one of its key words, which stays a
        substring once the characters a key drops are skipped. ASCII only, where
        lower-casing is the key's case-folding.
        """
        if subject in self._hits:
            return self._hits[subject]
        words = key_tokens(subject)
        hits: set[int] | None = None
        if words and self._lower is not None and all(w.isascii() for w in words):
            hits = set()
            for word in words:
                for m in _word_pattern(word).finditer(self._lower):
                    i = bisect_right(self._starts, m.start()) - 1
                    if i >= 0 and m.end() <= self.spans[i][1]:
                        hits.add(i)
        self._hits[subject] = hits
        return hits

    def subject_mentions(self, subject: str) -> list[Mention]:
        """Every mention in the evidence that can refer to ``subject``."""
        hits = self.may_name(subject)
        pool = range(len(self.spans)) if hits is None else sorted(hits)
        return [m for i in pool for m in self.names(i) if refers_to(subject, m.name)]


@lru_cache(maxsize=16384)
def _word_pattern(word: str) -> re.Pattern[str]:
    # Each key character may be followed by characters a key drops ("O'Brien" -> "obrien").
    # Searched in the lower-cased text: one literal first character scans fast.
    return re.compile(r"[^\w\s\-]*".join(re.escape(ch) for ch in word))


@lru_cache(maxsize=256)
def evidence_view(evidence: str) -> EvidenceView:
    """The view of ``evidence`` (cached: several claims are often proposed from one text)."""
    return EvidenceView(evidence)


def _fragment(evidence: str, a: int, b: int) -> bool:
    """A verbless line (a list item under a header).

    A line that opens with a name and a verb no list knows ("The Ashby Falcons
    train in ...") is a sentence about that name, not a fragment borrowing one.
    """
    words = (m.group(0) for m in _WORD.finditer(evidence, a, b))
    if any(w[:1].islower() and is_verb_like(w) for w in words):
        return False
    found = mentions(evidence, a, b)
    if found and not found[0].possessive and evidence[a : found[0].start].strip().casefold() in ("", "the"):
        nxt = (
            _WORD.match(evidence, found[0].end + 1)
            if evidence[found[0].end : found[0].end + 1] == " "
            else None
        )
        if nxt is not None and unlisted_verb(nxt.group(0)):
            return False
    return True


def linked_sentences(evidence: str, subject: str, view: EvidenceView | None = None) -> list[Linked]:
    """Sentences that speak about ``subject``, each with the antecedent text it borrows.

    A sentence is linked when it names the subject, when it opens with a pronoun
    whose antecedent (the previous sentence's first name) is the subject, or when
    it is a verbless fragment following a linked sentence (a list under a header).
    """
    view = view or evidence_view(evidence)
    hits = view.may_name(subject)
    out: list[Linked] = []
    settled: list[int] = []  # sentences that may set the antecedent, in order
    previous_linked = False

    def previous_subject() -> Mention | None:
        # The lead name of the last settled sentence that has names.
        for j in reversed(settled):
            found = view.names(j)
            if found:
                return next((m for m in found if not m.possessive), found[0])
        return None

    for i, (a, b) in enumerate(view.spans):
        found = view.names(i) if hits is None or i in hits else ()
        # Most sentences hold no candidate name: no generator for them.
        names_subject = bool(found) and any(refers_to(subject, m.name) for m in found)
        # The first word is a pronoun: inlined (this loop visits every sentence), and
        # decided from the first character alone when it opens a word no pronoun starts.
        if evidence[a] in _NO_PRONOUN_START:
            pronoun = False
        else:
            first = _WORD.match(evidence, a, b) or _WORD.search(evidence, a, b)
            pronoun = first is not None and first.group(0).casefold() in PRONOUNS
        ante = previous_subject() if pronoun or (previous_linked and not names_subject) else None
        if names_subject:
            borrowed = ante is not None and pronoun
            out.append(((a, b), _antecedent_text(evidence, ante) if borrowed else None))  # type: ignore[arg-type]
        elif ante is not None and pronoun and refers_to(subject, ante.name):
            out.append(((a, b), _antecedent_text(evidence, ante)))
            continue  # the antecedent carries on to the next pronoun sentence
        elif previous_linked and ante is not None and _fragment(evidence, a, b):
            out.append(((a, b), _antecedent_text(evidence, ante)))
            continue
        previous_linked = names_subject
        settled.append(i)
    return out


def _antecedent_text(evidence: str, mention: Mention) -> str:
    """The antecedent's name plus a version or model number right after it."""
    tail = _NUMBER_TAIL.match(evidence, mention.end)
    return evidence[mention.start : tail.end() if tail else mention.end]
