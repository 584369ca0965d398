"""An event the evidence calls off is not one the claim can say goes ahead.

"Tarjei will speak at the Bergen summit. Update: the summit has been cancelled." holds
every word of "Tarjei will speak at the Bergen summit", and then takes the summit away.
A claim that names the event (its noun, and the word before it when the evidence gives
one: "the March summit" is not the June one) and does not itself say it was called off
is refused. Pure function of (claim, evidence).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from affidavit.gates.write_parse import mentions
from affidavit.text.lemmas import content_lemmas, lemma
from affidavit.text.markers import negations
from affidavit.text.names import refers_to
from affidavit.text.sentences import sentences

Failure = tuple[str, str] | None

_OFF = r"(?:cancel+ed|called[ \t]+off|scrapped|axed)"
_NOUN_OFF = (
    r"(?:\b(?P<mod>[\w'’\-]+)[ \t]+)?\b(?P<noun>[a-z][\w\-]*)[ \t]+"
    r"(?:(?:has|have|had|['’]s)[ \t]+been|was|were|is|are|got)[ \t]+(?:now[ \t]+)?" + _OFF + r"\b"
    r"|(?:\b(?P<mod3>[\w'’\-]+)[ \t]+)?\b(?P<noun3>[a-z][\w\-]*)[ \t]+(?:is|are|['’]s)[ \t]+off\b"
)
# "the summit has been cancelled", "quiz is off", "they called off the launch".
_CALLED_OFF = re.compile(
    _NOUN_OFF + r"|\b" + _OFF + r"[ \t]+(?:the|our|this|tomorrow['’]s|today['’]s)[ \t]+"
    r"(?:(?P<mod2>[\w'’\-]+)[ \t]+)?(?P<noun2>[a-z][\w\-]*)\b",
    re.I,
)
_DETERMINERS = frozenset({"the", "a", "an", "our", "this", "that", "their", "his", "her", "its", "my",
                          "your", "tomorrow's", "today's", "update", "edit"})  # fmt: skip


def check_called_off(claim: str, ev: str) -> Failure:
    if not _CALLED_OFF.search(ev) or _CALLED_OFF.search(claim):
        return None
    wanted = set(content_lemmas(claim))
    low_claim = claim.casefold()
    for m in _CALLED_OFF.finditer(ev):
        noun = m.group("noun") or m.group("noun2") or m.group("noun3")
        mod = m.group("mod") or m.group("mod2") or m.group("mod3")
        if lemma(noun) not in wanted and mod is not None and lemma(mod) in wanted and m.group("noun2"):
            noun, mod = mod, None  # "called off the launch on Monday": no modifier, "launch" the noun
        if lemma(noun) not in wanted:
            continue
        if mod is not None and mod.casefold() not in _DETERMINERS and mod.casefold() not in low_claim:
            continue  # "the March summit was cancelled": another summit than the claim's June one
        return noun, f"the evidence says the {noun} was called off"
    return None


# A later sentence that ends the subject's post: "Resigned with effect from 28 February",
# "She retired in May", "Ilinca Pop has since stepped down".
# The verbs that end a post, said of its holder.
_ENDING = r"(?i:resigned|retired|quit|stepped[ \t]+down)"
# Who a later sentence speaks of: a name of up to four words, or a pronoun.
_WHO = r"(?P<who>[A-Z][\w'’\-]*(?:[ \t]+[A-Z][\w'’\-]*){0,3}|[Hh]e|[Ss]he|[Tt]hey)"
_ENDED_LATER = re.compile(
    r"^[ \t\-*•]*(?:" + _WHO + r"[ \t]+)?"
    r"(?:has[ \t]+|had[ \t]+|have[ \t]+)?(?:since[ \t]+|then[ \t]+|later[ \t]+)?"
    rf"(?P<verb>{_ENDING}|(?i:was[ \t]+(?:dismissed|fired|let[ \t]+go|made[ \t]+redundant)))\b",
)
_SENTENCE = re.compile(r"[^.!?\n]+")
_LEFT_POST = re.compile(
    rf"\b(?P<verb>{_ENDING}|(?i:left[ \t]+(?:her|his|their)[ \t]+post))[ \t]+as[ \t]+(?P<post>[^,.;]+)"
)
_PRESENT_STATE = re.compile(
    r"\b(?:is|are|works|serves|heads|leads|runs|manages|chairs|has[ \t]+been)\b", re.I
)


def check_ended_later(claim: str, ev: str, subject: str) -> Failure:
    """A post the claim states as held now that a later sentence of the evidence ends for
    the claim's subject (named, a pronoun, or a record's subjectless line)."""
    if not _PRESENT_STATE.search(claim) or _ENDED_LATER.search(claim):
        return None
    seen = False
    for m in _SENTENCE.finditer(ev):
        sentence = m.group(0)
        if not seen:
            seen = any(_means(subject, m.name) for m in mentions(sentence))
            left = _LEFT_POST.search(sentence) if seen else None
            if left is not None:  # "Ji-woo Park stepped down as CFO of Hanbit Logistics"
                verb = " ".join(left.group("verb").split())
                return verb, f"the evidence says the subject {verb} as {left.group('post')}"
            ended = _ended_here(claim, sentence, subject) if seen else None
            if ended is not None:
                return ended
            continue
        hit = _ENDED_LATER.match(sentence)
        if hit is None:
            continue
        who = hit.group("who")
        if who is None or who.casefold() in ("he", "she", "they") or _means(subject, who):
            verb = " ".join(hit.group("verb").split())
            return verb, f"the evidence goes on to say the subject {verb}"
    return None


# The subject's name, an aside set beside it (or the comma closing one before it), then a
# verb that ends a post ("Mayor Rommel Ilagan resigned on Monday", "Rommel Ilagan, the
# mayor, has stepped down", "The mayor, Rommel Ilagan, resigned").
_HOLDER_ENDED = re.compile(
    r"[ \t]*(?:,[^,;:()\n]{1,80},[ \t]*|,[ \t]*)?"
    r"(?:has[ \t]+|had[ \t]+)?(?:since[ \t]+|then[ \t]+|later[ \t]+)?"
    rf"(?P<verb>{_ENDING}|(?i:died|passed[ \t]+away))\b"
)


def ends_post(text: str) -> bool:
    """``text`` opens with a verb that ends its subject's post ("resigned on Monday", ", the
    mayor, has stepped down"): what the sentence said of the holder before it has ended."""
    return _HOLDER_ENDED.match(text) is not None


def _ended_here(claim: str, sentence: str, subject: str) -> Failure:
    """The sentence that names the subject ends, with its own verb, the post it describes
    the subject by (a title before the name or an aside beside it) and the claim states as
    held: "Mayor Rommel Ilagan resigned" is no "Rommel Ilagan is the mayor". What comes after
    the verb ("resigned to work as a nurse") is not ended by it."""
    for m in mentions(sentence):
        if not _means(subject, m.name):
            continue
        hit = _HOLDER_ENDED.match(sentence, m.end)
        if hit is None:
            continue
        own = set(content_lemmas(subject))  # a title inside the found name stays described
        described = set(content_lemmas(sentence[: hit.start("verb")])) - own
        if described & (set(content_lemmas(claim)) - own):
            verb = " ".join(hit.group("verb").split())
            return verb, f"the evidence says the subject {verb}"
    return None


def _means(subject: str, name: str) -> bool:
    return refers_to(subject, name) or refers_to(name, subject)


_WORD = re.compile(r"[\w'’\-]+")
_NOW_WORDS = frozenset({"now", "back", "currently"})
_COPULAS = frozenset({"is", "are", "was", "were", "'s", "’s", "be", "been"})
_STILL = frozenset({"still", "now", "currently"})


class _AnyWord(frozenset[str]):
    """Without the lexicon every word may be the antonym: the check refuses more, never less."""

    def __contains__(self, item: object) -> bool:
        return isinstance(item, str) and item not in _NOW_WORDS and item != "again"

    def __bool__(self) -> bool:
        return True


_ANY_WORD = _AnyWord()


def check_reversed_state(claim: str, ev: str, antonyms: Callable[[str], frozenset[str]] | None) -> Failure:
    """A state the claim says still holds that the evidence goes on to reverse ("the server's
    been down since 2am / Ops: restarted at 4, up now" gives no "is still down"): after the
    last time the evidence says the claim's state, it says the state's antonym (the pinned
    lexicon's) beside "now" or "back", or after a copula with "again"."""
    said = [w.casefold() for w in _WORD.findall(claim)]
    if not _STILL & set(said):
        return None
    toks = [(m.group(0).casefold(), m.start()) for m in _WORD.finditer(ev)]
    for state in said:
        opposite = antonyms(state) if antonyms is not None else _ANY_WORD
        if not opposite:
            continue
        seen = [i for i, (t, _) in enumerate(toks) if t == state]
        if not seen:
            continue
        for i in range(seen[-1] + 1, len(toks)):
            word = toks[i][0]
            near = {t for t, _ in toks[max(0, i - 2) : i + 3]}
            before = {t for t, _ in toks[max(0, i - 2) : i]}
            # "up now", "back up", "is open again" (not "we open again on Monday": a plan)
            if word in opposite and (near & _NOW_WORDS or ("again" in near and before & _COPULAS)):
                return state, f"the evidence goes on to say it is '{word}' now"
    return None


# A record's field whose value denies or doubts it: "Diabetes - negative", "Smoker: no",
# "?diabetes — bloods pending".
_FIELD_DENIED = re.compile(
    r"(?:^|[\n.;]\s*)(?P<term>[A-Za-z][\w\- ]{1,40}?)\s*(?::|\s[-–—]\s)\s*"
    r"(?P<value>no|none|nil|negative|neg|absent|not detected|not present|denied|ruled out)\b",
    re.I,
)
_FIELD_QUERIED = re.compile(r"(?:^|[\s(])\?(?P<term>[A-Za-z][\w\-]{2,40})")  # "?diabetes", not "ok? Diabetes"


def check_field_value(claim: str, ev: str) -> Failure:
    """A record's field the claim states as so whose value in the evidence is "no",
    "negative", "nil": denied. A claim that itself denies it ("has no allergies" of
    "Allergies: none") says what the field says."""
    if negations(claim) % 2:
        return None
    wanted = {lemma(w) for w in _WORD.findall(claim.casefold())}
    for m in _FIELD_DENIED.finditer(ev):
        words = [lemma(w) for w in _WORD.findall(m.group("term").casefold())]
        if words and words[-1] in wanted:
            return m.group("term").strip(), f"the evidence records '{m.group(0).strip(' .;')}'"
    return None


def check_field_queried(claim: str, ev: str) -> Failure:
    """A record's field the claim states as so that the evidence only queries ("?diabetes
    — bloods pending")."""
    wanted = {lemma(w) for w in _WORD.findall(claim.casefold())}
    for m in _FIELD_QUERIED.finditer(ev):
        if lemma(m.group("term").casefold()) in wanted:
            return m.group("term"), f"the evidence only queries it ('?{m.group('term')}')"
    return None


# The subject takes back what it had agreed to or was to do: "agreed to give the keynote
# but later withdrew", "Update: he has pulled out", "then changed her mind".
_WITHDREW = re.compile(
    r"(?:\b" + _WHO + r"[ \t]+)?"
    r"(?:(?:has|have|had)[ \t]+)?(?:(?:since|then|later|now|just)[ \t]+)?"
    r"\b(?P<verb>withdrew|withdrawn|pulled[ \t]+out|backed[ \t]+out|dropped[ \t]+out|reneged|"
    r"changed[ \t]+(?:his|her|their|its)[ \t]+mind|can[ \t]+no[ \t]+longer|cancell?ed|declined)"
    r"\b(?![ \t]+by\b)"
)
# A verb conjoined to the clause before it ("..., but later withdrew"): its subject's.
_CONJOINED_BEFORE = re.compile(r"(?:\b(?:but|and|yet)|[,;])[ \t]+$")


def check_withdrawn(claim: str, ev: str, subject: str) -> Failure:
    """A commitment or plan of the subject's that the evidence says the subject took back
    (itself, a pronoun, or a conjoined verb with no subject of its own): the claim that
    it goes ahead is refused unless it says the withdrawal too."""
    if _WITHDREW.search(claim):
        return None
    for hit in _WITHDREW.finditer(ev):
        who = hit.group("who")
        if who is None and not _CONJOINED_BEFORE.search(ev, 0, hit.start()):
            continue  # "the flight was cancelled", "standup's cancelled": another subject's
        if who is None or who.casefold() in ("he", "she", "they") or _means(subject, who):
            verb = " ".join(hit.group("verb").split())
            return verb, f"the evidence says the subject {verb}"
    return None


# "In 1998, Mayor X opened the bridge": a sentence that opens dated to a past year, which
# then scopes over all of it, its titles too (not "since 1998", nor a closing "in 2019"
# that dates only its own verb).
_DATED_PAST = re.compile(
    r"^\W*(?:(?:back[ \t]+)?in|during|by|throughout)[ \t]+(?:the[ \t]+(?:late[ \t]+|early[ \t]+|mid-?)?)?"
    r"(?:19|20)\d\d(?:s|['’]s)?\b[ \t]*,",
    re.I,
)
_IS_NOW = re.compile(r"\b(?:is|are|remains|now|currently|still|'s|’s)\b", re.I)
_CLAIM_DATED = re.compile(r"\b(?:19|20)\d\d\b|\b(?:was|were|had|former|then)\b", re.I)


def check_dated_post(claim: str, ev: str, subject: str) -> Failure:
    """A post the claim states as held now ("X is the mayor") that the evidence gives the
    subject only in sentences dated to a past year ("In 1998, Mayor X opened the bridge"):
    it held then; nothing says it holds now."""
    if not _IS_NOW.search(claim) or _CLAIM_DATED.search(claim):
        return None
    own = set(content_lemmas(subject))
    post = set(content_lemmas(claim)) - own
    if not post:
        return None
    dated = None
    for a, b in sentences(ev):
        sentence = ev[a:b]
        named = any(_means(subject, m.name) for m in mentions(sentence))
        if not named or not post & set(content_lemmas(sentence)):
            continue
        hit = _DATED_PAST.search(sentence)
        if hit is None or _IS_NOW.search(sentence):
            return None  # an undated sentence, or one in the present, gives the post
        dated = dated or hit.group(0)
    if dated is None:
        return None
    return dated, f"the evidence gives the post only at a past time ('{dated}')"
