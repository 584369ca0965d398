"""The read gate's lexical knowledge behind one small interface. Pure.

Three questions the read gate asks of a lexicon:

* ``derivations(lemma)``: the verb an agent or patient noun comes from, and which
  argument of that verb the noun names ("employer" -> ("employ", "agent"): the
  employer is whoever employs; "employee" -> ("employ", "patient"));
* ``categories(lemma)``: the classes a word is an instance of ("hockey" -> sport,
  hobby; "asthma" -> illness; "lisinopril" -> medication);
* ``identity``: a version string, part of the read gate's resolver version.

``BUILTIN`` carries the common slots from closed tables; ``active()`` adds the pinned
WordNet-derived lexicon (``affidavit.text.lexicon``, docs/lexicon.md) through
``WordNetLexicon`` and always keeps the builtin tables' answers as well, so that a
missing lexicon can only make recall answer *less*, never more.
"""

from __future__ import annotations

from typing import Literal, Protocol

from affidavit.text import lexicon as pinned_lexicon
from affidavit.text.memo import memo

Role = Literal["agent", "patient"]


class Lexicon(Protocol):
    identity: str

    def derivations(self, lemma: str) -> tuple[tuple[str, Role], ...]: ...

    def categories(self, lemma: str) -> frozenset[str]: ...


# Agent and patient nouns whose verb a claim may use instead ("the founder of Brix"
# <- "Ana founded Brix"). Only nouns whose sense is that verb's in every use.
_DERIVED: dict[str, tuple[str, Role]] = {
    "founder": ("found", "agent"), "co-founder": ("co-found", "agent"),
    "owner": ("own", "agent"), "buyer": ("buy", "agent"), "purchaser": ("buy", "agent"),
    "seller": ("sell", "agent"), "vendor": ("sell", "agent"), "employer": ("employ", "agent"),
    "employee": ("employ", "patient"), "teacher": ("teach", "agent"),
    "coach": ("coach", "agent"), "trainer": ("train", "agent"), "manager": ("manage", "agent"),
    "supervisor": ("supervise", "agent"), "director": ("direct", "agent"),
    "leader": ("lead", "agent"), "designer": ("design", "agent"),
    "architect": ("design", "agent"), "builder": ("build", "agent"),
    "publisher": ("publish", "agent"), "author": ("write", "agent"),
    "writer": ("write", "agent"), "composer": ("compose", "agent"),
    "inventor": ("invent", "agent"), "creator": ("create", "agent"),
    "maker": ("make", "agent"), "manufacturer": ("make", "agent"),
    "producer": ("produce", "agent"), "developer": ("develop", "agent"),
    "sponsor": ("sponsor", "agent"), "funder": ("fund", "agent"),
    "investor": ("invest", "agent"), "acquirer": ("acquire", "agent"),
    "renter": ("rent", "agent"), "tenant": ("rent", "agent"), "lodger": ("rent", "agent"),
    "trainee": ("train", "patient"), "appointee": ("appoint", "patient"),
    "nominee": ("nominate", "patient"), "hire": ("hire", "patient"),
    "winner": ("win", "agent"), "killer": ("kill", "agent"),
}  # fmt: skip

SPORTS = frozenset({
    "hockey", "football", "soccer", "tennis", "cricket", "rugby", "golf", "basketball",
    "baseball", "volleyball", "badminton", "squash", "swimming", "swim", "running",
    "cycling", "rowing", "skiing", "ski", "climbing", "boxing", "judo", "karate",
    "taekwondo", "netball", "handball", "polo", "sailing", "surfing", "surf", "athletics",
    "triathlon", "marathon", "fencing", "archery", "curling", "bowling", "darts",
    "snooker", "billiards", "pool", "lacrosse", "hurling", "skating", "softball",
    "wrestling", "gymnastics", "canoeing", "kayaking", "orienteering", "bouldering",
    "padel", "pickleball", "ultimate", "frisbee", "jogging", "sprinting", "diving",
    "waterpolo", "bandy", "floorball", "biathlon",
})  # fmt: skip
INSTRUMENTS = frozenset({
    "piano", "guitar", "violin", "cello", "drum", "drums", "flute", "clarinet", "trumpet",
    "saxophone", "sax", "harp", "bass", "organ", "ukulele", "oboe", "viola", "trombone",
    "accordion", "banjo", "mandolin", "harmonica", "bassoon", "tuba", "keyboard",
    "fiddle", "recorder", "xylophone", "bagpipes", "sitar", "oud",
})  # fmt: skip
PASTIMES = frozenset({
    "chess", "knitting", "knit", "gardening", "painting", "photography", "hiking",
    "fishing", "reading", "baking", "cooking", "birdwatching", "pottery", "sewing",
    "woodwork", "woodworking", "dancing", "singing", "yoga", "crochet", "quilting",
    "origami", "calligraphy", "sketching", "drawing", "embroidery", "camping",
    "gaming", "bridge", "poker", "climbing", "walking", "rambling", "stamp",
    "birding", "beekeeping", "juggling", "meditation", "pilates",
})  # fmt: skip
ILLNESSES = frozenset({
    "asthma", "diabetes", "cancer", "arthritis", "epilepsy", "migraine", "hypertension",
    "depression", "anxiety", "dementia", "alzheimer", "alzheimer's", "parkinson",
    "parkinson's", "eczema", "psoriasis", "copd", "bronchitis", "pneumonia", "covid",
    "covid-19", "flu", "influenza", "lupus", "anaemia", "anemia", "angina", "tinnitus",
    "insomnia", "coeliac", "celiac", "crohn", "crohn's", "sclerosis", "leukaemia",
    "leukemia", "lymphoma", "melanoma", "hepatitis", "tuberculosis", "malaria",
    "allergy", "fibromyalgia", "gout", "glaucoma", "cataract", "shingles", "measles",
    "mumps", "sepsis", "adhd", "autism", "schizophrenia", "bipolar", "ptsd", "hiv",
    "aids", "osteoporosis", "scoliosis", "sciatica", "endometriosis", "thrombosis",
    "emphysema", "cirrhosis", "tonsillitis", "appendicitis", "meningitis", "stroke",
    "concussion", "long-covid", "hypothyroidism", "hyperthyroidism", "colitis",
})  # fmt: skip
MEDICATIONS = frozenset({
    "aspirin", "ibuprofen", "paracetamol", "acetaminophen", "insulin", "metformin",
    "warfarin", "heparin", "salbutamol", "albuterol", "prednisolone", "prednisone",
    "levothyroxine", "morphine", "codeine", "tramadol", "penicillin", "amoxicillin",
    "sertraline", "fluoxetine", "citalopram", "lithium", "methotrexate", "digoxin",
    "furosemide", "clopidogrel", "apixaban", "rivaroxaban", "inhaler", "antibiotic",
    "antibiotics", "antidepressant", "statin", "statins", "melatonin", "gabapentin",
    "diazepam", "omeprazole", "lansoprazole", "allopurinol",
})  # fmt: skip
# Suffixes of drug names (international non-proprietary name stems).
_DRUG_STEMS = (
    "pril", "olol", "statin", "sartan", "dipine", "formin", "oxetine", "azepam", "profen",
    "mycin", "cycline", "cillin", "tidine", "prazole", "lukast", "mab", "navir", "vudine",
    "gliptin", "gliflozin", "parin", "xaban", "triptan", "semide", "thiazide", "zolam",
)  # fmt: skip

_CATEGORY_SETS: tuple[tuple[frozenset[str], frozenset[str]], ...] = (
    (SPORTS, frozenset({"sport", "game", "hobby", "pastime", "activity"})),
    (INSTRUMENTS, frozenset({"instrument", "hobby", "pastime", "activity"})),
    (PASTIMES, frozenset({"hobby", "pastime", "activity"})),
    (ILLNESSES, frozenset({"illness", "disease", "condition", "disorder", "ailment"})),
    (MEDICATIONS, frozenset({"medication", "medicine", "drug"})),
)


class BuiltinLexicon:
    """The closed tables above: enough for the common slots, never more than they say."""

    identity = "lex-builtin-1"

    def derivations(self, lemma: str) -> tuple[tuple[str, Role], ...]:
        found = _DERIVED.get(lemma)
        return (found,) if found is not None else ()

    def categories(self, lemma: str) -> frozenset[str]:
        return _builtin_categories(lemma)


@memo(maxsize=65536)
def _builtin_categories(lemma: str) -> frozenset[str]:
    out: set[str] = set()
    for members, classes in _CATEGORY_SETS:
        if lemma in members:
            out |= classes
    if len(lemma) > 6 and lemma.isalpha() and lemma.endswith(_DRUG_STEMS):
        out |= {"medication", "medicine", "drug"}
    return frozenset(out)


BUILTIN = BuiltinLexicon()


class _Union:
    """The pinned lexicon's answers added to the builtin ones (never fewer than builtin)."""

    def __init__(self, pinned: Lexicon) -> None:
        self._pinned = pinned
        self.identity = f"{BUILTIN.identity}+{pinned.identity}"
        self._derivations: dict[str, tuple[tuple[str, Role], ...]] = {}

    def derivations(self, lemma: str) -> tuple[tuple[str, Role], ...]:
        found = self._derivations.get(lemma)
        if found is None:  # asked once per claim a possessed word is grounded against
            own = BUILTIN.derivations(lemma)
            found = own + tuple(d for d in self._pinned.derivations(lemma) if d not in own)
            self._derivations[lemma] = found
        return found

    def categories(self, lemma: str) -> frozenset[str]:
        return BUILTIN.categories(lemma) | self._pinned.categories(lemma)


class WordNetLexicon:
    """The pinned WordNet-derived lexicon (``affidavit.text.lexicon``) in this gate's terms.

    Only agent and patient derivations toward a verb are taken (a ``person`` role has no
    direction: "renter" may let or hire); categories are hypernyms of the claim's own
    word. Its identity is the pinned file's, known without loading it, so importing the
    gate costs nothing; the file is read and verified on the first lookup, and a missing
    or altered file answers nothing (recall then answers less, never more).
    """

    def __init__(self) -> None:
        self.identity = pinned_lexicon._version(pinned_lexicon.PINNED_SHA256)

    def derivations(self, lemma: str) -> tuple[tuple[str, Role], ...]:
        found = pinned_lexicon.derivations(lemma, "n")
        return tuple(sorted((verb, role) for verb, pos, role in found  # type: ignore[misc]
                            if pos == "v" and role in ("agent", "patient")))

    def categories(self, lemma: str) -> frozenset[str]:
        return pinned_lexicon.categories(lemma)


@memo(maxsize=1)
def active() -> Lexicon:
    """The lexicon the read gate uses: the builtin tables, plus the pinned WordNet one."""
    return _Union(WordNetLexicon())


_ORGANISATION = frozenset({"organisation", "organization"})


@memo(maxsize=4096)
def organisation_noun(lemma: str) -> bool:
    """Whether ``lemma`` names a kind of organisation ("company", "firm", "team", "band"),
    read from the pinned lexicon's categories (nothing without it)."""
    return lemma in _ORGANISATION or bool(pinned_lexicon.categories(lemma) & _ORGANISATION)


@memo(maxsize=4096)
def unknown_noun(lemma: str) -> bool:
    """Whether the pinned lexicon, loaded and verified, knows nothing of ``lemma`` as a
    noun (no category, synonym or derivation). Without the lexicon nothing is known to be
    unknown (False): a missing resource must make recall answer less, never more."""
    if pinned_lexicon.status() != "ok":
        return False
    return not (
        pinned_lexicon.categories(lemma)
        or pinned_lexicon.synonyms_first_sense(lemma, "n")
        or pinned_lexicon.derivations(lemma, "n")
    )


_ESTABLISHMENT = frozenset({
    "institution", "enterprise", "business", "business organisation", "business organization",
    "establishment",
})  # fmt: skip


@memo(maxsize=4096)
def establishment_noun(lemma: str) -> bool:
    """Whether ``lemma`` names a place one works for ("company", "firm", "bank", "shop"),
    not any group one belongs to ("team", "band", "club"): from the pinned lexicon's
    categories (nothing without it)."""
    return bool(pinned_lexicon.categories(lemma) & _ESTABLISHMENT) or lemma in _ESTABLISHMENT
