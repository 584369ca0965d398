"""The sentences of one evidence, the names in each, and what those names refer to.

Names are found per sentence and only when asked for: most sentences of a long
evidence are about other things, and finding names was most of the work of deciding.
Reference inside the evidence (``text.reference``) is read here, once per evidence:
which full name a short form stands for, which name a description ("the firm")
points back to, and how the evidence spells a name the claim folds or shortens.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from affidavit.gates.write_parse import _WORD, PRONOUNS, Mention, main_start, mentions
from affidavit.text.fold import fold
from affidavit.text.memo import memo
from affidavit.text.names import _in_order, key_tokens, match_tokens, refers_to
from affidavit.text.reference import (
    AMBIGUOUS,
    DESCRIPTION,
    LABELLED_ROLE,
    description_referent,
    short_form_referents,
)
from affidavit.text.sentences import sentences
from affidavit.text.wordlists import NOT_NAMES


class EvidenceView:
    """The sentences of one evidence, with the names in each found on first request."""

    def __init__(self, evidence: str) -> None:
        self.evidence = evidence
        self.spans: tuple[tuple[int, int], ...] = tuple(sentences(evidence))
        self._starts = [a for a, _ in self.spans]
        self._names: list[tuple[Mention, ...] | None] = [None] * len(self.spans)
        self._lower = evidence.lower() if evidence.isascii() else None  # same offsets
        self._hits: dict[str, set[int] | None] = {}
        self._all: tuple[Mention, ...] | None = None
        self._found: list[tuple[Mention, ...] | None] = [None] * len(self.spans)
        self._name_words: frozenset[str] | None = None
        self._referents: dict[tuple[int, int], str] | None = None
        self._described: dict[tuple[str, int], str | None] = {}

    def names(self, i: int, guided: str | None = None) -> tuple[Mention, ...]:
        """Mentions in sentence ``i``; with ``guided``, also that one-word subject's
        capitalised occurrences the name finder read as a common word."""
        found = self._names[i]
        if found is None:
            found = self._names[i] = self._with_initial(i, self._base(i))
        if guided is None:
            return found
        a, b = self.spans[i]
        extra = [
            Mention(w.group(0), w.start(), w.end(), self.evidence[w.end() : w.end() + 1] in ("'", "’"))
            for w in _WORD.finditer(self.evidence, a, b)
            if w.group(0)[:1].isupper()
            and fold(w.group(0)) == fold(guided)
            and not any(m.start <= w.start() < m.end for m in found)
        ]
        return tuple(sorted((*found, *extra), key=lambda m: m.start)) if extra else found

    def _base(self, i: int) -> tuple[Mention, ...]:
        found = self._found[i]
        if found is None:
            a, b = self.spans[i]
            found = self._found[i] = tuple(mentions(self.evidence, a, b))
        return found

    def _with_initial(self, i: int, found: tuple[Mention, ...]) -> tuple[Mention, ...]:
        """A sentence-initial word the finder read as common ("Ana paid the bill.") is a
        name when this evidence writes it elsewhere as a token of a longer name
        ("Ana Ruiz arrived late."): sentence by sentence the finder cannot know that."""
        a, b = self.spans[i]
        first = _WORD.match(self.evidence, a, b)
        if first is None or not first.group(0)[:1].isupper() or (found and found[0].start == a):
            return found
        word = first.group(0)
        if word.casefold() in NOT_NAMES or word.casefold() in PRONOUNS:
            return found
        if fold(word) not in self.name_words():
            return found
        extra = Mention(word, a, first.end(), self.evidence[first.end() : first.end() + 1] in ("'", "’"))
        return (extra, *found)

    def name_words(self) -> frozenset[str]:
        """Folded words the evidence writes capitalised beside another capitalised word: a
        superset of the tokens of its multi-word names, found by one regex pass (finding
        the names of every sentence would cost most of a decision)."""
        if self._name_words is None:
            pairs = _CAPITALISED_PAIR.finditer(self.evidence)
            words = {fold(w) for p in pairs for w in p.groups()}
            self._name_words = frozenset(w for w in words if w not in NOT_NAMES)
        return self._name_words

    def all_names(self) -> tuple[Mention, ...]:
        """Every mention in the evidence (found once, on the first request)."""
        if self._all is None:
            self._all = tuple(m for i in range(len(self.spans)) for m in self.names(i))
        return self._all

    def referent(self, m: Mention) -> str | None:
        """The one full name a one-token mention stands for here (``AMBIGUOUS``, or None)."""
        tokens = match_tokens(m.name)
        if len(tokens) != 1 or tokens[0] not in self.name_words():
            return None  # no longer name holds it: nothing to stand for
        if self._referents is None:
            self._referents = short_form_referents(self.evidence, self.all_names())
        return self._referents.get((m.start, m.end))

    def means(self, m: Mention, name: str) -> bool:
        """Whether mention ``m`` names ``name``: directly, or as a short form of its one full name."""
        if refers_to(name, m.name):
            return True
        full = self.referent(m)
        return full is not None and full != AMBIGUOUS and (refers_to(name, full) or refers_to(full, name))

    def first_full(self, name: str) -> int:
        """Offset of the first mention spelled with every token of ``name``."""
        tokens = match_tokens(name)
        return next((m.start for m in self.all_names() if match_tokens(m.name) == tokens), len(self.evidence))

    def rewrites(
        self, found: tuple[Mention, ...], wanted: tuple[str, ...]
    ) -> tuple[tuple[tuple[int, int, str], ...], int, bool]:
        """Rewrites of ``found`` to the claim's names, the reach they need, and whether
        one of them names ``wanted[0]`` (the subject)."""
        subs: list[tuple[int, int, str]] = []
        reach = len(self.evidence)
        names_subject = False
        for m in found:
            for name in wanted:
                if not self.means(m, name):
                    continue
                names_subject = names_subject or name == wanted[0]
                full = self.referent(m)
                if full is not None and full != AMBIGUOUS:
                    reach = min(reach, self.first_full(full))  # the receipt shows the full name
                if not _in_order(key_tokens(name), key_tokens(m.name)):
                    # Shorter or spelled otherwise than the claim: read it as the claim's name.
                    subs.append((m.start, m.end, name))
                break
        return tuple(subs), reach, names_subject

    def spelled(self, name: str) -> str | None:
        """The evidence's own name for a claim name it writes shorter or otherwise: the one
        full name a short form stands for ("Ana" -> "Ana Ruiz"), or the spelling a folded
        match found ("Jorgen Berg" -> "Jørgen Berg"). The store links and checks erased
        subjects by it, so a folded or short spelling reaches the same entity."""
        for m in self.all_names():
            if not self.means(m, name):
                continue
            full = self.referent(m)
            if full is not None and full != AMBIGUOUS:
                return full
            if match_tokens(name) == match_tokens(m.name) and key_tokens(name) != key_tokens(m.name):
                return m.name
        return None

    def description(self, i: int, subject: str) -> tuple[tuple[int, int], int] | None:
        """ "The firm ..." opening sentence ``i``, when the evidence attached that noun to
        the subject alone: its offsets and where the subject was described."""
        a, b = self.spans[i]
        if "he " not in self.evidence[a:b]:
            return None  # no "the"/"The": no description in it
        begin = main_start(self.evidence, a, b)
        while begin < b and self.evidence[begin].isspace():
            begin += 1
        hit = DESCRIPTION.match(self.evidence, begin, b)
        if hit is None:
            # "The router was sent to the customer": a role a form labels a person with
            # refers back later in a sentence as well, when the evidence bound it to one name.
            hit = LABELLED_ROLE.search(self.evidence, begin, b)
        if hit is None:
            return None
        key = (hit.group(1).casefold(), a)
        if key not in self._described:  # once per noun and sentence, whatever the subject
            self._described[key] = description_referent(self.evidence, self.all_names(), hit.group(1), a)
        full = self._described[key]
        if full is None or not (refers_to(subject, full) or refers_to(full, subject)):
            return None
        return (hit.start(), hit.end()), self.first_full(full)

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


_CAP = r"[^\W\d_a-z][\w'’\-]*"
_PARTICLE = r"(?:(?:de|van|von|al|da|di|du|le|la)[ \t]+)?"
_CAPITALISED_PAIR = re.compile(rf"(?<![\w'’])({_CAP})[ \t]+{_PARTICLE}(?=({_CAP}))")


@memo(maxsize=16384)
def _word_pattern(word: str) -> re.Pattern[str]:
    # Each key character may be followed by characters a key drops ("O'Brien" -> "obrien").
    # Searched in the lower-cased text: one literal first character scans fast.
    return re.compile(r"[^\w\s\-]*".join(re.escape(ch) for ch in word))


@memo(maxsize=256)
def evidence_view(evidence: str) -> EvidenceView:
    """The view of ``evidence`` (cached: several claims are often proposed from one text)."""
    return EvidenceView(evidence)

