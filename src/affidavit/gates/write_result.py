"""A change of post or state read as what it results in: who became what.

"Mereani Tuilau was promoted to head nurse in January" says she became head nurse in
January; "The assembly elected Domingas Spínola treasurer" says Domingas Spínola became
treasurer; "his contract was made permanent on 1 April" says it became permanent.
``result_readings`` gives each such sentence again with "became" in place of the verb
that brought the result about, for a second reading by the gate (the receipt is the
sentence). The reading is entailed by the sentence, never the reverse: "became head
nurse" does not say anyone promoted her, so only a claim of the result can be admitted.

Conservative: the verb in the simple past or the perfect only ("was promoted", "has been
appointed"), with nothing but one adverb between auxiliary and verb (so "was not
promoted" and "was to be appointed" read nothing); the adverb stays in the reading
("was reportedly appointed" -> "reportedly became"). The active form needs the one name
right after the verb and its post right after the name ("elected Ana Ruiz treasurer").
"""

from __future__ import annotations

import re

from affidavit.gates.write_parse import is_verb_like, mentions
from affidavit.text import markers
from affidavit.text.sentences import sentences

# "was promoted to", "has been appointed (as)", "were elected": the passive, past or perfect.
# Only "promoted" takes "to" before the post: "elected to the council" names a body.
_PASSIVE = re.compile(
    r"\b(?P<aux>was|were|has[ \t]+been|have[ \t]+been|had[ \t]+been)[ \t]+(?P<adverb>\w+ly[ \t]+)?"
    r"(?:promoted[ \t]+to(?:[ \t]+the[ \t]+(?:post|role|position|rank)[ \t]+of)?"
    r"|(?:elected|appointed|named|chosen|selected|confirmed|installed)(?:[ \t]+as)?"
    r"|voted[ \t]+in[ \t]+as|made)[ \t]+(?=[\w'’])(?!(?:to|by|after|for|in|on|at|that|it)\b)"
)
_ACTIVE_VERBS = re.compile(r"\b(?P<verb>elected|appointed|named|made|chose|selected|installed)[ \t]+")
_PERFECT = {"was": "became", "were": "became", "had been": "had become"}


def _plain_subject(before: str) -> bool:
    """ "The assembly", "On Monday the board": what comes before an active verb is its
    subject and nothing that frames it ("may have", "Ola says", "if", "didn't")."""
    words = before.split()
    if len(words) > 6 or "?" in before or markers.modalities(before) or markers.negations(before):
        return False
    return not any(w[:1].islower() and (is_verb_like(w) or w.casefold() in _FRAMING) for w in words)


_FRAMING = frozenset({"if", "unless", "whether", "when", "once", "before", "after", "that", "to", "not"})


def _became(aux: str) -> str:
    aux = " ".join(aux.split())
    return _PERFECT.get(aux, "has become" if aux == "has been" else "have become")


def result_readings(evidence: str) -> list[tuple[int, int, str]]:
    """(start, end, reading) for each sentence that says someone was made something."""
    out: list[tuple[int, int, str]] = []
    for a, b in sentences(evidence):
        sentence = evidence[a:b]
        for hit in _PASSIVE.finditer(sentence):
            adverb = hit.group("adverb") or ""
            said = sentence[: hit.start()] + adverb + _became(hit.group("aux")) + " " + sentence[hit.end() :]
            out.append((a, b, said))
        found = mentions(evidence, a, b)
        for hit in _ACTIVE_VERBS.finditer(sentence):
            named = next((m for m in found if m.start == a + hit.end() and not m.possessive), None)
            if named is None or not _plain_subject(sentence[: hit.start()]):
                continue
            rest = sentence[named.end - a :]
            post = re.match(r"(?:[ \t]+as)?[ \t]+(?P<post>[a-z][\w'’ -]*)", rest)
            if post is None:
                continue
            said = f"{named.name} became {rest[post.start('post'):]}"
            out.append((a, b, said))
    return out
