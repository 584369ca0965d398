"""Which sentences of an evidence speak about the claim's subject, and how to read them.

A sentence is linked when it names the subject (directly or by a short form), opens
with a pronoun or a description whose antecedent is the subject, or is a list item
under a linked sentence. Each link carries rewrites that read it as the claim would:
references replaced by the claim's names, a roster or profile line read as the
sentence it stands for, dates read in words (``text.timeline``). Only the sentences
that could name the subject are searched for names (``gates.write_view``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from affidavit.gates.checks_qualified import takes_back
from affidavit.gates.write_degree import other_heading
from affidavit.gates.write_parse import _WORD, AUX, PRONOUNS, Mention, is_verb_like, mentions, unlisted_verb
from affidavit.gates.write_roster import profile_reading, roster_reading
from affidavit.gates.write_view import EvidenceView, evidence_view
from affidavit.gates.write_writer import (
    GREETING_WORDS,
    addressed_rewrites,
    first_person_rewrites,
    greeted,
    labelled,
    line_speaker,
    message_addressee,
    message_writer,
    second_person_rewrites,
    signature_cut,
)
from affidavit.text import anchored, markers, timeline
from affidavit.text.lemmas import lemma
from affidavit.text.lexicon import lexicon
from affidavit.text.names import _in_order, key_tokens, refers_to
from affidavit.text.sentences import DATELINE
from affidavit.text.wordlists import ROLE_ABBREVIATIONS

__all__ = ["EvidenceView", "Linked", "evidence_view", "linked_sentences", "read_linked"]

_NUMBER_TAIL = re.compile(r"\s+\d[\w.]*")
# ASCII characters that start a ``_WORD`` match no pronoun can open (every pronoun
# starts with h, s, i or t): a sentence opening with one opens with no pronoun.
_PRONOUN_INITIALS = frozenset(p[0] for p in PRONOUNS)
_NO_PRONOUN_START = frozenset(
    ch for ch in map(chr, range(128)) if _WORD.fullmatch(ch) and ch.casefold() not in _PRONOUN_INITIALS
)


_THIRD_PERSON = re.compile(r"(?i:he|she|they|him|her|them|his|hers|their)(?:['’]\w+)?")
_PRONOUN_THEN_WORD = re.compile(r"\b(?:I|[Ww]e|[Tt]hey|[Hh]e|[Ss]he)[ \t]+(?:[a-z]+ly[ \t]+)?[a-z]{2,}")


def _fragment(evidence: str, a: int, b: int) -> bool:
    """A verbless line (a list item under a header).

    A line that opens with a name and a verb no list knows ("The Ashby Falcons
    train in ...") is a sentence about that name, not a fragment borrowing one.
    """
    words = (m.group(0) for m in _WORD.finditer(evidence, a, b))
    if any(w[:1].islower() and is_verb_like(w) for w in words):
        return False
    if _PRONOUN_CLITIC.search(evidence, a, b):
        return False  # "You're on call Saturday": a subject and its verb in one word
    if _PRONOUN_THEN_WORD.search(evidence, a, b):
        return False  # "I drive a truck for Kökpar": a subject pronoun, then its verb
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
    until: int = 0  # the latest offset the receipt must cover (a sign-off after the sentence)


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
    if _PRONOUN_NEAR.search(evidence, a, min(b, a + 60)) is None:
        return None  # no pronoun among the first words: the common sentence, decided at once
    limit = found[0].start if found else b
    seen: list[str] = []
    for n, w in enumerate(_WORD.finditer(evidence, a, min(b, limit))):
        low = w.group(0).casefold()
        if low in PRONOUNS:
            if n == 2 and seen[0] in _DEFINITE and not is_verb_like(seen[1]):
                return None  # "The brewery it replaced was founded ...": "it" opens a relative clause
            return w
        seen.append(low)
        short = _CONTRACTED_PRONOUN.fullmatch(w.group(0))
        if short is not None:  # "She’ll start ...": the pronoun, its auxiliary kept apart
            return _CONTRACTED_PRONOUN.match(evidence, w.start(), w.end())
        if n >= 4 or low in _CLAUSE_OPENERS or (n and (is_verb_like(low) and low not in _PLURAL_TIME)):
            return None
    return None


_PRONOUN_CLITIC = re.compile(r"\b(?i:you|we|they|i|he|she|it|that|there)['’](?i:re|m|s|ve|ll|d)\b")
_FIRST_PERSON_NEAR = re.compile(r"\b(?:I|me|my|My)\b")
_SECOND_PERSON_NEAR = re.compile(r"\b(?:[Yy]ou|[Yy]our|[Yy]ours|[Tt]hanks)\b")
# A subject pronoun with its auxiliary written on ("She’ll", "He's", "They’ve").
_CONTRACTED_PRONOUN = re.compile(r"(?i:he|she|they)(?P<aux>['’](?:ll|s|d|re|ve))")
_AUX_WORDS = {"ll": "will", "re": "is", "ve": "has"}
_HAS_NEXT = frozenset({"been", "got", "gotten", "gone", "had", "done", "just", "already", "never"})


def _auxiliary(evidence: str, pronoun: re.Match[str]) -> str:
    """What a pronoun's written-on auxiliary says, for the name that replaces it."""
    aux = pronoun.group("aux")[1:].casefold()
    nxt = _WORD.match(evidence, pronoun.end() + 1)
    after = nxt.group(0).casefold() if nxt is not None else ""
    if aux == "s":
        return "has" if after in _HAS_NEXT or (after.endswith("ed") and len(after) > 4) else "is"
    if aux == "d":
        return "had" if after in _HAS_NEXT or (after.endswith("ed") and len(after) > 4) else "would"
    return _AUX_WORDS[aux]


_DEFINITE = frozenset({"the", "a", "an", "this", "that", "every", "each", "any", "one"})
_PRONOUN_NEAR = re.compile(r"\b(?:" + "|".join(sorted(PRONOUNS)) + r")\b", re.I)
_CLAUSE_OPENERS = frozenset({"that", "who", "which", "said", "says", "told", "if", "whether", "and"})
_PLURAL_TIME = frozenset({"years", "months", "weeks", "days", "decades", "hours"})


def linked_sentences(
    evidence: str,
    subject: str,
    view: EvidenceView | None = None,
    claim_names: tuple[str, ...] = (),
    guided: bool = False,
    possessed: bool = False,
    reported: bool = False,
) -> list[Linked]:
    """Sentences that speak about ``subject``, each with the rewrites that read it.

    A sentence is linked when it names the subject (by a name that refers to it, or a
    short form whose one full name in the evidence does), when it opens with a
    pronoun or a definite description ("the firm") whose antecedent is the subject,
    or when it is a verbless fragment following a linked sentence (a list under a
    header). ``guided``: the subject is one capitalised word the name finder read as
    a common word ("Kestrel employs ..."); its capitalised occurrences count as names.
    ``possessed``: the claim names the subject as an owner ("Signe Haug's router"), so a
    writer's "my" alone links them. ``reported``: the claim reports the subject's words
    ("Lena said that ..."), so a chat label naming them is the speaker the claim means.
    """
    view = view or evidence_view(evidence)
    hits = None if guided else view.may_name(subject)
    wanted = (subject, *(n for n in claim_names if n != subject))
    out: list[Linked] = []
    settled: list[int] = []  # sentences that may set the antecedent, in order
    previous_linked = False
    writers: list[Mention | None] = []  # the message's writer, found on first need
    speaking: Mention | None = None  # the writer of the sentence just linked by its first person
    header = _header_subject(evidence, view, subject)
    reader: list[Mention | None] = []  # the message's addressee, found on first need

    def addressee() -> Mention | None:
        if not reader:
            reader.append(message_addressee(evidence))
        return reader[0]

    def previous_subject() -> Mention | None:
        # The lead name of the last settled sentence that has names (a dateline's place
        # is where the story is filed, no one it is about).
        for j in reversed(settled):
            found = tuple(m for m in view.names(j, subject if guided else None) if not _in_dateline(view, m))
            if found:
                return _lead(evidence, found)
        return None

    for i, (a, b) in enumerate(view.spans):
        found = view.names(i, subject if guided else None) if hits is None or i in hits else ()
        acting: tuple[tuple[int, int, str], ...] = ()
        if found and any(greeted(evidence, m) or labelled(evidence, m) for m in found):
            # "Hi Vigdís,": the reader; "Rodel: he fixed it": the speaker, whose words these are;
            # but "Seumas: finished the migration" (a standup line) has the label as its doer.
            acting = tuple(sub for m in found if labelled(evidence, m)
                           for sub in _label_as_doer(evidence, m, b))
            kept = {s for s, _, _ in acting}
            if reported:  # "Lena Dahl said that ..." of "Lena Dahl: the ferry stops": the speaker
                kept |= {m.end for m in found if labelled(evidence, m)}
            found = tuple(m for m in found
                          if m.end in kept or not (greeted(evidence, m) or labelled(evidence, m)))
        subs, reach, names_subject = view.rewrites(found, wanted)
        subs += acting
        pronoun = _pronoun_at(evidence, a, b, found)
        if pronoun is None and not names_subject:
            pronoun = _zero_subject(evidence, a, b, found)
        ante = previous_subject() if pronoun or (previous_linked and not names_subject) else None
        if ante is not None and pronoun is not None and _THIRD_PERSON.fullmatch(pronoun.group(0)):
            if not writers:
                writers.append(message_writer(evidence))
            if writers[0] is not None and view.means(ante, writers[0].name):
                ante = None  # "I'm Yannig. She cooks": "she" is never the one who writes "I"
        ante_subject = ante is not None and view.means(ante, subject)
        described = None if names_subject or pronoun else view.description(i, subject)
        if names_subject:
            listed = _listed(view, i, found, subject)
            if listed is not None:  # a roster or profile line: read as the sentence it stands for
                subs, reach = ((a, b, listed[0]),), min(reach, listed[1])
            elif ante is not None and pronoun:
                subs += ((pronoun.start(), pronoun.end(), _spoken(view, ante, subject, pronoun)),)
                reach = min(reach, ante.start)
            elif _FIRST_PERSON_NEAR.search(evidence, a, b):
                subs += _signed_inline(evidence, a, b, subject, view)
            out.append(Linked((a, b), subs, min(reach, a)))
        elif pronoun and ante_subject:
            assert ante is not None
            if hits is not None and i not in hits:  # the other names the claim uses, read too
                subs, reach, _ = view.rewrites(view.names(i), wanted)
            subs += ((pronoun.start(), pronoun.end(), _spoken(view, ante, subject, pronoun)),)
            subs += _object_rewrite(view, ante, pronoun.end(), b, wanted)
            out.append(Linked((a, b), subs, min(reach, ante.start, a)))
            continue  # the antecedent carries on to the next pronoun sentence
        elif described is not None:
            if hits is not None and i not in hits:
                subs, reach, _ = view.rewrites(view.names(i), wanted)
            (s, e), at = described
            out.append(Linked((a, b), (*subs, (s, e, subject)), min(reach, at, a)))
        elif (previous_linked and ante is not None and _fragment(evidence, a, b)
              and _under(evidence, ante, a, b)):
            label = _ATTRIBUTE_LABEL.match(evidence, a, b)
            if label is not None:
                # "Languages: Finnish, Estonian" under a profile: "<name> speaks Finnish, ..."
                said = ATTRIBUTE_LABELS[label.group(1).casefold()]
                subs = ((a, label.end(), f"{_antecedent_text(evidence, ante)} {said} "),)
                # "Finnish (native), Estonian": a note qualifies its own item only, so the
                # reading leaves notes out rather than let one qualify every item.
                # A note that hedges, negates or takes the item back ("(suspected)", "(not
                # confirmed)", "(learning)") stays.
                subs += tuple(
                    (m.start(), m.end(), "") for m in _NOTE.finditer(evidence, label.end(), b)
                    if not markers.modalities(m.group(0)) and not markers.negations(m.group(0))
                    and not takes_back(m.group(0))  # "(learning)", "(reading only)"
                )  # fmt: skip
            else:
                subs = ((a, a, _antecedent_text(evidence, ante) + ": "),)
            out.append(Linked((a, b), subs, min(ante.start, a)))
            continue
        elif speaking is not None and not found and _fragment(evidence, a, b):
            # "I finally passed my test!! Third attempt lol. — Chidinma": the writer's aside.
            out.append(Linked((a, b), ((a, a, subject + ": "),), min(a, speaking.start), speaking.end))
            continue
        elif (header is not None and i > 0 and not _named_before_verb(evidence, a, b, found)
              and not _FIRST_PERSON_NEAR.search(evidence, a, b)  # "I ..." is the writer's
              and "\n\n" not in evidence[header.end : a]  # a blank line ends the title's list
              and not _SUBHEADING.search(evidence, header.end, a)  # "Not agreed:" heads what follows
              and not _own_party(evidence, a, b)
              and not _labelled_turn(view, i)):
            # "Minutes — Goierri Forja board, 14 Feb" over "1. Q4 revenue was €3.1m": the
            # title line says whose the unnamed items below are.
            out.append(Linked((a, b), (*subs, (a, a, _antecedent_text(evidence, header) + ": ")),
                              min(reach, header.start, a)))
            continue
        elif _SECOND_PERSON_NEAR.search(evidence, a, b) and (to := addressee()) is not None and (
            view.means(to, subject)
        ):
            # "Dear Mr Khaled, We are pleased to offer you the position": the greeted reader.
            if hits is not None and i not in hits:
                subs, reach, _ = view.rewrites(view.names(i), wanted)
            own = addressed_rewrites(evidence, a, b, subject)
            if not writers:
                writers.append(message_writer(evidence))
            signer = writers[0]
            writer = next((n for n in wanted[1:] if signer is not None and view.means(signer, n)), None)
            if writer is not None:  # "Thanks for covering my shifts ... Steinunn": Steinunn's shifts
                own += first_person_rewrites(evidence, a, b, writer)
            if own:
                until = signer.end if writer is not None and signer is not None else 0
                out.append(Linked((a, b), (*subs, *own), min(reach, a, to.start), until))
                previous_linked = False
                speaking = None
                settled.append(i)
                continue
        elif _FIRST_PERSON_NEAR.search(evidence, a, b):
            # "I've put the money in your account. ... Kveðja, Steinunn": the writer's first person.
            if not writers:
                writers.append(message_writer(evidence))
            signer = line_speaker(evidence, a) or writers[0]
            if signer is not None and view.means(signer, subject):
                if hits is not None and i not in hits:
                    subs, reach, _ = view.rewrites(view.names(i), wanted)
                own = first_person_rewrites(evidence, a, b, subject)
                if not possessed and all(text.endswith("'s") for _, _, text in own):
                    own = ()  # "my cousin fixed it": the writer only owns the doer, is not one
                if not writers[1:]:
                    writers.append(message_addressee(evidence))
                to = writers[1] if len(writers) > 1 else None
                other = next((n for n in wanted[1:] if to is not None and view.means(to, n)), None)
                if other is not None:  # "in your account" after "Hi Vigdís,": Vigdís's account
                    own += second_person_rewrites(evidence, a, b, other)
                if own:
                    # Verbless asides after it continue it ("... my test!! Third attempt lol.").
                    end = b
                    for na, nb in view.spans[i + 1 :]:
                        if not _fragment(evidence, na, nb):
                            break
                        end = nb
                    if a <= signer.start < end:  # "... this morning — Hallvard": the signature is no object
                        cut = signature_cut(evidence, a, signer)
                        if cut >= a:
                            own += ((cut, end, ""),)
                    out.append(Linked((a, end), (*subs, *own), min(reach, a, signer.start), signer.end))
                    speaking = signer
                    continue
        previous_linked = names_subject
        speaking = None
        settled.append(i)
    return [_dated(evidence, entry, view, subject) for entry in out]


def _labelled_turn(view: EvidenceView, i: int) -> bool:
    """ "Kasun Silva: the shop closes at 5": sentence ``i`` is a turn of its own speaker, no
    item under a title line. Its names are found only when a colon could label it (finding
    them is most of a sentence's cost)."""
    a, b = view.spans[i]
    return ":" in view.evidence[a:b] and any(labelled(view.evidence, m) for m in view.names(i))


_OBJECT_PRONOUN = re.compile(
    r"\b(?:him|them|her(?=\s*(?:[.,;!?]|$|\s(?:on|in|at|to|for|as|with|from|by|after|before|last|yesterday|today)\b)))\b"
)


def _object_rewrite(
    view: EvidenceView, ante: Mention, start: int, end: int, wanted: tuple[str, ...]
) -> tuple[tuple[int, int, str], ...]:
    """ "She hired him": the object pronoun stands for the one other name of the sentence
    that gave the subject pronoun its antecedent, when that is a name the claim uses.
    With two other names there ("met Omar Ali at Vantec") it stands for neither."""
    hit = _OBJECT_PRONOUN.search(view.evidence, start, end)
    if hit is None:
        return ()
    i = next((j for j, (a, b) in enumerate(view.spans) if a <= ante.start < b), None)
    if i is None:
        return ()
    others = {
        m.name for m in view.names(i) if m is not ante and not m.possessive and not view.means(m, ante.name)
    }
    if len(others) != 1:
        return ()
    other = next(iter(others))
    name = next((n for n in wanted[1:] if refers_to(n, other) or refers_to(other, n)), None)
    return ((hit.start(), hit.end(), name),) if name is not None else ()


def _signed_inline(
    evidence: str, a: int, b: int, subject: str, view: EvidenceView
) -> tuple[tuple[int, int, str], ...]:
    """ "I sent the survey this morning — Hallvard": a sentence signed at its end by the
    subject says "I" of them; the signature itself is no part of what it says."""
    signer = message_writer(evidence)
    if signer is None or not (a <= signer.start < b) or not view.means(signer, subject):
        return ()
    cut = signature_cut(evidence, a, signer)
    own = first_person_rewrites(evidence, a, cut, subject) if cut >= a else ()
    return (*own, (cut, b, "")) if own else ()


_STILL = frozenset({"still", "also", "just", "now", "already", "finally"})


_PIECE = re.compile(r";[ \t]*")


def _label_as_doer(evidence: str, m: Mention, end: int) -> tuple[tuple[int, int, str], ...]:
    """Rewrites that read a labelled line's subjectless predicates as the label's: a standup
    line ("Seumas: finished the migration") or a profile line's pieces ("Kofi Ndour: sound
    engineer; toured with X 2012-2016; runs Y" -> "Kofi Ndour - sound engineer; Kofi Ndour
    toured ...; Kofi Ndour runs Y"). None when the line speaks in the first or second
    person: then the label is who speaks."""
    if _verb_opens(evidence, m.end + 1, end):
        return ((m.end, m.end + 1, ""),)
    line_end = evidence.find("\n", m.end)
    line_end = end if line_end < 0 else min(end, line_end)
    if _FIRST_PERSON_NEAR.search(evidence, m.end, line_end) or _YOU.search(evidence, m.end, line_end):
        return ()
    subs = [(p.end(), p.end(), m.name + " ") for p in _PIECE.finditer(evidence, m.end, line_end)
            if _verb_opens(evidence, p.end(), line_end)]
    return ((m.end, m.end + 1, " —"), *subs) if subs else ()


_YOU = re.compile(r"\b(?:you|your|u|ur)\b", re.I)


def _verb_opens(evidence: str, start: int, end: int) -> bool:
    """The text from ``start`` opens with a verb and no subject ("finished the migration",
    "still blocked on the keys"): a line whose label is its doer."""
    words = [w.group(0) for w in _WORD.finditer(evidence, start, end)][:3]
    if words and words[0].casefold() in _STILL:
        words = words[1:]
    if not words:
        return False
    first = words[0]
    second = words[1] if len(words) > 1 else ""
    negated = _NEGATED_AUX.fullmatch(first.casefold().replace("’", "'"))
    if negated is not None or first.casefold() == "gonna":
        # "Goizane: cant make dinner tmrw": a chat turn drops its subject before a negated
        # auxiliary as before a past verb, when a bare verb follows. Not a question with its
        # subject after it ("didnt Jago pay", "cant you come", "hasnt anyone fed the cat"), an
        # imperative ("dont sign it yet"), nor an answer to a question about someone else.
        low = second.casefold()
        if not second or second[:1].isupper() or low in _SUBJECT_PRONOUNS | _DETERMINERS | _INDEFINITE:
            return False
        if _replies_to_another(evidence, start) or _NOT_OWN_TURN.search(evidence, start, end):
            return False  # "cant make dinner tmrw says Kattalin", "> cant make dinner": not the speaker's own
        # a bare verb ("make", "drink"), not a noun the subject is ("the kids", "mum"); without
        # the pinned lexicon no word is known as one, and the turn is not read (refuse more)
        pinned = lexicon()
        return _verb_word(low) or (lemma(low) == low and bool(pinned) and bool(pinned.derivations(low, "v")))
    inverted = second.casefold() in _SUBJECT_PRONOUNS | _DETERMINERS or second[:1].isupper()
    inverted = second.casefold() in _SUBJECT_PRONOUNS | _DETERMINERS or second[:1].isupper()
    if first.casefold() in AUX and inverted:
        return False  # "will you bring wine", "did the Baja shipment leave": a question
    if first[:1].isupper():
        # A one-line message is recased ("Kofi: Finished the migration."): a capital opens
        # a verb only when it is inflected and no verb follows it, as one would a name
        # ("Kofi: Nils sold it", "Kofi: Ahmed is off").
        low = first.casefold()
        if lemma(low) == low or low in AUX or (len(words) > 1 and _verb_word(words[1])):
            return False
        first = low
    return _verb_word(first)


# "can't", "cant", "won't", "didnt": an auxiliary negated as chat writes it, with or
# without its apostrophe (a closed class of English function words), in the first person.
# Not "doesnt"/"isnt"/"hasnt"/"arent": those drop "it" or "they", not the speaker's "I"
# ("doesnt matter"), and "dont" opens an imperative as often as a statement.
_NEGATED_AUX = re.compile(r"(?:ca|wo|did|was|could|should|would|must|need|have|had)n'?t")
_DETERMINERS = frozenset({"the", "a", "an", "my", "your", "ur", "his", "her", "our", "their", "its", "this",
                          "that", "these", "those", "any", "some", "every", "each"})
_NOT_OWN_TURN = re.compile(r"\b(?:says|said|told|according)\b|(?:^|[:\s])>|[\"“”]", re.I | re.M)
# Subjects an inverted question puts after its auxiliary that are no pronoun proper
# ("hasnt anyone fed the cat", "didnt ur mum sell it"): a closed class of function words
# and chat's spellings of "you"/"your". Any other word must be a verb the lexicon knows.
_INDEFINITE = frozenset({"anyone", "anybody", "someone", "somebody", "everyone", "everybody", "nobody", "u",
                         "ur", "ya", "yall", "y'all"})


def _replies_to_another(evidence: str, start: int) -> bool:
    """The line before ``start``'s line is another speaker's turn: a subjectless reply may be
    about whom that turn asked after ("tell me about Derwa's shift / Pedyr: cant do Friday,
    she's on nights"), so it is not read as the replier's own."""
    line_start = evidence.rfind("\n", 0, start)
    if line_start <= 0:
        return False
    before = evidence[:line_start].rstrip()
    if before.endswith("?"):
        return True
    prev_start = before.rfind("\n") + 1
    mine, theirs = line_speaker(evidence, line_start + 1), line_speaker(evidence, prev_start)
    return theirs is not None and (mine is None or not refers_to(mine.name, theirs.name))


_SUBJECT_PRONOUNS = frozenset({"i", "you", "u", "we", "he", "she", "they", "it", "there", "this", "that"})


def _verb_word(word: str) -> bool:
    return word[:1].islower() and (word.endswith("ed") or _irregular_past(word) or is_verb_like(word))


def _under(evidence: str, ante: Mention, a: int, b: int) -> bool:
    """A verbless line continues the line naming ``ante`` unless that line heads what is not
    done ("rejected proposals", "wishlist", "Re:"), the gap holds a blank line or another
    section's heading, or the item names its own party ("(Brix)", "Vantor's, not ours")."""
    start = evidence.rfind("\n", 0, ante.start) + 1
    end = evidence.find("\n", ante.end)
    # A title is short: its first 200 characters say what it heads.
    head = evidence[start : min(end if end >= 0 else len(evidence), start + 200)]
    if _NOT_DONE_TITLE.search(head) or "\n\n" in evidence[ante.end : a]:
        return False
    # A heading of another section between ("References", "Other applicant") heads its own
    # lines; the line right under the name is its subtitle ("Marine biologist"), not one.
    if any(other_heading(line) for line in evidence[max(end, ante.end) : a].split("\n")[2:-1]):
        return False
    return not _own_party(evidence, a, b)


_OWN_PARTY_RE = re.compile(r"\([^)]*[A-Z][^)]*\)|\b(?:not ours|theirs)\b|['’]s,? not\b")
_ROLE_BRACKET = re.compile(
    r"\((?:the[ \t]+)?(?i:" + "|".join(sorted(ROLE_ABBREVIATIONS)) + r")(?:['’]s[ \t]+report)?\)"
)


def _own_party(evidence: str, a: int, b: int) -> bool:
    """The item names its own party: a bracketed name ("(Brix)"), "theirs", "Vantor's, not
    ours". A bracket whose only capitals spell a role ("(CFO's report)") names a post of the
    title's own party."""
    for hit in _OWN_PARTY_RE.finditer(evidence, a, b):
        text = hit.group(0)
        if not text.startswith("(") or not _ROLE_BRACKET.fullmatch(text):
            return True
    return False


def _header_subject(evidence: str, view: EvidenceView, subject: str) -> Mention | None:
    """The subject as named by the evidence's title line: a first line of its own, with no
    verb ("Project sync (Iroko Ledger), 2 June"), under which more lines follow."""
    if len(view.spans) < 2:
        return None
    a, b = view.spans[0]
    if "\n" not in evidence[b : view.spans[1][0] + 1] or not _fragment(evidence, a, b):
        return None
    if _ADDRESS_LINE.match(evidence, a, b) or _NOT_DONE_TITLE.search(evidence, a, b):
        return None  # "Hi Maren,", "From: ...": who writes or reads; "draft agenda": not done
    named = [m for m in view.names(0) if not m.possessive and not greeted(evidence, m)]
    if len({m.name for m in named}) != 1:
        return None  # "Client list — Brix, Vantor, Lumen": a title of several parties is no one's
    return named[0] if view.means(named[0], subject) else None


# A line of its own ending in a colon ("Not agreed:", "Rival figures:"): it heads the items
# below it, not the title above.
_SUBHEADING = re.compile(r"\n[ \t]*[^\n:]{1,60}:[ \t]*(?=\n)")


def _lead(evidence: str, found: tuple[Mention, ...]) -> Mention:
    """A sentence's subject among its names: the last one before its first verb when one
    stands right before it ("Adire cooperative Kola Crafts has won ..."), else its first
    name not in the possessive."""
    first = next((m for m in found if not m.possessive), found[0])
    for m in found:
        nxt = _WORD.match(evidence, m.end + 1) if evidence[m.end : m.end + 1] == " " else None
        if not m.possessive and nxt is not None and is_verb_like(nxt.group(0)) and nxt.group(0)[:1].islower():
            return m if m.start > first.start and _no_verb_between(evidence, first.end, m.start) else first
    return first


def _no_verb_between(evidence: str, start: int, end: int) -> bool:
    words = (w.group(0) for w in _WORD.finditer(evidence, start, end))
    return not any(w[:1].islower() and is_verb_like(w) for w in words)


def _in_dateline(view: EvidenceView, m: Mention) -> bool:
    """``m`` is the place of a news dateline ("ISEYIN — Adire cooperative X has won ..."):
    where the story is filed, not who it is about."""
    hit = DATELINE.match(view.evidence)
    return hit is not None and m.end <= hit.end() and hit.end() < len(view.evidence)


# Titles over lists of what is not done, or not the named party's deeds.
_NOT_DONE_TITLE = re.compile(
    r"\b(?i:agenda|draft|proposals?|proposed|questions?|wish ?list|watch|vs\.?|versus|ideas?|to-?dos?|"
    r"plans?|rejected|options|candidates|requests?|not yet approved|unapproved)\b|^\s*(?i:re|fwd?):"
)


_ADDRESS_LINE = re.compile(r"\s*(?:(?i:from|to|cc|bcc|subject|re|fwd?):|(?i:" + GREETING_WORDS + r")\b)")


def _named_before_verb(evidence: str, a: int, b: int, found: tuple[Mention, ...]) -> bool:
    """A name stands before the sentence's first verb: the line has a subject of its own."""
    if not found:
        return False
    verb = next((w.start() for w in _WORD.finditer(evidence, a, b)
                 if w.group(0)[:1].islower() and is_verb_like(w.group(0))), b)
    return any(m.start < verb for m in found)


def _dated(evidence: str, entry: Linked, view: EvidenceView, subject: str) -> Linked:
    """The entry with its dates also read in words (a range, "b. 1970", "two years later"),
    and the subject's age in apposition ("Seok-jin Do, 67, ...") read as one (another
    name's age is not: "Getnet Birru, 41, ... his father Tesfaye Kebede" is no age of his)."""
    subs, reach = timeline.rewrites(evidence, *entry.span)
    # "tmrw" in a message stamped Fri 16 Jan 2026: Saturday 17 January 2026.
    relative, reach_back = anchored.rewrites(evidence, *entry.span)
    subs += relative + _ages(evidence, *entry.span, lambda m: view.means(m, subject))
    reach = min(reach, reach_back)
    if not subs:
        return entry
    return Linked(entry.span, entry.subs + subs, min(entry.reach, reach))


# "Name, 67," / "Name, 67." / "Name (67)": a bare number right after a name is its age;
# a clinical note writes the sex on it ("Tiiu Põldsaar, 41F", "Dakila Ramos, 58M").
_AGE_AFTER = re.compile(r"(?:,\s*|\s*\()(\d{1,3})(?:\s?(?P<sex>[MF]))?(?=\s*[,.)]|$)")
_SEX = {"F": "female", "M": "male"}
# "41-year-old Getnet Birru": an age written before the name it is of.
_AGE_BEFORE = re.compile(r"(?<![\w-])(\d{1,3})-year-old[ \t]+$")
# A clinical note's duration in weeks: "c/o cough x 3/52", "review in 2/52".
_WEEKS = re.compile(r"(?:\b(?i:x|for|since|in)[ \t]|×[ \t]?)(\d{1,2})/52\b")


def _ages(
    evidence: str, a: int, b: int, whose: Callable[[Mention], bool]
) -> tuple[tuple[int, int, str], ...]:
    out = []
    for m in mentions(evidence, a, b):
        if not whose(m):
            continue
        before = _AGE_BEFORE.search(evidence, max(a, m.start - 24), m.start)
        if before is not None and 0 < int(before.group(1)) <= 120:
            n = before.group(1)  # "the driver, 41-year-old Getnet Birru": his age
            said = f"{n}-year-old (aged {n}, {n} years old)"
            out.append((before.start(), before.end(1) + len("-year-old"), said))
        hit = _AGE_AFTER.match(evidence, m.end, b)
        if hit is not None and 0 < int(hit.group(1)) <= 120:
            n = hit.group(1)
            sex = f", {_SEX[hit.group('sex')]}" if hit.group("sex") else ""
            out.append((hit.start(1), hit.end(), f"{n} (aged {n}, {n} years old{sex})"))
    out += [(w.start(1), w.end(), f"{w.group(1)}/52 ({w.group(1)} weeks)")
            for w in _WEEKS.finditer(evidence, a, b)]
    return tuple(out)


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


# A profile's or a note's labelled line says a relation of the person it is about
# ("Languages: Finnish, Estonian" -> "speaks Finnish, Estonian"). Only labels whose items
# all stand in that relation; "Skills:" or "Interests:" are too loose to say one.
ATTRIBUTE_LABELS: dict[str, str] = {
    "languages": "speaks", "language": "speaks", "languages spoken": "speaks",
    "spoken languages": "speaks",
    "allergies": "is allergic to", "allergy": "is allergic to", "known allergies": "is allergic to",
    "medications": "takes", "medication": "takes", "current medications": "takes",
    "nationality": "has the nationality", "citizenship": "is a citizen of",
}  # fmt: skip
_ATTRIBUTE_LABEL = re.compile(
    r"\s*(?:[-*•]\s*)?("
    + "|".join(sorted(map(re.escape, ATTRIBUTE_LABELS), key=len, reverse=True))
    + r")\s*:\s*",
    re.I,
)
_NOTE = re.compile(r"\s*\([^()]{0,40}\)")
_LISTISH = re.compile(r"\s*(?:[-*•]|\d{1,2}[.)])\s+")


def _zero_subject(evidence: str, a: int, b: int, found: tuple[Mention, ...]) -> re.Match[str] | None:
    """A note's line with no subject, opening with a past verb ("Started amoxicillin 500 mg.",
    "Called back on Monday."): it continues the previous line's subject, as a pronoun does.
    Not a fronted participle ("Founded in 1990, Acme ..."): no comma before any name."""
    first = _WORD.match(evidence, a, b)
    if first is None or not first.group(0)[:1].isupper() or (found and found[0].start == a):
        return None
    low = first.group(0).casefold()
    if not (low.endswith("ed") or _irregular_past(low)) or not is_verb_like(low):
        return None
    cut = found[0].start if found else b
    return first if "," not in evidence[a:cut] and " by " not in evidence[a:cut] else None


def _irregular_past(word: str) -> bool:
    return word in _PAST_FORMS


_PAST_FORMS = frozenset(
    {"left", "took", "gave", "made", "went", "began", "sent", "told", "met", "paid", "sold", "bought",
     "wrote", "spoke", "rang", "saw", "held", "led", "ran", "won", "lost", "kept", "brought", "got"}
)  # fmt: skip


def _spoken(view: EvidenceView, ante: Mention, subject: str, pronoun: re.Match[str]) -> str:
    """What a pronoun stands for: the claim's subject when it is the antecedent."""
    # The evidence's own words when they spell the subject (a version number after it
    # stays); the claim's name when they are a short form or spelled otherwise.
    own = not view.means(ante, subject) or _in_order(key_tokens(subject), key_tokens(ante.name))
    name = _antecedent_text(view.evidence, ante) if own else subject
    word = pronoun.group(0).casefold()
    if pronoun.re is _CONTRACTED_PRONOUN:
        return f"{name} {_auxiliary(view.evidence, pronoun)}"
    if word not in PRONOUNS:  # a subjectless line: the name, then its verb
        return f"{name} {word}"
    return name + ("'s" if word in ("his", "her", "its", "their") else "")


def _antecedent_text(evidence: str, mention: Mention) -> str:
    """The antecedent's name plus a version or model number right after it."""
    tail = _NUMBER_TAIL.match(evidence, mention.end)
    return evidence[mention.start : tail.end() if tail else mention.end]
