"""Closed word lists for finding proper names (``text.names``).

Kept apart from the rules so the rules stay readable. Changing a list can change
a gate decision: the lists are part of the resolver, like the lemma tables.
"""

from __future__ import annotations

# Titles dropped from the front of a name ("Mayor Declan Moore").
TITLES = frozenset({
    "capt", "captain", "chief", "coach", "col", "colonel", "councillor", "councilor", "dame",
    "detective", "doctor", "dr", "father", "gen", "general", "governor", "inspector", "judge",
    "justice", "lady", "lord", "mayor", "minister", "miss", "mr", "mrs", "ms", "mx", "nurse", "officer",
    "president", "prof", "professor", "rev", "reverend", "saint", "senator", "sergeant", "sgt", "sir",
    "sister", "st"
})  # fmt: skip

# Lower-case particles that may sit inside a name ("University of Porto",
# "Ludwig van Beethoven", "Jan de Vries", "Gerrit ter Horst"). "and" is deliberately
# absent: "Ilona Varga and Matteo Russo" is two people (firm names: FIRM_SUFFIXES).
PARTICLES = frozenset({
    "al", "bin", "bint", "da", "das", "de", "del", "della", "den", "der", "di", "dos", "du", "el",
    "for", "ibn", "la", "le", "of", "ten", "ter", "van", "von"
})  # fmt: skip

# Particles written joined to the surname by a hyphen or apostrophe ("Omar al-Rashid",
# "Ahmed el-Sayed", "Jean d'Alembert"): the token starts lower-case but is a name.
JOINED_PARTICLES = frozenset({"al", "ar", "as", "ash", "ad", "az", "el", "ud", "ul"})

# Words that are also given names ("April Jones", "May Chen", "Will Turner", "Jan de
# Vries"). They start a name only when a capitalised name token follows and nothing
# around them reads as a date or a question ("in May 2019", "Will Acme ship?").
NAME_WORDS = frozenset({"april", "august", "jan", "june", "may", "will"})

# Words just before a month word that make it a date ("in May", "since June"). "from",
# "with", "to" and "by" are absent: "a letter from June Carter" names a person.
DATE_CONTEXT = frozenset({
    "after", "before", "during", "each", "early", "every", "in", "late", "last", "mid", "next", "on",
    "since", "the", "this", "through", "throughout", "till", "until"
})  # fmt: skip

# The last word of a firm name joined by "and" ("Smith and Wesson Inc"); "&" joins
# without one ("Lindqvist & Hale").
FIRM_SUFFIXES = frozenset({
    "ag", "associates", "bv", "co", "company", "corp", "corporation", "gmbh", "group", "holdings",
    "inc", "llc", "llp", "ltd", "nv", "partners", "plc", "sa", "sons"
})  # fmt: skip

# Legal forms written after a firm's name ("Tormund Kft.", "Brix Foods Ltd"), as written
# (case matters: "AS" is a form, "as" a word). A closed set, like the degree abbreviations;
# "sp. z o.o." is matched by the readers' own pattern.
LEGAL_FORMS = frozenset({
    "GmbH", "Ltd", "LLC", "LLP", "Inc", "Corp", "SA", "SAS", "SARL", "SRL", "BV", "NV", "AG", "ApS", "A/S",
    "OÜ", "Oy", "AB", "AS", "ASA", "plc", "PLC", "Zrt", "Kft", "SpA", "KK", "Co", "Pty", "Bhd", "Sdn", "PT",
    "JSC", "OOO", "SL", "SLU", "SIA", "UAB", "Lda", "Ltda", "EOOD", "OOD", "s.r.o", "d.o.o", "ehf", "hf",
})  # fmt: skip

# Words that take a number without being a product name: numbered nouns ("Figure 2.1",
# "Section 4.2") and approximators ("Almost 4.5 tonnes"; "-ly" adverbs are excluded by rule).
BEFORE_NUMBERS = frozenset({
    "almost", "appendix", "approx", "article", "chapter", "circa", "clause", "exhibit", "fig", "figure",
    "item", "level", "note", "page", "paragraph", "part", "phase", "room", "rule", "schedule", "section",
    "stage", "step", "table", "version"
})  # fmt: skip

# Articles and possessive determiners: before a word, they make it a noun phrase's
# ("the interim mayor", "her late father").
DETERMINERS = frozenset({"the", "a", "an", "its", "his", "her", "their", "our", "my", "your"})

# Capitalised only because they start a sentence (or are not names at all), by kind.
_DETERMINERS_AND_PRONOUNS = frozenset({
    "a", "an", "he", "her", "here", "hers", "him", "his", "how", "i", "it", "its", "me", "my", "our",
    "she", "that", "the", "their", "them", "there", "these", "they", "this", "those", "we", "what",
    "when", "where", "which", "who", "whom", "whose", "why", "you", "your",
    # the indefinite pronouns ("Nobody was hurt", "Everyone agreed"): no one's name
    "nobody", "someone", "somebody", "everyone", "everybody", "anyone", "anybody", "nothing",
    "something", "everything", "anything",
})  # fmt: skip
_PREPOSITIONS_AND_CONJUNCTIONS = frozenset({
    "about", "above", "across", "after", "against", "along", "although", "among", "and", "around", "as",
    "at", "because", "before", "behind", "below", "between", "beyond", "but", "by", "despite", "during",
    "except", "for", "from", "if", "in", "into", "near", "nor", "of", "on", "onto", "or", "over", "per",
    "since", "so", "than", "then", "though", "through", "till", "to", "under", "unless", "until",
    "upon", "via", "whether", "while", "with", "within", "without", "yet"
})  # fmt: skip
_QUANTIFIERS_AND_NUMBERS = frozenset({
    "all", "also", "any", "both", "dozens", "each", "eight", "either", "eleven", "every", "few",
    "first", "five", "four", "hundreds", "last", "many", "millions", "most", "much", "neither", "next",
    "nine", "no", "none", "not", "one", "previous", "second", "seven", "several", "six", "some", "ten",
    "third", "thousands", "three", "twelve", "two", "yes"
})  # fmt: skip
_ADVERBS_AND_CONNECTIVES = frozenset({
    "according", "allegedly", "already", "currently", "earlier", "even", "following", "former",
    "furthermore", "however", "including", "instead", "just", "later", "meanwhile", "moreover", "now",
    "only", "previously", "recently", "regarding", "reportedly", "still", "today", "tomorrow",
    "yesterday",
    # Sentence adverbs that open a chat line before a name ("Apparently Nora Vik quit").
    "apparently", "supposedly", "seemingly", "presumably", "actually", "honestly", "basically",
    "unfortunately", "fortunately", "luckily", "sadly", "hopefully", "obviously", "clearly",
    "probably", "perhaps", "maybe", "finally", "anyway", "btw", "fyi",
})  # fmt: skip
_AUXILIARIES = frozenset({
    "are", "be", "been", "can", "could", "did", "do", "does", "had", "has", "have", "is", "may",
    "might", "must", "shall", "should", "was", "were", "will", "would"
})  # fmt: skip
_WEEKDAYS = frozenset({
    "friday", "monday", "saturday", "sunday", "thursday", "tuesday", "wednesday"
})  # fmt: skip
# Greetings, sign-offs and chat interjections that open a message ("Hi, Nils here.",
# "Cheers, Ola", "Omg"): capitalised there, never a name.
_GREETINGS_AND_INTERJECTIONS = frozenset({
    "hi", "hiya", "hey", "hello", "dear", "thanks", "thank", "cheers", "regards", "best", "morning",
    "evening", "afternoon", "yo", "ok", "okay", "omg", "lol", "fyi", "btw", "tbh", "imo", "pls",
    "please", "sorry", "yes", "yeah", "yep", "no", "nope", "oh", "ah", "um", "hmm", "wow", "congrats",
})  # fmt: skip
NOT_NAMES = (
    _GREETINGS_AND_INTERJECTIONS
    | _DETERMINERS_AND_PRONOUNS
    | _PREPOSITIONS_AND_CONJUNCTIONS
    | _QUANTIFIERS_AND_NUMBERS
    | _ADVERBS_AND_CONNECTIVES
    | _AUXILIARIES
    | _WEEKDAYS
)

# Number words beyond those above (a sentence-initial "Twenty" is not a name).
NUMBER_WORDS = frozenset({
    "billion", "dozen", "eighteen", "eighty", "fifteen", "fifty", "forty", "fourteen", "hundred",
    "million", "nineteen", "ninety", "scores", "seventeen", "seventy", "sixteen", "sixty", "tens",
    "thirteen", "thirty", "thousand", "twenty"
})  # fmt: skip

# Month names and abbreviations: never the start of a name.
MONTHS = frozenset({
    "apr", "april", "aug", "august", "dec", "december", "feb", "february", "jan", "january", "jul",
    "july", "jun", "june", "mar", "march", "may", "nov", "november", "oct", "october", "sep", "sept",
    "september"
})  # fmt: skip

# Verbs that say the same of both parties ("Omar married Lena" says "Lena married Omar"):
# a direction check does not apply to them.
SYMMETRIC_VERBS = frozenset({"marry", "wed", "meet", "date", "divorce", "partner", "befriend", "merge"})

# Posts written as capitals ("CEO of Grup Feixes", "the HR manager"): a role, never a name.
ROLE_ABBREVIATIONS = frozenset({"ceo", "cfo", "cto", "coo", "md", "gm", "fd", "hr", "vp", "hq", "gp"})

# Prepositions that put a name as a place ("lives *in* Zedaveli"): linking and the read
# gate's "where" both read a name after one as a place, never as a short form of a firm.
PLACE_PREPOSITIONS = frozenset({"in", "near", "outside", "around"})
