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
from typing import NamedTuple

from affidavit.gates.write_parse import (
    _WORD,
    PRONOUNS,
    Mention,
    is_verb_like,
    main_start,
    mentions,
    unlisted_verb,
)
from affidavit.gates.write_roster import profile_reading, roster_reading
from affidavit.text.fold import fold
from affidavit.text.names import _in_order, key_tokens, match_tokens, refers_to
from affidavit.text.reference import AMBIGUOUS, DESCRIPTION, description_referent, short_form_referents
from affidavit.text.sentences import sentences
from affidavit.text.wordlists import NOT_NAMES

_NUMBER_TAIL = re.compile(r"\s+\d[\w.]*")
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
        self._all: tuple[Mention, ...] | None = None
        self._found: list[tuple[Mention, ...] | None] = [None] * len(self.spans)
        self._name_words: frozenset[str] | None = None
        self._referents: dict[tuple[int, int], str] | None = None

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
        if self._name_words is None:
            runs = (match_tokens(m.name) for j in range(len(self.spans)) for m in self._base(j))
            self._name_words = frozenset(t for run in runs if len(run) > 1 for t in run)
        if fold(word) not in self._name_words:
            return found
        extra = Mention(word, a, first.end(), self.evidence[first.end() : first.end() + 1] in ("'", "’"))
        return (extra, *found)

    def all_names(self) -> tuple[Mention, ...]:
        """Every mention in the evidence (found once, on the first request)."""
        if self._all is None:
            self._all = tuple(m for i in range(len(self.spans)) for m in self.names(i))
        return self._all

    def referent(self, m: Mention) -> str | None:
        """The one full name a one-token mention stands for here (``AMBIGUOUS``, or None)."""
        if len(match_tokens(m.name)) != 1:
            return None
        if self._referents is None:
            self._referents = short_form_referents(self.all_names())
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
        begin = main_start(self.evidence, a, b)
        while begin < b and self.evidence[begin].isspace():
            begin += 1
        hit = DESCRIPTION.match(self.evidence, begin, b)
        if hit is None:
            return None
        full = description_referent(self.evidence, self.all_names(), hit.group(1), a)
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


class Linked(NamedTuple):
    """A sentence that speaks about the subject, and how to read it.

    ``subs`` rewrite references inside it to the names the claim uses (a pronoun, a
    first name, "the firm", a name spelled with other diacritics), as evidence offsets
    with their replacement; ``reach`` is the earliest offset the receipt must cover so
    that it shows what the reference points back to.
    """

    span: tuple[int, int]
    subs: tuple[tuple[int, int, str], ...]
    reach: int


def read_linked(evidence: str, linked: Linked) -> str:
    """The linked sentence with its references rewritten."""
    a, b = linked.span
    if not linked.subs:
        return evidence[a:b]
    out, pos = [], a
    for s, e, text in sorted(linked.subs):
        if s < pos:
            continue  # overlapping rewrites: the first wins
        out.append(evidence[pos:s])
        out.append(text)
        pos = e
    out.append(evidence[pos:b])
    return "".join(out)


def _pronoun_at(evidence: str, a: int, b: int, found: tuple[Mention, ...]) -> re.Match[str] | None:
    """The pronoun that opens the sentence, or opens it after a short fronted adverbial
    ("Two years later she left", "After the vote, they resigned") with no name before it."""
    if evidence[a] in _NO_PRONOUN_START and not evidence[a].isupper():
        return None
    limit = found[0].start if found else b
    for n, w in enumerate(_WORD.finditer(evidence, a, min(b, limit))):
        low = w.group(0).casefold()
        if low in PRONOUNS:
            return w
        if n >= 4 or low in _CLAUSE_OPENERS or (n and (is_verb_like(low) and low not in _PLURAL_TIME)):
            return None
    return None


_CLAUSE_OPENERS = frozenset({"that", "who", "which", "said", "says", "told", "if", "whether", "and"})
_PLURAL_TIME = frozenset({"years", "months", "weeks", "days", "decades", "hours"})


def linked_sentences(
    evidence: str,
    subject: str,
    view: EvidenceView | None = None,
    claim_names: tuple[str, ...] = (),
    guided: bool = False,
) -> list[Linked]:
    """Sentences that speak about ``subject``, each with the rewrites that read it.

    A sentence is linked when it names the subject (by a name that refers to it, or a
    short form whose one full name in the evidence does), when it opens with a
    pronoun or a definite description ("the firm") whose antecedent is the subject,
    or when it is a verbless fragment following a linked sentence (a list under a
    header). ``guided``: the subject is one capitalised word the name finder read as
    a common word ("Kestrel employs ..."); its capitalised occurrences count as names.
    """
    view = view or evidence_view(evidence)
    hits = None if guided else view.may_name(subject)
    wanted = (subject, *(n for n in claim_names if n != subject))
    out: list[Linked] = []
    settled: list[int] = []  # sentences that may set the antecedent, in order
    previous_linked = False

    def previous_subject() -> Mention | None:
        # The lead name of the last settled sentence that has names.
        for j in reversed(settled):
            found = view.names(j, subject if guided else None)
            if found:
                return next((m for m in found if not m.possessive), found[0])
        return None

    for i, (a, b) in enumerate(view.spans):
        found = view.names(i, subject if guided else None) if hits is None or i in hits else ()
        subs, reach, names_subject = view.rewrites(found, wanted)
        pronoun = _pronoun_at(evidence, a, b, found)
        ante = previous_subject() if pronoun or (previous_linked and not names_subject) else None
        ante_subject = ante is not None and view.means(ante, subject)
        described = None if names_subject or pronoun else view.description(i, subject)
        if names_subject:
            listed = _listed(view, i, found, subject)
            if listed is not None:  # a roster or profile line: read as the sentence it stands for
                subs, reach = ((a, b, listed[0]),), min(reach, listed[1])
            elif ante is not None and pronoun:
                subs += ((pronoun.start(), pronoun.end(), _spoken(view, ante, subject, pronoun)),)
                reach = min(reach, ante.start)
            out.append(Linked((a, b), subs, min(reach, a)))
        elif pronoun and ante_subject:
            assert ante is not None
            if hits is not None and i not in hits:  # the other names the claim uses, read too
                subs, reach, _ = view.rewrites(view.names(i), wanted)
            subs += ((pronoun.start(), pronoun.end(), _spoken(view, ante, subject, pronoun)),)
            out.append(Linked((a, b), subs, min(reach, ante.start, a)))
            continue  # the antecedent carries on to the next pronoun sentence
        elif described is not None:
            if hits is not None and i not in hits:
                subs, reach, _ = view.rewrites(view.names(i), wanted)
            (s, e), at = described
            out.append(Linked((a, b), (*subs, (s, e, subject)), min(reach, at, a)))
        elif previous_linked and ante is not None and _fragment(evidence, a, b):
            out.append(Linked((a, b), ((a, a, _antecedent_text(evidence, ante) + ": "),), min(ante.start, a)))
            continue
        previous_linked = names_subject
        settled.append(i)
    return out


def _listed(view: EvidenceView, i: int, found: tuple[Mention, ...], subject: str) -> tuple[str, int] | None:
    a, b = view.spans[i]
    if ":" not in view.evidence[a:b] and not _LISTISH.match(view.evidence, a, b) and len(found) < 2:
        return None  # no label, no bullet, one name: the common sentence, decided at once
    lead = next((m for m in found if view.means(m, subject)), None)
    if lead is None:
        return None
    roster = roster_reading(view.evidence, view.spans, i, found, subject)
    if roster is not None:
        return roster
    profile = profile_reading(view.evidence, a, b, found, lead.start)
    return (profile.replace(lead.name, subject, 1), a) if profile is not None else None


_LISTISH = re.compile(r"\s*(?:[-*•]|\d{1,2}[.)])\s+")


def _spoken(view: EvidenceView, ante: Mention, subject: str, pronoun: re.Match[str]) -> str:
    """What a pronoun stands for: the claim's subject when it is the antecedent."""
    # The evidence's own words when they spell the subject (a version number after it
    # stays); the claim's name when they are a short form or spelled otherwise.
    own = not view.means(ante, subject) or _in_order(key_tokens(subject), key_tokens(ante.name))
    name = _antecedent_text(view.evidence, ante) if own else subject
    return name + ("'s" if pronoun.group(0).casefold() in ("his", "her", "its", "their") else "")


def _antecedent_text(evidence: str, mention: Mention) -> str:
    """The antecedent's name plus a version or model number right after it."""
    tail = _NUMBER_TAIL.match(evidence, mention.end)
    return evidence[mention.start : tail.end() if tail else mention.end]
