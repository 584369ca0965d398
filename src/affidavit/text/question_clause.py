"""Relative clauses of a question that define the entity the question is about. Pure.

"the company that acquired X", "the company X manages", "the club that X
captains", "the bank whose chief financial officer is X" and "the school where
X is head" each stand for an entity X's own claims yield (``text.question``
asks the clause first, then the rest of the question about that entity).
"""

from __future__ import annotations

from affidavit.text.lemmas import STOPWORDS, lemma
from affidavit.text.lexical import active, organisation_noun
from affidavit.text.slots import PARTY_NOUNS

_AUX = frozenset({
    "do", "does", "did", "is", "are", "was", "were", "has", "have", "had", "will", "would",
    "can", "could",
})  # fmt: skip
_RELATIVE = frozenset({"that", "which", "who", "whose"})
# "the bank whose chief financial officer is X": the name may stand a few words on.
_CLAUSE_SPAN = 7
# "the school where X is head": a name, its verb group and one word of predicate.
_WHERE_CLAUSE_SPAN = 5
_DO = frozenset({"do", "does", "did"})


def relative_clause(
    tokens: list[tuple[str, int, int]], name_of: dict[int, int]
) -> tuple[int, int, int] | None:
    """The clause of ``_clause`` (below), run on over its verb's object.

    A clause whose verb is followed by a determiner, a number or a preposition ("the
    company Lena owns *30% of*", "the company that Lena has *a stake in*") has its
    object still to come: it runs to the question's last word, which is the question's
    own predicate ("... make?"), or to the end when the question's verb came before it
    ("Who runs the company that Lena has a stake in?"). Only ever lengthened.
    """
    low = [t.casefold() for t, _, _ in tokens]
    found = _clause(tokens, name_of) or _copular_clause(low, name_of)
    if found is None:
        return None
    lo, hi, idx = found
    if hi + 1 >= len(low) or not (
        low[hi + 1] in STOPWORDS or low[hi + 1] in _AUX or low[hi + 1][0].isdigit()
    ):
        return found
    the = lo - 1
    while the > 0 and low[the] != "the":
        the -= 1
    before = low[:the]
    verb_first = not any(t in _DO for t in before) and any(
        t not in STOPWORDS and t not in _AUX and t not in _QUESTION_WORDS for t in before
    )
    last = len(tokens) - 1 if verb_first else len(tokens) - 2
    return (lo, last, idx) if last > hi else found


def _copular_clause(low: list[str], name_of: dict[int, int]) -> tuple[int, int, int] | None:
    """ "the company <name> is a data engineer at": a clause whose verb is a copula, which
    ``_clause`` leaves alone; ``(name, name end, mention)`` for the caller to run on."""
    for i in range(len(low) - 3):
        if low[i] != "the" or (i + 1) in name_of or (i + 2) not in name_of:
            continue
        end = i + 2
        while end + 1 in name_of and name_of[end + 1] == name_of[i + 2]:
            end += 1
        if end + 2 < len(low) and low[end + 1] in _AUX:
            return i + 2, end, name_of[i + 2]
    return None


_QUESTION_WORDS = frozenset({"who", "whom", "what", "which", "where", "when", "how", "why"})


def _clause(
    tokens: list[tuple[str, int, int]], name_of: dict[int, int]
) -> tuple[int, int, int] | None:
    """``(first, last, mention)`` token positions of a clause that defines a bridge entity.

    "the company that acquired X" (the head is the clause's subject), "the
    company X manages" and "the club that X captains" (the head is its object),
    "the bank whose chief financial officer is X" (the head owns what the clause
    says of X) and "the school where X is head" (a place of the clause); the
    clause must contain a name.
    """
    low = [t.casefold() for t, _, _ in tokens]
    for i in range(len(tokens) - 3):
        if low[i] != "the" or (i + 1) in name_of or tokens[i + 1][0][0].isupper():
            continue
        j = _clause_start(tokens, name_of, i + 2)
        by = j + 2 if j + 2 < len(low) and low[j + 1] in VERB_PARTICLES else j + 1
        if (by + 1 < len(tokens) and low[by] == "by" and by + 1 in name_of
                and _participle(low[j]) and j not in name_of):
            # "the company owned by X", "the firm bought (out) by X": a reduced passive
            # clause, X its agent
            end = by + 1
            while end + 1 in name_of and name_of[end + 1] == name_of[by + 1]:
                end += 1
            return j, end, name_of[by + 1]
        if low[j] == "where" and j + 1 in name_of:
            return _where_clause(tokens, name_of, j + 1)
        if low[j] in _RELATIVE:
            for k in range(j + 1, min(j + _CLAUSE_SPAN, len(tokens))):
                if k in name_of:
                    end = k
                    while end + 1 in name_of and name_of[end + 1] == name_of[k]:
                        end += 1
                    if k == j + 1:  # the name is the clause's subject: its verb follows
                        end = _object_clause_end(tokens, name_of, end)
                    return j + 1, end, name_of[k]
            return None
        if j in name_of:
            end = j
            while end + 1 in name_of and name_of[end + 1] == name_of[j]:
                end += 1
            if end + 1 < len(tokens) and low[end + 1] not in STOPWORDS | _AUX:
                # "the company X took over": the verb's particle is the clause's too
                verb_end = end + 2 if end + 2 < len(low) and low[end + 2] in VERB_PARTICLES else end + 1
                return j, verb_end, name_of[j]
    return None


# Particles of a phrasal verb ("took over", "bought out", "set up").
VERB_PARTICLES = frozenset({"over", "out", "up", "off"})


def _participle(word: str) -> bool:
    """A past participle: regular ("owned") or one whose lemma differs ("bought", "sold")."""
    return word.endswith(("ed", "en")) or (word.isalpha() and not word.endswith("s") and lemma(word) != word)


_HEAD_SPAN = 2  # words a head may have after its first: "the cold storage firm X bought"


def _clause_start(tokens: list[tuple[str, int, int]], name_of: dict[int, int], j: int) -> int:
    """Where a clause begins after the first word of its head at ``j - 1``: past a head of
    two or three words ("the rice mill X owns", "the holding company that owns X", "the
    cold storage firm X bought") when a name or a relative word follows it, else ``j``."""
    k = j
    while k + 1 < len(tokens) and k - j < _HEAD_SPAN and k not in name_of and _head_word(tokens, k):
        k += 1
    low = tokens[k][0].casefold()
    if k > j and (k in name_of or low in _RELATIVE or low == "where"):
        return k
    return j


def _head_word(tokens: list[tuple[str, int, int]], j: int) -> bool:
    """Whether token ``j`` is a lower-case content word that may end a head noun."""
    word = tokens[j][0]
    return word.islower() and word.isalpha() and word not in STOPWORDS and word not in _AUX \
        and word not in _RELATIVE and word != "where"


def _object_clause_end(tokens: list[tuple[str, int, int]], name_of: dict[int, int], end: int) -> int:
    """The clause's verb after its subject name ("that X captains", "that X has bought"),
    or the name's end when none follows."""
    k = end + 1
    while k < len(tokens) and tokens[k][0].casefold() in _AUX:
        k += 1
    if k < len(tokens) and k not in name_of and tokens[k][0].casefold() not in STOPWORDS:
        return k
    return end


def _where_clause(
    tokens: list[tuple[str, int, int]], name_of: dict[int, int], start: int
) -> tuple[int, int, int] | None:
    """``(first, last, mention)`` of "where <name> <aux>* <words>".

    After do-support ("How many pupils does the school where X is head teacher
    have?") the question's last word is its own verb and the clause runs up to
    it; otherwise the clause ends at its first content word.
    """
    end = start
    while end + 1 in name_of and name_of[end + 1] == name_of[start]:
        end += 1
    k = end + 1
    limit = min(len(tokens), k + _WHERE_CLAUSE_SPAN)
    while k < limit:
        low = tokens[k][0].casefold()
        if low not in _AUX and low not in STOPWORDS:
            break
        k += 1
    else:
        return None
    do_support = any(t.casefold() in _DO for t, _, _ in tokens[:start])
    last = k
    while do_support and last + 2 < len(tokens) and last + 1 < limit:
        if tokens[last + 1][0].casefold() in STOPWORDS | _AUX:
            break
        last += 1
    return start, last, name_of[start]


def possessive_party(
    tokens: list[tuple[str, int, int]], name_of: dict[int, int], noise: frozenset[str]
) -> tuple[int, int, int] | None:
    """``(first, last, mention)`` of "Lena's employer" when the question asks more of that
    party ("What does Lena's employer make?"); None when the party is what it asks for."""
    low = [t.casefold() for t, _, _ in tokens]
    for at in range(1, len(tokens)):
        pos = at
        while pos + 1 < len(tokens) and low[pos] in _PARTY_TIME:
            pos += 1  # "Lena's *former* employer": the time is the hop's, the noun follows
        if at in name_of or at - 1 not in name_of or not party_noun(lemma(low[pos])):
            continue
        if not low[at - 1].endswith(("'s", "’s")):
            continue
        if pos + 1 < len(tokens) and f"{low[pos]} {lemma(low[pos + 1])}" in PARTY_NOUNS:
            pos += 1  # "X's *parent company*": a party named by two words
        rest = [
            p for p, t in enumerate(low)
            if p not in name_of and not at <= p <= pos and not t[0].isdigit()
            and ((t not in STOPWORDS and t not in noise and lemma(t) not in noise)
                 or (p > pos and lemma(t) == "do"))  # "What does Lena's landlord do?"
        ]  # fmt: skip
        if not rest:
            return None
        idx = name_of[at - 1]
        first = min(p for p, i in name_of.items() if i == idx)
        return first, pos, idx
    return None


def party_noun(lemma_: str) -> bool:
    """Whether a noun possessed by a name stands for another entity ("Lena's *employer*",
    "Tessel's *buyer*", "Lena's *company*"): a party noun, an agent or patient noun
    derived from a verb, or a kind of organisation (the last two from the lexicon)."""
    return (
        lemma_ in PARTY_NOUNS or bool(active().derivations(lemma_)) or organisation_noun(lemma_)
    )


def party_of(
    tokens: list[tuple[str, int, int]], name_of: dict[int, int], noise: frozenset[str]
) -> tuple[int, int, int] | None:
    """``(noun, last, mention)`` of "the buyer of Tessel" when the question asks more of
    that party ("What does the buyer of Tessel make?"); None when the party is what it
    asks for ("Who is the founder of Brix?")."""
    low = [t.casefold() for t, _, _ in tokens]
    for pos in range(1, len(tokens) - 2):
        # "the *parent company* of X": a party named by two words
        two = pos + 3 < len(tokens) and f"{low[pos]} {lemma(low[pos + 1])}" in PARTY_NOUNS
        noun_end = pos + 1 if two else pos
        if low[pos - 1] != "the" or low[noun_end + 1] != "of" or pos in name_of:
            continue
        owner = noun_end + 3 if low[noun_end + 2] in _DET else noun_end + 2
        if owner not in name_of or not (two or party_noun(lemma(low[pos]))):
            continue
        idx = name_of[owner]
        last = max(p for p, i in name_of.items() if i == idx)
        rest = [
            p for p, t in enumerate(low)
            if p not in name_of and not pos - 1 <= p <= last and not t[0].isdigit()
            and ((t not in STOPWORDS and t not in noise and lemma(t) not in noise)
                 or (p > last and lemma(t) == "do"))
        ]  # fmt: skip
        return (pos, last, idx) if rest else None
    return None


_DET = frozenset({"a", "an", "the"})
_PARTY_TIME = frozenset({"former", "previous", "current", "present", "new"})
_COPULA = frozenset({"is", "was", "are", "were"})


def possessed_by(low: list[str], name_of: dict[int, int], pos: int) -> bool:
    """ "Lena's *landlord*", "the *founder* of Brix": the name owns the word."""
    if pos > 0 and pos - 1 in name_of and low[pos - 1].endswith(("'s", "’s", "s'")):
        return True
    after = pos + 2 if pos + 2 < len(low) and low[pos + 1] == "of" else None
    if after is not None and low[after] in _DET:
        after += 1
    return after is not None and after in name_of


def predicated_of(low: list[str], name_of: dict[int, int], pos: int) -> bool:
    """ "Is Lena *a landlord*?", "Lena is the *owner*": the word is said of the name."""
    if pos < 2 or low[pos - 1] not in _DET or possessed_by(low, name_of, pos):
        return False
    before = pos - 2
    if low[before] in _COPULA:
        before -= 1
    return before >= 0 and before in name_of and not low[before].endswith(("'s", "’s"))
