"""Groundings through the lexicon and English constructions, beyond the frames table. Pure.

Each says whether one claim grounds one demanded word in a way no single word of it
does, always for the asked entity and in the direction the question gives:

* ``converse_grounds``: a verb of the same relation from the other side ("Who did Lena
  borrow a bike from?" <- "Jakub lent his bike to Lena"), the asked entity's role kept;
* ``instance_grounds``: a common noun of the claim that is an instance of the asked
  class ("dog" <- "a border collie"), one way only and never through a name;
* ``modifies_category``: a word beside a category frame's word that the claim word's
  category says ("skin condition" <- eczema, "health problems" <- asthma);
* ``adjective_grounds``: a condition noun's adjective ("allergies" <- "is allergic to");
* ``slipped_noun``: a word no lexicon knows read as the one noun it is one slip from,
  when a lower-case word of the claim is that noun ("neice" <- "niece");
* ``agent_noun_of``: a role noun that names a verb's doer ("conductor" <- conduct);
* ``construction_fills``: "plays the <unknown noun>" (an instrument), "plays <unknown noun>"
  (a sport), "is from <Name>".

Everything lexical is read through ``text.lexical``: without the pinned lexicon these
answer less, never more.
"""

from __future__ import annotations

import re

import msgspec

from affidavit.gates.contracts import ClaimView
from affidavit.gates.read_classes import ascii_capitals
from affidavit.text.frames import converse_verbs, frames_of
from affidavit.text.lemmas import STOPWORDS, lemma, words
from affidavit.text.lexical import active, unknown_noun
from affidavit.text.lexicon import lexicon as pinned_lexicon
from affidavit.text.memo import memo
from affidavit.text.question import Term
from affidavit.text.question_names import is_known_word
from affidavit.text.slots import BY_NAME, Frame

# English constructions that fill a slot whatever their noun: "plays the charango" (an
# instrument even when no lexicon knows the word), "is from Kutaisi" (where one is from).
_PLAYS_THE = re.compile(r"\bplay(?:s|ed|ing)?\s+the\s+([a-z][\w\-]*)(?:\s*(?:$|[.,;])|\s+(?!of\b)\w)")
# "plays kabaddi", "plays palín for Temuco": a game is played with no article before it.
_PLAYS_BARE = re.compile(
    r"\bplay(?:s|ed|ing)?\s+(?!(?:the|a|an|his|her|their|its|my|our|for|with|in|at|on|as)\b)"
    r"([^\W\d_][\w\-]*)"
)
_IS_FROM = re.compile(
    r"\b(?:is|was|comes|came|hails|hailed)\s+(?:originally\s+)?from\s+[A-Z]", re.UNICODE
)


@memo(maxsize=16384)  # per claim text; kept small: each entry is a GC object
def construction_fills(frame_name: str, text: str) -> bool:
    """Whether ``text`` fills ``frame_name`` by construction. "play the N" is read as an
    instrument only for a noun the pinned lexicon does not know at all (so "plays the lead"
    and "plays the part of" never are), "play N" with no article as a sport on the same terms;
    "is/comes from <Name>" says one's origin."""
    if frame_name == "instrument":
        nouns = [m.group(1) for m in _PLAYS_THE.finditer(text)]
        return any(unknown_noun(n) and unknown_noun(lemma(n)) for n in nouns)
    if frame_name == "sport":
        # The same, for a game: "plays kabaddi" with no article, its noun known to no lexicon.
        nouns = [m.group(1) for m in _PLAYS_BARE.finditer(text)]
        return any(n[:1].islower() and unknown_noun(n) and unknown_noun(lemma(n)) for n in nouns)
    if frame_name in ("hometown", "origin"):
        return bool(_IS_FROM.search(ascii_capitals(text)))
    return False


def modifies_category(modifier: str, head: Term, offered: frozenset[str]) -> bool:
    """ "What *skin* condition does X have?", "any health *problems*?": a word next to a
    category frame's word is grounded by a claim word whose own category says it
    ("eczema" is a skin disease, "asthma" a health problem). Only for a frame that reads
    categories, and only through the lexicon."""
    frame = BY_NAME.get(head.frame)
    if frame is None or not frame.category:
        return False
    lexicon = active()
    for word in offered:
        classes = lexicon.categories(word)
        if classes & frame.category and any(modifier in c.split() for c in classes):
            return True
    return False


@memo(maxsize=4096)
def _converse_sides(verb: str) -> tuple[tuple[str, bool], ...]:
    """``(other verb, same subject role)`` for the verbs that state ``verb``'s relation
    (``text.frames``): "borrow" -> ("lend", False) -- the lender is not the borrower."""
    out: list[tuple[str, bool]] = []
    for other in sorted(converse_verbs(verb)):
        for mine in frames_of(verb):
            for theirs in frames_of(other):
                if mine.relation == theirs.relation and (other, mine.subject == theirs.subject) not in out:
                    out.append((other, mine.subject == theirs.subject))
    # a verb with two readings of one relation is left out: it says no direction
    verbs = [v for v, _ in out]
    return tuple(pair for pair in out if verbs.count(pair[0]) == 1)


def converse_grounds(term: Term, offered: frozenset[str], own: bool) -> bool:
    """ "Who did Lena borrow a bike from?" <- "Jakub lent his bike to Lena": a claim verb
    of the same relation, with the asked entity in the role the question gives it (the
    subject of "borrow" is the goal, which "lend" puts after its verb, so the asked
    entity must not be the claim's subject). Only for a verb after the target's name."""
    if term.kind != "word" or not term.after_target:
        return False
    return any(other in offered and own == same for other, same in _converse_sides(term.lemma))


# How English makes an agent noun of a verb: conduct-or, teach-er, manage-r, run-n-er.
_AGENT_ENDINGS = ("er", "or", "r")


@memo(maxsize=16384)
def agent_noun_of(noun: str, verb: str) -> bool:
    """Whether ``noun`` names the doer of ``verb``: a derivation the lexicon lists
    ("teacher" <- teach), or the verb with an agent ending when the lexicon knows the
    verb ("conductor" <- conduct, "manager" <- manage, "runner" <- run)."""
    lexicon = active()
    if any(v == verb and role == "agent" for v, role in lexicon.derivations(noun)):
        return True
    pinned = pinned_lexicon()
    senses = pinned.synonyms_first_sense(verb, "v")
    if any((noun, "n", "agent") in pinned.derivations(same, "v") for same in senses):
        return True  # "instructor" <- instruct, one sense with teach
    stems = (verb, verb + verb[-1:]) if verb[-1:] not in "aeiouy" else (verb,)
    shaped = any(noun == stem + end for stem in stems for end in _AGENT_ENDINGS)
    if not shaped or noun == verb:
        return False
    pinned = pinned_lexicon()
    return bool(pinned.synonyms_first_sense(verb, "v") or pinned.derivations(verb, "v"))


_SLIPPED = 5  # "neice", "assocation": the shortest typed word read as one slip from another
_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def slipped_noun(term: Term, claim_text: str) -> str | None:
    """A typed word no lexicon knows read as the noun it is one slip from (one letter left
    out, added or changed, or two swapped: "neice" <- "niece"), when that noun is the only
    noun of the lexicon one slip away and a lower-case word of the claim. Never a word
    clipped short ("sal" is no more "salary" than "Salesforce"), never a word of a name
    ("collegue" <- "Leeds College"), never a slip that could mean two nouns ("docter":
    doctor or docker), never a word the lexicon knows ("exec", "biz"). The noun meant, or
    None; the caller reads it as if typed right, in the question's direction."""
    word = term.lemma
    if term.kind != "word" or not word.isalpha() or len(word) < _SLIPPED or not _unknown_word(word):
        return None
    meant = _one_slip_noun(word)
    return meant if meant is not None and meant in _common_words(claim_text) else None


def typed_right(term: Term) -> Term:
    """``term`` with a word no lexicon knows read as the one noun it is one slip from
    ("instrumnet" -> "instrument"); the surface keeps what was typed, so an abstention
    names it as asked. Anything else is returned as it is."""
    word = term.surface.casefold()
    if (term.kind != "word" or not word.isalpha() or len(word) < _TYPED_LONG or is_known_word(word)
            or not _unknown_word(word)):
        return term
    meant = _one_dropped_or_swapped(word)
    return term if meant is None else msgspec.structs.replace(term, lemma=lemma(meant))


# Typed slips read anywhere in a question are only the commonest two (a letter left out,
# two swapped) in a long word no word list knows: a name typed in lower case ("levan",
# "chachua") is short or more than one such slip from any noun.
_TYPED_LONG = 8


@memo(maxsize=16384)
def _one_dropped_or_swapped(word: str) -> str | None:
    """The one noun the pinned lexicon knows that ``word`` is with one letter left out or
    two adjacent letters swapped ("membrship", "instrumnet"), or None."""
    # Never at the word's last two letters: "christina" is a name, not "christian" mistyped.
    splits = [(word[:i], word[i:]) for i in range(len(word) - 1)]
    near = {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 2}
    near |= {a + c + b for a, b in splits if len(b) > 2 for c in _LETTERS}
    near.discard(word)
    nouns = [w for w in near if not unknown_noun(w)]
    return nouns[0] if len(nouns) == 1 else None


@memo(maxsize=16384)
def _one_slip_noun(word: str) -> str | None:
    """The one noun of five letters or more the pinned lexicon knows one slip from
    ``word``, or None (none, or more than one)."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    near = {a + b[1:] for a, b in splits if b}
    near |= {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    near |= {a + c + b[1:] for a, b in splits if b for c in _LETTERS}
    near |= {a + c + b for a, b in splits for c in _LETTERS}
    near.discard(word)
    nouns = [w for w in near if len(w) >= _SLIPPED and not unknown_noun(w)]
    return nouns[0] if len(nouns) == 1 else None


@memo(maxsize=16384)
def _unknown_word(word: str) -> bool:
    """Unknown to the pinned lexicon as a noun and as a verb (False without the lexicon)."""
    pinned = pinned_lexicon()
    return unknown_noun(word) and not (
        pinned.synonyms_first_sense(word, "v") or pinned.derivations(word, "v")
    )


def _common_words(text: str) -> frozenset[str]:
    """Lemmas of the lower-case words of ``text`` and of adjacent pairs of them ("border
    collie"): the common nouns a category may be asked of, never a name."""
    raw = words(text)
    low = [
        lemma(w) if w[:1].islower() and w not in STOPWORDS and len(w) > 2 else "" for w in raw
    ]
    pairs = {f"{w.casefold()} {lemma(raw[i + 1])}" for i, w in enumerate(raw[:-1])
             if low[i] and low[i + 1]}
    return frozenset({w for w in low if w} | pairs)


def instance_grounds(term: Term, claim: ClaimView, own: bool, asked: frozenset[str] = frozenset()) -> bool:
    """ "What's the name of Vendula's *dog*?" <- "Vendula has a border collie called
    Bára": a common noun of the claim whose lexicon category is the asked noun (a border
    collie is a dog). One way only (a dog is not a collie), for the claim's own subject,
    and never through a name (``_common_words``)."""
    if not own or term.kind != "word" or term.entity_type:
        return False
    if term.lemma not in _classes_of(claim.text):
        return False
    frame = BY_NAME.get(term.frame) if term.frame else None
    lexicon = active()
    instances = [w for w in _common_words(claim.text) if term.lemma in lexicon.categories(w)]
    return states_instance(frame, claim, instances, asked)


# "is on metformin": the one preposition after "be" that says a course of medication.
_ON = frozenset({"on"})


def states_instance(
    frame: Frame | None, claim: ClaimView, instances: list[str], asked: frozenset[str] = frozenset()
) -> bool:
    """The claim relates its subject to an instance of the asked category the way the
    question asks: by a word the question demands itself ("Which instrument does she
    teach?" <- "teaches violin") or by the frame's light verbs and patterns ("takes
    metformin", "has asthma", "is on metformin"); for no frame, by anything but an
    adjective after a copula. "Ana is allergic to penicillin" names a medication, but says
    no one takes it."""
    head = claim.predicate.split(":", 1)[0]
    if head in instances or head in asked or (asked & set(claim.predicate_terms) and head == "role"):
        return True  # "has asthma": the write gate keeps the instance, "have" is light
    if frame is None:
        return head not in _predicate_adjectives(claim.text)
    return head in _instance_verbs(frame.name) or any(p.words[0] == head for p in frame.patterns)


@memo(maxsize=64)
def _instance_verbs(name: str) -> frozenset[str]:
    """The verbs that relate someone to an instance of the frame's categories: its own light
    verbs and those of every frame sharing a category ("plays hockey" is a hobby as it is a
    sport), and "be on" for a course of medication."""
    frame = BY_NAME[name]
    out = set(frame.light) | _ON
    for other in BY_NAME.values():
        if other.category & frame.category:
            out |= other.light
    return frozenset(out)


@memo(maxsize=16384)  # per claim text; kept small: each entry is a GC object
def _classes_of(text: str) -> frozenset[str]:
    """Every class a common noun of ``text`` is an instance of (one lexicon read per text)."""
    lexicon = active()
    return frozenset(c for w in _common_words(text) for c in lexicon.categories(w))


# Noun ending -> adjective ending of the same condition: allergy/allergic,
# anaemia/anaemic, diabetes/diabetic, asthma/asthmatic, epilepsy/epileptic.
_ADJECTIVE_ENDINGS = (("sy", "tic"), ("ia", "ic"), ("es", "ic"), ("y", "ic"), ("a", "atic"))
_COPULAS = frozenset({"is", "are", "was", "were", "become", "becomes", "became", "remains"})


@memo(maxsize=16384)  # per claim text; kept small: each entry is a GC object
def _predicate_adjectives(text: str) -> frozenset[str]:
    """Words right after a copula ("X is *allergic* to peanuts", "X is *diabetic*")."""
    raw = [w.casefold() for w in words(text)]
    return frozenset(raw[i + 1] for i, w in enumerate(raw[:-1]) if w in _COPULAS)


def adjective_grounds(term: Term, claim: ClaimView, own: bool) -> bool:
    """ "Any allergies for X?" <- "X is allergic to peanuts": the asked noun's adjective
    said of the claim's own subject, by the regular English endings above."""
    if not own or term.kind != "word" or len(term.lemma) < 5:
        return False
    said = _predicate_adjectives(claim.text)
    for noun_end, adj_end in _ADJECTIVE_ENDINGS:
        if term.lemma.endswith(noun_end) and term.lemma[: -len(noun_end)] + adj_end in said:
            return True
    return False


# "keeps wicket", "kept goal": the English idiom for the keeper's position.
_KEEPS = re.compile(r"\bkeep(?:s|ing)?\s+(?:wicket|goal)\b|\bkept\s+(?:wicket|goal)\b", re.I)
_PLAYER = frozenset({"athlete", "player"})


def plays_position(claim: ClaimView) -> bool:
    """A position in a team ("What position does X play?"): the keeper's idiom, or a
    common noun of what the claim says of its subject that the lexicon files under
    athletes ("a striker", "plays as a winger", "the team's goalkeeper")."""
    if _KEEPS.search(claim.text):
        return True
    return bool(_classes_of(claim.text) & _PLAYER)
