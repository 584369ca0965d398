"""The cue words and patterns of ``clauses``: reporting verbs, speakers, condition and
question openers, and the small tests that tell a frame from a look-alike ("said
goodbye", "After a long dispute,", "according to its annual report").

Closed classes of English function words and verbs; changing one changes decisions, so
the write gate's resolver version moves with them.
"""

from __future__ import annotations

import re

from affidavit.text.lemmas import _IRREGULAR
from affidavit.text.lexicon import lexicon

# Reporting verbs that pass a statement on without vouching for it. Factive ones
# ("confirmed", "revealed", "admitted") presuppose their complement and are not here.
_REPORT = (
    r"says|said|say|claims?|claimed|tells? (?:me|us|him|her|them)|told (?:me|us|him|her|them|\w+)|"
    r"reckons?|reckoned|thinks?|insists?|insisted|stated?|states|alleges?|alleged|"
    r"mentioned|mentions|hears?|heard|maintains?|maintained|argues?|argued|swears?|swore|"
    r"believes?|believed|denied|denies|deny|disputes|disputed|saying|"
    # Attitudes and inferences pass a statement on as much as reports do.
    r"fears?|feared|worries|worried|assumes?|assumed|hints?|hinted|guesses|guessed|suspects?|suspected|"
    r"expects?|expected|predicts?|predicted|indicates?|indicated|implies|implied|suggests|suggested|"
    # A message passes a statement on too: "Sione texted me that ...".
    r"(?:texted|messaged|emailed|phoned|rang|wrote|whatsapped|dm'?d)(?: (?:me|us|him|her|them))?(?= that\b)|"
    r"(?:is|was|are|were|am|'m|’m) (?:convinced|worried|sure|certain|confident|adamant|afraid|concerned|"
    r"under the impression)|"
    r"(?:was|were|has been|have been|had been|got) told|"
    r"(?:understands?|understood|learned|learnt|read|saw|found out|heard|noticed)"
    r"(?: (?:from|on|in|online|via)\b[^,;:.]{0,30}?)?(?= that\b)|"
    r"complains?|complained|complaining|"
    # A message relayed: "Arta asked me to tell you ...", "wants me to let you know that ...".
    r"(?:asked|asks|wants|wanted|told) (?:me|us) to (?:tell|let) (?:you|him|her|them)(?: know)?(?: that)?|"
    r"(?:asked|asks|wants|wanted|told) (?:me|us) to pass (?:it |this |that )?on(?: that)?|"
    # A figure reported as a figure: "an earlier version gave the founding year as 1978".
    r"(?:gave|gives|listed|lists|put|puts|quoted|quotes|cited|cites|misstated|misstates)"
    r"(?= (?:the|its|his|her|their|our) [^,;:.]{1,40}? as\b)|"
    r"(?:informed|informs|notified|notifies|advised|advises)(?: \w+)?(?= that\b)|"
    # Weak: these take a clause only with "that" or a colon ("wrote the report" is no frame).
    r"(?:wrote|writes|suggested|suggests|predicted|predicts|guessed|texted|emailed|messaged|posted|tweeted|"
    r"warned|warns|assured|assures|figured|figures|feels|felt|reported|reports|added|explained)"
    # ... or a gerund: "reports being harassed", "claims having paid".
    r"(?=\s+that\b|\s*:|\s+(?:being|having)\b|"
    r"\s+(?:he|she|they|I|we)\s+(?:was|were|is|are|had|has|have|did|would|will|[a-z]{2,}ed)\b|"
    # ... or a short subject and its auxiliary: "reported the roof repair is finished",
    # "reported plucking was up" (no "that", "which", "and" or comma between: "wrote the
    # report that was late" keeps its object).
    r"\s+(?:(?!(?:that|which|who|whom|whose|and|but|or|so|because|when|after|before|to)\b)"
    r"[^\W\d_][\w'’\-]*\s+){1,5}(?:is|was|are|were|has|had|have|will|would|could|can|did|does|"
    r"isn't|wasn't|aren't|weren't|hasn't|hadn't|won't|wouldn't|couldn't|can't|didn't|doesn't)\b)"
)
_DENIAL = frozenset({"denied", "denies", "deny", "dispute", "disputes", "disputed"})
# A word of a name: letters with their combining marks ("Kọ́lápọ̀" written decomposed),
# which ``\w`` alone does not take.
_NAME_CH = r"[\w\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff'’.\-]"
# "X says (that) ...": a speaker of at most five words opening the piece. A capital
# outside A-Z ("Ọlálékan", "Ìyàndá") is one too; ``speaker_cased`` checks the case.
_SPEAKER = (
    r"(?P<who>(?:[^\W\d_]" + _NAME_CH + r"*|I|he|she|they|we|you|"
    r"(?:[Tt]he|[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir|[Aa]n?) " + _NAME_CH + r"+)(?: " + _NAME_CH + r"+){0,7}?)"
)
_LOWER_SPEAKERS = frozenset({"he", "she", "they", "we", "you", "the", "my", "our", "his", "her", "their",
                             "a", "an"})  # fmt: skip


# Unnamed groups that pass statements on ("staff were told", "management has hinted").
_GROUP_SPEAKERS = frozenset({"staff", "management", "police", "officials", "residents", "neighbours",
                             "neighbors", "colleagues", "customers", "users", "employees", "workers",
                             "parents", "locals", "everyone", "people", "someone", "somebody",
                             "insiders", "analysts", "experts", "managers", "drivers"})  # fmt: skip


def speaker_cased(who: str) -> bool:
    """A speaker opens with a capital (any script) or a pronoun or determiner."""
    parts = who.split(" ", 2)
    first = parts[0]
    # "employee Pia Solli reports ...": a role word before a name.
    role = len(parts) > 1 and first.isalpha() and first.islower() and parts[1][:1].isupper()
    return first[:1].isupper() or first in _LOWER_SPEAKERS or role or who in _GROUP_SPEAKERS
# A chat export's time before a line's speaker label ("[10:02] lorea: ..."): one pattern for
# every reader of labels.
CHAT_TIME = r"[\[(]?\d{1,2}:\d{2}(?::\d{2})?[\])]?"
_INLINE = re.compile(
    r"^(?:(?:and|but|also|oh|so|well|plus|btw|fyi)[,]?\s+)?" + _SPEAKER
    # "Ana never said that ...", "Ana did not say", "Ana hasn't said": a denied report
    + r"\s+(?:(?P<neg>never|(?:did|does|do|has|have|had)(?:\s+not|n['’]t)|didn['’]t|doesn['’]t|hasn['’]t|"
    r"haven['’]t|hadn['’]t)\s+)?(?:(?:has|have|had)\s+)?(?:(?P<neg2>never)\s+)?(?:\w+ly\s+)?"
    r"(?P<verb>" + _REPORT + r")(?:\s+that\b|\s*:|\s+(?=\S)|\s*$)"
)
_VERB_FIRST = re.compile(r"^(?:\w+ly\s+)?(?P<verb>" + _REPORT + r")(?:\s+that\b|\s*:|\s+(?=\S)|\s*$)")
_LEAD = re.compile(
    # "Per Omar, ..." is a report; "Per Aas attended the meeting" names Per Aas: after
    # "per" a speaker of at most four words ends the piece or meets a comma or colon.
    r"^(?:according to|per(?=(?:\s+[^,:;\s]+){1,4}\s*(?:[,:]|$))|as per|quoting|in the words of)\s+"
    r"(?P<who>[^,:;]{1,60}?)\s*(?:[,:]\s*|$)",
    re.I,
)
# "..., Ana said on Tuesday.", "..., he told reporters last week.": when a report was made.
REPORT_TIME = r"(?:\s+(?:on|last|this|yesterday|today|earlier|later|in|at)\b(?:\s+[\w\-]+){0,3})?"
# ... and the date a dated message reads it as ("said yesterday (Sunday 1 February 2026).").
REPORT_TIME += r"(?:\s*\([^()\n]{1,40}\))?"
_TRAIL = re.compile(
    # "..., or so he claims.", "... - at least that's what Ola told me."
    r"^(?:(?:or so|(?:or )?at least (?:that'?s|that is|this is|so) what)\s+)?"
    r"(?:(?P<who>.{1,60}?)\s+(?P<verb>says|said|claims|claimed|reckons|thinks|insists|"
    r"insisted|alleges|alleged|wrote|writes|told me|told us|tells me|reported|reports|"
    # attitudes and denials pass the clause before on as much ("..., the company denied.")
    r"denied|denies|disputed|disputes|predicted|predicts|expects|expected|believes|believed|"
    r"fears|feared|hopes|hoped|suggested|suggests|warned|warns|argued|argues|maintains|maintained|"
    # ... and their plurals ("..., most analysts expect.", "..., insiders fear."), and the
    # verbs of reckoning ahead ("..., the union projects.", "..., the union speculated.")
    r"say|claim|reckon|think|insist|allege|deny|dispute|predict|expect|believe|fear|hope|suggest|"
    r"warn|argue|maintain|suspects?|suspected|assumes?|assumed|worry|worries|worried|"
    r"projects?|projected|speculates?|speculated|estimated)"
    # "..., Pa Yang claimed falsely.": the speaker's claim, marked untrue
    r"(?:\s+(?P<false>falsely|wrongly|mistakenly|incorrectly|untruthfully))?|"
    r"(?:says|said|claims|claimed|insisted|wrote|reported) (?P<who2>.{1,60}?)|"
    r"according to (?P<who3>.{1,60}?)|per (?P<who4>.{1,60}?))"
    + REPORT_TIME + r"\s*[.!]*$",
    re.I,
)
# Unnamed hearsay that governs the rest of the sentence.
_RUMOUR = re.compile(
    r"^(?:rumou?r has it|word is|word has it|the word is|i hear|i heard|i'?ve heard|"
    r"people say|they say|it is said|it's said|"
    r"everyone says|someone said|somebody said|a little bird told me|"
    # a view, a rumour or a bet, not a fact: "In Sione's view, ...", "Chances are ..."
    r"in [^,;:]{1,40}?['’]s? (?:view|opinion|eyes|book)|"
    r"(?:the )?rumou?rs?(?: going (?:a)?round)?(?: is| are)?|"  # "rumour is the bus is cancelled"
    r"chances are|odds are|i bet|i'?d bet|i'?m betting)(?:\s+that\b)?\s*[,:]?\s*",
    re.I,
)
_CONDITION = re.compile(
    r"^(?:even |only )?(?P<cue>if|unless|provided(?: that)?|providing(?: that)?|as long as|"
    r"so long as|in case|assuming(?: that)?|on condition that|in the event that|should|had|were|once|"
    # A condition on a noun phrase; only opening a piece ("..., subject to approval."),
    # since inside one "is subject to tax" or "remains pending" is a predicate.
    r"subject to|pending|contingent (?:on|upon)|conditional (?:on|upon)|depending (?:on|upon))\b\s*",
    re.I,
)
_POST_CONDITION = re.compile(
    r"\s+(?P<cue>if|unless|provided(?: that)?|providing(?: that)?|as long as|so long as|in case|"
    r"on condition that|in the event that|assuming(?: that)?|as soon as|"
    # "ships on Friday once QA signs off": "once" before a clause (a subject, then a
    # present verb), not "once a week" or "once more".
    r"once(?=\s+(?!(?:a|an|per|every|more|again|or|and|in|before|upon|only)\b)[\w'’\-]+(?:\s+[\w'’\-]+)?\s+\w+s\b))\s+",
    re.I,
)
# "she's taking the bus till it's fixed", "I'm staying until she gets back": what "until"
# waits for, in the present, has not happened (in the past, "until the plant closed", it did).
_UNTIL_PRESENT = re.compile(
    r"\s+(?P<cue>until|till|til|'til|’til)\s+"
    r"(?=(?:[\w'’\-]+\s+){0,3}?(?:is|are|gets?|comes?|has|have|arrives?|returns?|finishes|ends|"
    r"starts|opens|reopens|closes|heals|recovers)\b|[\w\-]+['’](?:s|re)\b)",
    re.I,
)
# "QA permitting, ...", "weather permitting": an absolute condition opening a piece.
_PERMITTING = re.compile(r"^(?P<cue>(?:[\w'’\-]+\s+){1,2}permitting)\b\s*", re.I)
# "if"/"whether" after these opens an embedded question, not a condition.
_ASKING = re.compile(
    r"\b(?:wonder\w*|ask\w*|know|knows|knew|check\w*|see|sure|unsure|unclear|idea|doubt\w*|"
    r"clue|tell|find out|decide\w*|confirm)\s+(?:if|whether)\b|\bwhether\b",
    re.I,
)
# An action list's header: what follows is still to be done.
_ACTIONS = re.compile(
    # Headers of what is still to do, or only wanted: "Goals: to qualify ..." is not done.
    r"^(?:actions?|action (?:items?|points?)|to-?dos?|next steps|follow-?ups?|open items|"
    r"(?:career |personal |development )?(?:goals?|aims?|objectives?|ambitions?|targets?)|wish ?list|plans)$",
    re.I,
)
_HYPOTHETICAL = re.compile(
    r"^(?:suppose|supposing|imagine|imagine if|what if|say|let'?s say|let us say|hypothetically|"
    r"in theory|picture this|assume|picture)\b[,:]?\s*(?:that\s+)?",
    re.I,
)
_INTERROGATIVE = frozenset(
    {"is", "are", "was", "were", "am", "do", "does", "did", "has", "have", "had", "can", "could",
     "will", "would", "should", "shall", "may", "might", "must", "who", "what", "when", "where",
     "why", "how", "which", "whose", "whom", "isn't", "aren't", "wasn't", "doesn't", "didn't",
     "hasn't", "haven't", "won't", "can't", "any", "anyone", "anybody", "right", "really"}
)  # fmt: skip
_INVERTED = frozenset({"should", "had", "were", "once"})
_FUTURE = re.compile(r"\b(?:will|would|'ll|can|could|may|might|shall|should|going to)\b", re.I)
_PIECE = re.compile(r"\s*[,;]\s+|\s+[—–-]{1,2}\s+|\s*:\s+|\?\s+")
_WORD = re.compile(r"[\w'’]+")


def _pieces(text: str, a: int, b: int) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    pos = a
    for m in _PIECE.finditer(text, a, b):
        if m.start() > pos:
            out.append((pos, m.start() + (1 if text[m.start()] == "?" else 0)))
        pos = m.end()
    if b > pos:
        out.append((pos, b))
    return out


# A source that is a record rather than a person: quoting it is quoting the evidence.
_DOCUMENTS = frozenset(
    {"report", "reports", "minutes", "records", "record", "filing", "filings", "accounts",
     "contract", "timetable", "schedule", "website", "register", "registry", "data", "figures",
     "statistics", "census", "invoice", "receipt", "ledger", "log", "logs", "agenda", "policy",
     "handbook", "manual", "lease", "certificate", "cv", "résumé", "resume", "profile", "notice"}
)  # fmt: skip


def _document(who: str) -> bool:
    words = _WORD.findall(who.casefold())
    return bool(words) and words[-1] in _DOCUMENTS


def _first_word(text: str) -> str:
    m = _WORD.search(text)
    return m.group(0).casefold().replace("’", "'") if m else ""


_FINITE = frozenset(
    {"is", "are", "was", "were", "am", "has", "have", "had", "will", "would", "can", "could",
     "may", "might", "should", "must", "shall", "does", "did", "do", "n't", "won't", "can't"}
)  # fmt: skip
_NOT_SPEAKER = frozenset(
    {"after", "before", "in", "on", "at", "with", "since", "when", "while", "during", "following",
     "despite", "although", "because", "as", "by", "for", "from", "under", "if", "once", "until",
     "unless", "without", "over", "through", "what", "who", "which", "where", "why", "how"}
)  # fmt: skip


def _no_clause_after(piece: str, at: int, more: bool, inline: re.Match[str] | None) -> bool:
    """ "said goodbye", "told her brother before ...": the verb takes no clause. A clause
    after "that" or a colon is taken on trust; a bare one needs a finite verb. At the
    piece's end ("Lena says: ...") the clause is the next piece."""
    if inline is not None and _first_word(inline.group("who")) in _NOT_SPEAKER:
        return True  # "After a long dispute, ...": a fronted phrase, not a speaker
    rest = piece[at:].strip()
    if not rest:
        return not more
    if re.search(r"(?:\bthat|:)\s*$", piece[:at]):
        return False
    found = _WORD.findall(rest)
    if found and _CONTRACTED_AUX.search(found[0]) and _PRONOUN_AUX.match(found[0]):
        return False  # "says he'll pay half": the subject carries its auxiliary
    if found and _NAME_AUX.fullmatch(found[0]):
        return False  # "says Mira'll pay half": a name carries it too
    return not _has_finite(found[1:]) and not _plural_clause(rest)


_CONTRACTED_AUX = re.compile(r"['’](?:ll|d|re|ve|m|s)$", re.I)
_PRONOUN_AUX = re.compile(r"(?i:he|she|they|we|i|it|you)['’]")
_NAME_AUX = re.compile(r"[A-ZÀ-ÞĀ-Ž][\w\-]*['’](?:ll|d)")


# "Ilinca Pop and Radu Stan live in Arad", "they live in Arad": a plural subject's present
# verb has no ending to tell it by; the word after the subject is one the lexicon has as a verb.
_PLURAL_SUBJECT = re.compile(
    r"^(?:(?:[A-Z][\w'’\-]*[ \t]+){1,4}(?:and|&)[ \t]+"
    r"(?:(?:[A-Z][\w'’\-]*[ \t]+){1,4}|(?:his|her|their)[ \t]+[a-z]+,?[ \t]+(?:[A-Z][\w'’\-]*[ \t,]+){1,4})"
    r"|(?i:they|we|you|i)[ \t]+)"
    r"(?:(?i:all|both|still|now|also|really|just)[ \t]+)?(?P<verb>[a-z][a-z\-]*)\b"
)


def _plural_clause(rest: str) -> bool:
    found = _PLURAL_SUBJECT.match(rest)
    if found is None:
        return False
    verb = found.group("verb")
    return bool(lexicon().synonyms_first_sense(verb, "v") or lexicon().derivations(verb, "v"))


def _has_finite(found: list[str]) -> bool:
    """Whether any of these words (the subject's head left out) is a finite verb form."""
    words = [w.casefold().replace("’", "'") for w in found]
    return any(
        w in _FINITE
        or w.endswith("n't")
        or _IRREGULAR.get(w, w) != w  # "paid", "took", "sold"
        or (len(w) > 3 and (w.endswith("ed") or (w.endswith("s") and not w.endswith("ss"))))
        for w in words
    )


# "..., more than analysts expected.": a comparison, not a speaker.
_COMPARING = frozenset({"more", "less", "fewer", "than", "as", "what", "which", "who", "and", "but", "so"})


def _speaker_like(trail: re.Match[str]) -> bool:
    who = next((trail.group(g) for g in ("who", "who2", "who3", "who4") if trail.group(g)), "")
    words = who.split()
    group = words[-1:] and words[-1].casefold() in _GROUP_SPEAKERS
    if group and len(words) <= 3 and words[0].casefold() not in _COMPARING:
        return True  # "..., union officials feared.", "..., analysts said."
    if len(words) >= 2 and words[-1].casefold() in ("i", "we", "you", "they", "he", "she"):
        return False  # "..., he's a prop I think": a clause and its own hedge, not a speaker
    # A capitalised word is a name, not a verb: "Fatos" and "Gomes" end in -s. A possessive
    # and the word after it are nouns: "the company's critics".
    owners = {k for k, w in enumerate(words) if w.casefold().endswith(("'s", "’s", "s'"))}
    nouns = owners | {k + 1 for k in owners}
    first_cap = next((k for k, w in enumerate(words) if w[:1].isupper()), len(words))
    if 0 < first_cap < len(words) and all(w[:1].isupper() for w in words[first_cap:]):
        # "regional works official Getahun Yirgu": lower-case words right before the name
        # are its title ("works" there is a noun), not a clause
        nouns |= set(range(first_cap))
    if _has_finite([w for k, w in enumerate(words) if not w[:1].isupper() and k not in nouns]):
        return False  # "..., says Ravi Dutt founded X": a clause, not a speaker
    return 0 < len(words) <= 5 and (
        who[:1].isupper()
        or words[0].casefold() in ("the", "my", "our", "his", "her", "their", "he", "she", "they", "i", "we")
        # "..., a union spokesman said.", "..., one resident said.": an indefinite speaker
        or (words[0].casefold() in ("a", "an", "one", "another") and 2 <= len(words) <= 4)
        # "sione's mum reckons": a chat's possessive, written without capitals
        or (len(words) >= 2 and words[0].casefold().endswith(("'s", "’s")))
        # "chief executive Ayọ̀délé Ìdòwú": a title or role before a capitalised name
        or (len(words) >= 2 and words[-1][:1].isupper() and all(w[:1].isalpha() for w in words))
    )


def _is_condition(cond: re.Match[str], piece: str, after: str) -> bool:
    cue = cond.group("cue").casefold()
    if cue in ("should", "had", "were"):  # "Had Ada known, ...": inverted; a name or pronoun follows
        nxt = piece[cond.end() :]
        return bool(
            nxt[:1].isupper() or _first_word(nxt) in ("he", "she", "they", "it", "we", "i", "you", "the")
        )
    if cue == "once":  # "Once the council agrees, Brio will ...": future only; "once Ana signed" happened
        return _FUTURE.search(after) is not None
    return True
