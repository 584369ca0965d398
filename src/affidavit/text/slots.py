"""Relation frames: the common slots a question asks for, and the claim wordings that fill them.

A question asks for a *slot* of its target ("Lena's landlord", "where she went to
university", "what sport she plays"); a claim fills it in its own words ("Lena rents
her flat from Ola", "Lena studied nursing at Harlow College", "Lena plays hockey").
Each ``Frame`` says, for one slot:

* ``triggers``: question words (lemma phrases) that ask for it. A trigger with a
  leading ``<`` counts only before the target's name ("Who *manages* Lena?"), one
  with ``>`` only after it ("Who does Ivan *manage*?");
* ``light``: verbs that only carry the trigger ("*go* to university", "*play* a sport");
  once one is absorbed the trigger's own word no longer suffices ("Lena works at Oslo
  University" says nothing of where she went to university);
* ``patterns``: claim wordings that fill the slot. ``side`` says which argument of the
  claim's verb the asked entity must be: ``subject`` ("Lena rents from Ola" for
  Lena's landlord), ``object`` ("Ivan manages Lena" for Lena's boss) or ``any``; a
  passive verb ("is employed by") swaps the two;
* ``category``: a claim word that is an instance of one of these classes fills it
  ("hockey" is a sport), read through ``text.lexical``;
* ``needs``: a number or a date the claim must also state (a headcount, a price).

The table is closed and general English, part of the read resolver (``FRAMES_VERSION``).
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from affidavit.text import wordlists

FRAMES_VERSION = "frames-10"
Side = Literal["subject", "object", "any"]
Needs = Literal["number", "date", "none"]


class Pattern(NamedTuple):
    words: tuple[str, ...]  # lemmas the claim must all offer
    side: Side = "any"
    also: frozenset[str] = frozenset()  # and one of these, when given


class Frame(NamedTuple):
    name: str
    asks: str  # the slot in a user's words, for suggestions
    triggers: tuple[str, ...]
    light: frozenset[str] = frozenset()
    patterns: tuple[Pattern, ...] = ()
    category: frozenset[str] = frozenset()
    needs: Needs = "none"
    wh: frozenset[str] = frozenset()  # question words it answers; empty: any
    roles: bool = False  # a role claim naming an organisation fills it too ("X is the CTO of Y")
    first: bool = False  # the trigger must be the question's first demanded word ("What sport")
    # the trigger's own word still grounds it beside the patterns ("who owns the guesthouse
    # in Kep" <- "Sokha owns the Rumduol Guesthouse in Kep", the guesthouse being the one asked)
    loose: bool = False


def _p(words: str, side: Side = "any", also: frozenset[str] = frozenset()) -> Pattern:
    return Pattern(tuple(words.split()), side, also)


INSTITUTIONS = frozenset({
    "university", "college", "school", "academy", "institute", "polytechnic",
    "conservatory", "seminary", "conservatoire",
})  # fmt: skip
_HAVE = frozenset({"have", "hold", "be", "get"})

FRAMES: tuple[Frame, ...] = (
    Frame("education", "where they studied",
          ("alma mater", "university", "college", "school", "education", "educate", "degree",
           "graduate", "study"),
          frozenset({"go", "attend", "get", "do", "be", "have"}),
          (_p("study", "subject"), _p("graduate", "subject"), _p("alumnus", "subject"),
           _p("alumna", "subject"), _p("alumni", "subject"), _p("enrol", "subject"),
           _p("enroll", "subject"), _p("educate", "subject"), _p("degree", "subject"),
           _p("alma mater"), _p("attend", "subject", INSTITUTIONS),
           _p("student", "subject", INSTITUTIONS))),
    Frame("employer", "where they work",
          ("employer", "workplace", "job"),
          frozenset({"have", "hold", "be", "do"}),
          (_p("work", "subject"), _p("employee", "subject"), _p("staff", "subject"),
           _p("employ", "object"), _p("hire", "object"), _p("employer")),
          roles=True),
    Frame("staff", "who works there",
          ("staff", "employee", "worker", "workforce"),
          frozenset({"have", "be"}),
          (_p("work", "object"), _p("employee", "object"), _p("employ", "subject"),
           _p("hire", "subject"), _p("staff", "object")),
          wh=frozenset({"who", "which"})),
    Frame("residence", "where they live",
          ("live", "home", "residence", "address", "reside"),
          frozenset({"be", "have"}),
          (_p("live", "subject"), _p("reside", "subject"), _p("resident", "subject"),
           _p("move", "subject"), _p("relocate", "subject"), _p("home", "subject"))),
    Frame("hometown", "where they grew up",
          ("hometown", "home town", "grow up", "raise"),
          frozenset({"be"}),
          (_p("grow up", "subject"), _p("raise", "subject"), _p("hometown", "subject"),
           _p("home town", "subject"), _p("native", "subject"))),
    Frame("location", "where it is based",
          ("locate", "location", "situate", "headquarters", "hq", "office", "base"),
          frozenset({"be", "have"}),
          (_p("base", "subject"), _p("headquarter", "subject"), _p("headquarters", "subject"),
           _p("locate", "subject"), _p("situate", "subject"), _p("office", "subject"),
           _p("live", "subject"), _p("reside", "subject"))),  # "Where is Lena based?"
    Frame("landlord", "who they rent from",
          ("landlord", "landlady", ">rent", ">lease"), _HAVE,
          (_p("rent", "subject"), _p("lease", "subject"), _p("landlord"), _p("landlady"))),
    Frame("tenant", "who rents from them",
          ("tenant", "lodger", "<rent", "<lease"), _HAVE,
          (_p("rent", "object"), _p("lease", "object"), _p("tenant"), _p("lodger"))),
    Frame("boss", "who they report to",
          ("boss", "manager", "supervisor", "line manager", "superior", ">work under"),
          _HAVE,
          (_p("report", "subject"), _p("manage", "object"), _p("supervise", "object"),
           _p("boss"), _p("supervisor"), _p("line manager"),
           _p("work", "subject", frozenset({"under"})))),
    Frame("reports", "who reports to them",
          ("subordinate", "direct report", "<work under"),
          _HAVE,
          (_p("report", "object"), _p("manage", "subject"), _p("supervise", "subject"),
           _p("work", "object", frozenset({"under"})))),
    Frame("spouse", "who they are married to",
          ("spouse", "husband", "wife", "married", "marry"),
          _HAVE,
          (_p("marry"), _p("wed"), _p("spouse"), _p("husband"), _p("wife"))),
    # "How is X related to Y?" (both named): any kin word of a claim that relates them.
    Frame("family", "their family",
          ("family", "relative", "kin", "relate"),
          _HAVE,
          tuple(_p(w) for w in (
              "sibling", "sister", "brother", "parent", "mother", "father", "child", "son",
              "daughter", "spouse", "wife", "husband", "cousin", "aunt", "uncle", "niece",
              "nephew", "grandmother", "grandfather", "grandchild", "grandson",
              "granddaughter", "grandparent", "family", "mother-in-law", "father-in-law",
              "son-in-law", "daughter-in-law", "brother-in-law", "sister-in-law"))),
    Frame("stake", "what they own",
          ("stake", "share", "shareholding", "holding", "equity", "ownership", "percentage",
           "percent", "own part"),
          frozenset({"hold", "have", "own", "be"}),
          (_p("own", "subject"), _p("stake"), _p("share"), _p("shareholder"),
           _p("holding"), _p("equity"))),
    # "date of birth", "dob", "birthday": the day, which a claim with no date does not give
    # ("was born in Tromsø", "is 36 years old").
    Frame("birthdate", "when they were born",
          ("date birth", "birth date", "birthday"),
          frozenset({"be"}),
          (_p("bear", "subject"), _p("birthday", "subject")),
          needs="date"),
    Frame("birth", "when they were born",
          ("birth", "birthplace", "age", "old", "born", "bear"),
          frozenset({"be"}),
          (_p("bear", "subject"), _p("birthday", "subject"), _p("age", "subject"),
           _p("aged", "subject"), _p("old", "subject"))),
    Frame("death", "when they died",
          ("death", "die", "dead", "pass away"),
          frozenset({"be"}),
          (_p("die", "subject"), _p("death", "subject"), _p("pass away", "subject"))),
    Frame("tenure", "when they started",
          ("start", "begin", "join", "tenure", "hire"),
          frozenset({"be", "get"}),
          (_p("join", "subject"), _p("start", "subject"), _p("begin", "subject"),
           _p("hire", "subject"), _p("work", "subject"), _p("employ", "subject"),
           _p("appoint", "subject")),
          needs="date", wh=frozenset({"when", "how_long"})),
    Frame("price", "what it costs",
          ("price", "cost", "fee", "charge", "expensive", "cheap", "worth"),
          frozenset({"be", "pay", "have"}),
          (_p("cost"), _p("price"), _p("charge"), _p("fee"), _p("pay"), _p("sell"),
           _p("worth"), _p("value"), _p("spend"), _p("buy")),
          needs="number"),
    Frame("size", "how big it is",
          ("headcount", "size", "big", "large", "workforce", "staff", "employee", "worker",
           "people work", "person work", "person employ"),
          frozenset({"be", "have", "employ"}),
          (_p("employ", "subject"), _p("staff", "subject"), _p("employee", "subject"),
           _p("worker", "subject"), _p("people", "subject"), _p("person", "subject"),
           _p("headcount", "subject"), _p("workforce", "subject"), _p("metre", "subject"),
           _p("acre", "subject"), _p("hectare", "subject"), _p("square", "subject"),
           _p("member", "subject"), _p("seat", "subject"), _p("bed", "subject")),
          needs="number", wh=frozenset({"how_many", "how_much", "what", "none"})),
    Frame("illness", "their health",
          ("illness", "disease", "condition", "diagnosis", "ailment", "disorder", "sick", "ill",
           "health"),
          frozenset({"have", "suffer", "be", "diagnose", "live"}),
          (_p("diagnose", "subject"),),
          category=frozenset({"illness", "disease", "condition", "disorder", "ailment"}),
          first=True),
    Frame("medication", "their medication",
          ("medication", "medicine", "drug", "prescription", "meds", "pill", "tablet"),
          frozenset({"take", "be", "prescribe", "use", "have"}),
          (_p("prescribe", "subject"),),
          category=frozenset({"medication", "medicine", "drug"}), first=True),
    Frame("sport", "the sport they play",
          ("sport",),
          frozenset({"play", "do", "practise", "practice", "compete", "be"}),
          (),
          category=frozenset({"sport", "game"}), first=True),
    Frame("hobby", "their hobbies",
          ("hobby", "pastime", "free time", "spare time", "leisure", "fun", "interest"),
          frozenset({"do", "have", "enjoy", "be", "like", "spend"}),
          (_p("hobby", "subject"), _p("enjoy", "subject"), _p("love", "subject")),
          category=frozenset({"hobby", "pastime", "sport", "instrument"})),
    Frame("instrument", "the instrument they play",
          ("instrument",),
          frozenset({"play", "be"}),
          (),
          category=frozenset({"instrument"}), first=True),
    # A verb asked in the converse direction: "Who manages Lena?" (the verb before the
    # name) is answered by "Lena reports to Ivan"; "Who does Ivan manage?" (after it) by
    # "Lena reports to Ivan" too. Only "who" questions: "What does Ivan manage?" asks a thing.
    Frame("boss", "who they report to", ("<manage", "<supervise"), frozenset(),
          (_p("report", "subject"), _p("manage", "object"), _p("supervise", "object")),
          wh=frozenset({"who"})),
    Frame("reports", "who reports to them", (">manage", ">supervise"), frozenset(),
          (_p("report", "object"), _p("manage", "subject"), _p("supervise", "subject")),
          wh=frozenset({"who"})),
    Frame("employer", "where they work", ("<employ", "<hire"), frozenset(),
          (_p("work", "subject"), _p("employee", "subject"), _p("staff", "subject"),
           _p("employ", "object"), _p("hire", "object")),
          wh=frozenset({"who", "which", "what"}), roles=True),
    Frame("staff", "who works there", (">employ", ">hire"), frozenset(),
          (_p("work", "object"), _p("employee", "object"), _p("employ", "subject"),
           _p("hire", "subject")),
          wh=frozenset({"who"})),
    Frame("subject", "what they teach",
          ("subject", "teach"),
          frozenset({"teach", "study", "take", "do", "be"}),
          (_p("teach", "subject"), _p("lecture", "subject"), _p("tutor", "subject"),
           _p("lesson", "subject", frozenset({"give", "teach", "offer", "run"})),
           _p("class", "subject", frozenset({"give", "teach", "offer", "run"}))),
          wh=frozenset({"what", "which"}), first=True),
    Frame("products", "what it makes",
          ("product", "produce", "manufacture", "make", "sell", "goods"),
          frozenset({"be", "have", "do"}),
          tuple(_p(w, "subject") for w in (
              "make", "produce", "manufacture", "sell", "export", "build", "supply",
              "distribute", "product")),
          wh=frozenset({"what", "which", "none"})),  # "How much does X make?" is no product
    # "Where is Lena from?": where she comes from (``text.question`` tags the "from").
    Frame("origin", "where they are from", ("origin",), frozenset(),
          (_p("grow up", "subject"), _p("raise", "subject"), _p("hometown", "subject"),
           _p("home town", "subject"), _p("native", "subject"), _p("bear", "subject"),
           _p("come", "subject"), _p("base", "subject"), _p("headquarter", "subject")),
          wh=frozenset({"where"})),
    # "What is Lena being treated for?": a condition, never who treats her.
    Frame("illness", "their health", ("treat",), frozenset({"be", "get"}),
          (_p("diagnose", "subject"),),
          category=frozenset({"illness", "disease", "condition", "disorder", "ailment"}),
          wh=frozenset({"what"})),
    Frame("ceo", "who runs it",
          ("ceo", "chief executive", "chief executive officer"),
          _HAVE,
          (_p("ceo"), _p("chief executive"))),
    # Who owns a firm: its owner, its parent, or the buyer that acquired it (an acquisition
    # makes an owner; a later sale is a later claim that supersedes it).
    Frame("owner", "who owns it",
          ("<own", "owner", "parent company", "holding company", "parent firm", "parent group"),
          _HAVE,
          (_p("own", "object"), _p("buy", "object"), _p("acquire", "object"),
           _p("purchase", "object"), _p("subsidiary", "subject"),
           _p("owner"), _p("parent company")),
          loose=True),
    Frame("owned", "what it owns",
          (">own", "subsidiary", "subsidiaries"),
          _HAVE,
          (_p("own", "subject"), _p("buy", "subject"), _p("acquire", "subject"),
           _p("purchase", "subject"), _p("subsidiary", "object")),
          loose=True),
)

BY_NAME: dict[str, Frame] = {}
for _frame in FRAMES:  # a slot asked by a noun and by a verb: the noun's entry names it
    BY_NAME.setdefault(_frame.name, _frame)

# Abbreviations a question may use for a role ("Who is Brix's CEO?"): never names.
ROLE_ABBREVIATIONS = wordlists.ROLE_ABBREVIATIONS

# Nouns for another party ("Lena's *employer*", "Lena's *sister*"): with more asked after
# them ("What does Lena's employer make?") they stand for an entity of their own, a hop.
PARTY_NOUNS = frozenset({
    "employer", "boss", "manager", "supervisor", "landlord", "landlady", "tenant", "lodger",
    "husband", "wife", "spouse", "partner", "sister", "brother", "sibling", "mother",
    "father", "parent", "son", "daughter", "child", "cousin", "aunt", "uncle", "friend",
    "company", "firm", "school", "university", "college", "doctor", "gp",
    "team", "club", "owner", "founder", "subsidiary", "parent company", "neighbour",
    "neighbor", "fiance", "fiancee", "girlfriend", "boyfriend",
})  # fmt: skip
