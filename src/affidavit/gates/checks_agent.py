"""Who an evidence sentence is about: the heads of its subject, not names tucked inside it.

"Ines Roy, the lawyer representing Ada Berg, was fined" names Ada Berg, but the one
fined is Ines Roy. And in "A chairs the board and B is its treasurer" each person has a
clause of their own. ``checks_scan`` finds the heads; these checks use them.
"""

from __future__ import annotations

import re

from affidavit.gates.checks_grounding import check_coverage
from affidavit.gates.checks_scan import _is_verb, scan
from affidavit.gates.write_parse import Mention, analyse, main_start, mentions
from affidavit.text.lemmas import content_lemmas, equivalent, lemma
from affidavit.text.names import refers_to
from affidavit.text.reference import description_referent

Failure = tuple[str, str] | None
_TOKEN = re.compile(r"[\w'’\-]+|[,;:()]")


def _is_head(subject: str, text: str) -> bool | None:
    found = scan(text)
    if found is None:
        return None
    return any(refers_to(subject, m.name) for m in found.heads)


def check_subject_position(claim: str, subject: str, ev: str) -> Failure:
    """The claim's subject is the one the evidence sentence says acted (or was acted on).

    Refuses only when the claim's own subject heads the claim, the evidence names the
    subject solely inside a modifier of someone else, and the claim's verb is not one
    the modifier itself states ("Acme, which Ada founded, ..." grounds "Ada founded Acme").
    """
    if not _is_head(subject, claim):
        return None
    found = scan(ev)
    if found is None or any(refers_to(subject, m.name) for m in found.heads):
        return None
    inside = [m for m in found.embedded if refers_to(subject, m.name)]
    if not inside or any(refers_to(subject, m.name) for m in mentions(ev) if m.start >= found.verb_at):
        return None  # named after the verb too: the role check decides that
    verb = analyse(claim).verb
    said = set(content_lemmas(found.embedded_text))
    if verb is None or any(equivalent(verb, w) for w in said):
        return None
    if verb in ("be", "have") and said & set(content_lemmas(claim)):
        return None
    name = inside[0].name
    return subject, f"the evidence names '{name}' only inside a description of someone else"


# A second clause with its own named subject: "A chairs the board and B is its treasurer".
_CLAUSE_JOIN = re.compile(r"\s*(?:,?\s+(?:and|but|while|whereas)\s+|;\s*)")
# A clause whose subject is everyone but the one just named ("A abstained; the other two
# members voted in favour"): what it says is not said of the name before it.
_OTHERS = re.compile(
    r"(?i:the[ \t]+(?:other|others|rest)|everyone[ \t]+else|everybody[ \t]+else|"
    r"all[ \t]+the[ \t]+others|all[ \t]+others|others)\b"
)
_JOINED_AFTER = re.compile(r"\s*(?:,\s*(?:and|but|while|whereas)\b|[.;:!?]|$)")


def clause_split(ev: str) -> list[tuple[int, int]] | None:
    """Spans of coordinated clauses that each have a named subject and a verb."""
    begin = main_start(ev, 0, len(ev))
    # "trained in Zaria and Jos, and has led ...": a name the next clause's conjunction
    # follows is an object of this one, not the subject of another.
    starts = {m.start for m in mentions(ev) if not m.possessive and not _JOINED_AFTER.match(ev, m.end)}
    if not starts:
        return None  # a cut needs a name right after it; skip the pattern (tried at every offset)
    starts |= {m.start() for m in _OTHERS.finditer(ev, begin)}
    if not starts:
        return None  # a cut needs a name right after it; skip the pattern (tried at every offset)
    cuts: list[tuple[int, int]] = []
    for j in _CLAUSE_JOIN.finditer(ev, begin):
        if j.end() in starts and _has_verb(ev, j.end(), min(len(ev), j.end() + 80)):
            cuts.append((j.start(), j.end()))
    if not cuts:
        return None
    spans, pos = [], begin
    for a, b in cuts:
        spans.append((pos, a))
        pos = b
    spans.append((pos, len(ev)))
    if not all(_has_verb(ev, a, b) for a, b in spans):
        return None  # "A and B founded X": one clause with two subjects
    return spans


def _has_verb(text: str, a: int, b: int) -> bool:
    return any(_is_verb(w.group(0)) for w in _TOKEN.finditer(text, a, b))


def own_clause(claim: str, subject: str, ev: str) -> str | None:
    """The evidence with only the clauses the subject heads (plus a fronted adverbial)."""
    spans = clause_split(ev)
    if spans is None:
        return None
    mine: list[str] = []
    others: list[str] = []
    for a, b in spans:
        part = ev[a:b]
        lead = mentions(part)
        ours = lead and lead[0].start < 3 and refers_to(subject, lead[0].name) and not _OTHERS.match(part)
        (mine if ours else others).append(part)
    if not mine or not others:
        return None
    if _POSSESSIVE.search(" ".join(mine)):
        # "B is its treasurer": "its" is the other clause's object, which B may borrow
        # (but not its verb: "A chairs the board" gives B no chair).
        mine += [_object_of(part) for part in others]
    # Every name stays available: a shared adjunct ("..., both in Oslo") may sit in the
    # other clause, and only a common word borrowed from it swaps a role.
    names = " ".join(m.name for m in mentions(ev))
    return f"{ev[: spans[0][0]]} {' ; '.join(mine)} ; {names}"


_POSSESSIVE = re.compile(r"\b(?:its|their|his|her)\b", re.I)


def _object_of(clause: str) -> str:
    """The words after a clause's main verb ("the board" of "A chairs the board")."""
    found = scan(clause)
    if found is None:
        return ""
    verb = _TOKEN.match(clause, found.verb_at)
    return clause[verb.end() if verb else found.verb_at :]


def check_own_clause(claim: str, subject: str, ev: str) -> Failure:
    """What the claim says of its subject is said in the subject's own clause."""
    own = own_clause(claim, subject, ev)
    if own is None:
        return None
    failure = check_coverage(claim, own)
    if failure is None:
        return None
    return failure[0], f"the evidence says '{failure[0]}' of someone else, in another clause"


# ", and has led ...", ", but then moved ...": a predicate that shares the clause's subject.
_SHARED_PREDICATE = re.compile(
    r"(?:,?[ \t]+(?:and|but)[ \t]+|,[ \t]+(?=then\b))"
    r"(?:(?:then|later|also|now|still|since[ \t]+\d{4}|in[ \t]+\d{4}|[a-z]+ly),?[ \t]+){0,2}"
    r"(?P<verb>[a-z][\w'’]*)"
)


def check_shared_subject(claim: str, ev: str) -> Failure:
    """ "Ada Musa trained with Ola Lind, and has led the unit since 2019" says Ada leads it:
    a predicate joined without a subject of its own is the clause subject's, not that of
    the name its conjunction follows. Refuses a claim whose subject is only that name."""
    found = mentions(claim)
    if not found or found[0].start > 4:
        return None
    subject = found[0].name
    verb = analyse(claim).verb
    if verb is None:
        return None
    # "... and has been head of the unit": for "be" and "have", what the claim says of them
    said = set(content_lemmas(claim)) - set(content_lemmas(subject)) if verb in ("be", "have") else set()
    named = [m for m in mentions(ev) if not m.possessive and refers_to(subject, m.name)]
    if not named:
        return None
    for m in named:
        joined = _SHARED_PREDICATE.match(ev, m.end)
        if joined is None or not _is_verb(joined.group("verb")):
            return None
        start = max(ev.rfind(". ", 0, m.start) + 2, ev.rfind(";", 0, m.start) + 1,
                    ev.rfind("\n", 0, m.start) + 1)
        if not _has_verb(ev, start, m.start):
            return None  # the name opens its clause: its subject, and the predicate's too
        stop = min((i for i in (ev.find(". ", joined.end()), ev.find(";", joined.end())) if i >= 0),
                   default=len(ev))
        there = content_lemmas(ev[joined.start("verb") : stop])
        if said and not said <= set(there):
            return None
        if not said and not any(equivalent(verb, w) for w in there):
            return None
    return subject, f"the evidence says it of its clause's subject, not of '{subject}' before the 'and'"


# "the supplier, Nettkraft, who fixed the router": a relative clause and the name it hangs on.
_RELATIVE = re.compile(r",?[ \t]+(?:who|which|that)[ \t]+(?P<body>[^.;:!?\n]*)", re.I)


def check_relative_clause(claim: str, ev: str) -> Failure:
    """What the claim's subject does is not only done in a relative clause on another name
    ("escalated it to the supplier, Nettkraft, who fixed the router" gives no "Gorm fixed
    the router"), or by another doer a passive names ("paid for the plant, which was
    completed by Vantec" gives no "Brix completed the plant"): the clause's doer is the
    name it follows, or its by-phrase."""
    found = mentions(claim)
    verb = analyse(claim).verb
    if (not found or found[0].start > 4 or found[0].possessive or verb is None
            or verb in ("be", "have")):
        return None
    subject = found[0].name
    # "..., which was completed by Vantec" in the claim too: the claim names that doer.
    doers = {subject} | {a for m in _TOKEN.finditer(claim) if lemma(m.group(0)) == verb
                         if (a := _passive_agent(claim, m.start(), m.end(), found)) is not None}
    named = mentions(ev)
    inside, outside = False, False
    for m in _TOKEN.finditer(ev):
        if lemma(m.group(0)) != verb or not _is_verb(m.group(0)):
            continue
        head = _passive_agent(ev, m.start(), m.end(), named) or _relative_head(ev, m.start(), named)
        if head is None or any(refers_to(d, head) or refers_to(head, d) for d in doers):
            outside = True
        else:
            inside = True
    if inside and not outside:
        return verb, "the evidence says it of another name: the one its clause hangs on, or its by-phrase"
    return None


# "..., which was completed by Vantec": a passive's doer is its by-phrase.
# "was completed by", and a reduced passive after a colon or comma ("Motion: proposed by
# Lusine, seconded by Garegin").
_BE_BEFORE = re.compile(
    r"(?:\b(?:was|were|been|is|are|being)[ \t]+(?:\w+ly[ \t]+)?|(?:^|[:,;(\n])[ \t]*)$", re.I
)
_BY_AFTER = re.compile(r"[ \t]+(?:(?:in|on|last)[ \t]+[\w\-]+[ \t]+)?by[ \t]+")
_BY_PHRASE_END = re.compile(r"[,.;:!?()\n]|\b(?:in|on|at|for|from|and|to|after|before|with|is|was)\b")


def _passive_agent(ev: str, start: int, end: int, named: list[Mention]) -> str | None:
    """The name a passive verb at ``start:end`` gives as its doer ("was completed by X")."""
    if _BE_BEFORE.search(ev, max(0, start - 20), start) is None:
        return None
    by = _BY_AFTER.match(ev, end)
    if by is None:
        return None
    # "by the Swiss group Marlow Pharma in 2018": the phrase's last name is its head.
    stop = _BY_PHRASE_END.search(ev, by.end())
    until = stop.start() if stop is not None else len(ev)
    inside = [n.name for n in named if by.end() <= n.start < until]
    return inside[-1] if inside else None


def _relative_head(ev: str, at: int, named: list[Mention]) -> str | None:
    """The name a relative clause holding offset ``at`` hangs on (within four words)."""
    for rel in _RELATIVE.finditer(ev, max(0, at - 60), at + 1):
        if not rel.start("body") <= at < rel.end("body"):
            continue
        if len(_TOKEN.findall(ev, rel.start("body"), at)) > 4:
            continue
        before = [n for n in named if rel.start() - 2 <= n.end <= rel.start()]
        return before[-1].name if before else None
    return None


def check_possessor_swap(claim: str, ev: str) -> Failure:
    """The claim's owner is the evidence's owner: "Aud to review Rune's draft" gives no
    "Rune will review Aud's draft" (each name is there, in the other's role)."""
    found = mentions(claim)
    if len(found) < 2 or found[0].start > 4 or found[0].possessive:
        return None
    subject = found[0].name
    owners = [m.name for m in found[1:] if m.possessive]
    named = mentions(ev)
    for owner in owners:
        of_owner = [m for m in named if refers_to(owner, m.name) or refers_to(m.name, owner)]
        of_subject = [m for m in named if refers_to(subject, m.name) or refers_to(m.name, subject)]
        if (of_owner and not any(m.possessive for m in of_owner)
                and any(m.possessive for m in of_subject)):
            return owner, f"the evidence makes '{subject}' the owner, not '{owner}'"
    return None


# An action item: "Action: Rune to book the hall", "- Aud Sæther to review the draft".
_ACTION_ITEM = re.compile(
    r"(?:^|\n|[:;.]\s)[ \t]*(?:[-*•][ \t]*)?"
    # "Rune to book the hall", and a role for a doer: "the treasurer to open an account".
    r"(?P<name>[A-Z][\w'’\-]*(?:[ \t]+[A-Z][\w'’\-]*){0,2}|(?:[Tt]he|[Oo]ur)[ \t]+[a-z][\w\-]*)"
    r"[ \t]+to[ \t]+(?P<verb>[a-z][\w\-]*)"
)


def _role_holder(ev: str, doer: str) -> str | None:
    noun = re.sub(r"^(?:[Tt]he|[Oo]ur)[ \t]+", "", doer).casefold()
    at = ev.find(doer)
    return description_referent(ev, mentions(ev), noun, at) if at >= 0 else None


def check_action_doer(claim: str, ev: str) -> Failure:
    """An action item's doer is the name it opens with ("Action: Rune to book the hall"
    gives Aud nothing to book, though she is named in the same minutes)."""
    found = mentions(claim)
    if not found or found[0].start > 4 or " to " not in ev:
        return None
    subject = found[0].name
    wanted = set(content_lemmas(claim))
    doers: dict[str, list[str]] = {}
    for m in _ACTION_ITEM.finditer(ev):
        verb = lemma(m.group("verb"))
        if verb in wanted:
            doers.setdefault(verb, []).append(m.group("name"))
    for verb, names in sorted(doers.items()):
        # A role ("Treasurer", "the treasurer") is whom the minutes bind it to ("Treasurer:
        # Omari Kassimu"), or nobody the claim may name.
        names = [_role_holder(ev, n) or n for n in names]
        if not any(refers_to(subject, n) or refers_to(n, subject) for n in names):
            return subject, f"the action to '{verb}' is {names[0]}'s, not '{subject}''s"
    return None


# "X is a nurse (at ...)": the role the claim gives its subject, and its head word.
_ROLE_CLAIM = re.compile(
    r"^(?P<subject>.+?)\s+(?:is|was|['’]s)\s+(?:a|an|the)\s+(?P<role>[^\W\d_][\w\-]*(?:\s+[^\W\d_][\w\-]*){0,3}?)"
    r"(?=\s+(?:at|of|for|in|with|on|from)\b|[.!]?\s*$)"
)
_IDENTITY_WORDS = frozenset({"is", "was", "are", "were", "be", "been", "being", "become", "became",
                             "becomes", "remain", "remains", "remained", "as", "'s", "’s", "im", "i'm",
                             "i’m", "am"})  # fmt: skip
_NP_WORDS = frozenset({"a", "an", "the", "his", "her", "their", "its", "my", "our", "your", "this", "that",
                       "new", "former", "local", "senior", "junior", "head", "chief", "staff", "retired"})
_BETWEEN = frozenset({",", "(", ")", ":", ";", "-", "—", "–"})


def check_role_as_object(claim: str, ev: str) -> Failure:
    """What the claim says its subject is, the evidence says is someone the subject acts on
    ("Ilinca married a nurse", "she hired a nurse") wherever it says the word: only a
    verb whose doer is the subject itself, named or a pronoun, right before it."""
    m = _ROLE_CLAIM.match(claim.strip())
    if m is None:
        return None
    subject = m.group("subject")
    role_words = m.group("role").split()
    head = lemma(role_words[-1])
    skip = _NP_WORDS | {w.casefold() for w in role_words}
    spans = [(t.group(0), t.start(), t.end()) for t in _TOKEN.finditer(ev)]
    toks = [t for t, _, _ in spans]
    places = [i for i, t in enumerate(toks) if lemma(t) == head]
    if not places:
        return None
    doers = [x.end for x in mentions(ev) if refers_to(subject, x.name) or refers_to(x.name, subject)]
    for i in places:
        if i + 1 < len(toks) and toks[i + 1][:1].isupper():
            return None  # a title before a name: "mentored by the weaver Tèmítọ́pẹ́"
        j = i - 1
        while j >= 0 and i - j <= 6 and toks[j].casefold() in skip:
            j -= 1
        if j < 0 or i - j > 6 or toks[j] in _BETWEEN:
            return None  # opens the text, or set beside a name: "Pop, a nurse", "Pop (nurse)"
        before = toks[j].casefold()
        verb = j - 1 if before in _OBJECT_PREPOSITIONS else j
        if before in _IDENTITY_WORDS or verb < 0 or not _is_verb(toks[verb]):
            return None  # said as what someone is ("is a nurse", "works as a nurse", "nurse Pop")
        k = verb - 1
        while k >= 0 and toks[k].casefold() in _AUX_ADVERBS:
            k -= 1
        if k >= 0 and toks[k].casefold() in _IDENTITY_WORDS:
            return None  # a passive names the subject's post: "was named chief executive"
        by_subject = k >= 0 and (toks[k].casefold() in _PRONOUNS or spans[k][2] in doers)
        if not by_subject:
            return None  # someone else's verb: not the claim's subject acting on the role
    role = m.group("role")
    return role, f"the evidence has '{role}' only as someone '{subject}' acts on"


_AUX_ADVERBS = frozenset({"has", "have", "had", "just", "recently", "also", "then", "finally", "once"})
_PRONOUNS = frozenset({"he", "she", "they", "i", "we"})
_OBJECT_PREPOSITIONS = frozenset({"to", "with", "by", "for", "from", "about", "than"})


# Words that make a post another, lesser one: a deputy CFO is no CFO, a vice president
# no president, an assistant manager no manager (not "senior", "junior", "co-": those
# still hold the post).
_LESSER = re.compile(
    r"\b(?:(?P<mod>deputy|assistant|vice)(?:[ \t]+|-)|(?P<pre>sub|under)-)(?P<head>[\w\-]+)", re.I
)


def check_lesser_post(claim: str, ev: str) -> Failure:
    """A post the evidence gives only with a word that makes it a lesser one ("the deputy
    CFO", "vice-chair") is not the post itself ("is the CFO", "chairs")."""
    lesser = [((m.group("mod") or m.group("pre")).casefold(), lemma(m.group("head")))
              for m in _LESSER.finditer(ev)]
    if not lesser:
        return None
    claimed = {lemma(m.group("head")) for m in _LESSER.finditer(claim)}
    wanted = set(content_lemmas(claim)) - claimed
    toks = [lemma(t.group(0)) for t in _TOKEN.finditer(ev)]
    for mod, head in lesser:
        if head not in wanted:
            continue
        plain = sum(1 for t in toks if t == head) - sum(1 for _m, h in lesser if h == head)
        if plain <= 0:  # every time the evidence says the post, it says the lesser one
            return head, f"the evidence says '{mod} {head}', not '{head}'"
    return None
