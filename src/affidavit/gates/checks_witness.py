"""A denied perception is not a denied event: "I didn't see her there" is no "she wasn't there".

A speaker who did not see, hear, notice or remember something reports on themselves:
the thing may still have happened. A negated claim ("Ana was not at the party") finds
its "not" in such evidence ("I didn't see Ana at the party") and the polarity checks,
which count negations, pass it. This check reads what the evidence's negation governs:
a verb of perception or memory the claim does not say itself.
"""

from __future__ import annotations

from affidavit.text import markers
from affidavit.text.lemmas import content_lemmas, lemma

Failure = tuple[str, str] | None

# Verbs whose denial is about the one who perceives or remembers, not about the event.
PERCEPTION_VERBS = frozenset({
    "see", "notice", "spot", "hear", "watch", "observe", "witness", "remember", "recall",
    "recognise", "recognize", "meet", "find",
})  # fmt: skip
_DENIERS = frozenset({"not", "n't", "never", "nobody", "none", "cannot"})
# Words that may stand between the negation and its verb ("didn't actually see",
# "never even noticed", "wasn't seen", "couldn't find").
_BETWEEN = frozenset({"ever", "even", "really", "actually", "once", "quite", "be", "been", "get", "got",
                      "to", "one", "of", "us", "them", "you", "anyone", "anybody"})  # fmt: skip


def denied_perception(text: str) -> str | None:
    """The perception verb a negation in ``text`` governs, as written; else ``None``."""
    toks = markers.token_tuple(text)
    for i, tok in enumerate(toks):
        if tok not in _DENIERS and not (tok == "no" and toks[i + 1 : i + 2] == ("one",)):
            continue
        for nxt in toks[i + 1 : i + 5]:
            if lemma(nxt) in PERCEPTION_VERBS:
                return nxt
            if nxt not in _BETWEEN and not (nxt.endswith("ly") and len(nxt) > 4):
                break
    return None


def check_denied_perception(claim: str, ev: str) -> Failure:
    """A negated claim is not supported by a negated perception it does not itself say."""
    if markers.negations(claim) % 2 == 0:
        return None
    verb = denied_perception(ev)
    if verb is None or lemma(verb) in set(content_lemmas(claim)) | {lemma(w) for w in markers.tokens(claim)}:
        return None
    return verb, f"the evidence says '{verb}' was denied: not perceiving it is not its not happening"
