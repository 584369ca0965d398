"""Slots asked in other words than the claim's: relation frames and derivations. Pure.

``with_frames`` tags the question's words that ask for a frame of ``text.slots``
("landlord", "go to university", "what sport ... play"); ``frame_grounds`` says
whether one claim fills that frame for the asked entity; ``derived_grounds`` reads
an agent or patient noun through the verb it comes from ("the founder of Brix" <-
"Ana founded Brix"), in the direction the noun says. Both read the lexicon only
through ``text.lexical``, so the pinned lexicon can replace the builtin tables.

Direction is what keeps a paraphrase from answering its converse: Lena's landlord
is whom *Lena* rents from, never whom she lets to; Brix's founder is who founded
*Brix*, never what Brix founded. A relation noun said *of* the target ("Is Lena a
landlord?") is not read through a frame at all.
"""

from __future__ import annotations

import re

import msgspec

from affidavit.gates.contracts import ClaimView
from affidavit.gates.read_words import construction_fills, states_instance, typed_right
from affidavit.text.lemmas import canonical, lemma, words
from affidavit.text.lexical import active, establishment_noun
from affidavit.text.memo import memo
from affidavit.text.question import Question, Term
from affidavit.text.slots import BY_NAME, FRAMES, Frame, Pattern

_BE = frozenset({"is", "was", "are", "were", "been", "being", "be", "'s", "’s", "get", "got"})
_NUMBER_WORD = (
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    r"fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|"
    r"eighty|ninety|hundred|thousand|million|billion|dozen|a couple of|both|twins|triplets"
)
NUMBER = re.compile(rf"\d|\b(?:{_NUMBER_WORD})\b", re.I)
_DATE = re.compile(
    r"\b(?:1\d{3}|20\d{2})\b|\b(?:january|february|march|april|may|june|july|august|"
    r"september|october|november|december)\b|\b(?:since|for)\s+(?:\d+|a|an|" + _NUMBER_WORD
    + r")\b",
    re.I,
)

_MONTH = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|"
    r"december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?"
)
# The numbers of a time ("in 2019", "April 2023", "3 May", "2021-04-01"): never a quantity.
_TIME_NUMBERS = re.compile(
    rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}(?:\s+\d{{4}})?\b"
    rf"|\b{_MONTH}\s+(?:\d{{1,2}}(?:st|nd|rd|th)?,?\s+)?\d{{1,4}}\b"
    r"|\b(?:in|since|from|until|till|by|during|before|after|between|and|to|of|around)\s+"
    r"(?:(?:early|late|mid)[\s-])?(?:1[5-9]\d{2}|20\d{2})s?\b"
    r"|\b\d{4}-\d{2}-\d{2}\b"
    r"|\b(?:1[5-9]\d|20\d)0s\b"  # a decade: "in the 1990s"
    r"|\b(?:spring|summer|autumn|fall|winter|fiscal|fy|q[1-4]|h[12])\s+(?:1[5-9]\d{2}|20\d{2})\b",
    re.I,
)


def states_quantity(text: str) -> bool:
    """Whether ``text`` states a number other than a time's: "bought Meltemi Kites in April
    2023" gives no price, "employs 120 people" a headcount."""
    return bool(NUMBER.search(_TIME_NUMBERS.sub(" ", text)))


def with_frames(q: Question) -> Question:
    """``q`` with the words that ask for a frame tagged, and the light verbs they absorb dropped."""
    inner = with_frames(q.inner) if q.inner is not None else None
    typed = tuple(typed_right(t) for t in q.terms)
    terms = _name_of_dropped(_assign(typed, q.wh, q.target_at, frozenset(q.predicated)))
    if q.whose_at is not None:  # "whose landlord is Xana": whom Xana lets to
        terms = tuple(
            msgspec.structs.replace(t, frame=CONVERSE_FRAMES[t.frame], converse=True, strict=True)
            if t.position == q.whose_at and t.frame in CONVERSE_FRAMES else t
            for t in terms
        )
    owned = frozenset(q.possessed)
    terms = tuple(
        msgspec.structs.replace(t, possessed=True) if t.position in owned else t for t in terms
    )
    if q.target_at is not None:
        target = q.target_at
        terms = tuple(
            msgspec.structs.replace(t, after_target=True) if t.position > target
            else msgspec.structs.replace(t, before_target=True)
            if t.position + len(t.surface.split()) in (target, target - 1) else t
            for t in terms
        )
    # "Lena's company", "Lena's firm": a place she works for, her employer's slot (not
    # "Lena's team" or "Lena's band", which she may only belong to).
    terms = tuple(
        msgspec.structs.replace(t, frame="employer")
        if t.possessed and not t.frame and t.kind == "word" and establishment_noun(t.lemma)
        else t
        for t in terms
    )
    return msgspec.structs.replace(q, terms=terms, inner=inner)


def _converse_frames() -> dict[str, str]:
    """Each two-party frame and the one that asks the same relation from the other side:
    its patterns with subject and object swapped ("landlord" and "tenant", "boss" and
    "reports"), read off the table."""
    def sided(frame: Frame, flip: bool) -> frozenset[tuple[tuple[str, ...], str]]:
        swap = {"subject": "object", "object": "subject"}
        return frozenset(
            (p.words, swap[p.side] if flip else p.side) for p in frame.patterns if p.side != "any"
        )

    out: dict[str, str] = {}
    for frame in FRAMES:
        mirror = sided(frame, True)
        other = next((f for f in FRAMES if mirror and sided(f, False) == mirror), None)
        if other is not None and other.name != frame.name:
            out.setdefault(frame.name, other.name)
    return out


CONVERSE_FRAMES = _converse_frames()
_ENDED = r"(?:former|ex|previous|late|old|one-time|retired|future|would-be)"
_NAME = r"(?:[A-Z\u00c0-\u024f][\w\-]*\s+){0,3}[A-Z\u00c0-\u024f][\w\-]*"


def converse_noun_grounds(term: Term, claim: ClaimView, own: bool) -> bool:
    """ "whose landlord is Xana?" by a relation noun, in the direction its sentence gives:
    "Xana is Xuaco's landlord" / "Xana is the landlord of Xuaco" (Xana's own claim),
    "Xuaco's landlord is Xana", "Xuaco is Xana's tenant", "Xuaco is a tenant of Xana"
    (the other's). "Xana is Xuaco's tenant" and "Xana's landlord is Xuaco" answer nothing."""
    asked_frame = BY_NAME.get(CONVERSE_FRAMES.get(term.frame, ""))
    this_frame = BY_NAME.get(term.frame)
    if asked_frame is None or this_frame is None:
        return False
    nouns = _alternation(asked_frame)  # "landlord": what the asked entity is
    others = _alternation(this_frame)  # "tenant": what the answer is to it
    rest = claim.text[len(claim.subject_name) :] if claim.text.startswith(claim.subject_name) else ""
    if not rest:
        return False
    mod = rf"(?:(?!{_ENDED}\b)\w+\s+)?"  # "new", not "former"
    if own:  # "Xana is Xuaco's landlord", "Xana is the landlord of Xuaco", "Xana's tenant is Xuaco"
        return bool(re.match(
            rf"^\s+(?:is|was)\s+(?:{_NAME}['’]s?\s+{mod}(?:{nouns})|the\s+{mod}(?:{nouns})\s+of\s+[A-Z]\w*)\b"
            rf"|^['’]s?\s+{mod}(?:{others})\s+(?:is|was)\s+[A-Z]",
            rest,
        ))
    # "Xuaco's landlord is Xana", "Xuaco is Xana's tenant", "Xuaco is a tenant of Xana"
    return bool(re.match(
        rf"^['’]s?\s+{mod}(?:{nouns})\s+(?:is|was)\s+[A-Z]"
        rf"|^\s+(?:is|was)\s+(?:{_NAME}['’]s?\s+{mod}(?:{others})|(?:a|the)\s+(?:{others})\s+of\s+[A-Z]\w*)\b",
        rest,
    ))


@memo(maxsize=128)
def _alternation(frame: Frame) -> str:
    """The frame's one-word trigger nouns as a regex alternation ("landlord|landlady")."""
    words = sorted({t for t in frame.triggers if t.isalpha()})
    return "|".join(re.escape(w) for w in words) or "(?!)"


def _name_of_dropped(terms: tuple[Term, ...]) -> tuple[Term, ...]:
    """ "the name of the CEO of X" asks for the CEO: the word "name" before a framed word
    ("name of the", "name of her") demands nothing the frame does not."""
    return tuple(
        t for i, t in enumerate(terms)
        if not (t.kind == "word" and t.lemma == "name" and i + 1 < len(terms)
                and terms[i + 1].frame and 1 < terms[i + 1].position - t.position <= 3)
    )


def _build_triggers() -> dict[str, tuple[tuple[int, int, str], ...]]:
    """First trigger lemma -> ``(frame index, trigger index, trigger)``."""
    out: dict[str, list[tuple[int, int, str]]] = {}
    for i, frame in enumerate(FRAMES):
        for j, trigger in enumerate(frame.triggers):
            out.setdefault(trigger.lstrip("<>").split()[0], []).append((i, j, trigger))
    return {k: tuple(v) for k, v in out.items()}


_TRIGGERS = _build_triggers()


def _assign(
    terms: tuple[Term, ...], wh: str, target_at: int | None, predicated: frozenset[int]
) -> tuple[Term, ...]:
    """Tag frame words, frames in table order (a word takes the first frame that asks it)."""
    present = {t.lemma for t in terms if t.kind == "word"}
    # Frames in table order; within one, the longest trigger first ("line manager" before
    # "manager", so that "line" is not left over as a word of its own).
    wanted = sorted(
        {hit for lem in present for hit in _TRIGGERS.get(lem, ())},
        key=lambda h: (h[0], -len(h[2].split()), h[1]),
    )
    out = list(terms)
    done: set[int] = set()
    for index, _order, trigger in wanted:
        frame = FRAMES[index]
        if index in done or (frame.wh and wh not in frame.wh):
            continue
        hit = _match(out, trigger, target_at, predicated)
        if hit is None:
            continue
        lo, hi = hit
        if frame.needs == "number" and any(_graded(t) and t.lemma in frame.triggers for t in out):
            continue  # "the largest workforce", "the cheapest ticket": one value among several
        if frame.first and not _leads(out, lo, frame):
            continue  # "play its home games": a word of the question, not its type
        absorbed = [
            i for i, t in enumerate(out)
            if not lo <= i <= hi and not t.frame and _light(t, frame)
        ]  # fmt: skip
        strict = bool(absorbed) or hi > lo or (trigger[0] in "<>" and not frame.loose)
        span = out[lo : hi + 1]
        also = [
            i for i, t in enumerate(out)
            if not lo <= i <= hi and not t.frame and _asks_too(t, frame)
            and (_beside(t, span) or (frame.needs == "number" and not _graded(t)))
        ]  # fmt: skip
        words = [t for i, t in enumerate(out) if lo <= i <= hi or i in also]
        surface = " ".join(t.surface for t in words)
        absorbed += also
        tagged = msgspec.structs.replace(
            out[lo], surface=surface, frame=frame.name, strict=strict
        )
        out = [
            tagged if i == lo else t
            for i, t in enumerate(out)
            if i == lo or (not lo < i <= hi and i not in absorbed)
        ]
        done.add(index)
    return tuple(out)


def _graded(term: Term) -> bool:
    """A comparative or superlative of the word ("larger", "biggest", "cheapest"): it asks
    of one value among several, which one stored value does not answer."""
    surface = term.surface.casefold()
    return surface != term.lemma and surface.endswith(("est", "er"))


def _asks_too(term: Term, frame: Frame) -> bool:
    """A second word of the question that asks the same frame ("*health* *condition*"):
    one of its plain one-word triggers. Only one beside the trigger is read so: apart
    from it, it asks its own slot ("what did X *study* at *university*" asks the subject,
    which "X graduated from Y University" does not say). A frame that asks a number is
    one slot however its words stand ("how *big* is the *workforce* at X"), unless the
    other word is inflected: "the *cheapest* ticket", "the *largest* workforce" ask of one
    value among several, which one stored value does not answer."""
    return term.kind == "word" and term.lemma in frame.triggers


def _beside(term: Term, span: list[Term]) -> bool:
    return term.position in (span[0].position - 1, span[-1].position + 1)


def _leads(terms: list[Term], lo: int, frame: Frame) -> bool:
    """Whether the trigger at ``lo`` opens the demand: only light verbs come before it,
    or modifiers right before it ("what *skin* condition")."""
    k = lo
    while k > 0 and terms[k - 1].kind == "word" and terms[k - 1].position == terms[k].position - 1:
        k -= 1
    return all(_light(t, frame) for t in terms[:k])


def _light(term: Term, frame: Frame) -> bool:
    if term.kind == "word":
        return term.lemma in frame.light
    # "What does Lena do for fun?": the "do" read as an occupation carries the frame.
    return term.kind == "class" and term.lemma == "occupation" and "do" in frame.light and (
        lemma(term.surface) == "do"
    )


def _match(
    terms: list[Term], trigger: str, target_at: int | None, predicated: frozenset[int]
) -> tuple[int, int] | None:
    side = trigger[0] if trigger[0] in "<>" else ""
    want = tuple(trigger.lstrip("<>").split())
    for lo in range(len(terms) - len(want) + 1):
        run = terms[lo : lo + len(want)]
        if tuple(t.lemma for t in run) != want or any(t.kind != "word" or t.frame for t in run):
            continue
        if run[0].position in predicated:
            continue  # "Is Lena a landlord?" says she is one, not who hers is
        if side and target_at is None:
            continue
        if side and lemma(run[0].surface.split()[0]) != want[0]:
            continue  # "works for" read as "employ": a phrase says its own direction
        if side == "<" and not run[0].position < (target_at or 0):
            continue
        if side == ">" and not run[0].position > (target_at or 0):
            continue
        return lo, lo + len(want) - 1
    return None


@memo(maxsize=65536)
def passive(text: str, verb: str) -> bool:
    """Whether ``verb`` (a lemma) stands in ``text`` as a passive participle ("is employed by")."""
    raw = words(text)
    for i, w in enumerate(raw):
        if i and lemma(w) == verb and w.casefold() != verb and raw[i - 1].casefold() in _BE:
            nxt = raw[i + 1].casefold() if i + 1 < len(raw) else ""
            return nxt == "by" or w.casefold().endswith(("ed", "en", "t"))
    return False


# Verbs relating two parties, whose passive swaps them ("Lena is employed by Brix" says
# Brix employs Lena). Other frame verbs are read as written: "Lena was born in Tromsø"
# and "Brix is based in Leeds" say something of their subject.
LETTING = re.compile(
    r"\b(?:rent|rents|rented|renting|lease|leases|leased|leasing)\s+(?:[\w'’]+\s+){0,3}?out\b"
    # "rents a flat to X" (the verb: not the noun of "pays (the) rent (of £500) to X")
    r"|(?<!\bpay\s)(?<!\bpays\s)(?<!\bpaid\s)(?<!\bthe\s)(?<!\bowes\s)(?<!\bowed\s)"
    r"\b(?:rents|rented|renting|leases|leased|leasing)\s+(?:[\w'’]+\s+){1,3}?to\b"
    r"|\b(?:let|lets|letting|sublet|sublets)\b",
    re.I,
)
_TWO_PARTY = frozenset({
    "employ", "hire", "manage", "supervise", "rent", "lease", "own", "appoint",
})  # fmt: skip


def _side_ok(pattern: Pattern, claim: ClaimView, own: bool) -> bool:
    if pattern.side == "any":
        return True
    verb = pattern.words[0]
    owned = _POSSESSED.match(claim.text[len(claim.subject_name) :]) if claim.text.startswith(
        claim.subject_name) else None  # fmt: skip
    if owned is not None and lemma(owned.group(1).casefold()) != verb:
        # "Lena Moss's daughter was born on 2 May": the daughter is the verb's subject, so
        # it says nothing of when Lena was born ("Lena Moss's birthday is ..." still does).
        return False
    swapped = verb in _TWO_PARTY and passive(claim.text, verb)
    if verb in ("rent", "lease") and LETTING.search(claim.text):
        swapped = not swapped  # "Lena rents out her flat to Sam": Lena is the landlord
    logical_subject = own != swapped
    return logical_subject if pattern.side == "subject" else not logical_subject


_POSSESSED = re.compile(r"['’]s?[ \t]+([a-z][\w-]*)")


def frame_grounds(
    term: Term, claim: ClaimView, offered: frozenset[str], own: bool, asked: frozenset[str] = frozenset()
) -> bool:
    """Whether ``claim`` fills the frame ``term`` asks for, for the asked entity."""
    frame = BY_NAME.get(term.frame)
    if frame is None:
        return False
    if frame.needs == "number" and not states_quantity(claim.text):
        return False
    if frame.needs == "date" and not _DATE.search(claim.text):
        return False
    for pattern in frame.patterns:
        by_verb = f">{term.lemma}" in frame.triggers or f"<{term.lemma}" in frame.triggers
        if (term.converse or by_verb) and pattern.side == "any":
            # a relation noun says no direction: see ``converse_noun_grounds``; nor for a
            # frame asked by its verb ("who does X rent from?" is not "X is Y's landlord")
            continue
        words_ok = all(w in offered for w in pattern.words)
        if words_ok and (not pattern.also or bool(offered & pattern.also)) and _side_ok(
            pattern, claim, own
        ):
            return True
    if term.frame == "employer" and term.possessed and establishment_noun(term.lemma) and own and any(
        all(w in offered for w in p.words) and _side_ok(p, claim, own) for p in BY_NAME["owned"].patterns
        if p.side == "subject"
    ):
        return True  # "Kynjai's company" is the one Kynjai owns as much as the one she works for
    if frame.category and own:
        lexicon = active()
        instances = [o for o in offered if lexicon.categories(o) & frame.category]
        if instances and states_instance(frame, claim, instances, asked):
            return True
    return own and construction_fills(frame.name, claim.text)



def derived_grounds(
    term: Term, claim: ClaimView, offered: frozenset[str], own: bool, possessed: bool
) -> bool:
    """An agent noun possessed by the asked entity grounds through its verb, in its direction.

    "Brix's founder" is answered by "Ana founded Brix" (Brix the verb's object) and by
    "Brix was founded by Ana"; "Brix's employee" by "Brix employs Lena" (the patient
    noun: Brix the verb's subject). Never for a noun said of the entity.
    """
    if not possessed:
        return False
    for verb, role in active().derivations(term.lemma):
        hits = [o for o in offered if o == verb or canonical(o) == canonical(verb)]
        for hit in hits:
            logical_subject = own != passive(claim.text, hit)
            if logical_subject == (role == "patient"):
                return True
    return False


def asks(frame_name: str) -> str | None:
    """How to suggest a frame to a user ("where they studied")."""
    frame = BY_NAME.get(frame_name)
    return frame.asks if frame is not None else None


def _build_slots() -> dict[str, tuple[tuple[int, Pattern], ...]]:
    """A pattern's first word -> ``(frame index, pattern)``, for patterns without ``also``."""
    out: dict[str, list[tuple[int, Pattern]]] = {}
    for i, frame in enumerate(FRAMES):
        for pattern in frame.patterns:
            if not pattern.also:
                out.setdefault(pattern.words[0], []).append((i, pattern))
    return {k: tuple(v) for k, v in out.items()}


_SLOTS = _build_slots()


@memo(maxsize=65536)
def slot_of(offered: frozenset[str]) -> str | None:
    """The first frame whose wording a claim uses, in a user's words (for suggestions)."""
    hits = [hit for word in offered for hit in _SLOTS.get(word, ())]
    for index, pattern in sorted(hits, key=lambda h: h[0]):
        if all(w in offered for w in pattern.words):
            return FRAMES[index].asks
    return None
