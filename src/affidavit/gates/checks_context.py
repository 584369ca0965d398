"""Match a claim to an evidence clause whose governing context it keeps.

``text.clauses.read`` cuts both texts into segments under frames (hearsay, condition,
question, hypothetical). A claim is grounded only in segments whose frames it states
too: "According to Lena, the ferry stops in May" in "Lena says the ferry stops in May",
the bare "The ferry stops in May" in nothing there. ``judge`` returns either a refusal
or the two texts the remaining checks should compare: the claim's content without its
frame, and the evidence segments under the same frames.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from affidavit.gates.checks_grounding import check_coverage
from affidavit.gates.write_writer import author, line_speaker
from affidavit.text import markers
from affidavit.text.clauses import Frame, Segment, read
from affidavit.text.lemmas import content_lemmas
from affidavit.text.names import find_names, refers_to
from affidavit.text.numbers import quantities
from affidavit.text.reference import DESCRIPTION, description_referent


class Judged(NamedTuple):
    refusal: tuple[str, str, str] | None  # (code, term, why)
    claim: str  # what the later checks compare ...
    evidence: str  # ... with this


_DETERMINERS = ("the ", "my ", "our ", "his ", "her ", "their ", "a ", "an ")


def _speaker_key(who: str) -> str:
    low = who.casefold().strip()
    for d in _DETERMINERS:
        if low.startswith(d):
            return low[len(d) :]
    return low


# A name an owner of what follows it ("Seini Taione's mother"): not the speaker's own name.
_OWNER = re.compile(r"['’]s?[ \t]+\w")


def _own_names(who: str) -> list[str]:
    return [n for n, _, end in find_names(who) if not _OWNER.match(who, end)]


_UNNAMED_OWNERS = ("my ", "our ", "their ", "your ", "his ", "her ")
_UNNAMED_OWNERS_BARE = frozenset(d.strip() for d in _UNNAMED_OWNERS)


def _owned_key(who: str) -> tuple[str, str]:
    """ "Seini Taione's father" -> ("Seini Taione", "father"); "my father" -> ("my", "father")
    (an owner, but no name); no owner -> ("", key)."""
    for n, _, end in find_names(who):
        hit = _OWNER.match(who, end)
        if hit is not None:
            return n, _speaker_key(who[hit.end() - 1 :])
    low = who.casefold().strip()
    unnamed = next((d for d in _UNNAMED_OWNERS if low.startswith(d)), "")
    return unnamed.strip(), _speaker_key(who)


def _owners_agree(a: str, b: str) -> bool:
    """No owner agrees with any ("Father" of the one child a note names); an owner written
    as "my", "our", "their" names nobody, so it is no named owner's ("my mother" is not
    "Ilse Brandvold's mother")."""
    if a in _UNNAMED_OWNERS_BARE or b in _UNNAMED_OWNERS_BARE:
        return False
    return not a or not b or refers_to(a, b) or refers_to(b, a)


def _same_speaker(a: str, b: str) -> bool:
    owned = len(_own_names(a)) < len(find_names(a)) or len(_own_names(b)) < len(find_names(b))
    if a[:1].isupper() and b[:1].isupper() and not owned and (refers_to(a, b) or refers_to(b, a)):
        return True
    if _speaker_key(a) == _speaker_key(b) != "":
        return True
    if owned:  # "Ilse Brandvold's father" and "Father" (of the one child the note names)
        (owner_a, key_a), (owner_b, key_b) = _owned_key(a), _owned_key(b)
        if key_a == key_b != "" and _owners_agree(owner_a, owner_b):
            return True
    # "my manager Kọ́lápọ̀ Fáṣọlá" and "Kọ́lápọ̀ Fáṣọlá", "chief executive Ada Obi" and
    # "Ada Obi": a described speaker is the person the description names; "Ada Obi's
    # mother" is not Ada Obi.
    na, nb = _own_names(a), _own_names(b)
    return bool(na and nb) and any(refers_to(x, y) or refers_to(y, x) for x in na for y in nb)


def _same_condition(a: str, b: str) -> bool:
    """Two conditions say the same: each covers the other, same polarity, same numbers."""
    if check_coverage(a, b) is not None or check_coverage(b, a) is not None:
        return False
    if markers.negations(a) % 2 != markers.negations(b) % 2:
        return False
    return {q.value for q in quantities(a)} == {q.value for q in quantities(b)}


def _frames_match(claim: str, mine: tuple[Frame, ...], theirs: tuple[Frame, ...]) -> bool:
    """Every evidence frame is stated by the claim, and the claim states no other."""
    unused = list(mine)
    for e in theirs:
        hit = next((c for c in unused if c.kind == e.kind and _args_match(e, c)), None)
        if hit is not None:
            unused.remove(hit)
        elif (
            e.kind == "hearsay"
            and not find_names(e.arg.split(_ALIAS)[0])
            and "hedge" in markers.modalities(claim)
        ):
            continue  # "word is ...", "inspectors say ... may have": kept by the claim's hedge
        elif e.kind == "plan" and not {"future", "intent"}.isdisjoint(markers.modalities(claim)):
            continue  # "Actions: Ana - book the venue": kept by "Ana is to book the venue"
        else:
            return False
    return not unused


# Verbs of saying, a closed class: what "X said ..." needs of the evidence's report (or an
# "according to"). An attitude ("hopes", "fears", "expects", "the union's target") says
# nothing; "According to X, ..." in a claim keeps an attitude as it keeps a report.
SAYING = re.compile(
    r"\b(?:say|says|said|saying|tells?|told|states?|stated|claims?|claimed|insists?|insisted|"
    r"alleges?|alleged|writes|wrote|reports?|reported|adds?|added|announces?|announced|"
    r"explains?|explained|mentions?|mentioned|maintains?|maintained|argues?|argued|swears?|swore|"
    r"declares?|declared|confirms?|confirmed|complains?|complained|warns?|warned|assures?|assured|"
    r"informs?|informed|notified|advised|texted|messaged|emailed|posted|tweeted)\b",
    re.I,
)
_ACCORDING = re.compile(r"\b(?:according to|per)\b", re.I)


def _args_match(e: Frame, c: Frame) -> bool:
    if e.kind == "hearsay" and _ALIAS in e.arg:
        return any(_args_match(Frame(e.kind, arg, e.cue), c) for arg in e.arg.split(_ALIAS))
    said = e.kind == "hearsay" and SAYING.search(c.cue) is not None
    if said and SAYING.search(e.cue) is None and _ACCORDING.search(e.cue) is None:
        return False  # "The union said X" of "X, the union hopes.": an attitude is not a saying
    if e.kind == "hearsay":
        return (e.arg == "" and c.arg == "") or (e.arg != "" and c.arg != "" and _same_speaker(c.arg, e.arg))
    if e.kind == "condition":
        return _same_condition(c.arg, e.arg)
    return True


_ORG_NOUNS = frozenset({"company", "firm", "business", "group", "chain", "bank", "club", "council",
                        "retailer", "operator", "maker", "manufacturer", "startup", "agency",
                        "charity", "insurer", "lender", "studio", "publisher", "developer"})  # fmt: skip


class _Mention(NamedTuple):
    name: str
    start: int
    end: int


def _described_speakers(ev: str, frames: tuple[Frame, ...]) -> tuple[Frame, ...]:
    """ "..., the chain said.": a speaker given as a description the evidence attached to
    one name ("Seoryeong Pharma" for "the chain", an organisation by its name's head) is
    that name, so a claim that names the speaker keeps the frame."""
    if not any(f.kind == "hearsay" and (f.arg[:4].casefold() == "the " or _elided(f)) for f in frames):
        return frames
    out = []
    for f in frames:
        if f.kind == "hearsay" and _elided(f):
            # "Patient: Iida Vik. Reports she stopped ...": a note's elided speaker is the
            # one person the note names.
            distinct = {n for n, _, _ in find_names(ev)}
            if len(distinct) == 1:
                f = Frame(f.kind, f"{f.arg}{_ALIAS}{distinct.pop()}", f.cue)
            out.append(f)
            continue
        hit = DESCRIPTION.fullmatch(f.arg.strip()) if f.kind == "hearsay" else None
        if hit is not None:
            found = [_Mention(*m) for m in find_names(ev)]
            at = ev.find(f.cue)
            name = description_referent(ev, found, hit.group(1), at if at >= 0 else len(ev))
            if name is None and at >= 0:
                name = description_referent(ev, found, hit.group(1), len(ev))
            distinct = {m.name for m in found}
            if name is None and len(distinct) == 1 and hit.group(1).casefold() in _ORG_NOUNS:
                name = found[0].name  # the evidence names one party only: "the company" is it

            if name is not None:
                f = Frame(f.kind, f"{f.arg}{_ALIAS}{name}", f.cue)
        out.append(f)
    return tuple(out)


_FIRST_PERSON_OWNERS = ("my ", "our ")


def _first_person(ev: str, frames: tuple[Frame, ...], speaker: str | None) -> tuple[Frame, ...]:
    """ "Tomas Vell: my mother says ...": a speaker owned by "my" or "our" is owned by the
    one who writes it, when the evidence names that writer (its label, its author, or the
    turn's speaker); otherwise the owner stays unnamed and matches no named owner."""
    out = []
    for f in frames:
        low = f.arg.casefold()
        owner = next((d for d in _FIRST_PERSON_OWNERS if low.startswith(d)), None)
        if f.kind == "hearsay" and owner is not None and _ALIAS not in f.arg:
            at = ev.find(f.cue)
            label = line_speaker(ev, at if at >= 0 else 0)
            writer = label.name if label is not None else speaker or author(ev)
            if writer is not None:
                f = Frame(f.kind, f"{f.arg}{_ALIAS}{writer}'s {f.arg[len(owner):]}", f.cue)
        out.append(f)
    return tuple(out)


def _elided(f: Frame) -> bool:
    """A note's report with its subject left out ("Reports she ...", "Denies any pain")."""
    return f.arg == "" and _ELIDED_CUE.match(f.cue) is not None


_ELIDED_CUE = re.compile(
    r"^(?=(?-i:[A-Z]))(?:\w+ly\s+)?(?:says|said|reports|reported|states|stated|claims|claimed|denies|denied|"
    r"mentions|mentioned|thinks|believes|feels|felt|insists|insisted)\b",
    re.I,
)


# A described speaker's frame carries the name it stands for after this separator;
# the speaker matches as either ("the company" is kept by a hedge, or by its name).
_ALIAS = "\x00"


def _text(text: str, segs: list[Segment]) -> str:
    return " ; ".join(("not " if s.negated else "") + text[s.start : s.end].strip() for s in segs)


def _overlap(claim: str, part: str) -> int:
    return len(set(content_lemmas(claim)) & set(content_lemmas(part)))


def judge(
    claim: str,
    ev: str,
    carried: tuple[Frame, ...] = (),
    speaker: str | None = None,
    writer: str | None = None,
) -> Judged:
    """A refusal when the claim drops (or adds) the context of the clause it matches.
    ``speaker`` is the named speaker whose labelled turn holds ``ev``, if any; ``writer``
    the writer of the whole message ``ev`` is from (a sign-off, "it's Hamadi"), if known."""
    ev_segs = [
        Segment(s.start, s.end,
                _first_person(ev, _described_speakers(ev, carried + s.frames), speaker),
                s.negated)
        for s in read(ev)
    ]
    c_segs = list(read(claim))
    if not any(s.frames or s.negated for s in ev_segs) and not any(s.frames or s.negated for s in c_segs):
        return Judged(None, claim, ev)  # nothing governs either: the common case, untouched
    main = [s for s in c_segs if not any(f.kind == "supposed" for f in s.frames)] or c_segs
    # The claim's frames are those of its fullest clause ("I wonder if X": X's, not "I"'s).
    lead = max(main, key=lambda s: len(content_lemmas(claim[s.start : s.end])), default=None)
    mine = lead.frames if lead is not None else ()
    main = [s for s in main if s.frames == mine] or main
    core = _text(claim, main)
    fitting = [s for s in ev_segs if _frames_match(claim, mine, s.frames)]
    if fitting and check_coverage(core, _text(ev, fitting)) is None:
        undone = _report_undone(claim, mine, ev, fitting[0])
        if undone is not None:
            why = f"the evidence does not say the report was made ('{undone}'); the claim says it was"
            code = "modality_dropped" if _HEDGED_REPORT.fullmatch(undone.casefold()) else "negation_flipped"
            return Judged((code, undone, why), core, _text(ev, fitting))
        return Judged(None, core, _text(ev, fitting))
    # The claim's content is in a clause under other frames: say which it dropped or added.
    others = [s for s in ev_segs if s not in fitting]
    covering = [s for s in others if check_coverage(core, _text(ev, [s])) is None]
    pool = covering or sorted(others, key=lambda s: -_overlap(core, ev[s.start : s.end]))[:1]
    if pool and (covering or _overlap(core, ev[pool[0].start : pool[0].end]) > 0):
        seg = pool[0]
        dropped = [f for f in seg.frames if not any(c.kind == f.kind and _args_match(f, c) for c in mine)]
        if seg.negated and not any(s.negated for s in main):
            return Judged(("negation_flipped", _cue(seg.frames), _why_negated(seg)), core, _text(ev, [seg]))
        if dropped:
            f = dropped[0]
            return Judged(("modality_dropped", f.cue, _why_dropped(f)), core, _text(ev, [seg]))
        added = [c for c in mine if not any(c.kind == f.kind and _args_match(f, c) for f in seg.frames)]
        if added and all(_by_writer(c, ev, speaker, writer) for c in added):
            # "Lena Dahl: the ferry stops in May" -> "Lena Dahl said the ferry stops in May":
            # the claim names the message's writer as the one who says it. A report inside
            # ("Lena Dahl: Ola says ...") is kept by the claim, or it was dropped (above).
            return Judged(None, core, _text(ev, [seg]))
        if added:
            c = added[0]
            why = f"the claim puts it under '{c.cue}', which the evidence does not"
            return Judged(("asserts_more_than_evidence", c.cue, why), core, _text(ev, [seg]))
    # No clause under the claim's frames says it: the later checks find what is missing.
    return Judged(None, core, _text(ev, fitting))


# Before a report's content, words that deny, hedge or leave unmade the report itself: "It
# is untrue that X said", "X never once said", "Not once did X say", "X refused to say",
# "X may have said", "X allegedly said", "X was misquoted as saying", "No record shows X said".
_REPORT_UNDONE = re.compile(
    r"(?i:\b(?:untrue|false|falsely|wrongly|never|not|no|neither|nor|none|nobody|refused|failed|declined|"
    r"stopped short|would(?:n['’]t| not)|wanted|about to|almost|nearly|yet to|may|might|could|allegedly|"
    r"reportedly|supposedly|rumou?red|misquoted|quoted as|reported to|lied)\b|n['’]t\b)"
)


_HEDGED_REPORT = re.compile(
    r"may|might|could|allegedly|reportedly|supposedly|rumou?red|almost|nearly|about to|wanted|yet to"
)


def _report_undone(claim: str, mine: tuple[Frame, ...], ev: str, seg: Segment) -> str | None:
    """A claim that someone reported something ("X said that P") against evidence whose words
    before that report deny, hedge or leave it unmade, when the claim's own do not."""
    if not any(f.kind == "hearsay" and f.arg for f in mine):
        return None
    start = max(ev.rfind(". ", 0, seg.start) + 1, ev.rfind("\n", 0, seg.start) + 1)
    said = _REPORT_UNDONE.search(ev, start, seg.start)
    if said is None:
        return None
    claim_lead = claim[: next((s.start for s in read(claim) if s.frames == mine), len(claim))]
    return None if _REPORT_UNDONE.search(claim_lead) else said.group(0)


def _by_writer(c: Frame, ev: str, speaker: str | None, writer: str | None = None) -> bool:
    """The claim's frame is a report by the writer of the evidence's message, or by the
    speaker of the labelled turn the evidence is from."""
    if c.kind != "hearsay" or not c.arg:
        return False
    label = line_speaker(ev, 0)  # "Lena Dahl: the ferry stops ...": the line's speaker
    named = (author(ev), label.name if label else None, speaker, writer)
    return any(w is not None and _same_speaker(c.arg, w) for w in named)


def _cue(frames: tuple[Frame, ...]) -> str:
    return next((f.cue for f in frames if f.kind == "hearsay"), frames[0].cue if frames else "not")


def _why_negated(seg: Segment) -> str:
    return f"the evidence denies it ('{_cue(seg.frames)}'); the claim asserts it"


_WHY = {
    "hearsay": "the evidence only reports it ('{cue}'); the claim states it as fact",
    "condition": "the evidence states it only under a condition ('{cue} {arg}'); the claim drops it",
    "supposed": "the evidence only supposes it ('{cue}'); the claim states it as fact",
    "question": "the evidence asks it ('{cue}'); the claim states it as fact",
    "hypothetical": "the evidence only imagines it ('{cue}'); the claim states it as fact",
    "plan": "the evidence lists it as still to do ('{cue}'); the claim states it as done",
}


def _why_dropped(f: Frame) -> str:
    return _WHY[f.kind].format(cue=f.cue, arg=f.arg.split(_ALIAS)[0])
