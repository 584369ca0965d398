"""Closed lexicons of polarity, modality, quantity and time markers, and detectors.

Each detector takes lower-cased word tokens and returns the markers found, so the
gate can compare what the evidence hedges or limits with what the claim keeps.
"""

from __future__ import annotations

import re

from affidavit.text.memo import memo

NEGATORS = frozenset(
    {"not", "no", "never", "none", "nobody", "nothing", "neither", "nor", "cannot",
     "n't", "without",
     # almost never, almost not: "hardly speaks Welsh" says less than "speaks Welsh"
     "hardly", "barely", "scarcely", "rarely", "seldom"}
)  # fmt: skip
# Words that carry a negation inside them, mapped to the positive lemma they deny.
LEXICAL_NEGATIVES: dict[str, str] = {
    "absent": "attend", "absence": "attend", "miss": "attend", "missed": "attend",
    "fail": "succeed", "failed": "succeed", "deny": "admit", "denied": "admit",
    "refuse": "accept", "refused": "accept", "decline": "accept", "declined": "accept",
    "lack": "have", "lacks": "have", "lacked": "have", "unable": "able", "denies": "admit",
    "forgot": "remember", "forgets": "remember", "neglected": "remember",
}  # fmt: skip
_NEGATIVE_PHRASES = re.compile(
    r"\b(?:ruled out|left out|pulled out|withdrew from|withdrawn from|barred from|"
    r"banned from|excluded from|free of|instead of|rather than|refrained from|"
    # "decided against renewing the contract": the contract was not renewed ("voted against
    # the road" denies no event of its own).
    r"(?:decided|voted|opted|chose|ruled|advised|recommended)"
    r"(?: \d+ ?(?:to|-|–) ?\d+| unanimously| narrowly| overwhelmingly)? against(?= \w+ing\b)|"
    # "It is false that ...": a denial of the clause that follows.
    r"(?:false|untrue|a lie|a myth|nonsense|wrong) that|"
    # Not done (yet): "has yet to sign", "stopped short of signing".
    r"(?:is|are|was|were|has|have|had) (?:still )?yet to|(?:has|have) still to|stopped short of|"
    # A process still going on: "the road is still under repair" says it is not repaired.
    r"(?:is|are|was|were|remains|remained|stays|stayed|'s|’s) (?:still )?(?:under|awaiting|pending) "
    r"(?=(?:repair|repairs|construction|review|investigation|renovation|refurbishment|maintenance|"
    r"consideration|discussion|negotiation|evaluation|inspection|assessment)\b)|"
    # Kept from doing it: "avoided signing", "was too late to sign".
    r"avoid(?:ed|s|ing)?(?= \w+ing\b)|too late to)\b"
)
_PHRASE_TAILS = frozenset({"out", "from", "of", "than", "that", "to", "against",
                           "avoid", "avoids", "avoided", "avoiding", "under", "awaiting", "pending"})

# Modality classes: a hedge, an intention, a prediction.
MODALITY: dict[str, str] = {
    "may": "hedge", "might": "hedge", "could": "hedge", "possibly": "hedge",
    "perhaps": "hedge", "maybe": "hedge", "probably": "hedge", "likely": "hedge",
    "unlikely": "hedge", "reportedly": "hedge", "allegedly": "hedge", "alleged": "hedge",
    "suspect": "hedge", "suspects": "hedge", "suspected": "hedge", "rumoured": "hedge",
    "rumored": "hedge", "apparently": "hedge", "seemingly": "hedge", "seems": "hedge",
    "appears": "hedge", "believed": "hedge", "thought": "hedge", "unconfirmed": "hedge",
    "claims": "hedge", "claimed": "hedge", "purportedly": "hedge", "supposedly": "hedge",
    "presumably": "hedge", "speculated": "hedge", "accused": "hedge", "hopefully": "hedge",
    "believe": "hedge", "believes": "hedge", "thinks": "hedge",
    # The writer's own hedges ("iirc", "afaik"); "I think", "I guess" are read by
    # _FIRST_PERSON_HEDGES ("guess who I ran into" hedges nothing).
    "reckons": "hedge", "iirc": "hedge", "afaik": "hedge", "afaict": "hedge", "unsure": "hedge",
    "think": "hedge", "guess": "hedge", "reckon": "hedge", "suppose": "hedge", "assume": "hedge",
    # A finding not yet confirmed: "a possible nodule", "a probable fracture".
    "possible": "hedge", "probable": "hedge", "potential": "hedge",
    "presumed": "hedge", "presumptive": "hedge", "suspicion": "hedge", "query": "hedge",
    "intends": "intent", "intend": "intent", "intended": "intent", "plans": "intent",
    "plan": "intent", "planned": "intent", "planning": "intent", "aims": "intent",
    "aim": "intent", "hopes": "intent", "hope": "intent", "hoping": "intent",
    "wants": "intent", "proposes": "intent", "proposed": "intent", "considering": "intent",
    # "I want to drive a van", "I'm learning to drive": not done yet (the first person read
    # as a name keeps the bare form: "Ysella want to drive")
    "want": "intent", "learning": "intent",
    "considers": "intent", "seeks": "intent", "intention": "intent", "wishes": "intent",
    # "expected to" is somebody's forecast, a hedge on the future; "will" states it.
    "expected": "hedge", "expects": "hedge", "will": "future", "shall": "future",
    "scheduled": "future", "set": "future", "going": "future",
    "would": "hedge", "should": "hedge",
    # Verbs whose infinitive is not done: "threatened to sign" signed nothing.
    "threatened": "intent", "threatens": "intent", "offered": "intent", "offers": "intent",
    "promised": "intent", "promises": "intent", "vowed": "intent", "vows": "intent",
    "pledged": "intent", "pledges": "intent", "agreed": "intent", "agrees": "intent",
    "decided": "intent", "decides": "intent", "supposed": "intent", "meant": "intent",
    "about": "future", "wanted": "intent", "hoped": "intent",
    "volunteered": "intent", "prepared": "intent", "preparing": "intent", "ready": "intent",
    "like": "intent", "keen": "intent", "eager": "intent", "willing": "intent",
    # Offers: "happy to cover Monday", "glad to help", "Oona can drive Pekka" -- said,
    # not done. "can" is read so only before a verb (``_ABILITY_SKIP``).
    "happy": "intent", "glad": "intent", "can": "ability", "offer": "intent",
    # Not yet settled or not yet so: "TBC", "provisionally", "must have", "due to",
    # "incoming CFO", "CFO-designate".
    "tbc": "hedge", "tbd": "hedge", "provisionally": "hedge", "provisional": "hedge",
    "tentatively": "hedge", "tentative": "hedge", "must": "hedge", "due": "future",
    # A figure given as a forecast or an estimate ("€2.7m (forecast)", "(CEO's estimate)",
    # "unaudited") is not yet the figure.
    "forecast": "hedge", "forecasts": "hedge", "forecasted": "hedge", "estimate": "hedge",
    "estimates": "hedge", "estimated": "hedge", "projected": "hedge", "projection": "hedge",
    "projections": "hedge", "unaudited": "hedge",
    "incoming": "future", "designate": "future", "elect": "future", "prospective": "future",
    "acting": "hedge", "interim": "hedge",
    # Verbs whose infinitive is not done, or not yet: "pretended to sign", "needs to sign",
    # "is required to sign", "hesitated to sign", "is reluctant to sign".
    "pretended": "intent", "pretends": "intent", "pretending": "intent", "needs": "intent",
    "required": "intent", "obliged": "intent", "hesitated": "intent", "hesitates": "intent",
    "reluctant": "intent",
    # What someone only dreamt or imagined.
    "dreamt": "hedge", "dreamed": "hedge", "dreams": "hedge", "imagined": "hedge",
    "imagines": "hedge",
    # Not (yet) the post: "was shortlisted for CFO", "a candidate for CFO".
    "shortlisted": "hedge", "candidate": "hedge", "candidates": "hedge",
}  # fmt: skip
# "We are happy to announce that ...": an offer word before a verb of saying opens a
# statement, not an offer.
_PERFORMATIVE = frozenset({"announce", "report", "confirm", "share", "say", "inform", "welcome",
                           "let", "tell", "introduce", "present", "congratulate", "note"})  # fmt: skip
# "can" that states no offer or plan: a language spoken, a negation ("can not").
_ABILITY_SKIP = frozenset({"not", "speak", "speaks", "only", "also", "still", "now", "you", "i", "we"})
# Markers that are modal only in a pattern ("set to", "due to", "going to", "thought to").
_NEEDS_TO = frozenset({"due", "set", "going", "thought", "believed", "expected", "aim", "want", "learning",
                       "aims", "plan", "plans", "hope", "hopes", "seeks",
                       "threatened", "threatens", "offered", "offers", "promised", "promises",
                       "vowed", "vows", "pledged", "pledges", "agreed", "agrees", "decided",
                       "decides", "supposed", "meant", "about", "wanted", "hoped", "volunteered",
                       "prepared", "preparing", "ready", "like", "keen", "eager", "willing",
                       "happy", "glad", "offer", "pretended", "pretends", "pretending", "needs",
                       "required", "obliged", "hesitated", "hesitates", "reluctant"})  # fmt: skip
# Of those, the ones whose "to" may open a noun phrase ("agreed to the terms", "due to
# rain"): modal only before a verb, not before a determiner or a name.
_TO_VERB_ONLY = frozenset({"agreed", "agrees", "prepared", "ready", "about", "like",
                           "offered", "offers", "promised", "promises", "pledged", "pledges",
                           "meant", "supposed", "keen", "eager", "willing", "set", "happy",
                           "glad", "offer"})  # fmt: skip
_NOT_VERB_AFTER_TO = frozenset({"the", "a", "an", "his", "her", "their", "its", "our", "my",
                                "your", "this", "that", "these", "those", "be", "me", "him",
                                "them", "us", "it"})  # fmt: skip

# Hearsay: the statement is attributed to unnamed or unverified sources.
_ATTRIBUTED = re.compile(
    r"\b(?:(?:unnamed |anonymous |unidentified |some )?sources?(?: close to [\w\s]+?)? "
    r"(?:say|said|says|claim|claimed|suggest|suggested|indicate|indicated|told)|"
    r"according to (?:unconfirmed |unverified |media |press |local )?(?:reports|rumou?rs|sources|"
    r"people familiar|insiders)|"
    r"it (?:is|was|has been) (?:said|reported|rumou?red|understood|alleged|claimed) that|"
    r"(?:is|are|was|were) (?:said|reported|rumou?red) to|reports (?:say|said|suggest|suggested)|"
    r"rumou?rs? (?:say|said|suggest|suggested|that)|unconfirmed)\b"
)
# Trying is not doing: "tried to buy X" does not say X was bought.
ATTEMPT = re.compile(
    r"\b(?:try|tries|tried|trying|attempt|attempts|attempted|attempting|sought|seeks|seeking|"
    r"bid|bids|bidding|strove|strives|struggled) to (\w+)"
)
# Every ``ATTEMPT`` verb holds one of these; the pattern opens with ``\b`` and is
# tried at every offset, so ``may_attempt`` runs first on the (case-folded) text.
_ATTEMPT_HINTS = ("try", "tri", "attempt", "sought", "seek", "bid", "strove", "strives", "struggled")


def may_attempt(folded: str) -> bool:
    """False only when ``ATTEMPT`` cannot match the case-folded ``folded``."""
    return any(hint in folded for hint in _ATTEMPT_HINTS)


# Quantifier strength: higher claims more.
QUANTIFIERS: dict[str, int] = {
    "none": 0, "no": 0, "few": 1, "some": 1, "several": 1, "a few": 1, "partly": 1,
    "partially": 1, "occasionally": 1, "sometimes": 1, "many": 2, "often": 2,
    "much": 2, "most": 3, "mostly": 3, "mainly": 3, "largely": 3, "majority": 3,
    "primarily": 3, "predominantly": 3, "usually": 3, "generally": 3,
    "all": 4, "every": 4, "each": 4, "only": 4, "always": 4, "entire": 4, "whole": 4,
    "exclusively": 4, "solely": 4, "entirely": 4, "completely": 4, "wholly": 4,
    # The every- pronouns quantify as "every" does ("everyone in the club").
    "everyone": 4, "everybody": 4, "everything": 4, "everywhere": 4,
}  # fmt: skip
UNIVERSAL = 4
EXCEPTIONS = re.compile(
    r"\b(?:except|excepting|apart from|other than|save for|but not|"
    r"excluding|with the exception of|all but|(?:everyone|everybody|every \w+|each \w+) but)\b"
)
_PARTITIVE = re.compile(r"\b(\w+) of (?:the )?(\w+)\b")

ENDED = frozenset({"former", "formerly", "previously", "ex", "until", "till", "no longer",
                   "used to", "erstwhile", "retired", "onetime"})  # fmt: skip
CONNECTIVES: dict[str, str] = {"before": "after", "after": "before", "prior": "after",
                               "since": "until", "until": "since"}  # fmt: skip

# "didn't" -> "did", "n't": the contraction's stem first, then its negation.
_TOKEN = re.compile(r"\w+?(?=n't\b)|n't\b|[\w']+|[$£€%]")


def tokens(text: str) -> list[str]:
    """Lower-cased word tokens, with "n't" split off ("didn't" -> "did", "n't")."""
    return list(token_tuple(text))


@memo(maxsize=8192)
def token_tuple(text: str) -> tuple[str, ...]:
    """``tokens`` as a tuple, cached: every marker check tokenises the same two texts."""
    return tuple(_TOKEN.findall(_normalised(text)))


@memo(maxsize=8192)
def _normalised(text: str) -> str:
    """Case-folded, curly apostrophes straight, chat's "didnt" written "didn't"."""
    folded = text.casefold().replace("’", "'")
    if "nt" in folded:  # chat drops the apostrophe: "didnt", "isnt", "cant" deny as "didn't" does
        folded = _BARE_NT.sub(r"\1n't", folded)
    return folded


_NUMBERED = re.compile(r"\b[Nn]o\.[ \t]?\d")
_REPLY_NO = re.compile(r"(?:^|[:\n.!?][ \t]*)(?:[Nn]o|NO|[Nn]ope|[Nn]ah)[ \t]*[,;—–][ \t]*(?=\w)")
_BARE_NT = re.compile(
    r"\b(do|does|did|is|was|are|were|has|have|had|could|would|should|must|need|ca|wo|ai)'?nt\b"
)  # "didnt", and the apostrophe typed one letter late: "does'nt"


def negations(text: str) -> int:
    """How many negations the text carries (parity decides polarity)."""
    toks = token_tuple(text)  # read only: no list copy
    count = sum(1 for t in toks if t in NEGATORS or t in LEXICAL_NEGATIVES)
    if "no" in toks:
        count -= len(_NUMBERED.findall(text))  # "Hospital No. 2", "no. 14": a number, not a denial
        # "no, the ferry did not sink": a reply's "no" answers what was said before; the
        # clause after it carries its own polarity (parity with both would read it as true).
        count -= len(_REPLY_NO.findall(text))
    if not _PHRASE_TAILS.isdisjoint(toks):  # every negative phrase holds one of these
        count += len(_NEGATIVE_PHRASES.findall(text.casefold()))
    # "no longer" is a temporal ending, not a denial of the predicate; so is "not ... anymore".
    low = _normalised(text)
    count -= low.count("no longer")
    if "any" in low:
        count -= len(_NOT_ANYMORE.findall(low))
    # "neither X nor Y attended" denies once, for each of them.
    if "neither" in toks and "nor" in toks[toks.index("neither") :]:
        count -= 1
    # "believe it or not", "whether or not", "like it or not": an alternative, no denial.
    if "or" in toks:
        count -= len(_OR_NOT.findall(low))
    return count


_OR_NOT = re.compile(r"\bor not\b")


# Words that put "may" before them as the month: "in May", "last May", "mid-May".
_BEFORE_MONTH = frozenset(
    {"in", "on", "of", "since", "until", "till", "by", "early", "late", "last", "next", "this",
     "mid", "during", "through", "from", "every", "each", "between", "and", "or", "to", "for",
     "into"}
)  # fmt: skip
# "is being investigated for a possible X", "under investigation for": not a finding.
_INVESTIGATED = re.compile(
    r"\b(?:investigated|assessed|evaluated|tested|screened|examined|worked up) for\b|"
    r"\bunder investigation\b|\bto rule out\b"
)


_FIRST_PERSON_HEDGES = frozenset({"think", "guess", "reckon", "suppose", "assume"})
# What opens a clause after a verb that otherwise needs "to": a subject pronoun that is no
# object, with or without its auxiliary ("hopes he'll pay", "promised they would"; not
# "offer you the post", nor "agreed that", which minutes write for a decision).
_CLAUSE_OPENER = re.compile(r"(?:he|she|they|we|i)(?:['’](?:ll|d|s|re|ve|m))?")
_UP_FOR = re.compile(r"\bup for \w+ing\b")
_TALK_WORDS = frozenset({"discussed", "discussing", "debated", "debating", "considered", "talked", "floated",
                         "explored", "exploring"})
_TALKED_OF = re.compile(
    r"\b(?:discussed|discussing|debated|debating|considered|talked about|floated|explored|exploring)"
    r"(?: the idea of| the possibility of| options for)? \w+ing\b"
)
_UNSETTLED = re.compile(
    r"\b(?:been |was |were |is |are )?offered (?:a|an|the|her|his|their) (?:\w+ )?"
    r"(?:job|role|position|post|place|contract|seat|spot|promotion)\b|"
    r"\bto be confirmed\b|\bpending confirmation\b|\bnot (?:yet )?confirmed\b"
)
# Asking for something is not getting it: "requested leave from 1 May", "applied for".
_REQUEST_WORDS = frozenset({"request", "requests", "requested", "requesting", "apply", "applies",
                            "applied", "applying", "asked", "asks", "asking", "ask"})  # fmt: skip
_REQUESTED = re.compile(
    r"\b(?:request(?:s|ed|ing)?\b(?! (?:was|has been|is) (?:granted|approved|accepted))|"
    r"appl(?:y|ies|ied|ying) for|"
    r"ask(?:s|ed|ing)? (?:for|that|whether|if|to (?!(?:the|a|an|my|his|her|their|our|its)\b)))"
)
# Unnamed hearsay the clause readers do not frame: "there's a rumour", "rumour in the
# canteen:", "word around the office is", "hearing that", "..., or so the rumour goes".
_RUMOUR_WORDS = frozenset({"rumour", "rumor", "rumours", "rumors", "word", "hearing", "so", "told",
                           "gossip", "grapevine", "per", "according", "account", "words", "version",
                           "claim", "unverified", "alleged", "unconfirmed", "self", "reported",
                           "stated", "claimed", "described", "that's", "that", "this"})  # fmt: skip
_RUMOURED = re.compile(
    r"\bthere(?:'s| is| are) (?:a )?rumou?rs?\b|\brumou?rs? (?:in|around|at|from|on)\b|"
    r"\bword (?:around|in|at|on) the \w+ is\b|\bword from (?:the )?\w+ is\b|^(?:i'm |i am |we're )?hearing\b|"
    r"\bor so (?:the rumou?r goes|i(?:'ve)? hear[d]?|they say|i'm told|we're told|people say)\b|"
    r"\bgossip\b|\bgrapevine\b|"
    # "(employee's account)", "(per the caller)", "as reported by the customer,"
    r"\((?:per|according to|as told by) [^)]{1,40}\)|\((?:[\w\-]+['’]s )?(?:account|words|version|claim)\)|"
    r"\((?:unverified|alleged|unconfirmed|self-reported)\)|"
    r"\bas (?:reported|stated|claimed|told|described) by\b|"
    # "..., that's the lie going round", "... — that's what they say": a demonstrative and a
    # copula after a clause break name what the clause before is, not that it is so.
    r"(?:[,;]|\s[—–-])\s*(?:that|this)(?:'s|’s| is| was)\s+(?:the|a|an|what|just|only|all)\b"
)


# The writer's doubt in chat spelling and irony: the statement is not vouched for.
_CHAT_HEDGE_WORDS = frozenset({"prob", "probs", "idk", "dunno", "sure", "certain", "convinced", "doubt",
                               "claims", "claim",
                               "if", "dreams", "gonna", "supposably"})  # fmt: skip
_CHAT_HEDGED = re.compile(
    r"\b(?:prob|probs|idk|dunno|supposably)\b|\b(?:pretty|fairly|not|not totally|not 100%) sure\b|"
    r"\bi (?:doubt|don't think|dont think)\b|\bor so (?:he|she|they|i|we|it) (?:claims?|says?|reckons?)\b|"
    r"\bas if\b(?!\s+\w+\s+(?:were|was|had))|\bin (?:my|your) dreams\b|\bgonna\b|"
    # "was sure I failed", "I'm certain he left": a belief, not the fact
    r"\b(?:was|were|am|is|i'm|im|felt|feel) (?:so |pretty |fairly |quite |absolutely )?"
    r"(?:sure|certain|convinced)\b(?! (?:to|of|about)\b)"
)


def phrase_cue(text: str) -> str | None:
    """The words of a phrase-level modality cue ("there's a rumour", "requested"), if any."""
    low = text.casefold()
    for pattern in (_RUMOURED, _REQUESTED, _UP_FOR):
        hit = pattern.search(low)
        if hit is not None:
            return text[hit.start() : hit.end()]
    return None


def names_may_month(text: str) -> bool:
    """Whether ``text`` uses "May" as the month ("in May", "3 May", "May 2024"), which
    the modality tables would otherwise read as the hedge and skip."""
    toks = token_tuple(text)
    return any(
        t == "may"
        and ((i > 0 and (toks[i - 1] in _BEFORE_MONTH or toks[i - 1][:1].isdigit()))
             or (i + 1 < len(toks) and toks[i + 1][:1].isdigit()))
        for i, t in enumerate(toks)
    )  # fmt: skip


def modalities(text: str) -> set[str]:
    """Modality classes present: "hedge", "intent", "future"."""
    toks = token_tuple(text)  # read only: no list copy
    out: set[str] = set()
    for i, t in enumerate(toks):
        cls = MODALITY.get(t)
        if cls is None:
            continue
        if t == "may" and (
            (i > 0 and (toks[i - 1] in _BEFORE_MONTH or toks[i - 1][:1].isdigit()))
            or (i + 1 < len(toks) and toks[i + 1][:1].isdigit())
        ):
            continue  # the month ("in May", "9 May", "May 2024")
        if t in _FIRST_PERSON_HEDGES and (i == 0 or toks[i - 1] not in ("i", "we")):
            continue  # "guess who I met", "think of it": only "I think" hedges
        if t in ("hope", "hoped") and i > 0 and toks[i - 1] in ("i", "we") and (
            i + 1 >= len(toks) or toks[i + 1] != "to"
        ):
            out.add("hedge")  # "I hope Benedikt is the new lead": a wish, not a fact
            continue
        if t in _NEEDS_TO and (i + 1 >= len(toks) or toks[i + 1] != "to"):
            if i + 1 < len(toks) and _CLAUSE_OPENER.fullmatch(toks[i + 1]):
                out.add(cls)  # "hopes he'll pay half", "promised she would": a clause
            continue
        if t in _TO_VERB_ONLY and (
            i + 2 >= len(toks) or toks[i + 2] in _NOT_VERB_AFTER_TO or toks[i + 2][:1].isdigit()
        ):
            continue  # "agreed to the terms", "ready to them": a noun phrase follows
        if t == "like" and (i == 0 or toks[i - 1] not in ("would", "'d")):
            continue  # "would like to": "like to swim" is a habit
        if t in ("happy", "glad") and i + 2 < len(toks) and toks[i + 2] in _PERFORMATIVE:
            continue  # "happy to announce that ...": a statement follows
        if t == "can" and (i + 1 >= len(toks) or toks[i + 1] in _ABILITY_SKIP or toks[i + 1][:1].isdigit()):
            continue
        if t == "can" and toks[i + 1] in _PERFORMATIVE and i > 0 and toks[i - 1] in ("i", "we"):
            continue  # "I can confirm that ...": the writer confirms it
        if (
            t in ("may", "might", "could", "would", "should", "will")
            and i + 1 < len(toks)
            and (toks[i + 1] in ("not", "n't"))
        ):
            out.add(cls)
            continue
        out.add(cls)
    low = text.casefold()
    if "up" in toks and _UP_FOR.search(low):
        out.add("intent")  # "up for covering Monday": an offer
    if not _TALK_WORDS.isdisjoint(toks) and _TALKED_OF.search(low):
        out.add("intent")  # "discussed moving the festival to Cardona": talked of, not done
    if ("offered" in toks or "confirmed" in toks or "pending" in toks) and _UNSETTLED.search(low):
        out.add("intent")  # "has been offered a job", "to be confirmed": not settled
    if not _REQUEST_WORDS.isdisjoint(toks) and _REQUESTED.search(low):
        out.add("intent")  # "has requested leave", "applied for a transfer": asked, not granted
    if not _RUMOUR_WORDS.isdisjoint(toks) and _RUMOURED.search(low):
        out.add("hedge")  # "there's a rumour ...", "..., or so the rumour goes", "hearing that"
    if not _CHAT_HEDGE_WORDS.isdisjoint(toks) and _CHAT_HEDGED.search(low):
        out.add("hedge")  # "prob", "idk", "pretty sure", "I doubt", "or so he claims", "as if"
    if _hearsay_words(toks) and _ATTRIBUTED.search(low):
        out.add("hedge")  # "sources say", "according to unconfirmed reports"
    if ("for" in toks or "investigation" in toks or "rule" in toks) and _INVESTIGATED.search(low):
        out.add("hedge")  # "investigated for a nodule": a question, not a finding
    # The pattern is tried at every offset; a match holds one of these substrings, so
    # test them first (and ``out`` first of all: a found class makes the test moot).
    if not out and any(w in low for w in _IS_TO) and re.search(r"\b(?:is|are|was|were) to\b", low):
        out.add("future")  # "is to take": an instruction the claim must keep
    if "future" not in out and (
        (" to " in low and _instructed(text)) or (":" in low and _ACTION_LIST.search(text))
    ):
        out.add("future")  # "Tak to order the badges", "Actions: (1) Rita - book the venue"
    return out


_IS_TO = ("is to", "are to", "was to", "were to")
# A name with a bare infinitive, the minutes' and headlines' future ("Tak to order new
# badge readers", "Kestrel Mills to cut 40 jobs"); a capital-led word in any script.
# The name opens its clause (a line, a bullet, after a colon): "went to Tallinn to
# study" is a purpose, not an instruction.
_CAP_WORD = r"(?-i:[A-ZÀ-ÖØ-ÞĀ-ſḀ-ỿ])[\w\u0300-\u036f'’.\-]*"
_INSTRUCTED = re.compile(
    r"(?:^|[\n:;(]\s*|[-•*]\s+|\)\s*)(?P<who>(?:"
    + _CAP_WORD
    + r"\s+){0,3}"
    + _CAP_WORD
    + r")\s+(?:[—–-]\s+)?to\s+"
    r"(?!the\b|a\b|an\b|his\b|her\b|their\b|its\b|my\b|our\b|be\b)[a-z]+\b"
)


def action_list(text: str) -> bool:
    """Whether the text opens an action list ("Actions:", "Next steps:")."""
    return ":" in text and _ACTION_LIST.search(text) is not None


def _instructed(text: str) -> bool:
    """A found name right before the "to" ("Allergic to penicillin" names nobody)."""
    from affidavit.text.names import find_names  # names does not import markers: no cycle

    ends = {b for _, _, b in find_names(text)}
    return any(m.end("who") in ends for m in _INSTRUCTED.finditer(text))


# An action list: every item after the header is still to be done.
_ACTION_LIST = re.compile(
    r"\b(?:[Aa]ctions?|[Aa]ction (?:items?|points?)|[Tt]o-?[Dd]os?|TODO|[Nn]ext steps|[Ff]ollow-?ups?)\s*:"
)


def attributed(text: str) -> bool:
    """Whether the text passes the statement on from unnamed or unverified sources."""
    toks = token_tuple(text)
    if not _RUMOUR_WORDS.isdisjoint(toks) and _RUMOURED.search(text.casefold()) is not None:
        return True
    return _hearsay_words(toks) and _ATTRIBUTED.search(text.casefold()) is not None


# Every ``_ATTRIBUTED`` alternative holds one of these words: a cheap test first.
_HEARSAY_WORDS = frozenset(
    {"source", "sources", "according", "said", "reported", "rumoured", "rumored", "understood",
     "alleged", "claimed", "reports", "rumour", "rumor", "rumours", "rumors", "unconfirmed"}
)  # fmt: skip


def _hearsay_words(toks: tuple[str, ...] | list[str]) -> bool:
    return not _HEARSAY_WORDS.isdisjoint(toks)


def quantifier_rank(text: str) -> int | None:
    """The strongest quantifier the text uses, or None when it uses none."""
    low = text.casefold()
    ranks = [QUANTIFIERS[t] for t in token_tuple(text) if t in QUANTIFIERS and t != "no"]
    for m in _PARTITIVE.finditer(low) if " of " in low else ():
        a, b = m.group(1), m.group(2)
        if a != b and a in _COUNT_WORDS and b in _COUNT_WORDS:
            ranks.append(1)  # "two of three" is some, not all
    return max(ranks) if ranks else None


# A clause whose subject is a part of a group: "A few of the players ...", "Two of its
# mines ...". A claim about the group itself ("The players ...") says all of them.
# "Dozens of X staff" counts people, it picks no part of a named group.
_PARTITIVE_LEAD = re.compile(
    r"(?:^|[;,:]\s*)(?:and |but |while |whereas )?"
    r"(?:only |just |nearly |almost |about |roughly |at least )?(?:a |the )?"
    r"(few|some|several|many|most|half|majority|minority|handful|one|two|three|four|five|six|seven|eight|nine|ten|\d+|part|much|none|"
    r"neither|either|any|one-third|a third|third|quarter|fraction|share|portion) of\b"
)


def partitive_lead(text: str) -> str | None:
    """The quantifier of a clause that opens with a part of a group ("a few of the ...")."""
    low = text.casefold()
    if " of " not in low:
        return None
    m = _PARTITIVE_LEAD.search(low)
    return m.group(1) if m else None


_COUNT_WORDS = frozenset(
    ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
) | frozenset(str(i) for i in range(1, 100))


_PARTITIVE_ANY = re.compile(_PARTITIVE_LEAD.pattern.replace("(?:^|[;,:]\\s*)", r"\b", 1))


def partitive_any(text: str) -> str | None:
    """A part of a group anywhere in the text ("holds one of his vases"): a claim keeps
    the evidence's partitive wherever it puts it."""
    low = text.casefold()
    if " of " not in low:
        return None
    m = _PARTITIVE_ANY.search(low)
    return m.group(1) if m else None


def has_exception(text: str) -> bool:
    """Whether the text limits a universal ("every state except Malta")."""
    return bool(EXCEPTIONS.search(text.casefold()))


# "until 2022", "till last May", "until then": an end that has come. "until Friday" too
# (the evidence may be old); "until a replacement is found" has not come.
_ENDED_AT = re.compile(
    r"\b(?:until|till)\s+(?:(?:the\s+)?(?:end\s+of\s+)?(?:\d|last\b|recently\b|then\b|that\b|early\b|late\b|mid\b)|"
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|spring|summer|autumn|fall|winter)\b)"
)
_NOT_ANYMORE = re.compile(r"(?:\b(?:not|never)\b|n't\b).{0,60}?\b(?:anymore|any more|any longer)\b")


def ended_markers(text: str) -> set[str]:
    """Markers that say a state has ended ("former", "until 2022", "used to")."""
    low = text.casefold()
    # ``token_tuple`` case-folds, and case folding is idempotent, so the tokens of
    # ``text`` are those of ``low``; keyed by ``text`` they are the cached ones the
    # other marker checks already made.
    toks = token_tuple(text)
    found = {t for t in toks if t in ENDED}
    if ("until" in found or "till" in found) and not _ENDED_AT.search(low):
        found -= {"until", "till"}  # "until a replacement is found", "until further notice": still on
    for phrase in ("no longer", "used to"):
        if phrase in low:
            found.add(phrase)
    if "any" in low and _NOT_ANYMORE.search(_normalised(text)):
        found.add("no longer")  # "isn't on the team anymore"
    if "ex-" in low and re.search(r"\bex-\w", low):  # the regex is tried at every offset
        found.add("ex")
    if "late" in toks and _THE_LATE.search(text):
        found.add("late")  # "the late mayor Rommel Ilagan": whatever he was, he is no longer
    return found


# "the late Rommel Ilagan", "our late mayor Rommel Ilagan": of the dead, before a name
# ("the late shift", "the late 1990s", "ran late" say nothing of the kind).
_THE_LATE = re.compile(
    r"\b(?:[Tt]he|[Oo]ur|[Mm]y|[Hh]is|[Hh]er|[Tt]heir|[Yy]our)[ \t]+late[ \t]+(?:[a-z]+[ \t]+)?[A-ZÀ-ÞĀ-Ž]"
)


def connectives(text: str) -> set[str]:
    """Temporal connectives that order events."""
    return {t for t in token_tuple(text) if t in CONNECTIVES}
