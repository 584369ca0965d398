"""Clauses with their governing context: who says so, under what condition, asked or supposed.

A message asserts only some of its clauses. "Lena says the ferry stops in May" asserts
that Lena says so; "If the council agrees, Brio will open a depot" asserts neither the
agreement nor the depot; "Is Omar still at Vantec?" and "Suppose Ada took the job"
assert nothing. ``read`` cuts a text into segments, each with the frames that govern it:

- ``hearsay`` (argument: the speaker as written, "" for an unnamed one),
- ``condition`` (argument: the condition's text, "if" / "unless" folded into its polarity)
  over the consequent, and ``supposed`` over the condition itself,
- ``question`` (direct, ending in "?", or embedded: "I wonder if", "whether"),
- ``hypothetical`` ("suppose", "imagine", "what if").

A frame's cue words (the "says", the "If ... ,") are left out of every segment, so the
segments hold only what is said under the frames. Pure and regex-only; a construction
it does not know leaves the text as one asserted segment, as the gate read it before.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from affidavit.text.clause_cues import (
    _ACTIONS,
    _ASKING,
    _CONDITION,
    _DENIAL,
    _HYPOTHETICAL,
    _INLINE,
    _INTERROGATIVE,
    _INVERTED,
    _LEAD,
    _PERMITTING,
    _POST_CONDITION,
    _RUMOUR,
    _SPEAKER,
    _TRAIL,
    _UNTIL_PRESENT,
    _VERB_FIRST,
    _WORD,
    CHAT_TIME,
    REPORT_TIME,
    _document,
    _first_word,
    _has_finite,
    _is_condition,
    _no_clause_after,
    _pieces,
    _speaker_like,
    speaker_cased,
)
from affidavit.text.memo import memo


class Frame(NamedTuple):
    kind: str  # "hearsay" | "condition" | "supposed" | "question" | "hypothetical" | "plan"
    arg: str  # the speaker, the condition text, or ""
    cue: str  # the words that set the frame, for the refusal's term


class Segment(NamedTuple):
    start: int  # offsets into the text read
    end: int
    frames: tuple[Frame, ...]
    negated: bool = False  # under a denial ("Lena denied that ..."): the frame negates it


@memo(maxsize=4096)
def read(text: str) -> tuple[Segment, ...]:
    """The segments of ``text`` with their frames; frame cues are in no segment."""
    out: list[Segment] = []
    for a, b in _sentences(text):
        out.extend(_read_sentence(text, a, b))
    return tuple(out)


def _sentences(text: str) -> list[tuple[int, int]]:
    from affidavit.text.sentences import sentences

    return sentences(text)


# '"We are leaving Nakuru," said Wanjala Barasa.' / '"...," Ana Ruiz said on Monday.': a
# quotation and its speaker; the speaker's words are hearsay.
_QUOTING = r"said|says|added|adds|told \w+|insisted|claimed|claims|wrote|writes|denied|denies|asked|asks"
_QUOTED = re.compile(
    r"^\s*[“\"](?P<quote>[^“”\"]{2,}?)[,.!?]?[”\"]\s*,?\s*"
    r"(?:(?P<verb>" + _QUOTING + r")\s+"
    r"(?P<who2>[^,.;:!?]{1,80}?)|(?P<who>[^,.;:!?“”\"]{1,60}?)\s+"
    r"(?P<verb2>" + _QUOTING + r"))"
    r"(?:\s*,[^.;!?]*|\s+(?:on|last|this|yesterday|today|earlier|later|in|at)\b[^.;!?]*)?[.!]?\s*$"
)


def _quoted(text: str, a: int, b: int) -> list[Segment] | None:
    hit = _QUOTED.match(text, a, b)
    if hit is None:
        return None
    who = (hit.group("who2") or hit.group("who") or "").strip()
    if not who or not (who[:1].isupper() or _speaker_like_words(who)):
        return None
    verb = (hit.group("verb") or hit.group("verb2") or "").casefold()
    frame = Frame("hearsay", who, text[hit.end("quote") : b].strip())
    # The quoted words keep their own frames under the speaker's: a condition ("... if the
    # loan fails"), a question ("...?"), a report inside ("I heard ...", "..., people say").
    qa, qb = hit.start("quote"), hit.end("quote")
    inner = _read_sentence(text, qa, qb + 1 if text[qb : qb + 1] == "?" else qb)
    return [Segment(s.start, min(s.end, qb), (frame, *s.frames), s.negated or verb in _DENIAL)
            for s in inner] or [Segment(qa, qb, (frame,), verb in _DENIAL)]


def _speaker_like_words(who: str) -> bool:
    """ "chief executive Wanjala Barasa", "the mayor", "a rival": a speaker, not a clause."""
    words = who.split()
    return 0 < len(words) <= 6 and (
        words[0].casefold() in ("the", "his", "her", "their", "its", "our", "my", "a", "an", "one", "another")
        or words[-1][:1].isupper()
    )


def _read_sentence(text: str, a: int, b: int) -> list[Segment]:
    quoted = _quoted(text, a, b)
    if quoted is not None:
        return quoted
    body_end = b
    while body_end > a and text[body_end - 1] in "\"'’”)]!. ":
        body_end -= 1
    asked = (body_end > a and text[body_end - 1] == "?") or _unmarked_question(text[a:body_end])
    pieces = _pieces(text, a, b)
    frames: list[list[Frame]] = [[] for _ in pieces]
    keep: list[tuple[int, int]] = list(pieces)
    negated = [False] * len(pieces)
    if asked:
        _mark_question(text, pieces, frames)
    for i, (pa, pb) in enumerate(pieces):
        piece = text[pa:pb]
        # A report may nest ("Omar says Lena said ...") and may hold a condition or a
        # question ("Ana said Brio will hire if ..."): after each speaker's cue, the rest
        # of the piece is read again, up to three reports deep.
        reported, trailed = False, False
        for _depth in range(3):
            found = _report_in(piece, i, len(pieces), text[pb:b])
            if found is None:
                break
            frame, cut, denial, trailing = found
            keep[i] = (pa + cut, pb)
            # "..., according to Lena." governs what went before; "Per Lena, ..." what follows;
            # "..., Lena said, but ..." both.
            for j in (range(len(pieces)) if trailing and i < len(pieces) - 1
                      else range(i) if trailing else range(i, len(pieces))):  # fmt: skip
                frames[j].append(frame)
                negated[j] = negated[j] or denial
            reported, trailed = True, trailed or trailing
            pa, piece = pa + cut, text[pa + cut : pb]
        if trailed or (reported and not piece.strip()):
            continue
        if _ACTIONS.match(piece.strip()) and i + 1 < len(pieces) and text[pb : pb + 2].startswith(":"):
            # "Actions: (1) Rita - book the venue; ...": every later piece is to do.
            for j in range(i, len(pieces)):
                frames[j].append(Frame("plan", "", piece.strip() + ":"))
            keep[i] = (pa, pb + 1)  # the header stays, colon and all: the later checks see the plan
            continue
        elided = _ELIDED.match(piece) if i == 0 and not reported and piece[:1].isupper() else None
        if elided is not None and not _no_clause_after(piece, elided.end(), i + 1 < len(pieces), None):
            # "Reports he stopped taking it.", "Says she left in May.": a note's elided
            # subject reports it; the speaker is unnamed, the clause hearsay.
            frame = Frame("hearsay", "", piece[: elided.end()].strip())
            keep[i] = (pa + elided.end(), pb)
            for j in range(i, len(pieces)):
                frames[j].append(frame)
                negated[j] = negated[j] or elided.group("verb").casefold() in _DENIAL
            continue
        described = _described_trail(text, pieces, i) if i >= 1 and not reported else None
        if described is not None:
            # "..., Pryderi Llywarch, chair of the Cwm Alaw Water Trust, said." and "..., said
            # Pryderi Llywarch, chair of the trust.": a trailing report whose speaker has a
            # description beside it governs the clause before, as "..., Ana said." does.
            k, who = described
            frame = Frame("hearsay", who, text[pieces[k][0] : pieces[-1][1]].strip())
            for j in range(k, len(pieces)):
                keep[j] = (pieces[j][1], pieces[j][1])
            for j in range(k):
                frames[j].append(frame)
            break
        opener = _VERB_FIRST.match(piece) if i > 0 and not reported else None
        if opener is not None and not _no_clause_after(piece, opener.end(), i + 1 < len(pieces), None):
            # "X's daughter, Lotte Brink, says ...": the speaker is the apposition before;
            # "Rhea Tock, a nurse at Oran Clinic, said ...": the name before a description.
            who = text[pieces[i - 1][0] : pieces[i - 1][1]].strip()
            if (
                i >= 2
                # "a nurse at Oran Clinic", "manager of the Shonatila Tea Estate", "58": a
                # description or an age, not a name, between the name and its verb.
                and (_DESCRIPTION.match(who) or who[:1].islower() or who.isdigit())
                and text[pieces[i - 2][0] : pieces[i - 2][1]].strip()[:1].isupper()
            ):
                who = text[pieces[i - 2][0] : pieces[i - 2][1]].strip()
            frame = Frame("hearsay", who, piece[: opener.end()].strip())
            keep[i] = (pa + opener.end(), pb)
            for j in range(i, len(pieces)):
                frames[j].append(frame)
                negated[j] = negated[j] or opener.group("verb").casefold() in _DENIAL
            # The speaker's own words are the frame; a full clause before them is the
            # writer's ("Two cranes are out, though the mayor, Ana Ruiz, said ...").
            for j in range(i - 1, -1, -1):
                if j < i - 1 and _has_finite(_WORD.findall(text[pieces[j][0] : pieces[j][1]])):
                    break
                keep[j] = (pieces[j][0], pieces[j][0])
            continue
        middle = 0 < i < len(pieces) - 1 and _COORDINATED.match(text, pb) is not None
        if i > 0 and (i == len(pieces) - 1 or middle):
            trail = _TRAIL.match(piece)
            if middle and trail is not None and (trail.group("verb") or "said").casefold() not in _ASSERTED:
                trail = None  # "P, X hoped, but ...": a hope set between commas is no statement of P
            before = text[pieces[i - 1][0] : pieces[i - 1][1]]
            if trail is not None and trail.group("who2") and not (
                _has_finite(_WORD.findall(before)) or before.rstrip()[-1:] in "\"”’'"
            ):
                trail = None  # "..., according to her publisher, wrote her first novel": no clause before it
            if trail is not None and _speaker_like(trail):
                who = next(trail.group(g) for g in ("who", "who2", "who3", "who4") if trail.group(g))
                frame = Frame("hearsay", who.strip().rstrip(".!?"), piece.strip())
                keep[i] = (pb, pb)
                denial = (trail.group("verb") or "").casefold() in _DENIAL or bool(trail.group("false"))
                for j in range(len(pieces)) if middle else range(i):
                    frames[j].append(frame)
                    negated[j] = negated[j] or denial
                continue
            hedge = _HEDGE_NOUN.match(piece)
            if hedge is not None and _has_finite(_WORD.findall(text[pieces[0][0] : pieces[i - 1][1]])):
                # "..., the CFO's forecast.": an apposition that calls the clause before a
                # forecast, an estimate or a claim: whose it is, if said, is its speaker.
                who = re.sub(r"['’]s?$", "", (hedge.group("who") or hedge.group("owner") or "").strip())
                frame = Frame("hearsay", who, piece.strip())
                keep[i] = (pb, pb)
                for j in range(i):
                    frames[j].append(frame)
                continue
        hyp = _HYPOTHETICAL.match(piece)
        if hyp is not None and (hyp.end() < len(piece) or i + 1 < len(pieces)):
            frame = Frame("hypothetical", "", piece[: hyp.end()].strip() or piece)
            keep[i] = (pa + hyp.end(), pb)
            span = range(i, i + 1) if hyp.end() < len(piece) else range(i + 1, len(pieces))
            for j in span:
                frames[j].append(frame)
            continue
        cond = _CONDITION.match(piece)
        if cond is not None and _RELEVANCE.match(piece, cond.end()):
            # "..., if anyone wants to cheer him on": the condition is on the telling, not
            # on what is told; it governs nothing.
            frames[i].append(Frame("supposed", "", piece[: cond.end()].strip()))
            keep[i] = (pa + cond.end(), pb)
            continue
        if (
            cond is not None
            and i > 0
            and i == len(pieces) - 1
            and cond.group("cue").casefold() not in _INVERTED
        ):
            # "..., as long as the council agrees.": a condition on what went before.
            cue = cond.group("cue").casefold()
            arg = ("not " if cue == "unless" else "") + piece[cond.end() :].strip().rstrip(".!")
            frames[i].append(Frame("supposed", "", piece[: cond.end()].strip()))
            keep[i] = (pa + cond.end(), pb)
            for j in range(i):
                frames[j].append(Frame("condition", arg, piece[: cond.end()].strip()))
            continue
        if cond is None:
            cond = _PERMITTING.match(piece)
        if cond is not None and _is_condition(cond, piece, text[pb:b]) and i + 1 < len(pieces):
            cue = cond.group("cue").casefold()
            what = piece[cond.end() :].strip()
            arg = ("not " if cue == "unless" else "") + what
            keep[i] = (pa + cond.end(), pb)
            frames[i].append(Frame("supposed", "", piece[: cond.end()].strip()))
            for j in range(i + 1, len(pieces)):
                frames[j].append(Frame("condition", arg, piece[: cond.end()].strip()))
            continue
        until = _UNTIL_PRESENT.search(piece)
        if until is not None:
            # The piece holds as said up to "until"; what it waits for is only supposed.
            keep[i] = (pa, pa + until.start())
            keep.append((pa + until.end(), pb))
            frames.append(frames[i] + [Frame("supposed", "", until.group("cue"))])
            negated.append(negated[i])
            continue
        post = _POST_CONDITION.search(piece)
        if post is not None and _RELEVANCE.match(piece, post.end()):
            post = None  # "moved to lutsk so if u need the drill its at my dads": asserted
        if post is not None and not _ASKING.search(piece[: post.end()]):
            cue = post.group("cue").casefold()
            what = piece[post.end() :].strip().rstrip(".!")
            arg = ("not " if cue == "unless" else "") + what
            keep[i] = (pa, pa + post.start())
            frames[i].append(Frame("condition", arg, post.group("cue")))
            keep.append((pa + post.end(), pb))
            frames.append(frames[i][:-1] + [Frame("supposed", "", post.group("cue"))])
            negated.append(negated[i])
            continue
        ask = _ASKING.search(piece)
        if ask is not None:
            keep.append((pa + ask.end(), pb))
            frames.append(frames[i] + [Frame("question", "", ask.group(0))])
            negated.append(negated[i])
            keep[i] = (pa, pa + ask.start())
    segs = [Segment(ka, kb, tuple(fr), ng) for (ka, kb), fr, ng in zip(keep, frames, negated, strict=True)]
    return _merged(text, sorted((s for s in segs if text[s.start : s.end].strip()), key=lambda s: s.start))


# "..., the CFO's forecast.", "..., a company estimate.": a closing apposition that names
# the clause before as a forecast, an estimate, a claim or a hope of someone's.
_HEDGE_NOUN = re.compile(
    r"^\s*(?:(?:the|a|an|his|her|its|their|our|my)\s+(?P<who>(?:[\w'’.\-]+\s+){0,3}?)"
    r"|(?P<owner>(?:[\w'’.\-]+\s+){0,2}?[\w.\-]+['’]s?\s+))"
    r"(?:(?:own|latest|initial|early|best|rough|official|internal|public)\s+)?"
    r"(?P<noun>forecasts?|estimates?|projections?|predictions?|guess|guesses|claims?|allegations?|"
    r"hopes?|expectations?|assumptions?|targets?|view|opinion|belief)"
    + REPORT_TIME + r"\s*[.!]*\s*$",
    re.I,
)


# A condition on the telling, not on what is told ("if you want to come", "if anyone needs
# the drill", "if that helps"): relevance conditionals.
_RELEVANCE = re.compile(
    r"\s*(?i:(?:you|u|ya|anyone|anybody|someone|somebody|any of you|y'?all)\s+(?:ever\s+)?"
    r"(?:want|wants|wanna|need|needs|would like|'?d like|fancy|fancies|care|cares|feel like|"
    r"are interested|is interested|'?re interested|are wondering|were wondering|'?re wondering|"
    r"are asking|'?re asking|must know)|(?:that|it) helps)\b"
)


# "a nurse at Oran Clinic", "the firm's founder": a description, not a name.
_DESCRIPTION = re.compile(r"(?:a|an|the|our|my|its|their)\s+[a-z]")
# A reporting verb alone closing a sentence: "said.", "said on Monday.", "told reporters."
_BARE_REPORT = re.compile(
    r"^\s*(?:\w+ly\s+)?(?:said|says|added|adds|told reporters|confirmed|announced)"
    + REPORT_TIME + r"\s*[.!]*\s*$",
    re.I,
)
_SAID_NAME = re.compile(r"^\s*(?:said|says|added|adds)\s+(?P<who>[A-ZÀ-ÞĀ-Ž][^,;:]{0,60}?)\s*$")


def _descriptive(piece: str) -> bool:
    """A piece that only describes a name beside it ("chair of X", "the trust chair", "58")."""
    piece = piece.strip().rstrip(".!")
    return bool(piece) and (_DESCRIPTION.match(piece) is not None or piece[:1].islower() or piece.isdigit())


def _described_trail(text: str, pieces: list[tuple[int, int]], i: int) -> tuple[int, str] | None:
    """(first piece of the report, speaker) when pieces ``i`` on close the sentence as a
    report whose speaker has a description beside it (after or before the name), after a
    full clause; else ``None``."""
    here = text[pieces[i][0] : pieces[i][1]]
    rest = [text[a:b] for a, b in pieces[i + 1 :]]
    beside = text[pieces[i - 1][0] : pieces[i - 1][1]]
    if _BARE_REPORT.match(here) and not rest and i >= 2 and _descriptive(beside):
        k = i - 2
        who = text[pieces[k][0] : pieces[k][1]].strip()
    elif (
        _BARE_REPORT.match(here) and not rest and i >= 3 and beside.strip()[:1].isupper()
        and _descriptive(text[pieces[i - 2][0] : pieces[i - 2][1]])
    ):
        # "..., its chief executive, Ysolde Marrack, said.": the description first.
        k, who = i - 2, beside.strip()
    elif (said := _SAID_NAME.match(here)) is not None and rest and all(_descriptive(r) for r in rest):
        k, who = i, said.group("who")
    else:
        return None
    if k < 1 or not who[:1].isupper() or len(who.split()) > 6:
        return None
    before = _WORD.findall(text[pieces[0][0] : pieces[k - 1][1]])
    return (k, who) if _has_finite(before) else None


def _report_in(piece: str, i: int, n: int, tail: str = "") -> tuple[Frame, int, bool, bool] | None:
    """A hearsay frame opening ``piece``: (frame, where its cue ends, a denial, trailing).
    ``tail`` is the rest of the sentence after the piece (for a subject cut by commas)."""
    lead = _LEAD.match(piece) or _RUMOUR.match(piece)
    if lead is not None and _document(lead.groupdict().get("who") or ""):
        lead = None  # "According to its annual report": a record the evidence quotes
    if lead is not None and lead.end() > 0:
        who = (lead.groupdict().get("who") or "").strip().rstrip(".!?")
        trailing = i > 0 and i == n - 1 and not piece[lead.end() :].strip(" .!")
        return Frame("hearsay", who, piece[: lead.end()].strip()), lead.end(), False, trailing
    inline = _INLINE.match(piece)
    if inline is None or not speaker_cased(inline.group("who")):
        return None  # "nothing says ...": no speaker
    verb = inline.group("verb").casefold()
    # "gave the founding year as 1978": a figure reported as a figure, a small clause "X as V".
    figure = verb in _FIGURE_REPORT
    if 0 < i < n - 1 and _PARENTHETICAL_END.fullmatch(piece, inline.end()) and _COORDINATED.match(tail):
        # "No one was injured, spokesman Radek Lis said, but the shed was destroyed": a
        # report set between commas says the clause before (and, unsure, the one after).
        frame = Frame("hearsay", inline.group("who"), piece[: inline.end()].strip())
        return frame, inline.end(), verb in _DENIAL or bool(inline.group("neg") or inline.group("neg2")), True
    if (not figure and _no_clause_after(piece, inline.end(), i + 1 < n, inline)
            and not _subject_with_apposition(piece[inline.end() :], tail)):
        return None
    if verb in _ASSERTING and _WRITER.match(inline.group("who")):
        return None  # "I'm pleased to say ...", "we say ...": the writer asserts it
    frame = Frame("hearsay", inline.group("who"), piece[: inline.end()].strip())
    # "Ana never said that she was ill": the report itself is denied.
    denied = verb in _DENIAL or bool(inline.group("neg") or inline.group("neg2"))
    return frame, inline.end(), denied, False


# The verbs a report set between commas may have: it states what it reports.
_ASSERTED = frozenset({"said", "says", "told me", "told us", "tells me", "wrote", "writes", "reported",
                       "reports", "claimed", "claims", "insisted", "insists", "maintained", "maintains",
                       "alleged", "alleges", "denied", "denies", "disputed", "disputes"})  # fmt: skip
# After a report's verb: only when it was made; then a comma and a conjunction.
_PARENTHETICAL_END = re.compile(REPORT_TIME + r"\s*", re.I)
_COORDINATED = re.compile(r"\s*,\s*(?:but|and|though|although|while|yet|adding)\b", re.I)
_FIGURE_REPORT = frozenset({"gave", "gives", "listed", "lists", "put", "puts", "quoted", "quotes", "cited",
                            "cites", "misstated", "misstates"})


# The writer's own present "say" ("I'm pleased to say", "we can say"): no report of another's
# words but the message's own assertion, which the evidence makes anyway.
_ASSERTING = frozenset({"say"})
_WRITER = re.compile(r"(?:I|We|we)(?:['’](?:m|re)|\s+(?:am|are))?(?:\s+\w+){0,3}$")


# ", Bámidélé Àdìgún, hadn't ...", ", a nurse at Oran Clinic, was ...": an apposition
# between commas, then the words that should hold the reported clause's verb.
_APPOSED = re.compile(r"^\s*,\s*[^,;:.!?]{1,60}?,\s*(?P<after>[^,;:.!?]*)")


def _subject_with_apposition(rest: str, tail: str) -> bool:
    """ "said the driver, Bámidélé Àdìgún, hadn't been injured": the words after the verb
    are a short subject whose apposition the pieces cut off; its verb comes after it."""
    words = _WORD.findall(rest)
    if not 1 <= len(words) <= 4:
        return False
    found = _APPOSED.match(tail)
    return found is not None and _has_finite(_WORD.findall(found.group("after"))[:4])


def _mark_question(text: str, pieces: list[tuple[int, int]], frames: list[list[Frame]]) -> None:
    """A sentence ending in "?": the pieces from the first interrogative one on are asked.

    Pieces before it are stated ("Ana signed it - did you see?"), unless that piece is
    a tag ("..., didn't she?", "..., right?"), which asks about the whole sentence.
    """
    k = next((i for i, (pa, pb) in enumerate(pieces) if _first_word(text[pa:pb]) in _INTERROGATIVE), None)
    if k is not None and k > 0 and len(_WORD.findall(text[pieces[k][0] : pieces[k][1]])) <= 3:
        k = 0  # a tag question
    start = 0 if k is None else k
    for j in range(start, len(pieces)):
        frames[j].append(Frame("question", "", "?"))


def _merged(text: str, segs: list[Segment]) -> list[Segment]:
    """Neighbouring segments under the same frames are one segment."""
    out: list[Segment] = []
    for s in segs:
        if out and out[-1].frames == s.frames and out[-1].negated == s.negated:
            out[-1] = Segment(out[-1].start, s.end, s.frames, s.negated)
        else:
            out.append(s)
    return out


# "Lena told me two things." / "Omar said a few things:": a frame over what follows.
# A note's line with its subject left out: "Reports he stopped ...", "Denies she fell."
# Weak verbs ("reports") count here too, before a pronoun that opens the reported clause.
_ELIDED = re.compile(
    r"^(?:\w+ly\s+)?(?P<verb>says|said|reports|reported|states|stated|claims|claimed|denies|denied|"
    r"mentions|mentioned|thinks|believes|feels|felt|insists|insisted)\s+(?:that\s+)?"
    r"(?=(?-i:(?:he|she|they|it|I|we|his|her|their)\b|[A-ZÀ-ÖØ-ÞĀ-ſḀ-ỿ]))",
    re.I,
)
_CATAPHORIC = re.compile(
    r"^" + _SPEAKER + r"\s+(?:told|tells|said|says|mentioned|wrote|texted|emailed)\s+"
    r"(?:(?:me|us|him|her|them)\s+)?(?:\w+\s+)?(?:things?|points?|facts?|updates?)\s*[.:]?$"
)
_PARAGRAPH = re.compile(r"\n[ \t]*\n")
# A chat question without its "?": an inverted auxiliary before a subject ("Has Ana
# signed it yet", "is it true that ..."), or a tag ("..., or did she", "..., or not").
_INVERTED_OPENING = re.compile(
    # After a chat line's time and speaker label ("[09:12] Krisztina: did the van leave").
    r"^(?:" + CHAT_TIME + r"\s+)?(?:[^\W\d_][\w'’.\- ]{0,40}?:\s+)?"
    r"(?:(?:so|and|but|ok|hey|btw)[,\s]+)?(?:has|have|had|did|does|do|is|are|was|were|can|could|should|would)"
    r"(?:n['’]t)?\s+(?:(?-i:[A-ZÀ-ÖØ-ÞĀ-ſḀ-ỿ])|(?:it|he|she|they|we|you|i|anyone|anybody|someone|the)\b)",
    re.I,
)
_OPEN_TAG = re.compile(r",\s*(?:or (?:did|does|is|was|has|have|not|no|what)\b[^,]*|right|no)\s*$", re.I)


def _unmarked_question(sentence: str) -> bool:
    s = sentence.strip()
    return _INVERTED_OPENING.match(s) is not None or _OPEN_TAG.search(s) is not None
# A sentence that opens with hearsay and so sets it over the sentences after it in its
# paragraph: an adverb of hearsay, or a heard-it line ("Heard from Tom today.").
_HEARSAY_OPENER = re.compile(
    r"^(?:(?:so|ok|okay|well|oh|and|also|btw)[,\s]+)*(?:apparently|reportedly|allegedly|supposedly|"
    r"rumou?r (?:has it|is)|rumou?rs? (?:say|says)|word (?:is|has it|on the street)|"
    r"(?:i(?:'ve|’ve)?\s+)?(?:just\s+)?(?:heard|overheard|was told|been told)(?=\s|[,.:!]|$)|gossip\b)",
    re.I,
)
_HEARSAY_HINT = re.compile(r"(?i)apparent|reported|alleged|supposed|rumou?r|word |heard|told|gossip")


def carried(text: str, start: int) -> tuple[Frame, ...]:
    """Frames an earlier sentence of the same paragraph sets over the one at ``start``.

    "Per Omar:" or "Lena says:" on a line of its own, and "Lena told me two things.",
    govern every later sentence up to the next blank line.
    """
    head = text[:start]
    if ":" not in head and "thing" not in head and "point" not in head and not _HEARSAY_HINT.search(head):
        return ()  # the common case: nothing before could open a frame
    cut = max((m.end() for m in _PARAGRAPH.finditer(head)), default=0)
    out: list[Frame] = []
    for a, b in _sentences(head[cut:]):
        line = head[cut + a : cut + b].strip()
        opener = _HEARSAY_OPENER.match(line)
        if opener is not None:
            # "Apparently Nora quit." / "Heard from the grapevine today.": what the
            # paragraph says next is still what was heard.
            out.append(Frame("hearsay", "", opener.group(0)))
            continue
        if line.endswith(":") and _ACTIONS.match(line.rstrip(":").strip()):
            out.append(Frame("plan", "", line))  # "Actions:" on its own line
            continue
        if line.endswith(":") or _CATAPHORIC.match(line):
            body = line.rstrip(":").strip()
            lead = _LEAD.match(body)
            inline = _INLINE.match(body)
            cata = _CATAPHORIC.match(line)
            if lead is not None and lead.end() == len(body):
                out.append(Frame("hearsay", lead.group("who").strip(), line))
            elif (
                inline is not None
                and speaker_cased(inline.group("who"))
                and inline.end() >= len(body.rstrip())
            ):
                out.append(Frame("hearsay", inline.group("who"), line))
            elif cata is not None and speaker_cased(cata.group("who")):
                out.append(Frame("hearsay", cata.group("who"), line))
    return tuple(out[-1:])  # the nearest opener governs
