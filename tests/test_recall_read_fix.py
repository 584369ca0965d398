"""Read gate 3.21: the red team's false answers of 3.20, each beside what its reading is for.

Read gate 3.20 answered questions with claims that do not answer them, where 3.19
abstained (notes: the red-team report on 7eb86a7). Each class below pairs a question its
reading exists for, still answered, with the red team's question over the same store,
which abstains again; a class whose reading was taken out keeps only the abstentions.

* F1 "where does X work now" is answered by a live value only as a bare "where" is:
  "X is a member of the Rotary Club" does not say where X works (taken out);
* F2 "where is X" wants a location verb: "X is on Ozempic", "X is in Coldplay" (taken out);
* F3 "is X still <post> of Y" is answered by the post's holder now only when the question
  names the post, and a post of a part of Y ("chair of Y's audit committee") is not Y's;
* F4 a kin word is the subject's own only right after the copula and a name: "X is
  married to Hana's daughter" says nothing of X's parents;
* F5 a role noun grounds its verb only for the role's holder of an organisation it is
  *of*, that organisation as the verb's object ("which band does X conduct"), or, asked
  "where" of a verb of occupation, the employer; never another object of the verb ("a
  buyer at Harrods" says nothing of what X buys, "a player at Arsenal" of whom X plays);
* F6 a position at an organisation is no slot of its own: "X is a parent at Oak School"
  does not answer "is X still a teacher at Oak School" (taken out);
* F7 a second word of a frame is the frame's only beside its trigger: "what did X study
  at university" is not answered by "X graduated from Leeds University";
* F8 only discourse words open a question: "before", "first", "initially", "not" ... stay;
* F9 an indefinite pronoun stands for the value only after every name, never as an owner;
* F10 a word no lexicon knows is read only as the one noun it is one slip from, a
  lower-case word of the claim: never a clipping ("dob", "sal"), a word of a name
  ("collegue" <- "Leeds College"), nor a slip of two nouns ("docter"); the noun meant is
  read in the question's direction ("X's neice" is not X, the niece of "X is Y's niece");
* F11 a clause head's first words are demanded of the bridge (taken out);
* F12 "do for work" is no idiom of occupation (taken out);
* F13 "pay" does not ask the price frame (taken out); a decade or a quarter is no amount;
* F14 "the boss at Y" is never answered by "X was the chief executive of Y".
"""

from __future__ import annotations

import pytest
from chat_store import assert_pair, index_of

from affidavit.gates.read import decide_read
from affidavit.gates.read_index import MemoryReadIndex

AT = "2025-06-15"

CLAIMS: tuple[tuple[str | None, ...], ...] = (
    ("omar-job", "Omar Haddad works for Blue Mesa Foods.", "2018-01-01", "2022-12-31"),
    ("omar-club", "Omar Haddad is a member of the Rotary Club of Amman.", None),
    ("ife-job", "Ife Ade works for Zenith Bank.", "2015-01-01", "2021-06-30"),
    ("ife-new", "Ife Ade works for Enyimba Foods.", "2021-07-01"),
    ("dana-drug", "Dana Kim is on Ozempic.", None),
    ("raj-band", "Raj Patel is in Coldplay.", None),
    ("li-lives", "Li Na lives in Leeds.", None),
    ("sara-ceo", "Sara Obi was the chief executive of Delta Paints.", "2012-01-01", "2020-12-31"),
    ("mark-ceo", "Mark Udo is the chief executive of Delta Paints.", "2021-01-01"),
    ("ade-mayor", "Ade Bankole was the mayor of Ibadan.", "2011-06-01", "2019-05-31"),
    ("femi-mayor", "Femi Ojo is the mayor of Ibadan.", "2019-06-01"),
    ("kate-chair", "Kate Moss chaired Lark Trust.", "2010-01-01", "2018-12-31"),
    ("ben-audit", "Ben Hale is the chair of Lark Trust's audit committee.", None),
    ("bereket", "Bereket Alemu is married to Hana's daughter.", None),
    ("mulu", "Mulu Tesfaye is friends with Hana's mother.", None),
    ("dawit", "Dawit Alemu is Bereket Alemu's son.", None),
    ("reporter", "Mo Salah is a reporter at the Daily Mail.", None),
    ("banker", "Jo Reed is a banker at Barclays.", None),
    ("buyer", "Hu Jia is a buyer at Harrods.", None),
    ("player", "Ivy Stone is a player at Arsenal.", None),
    ("conductor", "Maiwenn Riou is the conductor of the Kerhoas Fanfare.", None),
    ("teacher", "Erwan Caradec works as a maths teacher at Skol Diwan.", None),
    ("ken-teacher", "Ken Ito was a teacher at Oak School.", "2010-09-01", "2020-12-31"),
    ("ken-parent", "Ken Ito is a parent at Oak School.", None),
    ("tariq", "Tariq Aziz graduated from Leeds University.", None),
    ("dana-old", "Dana Kim works for Harbor Bank.", "2019-01-01", "2023-06-30"),
    ("dana-new", "Dana Kim works for Ernio Logistika.", "2023-07-01"),
    ("lena", "Lena Fischer reports to Ivan Petrov.", None),
    ("abebe", "Abebe Tola is the father of Hana Tola.", None),
    ("niece", "Enora Le Gall is Youenn Le Gall's niece.", None),
    ("dobermann", "Dana Kim owns a Dobermann.", None),
    ("salesforce", "Tom Berg works for Salesforce.", None),
    ("college", "Lia Wong studied at Leeds College.", None),
    ("docker", "Ken Ito is a docker at Tilbury.", None),
    ("habagat", "Habagat Shipping bought Sabang Fish Market.", None),
    ("sabang", "Sabang Fish Market is in Miagao.", None),
    ("lark-owns", "Lark Trust owns Blue Hill Farm.", None),
    ("farm-ceo", "Ben Hale is the chief executive of Blue Hill Farm.", None),
    ("gardener", "Lou Ng is a keen gardener.", None),
    ("former", "Ron Wu is a former teacher.", None),
    ("sold", "Eftychia Raptopoulou sold Meltemi Kites to Aegean Sails for 2 million euros.", None),
    ("decade", "Nikos Pappas bought Zephyr Boards in the 1990s.", None),
    ("boathouse", "Jakez Kerhoas bought Old Boathouse for 240,000 euros.", None),
    ("kemi", "Kemi Ayoola was the chief executive of Ayoola Foods.", None),
    ("holding-ceo", "Jakez Kerhoas is the chief executive of Kemper Holding.", None),
)

PAIRS = [
    ("F1", "where does ife ade work now", ["ife-new"], "where does omar haddad work now"),
    ("F2", "where is li na", ["li-lives"], "where is dana kim"),
    ("F3", "is ade bankole still the mayor of ibadan", ["femi-mayor"],
     "is ade bankole still in ibadan"),
    ("F3-employment", "is sara obi still the chief executive of delta paints", ["mark-ceo"],
     "does sara obi still work for delta paints"),
    ("F3-part", "is sara obi still the chief executive of delta paints", ["mark-ceo"],
     "is kate moss still the chair of lark trust"),
    ("F4", "who are dawit alemu's parents", ["dawit"], "who are bereket alemu's parents"),
    ("F5-holder", "who conducts the kerhoas fanfare", ["conductor"], "who does mo salah report to"),
    ("F5-employer", "where does erwan caradec teach", ["teacher"], "what does hu jia buy"),
    ("F5-customer", "where does ivy stone play", ["player"], "where does jo reed bank"),
    ("F5-object", "which band does maiwenn riou conduct", ["conductor"], "who does ivy stone play"),
    ("F6", "was ken ito a teacher at oak school in 2019", ["ken-teacher"],
     "is ken ito still a teacher at oak school"),
    ("F7", "what university did tariq aziz attend", ["tariq"],
     "what did tariq aziz study at university"),
    ("F8", "hey where does dana kim work", ["dana-new"], "before where did dana kim work"),
    ("F9", "does lena fischer report to anybody", ["lena"], "does anybody report to lena fischer"),
    ("F10", "who is youenn le gall's neice", ["niece"], "who is lia wong's collegue"),
    ("F10-direction", "who is youenn le gall's neice", ["niece"], "who is enora le gall's neice"),
    ("F11", "who runs the farm that lark trust owns", ["lark-owns", "farm-ceo"],
     "who runs the steel plant that lark trust owns"),
    ("F13", "what is the price of old boathouse", ["boathouse"], "what is the price of zephyr boards"),
    ("F14", "who's the boss at kemper holding", ["holding-ceo"], "who is the boss at ayoola foods now"),
]  # fmt: skip

# The rest of the red team's questions of each class, over the same store.
ABSTAIN = [
    "where does ken ito work now", "where is raj patel", "is sara obi still at delta paints",
    "who is mulu tesfaye's kid", "who does jo reed bank with", "who does ivy stone play",
    "who plays arsenal", "does ken ito still teach at oak school",
    "what degree did tariq aziz get at university", "initially where did dana kim work",
    "first where did dana kim work", "not now but where did dana work",
    "is lena fischer somebody's boss", "is hana tola somebody's father",
    "what is dana kim's dob", "what is tom berg's sal", "who is ken ito's docter",
    "where is the ice plant that habagat shipping bought", "what does lou ng do for work",
    "what does ron wu do for work", "how much did eftychia raptopoulou pay for meltemi kites",
    "how much did nikos pappas pay for zephyr boards",
]


@pytest.fixture(scope="module")
def store() -> MemoryReadIndex:
    return index_of(CLAIMS)


@pytest.mark.parametrize(("kind", "question", "want", "miss"), PAIRS, ids=[p[0] for p in PAIRS])
def test_the_reading_answers_and_the_red_team_question_abstains(
    store: MemoryReadIndex, kind: str, question: str, want: list[str], miss: str
) -> None:
    """The question a reading exists for is answered; the red team's, over the same
    claims, abstains as 3.19 did."""
    assert_pair(store, question, want, miss, AT)


@pytest.mark.parametrize("question", ABSTAIN)
def test_the_red_team_question_abstains(store: MemoryReadIndex, question: str) -> None:
    """Each of these was answered by 3.20 with a claim that does not answer it."""
    d = decide_read(question, store, at=AT)
    assert d.status == "abstained", d.text


def test_a_slipped_question_word_is_read_only_without_one() -> None:
    """ "hoa lives where" has its question word: "hoa" is a name, not "how" typed wrong."""
    index = index_of([("hoa", "Hoa Nguyen lives in Hue.", None)])
    d = decide_read("hoa lives where", index, at=AT)
    assert d.status == "answered" and [c.claim_id for c in d.claims] == ["hoa"], d.text


def test_a_typed_name_never_runs_on_into_another_name_already_read() -> None:
    """ "jon smyth" with a Jon Smith and a John Smyth known: "smyth" is John Smyth's, so
    "jon" does not run on over it (3.20 wrote both, and named "Jon SmythSmyth")."""
    index = index_of([("smith", "Jon Smith works for Acme.", None),
                      ("smyth", "John Smyth works for Brix.", None)])
    d = decide_read("where does jon smyth work", index, at=AT)
    assert d.status == "abstained" and d.ungrounded_term == "Jon Smith John Smyth", d.text
