"""Where and whose a document is: the names its title line or dateline gives every line.

"Kuopio office meeting\\nPresent: ...\\nVote on the remote-work policy: ..." is about the
Kuopio office's policy; "Associação Tabanka Viva - Assembly minutes\\n... elected Domingas
Spínola treasurer" about that association's treasurer; "CATBALOGAN — ... the town's mayor,
Arnulfo Tolentino" about Catbalogan's mayor. A claim that names the setting that way
("the Kuopio remote-work policy", "treasurer of Associação Tabanka Viva", "mayor of
Catbalogan") says no more than the document does. ``setting_support`` gives those names,
for the coverage check only.

Conservative: a title is a first line of its own with no verb and more lines under it
(not a greeting, an address line or a draft or agenda), a dateline the capitalised place
before a dash that opens a news story. A setting name covers a claim's name only where the
claim uses it as a setting: before a noun ("the Kuopio remote-work policy") or after "of",
"at" or "in" ("director of Olomouc Zoo"); never as a party the claim has act or be acted
on ("Vantec supplied Brix Foods"). Numbers and dates are not given: a meeting's date is
not the date of what its minutes report.
"""

from __future__ import annotations

import re

from affidavit.gates.write_parse import AUX, is_verb_like, mentions
from affidavit.text.names import match_tokens
from affidavit.text.sentences import sentences

_TITLE_NOT = re.compile(
    r"^\s*(?:(?i:from|to|cc|bcc|subject|re|fwd?)\s*:|(?i:hi|hiya|hey|hello|dear|morning|evening)\b)"
    r"|\b(?i:agenda|draft|proposals?|proposed|questions?|wish ?list|ideas?|to-?dos?|plans?|options|"
    r"candidates|requests?|rumou?rs?)\b"
)
_DATELINE = re.compile(
    r"(?P<place>[A-ZÀ-ÞĀ-Ž][A-ZÀ-ÞĀ-Ž'’.-]+(?:[ \t][A-ZÀ-ÞĀ-Ž][A-ZÀ-ÞĀ-Ž'’.-]+){0,2})"
    r"(?:,[^—–\n(]{1,40})?(?:[ \t]*\([^)\n]{1,40}\))?[ \t]*[—–][ \t]*"
)
_WORD = re.compile(r"[\w'’-]+")
# Where a setting name may stand in a claim: after "of", "at", "in" ("director of X").
_SETTING_AFTER = frozenset({"of", "at", "in"})


def _title_names(evidence: str) -> list[str]:
    spans = sentences(evidence)
    if len(spans) < 2:
        return []
    a, b = spans[0]
    if "\n" not in evidence[b : spans[1][0] + 1] or _TITLE_NOT.search(evidence, a, b):
        return []
    words = [w.group(0) for w in _WORD.finditer(evidence, a, b)]
    # "Assembly minutes", "Olomouc Zoo trustees": a plural noun is no verb here; a past
    # form or an auxiliary is ("Ana resigned", "The shop is closed").
    if any(w[:1].islower() and (w in AUX or (w.endswith("ed") and is_verb_like(w))) for w in words):
        return []  # a sentence, not a title
    return [m.name for m in mentions(evidence, a, b) if not m.possessive]


def setting_names(evidence: str) -> list[str]:
    """The names a title line or a news dateline gives the whole evidence."""
    found = _title_names(evidence)
    dateline = _DATELINE.match(evidence.lstrip())
    if dateline is not None:
        found.append(dateline.group("place").title())
    return found


def _run_of(tokens: tuple[str, ...], name: tuple[str, ...]) -> bool:
    """``tokens`` are a contiguous run of ``name``'s ("Associação Tabanka Viva" of the title's
    "Associação Tabanka Viva - Assembly", which the name finder reads as one)."""
    n = len(tokens)
    return any(name[i : i + n] == tokens for i in range(len(name) - n + 1))


def setting_support(claim: str, evidence: str, text: str) -> str:
    """The setting names the claim uses as a setting and ``text`` (the span read) does not
    say, as words for the coverage check; "" when there are none."""
    names = setting_names(evidence)
    if not names:
        return ""
    have = set(match_tokens(text))
    out: list[str] = []
    for m in mentions(claim):
        tokens = match_tokens(m.name)
        if set(tokens) <= have or not any(_run_of(tokens, match_tokens(n)) for n in names):
            continue
        before = claim[: m.start].split()
        prev = before[-1].casefold() if before else ""
        after = _WORD.match(claim, m.end + 1) if claim[m.end : m.end + 1] == " " else None
        modifier = (after is not None and after.group(0)[:1].islower() and not m.possessive
                    and not is_verb_like(after.group(0)))
        if prev in _SETTING_AFTER or (prev == "the" and modifier):
            out.append(m.name)
    return " ".join(out)
