"""Who wrote a message: the one name its first person stands for.

Emails and chat speak in the first person ("I've put the 15.000 kr. in your account")
and name the writer once: in a sign-off ("Thanks, Ebere", "— Hồ Diễm Phương", a name
alone on the last line), a header ("From: Steinunn Arnardóttir <s@example.org>"), a
self-introduction ("hi, Nils Ekberg here", "this is Vigdís"), or a chat speaker label
that opens a line ("Rodel: my cousin ...", for that line only). The linker reads "I",
"me" and "my" there as that name, and the receipt reaches the place that names the
writer. Two different writers named (a forwarded thread, two sign-offs): none, so the
first person stays unread and the claim is refused, never guessed.

Only the singular first person: "we" is the writer and others, never the writer alone.
"""

from __future__ import annotations

import re

from affidavit.gates.write_parse import Mention, mentions
from affidavit.text.clause_cues import CHAT_TIME
from affidavit.text.lemmas import irregular_past, is_known_word, lemma
from affidavit.text.memo import memo
from affidavit.text.names import refers_to
from affidavit.text.sentences import sentences

_FROM = re.compile(
    r"[ \t]*(?i:from|reported by|sender|written by|submitted by|message from)[ \t]*[:\-][ \t]*"
)
# "Thanks, ", "Best wishes, ", "Kveðja, ": a sign-off phrase before the name on one line.
_SIGN_OFF = re.compile(r"[ \t]*(?:[^\W\d_][\w'’]*(?: [^\W\d_][\w'’]*){0,2}),[ \t]+")
_DASHES = re.compile(r"[ \t]*(?:[—–]|--?)[ \t]*")
# After the writer's name on its line: nothing, a role or time after a comma, a profile bar.
_AFTER_NAME = re.compile(r"[ \t]*(?:$|[,|(<]|[—–-][ \t])")
_INTRO_BEFORE = re.compile(r"(?:it'?s|it’s|this is|I'm|I’m|I am)[ \t]+$", re.I)
_INTRO_RIGHT_BEFORE = re.compile(r"(?:^|[,.!:;—–-][ \t]*)(?:I'?m|I’m|I am|[Mm]y name is)[ \t]+$")
# "it's X" / "this is X" introduces the writer only with where they call from or "here"
# ("it's Hamadi from the clinic"); "this is Cadan, our new apprentice" introduces another.
_INTRO_IT_IS = re.compile(r"(?:^|[,.!:;—–-][ \t]*)(?i:it'?s|it’s|this is)[ \t]+$")
_FROM_AFTER = re.compile(r"[ \t]+(?:from|at|here)\b")
# Not "here with me"; an emoji after it ("Tuyaara here ✌️ I teach ...") is punctuation.
_INTRO_AFTER = re.compile(r"[ \t]+here\b(?=[ \t]*(?:[^\w\s'’\"“”(]|$))", re.I)
# "aster (mon 9 mar): ...", "Lena Dahl (10:42): ...": a bracketed date or time after a
# label's name is no part of the name.
_LABEL_TIME = r"(?:[ \t]*\([^()\n:]{1,24}\)|[ \t]*\(\d{1,2}:\d{2}\))?"
# "Rodel: ...", "Ticket 7 - Signe Haug: ...": a label opening the line or after a dash.
# A chat export's time may open the line: "[10:02] lorea: ...".
# A chat export's stamp may open the line: "[10:02] lorea: ...", "[Sat 14 Mar 2026] Talshyn: ...".
_STAMP = r"(?:" + CHAT_TIME + r"|\[[^\]\n]{1,40}\])"
_LABEL = re.compile(
    r"[ \t]*(?:" + _STAMP + r"[ \t]+)?(?:[^\n:]{0,40}?[ \t][-—–|][ \t]*)?"
    r"(?P<label>[^\W\d_][\w'’.\- ]{0,40}?)" + _LABEL_TIME + r":[ \t]+\S"
)
# "[Lippu] I'll get 200 ...": a name in brackets opening the line is its speaker.
_BRACKET_LABEL = re.compile(
    r"[ \t]*(?:" + _STAMP + r"[ \t]+)?\[(?P<label>[^\W\d_][\w'’.\- ]{0,40}?)\][ \t]+\S"
)
# "u/adobo_sa_gata: ...", "Posted by hrafn_k: ...": a forum handle opening the message names
# its writer (a handle is no name the finder reads). Not "@kofi_m:", which may address.
_HANDLE = re.compile(
    r"[ \t]*(?i:posted by[ \t]+)?(?P<h>[uU]/[\w\-]{2,30}|[a-z][a-z0-9]*_[a-z0-9_]{1,30})"
    r"(?:[ \t]+(?i:wrote|posted))?[ \t]*:[ \t]+\S"
)
_QUOTES = ('"', "“", "”", "‘", "«")
_RELAY = re.compile(r"->|→|=>|\b(?:passing on|forwarding|on behalf of|texted|wrote|says|said)\b", re.I)
_FIRST_PERSON = re.compile(r"\b(?:I(?P<clitic>['’](?:m|ve|ll|d))?|me|my|My|myself|mine)\b")
# A verb of belief or feeling right before a clause's "I" ("thought I lost it", "was sure
# I failed"): the hedge reads that "I" as a clause opener, so it is not rewritten.
_ATTITUDE_BEFORE = re.compile(
    r"\b(?:thought|think|thinks|guess|guessed|reckon|reckoned|suppose|supposed|assume|assumed|believe|"
    r"believed|hope|hoped|figured|sure|wish|wished|dreamt|dreamed|feared|worried|doubt|doubted|felt)"
    r"[ \t]+(?:that[ \t]+)?$",
    re.I,
)
_CLITIC = {"m": " is", "ve": " has", "ll": " will", "d": " would"}


def nonblank_lines(text: str) -> list[tuple[int, int]]:
    """The ``(start, end)`` of each line that holds more than whitespace."""
    out, pos = [], 0
    for line in text.split("\n"):
        if line.strip():
            out.append((pos, pos + len(line)))
        pos += len(line) + 1
    return out


def _name_at(text: str, a: int, b: int) -> Mention | None:
    """The name that opens ``text[a:b]`` and is all the line holds (a role may follow)."""
    found = mentions(text, a, b)
    if not found or found[0].start != a or found[0].possessive:
        return None
    return found[0] if _AFTER_NAME.match(text, found[0].end, b) else None


def _sign_off(text: str, a: int, b: int) -> Mention | None:
    pos = a
    dash = _DASHES.match(text, pos, b)
    if dash is not None:
        pos = dash.end()
    named = _name_at(text, pos, b)
    if named is not None:
        return named
    phrase = _SIGN_OFF.match(text, pos, b)
    if phrase is None or mentions(text, pos, phrase.end()):
        return None
    return _name_at(text, phrase.end(), b)


def _candidates(text: str) -> list[Mention]:
    lines = nonblank_lines(text)
    if not lines:
        return []
    found: list[Mention] = []
    for a, b in lines[:4]:
        header = _FROM.match(text, a, b)
        if header is not None:
            named = _name_at(text, header.end(), b)
            if named is not None:
                found.append(named)
    if len(lines) > 1 and text[: lines[-1][0]].rstrip()[-1:] in (",", ".", "!", "?", ")", "-", "—"):
        # "Best,\nHallvard": a name alone after a finished line; not "contact:\nSiri",
        # "after the call with\nKari" (a sentence run onto the next line).
        named = _sign_off(text, *lines[-1])
        if named is not None:
            found.append(named)
    last = sentences(text)[-1:]
    if last and last[0] != lines[-1]:  # "... this morning. Best, Steinunn Arnardóttir"
        named = _sign_off(text, *last[0])
        if named is not None and text[: last[0][0]].rstrip()[-1:] in (".", "!", "?"):
            found.append(named)
    a, b = lines[-1]
    cut = max(text.rfind(" — ", a, b), text.rfind(" – ", a, b))
    if cut > a:  # "... my knee is still bad — Vigdís Ósk": a chat message signed inline
        named = _name_at(text, cut + 3, b)
        if named is not None:
            found.append(named)
    # "[chat · Wed 2 Dec 2026]" alone on the first line stamps the message: the words open below it.
    a, b = lines[1] if len(lines) > 1 and _STAMP_LINE.fullmatch(text, *lines[0]) else lines[0]
    handle = _HANDLE.match(text, a, b)
    if handle is not None:
        found.append(Mention(handle.group("h"), handle.start("h"), handle.end("h"), False))
    first = mentions(text, a, b)
    for m in first[:1]:
        if _INTRO_AFTER.match(text, m.end, b) or _INTRO_BEFORE.search(text[a : m.start]):
            found.append(m)
    # "Voicemail, Wed 15 Jul: Hi bibi, it's Hamadi from the clinic.", "Sälem! I'm Äset, 29":
    # an introduction later in the first line, opening its sentence (never an owner's name).
    found += [m for m in first[1:] if not m.possessive and not _word_not_name(m.name) and (
        _INTRO_RIGHT_BEFORE.search(text, a, m.start)
        or (_INTRO_IT_IS.search(text, a, m.start) and _FROM_AFTER.match(text, m.end))
    )]
    return found


_STAMP_LINE = re.compile(r"[ \t]*\[[^\]\n]{1,60}\][ \t]*")


def _word_not_name(name: str) -> bool:
    """ "I'm Cornish", "I'm Kernow born and bred": one word the lemmatiser knows as English is
    as likely what the writer is as who."""
    return " " not in name.strip() and is_known_word(name.casefold())


# The words that open a message to its reader ("Hi Maren,", "Dear Mr Magbanua,").
GREETING_WORDS = r"(?:hi|hiya|hey|hello|dear|morning|evening)"
_GREETING = re.compile(r"[ \t]*" + GREETING_WORDS + r"[ \t]+", re.I)
_TO = re.compile(r"[ \t]*To:[ \t]*")
_SECOND_PERSON = re.compile(r"\b(?:you|You|your|Your|yours)\b")


def message_addressee(text: str) -> Mention | None:
    """The one person the message is written to ("Hi Vigdís,", "Dear Mr Magbanua,", "To: ..."):
    none when the message also copies or quotes others (a "Cc:" line or "cc", a ">" line, a
    line ending in ":" that introduces what someone else wrote or will be sent), or greets
    twice, so its "you" may be theirs."""
    if _RELAYED.search(text):
        return None
    found: list[Mention] = []
    greetings = 0
    for a, b in nonblank_lines(text)[:4]:
        opener = _GREETING.match(text, a, b) or _TO.match(text, a, b)
        if opener is None:
            continue
        greetings += 1
        if greetings > 1:
            return None  # "Hi Benedikt,\nHi Anton,": two readers
        named = mentions(text, opener.end(), b)
        if named and named[0].start == opener.end() and _AFTER_NAME.match(text, named[0].end, b):
            found.append(named[0])  # "Hi Vigdís," "Dear Mr Magbanua," "To: Ólöf <o@…>"
    names = {m.name for m in found}
    return found[0] if len(names) == 1 else None


_RELAYED = re.compile(
    r"(?im:^[ \t]*(?:cc|bcc)[ \t]*:|\(cc\b|\bcc[ \t]+[A-Z]|^[ \t]*>|\bwrote\b[^.\n]{0,20}:|\bforward|"
    r"\bdraft\b|[^\d\s]:[ \t]*$)"
)
_GREETED_BEFORE = re.compile(r"(?:^|\n)[ \t]*" + GREETING_WORDS + r"[ \t]+$", re.I)


# "Tove Ek (to Lena Dahl): I quit my job": a name the bracket after a label's name gives as
# whom the line is to or about (a preposition opens it; "WITNESS (Vytautas S.):" names the
# speaker).
_IN_LABEL_BEFORE = re.compile(
    r"(?:^|\n)[ \t]*[^\W\d_][\w'’.\- ]{0,40}?[ \t]*\((?:to|re|about|regarding|for|cc|@)[ \t]*$", re.I
)
_IN_LABEL_AFTER = re.compile(r"[^()\n:]*\)[ \t]*:[ \t]+\S")


def greeted(text: str, m: Mention) -> bool:
    """``m`` is the name a greeting addresses ("Hi Vigdís, I sent it"), or one a label's
    bracket names ("Tove Ek (to Lena Dahl): I quit"): the reader or the topic, not a doer."""
    if _IN_LABEL_BEFORE.search(text[max(0, m.start - 80) : m.start]) and _IN_LABEL_AFTER.match(text, m.end):
        return True
    return bool(_GREETED_BEFORE.search(text[max(0, m.start - 40) : m.start])) and (
        text[m.end : m.end + 1] in (",", "!", ":", "\n", "")
    )


def second_person_rewrites(text: str, a: int, b: int, name: str) -> tuple[tuple[int, int, str], ...]:
    """ "you", "your" in ``text[a:b]`` read as the addressee ``name``."""
    return tuple((m.start(), m.end(), name + ("'s" if m.group(0).lower().startswith("your") else ""))
                 for m in _SECOND_PERSON.finditer(text, a, b))


# "you're" is "<name> is": the addressee's name takes the third person's verb.
_ADDRESSED = re.compile(
    r"\b(?P<you>[Yy]ou)\b(?:(?P<clitic>['’](?:re|ve|ll|d))|[ \t]+(?P<verb>are|were|have)\b)?"
    r"|\b(?P<own>[Yy]ours?)\b"
)
_ADDRESSED_VERB = {"re": "is", "ve": "has", "ll": "will", "d": "would",
                   "are": "is", "were": "was", "have": "has"}
# "Thank you for approving the budget", "thanks for covering my shifts": the reader did it.
# Only a deed done to a thing ("approving the budget", "covering my shifts"): not one asked
# of someone else ("asking Lena to approve"), a verb before another ("pretending to"), or a
# thanks in advance ("... when you get a chance", "... by Friday").
_THANKED = re.compile(
    r"\b(?:[Tt]hank[ \t]+you|[Tt]hanks|[Tt]hank[ \t]+u)(?:[ \t]+(?:so|very)[ \t]+much|[ \t]+a[ \t]+lot)?"
    r"[ \t]+for[ \t]+(?P<verb>[a-z]+ing)[ \t]+(?=(?:the|my|our|your|his|her|their|this|that|these|those|"
    r"all|both|a|an)\b)"
)
_IN_ADVANCE = re.compile(
    r"\b(?i:when|whenever|by|before|after|once|if|tomorrow|next|later|soon|asap|in advance)\b"
)
_THANKS = re.compile(r"\b(?:[Tt]hank[ \t]+you|[Tt]hanks|[Tt]hank[ \t]+u)\b")
# "As a driver you get a fuel card", "If you need ...": "you" of anyone in that place.
_GENERIC = re.compile(r"\W*(?i:as an?|in this|in that|when|whenever|if|once|anyone|everyone)\b")
# "Anton, you're on call": the "you" a name before it calls by name.
_VOCATIVE = re.compile(r"[A-ZÀ-ÞĀ-Ž][\w'’-]*,[ \t]+(?:[Yy]ou|[Yy]our)\b")


def addressed_rewrites(text: str, a: int, b: int, name: str) -> tuple[tuple[int, int, str], ...]:
    """ "you", "you're", "your" in ``text[a:b]`` read as the addressee ``name``, the verb
    agreeing ("you're the new treasurer" -> "<name> is the new treasurer"), and a thanks for
    a deed read as the deed ("Thank you for approving it" -> "<name> approved it"). None in a
    span that quotes someone: that "you" is whoever the quoted speaker spoke to."""
    if any(q in text[a:b] for q in _QUOTES) or _GENERIC.match(text, a, b) or _VOCATIVE.search(text, a, b):
        return ()
    out: list[tuple[int, int, str]] = []
    for m in _THANKED.finditer(text, a, b):
        end = text.find(".", m.end(), b)
        if _IN_ADVANCE.search(text, m.end(), b if end < 0 else end):
            return ()  # thanked in advance: nothing is done yet, and the rest is a request
        out.append((m.start(), m.end(), f"{name} {past_of_ing(m.group('verb'))} "))
    if not out and _THANKS.search(text, a, b):
        return ()  # "thanks for asking Lena to approve it": a thanks read as no deed says none
    for m in _ADDRESSED.finditer(text, a, b):
        if any(s <= m.start() < e for s, e, _ in out):
            continue
        if m.group("own"):
            out.append((m.start(), m.end(), name + "'s"))
            continue
        said = m.group("clitic") or m.group("verb")
        verb = _ADDRESSED_VERB[said.lstrip("'’")] if said else ""
        out.append((m.start(), m.end(), f"{name} {verb}" if verb else name))
    return tuple(out)


_AUX_PAST = {"be": "was", "have": "had", "do": "did"}


def past_of_ing(word: str) -> str:
    """The past form of a verb's -ing form ("approving" -> "approved", "planning" -> "planned")."""
    stem = word[:-3]
    # "writing" -> "write", "beginning" -> "begin", "buying" -> "buy": the irregular past.
    bases = (stem + "e", stem, stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else stem)
    for base in bases:
        if base in _AUX_PAST:
            return _AUX_PAST[base]
        past = irregular_past(base)
        if past is not None:
            return past
    if lemma(word).endswith("e") and not stem.endswith("e"):
        return stem + "ed"
    if stem.endswith("y") and len(stem) > 1 and stem[-2] not in "aeiou":
        return stem[:-1] + "ied"
    return stem + "ed"


def message_writer(text: str) -> Mention | None:
    """The one person the message says wrote it, or None (no one, or two people)."""
    found = _candidates(text)
    if not found:
        return None
    first = found[0]
    if all(refers_to(first.name, m.name) or refers_to(m.name, first.name) for m in found[1:]):
        return max(found, key=lambda m: len(m.name))  # the fullest spelling names the writer
    return None


def signature_cut(text: str, a: int, signer: Mention) -> int:
    """Where an inline signature starts in ``text[a:]`` ("... this morning — Hallvard"), or -1."""
    return max(text.rfind(d, a, signer.start) for d in (" — ", " – ", " - "))


# What follows a label's name: its colon, after a bracketed time or date ("(mon 9 mar)").
_AFTER_LABEL = re.compile(_LABEL_TIME + r":[ \t]+\S")
_STAMP_ONLY = re.compile(r"[ \t]*" + _STAMP + r"[ \t]+")


def labelled(text: str, m: Mention) -> bool:
    """``m`` is a chat speaker label ("Rodel: he fixed our tank"): who speaks, not a doer."""
    start = text.rfind("\n", 0, m.start) + 1
    before = text[start : m.start]
    if not before.strip():
        return bool(_AFTER_LABEL.match(text, m.end))
    if before.strip() == "[" or _STAMP_ONLY.fullmatch(before) or _STAMP_ONLY.fullmatch(before.rstrip("[")):
        speaker = line_speaker(text, m.start)
        return speaker is not None and speaker.start == m.start
    return False


def line_speaker(text: str, a: int) -> Mention | None:
    """The chat speaker label that opens the line holding offset ``a`` ("Rodel: ...")."""
    start = text.rfind("\n", 0, a) + 1
    end = text.find("\n", a)
    end = len(text) if end < 0 else end
    for pattern in (_LABEL, _BRACKET_LABEL):
        label = pattern.match(text, start, end)
        if label is None:
            continue
        found = mentions(text, label.start("label"), label.end("label"))
        if len(found) == 1 and found[0].start == label.start("label") and found[0].end == label.end("label"):
            return found[0]
    return None


def turn_speaker(text: str, a: int) -> Mention | None:
    """The named speaker whose turn holds offset ``a``: the label opening its line, or the
    last label above it ("CHEIKH DIOUF: Eleven.\nEleven pirogues from Joal alone." is one
    turn). A role label ("OFFICER:") ends the turn with no name; no label above, none."""
    end = text.rfind("\n", 0, a) + 1
    while True:
        start = text.rfind("\n", 0, max(end - 1, 0)) + 1 if end > 0 else 0
        line_end = text.find("\n", end)
        line_end = len(text) if line_end < 0 else line_end
        label = label_at(text, end, line_end)
        if label is not None:
            found = mentions(text, end, line_end)
            # The label's own name: the last before its words ("[Sat 14 Mar] Talshyn: ...").
            named = [m for m in found if label[2] is not None and m.start < label[1]]
            return named[-1] if named else None
        if end == 0:
            return None
        end = start


def label_at(text: str, a: int, b: int) -> tuple[str, int, str | None] | None:
    """The label opening the line ``text[a:b]`` ("HOST: ...", "Sioned Parry: ..."): its text,
    where the line's words start, and the name it is (None for a role such as "HOST"),
    written as a name (an all-capitals label in title case)."""
    label = _LABEL.match(text, a, b)
    if label is None:
        label = _BRACKET_LABEL.match(text, a, b)
        if label is None or line_speaker(text, a) is None:
            return None  # a bracket holds a name, or it is no label
    written = label.group("label").strip()
    found = mentions(text, label.start("label"), label.end("label"))
    named = len(found) == 1 and found[0].start == label.start("label") and found[0].end == label.end("label")
    return written, label.end() - 1, (written.title() if written.isupper() else written) if named else None


@memo(maxsize=1024)
def author(text: str) -> str | None:
    """The writer's name as the message spells it (see ``message_writer``)."""
    found = message_writer(text)
    return found.name if found is not None else None


def first_person_rewrites(text: str, a: int, b: int, name: str) -> tuple[tuple[int, int, str], ...]:
    """ "I", "I'm", "me", "my" in ``text[a:b]`` read as ``name``; none in a span that quotes
    someone ("Tom told me "I moved"": that "I" is Tom's)."""
    if any(q in text[a:b] for q in _QUOTES):
        return ()
    line_start = text.rfind("\n", 0, a) + 1
    if text[line_start:a].lstrip().startswith(">") or text[a:b].lstrip().startswith(">"):
        return ()  # a quoted reply ("> I booked the van"): someone else's first person
    first = _FIRST_PERSON.search(text, a, b)
    speaker = line_speaker(text, a)  # "Rodel: I fixed it": the label's colon is no relay
    lead_from = speaker.end + 1 if speaker is not None else a
    if first is not None and _RELAY.search(text, max(a, lead_from), first.start()):
        return ()  # "passing on Greta's note: I resigned", "Tess texted -> I have it": relayed
    out = []
    for m in _FIRST_PERSON.finditer(text, a, b):
        word = m.group(0)
        if word == "I" and _ATTITUDE_BEFORE.search(text, max(a, m.start() - 24), m.start()):
            continue  # "I thought I lost my wallet": the belief's clause keeps its "I" (a hedge)
        if m.group("clitic"):
            out.append((m.start(), m.end(), name + _CLITIC[m.group("clitic")[1:]]))
        elif word in ("my", "My", "mine"):
            out.append((m.start(), m.end(), name + "'s"))
        else:
            out.append((m.start(), m.end(), name))
    return tuple(out)
