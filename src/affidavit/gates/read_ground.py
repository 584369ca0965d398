"""Does one stored claim ground what a question demands? Pure rules of language.

A demanded word is grounded by a claim when the claim's predicate terms or its
own words (subject name aside) hold the same lemma or a lemma of its
equivalence class (``text.lemmas``: the write gate's tables). A few demands
are answer classes, grounded by the shape of the claim instead of one word:

* occupation ("profession", "role", "what does X do"): a role claim
  ("X is the mayor of Y", "X is an architect", "X works as ...") or an
  occupational verb ("X teaches history");
* employment ("where does X work", "the company that employs X"): the word's
  class, or a role claim naming an organisation ("X is the lead developer of Y");
* quantities ("dose", "version"): a number (with a dose unit for a dose);
* question words: "when" needs a date in the claim, "how many/much" a number,
  "how often" a frequency;
* stopping ("no longer"), languages, leadership and subordinate roles: see
  ``read_classes``.

British and American spellings of one word ground each other.
"""

from __future__ import annotations

import re
from typing import NamedTuple

import msgspec

from affidavit.gates.contracts import ClaimView
from affidavit.gates.read_classes import (
    CESSATION,
    FREQUENCY,
    KINDS,
    LEAD_DEMANDS,
    ceased,
    leads_organisation,
    names_language,
    premodifying_leads,
    states_cessation,
    subordinated,
    us_spelling,
)
from affidavit.gates.read_frames import (
    LETTING,
    converse_noun_grounds,
    derived_grounds,
    frame_grounds,
    states_quantity,
)
from affidavit.gates.read_kin import kin_reading
from affidavit.gates.read_modality import INTENT_WORDS, states_denial, states_intention
from affidavit.gates.read_occupation import OCCUPATION_VERBS, RELATIONAL_NOUNS, names_a_job, rules_out_a_job
from affidavit.gates.read_target import relation_elsewhere
from affidavit.gates.read_words import (
    adjective_grounds,
    agent_noun_of,
    converse_grounds,
    instance_grounds,
    modifies_category,
    plays_position,
    slipped_noun,
)
from affidavit.gates.write_parse import is_verb_like
from affidavit.text.entail import implied_by
from affidavit.text.fold import fold
from affidavit.text.lemmas import SPECIFIC, canonical, content_lemmas, equivalent, lemma, phrase_terms
from affidavit.text.lexicon import Lexicon
from affidavit.text.lexicon import lexicon as pinned_lexicon
from affidavit.text.memo import memo
from affidavit.text.names import key_tokens
from affidavit.text.question import Term, Wh
from affidavit.text.slots import BY_NAME
from affidavit.text.wordlists import SYMMETRIC_VERBS

_EMPLOY = canonical("employ")
_CEASED_ASKED = CESSATION | {"cessation"}  # "which version does X no longer support?"
# Verbs and nouns that give a thing its name ("a collie called Bára", "named Ola").
_NAMING = frozenset({"call", "name", "named", "nickname", "dub"})
ROLE_KEY = "role"  # the write gate's predicate key for jobs and positions
_NUMBER = re.compile(r"\d+(?:[.,:/]\d+)*")
_DOSE = re.compile(r"\b\d+(?:[.,]\d+)?\s*(?:mg|mcg|µg|g|ml|iu|units?|tablets?|puffs?|drops?)\b", re.I)
_DATE = re.compile(
    r"\b(?:1\d{3}|20\d{2})\b|\b(?:january|february|march|april|may|june|july|august|"
    r"september|october|november|december)\b",
    re.I,
)
_YEAR = re.compile(r"\b(1\d{3}|20\d{2})\b")
_DURATION = re.compile(r"\b(?:since|for)\s+\w+\s+(?:day|week|month|year|decade)s?\b", re.I)
_COPULA = (
    r"^\s*(?:is|was|has been|had been|serves as|served as|works as|worked as|acts as)\s+"
    r"(?:the|a|an|its|their)\s+(?:[\w\-]+\s+){0,3}?([\w\-]+)"
)
# "X is the lead developer of Y": a role in an organisation.
_ROLE_ORG = re.compile(_COPULA + r"\s+(of|at|for|with)\b", re.I)
# A role said in the past: "X was the chief executive of Y" (its end may be undated).
_PAST_COPULA = re.compile(r"^\s*(?:was|were|had been|served as|worked as|acted as|used to)\b", re.I)
# "X is an architect", "X works as an architect in Rabat": a role alone.
_ROLE_BARE = re.compile(_COPULA + r"\s*(?:$|[.,;]|\s+(?:in|since|from|until)\b)", re.I)
# Nouns that ask for a kind of value: a medicine question is answered by a dose.
_QUANTITY_NOUNS = {
    "dose": _DOSE, "dosage": _DOSE, "medication": _DOSE, "medicine": _DOSE, "drug": _DOSE,
    "version": _NUMBER,
}  # fmt: skip


class Grounding(NamedTuple):
    """Per-term verdicts for one claim; ``exact`` counts same-lemma matches."""

    grounded: tuple[bool, ...]
    exact: int
    wh_ok: bool

    @property
    def complete(self) -> bool:
        return all(self.grounded) and self.wh_ok


@memo(maxsize=65536)
def _claim_terms(
    text: str, subject_name: str, predicate_terms: tuple[str, ...], blocked: frozenset[str]
) -> frozenset[str]:
    """Lemmas a claim offers, its subject's own name words removed.

    ``blocked``: lemmas said only under a modifier the question did not ask
    with ("deputy head"); the write gate's predicate terms (which hold those
    lemmas and their classes) are then left out and the text alone is read.
    """
    # The subject's name words are not offered, unless the claim says one again outside
    # the name ("Thenral Rice Mills sells parboiled rice" offers "rice").
    own = set(key_tokens(subject_name)) - set(content_lemmas(text.replace(subject_name, " , ")))
    found = set(content_lemmas(text)) | set(phrase_terms(text))
    if LETTING.search(text):
        found.add("let")  # "rents a cabin to Ivo", "rents out her flat": lets it
    if blocked:
        found -= blocked
    else:
        found |= {lemma(t) for t in predicate_terms}
    return frozenset(t for t in found if t not in own)


@memo(maxsize=65536)
def _role_noun(text: str, subject_name: str) -> tuple[str, bool] | None:
    """``(role noun, names_an_organisation)`` of a role claim ("X is the plant *manager* of
    Y", "X works as a *teacher* at Y"), or None for any other claim."""
    rest = _after_subject(text, subject_name)
    for pattern, with_org in ((_ROLE_ORG, True), (_ROLE_BARE, False)):
        m = pattern.match(rest)
        if m is not None:
            noun = m.group(1)
            if not noun.isalpha() or lemma(noun) in RELATIONAL_NOUNS:
                return None
            return lemma(noun), with_org
    return None


def _role(text: str, subject_name: str) -> tuple[bool, bool]:
    """``(is_role_claim, names_an_organisation)`` for a claim's text."""
    found = _role_noun(text, subject_name)
    return (True, found[1]) if found is not None else (False, False)


# The claim's subject is a possessor: "<name>'s <noun> <what is said of the noun>".
_OWNED_SUBJECT = re.compile(r"['’]s?[ \t]+([a-z][\w-]*)[ \t]+(.*)$", re.S)


# "teaches English at School No. 7", "coaches at Brix FC": a job's verb in the present,
# done at an organisation (not "runs at Kolga Stadium", "studied at", "is taught at").
# The verb must be one of ``_PRACTISED`` in its present "-s" form (``_at_organisation``).
_AT_ORGANISATION = re.compile(
    r"^\s*(?P<verb>[a-z]+s)(?:\s+[\w\-]+){0,3}?\s+(?:at|for|with)\s+"
    r"(?:the\s+)?[A-Z](?![^.;]*\b(?:volunteer|unpaid|guest|visiting)\b)"
)
_IS_AT_ORGANISATION = re.compile(
    r"^\s*(is|was)\s+(?![a-z]+(?:ed|ing)\b)(?:[a-z][\w\-]*\s+){1,4}?(?:at|for|with)\s+(?:the\s+)?[A-Z]"
)


def _at_organisation(rest: str) -> bool:
    """ "teaches English at School No. 7": a practised job's verb at an organisation."""
    m = _AT_ORGANISATION.match(rest)
    return m is not None and lemma(m.group("verb")) in _PRACTISED


def _possessed_noun(owned: re.Match[str]) -> frozenset[str]:
    """Lemmas of the possessed noun phrase: "company phone" in "X's company phone is ..."."""
    said = [owned.group(1)]
    for word in owned.group(2).split()[:3]:
        if word.casefold() in _AUXILIARIES:
            return frozenset(lemma(w) for w in said)
        said.append(word)
    return frozenset({lemma(owned.group(1))})


def _after_subject(text: str, subject_name: str) -> str:
    at = text.find(subject_name)
    return text[at + len(subject_name) :] if at >= 0 else text


def _main_verb(text: str, subject_name: str) -> str | None:
    words = content_lemmas(_after_subject(text, subject_name))
    return words[0] if words else None


_AUXILIARIES = frozenset({"has", "have", "had", "is", "are", "was", "were", "will", "would", "does", "did",
                          "also", "still", "now", "then", "just", "already"})


def _is_main_verb(lemma_: str, claim: ClaimView) -> bool:
    """``lemma_`` is the verb right after the claim's subject ("Piret Kask reports to ...")."""
    words = _after_subject(claim.text, claim.subject_name).split()[:3]
    while words and words[0].casefold() in _AUXILIARIES:
        words = words[1:]
    return bool(words) and lemma(words[0].strip(",.;")) == lemma_


def claim_years(claim: ClaimView) -> tuple[str, ...]:
    """Years a claim's text states: an event claim holds at those times."""
    return tuple(_YEAR.findall(claim.text))


def _term_grounded(
    term: Term, claim: ClaimView, offered: frozenset[str], own: bool, head: int | None,
    asked: frozenset[str] = frozenset(), bridge: bool = False, wh: Wh = "none",
    about: frozenset[str] = frozenset(),
) -> tuple[bool, bool]:
    """``(grounded, exact)`` for one demanded term against one claim.

    ``own``: the question's subject is the claim's subject. Class answers read
    the claim's shape, which only says something about the claim's own subject.
    ``head``: position of the term right after the question's first name; ``bridge``:
    the hop of a relative clause, whose frame words hold only in their frame's direction.
    """
    if term.kind == "number":
        return term.surface in _NUMBER.findall(claim.text), True
    if not term.frame and term.lemma not in SYMMETRIC_VERBS and _verbal(term) and (bridge or (
        wh in ("who", "what", "which") and (term.before_target or term.after_target)
    )) and (term.lemma in offered or canonical(term.lemma) in _canonicals(offered)) and (
        own != bool(_PASSIVE_BY.search(claim.text))
    ) != term.after_target:
        # "the firm that bought X" / "who acquired X" is not "X bought Kempu": a verb before
        # the name has it as object, one after it ("the firm X bought", "what did X acquire",
        # "bought by X") as subject; in the claim the subject is the verb's unless passive
        # ("X was taken over by Y": X the object, Y the subject)
        return False, False
    kin = kin_reading(term, claim, own)  # "X's kid" <- "X is Y's father"; never "X's father"
    if kin is not None:
        return kin, False
    if term.lemma in SPECIFIC and not own and _names_only_its_class(term.lemma, claim.text):
        # "Who is Temirlan's father?" <- "Jyldyz is Temirlan's mother" / "... parent": the
        # class's word or another member says neither (the write gate's predicate terms carry
        # the whole class). The asked entity's own claim ("Hadiza is Aminu's sister") says
        # its own kin word, not the relative's; a claim with no kin word goes on below.
        return False, False
    if term.frame:
        if frame_grounds(term, claim, offered, own, asked):
            return True, term.lemma in offered
        if converse_noun_grounds(term, claim, own):
            # "whose landlord is Xana?", "who rents from Xana?" <- "Xana is Xuaco's landlord":
            # a relation noun, only in its direction
            return True, False
        if term.converse:
            return False, False
        if _frame_role(term, claim, own):  # "Who is Lena's employer?" <- "Lena is the CTO of Brix"
            return True, False
        if _agent_role(term, claim, own, wh):  # "Who manages the plant?" <- "X is its plant manager"
            return True, False
        if term.frame == "boss" and not own and term.position != head and leads_organisation(
            claim.text, claim.subject_name, len(claim.entity_ids)
        ) and not _PAST_COPULA.match(_after_subject(claim.text, claim.subject_name)):
            # "Who's the boss at Ayoola Foods?" <- "X is the chief executive of Ayoola Foods";
            # never "X was the chief executive of ...", a boss no longer
            return True, False
        if term.strict or bridge:
            # A clause's relation yields the entity it stands for only in its frame's
            # direction: "the company X owns" is not the one that owns X.
            return False, False
    if term.kind == "class" and term.lemma == "language":
        return names_language(claim.text), False
    if term.kind == "class" and term.lemma == "cessation":
        return states_cessation(claim.text), False
    if term.kind == "class":  # occupation
        if not own:
            return False, False
        if names_a_job(claim.text, claim.subject_name):
            return True, False
        # "What position does X play?" <- "keeps wicket", "is the team's striker"
        return plays_position(claim) and not rules_out_a_job(claim.text, claim.subject_name), False
    if _agent_reading(term, claim, own, wh) is False:
        return False, False  # "who directs X?" <- "X is the managing director of Y": X directs
    if term.lemma in offered:
        # Only "does X <verb>" (the bare verb after do-support): "When was X founded?" is
        # passive, X the verb's object, and the founder's claim answers it.
        if (term.after_target and term.surface.casefold() == term.lemma and not term.possessed
                and not own and term.lemma not in SYMMETRIC_VERBS
                and term.lemma not in RELATIONAL_NOUNS and _is_main_verb(term.lemma, claim)):
            # "Who does Orawan report to?" is not "Malee reports to Orawan": the asked
            # entity does the asking verb; in this claim someone else does it to them.
            return False, False
        return True, True
    if term.lemma in LEAD_DEMANDS and _leads(term, claim, own, head):
        return True, True  # the top position is what "runs" literally asks for
    wanted = canonical(term.lemma)
    if term.lemma in SPECIFIC:
        return False, False  # "brother" is not said by "sister", nor by "sibling"
    if wanted in _canonicals(offered):
        return True, False
    if _synonym_offered(term.lemma, offered):
        return True, False  # one sense, another word ("grandad" <- "grandfather")
    if offered & KINDS.get(term.lemma, frozenset()):
        return True, False  # a bakery is a shop
    if us_spelling(term.lemma) in _spellings(offered):
        return True, True  # one word, another spelling
    if fold(term.lemma) in _folded(offered):
        return True, True  # a word typed without its diacritics ("githaiga" <- "Gĩthaiga")
    quantity = _QUANTITY_NOUNS.get(term.lemma)
    if quantity is not None and quantity.search(claim.text):
        return True, False
    # "Where does X work?" / "Who works at Y?" <- "X is the CTO of Y"; one role holder
    # is no answer to Y's "employees" (how many, who all).
    if wanted == _EMPLOY and (own or term.lemma != "employee"):
        role, org = _role(claim.text, claim.subject_name)
        if own and not org:
            # "Where does X work?" <- "X teaches English at School No. 7": a job's verb
            # (the write gate's role key) done at a named organisation
            rest = _after_subject(claim.text, claim.subject_name)
            copula = _IS_AT_ORGANISATION.match(rest)
            org = (claim.predicate == ROLE_KEY and _at_organisation(rest)) or (
                copula is not None and names_a_job(claim.text, claim.subject_name)
                and (copula.group(1) == "is" or claim.valid_to is not None)
            )  # "X is head of data at Ernio", "X was assistant manager at Y" (a closed
            # interval: never served as now), not "X is a member at Y"
            role = role or org
        return role and org and len(claim.entity_ids) > 1, False
    if derived_grounds(term, claim, offered, own, term.possessed):
        return True, False
    if converse_grounds(term, offered, own) and (own or _after_preposition(claim.text, about)):
        # "what does Kanî sell" is not "Serdem acquired Kanî": the seller is "from" whom
        return True, False
    if _agent_role(term, claim, own, wh):
        return True, False
    if term.lemma == "name" and offered & _NAMING:  # "the name of ..." <- "called Bára"
        return True, False
    meant = slipped_noun(term, claim.text)
    if meant is not None:  # "neice" <- "niece", read as typed right: "X's niece" is not X
        fixed = msgspec.structs.replace(term, lemma=meant)
        return _term_grounded(fixed, claim, offered, own, head, asked, bridge, wh, about)[0], False
    return False, False


# Modifiers that say a thing is the employer's ("work phone", "company car", "office laptop").
_FROM_EMPLOYER = frozenset({"work", "company", "office", "business", "firm"})
_PASSIVE_BY = re.compile(
    r"\b(?:is|was|were|are|been|be|being|got|gets)\s+(?:[a-z]+ly\s+)?"
    r"(?:[a-z]+ed|[a-z]+en|bought|sold|built|made|held|run|led|won|brought|taught|kept|set)\s+"
    r"(?:(?:over|out|up|off)\s+)?by\b"
)


def _verbal(term: Term) -> bool:
    """Whether the question wrote ``term`` as an inflected verb ("bought", "owns", "took
    over"): its first word is an inflected form (a noun's plural aside: "officers")."""
    if term.kind != "word" or term.possessed:
        return False  # "Temirlan's parents": a noun
    return _verbal_word(term.surface, term.lemma, term.after_target)


@memo(maxsize=4096)
def _verbal_word(surface: str, lemma_: str, after_target: bool) -> bool:
    first = surface.split()[0].casefold() if surface.split() else ""
    if not first.isalpha():
        return False
    if lemma_ == "let":
        return True  # "who does X rent (the flat) to": the question's letting, a verb
    base = lemma(first)
    pinned = pinned_lexicon()
    if base == first:  # "what did X *acquire*": do-support's bare verb, a verb only
        return after_target and _a_verb(pinned, base) and not pinned.categories(base)
    if first.endswith("s") and pinned.categories(base):
        return False  # "parents", "quills": a plural as likely as a verb's "-s"
    return " " in surface or (is_verb_like(first) and _a_verb(pinned, base))


def _a_verb(pinned: Lexicon, base: str) -> bool:
    return bool(pinned.synonyms_first_sense(base, "v") or pinned.derivations(base, "v"))


_PREPOSITION_THEN = re.compile(r"\b(?:from|to)\s+(?:the\s+)?([^\W\d_][\w'’\-]*)")


def _after_preposition(text: str, about: frozenset[str]) -> bool:
    """Whether a word of the asked entity's name follows "from" or "to" in ``text``: the
    party a converse verb puts there ("lent it *to Lena*", "bought it *from Brix*"), not
    its object ("Serdem acquired Kanî")."""
    return any(fold(m.group(1)).casefold() in about for m in _PREPOSITION_THEN.finditer(text))


def _names_only_its_class(specific: str, text: str) -> bool:
    """Whether ``text`` names a word of ``specific``'s equivalence class ("parent", "mother"
    for "father") but neither ``specific`` nor a synonym of it."""
    said = frozenset(content_lemmas(text))
    if specific in said or _synonym_offered(specific, said):
        return False
    return any(w != specific and equivalent(w, specific) for w in said)


def lexicon_grounds(term: Term, claim: ClaimView, *, own: bool, asked: frozenset[str] = frozenset()) -> bool:
    """The lexicon's readings of one word ("dog" <- "a border collie", "allergies" <- "is
    allergic to"): a lookup per claim word, so asked only of a claim that grounds every
    other term of the question, once nothing grounds it by the tables and frames."""
    kin = kin_reading(term, claim, own)  # "a father is a parent", but not the asked one's
    if kin is not None:
        return kin
    return instance_grounds(term, claim, own, asked) or adjective_grounds(term, claim, own)


def _frame_role(term: Term, claim: ClaimView, own: bool) -> bool:
    """A frame that role claims fill too ("X is the CTO of Y" says who employs X)."""
    if not own or not BY_NAME[term.frame].roles:
        return False
    role, org = _role(claim.text, claim.subject_name)
    return role and org and len(claim.entity_ids) > 1


def _agent_role(term: Term, claim: ClaimView, own: bool, wh: Wh) -> bool:
    """ "Who conducts the Rudupis Band?" <- "X is the conductor of the Rudupis Band": the
    role of a role claim in an organisation is the asked verb's agent noun, and the
    question asks the slot the claim fills (see ``_agent_reading``)."""
    return _agent_reading(term, claim, own, wh) is True


# Verbs whose agent noun, as a job at an organisation, says its holder does the verb.
_PRACTISED = frozenset({"teach", "coach", "nurse", "tutor", "preach", "edit", "practise", "practice"})


def _agent_reading(term: Term, claim: ClaimView, own: bool, wh: Wh) -> bool | None:
    """Whether a role claim whose role noun is the asked verb's agent noun answers the
    verb asked, only in the slots a role claim fills:

    * the role's holder, the asked entity the verb's object, the organisation the role is
      *of* ("who conducts Y" <- "X is the conductor of Y"); "a player at Arsenal" does not
      play Arsenal;
    * that organisation, asked as the verb's object of the role's holder, not with "who"
      ("what band does X conduct", "how long has X conducted Y" <- "X is the conductor
      of Y");
    * the employer, the asked entity the role's holder and "where" asked of a verb of
      occupation ("where does X teach" <- "X works as a teacher at Y"; "where does X bank"
      asks where X is a customer). No other object of the verb: "a buyer at Harrods" says
      nothing of what X buys, "a reporter at the Daily Mail" nothing of whom X reports to.

    False when the claim gives the asked entity the verb's other role ("who directs X?" is
    not answered by "X is the managing director of Y": X directs); None for any other
    claim, word or slot."""
    if term.kind != "word":
        return None
    found = _role_noun(claim.text, claim.subject_name)
    if found is None or not found[1] or found[0] == term.lemma or not agent_noun_of(found[0], term.lemma):
        return None  # the role noun asked as itself ("chief financial officer") is no verb
    if own != term.after_target:
        return False
    of = _role_preposition(claim.text, claim.subject_name) == "of"
    if own and wh == "where":  # "where does X bank" asks where X is a customer
        return True if term.lemma in OCCUPATION_VERBS else None
    if own and wh == "none" and term.lemma in _PRACTISED:
        # "does X (still) teach?" <- "X is a teacher at Y": the job is doing the verb (not
        # "a runner / manager at Y": one who runs or manages Y is no more said than a player)
        return True
    if own and wh == "none":
        return None
    if own:  # "what band does X conduct" <- "X is the conductor of Y"; "who does X report to"
        return True if of and wh != "who" and len(claim.entity_ids) > 1 else None
    return True if of else None


def _role_preposition(text: str, subject_name: str) -> str | None:
    """The preposition after a role claim's role noun ("of" in "the conductor of Y")."""
    m = _ROLE_ORG.match(_after_subject(text, subject_name))
    return m.group(2).casefold() if m is not None else None


def _synonym_offered(word: str, offered: frozenset[str]) -> bool:
    """A word of the same first sense, each listed in the other's (the write gate's test,
    ``text.entail``): "grandad" and "grandfather", not "boss" and "chief"."""
    found = implied_by(word, offered)
    return found is not None and found[0] == "synonym"


@memo(maxsize=65536)
def _folded(offered: frozenset[str]) -> frozenset[str]:
    return frozenset(fold(o) for o in offered)


@memo(maxsize=65536)
def _canonicals(offered: frozenset[str]) -> frozenset[str]:
    return frozenset(canonical(o) for o in offered)


@memo(maxsize=65536)
def _spellings(offered: frozenset[str]) -> frozenset[str]:
    return frozenset(us_spelling(o) for o in offered)


def _leads(term: Term, claim: ClaimView, own: bool, head: int | None) -> bool:
    """A leadership role claim grounds "run/head/lead" in the question's direction:
    "the company X runs" (the name before the word) asks about the leader, the claim's
    subject; "Who runs Y?" and "the head of Y" (the name after it) about the organisation."""
    if own != (term.position == head):
        return False
    return leads_organisation(claim.text, claim.subject_name, len(claim.entity_ids))


def _wh_ok(wh: Wh, has_word_terms: bool, claim: ClaimView, offered: frozenset[str], own: bool) -> bool:
    if wh == "when":
        return bool(_DATE.search(claim.text))
    if wh in ("how_many", "how_much"):
        return states_quantity(claim.text)  # digits or number words ("two brothers"), no date
    if wh == "how_long":
        return bool(_DATE.search(claim.text)) or bool(_DURATION.search(claim.text))
    if wh == "how_often":
        return bool(FREQUENCY.search(claim.text))
    if wh == "where" and not has_word_terms:  # "Where is X?": X's own location
        return own and bool(offered & {"live", "reside", "base", "headquarter", "locate", "situate"})
    return True


def ground(
    terms: tuple[Term, ...],
    wh: Wh,
    claim: ClaimView,
    *,
    own: bool,
    head: int | None = None,
    about: frozenset[str] = frozenset(),
    bridge: bool = False,
    plans: bool = False,
) -> Grounding:
    """How far ``claim`` grounds the demanded ``terms`` and the question word ``wh``.

    ``own``: the entity the question asks about is the claim's subject; ``head``:
    the position of the demanded word right after the question's first name;
    ``about``: key tokens of that entity's names (see ``read_target``); ``bridge``:
    the hop yields the entity the rest of the question is about; ``plans``: the question
    asks what will be, so a claim of a plan or a condition may answer it.
    """
    asked = {t.lemma for t in terms}
    blocked = {lem for lem, mod in subordinated(claim.text) if lemma(mod) not in asked}
    # "the head chef" heads the kitchen: it says "head" only of a question about chefs.
    blocked |= {lead for lead, noun in premodifying_leads(claim.text) if noun not in asked}
    if not any(t.lemma in CESSATION or t.lemma == "cessation" for t in terms):
        blocked |= ceased(claim.text)  # "drops support for" does not say it supports
    offered = _claim_terms(claim.text, claim.subject_name, claim.predicate_terms, frozenset(blocked))
    owned = _OWNED_SUBJECT.match(_after_subject(claim.text, claim.subject_name)) if own else None
    if owned is not None and not asked & _possessed_noun(owned):
        # "Lena Moss's daughter was born in 2015": what follows is said of the daughter, so
        # it answers nothing asked of Lena herself ("when was Lena Moss born").
        said = frozenset(content_lemmas(owned.group(2)))
        offered = offered - said - {canonical(w) for w in said}
    intended = not plans and not asked & INTENT_WORDS and states_intention(claim.text, claim.subject_name)
    # A denied claim answers "does Lena live in Oslo?" (no) and what stopped, not a value.
    intended = intended or (
        wh != "none" and not asked & _CEASED_ASKED and states_denial(claim.text, claim.subject_name)
    )
    verdicts: list[bool] = []
    exact = 0
    for term in terms:
        if intended:  # a plan, a possibility or a denial is no value
            verdicts.append(False)
            continue
        ok, is_exact = _term_grounded(term, claim, offered, own, head, frozenset(asked), bridge, wh, about)
        verdicts.append(ok)
        exact += int(ok and is_exact)
    for i, term in enumerate(terms):  # "skin condition", "health problems": the category says it
        if verdicts[i] or term.kind != "word" or not own:
            continue
        for j in (i - 1, i + 1):
            near = terms[j] if 0 <= j < len(terms) else None
            if near is not None and near.frame and verdicts[j] and (
                abs(near.position - term.position) == 1
            ):
                verdicts[i] = verdicts[i] or modifies_category(term.lemma, near, offered)
        nxt = terms[i + 1] if i + 1 < len(terms) else None
        if (term.lemma in _FROM_EMPLOYER and offered & _FROM_EMPLOYER and nxt is not None
                and verdicts[i + 1] and nxt.position == term.position + 1):
            # "work phone" <- "company phone", "office laptop" <- "work laptop": one modifier
            # of a thing the employer provides, said another way
            verdicts[i] = True
    words_ = frozenset(t.lemma for t in terms if t.kind == "word")
    target = about if not own else (frozenset() if bridge else None)
    if (
        target is not None and words_ and relation_elsewhere(claim.text, claim.subject_name, target, words_)
    ):  # the demanded words govern a part of the entity, not the entity
        verdicts = [ok and t.kind != "word" for ok, t in zip(verdicts, terms, strict=True)]
    has_words = any(t.kind != "number" for t in terms)
    return Grounding(tuple(verdicts), exact, _wh_ok(wh, has_words, claim, offered, own))
